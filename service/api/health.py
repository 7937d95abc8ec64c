"""Liveness and readiness."""

from datetime import timedelta
from typing import Any

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import current_app
from flask.views import MethodView
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from ..errors import ServiceError
from ..store.changes import Hub
from ..store.models import WorkerHeartbeat
from ..table import clock
from . import schemas
from .context import hub, release_unit, unit
from .parsing import Blueprint
from .problems import refusal

# Only /ready reads the database, and it documents its own 503.
blp = Blueprint("health", __name__, description="Liveness and readiness", uses_database=False)


class NotReady(ServiceError):
    status, code, title = 503, "not_ready", "Not ready"


# Waiters on PostgreSQL learn of changes only through their process's listener: one away
# this long while the database answers (its connection refused, say) leaves them stale.
LISTENER_AWAY_SECONDS = 10


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, schemas.HealthSchema)
    @blp.doc(operationId="health")
    def get(self) -> dict[str, Any]:
        """200 while the process serves"""
        return answer(hub())


def answer(listener: Hub) -> dict[str, Any]:
    """/health's body; ``serving.Worker`` answers it before the app, with this."""
    return {"status": "ok", "waiters": listener.waiting}


@blp.route("/ready")
class Ready(MethodView):
    @blp.response(200, schemas.ReadySchema)
    @refusal(
        blp,
        503,
        "The database does not answer or is not migrated, no worker runs, or this "
        "process's listener is away (Retry-After when the database is only slow)",
        retry_after_always=False,
    )
    @blp.doc(operationId="ready")
    def get(self) -> dict[str, str]:
        """200 when the database answers, its schema is at the newest migration, the
        process's listener (once started) listens, and a worker has reported within
        WORKER_HEARTBEAT_SECONDS"""
        try:
            head = ScriptDirectory(current_app.config["MIGRATIONS_DIR"]).get_current_head()
        except CommandError as error:
            raise NotReady(f"no migrations at {current_app.config['MIGRATIONS_DIR']}") from error
        try:
            current = _current_revision()
        except SQLAlchemyError as error:
            raise NotReady("the database does not answer") from error
        if current != head:
            raise NotReady(f"database at migration {current}, code expects {head}")
        if (away := hub().away_seconds()) > LISTENER_AWAY_SECONDS:
            raise NotReady(f"this process's listener has been away for {away:.0f} s")
        _check_worker(current_app.config["WORKER_HEARTBEAT_SECONDS"])
        return {"status": "ready"}


def _current_revision() -> str | None:
    """A pooled connection that died with a restarted server fails once: readiness looks
    again on a fresh one, as a read does (``App.dispatch_request``), not a 503 between
    200s."""
    try:
        return MigrationContext.configure(unit().connection()).get_current_revision()
    except DBAPIError as error:
        if not error.connection_invalidated:
            raise
        release_unit()  # SQLAlchemy discarded the pool's older connections too
        return MigrationContext.configure(unit().connection()).get_current_revision()


def _check_worker(max_age: float) -> None:
    """Without a worker, bots and clocks of games nobody looks at stall."""
    if not max_age:
        return
    newest = clock.aware(unit().connection().scalar(select(func.max(WorkerHeartbeat.beat_at))))
    if newest is None or newest < clock.now() - timedelta(seconds=max_age):
        raise NotReady(f"no worker (python -m service.worker) reported in {max_age:g} s")
