"""The README's quick start and CI must not drift apart."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", quick_start)


def test_quick_start_is_two_commands_one_to_run_one_to_test():
    run, test = readme_commands()
    assert run.endswith(".venv/bin/evilrobots --port 8000")
    assert test.endswith("python -m pytest")


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    _, test = readme_commands()
    assert ci[-1] == test
