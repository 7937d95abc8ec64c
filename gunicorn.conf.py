"""gunicorn's settings for the service: ``gunicorn -c gunicorn.conf.py`` (from this
directory, plain ``gunicorn`` reads it by itself).

gevent workers: a request waiting for events (a long poll, a stream) is a greenlet that
holds no thread and no database connection. gevent patches the standard library here,
before anything else is imported, so psycopg and SQLAlchemy's pool see cooperative
sockets and locks, and psycopg waits for its sockets on gevent's loop (``store.db``).
Settings come from the environment, parsed and checked by ``service.settings`` (a
refused value stops the start here, in one line):

- ``BIND``/``PORT`` and ``WORKERS``: processes; each has one LISTEN connection, one for
  the hints it sends and a pool of ``DB_POOL_SIZE`` + ``DB_MAX_OVERFLOW``.
- ``WORKER_CONNECTIONS``: open connections per worker, waiting ones included; more wait
  in the listen backlog. Each costs a file descriptor, so the start-up raises the
  open-files soft limit to what that needs (at most the hard limit; raise the hard limit
  with ``ulimit -Hn`` or systemd's ``LimitNOFILE`` if it is lower).
- ``BACKLOG``: by default as deep as the kernel allows (``net.core.somaxconn``), since
  after a restart every client comes back at once (10,000 in a burst: 7,972 dropped
  with 2,048).
"""

from gevent import monkey

monkey.patch_all()

import gc  # noqa: E402  (after patching, on purpose)
import logging  # noqa: E402
import math  # noqa: E402
import resource  # noqa: E402
from pathlib import Path  # noqa: E402

from service import logs, metrics  # noqa: E402
from service.settings import SETTINGS  # noqa: E402  (a refused value: exit here)
from service.store import db  # noqa: E402

db.wait_on_gevent()  # psycopg's waits too, on gevent's loop
# before prometheus_client is imported here or in a worker: their values go there
metrics.prepare_directory()


def somaxconn() -> int:
    """The kernel's cap on a listen backlog (a larger one is cut to it)."""
    try:
        return int(Path("/proc/sys/net/core/somaxconn").read_text())
    except (OSError, ValueError):
        return 4096  # Linux's default since 5.4


bind = SETTINGS.address
workers = SETTINGS.workers
worker_class = "service.serving.Worker"  # gevent, with client timeouts and JSON errors
worker_connections = SETTINGS.worker_connections
# A keep-alive connection may idle between requests as long as any client may be silent
# (``CLIENT_SECONDS``, which bounds a new connection's first request too), not gunicorn's
# 2 s: a seat's turns come several seconds apart, so with 2 s every move paid for a new
# connection (its accept, greenlet and parser), and a proxy reusing an idle connection
# raced the server's close of it.
keepalive = math.ceil(SETTINGS.client_seconds)  # gunicorn wants whole seconds
backlog = SETTINGS.backlog or somaxconn()
# gunicorn reads it from the environment by itself too (for X-Forwarded-Proto); the app
# reads the same, checked, value (api.context.Proxies)
forwarded_allow_ips = SETTINGS.forwarded_allow_ips
wsgi_app = "service:create_app()"
# No runtime control socket: gunicorn's default path is shared by every instance of a
# user on the machine.
control_socket_disable = True
# JSON lines on stderr (service/logs.py); the app writes the access lines itself.
logconfig_dict = logs.LOGCONFIG
logger_class = "service.logs.GunicornLogger"

# the garbage collector's thresholds in the workers (see post_worker_init)
GC_THRESHOLDS = SETTINGS.gc_thresholds
FILES_PER_WORKER = worker_connections + 256  # clients, plus pool, listener, logs, imports


def on_starting(server) -> None:
    """Raise the open-files limit the workers inherit to what their connections need."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FILES_PER_WORKER if hard == resource.RLIM_INFINITY else min(FILES_PER_WORKER, hard)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if wanted < FILES_PER_WORKER:
        logging.getLogger("gunicorn.error").warning(
            "open-files hard limit %s is below the %s that %s connections per worker need",
            hard,
            FILES_PER_WORKER,
            worker_connections,
        )


def when_ready(server) -> None:
    """One line that says where everything is."""
    for address in server.cfg.bind:
        base = f"http://{address}".replace("0.0.0.0", "127.0.0.1")
        server.log.info(
            "serving at %s: play at %s/play, API docs at %s/docs (spec %s/v1/openapi.json), "
            "metrics at %s/metrics",
            *([base] * 5),
        )


def post_worker_init(worker) -> None:
    """Each worker process's garbage collector leaves the objects of the start-up alone
    (``freeze``) and runs less often: with thousands of waiting greenlets a full
    collection stalls every one of them. (It listens for changes from its first waiting
    client on, ``changes.Hub.waiter``: a process nobody waits on is not woken by every
    move of every table.)"""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def child_exit(server, worker) -> None:
    """A dead worker's live gauges (waiters, pool) leave the metrics' sums."""
    metrics.worker_exited(worker.pid)
