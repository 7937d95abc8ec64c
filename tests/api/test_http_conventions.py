"""HTTP as its users expect it: Location on every 201, ETag and 304 on what is read
often, WWW-Authenticate on 401, the request id in every answer and problem document,
gzip for large answers, and CORS for the origins the operator allows."""

import gzip
import json
import logging
from urllib.parse import urlsplit

import pytest

from service import create_app, logs

from .table import Table, bearer

CATALOG = "/v1/catalog"


def _path(location: str) -> str:
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def test_every_201_says_where_the_new_thing_is(client):
    created = client.post("/v1/games", json={"type": "old-maid", "seats": 2})
    assert created.status_code == 201
    summary = client.get(_path(created.headers["Location"]))
    assert summary.status_code == 200 and summary.json["id"] == created.json["id"]

    joined = client.post(f"/v1/games/{created.json['id']}/players", json={"name": "Ann"})
    seat_view = client.get(_path(joined.headers["Location"]), headers=bearer(joined.json["token"]))
    assert seat_view.status_code == 200 and seat_view.json["seat"] == joined.json["seat"]

    private = client.post(
        "/v1/games", json={"type": "old-maid", "seats": 2, "visibility": "private"}
    )
    by_code = client.post("/v1/tables/join", json={"code": private.json["code"], "name": "Bo"})
    assert _path(by_code.headers["Location"]) == f"/v1/games/{private.json['id']}/view"


def test_a_move_points_at_its_own_events(client):
    table = Table.create(client, players=2, seed=4)
    _, _, answer = table.play_one()
    page = client.get(_path(answer.headers["Location"]), headers=bearer(table.tokens[0]))
    assert page.status_code == 200
    first = answer.json["events"][0]["seq"]
    assert [event["seq"] for event in page.json["events"]][: len(answer.json["events"])] == [
        event["seq"] for event in answer.json["events"]
    ]
    assert page.json["events"][0]["seq"] == first


@pytest.mark.parametrize("weak", [True, False])
def test_the_catalogue_is_not_sent_twice(client, weak):
    first = client.get(CATALOG)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    sent = etag if weak else etag.removeprefix("W/")  # weak comparison: both match
    again = client.get(CATALOG, headers={"If-None-Match": sent})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag
    other = client.get(CATALOG, headers={"If-None-Match": 'W/"something else"'})
    assert other.status_code == 200 and other.json == first.json


def test_a_view_is_revalidated_per_seat_until_the_game_moves(client):
    table = Table.create(client, players=2, seed=4)
    seat_view, spectator = table.view(0), table.view()
    assert seat_view.headers["ETag"] != spectator.headers["ETag"]
    assert "Authorization" in seat_view.headers["Vary"]
    tag = {"If-None-Match": seat_view.headers["ETag"]}
    unchanged = client.get(f"/v1/games/{table.id}/view", headers={**bearer(table.tokens[0]), **tag})
    assert unchanged.status_code == 304
    other_seat = client.get(
        f"/v1/games/{table.id}/view", headers={**bearer(table.tokens[1]), **tag}
    )
    assert other_seat.status_code == 200
    table.play_one()
    moved = client.get(f"/v1/games/{table.id}/view", headers={**bearer(table.tokens[0]), **tag})
    assert moved.status_code == 200 and moved.json["version"] > seat_view.json["version"]


def test_an_events_page_is_revalidated_until_the_log_grows(client):
    table = Table.create(client, players=2, seed=4)
    page = table.events(0)
    url = f"/v1/games/{table.id}/events?after=0&limit=500"
    tag = {**bearer(table.tokens[0]), "If-None-Match": page.headers["ETag"]}
    assert client.get(url, headers=tag).status_code == 304
    table.play_one()
    grown = client.get(url, headers=tag)
    assert grown.status_code == 200 and grown.json["last_seq"] > page.json["last_seq"]


def test_a_view_reads_from_what_it_is_to_whose_turn_to_the_hand_and_moves(client):
    table = Table.create(client, players=2)
    text = client.get(f"/v1/games/{table.id}/view", headers=bearer(table.tokens[0])).text
    first = list(json.loads(text))[:7]
    assert first == ["type", "status", "seat", "to_act", "deadline", "hand", "legal_moves"]
    rest = list(json.loads(text))[7:]
    assert rest == sorted(rest), "the others follow in alphabetical order"


def test_a_401_names_the_scheme_it_wants(client):
    table = Table.create(client, players=2, seed=4, deal=False)
    missing = client.post(f"/v1/games/{table.id}/deal")
    assert missing.status_code == 401
    assert missing.headers["WWW-Authenticate"] == 'Bearer realm="card-table"'
    wrong = client.post(f"/v1/games/{table.id}/deal", headers=bearer("not-a-token"))
    assert wrong.status_code == 401
    assert wrong.headers["WWW-Authenticate"] == 'Bearer realm="card-table", error="invalid_token"'


def test_the_request_id_is_echoed_and_named_in_problems(client):
    given = client.get("/v1/games/not-a-game", headers={"X-Request-ID": "trace-42.a_b~c"})
    assert given.headers["X-Request-ID"] == "trace-42.a_b~c"
    assert given.json["instance"] == "trace-42.a_b~c"
    made = client.get("/v1/nothing-here")
    assert made.status_code == 404
    assert len(made.headers["X-Request-ID"]) == 32
    assert made.json["instance"] == made.headers["X-Request-ID"]
    # an id that could break a header, a log line or a URI is replaced, not echoed
    for insane in ["a b", "x" * 129, "<script>", "é"]:
        answer = client.get(CATALOG, headers={"X-Request-ID": insane.encode().decode("latin-1")})
        assert answer.headers["X-Request-ID"] != insane
        assert len(answer.headers["X-Request-ID"]) == 32
    assert (
        client.get(CATALOG).headers["X-Request-ID"] != client.get(CATALOG).headers["X-Request-ID"]
    )


def test_each_answer_writes_one_json_access_line(client, caplog):
    caplog.set_level(logging.INFO, logger="service.access")
    answer = client.get(CATALOG, headers={"X-Request-ID": "line-1"})
    (record,) = [r for r in caplog.records if r.name == "service.access"]
    line = json.loads(logs.formatter().format(record))
    assert line["request_id"] == "line-1"
    assert line["route"] == CATALOG and line["method"] == "GET"
    assert line["status"] == answer.status_code == 200
    assert line["duration_ms"] >= 0 and line["level"] == "INFO"
    assert line["logger"] == "service.access" and line["time"].endswith("+00:00")


def test_any_log_line_within_a_request_carries_its_id(app):
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    handler.addFilter(logs.RequestContext())
    logging.getLogger("service.test").addHandler(handler)
    try:
        with app.test_request_context(headers={"X-Request-ID": "inner-7"}):
            app.preprocess_request()
            logging.getLogger("service.test").warning("something")
    finally:
        logging.getLogger("service.test").removeHandler(handler)
    assert records[0].request_id == "inner-7"


def test_large_answers_are_gzipped_for_clients_that_accept_it(client):
    plain = client.get(CATALOG)
    zipped = client.get(CATALOG, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.data)) == plain.json
    assert len(zipped.data) < len(plain.data) / 3
    assert zipped.headers["ETag"] == plain.headers["ETag"]  # weak: the same for both
    small = client.get("/v1/health", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers


def test_the_stream_is_never_compressed(client):
    table = Table.create(client, players=2, seed=4)
    table.end()  # a finished game's stream ends by itself
    stream = client.get(
        f"/v1/games/{table.id}/stream", headers={"Accept-Encoding": "gzip"}, buffered=True
    )
    assert stream.status_code == 200
    assert "Content-Encoding" not in stream.headers
    assert b"event: end" in stream.data


@pytest.fixture
def cors_client(database_url):
    def make(origins):
        app = create_app({"TESTING": True, "DATABASE_URL": database_url, "CORS_ORIGINS": origins})
        return app.test_client()

    return make


PREFLIGHT = {
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type, idempotency-key, if-match",
}


def test_no_origin_is_allowed_by_default(cors_client):
    client = cors_client([])
    answer = client.get(CATALOG, headers={"Origin": "https://games.example"})
    assert "Access-Control-Allow-Origin" not in answer.headers
    preflight = client.options(
        "/v1/games", headers={"Origin": "https://games.example", **PREFLIGHT}
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_an_allowed_origin_may_send_the_api_headers_and_read_the_answers(cors_client):
    client = cors_client(["https://games.example"])
    origin = {"Origin": "https://games.example"}
    preflight = client.options("/v1/games/x/moves", headers={**origin, **PREFLIGHT})
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://games.example"
    allowed = {
        h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")
    }
    assert {"authorization", "content-type", "idempotency-key", "if-match"} <= allowed
    answer = client.get(CATALOG, headers=origin)
    assert answer.headers["Access-Control-Allow-Origin"] == "https://games.example"
    exposed = {h.strip() for h in answer.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location", "Retry-After", "X-Request-ID"} <= exposed
    assert "Origin" in answer.headers["Vary"]  # a shared cache keeps each origin's apart
    stranger = client.get(CATALOG, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers


def test_a_public_deployment_allows_every_origin(cors_client):
    client = cors_client(["*"])
    answer = client.get(CATALOG, headers={"Origin": "https://anywhere.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_a_body_not_sent_as_json_is_a_415_that_says_what_to_send(client):
    lobby = client.get("/v1/games").json["games"]
    answer = client.post(
        "/v1/games", data='{"type": "old-maid"}', headers={"Content-Type": "text/plain"}
    )
    assert answer.status_code == 415
    assert answer.content_type == "application/problem+json"
    assert answer.json["code"] == "unsupported_media_type"
    assert "application/json" in answer.json["detail"]
    assert client.get("/v1/games").json["games"] == lobby, "nothing was created"
    untyped = client.post("/v1/games", data='{"type": "old-maid"}', content_type="")
    assert untyped.status_code == 415
    assert client.post("/v1/games", json={"type": "old-maid"}).status_code == 201
