"""gunicorn's gevent worker, made fit to face the internet (``worker_class`` in
``gunicorn.conf.py``):

- a client that stops sending (a request or body only partly sent) or stops reading (a
  stream it no longer drains) is dropped after ``CLIENT_SECONDS`` of silence, so it holds
  a greenlet and a socket for that long at most; ``worker_connections`` caps how many
  sockets a worker holds at all. A client trickling one byte at a time stays within the
  cap; facing the internet, put a buffering proxy in front (see the README).
- the errors gunicorn answers itself (a request line or headers too long, a malformed
  request) are problem documents like every other error, not HTML pages.
"""

import json
import os

from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from .api.observe import REQUEST_ID_HEADER, new_request_id
from .api.problems import HTTP_CODES, PROBLEM_MEDIA_TYPE, PROBLEM_TYPE

CLIENT_SECONDS = float(os.environ.get("CLIENT_SECONDS") or 30)


class Worker(GeventWorker):
    def handle(self, listener, client, addr):
        client.settimeout(CLIENT_SECONDS)  # instead of GeventWorker's "block forever"
        AsyncWorker.handle(self, listener, client, addr)

    def handle_error(self, req, client, addr, exc):
        """gunicorn decides the status and logs; we write the answer."""
        page = _Page()
        super().handle_error(req, page, addr, exc)
        status, reason = page.status_line()
        detail = str(exc) if status < 500 else "The service failed; it is logged."
        request_id = new_request_id()
        body = json.dumps(
            {
                "type": PROBLEM_TYPE.format(HTTP_CODES.get(status, "http_error")),
                "title": reason,
                "status": status,
                "detail": detail,
                "code": HTTP_CODES.get(status, "http_error"),
                "instance": request_id,
            },
            sort_keys=True,
        ).encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            f"{REQUEST_ID_HEADER}: {request_id}\r\n\r\n"
        )
        try:
            client.sendall(head.encode("latin-1") + body)
        except OSError:
            self.log.debug("the client left before its error answer")


class _Page:
    """Stands in for the client's socket while gunicorn writes its HTML error page."""

    def __init__(self):
        self.written = b""

    def sendall(self, data: bytes) -> None:
        self.written += data

    def gettimeout(self):
        return None

    def setblocking(self, _flag) -> None:
        pass

    def status_line(self) -> tuple[int, str]:
        """The status and reason of ``HTTP/1.1 414 URI Too Long``."""
        _, status, reason = self.written.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        return int(status), reason
