"""The app must work from a built wheel, not only from this checkout."""

import json
import os
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.servers import answer_once_up, free_port

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, evilrobots, evilrobots.factory
app = evilrobots.factory.create_app()
client = app.test_client()
pages = {path: client.get(path) for path in ["/", "/actions", "/credits", "/static/css/app.css",
                                            "/static/js/app.js", "/static/icons/robot-golem.svg"]}
french = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
print(json.dumps({"module": evilrobots.__file__,
                  "status": {path: r.status_code for path, r in pages.items()},
                  "card_view": pages["/"].get_data(as_text=True),
                  "french": french.get_data(as_text=True)}))
"""


def build_wheel(folder: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            folder,
            ROOT,
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = folder.glob("evilrobots-*.whl")
    return wheel


def test_the_app_runs_from_its_built_wheel(tmp_path):
    wheel = build_wheel(tmp_path / "dist")
    names = zipfile.ZipFile(wheel).namelist()
    assert "evilrobots/templates/cards.html" in names
    assert "evilrobots/static/icons/LICENSE.md" in names
    assert not any(".venv" in name or "tests/" in name for name in names)
    for language in ("fr", "de", "es"):  # compiled by the build, never committed
        assert f"evilrobots/translations/{language}/LC_MESSAGES/messages.mo" in names

    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", site, wheel],
        check=True,
        capture_output=True,
    )
    env = os.environ | {"PYTHONPATH": str(site), "SECRET_KEY": "wheel-test-" + "k" * 40}
    run = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["module"].startswith(str(site))
    assert set(result["status"].values()) == {200}, result["status"]
    assert 'aria-label="Robot card"' in result["card_view"]
    assert 'aria-label="Carte Robot"' in result["french"]
    assert '<html lang="fr">' in result["french"]


def test_the_wheel_installs_with_its_dependencies_and_its_server_starts(tmp_path):
    """As a new user does it: a fresh virtual environment, the wheel installed with what it
    depends on (from the package index), then the ``evilrobots`` command, with no
    SECRET_KEY set. It serves the card view, and keeps its key in the instance folder."""
    wheel = build_wheel(tmp_path / "dist")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True)
    install = subprocess.run(
        [venv / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "PYTHONPATH")}
    server = subprocess.Popen(
        [venv / "bin" / "evilrobots", "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        page = answer_once_up(f"http://127.0.0.1:{port}/", server, 60).decode()
        assert 'aria-label="Robot card"' in page
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    assert (venv / "var" / "evilrobots-instance" / "secret_key").is_file()
