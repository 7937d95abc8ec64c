"""The exported spec is the one the app serves, and it is valid OpenAPI."""

import json

from openapi_spec_validator import validate

from service.config import ROOT

EXPORTED = ROOT / "openapi" / "openapi.json"


def test_the_exported_spec_is_up_to_date(client):
    served = client.get("/v1/openapi.json").json
    assert json.loads(EXPORTED.read_text()) == served, "run `make openapi` and commit the result"


def test_the_spec_is_valid_openapi(client):
    validate(client.get("/v1/openapi.json").json)


def test_the_spec_documents_every_contract_path(client):
    paths = client.get("/v1/openapi.json").json["paths"]
    assert set(paths) >= {
        "/v1/catalog",
        "/v1/games",
        "/v1/games/{game_id}",
        "/v1/games/{game_id}/players",
        "/v1/tables/join",
        "/v1/games/{game_id}/deal",
        "/v1/games/{game_id}/view",
        "/v1/games/{game_id}/moves",
        "/v1/games/{game_id}/events",
        "/v1/health",
        "/v1/ready",
    }
    problem = paths["/v1/games/{game_id}/moves"]["post"]["responses"]["412"]
    assert "Problem" in json.dumps(problem)


def test_swagger_ui_is_served(client):
    answer = client.get("/docs")
    assert answer.status_code == 200
    assert "swagger" in answer.get_data(as_text=True).lower()
