"""The whole service on one machine: gunicorn (``gunicorn.conf.py``) and the
worker side by side, as ``make run`` and the Docker image start it.

    python -m service.run

The worker is restarted whenever it dies (after a pause that grows while it keeps dying
young); SIGTERM or SIGINT stops both and waits for them; if gunicorn exits, the worker
is stopped too and the exit code is gunicorn's. Nothing outlives this process.
"""

import logging
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from . import logs, metrics
from .settings import SETTINGS

log = logging.getLogger("service.run")
# beside the package in a checkout; set GUNICORN_CONFIG where the package is installed
CONFIG = Path(SETTINGS.gunicorn_config)
RESTART_SECONDS = (1.0, 30.0)  # first and longest pause before restarting the worker
HEALTHY_SECONDS = 30  # a worker that lived this long starts the pauses afresh
STOP_SECONDS = 20  # then SIGKILL


def main() -> int:
    logs.configure()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    metrics.prepare_directory()  # shared by gunicorn's workers and the worker
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(CONFIG)])
    worker, started = _start_worker()
    pause = RESTART_SECONDS[0]
    while not stop.wait(0.5):
        if server.poll() is not None:
            log.error("gunicorn exited with %s", server.returncode)
            break
        if worker.poll() is None:
            continue
        lived = time.monotonic() - started
        pause = RESTART_SECONDS[0] if lived > HEALTHY_SECONDS else pause
        log.error("the worker exited with %s; restarting it in %.0f s", worker.returncode, pause)
        metrics.worker_exited(worker.pid)  # its live gauges (the pool) leave the sums
        if stop.wait(pause):
            break
        worker, started = _start_worker()
        pause = min(pause * 2, RESTART_SECONDS[1])
    for process in (worker, server):
        _stop(process)
    return server.returncode or 0


def _start_worker() -> tuple[subprocess.Popen, float]:
    return subprocess.Popen([sys.executable, "-m", "service.worker"]), time.monotonic()


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


if __name__ == "__main__":
    sys.exit(main())
