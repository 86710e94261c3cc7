"""The live parts as a stream draws them: in pieces kept once drawn, and the same as the
templates draw them whole."""

from __future__ import annotations

from dataclasses import replace

from flask import render_template, template_rendered

from evilrobots.game.cards import Allegiance
from evilrobots.game.table.now import Note, Step
from evilrobots.web.facts import detail, headline, note, phase_name
from evilrobots.web.tables import links, parts
from evilrobots.web.tables.parts import spoken, strip
from tests.support.tables import Play, counting_down, seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def whole(view) -> str:
    h = view.happening
    head = render_template(
        "table/_now_head.html",
        phase=phase_name(h.phase),
        headline=headline(h),
        deadline=h.deadline,
        paused=h.paused is not None,
        note=note(view.standing) or detail(h),
        say=spoken(view),
        due=("turn" if view.acts.turn else "move") if view.acts.due else "",
    )
    return head + render_template("table/_now.html", view=view, code=view.code, deal=view.deal_tag)


def test_the_strip_in_pieces_is_the_strip_drawn_whole(app):
    """The headline's frame is drawn once with holes; filled, it is what the template draws
    with the values, escaped the same, with a timer, a paused call, or neither, and the
    seat's note or else what is happening's detail."""
    view = counting_down().view_for(2)
    h = view.happening
    shapes = [
        h,
        replace(h, step=Step.TURN, who='Ada <b>&</b> "Bob"', deadline=None, paused=3.0, level=8),
        replace(h, step=Step.PROOF, who="<i>Cy</i> & co", whom="Ada", deadline=None),
        replace(h, deadline=1234.5678),
    ]
    notes = [None, Note.WAITS, Note.FREEBOT]
    with app.test_request_context("/"):
        for happening in shapes + shapes:  # the second time from the kept frames
            for said in notes:
                shown = replace(
                    view, happening=happening, standing=replace(view.standing, note=said)
                )
                assert strip(shown) == whole(shown)
        assert "Ada &lt;b&gt;&amp;&lt;/b&gt; &#34;Bob&#34;&#39;s turn at 8" in strip(
            replace(view, happening=shapes[1])
        )
        quiet = replace(view, happening=shapes[2], standing=replace(view.standing, note=None))
        assert "failed: &lt;i&gt;Cy&lt;/i&gt; &amp; co shows why" in strip(quiet)  # the detail
        noted = replace(view, standing=replace(view.standing, note=Note.FREEBOT))
        assert '<p class="now-note">FreeBot: you may act at any power.' in strip(noted)


def test_the_buttons_are_drawn_once_for_every_table_each_with_its_own_code_and_deal(
    app, monkeypatch
):
    """Tables in the same place of a round offer the same buttons: drawn once, each table's
    strip carries its own code in every form and link and its own deal in every form."""
    one = Play(counting_down()).call(5).table
    other = replace(one, code="QRST5678", round=replace(one.round, deal_id=one.round.deal_id + 9))
    cy = 3  # holds 5: "I act at 5"
    drawn_buttons = []

    def draw_part(template, **context):
        drawn_buttons.extend([template] if template == "table/_now.html" else [])
        return real_draw_part(template, **context)

    real_draw_part = parts.draw_part
    monkeypatch.setattr(parts, "draw_part", draw_part)
    monkeypatch.setattr(parts, "_STRIPS", parts.Drawn(parts._STRIPS.size))  # none kept yet
    with app.test_request_context("/"):
        for table in (one, other, one):
            view = table.view_for(cy)
            drawn = strip(view)
            assert drawn == whole(view) and "I act at 5" in drawn
            assert drawn.count(f"/t/{table.code}/") == drawn.count("/t/") > 0
            assert drawn.count(f'value="{view.deal_tag}"') == drawn.count("<form") > 0
    assert drawn_buttons == ["table/_now.html"]  # once, for both tables


def test_the_hosts_stream_offers_end_the_round_when_time_alone_ends_the_phases(app):
    """Nobody acts: the last power called runs out and the round's phases are done, with
    nothing else changed. The host's stream, which drew its next step while powers were
    called, draws it again and sends End the round."""
    play = Play(counting_down()).call(2)
    stream = parts.SeatParts()
    with app.test_request_context("/"):
        _, first = stream.event(play.table.view_for(1), play.table)
        assert "End the round" not in first["next"]
        done = play.finish().table
        _, news = stream.event(done.view_for(1), done)
    assert "End the round" in news.get("next", "")


def test_a_countdown_nobody_acts_in_draws_only_the_strips_and_at_its_end_the_hosts_next_step(
    app,
):
    """Each power called changes what is happening and no seat's other parts; when the last
    runs out, only the host's next step changes (End the round). So no stream draws its
    players' list, banner or next step again, nor the board its body, until then; and then
    the host's stream alone draws its next step. (Every seat's stream drawing its page again
    as the Countdown ended, at every table at once, made the Countdown's late calls.)"""
    play = Play(counting_down())
    streams = {seat: parts.SeatParts() for seat in (1, 2, 3, 4)}
    drawn: list[str] = []

    def step(table):
        for seat, stream in streams.items():
            stream.event(table.view_for(seat), table)
        parts.board_parts(table, False)

    def note(sender, template, context, **extra):
        drawn.append(template.name)

    with app.test_request_context("/"), template_rendered.connected_to(note, app):
        step(play.table)  # each stream's first event: every part drawn
        assert drawn.count("table/_live.html") == 4
        for level in range(7, 0, -1):
            drawn.clear()
            play = play.call(level)
            step(play.table)
            assert drawn == [], level
        done = play.finish().table
        assert done.view_for(1).may("EndRound")
        step(done)
    assert drawn == ["table/_host_next.html"]


def test_a_board_opened_at_two_addresses_shows_each_its_own_join_link(app):
    """A board opened on the café's network and one opened by its public name each tell
    players to join at their own address, with the QR code of it: the board is kept with a
    mark for the address (never by the request's ``Host``), which each response fills in.
    A board shows the link until the first deal."""
    table = seated("Ada", "Bob", "Cy")
    kept = set()
    for host in ("cafe.local", "robots.example", "cafe.local"):
        with app.test_request_context("/", base_url=f"http://{host}"):
            board, _ = parts.board_parts(table, False)
            kept.add(board["board"])
            shown = links.addressed_board(board, table.code)["board"]
            qr = links.join_details(table.code)["join_qr"]
        joins = f"Join on your phone: <strong>http://{host}/t/{table.code}</strong>"
        assert joins in shown and qr in shown
    assert len(kept) == 1  # one board kept for every address
