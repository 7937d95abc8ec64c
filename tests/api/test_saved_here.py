"""A move made in the process that saved its game's last change starts from the game as
that process saved it (``changes.saved_here``), without reading it back: the save's
version check confirms it. What that game refuses is played again from a read, and a
save it loses is played again under the lock, so a game that moved on elsewhere, or a
move sent again with its Idempotency-Key, ends as it would from a read."""

import threading
import uuid
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from service.store import changes

from .table import Table
from .test_metrics import metrics, value
from .test_reactions import react
from .test_supervision import DEADLINE_SECONDS

pytestmark = pytest.mark.postgres
REPLAYED = "cardtable_moves_replayed_under_lock_total"


@contextmanager
def held_here(app, table):
    """A waiter of the table in the app's process (its stream, say), which is what makes
    the process keep the game's changes; never woken. Once the listener listens: its
    first look at the waited-on games (``Hub._catch_up``) would drop what it keeps."""
    hub = app.extensions["changes"]
    with hub.waiter(uuid.UUID(table.id), after=10**9):
        assert hub.listening.wait(DEADLINE_SECONDS)
        yield


@contextmanager
def statements(app):
    """The statements this thread sent to the database in the block (not the presence
    writer's, say)."""
    sent: list[str] = []
    engine = app.extensions["db_engine"]
    mine = threading.get_ident()

    def spy(connection, cursor, statement, *_):
        if threading.get_ident() == mine:
            sent.append(statement)

    event.listen(engine, "before_cursor_execute", spy)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", spy)


def next_move(table):
    seat = table.turn()
    return seat, table.view(seat).json["legal_moves"][0]


def a_play(legal):
    """A card played, which passes the turn (a draw keeps it)."""
    return next(move for move in legal if move["type"] == "play")


def test_a_move_where_the_game_was_saved_last_reads_nothing(app, client):
    table = Table.create(client, type="crazy-eights")
    with held_here(app, table):
        table.play_one()
        seat, move = next_move(table)
        with statements(app) as sent:
            assert table.move(seat, move).status_code == 201
        assert len(sent) == 1 and "save_game_change" in sent[0], sent
    seat, move = next_move(table)  # nobody waits here: the game is not kept
    with statements(app) as sent:
        assert table.move(seat, move).status_code == 201
    assert len(sent) == 2 and "save_game_change" in sent[1], "a read, then the save"


def test_a_game_that_moved_on_unheard_is_read_before_the_move_is_refused(app, client, monkeypatch):
    table = Table.create(client, type="crazy-eights", seed=3)
    with held_here(app, table):
        table.play_one()
        kept = changes.saved_here(app.extensions["db_engine"], uuid.UUID(table.id))
        with monkeypatch.context() as unheard:  # saved elsewhere, its hint not come yet
            unheard.setattr(changes, "publish", lambda *args: None)
            second, played, _ = table.play_one(choose=a_play)
        assert changes.saved_here(app.extensions["db_engine"], uuid.UUID(table.id)) is kept
        assert table.turn() != second, "the play passed the turn"

        again = table.move(second, played)  # legal in the game kept, whose turn it is
        assert again.status_code == 409, again.json
        last_seq = table.events().json["last_seq"]
        seat, move = next_move(table)  # not its turn in the game kept
        assert table.move(seat, move).status_code == 201
    assert table.events(after=last_seq).json["events"][0]["seat"] == seat


def test_a_move_from_a_game_logged_since_is_played_again_under_the_lock(app, client, monkeypatch):
    table = Table.create(client, type="crazy-eights")
    with held_here(app, table):
        table.play_one()
        with monkeypatch.context() as unheard:  # logged elsewhere, its hint not come yet
            unheard.setattr(changes, "publish", lambda *args: None)
            assert react(client, table, 0).status_code == 201  # a new event, no new version
        before = value(metrics(client), REPLAYED, game_type="crazy-eights")
        seat, move = next_move(table)
        answer = table.move(seat, move)
    assert answer.status_code == 201, answer.json
    assert value(metrics(client), REPLAYED, game_type="crazy-eights") == before + 1
    seqs = [event["seq"] for event in table.events().json["events"]]
    assert seqs == list(range(1, len(seqs) + 1)), "every event once"


def test_a_move_sent_again_with_its_key_gets_its_first_answer(app, client):
    """A play passes the turn: the game kept refuses it sent again, and a read finds its
    answer."""
    table = Table.create(client, type="crazy-eights", seed=3)
    with held_here(app, table):
        seat = table.turn()
        move = a_play(table.view(seat).json["legal_moves"])
        first = table.move(seat, move, **{"Idempotency-Key": "once"})
        last_seq = table.events().json["last_seq"]
        again = table.move(seat, move, **{"Idempotency-Key": "once"})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert table.events().json["last_seq"] == last_seq


def test_a_key_sent_again_with_a_move_the_game_allows_is_refused(app, client):
    """The seat moves again (a draw in Crazy Eights keeps the turn): another move with
    the key of its last one is legal in the game kept, and only the save, which finds
    the key taken, refuses it."""
    table = Table.create(client, type="crazy-eights", seed=3)
    with held_here(app, table):
        seat, key = table.turn(), {"Idempotency-Key": "the-draw"}
        assert table.move(seat, {"type": "draw"}, **key).status_code == 201
        assert table.turn() == seat
        last_seq = table.events().json["last_seq"]
        other = next(
            move for move in table.view(seat).json["legal_moves"] if move["type"] != "draw"
        )
        refused = table.move(seat, other, **key)
    assert refused.status_code == 422 and refused.json["code"] == "idempotency_conflict"
    assert table.events().json["last_seq"] == last_seq
