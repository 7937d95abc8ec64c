"""The peer ``bench.players`` sets beside the service: boardgame.io (``bench/peer``, its
packages installed from its lock by ``npm ci``) serving Crazy Eights from one Node
process, its matches stored in PostgreSQL through bgio-postgres on a database of its own
(``store="postgres"``), or in boardgame.io's memory (``store="memory"``)."""

import json
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from .players_peer_client import GAME  # noqa: F401 (the one game it serves)
from .players_server import Server, admin, free_port, running

PEER = Path(__file__).resolve().parent / "peer"


def missing() -> str | None:
    """Why the peer cannot run here, or None."""
    if shutil.which("node") is None:
        return "no Node on the PATH"
    if not (PEER / "node_modules" / "boardgame.io").is_dir():
        return "bench/peer's packages are not installed (make bench-players runs npm ci there)"
    return None


def describe(store: str) -> str:
    """The versions installed, e.g. ``boardgame.io 0.50.2 + bgio-postgres 1.0.16``."""
    label = f"boardgame.io {version('boardgame.io')}"
    if store == "postgres":
        return f"{label} + bgio-postgres {version('bgio-postgres')}"
    return f"{label}, in memory"


def version(package: str) -> str:
    manifest = PEER / "node_modules" / package / "package.json"
    return json.loads(manifest.read_text())["version"]


@contextmanager
def database(server_url: str, store: str) -> Iterator[str | None]:
    """A new, empty database (bgio-postgres makes its table) and its URL; None in memory."""
    if store == "memory":
        yield None
        return
    name = f"bench_players_peer_{uuid.uuid4().hex[:10]}"
    admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        url = make_url(server_url).set(drivername="postgres", database=name)  # as Node's pg
        yield url.render_as_string(hide_password=False)
    finally:
        admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def serve(url: str | None) -> Iterator[Server]:
    """``node server.js`` until the block ends (NODE_ENV=production: boardgame.io logs
    no info line a move); its output in a file."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "NODE_ENV": "production"}
    env.pop("DATABASE_URL", None)
    if url:
        env["DATABASE_URL"] = url
    log = Path(tempfile.mkstemp(prefix="bench-players-peer-", suffix=".log")[1])
    with log.open("wb") as output:
        process = subprocess.Popen(
            ["node", "server.js"],
            cwd=PEER,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    name = make_url(url).database if url else None
    server = Server(PEER, port, process.pid, name, log)
    with running(server, process, "/games", "the peer"):  # its lobby answers
        yield server
