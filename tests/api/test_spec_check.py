"""The hook of tests/spec_check.py: it finds what the spec does not allow, and says where."""

import copy

import pytest
from flask.testing import FlaskClient

from tests import spec_check
from tests.spec_check import SpecChecker, SpecCheckingClient, SpecMismatch

UNKNOWN_GAME = "/v1/games/00000000-0000-4000-8000-000000000000"


@pytest.fixture
def spec(app):
    return copy.deepcopy(SpecChecker.of(app).spec)


def check(app, spec, response):
    return SpecChecker(spec).check(app, response)


def test_the_client_fixture_is_hooked(client):
    assert isinstance(client, SpecCheckingClient)


def test_a_body_that_does_not_validate_names_the_json_path(app, spec):
    spec["components"]["schemas"]["Health"]["properties"]["status"] = {"type": "integer"}
    operation, problems = check(app, spec, FlaskClient(app).get("/v1/health"))
    assert operation == "health: GET /v1/health"
    assert problems == ["at $.status: 'ok' is not of type 'integer'"]


def test_an_undocumented_status_is_a_mismatch(app, spec):
    del spec["paths"]["/v1/games/{game_id}"]["get"]["responses"]["404"]
    operation, problems = check(app, spec, FlaskClient(app).get(UNKNOWN_GAME))
    assert operation == "get_game: GET /v1/games/{game_id}"
    assert problems[0].startswith("status 404 is not documented")


def test_default_does_not_document_a_refusal(app, spec):
    responses = spec["paths"]["/v1/games/{game_id}"]["get"]["responses"]
    del responses["404"]
    assert "default" in responses
    _, problems = check(app, spec, FlaskClient(app).get(UNKNOWN_GAME))
    assert problems


def test_an_undocumented_content_type_is_a_mismatch(app, spec):
    content = spec["paths"]["/v1/games/{game_id}"]["get"]["responses"]["404"]["content"]
    content["application/json"] = content.pop("application/problem+json")
    _, problems = check(app, spec, FlaskClient(app).get(UNKNOWN_GAME))
    assert problems == [
        "content type 'application/problem+json' is not documented (application/json)"
    ]


def test_an_error_outside_every_operation_must_be_a_problem_document(app, spec):
    operation, problems = check(app, spec, FlaskClient(app).get("/v1/no-such-thing"))
    assert operation == "(no operation)" and problems == []
    operation, problems = check(app, spec, FlaskClient(app).delete("/v1/catalog"))
    assert operation == "(no operation)" and problems == []


def test_the_hook_fails_the_request_with_the_operation_status_and_path(app, spec, monkeypatch):
    spec["components"]["schemas"]["Health"]["properties"]["waiters"] = {"type": "string"}
    monkeypatch.setattr(spec_check, "_checker", SpecChecker(spec))
    monkeypatch.setattr(spec_check, "REPORT", None)
    with pytest.raises(SpecMismatch) as mismatch:
        app.test_client().get("/v1/health")
    message = str(mismatch.value)
    assert "[health: GET /v1/health] GET /v1/health answered 200 'application/json'" in message
    assert "at $.waiters:" in message
