"""A whole conducted round of nine seats at one address, played as fast as the client can send
it, meets no limit (``serving.limits``): every act each phone may take, its private taps
between them, the count, the split and the score, with no pause but the calls' own time."""

from __future__ import annotations

import random

from evilrobots.game.table.conduct import Phase
from evilrobots.serving import limits
from tests.support.clients import Phone, deal_tag, table_of

NAMES = ("Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def test_nine_seats_at_one_address_play_a_whole_round_at_full_speed_without_a_429(
    app, clock, ada, bob, cy
):
    phones = [ada, bob, cy]
    for name in NAMES:
        phone = Phone(app, name)
        phone.join(ada.code)
        phones.append(phone)
    store = app.extensions["evilrobots.store"]
    answers: list[int] = []

    def send(phone: Phone, path: str, **form) -> None:
        answers.append(phone.post(path, **form).status_code)

    send(ada, "/settings", conducted="yes", debate="0", pace="5", window="8", turn="60")
    assert ada.deal().status_code == 303
    rng = random.Random(3)
    table = table_of(app, ada.code)
    tag = deal_tag(table)
    send(ada, "/countdown", round=tag)
    for _ in range(400):
        table = table_of(app, ada.code)
        conduct = table.round.conduct
        if conduct.phase is Phase.DONE:
            break
        acted = False
        for seat, phone in enumerate(phones, start=1):
            acts = table_of(app, ada.code).acts(seat)
            send(phone, "/hide", part="power", round=tag)  # a private tap between acts
            send(phone, "/show", part="power", round=tag)
            if acts.proofs:
                send(phone, "/prove", round=tag, proof=acts.proofs[0].value)
            elif acts.promote:
                send(phone, "/promote", round=tag, seat=str(acts.promote[0][0]))
            elif acts.reactions and rng.random() < 0.5:
                send(phone, "/react", round=tag, turn="yes" if acts.block_turns else "no")
            elif acts.no_reaction:
                send(phone, "/no-reaction", round=tag)
            elif acts.turn and acts.targets and rng.random() < 0.7:
                send(phone, "/convert", round=tag, target=str(rng.choice(acts.targets)[0]))
            elif acts.turn:
                send(phone, "/pass", round=tag)
            elif acts.claim:
                send(phone, "/act", round=tag)
            else:
                continue
            acted = True
        if not acted:  # nobody may act now: the call's (or the window's) own time goes by
            deadline = table_of(app, ada.code).deadline
            assert deadline is not None, "the round waits for nobody"
            clock.now = deadline
            store.advance_due(clock.now)
    assert table_of(app, ada.code).round.conduct.phase is Phase.DONE
    send(ada, "/end")
    ended = table_of(app, ada.code)
    tally = ended.tally()
    if not tally.settled:  # the winners split it: the first proposes, the others agree
        first, *others = tally.winners
        shares = {f"share-{seat}": "0" for seat in tally.winners}
        shares[f"share-{first}"] = str(tally.value)
        send(phones[first - 1], "/split", proposal=str(ended.round.proposals), **shares)
        for seat in others:
            send(phones[seat - 1], "/answer", proposal="1", agree="yes")
    send(ada, "/keep")
    assert table_of(app, ada.code).round.kept
    assert 429 not in answers
    assert all(status < 400 for status in answers), answers
    # What that was: well over a hundred posts from one address, under a minute's limit.
    assert 150 < len(answers) < limits.POSTS, len(answers)
