"""The service on its general paths, served by the http part beside the service as it is,
to measure what its two CPU shortcuts save: the hot statements run through SQLAlchemy
(``store.games`` sends them to psycopg itself when they run on their own), and the
access lines are written by python-json-logger's general path (``logs.JsonLines``
joins them itself): ``gunicorn -c gunicorn.conf.py 'bench.general_paths:create_app()'``.
Its fair reference on the same path: ``'bench.general_paths:bare_sql_app()'``."""

from pythonjsonlogger.json import JsonFormatter

from service import create_app as create_service
from service import logs
from service.store import games


def create_app():
    games._autocommit_psycopg = lambda connection: None
    logs.JsonLines.format = JsonFormatter.format
    return create_service()


def bare_sql_app():
    """``bare_sql.py`` with the store's statements through SQLAlchemy (it writes no
    access lines)."""
    games._autocommit_psycopg = lambda connection: None
    from .bare_sql import app

    return app
