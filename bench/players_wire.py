"""HTTP/1.1 for the simulated players of ``bench.players``: asyncio over raw sockets, as
cheap as a client in Python gets, so that one process plays a thousand players.

- ``Connection``: keep-alive requests, one at a time, as a browser's connection carries
  them; it reconnects when the server has closed it (gunicorn closes idle ones after 2 s).
- ``Stream``: a Server-Sent-Events stream whose ``bursts()`` yields the messages that one
  read of the socket brought: a burst, as the server writes the events of one commit
  back to back."""

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from tests.push.client import Message, add_field

READ_BYTES = 65536


class Refused(Exception):
    """An answer other than 2xx; carries the status and the body."""

    def __init__(self, status: int, body: bytes):
        super().__init__(f"{status}: {body[:300].decode(errors='replace')}")
        self.status = status
        self.body = body


def head(method: str, path: str, host: str, headers: dict[str, str], body: bytes) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body or method == "POST":
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    raw = await reader.readuntil(b"\r\n\r\n")
    status_line, *lines = raw.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        if name:
            headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if "chunked" in headers.get("transfer-encoding", ""):
        parts = []
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            parts.append(await reader.readexactly(size + 2))
        await reader.readuntil(b"\r\n")
        return b"".join(part[:-2] for part in parts)
    return await reader.readexactly(int(headers.get("content-length", 0)))


class Connection:
    """One keep-alive connection; ``request`` returns the decoded JSON (or None)."""

    def __init__(self, host: str, port: int):
        self.address = (host, port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()
        self.opened = 0  # TCP connections made (not requests)

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Any:
        payload = b"" if body is None else json.dumps(body).encode()
        data = head(method, path, "bench", headers or {}, payload)
        async with self.lock:
            status, answer_headers, raw = await self._exchange(data)
        if not 200 <= status < 300:
            raise Refused(status, raw)
        return json.loads(raw) if raw else None

    async def _exchange(self, data: bytes) -> tuple[int, dict[str, str], bytes]:
        """Send on the open connection; if the server closed it meanwhile (nothing came
        back), once more on a new one. Moves carry an Idempotency-Key: a retry is safe."""
        for fresh in (self.reader is None or self.reader.at_eof(), True):
            if fresh:
                await self._open()
            try:
                self.writer.write(data)
                status, headers = await read_head(self.reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if fresh:
                    raise
                continue
            body = await read_body(self.reader, headers)
            if headers.get("connection", "").lower() == "close":
                self.close()
            return status, headers, body
        raise AssertionError("unreachable")

    async def _open(self) -> None:
        self.close()
        self.reader, self.writer = await asyncio.open_connection(*self.address)
        self.opened += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Stream:
    """An SSE stream on a connection of its own (chunked, as gunicorn sends it)."""

    def __init__(self, host: str, port: int, path: str, headers: dict[str, str]):
        self.address = (host, port)
        self.path = path
        self.headers = {"Accept": "text/event-stream", **headers}
        self.writer: asyncio.StreamWriter | None = None

    async def bursts(self) -> AsyncIterator[list[Message]]:
        """The messages of each read, until the server closes the stream."""
        reader, self.writer = await asyncio.open_connection(*self.address)
        try:
            self.writer.write(head("GET", self.path, "bench", self.headers, b""))
            status, headers = await read_head(reader)
            if status != 200:
                raise Refused(status, await read_body(reader, headers))
            chunks = Chunks()
            text = ""
            while data := await reader.read(READ_BYTES):
                text += chunks.feed(data)
                *frames, text = text.split("\n\n")
                if messages := [m for m in map(parse_frame, frames) if m is not None]:
                    yield messages
        finally:
            self.close()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Chunks:
    """Incremental decoding of a chunked body: ``feed`` returns the text now complete."""

    def __init__(self) -> None:
        self.pending = b""

    def feed(self, data: bytes) -> str:
        self.pending += data
        out = []
        while (end := self.pending.find(b"\r\n")) >= 0:
            size = int(self.pending[:end].split(b";")[0], 16)
            if len(self.pending) < end + 2 + size + 2:
                break
            out.append(self.pending[end + 2 : end + 2 + size])
            self.pending = self.pending[end + 2 + size + 2 :]
        return b"".join(out).decode()


def parse_frame(frame: str) -> Message | None:
    """One SSE message; comments (heartbeats, ``retry:``) are dropped."""
    message = Message()
    for line in frame.split("\n"):
        if not line.startswith(":"):
            add_field(message, line)
    return None if message.data is None else message
