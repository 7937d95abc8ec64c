"""An answer leaves in as few sends as it can (``serving._Response``): its head with the
first bytes of its body, since every send wakes the client (and, on loopback, costs a
wake-up on the other side) once."""

from gunicorn.config import Config

from service.serving import _Response


class Socket:
    def __init__(self):
        self.sends = []

    def sendall(self, data):
        self.sends.append(bytes(data))


class Request:
    """What gunicorn's answer reads of its request."""

    version = (1, 1)

    def __init__(self, method):
        self.method = method

    def should_close(self):
        return False


def sends(status, headers, parts, method="GET"):
    socket = Socket()
    answer = _Response(Request(method), socket, Config())
    answer.start_response(status, headers)
    for part in parts:
        answer.write(part)
    answer.close()
    return socket.sends


def test_an_answer_of_known_length_is_one_send():
    body = b'{"seat":1}'
    (sent,) = sends("201 Created", [("Content-Length", str(len(body)))], [body])
    assert sent.startswith(b"HTTP/1.1 201 Created\r\n")
    assert sent.endswith(b"\r\n\r\n" + body)


def test_a_stream_sends_its_head_with_its_first_chunk_then_a_send_a_chunk():
    first, second, end = sends("200 OK", [("Content-Type", "text/event-stream")], [b"a", b"bc"])
    assert first.startswith(b"HTTP/1.1 200 OK\r\n")
    assert b"Transfer-Encoding: chunked\r\n" in first
    assert first.endswith(b"\r\n\r\n1\r\na\r\n")
    assert second == b"2\r\nbc\r\n"
    assert end == b"0\r\n\r\n"


def test_an_answer_without_a_body_sends_its_head_at_the_end():
    (sent,) = sends("304 Not Modified", [("ETag", 'W/"3"')], [])
    assert sent.startswith(b"HTTP/1.1 304 Not Modified\r\n")
    assert sent.endswith(b'ETag: W/"3"\r\n\r\n')


def test_a_head_request_sends_the_head_alone():
    (sent,) = sends("200 OK", [("Content-Length", "7")], [b"dropped"], method="HEAD")
    assert sent.endswith(b"Content-Length: 7\r\n\r\n")
