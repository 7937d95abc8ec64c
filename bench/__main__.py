"""``python -m bench [http] [shortcuts] [rounds] [length] [sweep] [engine] [bots]`` (all by
default).

Environment: ``BENCH_SECONDS`` (10): each HTTP load and each pgbench run;
``TEST_DATABASE_URL``: the PostgreSQL server whose fresh databases the parts use."""

import os
import sys
import time

from .common import lift_limits

lift_limits()  # before the service is imported

PARTS = ("http", "shortcuts", "rounds", "length", "sweep", "engine", "bots")


def main(argv: list[str]) -> int:
    parts = [a for a in argv if not a.startswith("-")] or list(PARTS)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        print(f"unknown part(s) {unknown}; choose among {' '.join(PARTS)}", file=sys.stderr)
        return 2
    from tests.databases import postgres_answers, server_url

    from .report import Report, progress

    seconds = float(os.environ.get("BENCH_SECONDS") or 10)
    server = server_url()
    report = Report()
    found: dict = {}  # what one part measured that another shows beside its figures
    started = time.monotonic()
    database = postgres_answers(server)
    for part in PARTS:
        if part not in parts:
            continue
        if part in ("http", "shortcuts", "rounds", "length", "sweep") and not database:
            report.add(part, "skipped", "", "", f"no PostgreSQL answers at {server}")
            continue
        begun = time.monotonic()
        try:
            run_part(part, server, seconds, report, found)
        except Exception as error:  # one broken part leaves the others their rows
            import traceback

            traceback.print_exc()
            report.add(part, "FAILED", f"{type(error).__name__}: {str(error)[:150]}")
        progress(f"{part}: {time.monotonic() - begun:.0f} s")
    cores = os.cpu_count()
    report.note(
        f"\n{cores} cores, shared by everything: the server, its worker, PostgreSQL and the "
        "load client (or pgbench) run on the same machine at the same time, beside whatever "
        "else runs here (the 'other processes' rows)."
    )
    report.note(f"Whole run: {time.monotonic() - started:.0f} s; BENCH_SECONDS={seconds:g}.")
    for text in found.get("notes", []):
        report.note(text)
    report.print()
    return 0


def run_part(part: str, server: str, seconds: float, report, found: dict) -> None:
    if part == "http":
        from . import http

        http.run(server, seconds, (8, 32), report, found)
    elif part == "shortcuts":
        from . import shortcuts

        shortcuts.run(server, seconds, report)
    elif part == "rounds":
        from . import rounds

        rounds.run(server, report, found)
    elif part == "length":
        from . import length

        length.run(server, report, found)
    elif part == "sweep":
        from . import sweep

        sweep.run(server, seconds, report)
    elif part == "engine":
        from . import engine

        engine.run(report, found)
    elif part == "bots":
        from . import bots

        bots.run(report)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
