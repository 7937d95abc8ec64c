"""Schemathesis fuzzes every operation of the OpenAPI document against a live table:
no request, however odd, may give a 500, and every answer must match the document.

`make fuzz` runs many examples; `.ci/run` runs a short profile (FUZZ_EXAMPLES)."""

import os
import uuid

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from ..api.table import Table, bearer

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))

schema = schemathesis.pytest.from_fixture("api_schema")


# Schema-valid input is accepted, or refused for what no schema can know: a token or a
# code that is not one (401, 403), a game that is not there (404), the table's state
# (409: full, started, not your turn; 412: moved on) or the client's quota (429).
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "403", "404", "409", "412", "429"]
            }
        }
    }
)
# A move the schema admits is refused (422 illegal_move) when it is not one of the
# seat's legal_moves now: that refusal is the rules' job.
RULES_DECIDE = {"POST /v1/games/{game_id}/moves"}


@pytest.fixture
def api_schema(app):
    return schemathesis.openapi.from_wsgi("/v1/openapi.json", app, config=CONFIG)


@pytest.fixture
def live_table(app, client, monkeypatch):
    """A dealt table: fuzzed ids and tokens point at a real game, so bodies reach the rules.
    Its streams end quickly, and readiness needs no worker: both are tested elsewhere."""
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 0.1)
    monkeypatch.setitem(app.config, "WORKER_HEARTBEAT_SECONDS", 0)
    return Table.create(client, players=3, seed=5)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_operation_answers_within_its_contract(case, live_table):
    if case.path_parameters and _is_uuid(case.path_parameters.get("game_id")):
        case.path_parameters["game_id"] = live_table.id  # an invalid id stays: a 404
    if case.query and isinstance(case.query.get("wait"), int | float) and case.query["wait"] > 0:
        case.query["wait"] = 0.1  # long polls are tested elsewhere; keep the fuzzing quick
    if case.headers and "Authorization" in case.headers:
        case.headers.update(bearer(live_table.tokens[0]))
    # The WSGI transport does not undo gzip as an HTTP client would: ask for none.
    excluded = [positive_data_acceptance] if case.operation.label in RULES_DECIDE else []
    case.call_and_validate(headers={"Accept-Encoding": "identity"}, excluded_checks=excluded)


def _is_uuid(value) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return value is not None
