"""The pieces of README.md's deployment, each started on loopback and stopped by its pid: a
PostgreSQL cluster of Debian's package, redis-server, nginx running the README's own example,
and app servers started by ``scripts/start`` as the README says (``scripts/test`` installs the
packages)."""

from __future__ import annotations

import datetime
import glob
import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What the README's example names, and the test replaces: the app servers' ports, the
#: address nginx listens on, the certificate (made by the test).
README_SERVERS = ("server 127.0.0.1:8000;", "server 127.0.0.1:8001;")
README_LISTEN = "listen 443 ssl;"
README_CERTIFICATE = "/etc/letsencrypt/live/companion.example.org/fullchain.pem"
README_KEY = "/etc/letsencrypt/live/companion.example.org/privkey.pem"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, seconds: float, what: str, log: Path | None = None) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                said = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
                pytest.fail(f"{what} did not start on port {port}\n{said}")
            time.sleep(0.1)


def binary(name: str, *where: str) -> str:
    found = shutil.which(name) or next((path for path in where if os.access(path, os.X_OK)), None)
    if found is None:
        pytest.fail(f"{name} is not installed: scripts/test installs it with apt-get")
    return found


def stop(process: subprocess.Popen[bytes], seconds: float = 15) -> None:
    """Stop a process we started, and its group (it was started in a session of its own)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


# --- nginx, from the README --------------------------------------------------------------------

def readme_nginx() -> str:
    """The README's nginx example, as written (its one ```nginx block)."""
    blocks = re.findall(r"```nginx\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(blocks) == 1, "README.md has one nginx example"
    return str(blocks[0])


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (the README's names Let's Encrypt's)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1)).sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


def nginx_conf(folder: Path, listen: int | None = None, servers: tuple[int, ...] = ()) -> Path:
    """nginx.conf around the README's example (its ``http`` context), its files in ``folder``;
    with ``listen`` and ``servers``, on those loopback ports instead of the README's."""
    example = readme_nginx()
    for placeholder in (*README_SERVERS, README_LISTEN, README_CERTIFICATE, README_KEY):
        assert placeholder in example, f"the README's nginx example no longer says {placeholder}"
    cert, key = certificate(folder)
    example = example.replace(README_CERTIFICATE, str(cert)).replace(README_KEY, str(key))
    if listen is not None:
        example = example.replace(README_LISTEN, f"listen 127.0.0.1:{listen} ssl;")
        for written, port in zip(README_SERVERS, servers, strict=True):
            example = example.replace(written, f"server 127.0.0.1:{port};")
    temp = "\n".join(f"{kind}_temp_path {folder / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = folder / "nginx.conf"
    conf.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        + "events {}\nhttp {\n"
        + f"access_log {folder / 'access.log'};\n{temp}\n{example}\n}}\n")
    return conf


def nginx() -> str:
    return binary("nginx", "/usr/sbin/nginx")


# --- PostgreSQL --------------------------------------------------------------------------------

def read_whole_body(handler: BaseHTTPRequestHandler) -> int:
    """Read a stand-in app server's request body to its end, a MiB at a time: its length."""
    length = int(handler.headers.get("Content-Length", "0"))
    received = 0
    while received < length:
        received += len(handler.rfile.read(min(1 << 20, length - received)))
    return received


class StandIn(BaseHTTPRequestHandler):
    """A stand-in app server behind nginx: ``answer`` sends JSON; nothing is logged."""

    protocol_version = "HTTP/1.1"  # nginx keeps its upstream connections alive

    def answer(self, status: int, value: Any) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def readme_nginx_before(folder: Path, handler: type[BaseHTTPRequestHandler]) -> Iterator[int]:
    """README.md's nginx, on a free port (yielded), in front of two stand-in app servers each
    answering with ``handler``; all stopped after."""
    with ExitStack() as stack:
        servers = []
        for _ in range(2):
            server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            stack.callback(server.server_close)
            stack.callback(server.shutdown)
            servers.append(int(server.server_address[1]))
        port = free_port()
        conf = nginx_conf(folder, port, tuple(servers))
        process = subprocess.Popen(
            [nginx(), "-c", str(conf), "-p", str(folder), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        stack.callback(stop, process)
        wait_for_port(port, 30, "nginx", folder / "error.log")
        yield port


def _as_postgres(command: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: run them as the package's postgres user.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class Postgres:
    root: Path
    port: int = field(default_factory=free_port)

    @property
    def bin(self) -> Path:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            pytest.fail("PostgreSQL is not installed: scripts/test installs it")
        return Path(found[-1]).parent

    @property
    def url(self) -> str:
        return f"postgresql://companion@127.0.0.1:{self.port}/companion"

    def create(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(self.root / "data"),
                                     "-U", "companion", "--auth=trust", "-E", "UTF8",
                                     "--no-sync"]), check=True, capture_output=True, timeout=60)
        self.start()
        subprocess.run([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "companion", "companion"], check=True, capture_output=True,
                       timeout=30)

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off")
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.root / "data"),
                                     "-l", str(self.root / "log"), "-o", options, "-w",
                                     "start"]), check=True, capture_output=True, timeout=60)

    def stop(self, mode: str = "fast") -> None:
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.root / "data"),
                                     "-m", mode, "-w", "stop"]), capture_output=True, timeout=60)


# --- an HTTPS client through the proxy ---------------------------------------------------------

UNVERIFIED = ssl._create_unverified_context()  # the test's own self-signed certificate


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        import json

        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode()


def call(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
         source: str = "127.0.0.1", tls: bool = True) -> Answer:
    """One request on a new connection, from the loopback address ``source`` (the proxy tells
    the app which: each budget of the limits is an address's)."""
    import json

    if tls:
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            "127.0.0.1", port, context=UNVERIFIED, timeout=20, source_address=(source, 0))
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20,
                                                source_address=(source, 0))
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      response.read())
    finally:
        connection.close()
