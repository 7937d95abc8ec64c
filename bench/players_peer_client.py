"""The simulated players of ``bench.players`` at the boardgame.io peer (``bench/peer``),
in the same pattern as at the service (``bench/players_client.py``): four a table, each
thinking ``think`` seconds before it sends one of its seat's legal moves, seat 0 dealing
each next round (a move to boardgame.io, counted as a request as the service's POST
/deal is, not as a move), the next match made when one is over.

Each player joins the match through boardgame.io's lobby API and follows it on a
socket.io connection of its own (the websocket transport), as boardgame.io's client:
``sync`` once, then every accepted move comes back to every seat as ``update``, the
state as ``playerView`` filters it for that seat (the seat's legal moves included). A
move is an ``update`` sent with the state's ``_stateID``; the move reached the table
once every other seat holds a state with a later ``_stateID``, and its own answer is
that state at the mover's seat (``post``, as a move's POST at the service)."""

import asyncio
import time
from collections import deque

import aiohttp
import socketio

from .players_client import REACH_SECONDS, SEATS, Pending, Run

GAME = "crazy-eights"  # the game's name in bench/peer/game.js
NAMESPACE = f"/{GAME}"
DEAL = "dealNext"  # seat 0's move between rounds
clock = time.monotonic
ERRORS = (OSError, aiohttp.ClientError, socketio.exceptions.SocketIOError)  # TimeoutError too


def session() -> aiohttp.ClientSession:
    """One HTTP client for every player: the lobby's requests and the sockets' handshakes
    (no limit on connections: each socket holds one for as long as it is open)."""
    connector = aiohttp.TCPConnector(limit=0)
    return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar())


class PeerPlayer:
    def __init__(self, run: Run, table: "PeerTable", http: aiohttp.ClientSession):
        self.run = run
        self.table = table
        self.http = http
        self.opened = 0  # socket.io connections made

    def join(self, match_id: str, seat: int, credentials: str) -> None:
        """A fresh seat: nothing seen yet."""
        self.match_id, self.seat, self.credentials = match_id, seat, credentials
        self.player_id = str(seat)
        self.state: dict | None = None
        self.state_id = -1
        # the newest few (state ID, when it came): a table's move is at every seat
        # within a few of them
        self.views: deque[tuple[int, float]] = deque(maxlen=8)
        self.changed = asyncio.Event()
        self.dropped = False

    async def play_match(self) -> None:
        """Connect, sync, and act on the seat until the match is over."""
        socket = socketio.AsyncClient(
            reconnection=False, http_session=self.http, handle_sigint=False
        )
        socket.on("sync", self.take_sync, namespace=NAMESPACE)
        socket.on("update", self.take_update, namespace=NAMESPACE)
        socket.on("disconnect", self.take_disconnect, namespace=NAMESPACE)
        self.count("connect")
        await socket.connect(self.table.url, namespaces=[NAMESPACE], transports=["websocket"])
        self.opened += 1
        try:
            await self.sync(socket)
            await self.act(socket)
        finally:
            await socket.disconnect()

    async def sync(self, socket: socketio.AsyncClient) -> None:
        self.count("sync")
        arguments = (self.match_id, self.player_id, self.credentials, SEATS)
        await socket.emit("sync", arguments, namespace=NAMESPACE)

    def count(self, kind: str) -> None:
        if self.run.measuring(clock()):
            self.run.stats.requests[kind] += 1

    # -- what comes in

    def take_sync(self, match_id: str, info: dict) -> None:
        self.take_state(info["state"], clock())

    def take_update(self, match_id: str, state: dict, log=None) -> None:
        self.take_state(state, clock())

    def take_disconnect(self, reason=None) -> None:
        self.dropped = True
        self.changed.set()

    def take_state(self, state: dict, now: float) -> None:
        """Keep the newer of two states, by ``_stateID``, as boardgame.io's client does."""
        if state["_stateID"] <= self.state_id:
            return
        self.state, self.state_id = state, state["_stateID"]
        self.views.append((self.state_id, now))
        self.table.arrived()
        self.changed.set()

    def first_view(self, state_id: int) -> float | None:
        return next((at for seen, at in self.views if seen >= state_id), None)

    # -- what goes out

    async def act(self, socket: socketio.AsyncClient) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            if self.dropped:
                raise ConnectionError("the server closed the socket")
            if self.state["ctx"].get("gameover") is not None:
                return
            legal = self.state["G"]["legal"]
            if not legal:
                continue
            state_id = self.state_id
            await asyncio.sleep(self.run.think_seconds())
            if self.state_id != state_id:  # the table moved on meanwhile: look again
                self.changed.set()
                continue
            await self.move(socket, self.run.random.choice(legal))

    async def move(self, socket: socketio.AsyncClient, choice: dict) -> None:
        """Send the move and wait for the state it makes; if none comes in REACH_SECONDS
        (boardgame.io answers nothing to a move it refuses), ask for the table again."""
        state_id = self.state_id
        payload = {
            "type": choice["move"],
            "args": choice["args"],
            "playerID": self.player_id,
            "credentials": self.credentials,
        }
        action = {"type": "MAKE_MOVE", "payload": payload}
        sent = clock()
        if choice["move"] == DEAL:  # a request, not a move, as the service's POST /deal
            self.count("deal")
        else:
            self.count("move")
            self.table.sent(Pending(self, sent, state_id + 1, 0, self.run.measuring(sent)))
        await socket.emit("update", (action, state_id, self.match_id, self.player_id), NAMESPACE)
        try:
            await asyncio.wait_for(self.answered(state_id), REACH_SECONDS)
        except TimeoutError:
            self.run.stats.errors["move unanswered"] += 1
            await self.sync(socket)

    async def answered(self, state_id: int) -> None:
        while self.state_id <= state_id and not self.dropped:
            await self.changed.wait()
            self.changed.clear()
        self.changed.set()  # for act() to look at the new state


class PeerTable:
    """Four players at one match after the other; ``ready`` once the first is synced."""

    def __init__(self, run: Run, http: aiohttp.ClientSession):
        self.run = run
        self.http = http
        self.url = f"http://{run.config.host}:{run.config.port}"
        self.players = [PeerPlayer(run, self, http) for _ in range(SEATS)]
        self.pending: list[Pending] = []
        self.ready = asyncio.Event()

    async def play(self) -> None:
        while True:
            try:
                await self.play_match()
            except ERRORS as error:
                self.run.error("table", error)
                await asyncio.sleep(1.0)
            self.forget_pending()

    async def play_match(self) -> None:
        async with self.run.setup:
            await self.open()
            matches = [asyncio.create_task(p.play_match()) for p in self.players]
            try:
                await asyncio.wait_for(self.synced(), REACH_SECONDS)
            except BaseException:
                for match in matches:
                    match.cancel()
                raise
        self.ready.set()
        try:
            await asyncio.gather(*matches)
        finally:
            for match in matches:
                match.cancel()  # when one failed, the others too

    async def open(self) -> None:
        """Seat 0 creates the match; each seat joins it (the lobby answers credentials)."""
        created = await self.lobby("create", "create", {"numPlayers": SEATS})
        match_id = created["matchID"]
        for seat, player in enumerate(self.players):
            body = {"playerID": str(seat), "playerName": f"p{seat}"}
            joined = await self.lobby("join", f"{match_id}/join", body)
            player.join(match_id, seat, joined["playerCredentials"])

    async def lobby(self, kind: str, path: str, body: dict) -> dict:
        self.players[0].count(kind)
        url = f"{self.url}/games/{GAME}/{path}"
        async with self.http.post(url, json=body, raise_for_status=True) as answer:
            return await answer.json()

    async def synced(self) -> None:
        while any(player.state is None for player in self.players):
            await asyncio.sleep(0.05)

    def sent(self, pending: Pending) -> None:
        self.pending.append(pending)

    def arrived(self) -> None:
        """A state came to a seat: record the moves now at every seat (the mover's own
        state is the move's answer)."""
        now = clock()
        for pending in list(self.pending):
            own = pending.mover.first_view(pending.version)
            others = [p.first_view(pending.version) for p in self.players if p is not pending.mover]
            if own is not None and None not in others:
                self.pending.remove(pending)
                if pending.measured:
                    self.record(pending, own, max(others))
            elif now - pending.sent > REACH_SECONDS:
                self.pending.remove(pending)
                self.run.stats.lost += pending.measured

    def record(self, pending: Pending, own: float, table: float) -> None:
        stats = self.run.stats
        stats.moves += 1
        stats.latencies["post"].append(own - pending.sent)
        stats.latencies["event"].append(table - pending.sent)  # the state is the event
        stats.latencies["table"].append(table - pending.sent)

    def forget_pending(self) -> None:
        self.run.stats.lost += sum(p.measured for p in self.pending)
        self.pending.clear()

    def close(self) -> None:
        """The sockets close with their matches' tasks."""
