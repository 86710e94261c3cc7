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
