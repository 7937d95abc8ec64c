"""The card-table service: ``create_app`` builds the WSGI application."""

from typing import cast

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from werkzeug.middleware.proxy_fix import ProxyFix

from .config import Config
from .errors import DatabaseUnavailable
from .store.changes import Hub
from .store.db import DeadlineExceeded, make_engine, make_session_factory


class App(Flask):
    def dispatch_request(self):
        """A request whose database work overran its deadline is answered 503."""
        try:
            return super().dispatch_request()
        except DeadlineExceeded as error:
            raise DatabaseUnavailable(str(error)) from None


def create_app(test_config: dict | None = None) -> Flask:
    app = App(__name__)
    app.config.from_object(Config)
    if test_config:
        app.config.update(test_config)
    # Sorted keys: an answer read back from JSONB (which reorders keys) is byte-identical
    # to the first one, so replays and idempotent retries match byte for byte.
    cast(DefaultJSONProvider, app.json).sort_keys = True
    if app.config["PROXY_HOPS"]:
        # Flask's documented way to wrap the WSGI app; mypy sees a method reassigned
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=app.config["PROXY_HOPS"]
        )
    engine = make_engine(
        app.config["DATABASE_URL"],
        app.config["DB_POOL_SIZE"],
        app.config["DB_MAX_OVERFLOW"],
        app.config["DB_POOL_TIMEOUT"],
        app.config["DB_REQUEST_SECONDS"],
    )
    app.extensions["db_engine"] = engine
    app.extensions["db_sessions"] = make_session_factory(engine)
    # Started by gunicorn's post_worker_init, or by the first waiter.
    app.extensions["changes"] = Hub(app.config["LISTEN_DATABASE_URL"] or app.config["DATABASE_URL"])

    from .api import init_api
    from .api.context import close_session, start_deadline

    init_api(app)
    app.before_request(start_deadline)
    app.teardown_appcontext(close_session)
    return app
