"""The create body's schema admits exactly the tables the service creates: for every
game, every combination of its options (each given with each of its values, or left
out) at every seat count (and none), the schema's verdict is the rules' own
(``resolve_options`` and ``check_players``, as ``tables.create`` calls them)."""

import itertools
import json
from pathlib import Path

import jsonschema_rs
import pytest

from service.engine import GAMES, InvalidOptions

ABSENT = object()
SPEC_URI = "urn:card-table:openapi"
# the committed export, which test_openapi holds to what the app serves
SPEC = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text())


def values_of(option) -> list:
    """Each value the option's field admits, and one it does not reach: its allowed
    values, or a ranged integer's ends."""
    ends = [end for end in (option.minimum, option.maximum) if end is not None]
    return [*dict.fromkeys([*option.allowed, *ends, option.default])]


def bodies(slug: str):
    rules = GAMES[slug]
    choices = [[ABSENT, *values_of(option)] for option in rules.options]
    for values in itertools.product(*choices):
        options = {
            option.name: value
            for option, value in zip(rules.options, values, strict=True)
            if value is not ABSENT
        }
        for seats in [None, *range(rules.min_players, rules.max_players + 1)]:
            yield {"type": slug, "options": options, "seats": seats}


def accepted(body: dict) -> bool:
    rules = GAMES[body["type"]]
    try:
        options = rules.resolve_options(body["options"])
        rules.check_players(body["seats"] or rules.player_range(options)[1], options)
    except InvalidOptions:
        return False
    return True


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_schema_admits_what_the_rules_accept_and_nothing_else(slug):
    name = "Create" + "".join(part.title() for part in slug.split("-")) + "Game"
    validator = jsonschema_rs.Draft202012Validator(
        {"$ref": f"{SPEC_URI}#/components/schemas/{name}"},
        registry=jsonschema_rs.Registry([(SPEC_URI, SPEC)]),
    )
    disagree = [body for body in bodies(slug) if validator.is_valid(body) != accepted(body)]
    assert disagree == [], f"{len(disagree)} bodies, such as {disagree[:3]}"
