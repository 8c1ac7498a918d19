"""The hostile clients a server on the home network must outlast, and the probe that says
whether everyone else is still served.

Used by ``bench/load.py --servers`` (each attack held for seconds while a probe asks every
250 ms) and by the real-server tests (``tests/server``), at smaller counts. Loopback only: every
function takes a port on 127.0.0.1.

* ``stalled_bodies``: connections that send their headers (``POST /api/v1/games``,
  ``Content-Length: 1000``) and 10 bytes of body, then nothing; held, never reopened when the
  server closes them (closing a stalled one after a deadline is a defence, not a failure).
* ``pipelined``: keep-alive connections each sending thousands of requests in one write and
  reading every answer.
* ``slow_uploads``: clients sending a whole, valid body a few bytes at a time.
* ``Probe``: one request every 250 ms, each on a fresh connection; an answer counts when it
  comes within a second and is not a 503.
"""

from __future__ import annotations

import errno
import selectors
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

HOST = "127.0.0.1"


def _connect(port: int, timeout: float = 3.0) -> socket.socket:
    return socket.create_connection((HOST, port), timeout=timeout)


# --- stalled bodies ---------------------------------------------------------------------------


@dataclass
class Stalled:
    opened: int = 0
    refused: int = 0  # connections that could not even be opened
    sockets: list[socket.socket] = field(default_factory=list)

    def closed_by_server(self) -> int:
        """How many of the held connections the server has closed (or answered) by now."""
        closed = 0
        for s in self.sockets:
            try:
                s.setblocking(False)
                if s.recv(1, socket.MSG_PEEK) is not None:
                    closed += 1  # an answer (a 408) or the end of the stream
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
        return closed

    def close(self) -> None:
        for s in self.sockets:
            s.close()
        self.sockets.clear()


def stalled_bodies(port: int, count: int, path: str = "/api/v1/games", within: float = 3.0) -> Stalled:
    """``count`` connections, each with its headers, 10 bytes of a 1,000-byte body, then silence.
    They are opened all at once (a server that accepts no more leaves the rest hanging: those
    are given ``within`` seconds in all, then counted as refused)."""
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000\r\n\r\n").encode() + b'{"ruleset"'
    stalled = Stalled()
    pending = selectors.DefaultSelector()
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        if s.connect_ex((HOST, port)) not in (0, errno.EINPROGRESS):
            s.close()
            stalled.refused += 1
            continue
        pending.register(s, selectors.EVENT_WRITE)
    deadline = time.monotonic() + within
    while pending.get_map() and time.monotonic() < deadline:
        for key, _ in pending.select(timeout=max(0.0, deadline - time.monotonic())):
            s = key.fileobj  # type: ignore[assignment]
            pending.unregister(s)
            try:
                if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                    raise OSError
                s.setblocking(True)
                s.settimeout(3.0)
                s.sendall(head)
            except OSError:
                s.close()
                stalled.refused += 1
                continue
            stalled.opened += 1
            stalled.sockets.append(s)
    for key in list(pending.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]
        stalled.refused += 1
    pending.close()
    return stalled


@contextmanager
def holding_stalled_bodies(port: int, count: int) -> Iterator[Stalled]:
    stalled = stalled_bodies(port, count)
    try:
        yield stalled
    finally:
        stalled.close()


# --- pipelining -------------------------------------------------------------------------------


@dataclass
class Pipelined:
    sent: int = 0
    answered: int = 0
    seconds: float = 0.0  # until the last connection had all its answers (or was stopped)
    threads: list[threading.Thread] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _pipeline(port: int, path: str, requests: int, state: Pipelined, began: float) -> None:
    one = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()
    try:
        s = _connect(port, timeout=1.0)
    except OSError:
        return
    with s:
        writer = threading.Thread(target=_send_all, args=(s, one * requests), daemon=True)
        writer.start()
        with state.lock:
            state.sent += requests
        seen = 0
        tail = b""
        while seen < requests and not state.stop.is_set():
            try:
                data = s.recv(262144)
            except (TimeoutError, BlockingIOError):
                # BlockingIOError: the writer's settimeout(None) marks the socket blocking a
                # moment before its file is, and a read in between finds nothing yet (EAGAIN).
                continue
            except OSError:
                break
            if not data:
                break
            # Count status lines; a status line split across two reads is counted once.
            chunk = tail + data
            seen_now = chunk.count(b"HTTP/1.1 ")
            seen += seen_now
            with state.lock:
                state.answered += seen_now
            tail = chunk[-8:] if b"HTTP/1.1 " not in chunk[-8:] else b""
        with state.lock:
            state.seconds = max(state.seconds, time.monotonic() - began)


def _send_all(s: socket.socket, data: bytes) -> None:
    try:
        s.settimeout(None)
        s.sendall(data)  # one write: the server finds thousands of requests waiting
    except OSError:
        pass


@contextmanager
def pipelining(port: int, path: str, connections: int = 4, requests: int = 5000) -> Iterator[Pipelined]:
    state = Pipelined()
    began = time.monotonic()
    for _ in range(connections):
        t = threading.Thread(target=_pipeline, args=(port, path, requests, state, began), daemon=True)
        t.start()
        state.threads.append(t)
    try:
        yield state
    finally:
        state.stop.set()
        for t in state.threads:
            t.join(timeout=5)


# --- slow uploads -----------------------------------------------------------------------------

SLOW_BODY = (b'{"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "first_dealer": 0'
             + b" " * 120 + b"}")


@dataclass
class SlowUploads:
    started: int = 0
    answered: int = 0  # uploads the app answered (any status but 503)
    cut: int = 0  # uploads the server closed before answering
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    threads: list[threading.Thread] = field(default_factory=list)


def _slow_upload(port: int, step: int, pause: float, state: SlowUploads) -> None:
    head = (f"POST /api/v1/games HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json"
            f"\r\nContent-Length: {len(SLOW_BODY)}\r\nConnection: close\r\n\r\n").encode()
    while not state.stop.is_set():
        with state.lock:
            state.started += 1
        try:
            with _connect(port, timeout=10.0) as s:
                s.sendall(head)
                for i in range(0, len(SLOW_BODY), step):
                    if state.stop.wait(pause):
                        return
                    s.sendall(SLOW_BODY[i:i + step])
                answer = s.recv(64)
            ok = answer.startswith(b"HTTP/1.1 ") and not answer.startswith(b"HTTP/1.1 503")
        except OSError:
            ok = False
        with state.lock:
            if ok:
                state.answered += 1
            else:
                state.cut += 1


@contextmanager
def slow_uploads(port: int, clients: int, step: int = 10, pause: float = 0.25) -> Iterator[SlowUploads]:
    """``clients`` uploads at once, each sending its ~200-byte body ``step`` bytes every
    ``pause`` seconds (about 5 s a body), one after the other until stopped."""
    state = SlowUploads()
    for _ in range(clients):
        t = threading.Thread(target=_slow_upload, args=(port, step, pause, state), daemon=True)
        t.start()
        state.threads.append(t)
    try:
        yield state
    finally:
        state.stop.set()
        for t in state.threads:
            t.join(timeout=15)


# --- the probe --------------------------------------------------------------------------------

WITHIN = 1.0  # seconds: an answer later than this is no answer


@dataclass
class Probes:
    latencies: list[float | None] = field(default_factory=list)  # None: no answer, or a 503
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def sent(self) -> int:
        return len(self.latencies)

    @property
    def answered(self) -> int:
        return sum(1 for t in self.latencies if t is not None and t <= WITHIN)

    @property
    def share(self) -> float:
        return self.answered / self.sent if self.sent else 0.0

    @property
    def worst(self) -> float | None:
        times = [t for t in self.latencies if t is not None]
        return max(times) if len(times) == len(self.latencies) and times else None


def probe_once(port: int, path: str, timeout: float = 5.0) -> tuple[int, float]:
    """One GET on a fresh connection: its status (0: none) and how long it took."""
    began = time.monotonic()
    try:
        with _connect(port, timeout=timeout) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n"
                      .encode())
            data = b""
            while b"\r\n" not in data:
                more = s.recv(4096)
                if not more:
                    break
                data += more
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.") else 0
    except (OSError, ValueError, IndexError):
        status = 0
    return status, time.monotonic() - began


def probe(port: int, path: str, seconds: float, interval: float = 0.25) -> Probes:
    """A probe every ``interval`` seconds for ``seconds``, each in its own thread (a slow answer
    never delays the next probe); waits for the last one."""
    probes = Probes()

    def one(index: int) -> None:
        status, took = probe_once(port, path)
        with probes.lock:
            probes.latencies[index] = took if status and status != 503 else None

    threads = []
    began = time.monotonic()
    for i in range(max(1, round(seconds / interval))):
        time.sleep(max(0.0, began + i * interval - time.monotonic()))
        with probes.lock:
            probes.latencies.append(None)
        t = threading.Thread(target=one, args=(i,), daemon=True)
        t.start()
        threads.append(t)
    for t in threads:
        t.join(timeout=6)
    return probes
