"""The web table's pages and files: one page for the lobby and every table, its modules,
each answer under a Content-Security-Policy that loads nothing from elsewhere and runs
no inline script; nothing else of the folder is served."""

import re
import uuid

import pytest

POLICY = re.compile(r"default-src 'self'.*script-src 'self'(;|$)")


@pytest.mark.parametrize(
    "path",
    ["/play", "/play/", f"/play/table/{uuid.UUID(int=7)}", f"/play/replay/{uuid.UUID(int=7)}"],
)
def test_the_lobby_every_table_and_replay_are_the_one_page(client, path):
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.content_type.startswith("text/html")
    assert POLICY.search(answer.headers["Content-Security-Policy"])
    assert "unsafe-inline" not in answer.headers["Content-Security-Policy"]
    page = answer.get_data(as_text=True)
    assert '<script type="module" src="/play/static/js/app.js">' in page
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "no inline script"
    assert not re.search(r"(src|href)=\"(https?:)?//", page), "nothing from elsewhere"


def test_the_modules_and_the_vendored_library_are_served(client):
    for path in ["/play/static/js/app.js", "/play/static/vendor/htm-3.1.1/standalone.module.js"]:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.content_type.startswith("text/javascript"), path


@pytest.mark.parametrize(
    "path",
    [
        "/play/table/not-a-game",
        "/play/replay/not-a-game",
        "/play/static/index.html",
        "/play/static/vendor/htm-3.1.1/standalone.module.d.ts",
        "/play/static/../pages.py",
        "/play/static/nothing.js",
    ],
)
def test_nothing_else_is_served(client, path):
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.content_type == "application/problem+json"


def test_the_front_door_leads_to_the_lobby(client):
    answer = client.get("/")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/play"


def test_the_browsers_own_favicon_request_finds_no_icon_and_no_error(client):
    answer = client.get("/favicon.ico")
    assert (answer.status_code, answer.data) == (204, b"")
    assert "max-age" in answer.headers["Cache-Control"]


def test_the_modules_leave_gzipped_and_revalidate_by_their_own_etag(client):
    path = "/play/static/js/table.js"
    plain = client.get(path)
    gzipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert int(gzipped.headers["Content-Length"]) < len(plain.data) / 2
    assert gzipped.headers["ETag"] != plain.headers["ETag"], "one validator per encoding"
    assert POLICY.search(gzipped.headers["Content-Security-Policy"])
    again = {"Accept-Encoding": "gzip", "If-None-Match": gzipped.headers["ETag"]}
    assert client.get(path, headers=again).status_code == 304
