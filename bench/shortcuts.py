"""Part ``shortcuts``: gunicorn's CPU per request of the service with its two CPU
shortcuts (psycopg itself for its hot statements, its access lines joined by hand) and
on its general paths (``general_paths.py``), each beside its fair reference: bare Flask
running the store's own SQL (``bare_sql.py``), through psycopg itself or through
SQLAlchemy. The four servers run side by side under the repo's gunicorn config, each
load cut into slices taken by turns, with ``CLIENTS`` clients: few, since the four
pools must fit in PostgreSQL's connections (100 by default) beside whatever else runs
here."""

from contextlib import ExitStack

from tests.databases import fresh_database
from tests.push.server import serve

from .common import UNLIMITED
from .http import BARE_SQL, SLICES, WORKERS, cpu_ms_per_request, load_by_turns
from .report import num, progress, ratio

CLIENTS = 4
APPS = {  # name: the gunicorn app (None: the service)
    "service": None,
    "general paths": "bench.general_paths:create_app()",
    "bare_sql": BARE_SQL,
    "bare_sql through SQLAlchemy": "bench.general_paths:bare_sql_app()",
}


def run(server_url: str, seconds: float, report) -> None:
    progress("shortcuts: the service, the same on its general paths, bare Flask + its SQL")
    with ExitStack() as stack:
        servers = {}
        for name, app in APPS.items():
            url = stack.enter_context(fresh_database(server_url))
            server = stack.enter_context(serve(url, workers=WORKERS, env=UNLIMITED, app=app))
            servers[name] = (server, {})
        loads = load_by_turns(servers, (CLIENTS,), seconds)
    rows(
        {name: cpu_ms_per_request(load[CLIENTS], "server") for name, load in loads.items()}, report
    )
    report.add(
        "shortcuts",
        "how",
        f"{SLICES} slices",
        "",
        f"each {seconds:g} s load cut into {SLICES}, the four servers' taken by turns",
    )


def rows(per_request: dict[str, float], report) -> None:
    part = f"shortcuts, {CLIENTS} clients"
    ours, general, reference, general_reference = (per_request[name] for name in APPS)
    report.add(
        part,
        "gunicorn CPU per request",
        num(ours, 2),
        "ms",
        f"bare + the store's SQL {num(reference, 2)}",
        ratio(ours, reference),
    )
    report.add(
        part,
        "  on the general paths",
        num(general, 2),
        "ms",
        f"bare + the store's SQL through SQLAlchemy {num(general_reference, 2)}",
        ratio(general, general_reference),
    )
    report.add(
        part,
        "  the shortcuts save",
        num(general - ours, 2),
        "ms",
        f"shortcuts {num(ours, 2)} / general paths {num(general, 2)}",
        ratio(ours, general),
    )
    report.add(
        part,
        "  psycopg itself saves bare + SQL",
        num(general_reference - reference, 2),
        "ms",
        f"psycopg {num(reference, 2)} / SQLAlchemy {num(general_reference, 2)}",
        ratio(reference, general_reference),
    )
