"""The one rule of who sees what of an event (``Event.seen_by``), and that nothing else
in the service merges an event's secret part: the API, the bots' memory, the verifier
and the tools all go through it."""

import ast
from pathlib import Path

import pytest

from service.engine import Event

TAKE = Event("take", 0, {"from_seat": 1, "position": 2}, {"card": "5C"}, (0, 1))


@pytest.mark.parametrize("seat", [0, 1])
def test_the_audience_sees_the_secret_part(seat):
    assert TAKE.seen_by(seat) == {"from_seat": 1, "position": 2, "card": "5C"}


@pytest.mark.parametrize("seat", [2, None])
def test_everybody_else_sees_only_the_public_part(seat):
    assert TAKE.seen_by(seat) == {"from_seat": 1, "position": 2}


def test_a_finished_match_reveals_everything_to_everybody():
    assert TAKE.seen_by(None, reveal_all=True)["card"] == "5C"
    assert TAKE.seen_by(2, reveal_all=True)["card"] == "5C"


def test_an_event_without_a_secret_is_the_same_for_all():
    public = Event("pairs", 0, {"pairs": [["5C", "5D"]]})
    assert public.seen_by(None) == public.seen_by(0) == public.seen_by(0, reveal_all=True)


def test_what_a_seat_sees_is_a_copy():
    seen = TAKE.seen_by(3)
    seen["card"] = "AS"
    assert TAKE.seen_by(3) == {"from_seat": 1, "position": 2} and "card" not in TAKE.data


SERVICE = Path(__file__).resolve().parents[2] / "service"
# Where an event's secret part may be touched at all: declared (base), stored (the
# model and the one function that writes rows) and handed back to the rule (render).
ALLOWED = {"engine/base.py", "store/models.py", "table/rules.py", "table/render.py"}


def test_no_module_but_the_rule_reads_an_events_secret_or_audience():
    readers = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in {"secret", "audience"}:
                readers.add(str(path.relative_to(SERVICE)))
    assert readers <= ALLOWED, f"only Event.seen_by applies secrets: {readers - ALLOWED}"
    # and those that touch it only pass it on: the merging happens in seen_by alone
    render = (SERVICE / "table/render.py").read_text()
    assert "seen_by(" in render and ".update(" not in render
