"""The app must work from a built wheel, not only from this checkout."""

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, evilrobots, evilrobots.factory
app = evilrobots.factory.create_app()
client = app.test_client()
pages = {path: client.get(path) for path in ["/", "/actions", "/credits", "/static/css/app.css",
                                            "/static/js/app.js", "/static/icons/robot-golem.svg"]}
print(json.dumps({"module": evilrobots.__file__,
                  "status": {path: r.status_code for path, r in pages.items()},
                  "card_view": pages["/"].get_data(as_text=True)}))
"""


def test_the_app_runs_from_its_built_wheel(tmp_path):
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            tmp_path / "dist",
            ROOT,
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("evilrobots-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "evilrobots/templates/cards.html" in names
    assert "evilrobots/static/icons/LICENSE.md" in names
    assert not any(".venv" in name or "tests/" in name for name in names)

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
