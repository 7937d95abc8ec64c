"""The servers ``bench.players`` compares: a checkout of a commit (``git worktree add`` into
a temporary directory) or this tree, its own fresh database migrated by its own
migrations, and ``python -m service.run`` (gunicorn, its gevent workers and the worker)
from that checkout, with this venv's Python."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from .common import UNLIMITED

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
START_SECONDS = 60


@dataclass
class Server:
    root: Path
    port: int
    pid: int  # service.run: gunicorn's master, its workers and the worker are below it
    database: str | None  # the database's name (its PostgreSQL backends carry it)
    log: Path


@contextmanager
def checkout(ref: str | None) -> Iterator[Path]:
    """This tree for None, else the commit checked out (detached) in a temporary worktree."""
    if ref is None:
        yield ROOT
        return
    place = Path(tempfile.mkdtemp(prefix="bench-players-")) / "tree"
    git("worktree", "add", "--detach", "--quiet", str(place), ref)
    try:
        yield place
    finally:
        git("worktree", "remove", "--force", str(place))
        shutil.rmtree(place.parent, ignore_errors=True)


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def describe(ref: str | None) -> str:
    """A commit's short hash, or what the working tree is on."""
    if ref is None:
        dirty = " + edits" if git("status", "--porcelain", "--untracked-files=no") else ""
        return f"this tree, {git('rev-parse', '--short', 'HEAD')}{dirty}"
    return git("rev-parse", "--short", ref)


def environment(root: Path, extra: dict[str, str]) -> dict[str, str]:
    """The checkout's own code first on the path (the venv's editable install points at
    this tree), and its gunicorn config."""
    env = {**os.environ, **UNLIMITED, **extra}
    env["PYTHONPATH"] = str(root)
    env["GUNICORN_CONFIG"] = str(root / "gunicorn.conf.py")
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # service.run makes a fresh one
    return env


@contextmanager
def database(server_url: str, root: Path) -> Iterator[str]:
    """A new database migrated by the checkout's migrations; its URL. Dropped after."""
    name = f"bench_players_{uuid.uuid4().hex[:10]}"
    admin(server_url, f'CREATE DATABASE "{name}"')
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    try:
        env = environment(root, {"DATABASE_URL": url})
        alembic = [sys.executable, "-m", "alembic", "upgrade", "head"]
        done = subprocess.run(alembic, cwd=root, env=env, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"alembic upgrade head in {root} failed:\n{done.stderr[-2000:]}")
        yield url
    finally:
        admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def admin(server_url: str, statement: str) -> None:
    engine = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(statement))
    engine.dispose()


@contextmanager
def serve(root: Path, url: str, workers: int) -> Iterator[Server]:
    """``python -m service.run`` from the checkout until the block ends; its log in a file."""
    port = free_port()
    settings = {"DATABASE_URL": url, "BIND": f"{HOST}:{port}", "WORKERS": str(workers)}
    env = environment(root, settings)
    check_imports(root, env)
    log = Path(tempfile.mkstemp(prefix="bench-players-", suffix=".log")[1])
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "service.run"],
            cwd=root,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(root, port, process.pid, make_url(url).database, log)
    with running(server, process, "/v1/ready", "the server"):
        yield server


def check_imports(root: Path, env: dict[str, str]) -> None:
    """The server must run the checkout's code, not this tree's."""
    probe = [sys.executable, "-c", "import service; print(service.__file__)"]
    found = subprocess.run(probe, cwd=root, env=env, capture_output=True, text=True, check=True)
    if not Path(found.stdout.strip()).is_relative_to(root):
        raise RuntimeError(f"the server would import {found.stdout.strip()}, not {root}")


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextmanager
def running(server: Server, process: subprocess.Popen, path: str, who: str) -> Iterator[None]:
    """The block, once ``path`` answers; then the process stopped, and its log removed,
    or kept and named if anything failed."""
    try:
        wait_until_ready(server, process, path, who)
        yield
    except BaseException:
        print(f"{who}'s log: {server.log}", file=sys.stderr)  # kept to read why
        raise
    else:
        server.log.unlink()
    finally:
        stop(process)


def wait_until_ready(
    server: Server,
    process: subprocess.Popen,
    path: str,
    who: str,
    seconds: float = START_SECONDS,
) -> None:
    """Until ``path`` answers (``/v1/ready``: the database answers and the worker has
    swept), or the process ends or ``seconds`` pass: then it is stopped."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up and process.poll() is None:
        url = f"http://{HOST}:{server.port}{path}"
        with suppress(OSError), urllib.request.urlopen(url, timeout=2):
            return
        time.sleep(0.2)
    stop(process)
    tail = server.log.read_text(errors="replace")[-3000:]
    raise RuntimeError(f"{who} in {server.root} did not become ready:\n{tail}")


def stop(process: subprocess.Popen) -> None:
    """SIGTERM service.run (it stops gunicorn and the worker), then the group if need be."""
    with suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGTERM)
    with suppress(subprocess.TimeoutExpired):
        process.wait(30)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
