"""The web platform's own audits: axe-core, the W3C Nu HTML checker and Lighthouse.

They need the npm packages in package.json (`npm ci`) and Java for the Nu checker.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from evilrobots.hand import Action
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
VNU = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
LIGHTHOUSE = NODE_MODULES / ".bin" / "lighthouse"

PAGES = [
    "/",
    "/actions",
    "/action/convert-other",
    "/action/debate",
    "/action/end-of-round",
    "/rules",
    "/robots",
    "/video",
    "/print",
    "/credits",
    "/no-such-page",
]


def require(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm ci` in {ROOT}")
    return path


def axe_violations(page) -> list[dict]:
    page.add_script_tag(path=str(require(AXE)))
    result = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values:"
        " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
    )
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["html"][:120] for n in v["nodes"][:3]]}
        for v in result["violations"]
    ]


@pytest.fixture(params=["dark", "light"])
def audited_phone(request, browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=request.param, bypass_csp=True
    )
    page = context.new_page()
    page.base = live_server
    yield page
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_violations(audited_phone, path):
    audited_phone.goto(audited_phone.base + path)
    assert axe_violations(audited_phone) == []


def test_axe_finds_no_violations_with_the_actions_panel_open(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    audited_phone.get_by_role("link", name="Actions").click()
    assert axe_violations(audited_phone) == []


def test_axe_finds_no_violations_in_an_action_view_in_place(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    audited_phone.get_by_role("link", name="Actions").click()
    audited_phone.get_by_role("link", name=Action.ROBOT_ACTION.label).click()
    assert axe_violations(audited_phone) == []


def test_axe_finds_no_violations_with_cards_hidden(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    for part in ["robot", "power", "allegiance"]:
        audited_phone.get_by_role("button", name=f"Hide {part}").click()
    audited_phone.get_by_role("button", name="Draw points card").click()
    assert axe_violations(audited_phone) == []


def test_nu_html_checker_reports_no_errors(client, tmp_path):
    if not shutil.which("java"):
        pytest.fail("the Nu HTML checker needs Java: apt-get install -y default-jre-headless")
    files = []
    for number, path in enumerate(PAGES):
        response = client.get(path)
        target = tmp_path / f"page-{number}.html"
        target.write_bytes(response.get_data())
        files.append((path, target))
    run = subprocess.run(
        ["java", "-jar", str(require(VNU)), "--errors-only", "--format", "json"]
        + [str(target) for _, target in files],
        capture_output=True,
        text=True,
    )
    messages = json.loads(run.stderr or run.stdout)["messages"]
    names = {str(target): path for path, target in files}
    errors = [
        (names.get(m.get("url", "").removeprefix("file:"), m.get("url")), m["message"])
        for m in messages
    ]
    assert errors == []


@pytest.fixture(scope="module")
def lighthouse(live_server, tmp_path_factory) -> dict:
    report = tmp_path_factory.mktemp("lighthouse") / "report.json"
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    run = subprocess.run(
        [
            str(require(LIGHTHOUSE)),
            live_server + "/",
            "--only-categories=accessibility,performance,best-practices",
            "--form-factor=mobile",
            f"--chrome-path={CHROMIUM}",
            f"--chrome-flags={flags}",
            "--output=json",
            f"--output-path={report}",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(report.read_text())


def failing_audits(report: dict, category: str) -> list[str]:
    refs = report["categories"][category]["auditRefs"]
    return [
        f"{ref['id']}: {report['audits'][ref['id']]['title']}"
        for ref in refs
        if ref["weight"] and (report["audits"][ref["id"]]["score"] or 0) < 1
    ]


@pytest.mark.parametrize(
    ("category", "minimum"),
    [("accessibility", 1.0), ("performance", 0.95), ("best-practices", 0.95)],
)
def test_lighthouse_scores_the_card_view(lighthouse, category, minimum):
    score = lighthouse["categories"][category]["score"]
    assert score >= minimum, (score, failing_audits(lighthouse, category))
