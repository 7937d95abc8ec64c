"""The web table's words (service/web/static/js/words.js) under Node's test runner: every
event of recorded real games in both languages, as each seat and a spectator read it;
the headings of the views met on the way; every problem code the service sends. Here,
the inputs are checked against the service itself, so that a new event type or problem
code fails until it is recorded and has words."""

import json
import re
from pathlib import Path

import pytest

from service.api.health import NotReady
from service.api.problems import HTTP_CODES
from service.engine import EngineError
from service.errors import ServiceError

from .node import NODE, ROOT, node_tests

HERE = Path(__file__).parent

RECORDED = HERE / "recorded_events.json"
PROBLEM_CODES = HERE / "problem_codes.json"
# problems.py's own, besides HTTP_CODES: an unforeseen 500 and a status it has no code for
PROBLEMS_PY = {"internal_error", "http_error"}


def subclasses(family: type) -> set[type]:
    found = set()
    for child in family.__subclasses__():
        found |= {child} | subclasses(child)
    return found


def service_problem_codes() -> set[str]:
    assert NotReady in subclasses(ServiceError)  # imported, so that it is counted
    classes = {ServiceError, EngineError} | subclasses(ServiceError) | subclasses(EngineError)
    codes = {cls.code for cls in classes if "code" in vars(cls)}
    return codes | set(HTTP_CODES.values()) | PROBLEMS_PY


def test_problem_codes_lists_every_code_the_service_sends():
    listed = json.loads(PROBLEM_CODES.read_text())
    assert set(listed["service"]) == service_problem_codes()


def test_recorded_logs_hold_every_event_type_of_the_spec():
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    types = set(spec["components"]["schemas"]["Event"]["discriminator"]["mapping"])
    tables = json.loads(RECORDED.read_text())["tables"]
    recorded = {event["type"] for table in tables for event in table["log"]}
    assert types - recorded == set(), "run python -m tests.web.record_events"


@pytest.mark.skipif(NODE is None, reason="no node on PATH")
def test_words_render_every_event_heading_and_problem():
    summary = node_tests(HERE / "words.test.mjs")
    assert summary.get("pass", 0) > 0 and summary.get("fail") == 0, summary


def test_computer_players_are_named_as_people_are():
    """A bot given no name gets one that reads as a name in English and Finnish ("otti
    kortin pelaajalta Otto"), not a level and a seat ("basic bot 2" with no bot 1); the
    recorded tables name their bots as the service does."""
    from service.table.rules import BOT_NAMES
    from tests.web.record_events import SEATS

    assert all(re.fullmatch(r"[A-Z][a-z]+", name) for name in BOT_NAMES), BOT_NAMES
    assert len(set(BOT_NAMES)) == len(BOT_NAMES) >= 13  # the most seats a table has (Spoons)
    assert {name for name, bot in SEATS if bot} <= set(BOT_NAMES)
