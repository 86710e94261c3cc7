"""Another build of the app beside this one, for a bench to run one after the other.

``checkout(commit, into)`` writes the commit's files (``git archive``: no worktree, nothing
changed in this clone's ``.git``) into a folder and compiles its translation catalogs there,
as the wheel's build does; the bench then starts that tree's server with ``PYTHONPATH`` on it.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

from hatch_build import compile_catalogs

ROOT = Path(__file__).resolve().parents[1]


def name_of(commit: str) -> str:
    """The commit's short name (``HEAD`` included), or a clear error for one git does not
    know."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "--verify", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode:
        raise SystemExit(f"not a commit of this repository: {commit}")
    return found.stdout.strip()


def this_build() -> str:
    """This tree's commit, with a mark when its files differ from it."""
    changed = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return name_of("HEAD") + (" and changes" if changed else "")


def checkout(commit: str, into: Path) -> Path:
    """The commit's files in ``into``, its catalogs compiled."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", name_of(commit)],
        capture_output=True,
        check=True,
    ).stdout
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    compile_catalogs(into)
    return into
