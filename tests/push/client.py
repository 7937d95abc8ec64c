"""A light asyncio HTTP/1.1 client over raw sockets, cheap enough to hold 10,000 open
requests in one process: one connection per request (``Connection: close``).

- ``request(...)`` -> ``Answer`` (status, lower-case headers, body; ``.json()``).
- ``stream(...)`` yields the ``Message``s of a Server-Sent-Events stream, comments (the
  heartbeats) included, until the server closes.
- ``raise_open_files_limit()`` lifts the soft limit on open files to the hard one."""

import asyncio
import json as jsonlib
import resource
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any


class HTTPError(Exception):
    """A stream answered with another status than 200; carries the problem body."""

    def __init__(self, status: int, body: bytes):
        super().__init__(f"{status}: {body[:500].decode(errors='replace')}")
        self.status, self.body = status, body


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return jsonlib.loads(self.body)


@dataclass
class Message:
    """One SSE event (id, event, data) or one comment line (``comment``, e.g. "heartbeat")."""

    id: str | None = None
    event: str | None = None
    data: str | None = None
    comment: str | None = None


def raise_open_files_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; returns it."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


async def request(
    host: str,
    port: int,
    method: str,
    path: str,
    json: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float | None = None,
    on_sent: Callable[[], None] | None = None,
) -> Answer:
    """One request on a new connection; ``on_sent`` is called once the request is written.
    Raises ``TimeoutError`` after ``timeout`` seconds, ``OSError`` on connection errors."""
    async with asyncio.timeout(timeout):
        reader, writer = await _send(host, port, method, path, json, headers)
        try:
            if on_sent:
                on_sent()
            status, answer_headers = await _head(reader)
            body = b"".join([chunk async for chunk in _body(reader, answer_headers)])
            return Answer(status, answer_headers, body)
        finally:
            writer.close()


async def stream(
    host: str,
    port: int,
    path: str,
    headers: dict[str, str] | None = None,
    on_open: Callable[[], None] | None = None,
) -> AsyncIterator[Message]:
    """The messages of an SSE stream until the server closes it; ``on_open`` is called when
    the 200 headers arrived. Raises ``HTTPError`` with the problem body if not 200."""
    reader, writer = await _send(host, port, "GET", path, None, headers, "text/event-stream")
    try:
        status, answer_headers = await _head(reader)
        if status != 200:
            raise HTTPError(status, b"".join([c async for c in _body(reader, answer_headers)]))
        if on_open:
            on_open()
        message, pending = Message(), b""
        async for chunk in _body(reader, answer_headers):
            *lines, pending = (pending + chunk).split(b"\n")
            for raw in lines:
                line = raw.rstrip(b"\r").decode()
                if not line:  # a blank line dispatches the event
                    if message != Message():
                        yield message
                    message = Message()
                elif line.startswith(":"):
                    yield Message(comment=line[1:].strip())
                else:
                    add_field(message, line)
    finally:
        writer.close()


def add_field(message: Message, line: str) -> None:
    """One ``name: value`` line of an SSE message into ``message``; data lines join."""
    name, _, value = line.partition(":")
    value = value.removeprefix(" ")
    if name == "data":
        message.data = value if message.data is None else f"{message.data}\n{value}"
    elif name in ("id", "event"):
        setattr(message, name, value)


async def _send(host, port, method, path, json, headers, accept="application/json"):
    reader, writer = await asyncio.open_connection(host, port)
    body = b"" if json is None else jsonlib.dumps(json).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"Accept: {accept}", f"Content-Length: {len(body)}"]
    if json is not None:
        lines.append("Content-Type: application/json")
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    return reader, writer


async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    status = int((await _line(reader)).split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def _body(reader: asyncio.StreamReader, headers: dict[str, str]) -> AsyncIterator[bytes]:
    """The body's bytes as they come: chunked, by Content-Length, or until the close."""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        while size := int((await _line(reader)).split(b";")[0], 16):
            yield await reader.readexactly(size)
            await reader.readexactly(2)  # the CRLF after the chunk
        while await reader.readline() not in (b"\r\n", b"\n", b""):  # trailers
            pass
    elif "content-length" in headers:
        if length := int(headers["content-length"]):
            yield await reader.readexactly(length)
    else:
        while chunk := await reader.read(65536):
            yield chunk


async def _line(reader: asyncio.StreamReader) -> bytes:
    if not (line := await reader.readline()):
        raise ConnectionResetError("the server closed the connection early")
    return line
