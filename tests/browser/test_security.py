"""Safe in a real browser: a form on another site cannot change a hand, and the pages run
under their security policy without one violation."""

from playwright.sync_api import expect

from tests.support.browser import Seat, join_by_link, start_table


def test_a_cross_site_form_in_a_real_browser_is_refused(browser, live_server):
    """A page on another site (localhost vs 127.0.0.1) posts a form to the app."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server + "/")
    robot = page.get_by_role("region", name="Robot card").locator(".robot-name").inner_text()
    port = live_server.rsplit(":", 1)[1]
    page.route(
        f"http://localhost:{port}/attack",
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<form method="post" action="{live_server}/shuffle"></form>'
            "<script>document.forms[0].submit()</script>",
        ),
    )
    with page.expect_navigation(url=f"{live_server}/shuffle"):
        page.goto(f"http://localhost:{port}/attack")
    expect(page.get_by_text("came from another website")).to_be_visible()
    page.goto(live_server + "/")
    expect(page.get_by_role("region", name="Robot card").locator(".robot-name")).to_have_text(robot)
    context.close()


def test_the_pages_run_under_the_policy_with_nothing_in_the_console(new_phone, live_server):
    page = new_phone()
    problems = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    for path in ["/", "/actions", "/rules", "/robots", "/print", "/video", "/credits"]:
        page.goto(live_server + path)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name="Convert another player").click()
    # A table: its host, a seat that joins, and the board.
    url = start_table(Seat(page, "Ada"), live_server)
    other = new_phone()
    other.on("console", lambda message: problems.append(message.text))
    join_by_link(Seat(other, "Bob"), url)
    page.goto(url + "/board")
    assert problems == []  # no violation, and no other error or warning either
