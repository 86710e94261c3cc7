"""Stylesheets and scripts as sent: without their comments, versioned by the bytes sent."""

import gzip
import hashlib
from pathlib import Path

import pytest

from evilrobots.serving.assets import without_comments, without_line_comments

ROOT = Path(__file__).resolve().parents[2]
STYLESHEETS = sorted(path.name for path in (ROOT / "static" / "css").glob("*.css"))
SCRIPTS = sorted(path.name for path in (ROOT / "static" / "js").glob("*.js"))


def test_comments_go_and_strings_that_look_like_them_stay():
    css = (
        '/* the card\'s face, "quoted" */\n'
        'a { content: "/* not a comment */"; }\n'
        "\n"
        "/* two\n   lines */\n"
        "b[title='it\\'s /* a string'] { color: red } /* after a rule */\n"
    )
    assert without_comments(css) == (
        "a { content: \"/* not a comment */\"; }\nb[title='it\\'s /* a string'] { color: red }\n"
    )


@pytest.mark.parametrize("name", STYLESHEETS)
def test_a_stylesheet_is_served_without_its_comments(client, name):
    source = (ROOT / "static" / "css" / name).read_text()
    assert "/*" in source  # ours explain themselves
    sent = without_comments(source).encode()
    version = hashlib.sha256(sent).hexdigest()[:12]
    page = client.get("/print" if name == "print.css" else "/").get_data(as_text=True)
    if name != "table.css":  # the table's pages link it; the same view serves it
        assert f"/static/css/{name}?v={version}" in page  # the URL names what is sent
    url = f"/static/css/{name}?v={version}"
    plain = client.get(url)
    assert plain.status_code == 200 and plain.get_data() == sent
    assert int(plain.headers["Content-Length"]) == len(sent)
    assert "immutable" in plain.headers["Cache-Control"]
    head = client.head(url)
    assert head.status_code == 200 and int(head.headers["Content-Length"]) == len(sent)
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(packed.get_data()) == sent
    # Always whole: a byte range of the file on disk would not fit what is sent.
    assert "Accept-Ranges" not in plain.headers
    for ranges in ("bytes=0-9", "bytes=30000-", "bytes=0-1,5-9"):
        ranged = client.get(url, headers={"Range": ranges})
        assert ranged.status_code == 200 and ranged.get_data() == sent
        assert "Content-Range" not in ranged.headers
    for answer in (plain, packed):  # each representation revalidates with its own ETag
        etag = answer.headers["ETag"]
        again = client.get(url, headers={"If-None-Match": etag, "Accept-Encoding": "gzip"})
        assert again.status_code == 304


def test_a_stale_stylesheet_url_is_revalidated_and_answers_304(client):
    url = "/static/css/app.css?v=old"
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert "no-cache" in first.headers["Cache-Control"]
    again = client.get(
        url, headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304 and again.get_data() == b""
    assert client.get("/static/css/nowhere.css").status_code == 404


def test_only_whole_comment_lines_leave_a_script():
    script = "// what it does\n  // indented\nrun(); // kept\nconst url = 'http://x';\n"
    assert without_line_comments(script) == "run(); // kept\nconst url = 'http://x';\n"
    for whole in ("const t = `\n// text\n`;\n", 'const s = "a\\\n// text";\n'):
        assert without_line_comments(whole) == whole  # such a line may be text: left as is


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_script_is_served_without_its_comment_lines(client, name):
    source = (ROOT / "static" / "js" / name).read_text()
    sent = without_line_comments(source).encode()
    assert len(sent) < len(source)  # ours explain themselves
    assert not any(line.lstrip().startswith("//") for line in sent.decode().splitlines())
    url = f"/static/js/{name}?v={hashlib.sha256(sent).hexdigest()[:12]}"
    response = client.get(url)
    assert response.get_data() == sent and response.mimetype == "text/javascript"
    assert "immutable" in response.headers["Cache-Control"]
