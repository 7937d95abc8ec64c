"""A change as its process saved it (``changes.Fresh``), handed to that process's own
waiters instead of a read, is what a read of the log finds: every seat sees the same
summary, view and events either way, in every game."""

import pytest

from service.api.reading import in_reading_order
from service.encoding import compact
from service.store import changes, games
from service.table import render, rules

from .test_bots import bots_only

GAMES = ["old-maid", "blind-date", "crazy-eights", "go-fish", "spoons", "mystery-date"]


def as_every_seat_sees_it(table, events):
    """The summary, and each seat's (and a spectator's) view and events, as JSON."""
    seats = [None, *range(len(table.seats))]
    shown = [render.summary(table)]
    for seat in seats:
        shown += [render.view(table, seat), [render.render_event(e, seat, table) for e in events]]
    return [compact(in_reading_order(item)) for item in shown]


@pytest.mark.postgres
@pytest.mark.parametrize("type_", GAMES)
def test_a_saved_change_is_what_a_read_of_its_page_finds(client, app, monkeypatch, type_):
    engine = app.extensions["db_engine"]
    publish = changes.publish
    compared = []

    def publish_and_read(engine_, game_id, seq, fresh=None):
        publish(engine_, game_id, seq, fresh)
        with engine.connect() as connection:
            read = games.load_page(connection, game_id, fresh.after, 100)
        compared.append((as_every_seat_sees_it(*fresh.page), as_every_seat_sees_it(*read)))

    monkeypatch.setattr(changes, "publish", publish_and_read)
    monkeypatch.setattr(rules, "AUTOMATIC_MOVES", 1)  # a change a move
    table = bots_only(client, type_, seats=4, seed=7, visibility="private")
    assert table.deal_with_bots().status_code == 200
    for _ in range(1_000):  # each read applies a bot's move that is due
        if table.summary().json["status"] != "playing":
            break
    assert table.summary().json["status"] in ("round_over", "finished")

    assert len(compared) > 10
    for saved, read in compared:
        assert saved == read
