"""The unit of work: one request's (or one sweep's) use of the database. It lends a
pooled connection when first asked, in autocommit mode (each statement a round trip
and a transaction of its own, no BEGIN, no ROLLBACK) unless a ``transaction`` is open.
A change of a table, settled (its times those of the save: ``rules.settle``), is
handed to it (``add``) and written by ``commit``, which then, once the transaction has
committed and never before, publishes the hint that the game's log grew and counts the
moves and scheduled actions in the metrics.

    with Unit(engine) as unit:
        table = games.load(unit.connection(), game_id)
        unit.add(rules.settle(rules.apply_due(table, now), clock.now()))
        unit.commit()

``store.tables.change`` is the one caller that changes a game this way.
"""

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine

from .. import metrics
from ..table.rules import Progress
from . import changes, games

log = logging.getLogger(__name__)


@dataclass
class _Staged:
    progress: Progress
    answers: list[dict[str, Any]] = field(default_factory=list)
    views: Mapping[int, Any] = field(default_factory=dict)  # rendered of it, by seat


class Unit:
    def __init__(self, engine: Engine):
        self.engine = engine
        self.dialect = engine.dialect.name
        self._connection: Connection | None = None
        self._in_transaction = False
        self._staged: list[_Staged] = []

    def __enter__(self) -> "Unit":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def connection(self) -> Connection:
        if self._connection is None:
            self._connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self._connection

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A transaction for the block (what ``commit`` writes in it commits with it);
        rolled back if the block raises."""
        self.close()
        self._connection = self.engine.connect()
        self._in_transaction = True
        try:
            yield
        finally:
            self.close()

    def add(
        self,
        progress: Progress,
        answer: dict[str, Any] | None = None,
        views: Mapping[int, Any] | None = None,
    ) -> None:
        """Write ``progress`` at the commit, with an answer to remember (a row of
        ``idempotent_answers`` but for its game) if any: never a move without its
        answer, nor the reverse. ``views``: its seats' views rendered already
        (``changes.Fresh``)."""
        assert not progress.timed_from, "a change is settled before it is saved"
        assert progress.table.seats == progress.origin.seats or self._in_transaction, (
            "seats change only under the game's lock"
        )
        self._staged.append(_Staged(progress, [answer] if answer else [], views or {}))

    def commit(self) -> None:
        """Write what was added (``db.LostRace`` if a game moved on since it was read),
        commit, then publish and count."""
        staged, self._staged = self._staged, []
        if self._in_transaction or games.saves_in_one_statement(self.dialect):
            self._save(staged)
        elif any(change.progress.changed for change in staged):
            with self.transaction():  # a change's statements commit together
                self._save(staged)
        for change in staged:
            self._committed(change)

    def _save(self, staged: list[_Staged]) -> None:
        for change in staged:
            if change.progress.changed:
                games.save(self.connection(), change.progress, change.answers)
        if self._in_transaction:
            self.connection().commit()

    def _committed(self, change: _Staged) -> None:
        """What is committed stays so: a failure here is logged, and the request (or
        the worker's sweep) succeeds all the same."""
        try:
            self._announce(change)
        except Exception:
            table_id = change.progress.table.id
            log.exception("publishing or counting game %s's change failed", table_id)

    def _announce(self, change: _Staged) -> None:
        progress, table = change.progress, change.progress.table
        if progress.events:
            page = games.saved_page(progress)
            fresh = changes.Fresh(progress.origin.last_seq, page, change.views, table)
            changes.publish(self.engine, table.id, table.last_seq, fresh)
        for by in progress.moves:
            metrics.move_committed(table.type, by)
        for action in progress.actions:
            metrics.scheduled_action(action.by, action.applied_in, action.due, action.at)

    def close(self) -> None:
        """Give the connection back (what is uncommitted rolls back)."""
        self._staged = []
        self._in_transaction = False
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
