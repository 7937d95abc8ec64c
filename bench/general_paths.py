"""The service on its general paths, served by the http part beside the service as it is,
to measure what its two CPU shortcuts save: the hot statements run through SQLAlchemy
(``store.games`` sends them to psycopg itself when they run on their own), and the
access lines are written by python-json-logger's general path (``logs.JsonLines``
joins them itself): ``gunicorn -c gunicorn.conf.py 'bench.general_paths:create_app()'``."""

from pythonjsonlogger.json import JsonFormatter

from service import create_app as create_service
from service import logs
from service.store import games


def create_app():
    games._autocommit_psycopg = lambda connection: None
    logs.JsonLines.format = JsonFormatter.format
    return create_service()
