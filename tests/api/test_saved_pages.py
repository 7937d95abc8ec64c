"""A change as its process saved it (``changes.Fresh``), handed to that process's own
waiters instead of a read, is what a read of the log finds: every seat sees the same
summary, view and events either way, in every game, and the game as saved is the game
a read finds; and so is the view a move's answer rendered, which the mover's waiters
send as it is."""

import uuid
from dataclasses import replace

import pytest

from service.api.reading import in_reading_order
from service.encoding import as_stored, compact
from service.store import changes, games, reads
from service.store.unit import Unit
from service.table import render, rules

from .table import Table
from .test_bots import bots_only

GAMES = ["old-maid", "blind-date", "crazy-eights", "go-fish", "spoons", "mystery-date"]


def as_every_seat_sees_it(table, events):
    """The summary, and each seat's (and a spectator's) view and events, as JSON."""
    seats = [None, *range(len(table.seats))]
    shown = [render.summary(table)]
    for seat in seats:
        shown += [render.view(table, seat), [render.render_event(e, seat, table) for e in events]]
    return [compact(in_reading_order(item)) for item in shown]


def on_each_change(monkeypatch, app, take):
    """``take(fresh, read)`` for each change published: as it was handed on, and what a
    read of its page finds."""
    engine, publish = app.extensions["db_engine"], changes.publish

    def publish_and_read(engine_, game_id, seq, fresh=None):
        publish(engine_, game_id, seq, fresh)
        with engine.connect() as connection:
            take(fresh, games.load_page(connection, game_id, fresh.after, 100))

    monkeypatch.setattr(changes, "publish", publish_and_read)


@pytest.mark.postgres
@pytest.mark.parametrize("type_", GAMES)
def test_a_saved_change_is_what_a_read_of_its_page_finds(client, app, monkeypatch, type_):
    """And the game as saved is what a read of the game finds, its state in JSON's types
    (``as_stored``), as the move that starts from it takes it (``changes.saved_here``)."""
    pages, tables = [], []

    def compare(fresh, read):
        pages.append((as_every_seat_sees_it(*fresh.page), as_every_seat_sees_it(*read)))
        with app.extensions["db_engine"].connect() as connection:
            game = games.load(connection, fresh.saved.id)
        tables.append((replace(fresh.saved, state=as_stored(fresh.saved.state)), game))

    on_each_change(monkeypatch, app, compare)
    monkeypatch.setattr(rules, "AUTOMATIC_MOVES", 1)  # a change a move
    table = bots_only(client, type_, seats=4, seed=7, visibility="private")
    assert table.deal_with_bots().status_code == 200
    for _ in range(1_000):  # each read applies a bot's move that is due
        if table.summary().json["status"] != "playing":
            break
    assert table.summary().json["status"] in ("round_over", "finished")

    assert len(pages) > 10
    for saved, read in [*pages, *tables]:
        assert saved == read


@pytest.mark.postgres
@pytest.mark.parametrize("type_", ["old-maid", "crazy-eights", "go-fish"])
def test_a_move_hands_on_the_movers_view_as_a_read_renders_it(client, app, monkeypatch, type_):
    handed = []

    def compare(fresh, read):
        table, _ = read
        handed.extend((seat, view, render.view(table, seat)) for seat, view in fresh.views.items())

    on_each_change(monkeypatch, app, compare)
    table = Table.create(client, type=type_)
    handed.clear()  # the deal's
    for moves in range(1, 11):
        seat, _, answer = table.play_one()
        assert len(handed) == moves, "each move hands on one view, the mover's"
        assert handed[-1][0] == seat and handed[-1][1] == answer.json["view"]
    for _, view, read in handed:
        assert compact(in_reading_order(view)) == compact(in_reading_order(read))


@pytest.mark.postgres
def test_a_waiter_sends_the_view_handed_on_for_its_seat_and_renders_the_others(client, app):
    table = Table.create(client, type="crazy-eights")
    game_id = uuid.UUID(table.id)
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        game, rows = games.load_page(connection, game_id, 0, 100)
    hub = changes.Hub("sqlite://")  # no listener: the change is handed on here
    handed = {"the view": "as the move's answer rendered it"}

    def look(seat):
        reader = reads.Reader(game_id, table.tokens[seat], 100, with_view=True)
        with Unit(engine) as unit:
            return reader.look(unit, 0, hub=hub).page["view"]

    with hub.waiter(game_id, after=0):
        hub.take(table.id, game.last_seq, changes.Fresh(0, (game, rows), {1: handed}))
        assert look(1) is handed
        assert look(2) == render.view(game, 2)
