"""A chosen seed decides every card: whoever knows or guesses it knows every hand. So it
is allowed only on private tables, and every table shows whether it has one."""

import pytest
from sqlalchemy import func, select, update

from service.store.models import Game

from .table import Table

PROBLEM = "application/problem+json"


def games_stored(app) -> int:
    with app.extensions["db_engine"].connect() as connection:
        return connection.execute(select(func.count()).select_from(Game)).scalar_one()


@pytest.mark.parametrize("seed", ["12345", 12345, "0"], ids=["text", "integer", "zero"])
@pytest.mark.parametrize(
    "visibility", [{"visibility": "public"}, {}], ids=["public", "public-by-default"]
)
def test_a_public_table_with_a_seed_is_refused_and_nothing_is_created(
    app, client, seed, visibility
):
    lobby = client.get("/v1/games").json
    body = {"type": "crazy-eights", "seats": 3, "seed": seed, **visibility}
    answer = client.post("/v1/games", json=body)
    assert answer.status_code == 422, answer.json
    assert answer.mimetype == PROBLEM
    problem = answer.json
    assert problem["code"] == "validation_error" and problem["status"] == 422
    assert "private" in " ".join(problem["errors"]["seed"])
    # refused as any other field of the body is
    other = client.post("/v1/games", json={"type": "crazy-eights", "seed": -1}).json
    assert problem["title"] == other["title"] and problem["type"] == other["type"]
    assert client.get("/v1/games").json == lobby
    assert games_stored(app) == 0


def test_a_public_table_without_a_seed_is_still_created(client):
    for body in ({"type": "old-maid"}, {"type": "old-maid", "seed": None}):
        created = client.post("/v1/games", json={**body, "visibility": "public"})
        assert created.status_code == 201, created.json
        assert created.json["seeded"] is False


def views(table: Table, seats: int) -> dict[str, dict]:
    """The view of each seat and of a spectator."""
    seen = {f"seat {seat}": table.view(seat).json for seat in range(seats)}
    return {**seen, "spectator": table.view().json}


def test_a_private_table_with_a_seed_says_seeded_everywhere(client):
    table = Table.create(
        client, type="crazy-eights", players=3, deal=False, visibility="private", seed="12345"
    )
    assert table.code is not None
    assert table.summary().json["seeded"] is True
    for who, view in views(table, 3).items():  # before the deal: only the common fields
        assert view["seeded"] is True, who
    table.deal()
    assert table.summary().json["seeded"] is True
    for who, view in views(table, 3).items():
        assert view["seeded"] is True, who
    seat = table.turn()
    moved = table.move(seat, table.view(seat).json["legal_moves"][0])
    assert moved.status_code == 201, moved.json
    assert moved.json["view"]["seeded"] is True


def test_an_unseeded_table_says_so_everywhere(client):
    table = Table.create(client, type="crazy-eights", players=3)
    assert table.summary().json["seeded"] is False
    for who, view in views(table, 3).items():
        assert view["seeded"] is False, who


def test_the_lobby_shows_a_seeded_table(app, client):
    """A public table seeded before seeds became private-only is still in the lobby, and
    says so (none can be created now)."""
    seeded = Table.create(client, players=2, deal=False)
    Table.create(client, players=2, deal=False)
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(update(Game).where(Game.id == seeded.id).values(seeded=True))
    lobby = client.get("/v1/games").json["games"]
    assert {game["id"]: game["seeded"] for game in lobby} == {
        game["id"]: game["id"] == seeded.id for game in lobby
    }
    assert len(lobby) == 2


def test_the_create_examples_of_the_spec_carry_no_seed(client):
    spec = client.get("/v1/openapi.json").json
    media = spec["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    examples = [example["value"] for example in media.get("examples", {}).values()]
    examples += [media["example"]] if "example" in media else []
    assert examples
    for example in examples:
        assert "seed" not in example, example


def test_the_seed_field_says_whom_it_is_for(client):
    spec = client.get("/v1/openapi.json").json
    schemas = spec["components"]["schemas"]
    media = spec["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    (body,) = [schemas[ref.rsplit("/", 1)[-1]] for ref in media["schema"].values()]
    games = [schemas[choice["$ref"].rsplit("/", 1)[-1]] for choice in body["oneOf"]]
    assert len(games) == 6
    for schema in games:
        description = schema["properties"]["seed"]["description"]
        assert "private tables" in description and "every card" in description
