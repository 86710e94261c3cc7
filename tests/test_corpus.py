"""The recorded corpus (``tests.support.corpus``): the same scripted games give every viewer
the same pages, fragments and live events, and the store the same documents, byte for byte,
as when the corpus was recorded. A restructuring proves here that it changed none of them.

Each step has two digests: what its viewers received, and the stored document (``· document``),
so that a change of the document's form alone shows as that and nothing more."""

from __future__ import annotations

import json

from tests.support.corpus import DIGESTS, run


def test_the_corpus_replays_byte_for_byte(tmp_path):
    recorded = json.loads(DIGESTS.read_text())
    replayed = run()
    differs = [label for label in recorded if replayed.get(label) != recorded[label]]
    if differs or replayed.keys() != recorded.keys():
        run(tmp_path)  # every output, to compare with a recording of the code before
        missing = sorted(recorded.keys() ^ replayed.keys())[:5]
        raise AssertionError(
            f"{len(differs)} steps differ, the first {differs[:5]}; steps only on one side "
            f"{missing}; this run's outputs are in {tmp_path} (record the code before with "
            "python -m tests.support.corpus --out DIR, and diff)"
        )


def test_the_corpus_can_tell_a_change(monkeypatch):
    """A control: coins that always land heads (a change of one game rule) show in the
    applet's digests, which replay alone as recorded otherwise."""
    from evilrobots.game import deal
    from evilrobots.game.cards import Coin

    recorded = json.loads(DIGESTS.read_text())
    assert run(games=("applet",)).items() <= recorded.items()
    monkeypatch.setattr(deal, "flip_coins", lambda rng: (Coin.HEADS, Coin.HEADS))
    replayed = run(games=("applet",))
    assert replayed.keys() <= recorded.keys()
    assert any(replayed[label] != recorded[label] for label in replayed)
