"""The web table's weight and speed in headless Chromium (Debian's, as ``make e2e`` uses
it) against the service on this machine: ``python -m bench.measure_play`` (``make
bench-web``). Prints figures, asserts nothing.

- **Bytes**: what one game's table page transfers on a cold load (an empty cache), as
  served: the page, its modules and CSS, the card pictures, the API's answers and the
  event stream's first bytes, counted on the wire (headers included) from the DevTools
  protocol's Network events, until the page is playable and every picture has loaded;
  beside it, what gzip would make of the answers the service sends uncompressed. Then
  the same page reloaded with a warm cache.
- **Time to a playable table**: from the navigation's start to the first frame after an
  enabled, visible ``[data-move]`` appeared (the page's own clock, ``performance.now()``),
  cold and warm; the median of ``--loads`` loads, and the range.
- **CPU per event**: a page watching a 13-seat Spoons round of computer players (a
  spectator), Chromium's own accounting (``Performance.getMetrics``: TaskDuration,
  ScriptDuration, LayoutDuration, RecalcStyleDuration) from the page's first render to
  the round's end, divided by the events logged meanwhile; and the long tasks (50 ms or
  more) and the frames that came 50 ms or more after the one before. Beside it, from
  Chromium's trace of the same watch, each task of the page's main thread (an event read
  from the stream, drawn, and its animations started, is one task; a frame is another):
  their time per event, their median, 95th percentile and longest, and how many took more
  than a frame's 16 ms.

The browser is seated through the lobby's join-by-code field, as a person would be; the
host deals through the API. Every request is checked to stay on 127.0.0.1."""

import argparse
import gzip
import json
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from tests.databases import fresh_database, server_url
from tests.push.server import HOST, serve

from .common import UNLIMITED

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
TABLE_URL = re.compile(r"/play/table/([0-9a-f-]{36})$")
GAMES = ("old-maid", "blind-date", "crazy-eights", "go-fish", "spoons", "mystery-date")
VIEWPORT = {"width": 1280, "height": 800}

# In every page before its own scripts: when the first enabled, visible [data-move]
# appears (and the frame after it), the long tasks, and the gaps between frames.
WATCH = """(() => {
  const marks = window.__measure =
    {playable: null, painted: null, longTasks: [], slowFrames: 0, frames: 0};
  const playable = () => [...document.querySelectorAll("[data-move]")]
    .some((e) => !e.disabled && e.getClientRects().length > 0);
  const look = () => {
    if (marks.playable !== null || !playable()) return;
    marks.playable = performance.now();
    requestAnimationFrame(() => { marks.painted = performance.now(); });
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.longTasks.push(entry.duration);
    }).observe({type: "longtask", buffered: true});
  } catch (error) { /* no longtask timing here */ }
  let last = performance.now();
  const frame = (now) => {
    if (now - last >= 50) marks.slowFrames += 1;
    marks.frames += 1;
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""


@dataclass
class Api:
    url: str

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)


@dataclass
class Transfer:
    """One request as the DevTools protocol saw it."""

    url: str
    kind: str = "other"
    status: int = 0
    encoding: str = ""
    wire: int = 0  # bytes received, headers included (encodedDataLength)
    body: int = 0  # bytes after decoding
    finished: bool = False
    request_id: str = ""


@dataclass
class Network:
    """Every request of one page, from the DevTools protocol's Network domain."""

    cdp: object
    transfers: dict[str, Transfer] = field(default_factory=dict)
    saved: int = 0  # what gzip would save on the answers sent uncompressed

    def __post_init__(self):
        self.cdp.send("Network.enable")
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.responseReceived", self._received)
        self.cdp.on("Network.dataReceived", self._data)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _sent(self, event):
        self.transfers[event["requestId"]] = Transfer(
            event["request"]["url"], request_id=event["requestId"]
        )

    def _received(self, event):
        transfer = self.transfers.setdefault(event["requestId"], Transfer(event["response"]["url"]))
        response = event["response"]
        transfer.kind = kind_of(transfer.url, event.get("type", ""))
        transfer.status = response["status"]
        headers = {name.lower(): value for name, value in response.get("headers", {}).items()}
        transfer.encoding = headers.get("content-encoding", "")

    def _data(self, event):
        transfer = self.transfers.get(event["requestId"])
        if transfer and not transfer.finished:
            transfer.body += event["dataLength"]
            transfer.wire += event.get("encodedDataLength", 0)

    def _finished(self, event):
        transfer = self.transfers.get(event["requestId"])
        if transfer:
            transfer.wire = event["encodedDataLength"]  # the total, headers included
            transfer.finished = True

    def gzip_would_save(self) -> int:
        """Bytes gzip would have saved on the bodies sent uncompressed (text only)."""
        saved = 0
        for transfer in self.transfers.values():
            textual = transfer.kind in {"page", "module", "css", "card", "api"}
            if not textual or transfer.encoding or transfer.status != 200:
                continue
            try:
                answer = self.cdp.send(
                    "Network.getResponseBody", {"requestId": transfer.request_id}
                )
            except Exception:  # noqa: BLE001 - evicted: counted as nothing saved
                continue
            body = answer["body"].encode()
            saved += max(0, len(body) - len(gzip.compress(body, 6)))
        return saved


def kind_of(url: str, resource_type: str) -> str:
    path = urlsplit(url).path
    if path.startswith("/play/cards/"):
        return "card"
    if path.endswith("/stream"):
        return "stream"
    if path.startswith("/v1/"):
        return "api"
    if path.endswith(".js"):
        return "module"
    if path.endswith(".css"):
        return "css"
    if resource_type == "Document" or path.startswith("/play"):
        return "page"
    return "other"


def outside(network: Network) -> list[str]:
    return [t.url for t in network.transfers.values() if urlsplit(t.url).hostname not in {HOST}]


def kib(n: float) -> str:
    return f"{n / 1024:.1f} KiB"


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.0f} ms "
        f"(min {min(values):.0f}, max {max(values):.0f}; {len(values)} loads)"
    )


# --- a seat at a table, through the lobby ---------------------------------------------


def seated_table(browser, api: Api, slug: str, storage: Path) -> str:
    """A private table of ``slug`` with this browser at a seat (through the lobby's
    join-by-code field) and computer players at the others, dealt, with the person to
    act (bots answer at once; Spoons' bots think 30 s, so nothing moves meanwhile). Its
    URL; the browser's storage (the seat's token), for fresh contexts, in ``storage``."""
    seats = 3 if slug == "spoons" else 2  # two: every Go Fish ask has one seat to ask
    created = api.call(
        "POST",
        "/v1/games",
        {
            "type": slug,
            "seats": seats,
            "visibility": "private",
            "think_seconds": 30 if slug == "spoons" else 0,
        },
    )
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    page = context.new_page()
    page.goto(f"{api.url}/play")
    code = page.locator('[data-action="join-code"]')
    code.fill(created["code"])
    code.press("Enter")
    page.wait_for_url(TABLE_URL)
    table = page.url
    deal(api, created)
    page.locator("[data-move]:enabled").first.wait_for(timeout=30_000)
    context.storage_state(path=storage)
    context.close()
    return table


def deal(api: Api, created: dict) -> None:
    """The host deals, computer players at every free seat."""
    body = {"fill_with_bots": "basic"}
    api.call("POST", f"/v1/games/{created['id']}/deal", body, created["host_token"])


def load(browser, url: str, storage: Path, context=None) -> tuple[dict, Network, object]:
    """Open (or, with ``context``, reload in it) the table page: its marks, and its
    requests until then (the protocol session is left: later loads are not counted)."""
    if context is None:
        context = browser.new_context(viewport=VIEWPORT, locale="en-US", storage_state=storage)
        context.add_init_script(WATCH)
        page = context.new_page()
    else:
        page = context.pages[0]
    cdp = context.new_cdp_session(page)
    network = Network(cdp)
    page.goto(url) if not page.url.startswith("http") else page.reload()
    # functions, not expressions: the page's policy forbids eval
    page.wait_for_function("() => window.__measure && window.__measure.painted !== null")
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    page.wait_for_timeout(300)  # what the first events brought
    marks = page.evaluate("() => window.__measure")
    network.saved = network.gzip_would_save()
    cdp.detach()
    return marks, network, context


def weigh(browser, api: Api, slug: str, loads: int, workdir: Path) -> None:
    storage = workdir / f"{slug}.json"
    url = seated_table(browser, api, slug, storage)
    cold, warm, firsts = [], [], []
    for _ in range(loads):
        marks, first, context = load(browser, url, storage)
        cold.append(marks["painted"])
        marks, again, _ = load(browser, url, storage, context)  # the same, cached
        warm.append(marks["painted"])
        firsts.append((first, again))
        context.close()
    first, again = firsts[0]
    report_bytes(slug, first, again)
    print(f"    time to a playable table, cold: {spread(cold)}")
    print(f"    time to a playable table, warm: {spread(warm)}")
    strays = [url for first, again in firsts for url in outside(first) + outside(again)]
    if strays:
        print(f"    REQUESTS OFF THIS MACHINE: {strays}")


def report_bytes(slug: str, network: Network, warm: Network) -> None:
    by_kind: dict[str, list[Transfer]] = defaultdict(list)
    for transfer in network.transfers.values():
        by_kind[transfer.kind].append(transfer)
    total = sum(t.wire for t in network.transfers.values())
    print(f"  {slug}: {kib(total)} on the wire, {len(network.transfers)} requests (cold)")
    for kind in ("page", "module", "css", "card", "api", "stream", "other"):
        transfers = by_kind.get(kind, [])
        if not transfers:
            continue
        gzipped = sum(1 for t in transfers if t.encoding == "gzip")
        print(
            f"    {kind:7} {len(transfers):3} requests {kib(sum(t.wire for t in transfers)):>10}"
            f" on the wire, {kib(sum(t.body for t in transfers)):>10} decoded;"
            f" {gzipped} gzipped"
        )
    if network.saved:
        print(f"    gzip on the answers sent uncompressed would save {kib(network.saved)}")
    warm_total = sum(t.wire for t in warm.transfers.values())
    statuses = defaultdict(int)
    for transfer in warm.transfers.values():
        statuses[transfer.status] += 1
    print(
        f"    reloaded with a warm cache: {kib(warm_total)}, {len(warm.transfers)} requests"
        f" (status: {dict(sorted(statuses.items()))})"
    )


# --- CPU per event: 13 seats of Spoons --------------------------------------------------


CPU_METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")
IDLE_SECONDS = 5


def spoons_cpu(browser, api: Api, think: float, limit: float) -> None:
    """A spectator's page on a 13-seat Spoons round of bots: Chromium's main-thread time
    from its first render to the round's end, per event logged meanwhile; less what the
    same page spends idle (its clocks and the frame counter of ``WATCH``), measured for
    ``IDLE_SECONDS`` once the round is over."""
    body = {"type": "spoons", "seats": 13, "visibility": "private", "think_seconds": think}
    created = api.call("POST", "/v1/games", body)
    game_id = created["id"]
    deal(api, created)
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.add_init_script(WATCH)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    network = Network(cdp)
    page.goto(f"{api.url}/play/table/{game_id}")
    page.locator("[data-status]").wait_for()
    page.wait_for_timeout(500)  # the log so far, drawn

    def last_seq() -> int:
        return api.call("GET", f"/v1/games/{game_id}/events?limit=1")["last_seq"]

    def status() -> str:
        return api.call("GET", f"/v1/games/{game_id}")["status"]

    browser.start_tracing(categories=TRACE_CATEGORIES)
    before, first_seq = metrics(cdp), last_seq()
    marks_before = page.evaluate(
        "() => ({...window.__measure, longTasks: __measure.longTasks.length})"
    )
    views_before = views_read(network)
    started = time.monotonic()
    while time.monotonic() - started < limit and status() == "playing":
        time.sleep(0.5)
    page.wait_for_timeout(500)  # the last events, drawn
    after, events = metrics(cdp), last_seq() - first_seq
    tasks = main_thread_tasks(json.loads(browser.stop_tracing()))
    marks = page.evaluate("() => window.__measure")
    views = views_read(network) - views_before
    page.wait_for_timeout(IDLE_SECONDS * 1000)
    idle = metrics(cdp)
    seconds = after["Timestamp"] - before["Timestamp"]
    print(
        f"  a 13-seat Spoons round of bots (think {think} s), watched for {seconds:.1f} s"
        f" (then {status()}): {events} events, {events / seconds:.1f} a second;"
        f" the page read the view {views} times"
    )
    if events <= 0:
        print("    no events: nothing to divide by")
        context.close()
        return
    idle_seconds = idle["Timestamp"] - after["Timestamp"]
    for name in CPU_METRICS:
        spent = after[name] - before[name]
        resting = (idle[name] - after[name]) / idle_seconds * seconds  # idle, as long
        print(
            f"    {name:19} {spent * 1000:6.0f} ms, {spent / seconds * 100:4.1f} % of a core;"
            f" less idle ({resting * 1000:4.0f} ms): {(spent - resting) * 1000 / events:5.2f} ms"
            " an event"
        )
    long_tasks = marks["longTasks"][marks_before["longTasks"] :]
    longest = f", the longest {max(long_tasks):.0f} ms" if long_tasks else ""
    print(
        f"    long tasks (50 ms or more): {len(long_tasks)}{longest}; frames 50 ms or more"
        f" after the one before: {marks['slowFrames'] - marks_before['slowFrames']}"
        f" of {marks['frames'] - marks_before['frames']};"
        f" JS heap {after['JSHeapUsedSize'] / 2**20:.1f} MiB"
    )
    report_tasks(tasks, events)
    if outside(network):
        print(f"    REQUESTS OFF THIS MACHINE: {outside(network)}")
    context.close()


# The main thread's tasks in Chromium's trace: RunTask (ThreadControllerImpl::RunTask in
# older versions) on the renderer's CrRendererMain thread.
TRACE_CATEGORIES = ["disabled-by-default-devtools.timeline", "toplevel"]
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}
FRAME_MS = 16


def main_thread_tasks(trace: dict) -> list[float]:
    """The durations (ms) of the tasks of the busiest renderer main thread in the trace:
    the page's, the others (closed pages' renderers) being idle."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mains = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("ph") == "M"
        and event.get("name") == "thread_name"
        and event.get("args", {}).get("name") == "CrRendererMain"
    }
    # one name only: where a version traces both, one task nests in the other
    names = {event.get("name") for event in events} & TASK_NAMES
    name = "RunTask" if "RunTask" in names else next(iter(names), None)
    tasks: dict[tuple[int, int], list[float]] = defaultdict(list)
    for event in events:
        thread = (event.get("pid"), event.get("tid"))
        if event.get("ph") == "X" and event.get("name") == name and thread in mains:
            tasks[thread].append(event.get("dur", 0) / 1000)
    return max(tasks.values(), key=sum, default=[])


def report_tasks(tasks: list[float], events: int) -> None:
    if not tasks:
        print("    no main-thread tasks in the trace")
        return
    ordered = sorted(tasks)
    over = sum(1 for task in tasks if task > FRAME_MS)
    print(
        f"    main-thread tasks (trace): {len(tasks)}, {sum(tasks):.0f} ms,"
        f" {sum(tasks) / events:.2f} ms an event; median {statistics.median(ordered):.2f} ms,"
        f" p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} ms, longest {ordered[-1]:.1f} ms;"
        f" {over} over {FRAME_MS} ms"
    )


def views_read(network: Network) -> int:
    return sum(1 for t in network.transfers.values() if urlsplit(t.url).path.endswith("/view"))


def metrics(cdp) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="tables to weigh, comma-separated")
    parser.add_argument("--loads", type=int, default=5, help="cold and warm loads per table")
    parser.add_argument("--think", type=float, default=1.0, help="Spoons bots' think_seconds")
    parser.add_argument("--spoons-seconds", type=float, default=90, help="longest Spoons watch")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"no chromium at {CHROMIUM} (make e2e installs Debian's)")
    from playwright.sync_api import sync_playwright

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server, drop the db
    server = server_url()
    print(f"{os.cpu_count()} CPUs; {args.workers} gevent workers; PostgreSQL at {server}")
    with (
        fresh_database(server) as url,
        serve(url, workers=args.workers, env=UNLIMITED) as gunicorn,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory() as workdir,
    ):
        api = Api(f"http://{gunicorn.host}:{gunicorn.port}")
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        print(f"Chromium {browser.version}, headless, {VIEWPORT['width']}x{VIEWPORT['height']}")
        print("Each game's table, seated (bytes as served; times from navigation start):")
        for slug in args.games.split(","):
            weigh(browser, api, slug, args.loads, Path(workdir))
        print("CPU per event applied:")
        spoons_cpu(browser, api, args.think, args.spoons_seconds)
        browser.close()


if __name__ == "__main__":
    main()
