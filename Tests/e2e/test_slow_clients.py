"""Slow, stalled, early-answered and too many clients, against the real binary on loopback.

The server is started with the hidden options that shorten its timeouts and cap to seconds and a handful (the
defaults are 30 s for headers, 75 s idle, 30 s for a stalled body, 512 connections), so each behaviour shows
within the run. Raw sockets, so the test sees exactly what a client sees: the bytes and when the connection ends.
"""

from __future__ import annotations

import re
import resource
import selectors
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import ParsnipServer
from raw_http import network_address

HEADER_TIMEOUT = 2.0
IDLE_TIMEOUT = 3.0
BODY_TIMEOUT = 2.0
SMALL_CAP = 8


def raise_open_file_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def start_server(artifacts_dir: Path, name: str, args: tuple[str, ...]):
    folder = Path(tempfile.mkdtemp(prefix=f"parsnip-{name}-"))
    server = ParsnipServer(folder / "x.sqlite", artifacts_dir / f"server-{name}.log", args)
    server.log_path.write_text("")
    server.start()
    return server, folder


@pytest.fixture(scope="module")
def guarded(artifacts_dir: Path):
    """A server whose waits for the client are a few seconds long; its connection cap is the real default."""
    server, folder = start_server(artifacts_dir, "slow-clients", (
        "--header-timeout", str(HEADER_TIMEOUT), "--idle-timeout", str(IDLE_TIMEOUT),
        "--body-timeout", str(BODY_TIMEOUT),
    ))
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def capped(artifacts_dir: Path):
    """A server that keeps at most SMALL_CAP connections open."""
    server, folder = start_server(artifacts_dir, "capped", ("--max-connections", str(SMALL_CAP)))
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def connect(server: ParsnipServer, timeout: float = 10) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One response: status, headers (lower-case names) and its Content-Length body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection ended before a whole response head: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the connection ended inside the response body"
        body += chunk
    return status, headers, body[:length]


def seconds_until_closed(sock: socket.socket, limit: float) -> tuple[float, bytes]:
    """Waits (at most `limit` seconds) for the server to end the connection; answers how long it took and
    whatever bytes came first. A reset counts as ended."""
    start = time.monotonic()
    received = b""
    sock.settimeout(limit)
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    except ConnectionResetError:
        pass
    except socket.timeout:
        pytest.fail(f"still open after {limit} s; received {received[:200]!r}")
    return time.monotonic() - start, received


def get_health(server: ParsnipServer) -> float:
    """GET /health on a new connection; answers how long it took."""
    start = time.monotonic()
    with urllib.request.urlopen(server.url + "/health", timeout=5) as response:
        assert response.status == 200
        response.read()
    return time.monotonic() - start


def test_hundreds_of_clients_trickling_headers_are_closed_at_the_header_timeout_while_others_are_served(guarded):
    raise_open_file_limit()
    count = 300
    selector = selectors.DefaultSelector()
    opened: dict[socket.socket, float] = {}
    closed_after: dict[socket.socket, float] = {}
    for _ in range(count):
        sock = connect(guarded)
        sock.sendall(b"GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sock.setblocking(False)
        opened[sock] = time.monotonic()
        selector.register(sock, selectors.EVENT_READ)
    latencies: list[float] = []
    deadline = time.monotonic() + HEADER_TIMEOUT + 5
    next_byte = next_request = time.monotonic()
    while opened.keys() - closed_after.keys() and time.monotonic() < deadline:
        now = time.monotonic()
        if now >= next_byte:
            # One more header byte from every client still open: trickling must not buy more time.
            for sock in opened.keys() - closed_after.keys():
                try:
                    sock.send(b"a")
                except OSError:
                    pass
            next_byte = now + 0.4
        if now >= next_request:
            latencies.append(get_health(guarded))
            next_request = time.monotonic() + 0.2
        for key, _ in selector.select(timeout=0.05):
            sock = key.fileobj
            try:
                data = sock.recv(4096)
            except ConnectionResetError:
                data = b""
            except BlockingIOError:
                continue
            assert data == b"", f"a trickling client was answered instead of closed: {data[:100]!r}"
            closed_after[sock] = time.monotonic() - opened[sock]
            selector.unregister(sock)
            sock.close()
    for sock in opened:
        sock.close()
    still_open = count - len(closed_after)
    assert still_open == 0, f"{still_open} of {count} trickling clients were still open after {HEADER_TIMEOUT + 5} s"
    earliest, latest = min(closed_after.values()), max(closed_after.values())
    print(f"\n{count} trickling clients closed {earliest:.2f}-{latest:.2f} s after opening "
          f"(header timeout {HEADER_TIMEOUT} s); {len(latencies)} GET /health meanwhile, slowest {max(latencies):.3f} s")
    assert earliest >= HEADER_TIMEOUT - 0.3, "closed before the header timeout"
    assert latest <= HEADER_TIMEOUT + 2.0
    assert len(latencies) >= 5 and max(latencies) < 1.0, latencies


def test_an_idle_kept_alive_connection_is_closed_after_the_idle_timeout(guarded):
    sock = connect(guarded)
    sock.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\n\r\n".encode())
    status, headers, _ = read_response(sock)
    assert status == 200 and headers.get("connection") != "close"
    waited, received = seconds_until_closed(sock, IDLE_TIMEOUT + 3)
    sock.close()
    assert received == b""
    assert IDLE_TIMEOUT - 0.3 <= waited <= IDLE_TIMEOUT + 1.5, waited


def test_after_a_kept_alive_request_trickled_headers_get_the_header_timeout_from_their_first_byte(guarded):
    sock = connect(guarded)
    sock.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\n\r\n".encode())
    assert read_response(sock)[0] == 200
    time.sleep(1.0)
    start = time.monotonic()
    sock.sendall(b"GET /health HTTP/1.1\r\nX-Slow: ")
    sock.settimeout(0.4)
    ended = None
    while ended is None and time.monotonic() - start < HEADER_TIMEOUT + 3:
        try:
            if sock.recv(4096) == b"":
                ended = time.monotonic() - start
        except socket.timeout:
            sock.send(b"a")
        except ConnectionResetError:
            ended = time.monotonic() - start
    sock.close()
    assert ended is not None, "trickling kept the connection open"
    assert HEADER_TIMEOUT - 0.3 <= ended <= HEADER_TIMEOUT + 1.5, ended


def test_a_request_body_that_stops_arriving_is_closed_after_the_body_timeout(guarded):
    sock = connect(guarded)
    sock.sendall(
        f"POST /todos HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\nOrigin: http://127.0.0.1:{guarded.port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ntitle=half".encode())
    waited, _ = seconds_until_closed(sock, BODY_TIMEOUT + 3)
    sock.close()
    assert BODY_TIMEOUT - 0.3 <= waited <= BODY_TIMEOUT + 1.5, waited


def post_with_urllib(server: ParsnipServer, body: bytes, headers: dict[str, str]) -> tuple[int, dict, float]:
    """A POST the way Python's urllib makes it: `Connection: close`, the whole body sent before reading."""
    request = urllib.request.Request(server.url + "/todos", data=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", **headers})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, dict(response.headers), time.monotonic() - start
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), time.monotonic() - start


def test_a_5_mb_form_sent_before_reading_gets_its_413_promptly(guarded):
    body = b"title=" + b"a" * (5 * 1024 * 1024)
    status, headers, seconds = post_with_urllib(guarded, body, {"Origin": guarded.url})
    print(f"\n5 MB form with urllib: {status} after {seconds:.3f} s")
    assert status == 413
    assert headers.get("Connection") == "close"
    assert seconds < 5.0


def test_a_large_form_without_a_token_gets_its_403_promptly(guarded):
    status, headers, seconds = post_with_urllib(guarded, b"title=" + b"a" * (1024 * 1024), {})
    print(f"\n1 MB form without Origin or token: {status} after {seconds:.3f} s")
    assert status == 403
    assert headers.get("Connection") == "close"
    assert seconds < 5.0


def test_an_early_413_to_a_keep_alive_client_closes_the_connection_once_the_body_is_discarded(guarded):
    body = b"title=" + b"a" * (5 * 1024 * 1024)
    sock = connect(guarded)
    start = time.monotonic()
    sock.sendall(
        f"POST /todos HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\nOrigin: http://127.0.0.1:{guarded.port}\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
    status, headers, _ = read_response(sock)
    waited, rest = seconds_until_closed(sock, 5)
    sock.close()
    assert (status, headers.get("connection"), rest) == (413, "close", b"")
    assert time.monotonic() - start < 5.0


def test_an_http_0_9_request_line_is_closed_at_once(guarded):
    sock = connect(guarded)
    sock.sendall(b"GET /\r\n")
    waited, received = seconds_until_closed(sock, HEADER_TIMEOUT + 3)
    sock.close()
    assert received == b""
    assert waited < 1.0, f"closed after {waited:.2f} s, not at once"


def test_connections_over_the_cap_get_a_short_503_and_are_served_again_once_others_close(capped):
    held = []
    for _ in range(SMALL_CAP):
        sock = connect(capped)
        sock.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{capped.port}\r\n\r\n".encode())
        assert read_response(sock)[0] == 200
        held.append(sock)

    refused = connect(capped)
    refused.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{capped.port}\r\n\r\n".encode())
    status, headers, body = read_response(refused)
    waited, rest = seconds_until_closed(refused, 8)
    refused.close()
    assert (status, headers.get("connection"), rest) == (503, "close", b"")
    assert headers.get("content-type", "").startswith("text/plain")
    assert b"too many connections" in body
    assert waited < 6.0

    for sock in held:
        sock.close()
    deadline = time.monotonic() + 3
    while True:
        try:
            get_health(capped)
            break
        except urllib.error.HTTPError as error:
            assert error.code == 503
            assert time.monotonic() < deadline, "still refused 3 s after the held connections closed"
            time.sleep(0.05)


def get_health_over(sock: socket.socket, host: str) -> tuple[int, dict[str, str]]:
    sock.sendall(f"GET /health HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    status, headers, _ = read_response(sock)
    return status, headers


def test_one_network_address_is_capped_while_this_computer_is_still_served(artifacts_dir: Path):
    lan = network_address()
    if lan is None:
        pytest.skip("this machine has no network address to connect from")
    server, folder = start_server(artifacts_dir, "per-address", (
        "--host", "0.0.0.0", "--max-connections-per-address", "3"))
    held: list[socket.socket] = []
    try:
        host = f"{lan}:{server.port}"
        # Connecting to this computer's own network address comes from that address, not from loopback.
        held = [socket.create_connection((lan, server.port), timeout=10) for _ in range(3)]
        for sock in held:
            assert get_health_over(sock, host)[0] == 200
        over = socket.create_connection((lan, server.port), timeout=10)
        status, headers = get_health_over(over, host)
        over.close()
        assert (status, headers.get("connection")) == (503, "close")
        assert get_health(server) < 1.0, "this computer is not held to the network address's cap"
        held.pop().close()
        deadline = time.monotonic() + 3
        while True:
            again = socket.create_connection((lan, server.port), timeout=10)
            status, _ = get_health_over(again, host)
            again.close()
            if status == 200:
                break
            assert status == 503 and time.monotonic() < deadline, "still refused after a connection closed"
            time.sleep(0.05)
    finally:
        for sock in held:
            sock.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
