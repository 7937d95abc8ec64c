"""Between the two ceilings: the bare Flask app (``bare.py``) making the round trips the
service makes, one per view and two per move, through the service's own engine and pool
(``store.db.make_engine``, autocommit, one connection checked out per request), each a
statement on the games table that finds no row. What the service spends beyond this is
its own work: ``gunicorn -c gunicorn.conf.py bench.bare_sql:app``."""

import os

from flask import request
from sqlalchemy import text

from service.store.db import make_engine

from .bare import app

ENGINE = make_engine(os.environ["DATABASE_URL"]).execution_options(isolation_level="AUTOCOMMIT")
READ = text("SELECT * FROM games WHERE id = :id")
WRITE = text("UPDATE games SET version = version + 1 WHERE id = :id")
ROUND_TRIPS = {"view": (READ,), "move": (READ, WRITE)}
NO_GAME = "00000000-0000-4000-8000-000000000000"


@app.before_request
def round_trips() -> None:
    statements = ROUND_TRIPS.get(request.endpoint or "", ())
    if statements:
        with ENGINE.connect() as connection:
            for statement in statements:
                connection.execute(statement, {"id": NO_GAME})
