"""Safe in a real browser: a form on another site cannot change a hand, and the pages run
under their security policy without one violation."""

from playwright.sync_api import expect


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


def test_the_pages_run_under_the_policy_with_no_violation(new_phone, live_server):
    page = new_phone()
    problems = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    for path in ["/", "/actions", "/rules", "/robots", "/print", "/video", "/credits"]:
        page.goto(live_server + path)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name="Convert another player").click()
    assert [p for p in problems if "Content Security Policy" in p or "Refused" in p] == []
