"""The service with its change hints off (``changes.publish`` does nothing), served by the
http part beside the service as it is, to measure what notifying costs it:
``gunicorn -c gunicorn.conf.py 'bench.unhinted:create_app()'``. Not a way to run
the service: waiters would wake only at their deadlines."""

from service import create_app as create_service
from service.store import changes


def create_app():
    changes.publish = lambda engine, game_id, seq: None
    return create_service()
