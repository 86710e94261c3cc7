"""The benches' own tools: another build checked out beside this one (``bench.builds``), and
the probe that notes each worker's stalls and collections (``bench.watch``)."""

from __future__ import annotations

import json
import subprocess

import pytest

from bench import builds, watch


def test_a_commit_is_checked_out_with_its_catalogs_compiled(tmp_path):
    tree = builds.checkout("HEAD", tmp_path / "tree")
    committed = subprocess.run(
        ["git", "-C", str(builds.ROOT), "show", "HEAD:evilrobots/factory.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert (tree / "evilrobots" / "factory.py").read_text() == committed
    assert sorted(path.parts[-3] for path in tree.glob("evilrobots/translations/*/*/*.mo")) == [
        "de",
        "es",
        "fr",
    ]


def test_a_commit_git_does_not_know_is_a_clear_error():
    with pytest.raises(SystemExit, match="not a commit of this repository: no-such-build"):
        builds.name_of("no-such-build")


def test_the_probe_notes_each_collections_pause_and_keeps_each_second_in_its_window(tmp_path):
    probe = watch.Probe(tmp_path)
    probe.collected("start", {"generation": 2})
    probe.collected("stop", {"generation": 2})
    ((generation, pause),) = probe.pauses
    assert generation == 2 and 0 <= pause < 1000
    seconds = [{"t": t, "stall": 1.0, "stall_cpu": 0.5, "cpu": 9.0, "gc": []} for t in (9, 10, 12)]
    (tmp_path / "77.jsonl").write_text("".join(json.dumps(s) + "\n" for s in seconds))
    assert [second["t"] for second in watch.read(tmp_path, 10, 10)[77]] == [10]


def test_the_cpu_a_call_counts_the_heartbeats_sent_while_counting_down_not_those_idle():
    from bench.countdown import Figures, cpu_a_call

    # Two builds whose calls cost the same (0.60 cores at 200 calls a second: 3 ms each), on
    # the same loops (0.02 cores), each heartbeat 0.09 ms: one keeps its streams' heartbeats
    # while counting down (667 a second), the other puts them off at each event (none).
    def build(beats_counting: float) -> Figures:
        figures = Figures("a build", "abc1234", base_cores=0.02, beats_idle=667.0)
        figures.idle_cores = 0.02 + 667 * 0.09 / 1000
        figures.counting_cores = 0.02 + 0.60 + beats_counting * 0.09 / 1000
        figures.beats_counting = beats_counting
        return figures

    keeps, puts_off = build(667.0), build(0.0)
    assert keeps.beat_ms() == pytest.approx(0.09)
    assert cpu_a_call(keeps, 200) == pytest.approx(3.0)
    assert cpu_a_call(puts_off, 200) == pytest.approx(3.0)
    # The idle figure as a whole taken off would favour the one that puts them off.
    assert (puts_off.counting_cores - puts_off.idle_cores) * 1000 / 200 < 2.8
    # No heartbeat while idle (a schedule longer than the window): nothing to take off.
    assert Figures("b", "b", idle_cores=0.5).beat_ms() == 0.0


def test_the_story_bench_prints_its_figures(capsys, monkeypatch):
    from bench import story

    monkeypatch.setattr("sys.argv", ["story", "--times", "3"])
    story.main()
    printed = capsys.readouterr().out
    assert "a table of 9 players after 10 rounds" in printed
    for language in ("en", "fr", "de", "es"):
        assert f"the story in {language}: first" in printed


def test_the_card_view_bench_prints_each_builds_turns(capsys):
    from bench import cardview

    assert cardview.main(["--against", "HEAD", "--turns", "2"]) == 0
    printed = capsys.readouterr().out
    assert "/, 100 requests a turn, 2 turns each" in printed
    assert printed.count("best") == 2 and "this build" in printed
