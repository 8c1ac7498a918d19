"""No scorekeeper link's edit token reaches a log: the dev server's, the app's or gunicorn's."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from companion.security import RedactCapabilities, redact

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "Zq8-sEcReT_t0ken"
KEEP = f"/g/AbCdEf123/keep/{TOKEN}"


def _get(url: str, **headers: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as error:
        return error.code


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (f'"GET {KEEP} HTTP/1.1" 303 -', '"GET /g/AbCdEf123/keep/[redacted] HTTP/1.1" 303 -'),
        (f"GET {KEEP}?x=1", "GET /g/AbCdEf123/keep/[redacted]?x=1"),
        (f"http://host{KEEP}/", "http://host/g/AbCdEf123/keep/[redacted]/"),
        ("GET /g/AbCdEf123 HTTP/1.1", "GET /g/AbCdEf123 HTTP/1.1"),
        ("GET /g/AbCdEf123/keep/ HTTP/1.1", "GET /g/AbCdEf123/keep/ HTTP/1.1"),
        # Percent-encoded, in any case, with doubled slashes: decoded, the token cut out.
        (f'"GET /g/AbCdEf123%2Fkeep%2F{TOKEN} HTTP/1.1"', '"GET /g/AbCdEf123/keep/[redacted] HTTP/1.1"'),
        (f"GET /g/AbCdEf123/kee%70/{TOKEN}", "GET /g/AbCdEf123/keep/[redacted]"),
        (f"GET /%67/AbCdEf123/keep/{TOKEN}?x=1", "GET /g/AbCdEf123/keep/[redacted]?x=1"),
        (f"GET /g/AbCdEf123/keep/%{ord(TOKEN[0]):X}{TOKEN[1:]}", "GET /g/AbCdEf123/keep/[redacted]"),
        (f"GET /g/AbCdEf123%252Fkeep%252F{TOKEN}", "GET /g/AbCdEf123/keep/[redacted]"),
        (f"GET /G/AbCdEf123/KEEP/{TOKEN}", "GET /G/AbCdEf123/KEEP/[redacted]"),
        (f"GET //g//AbCdEf123//keep//{TOKEN}/", "GET //g//AbCdEf123//keep//[redacted]/"),
        (f'"http://h%6Fst/g%2FAbCdEf123%2FKeep%2F{TOKEN}"', '"http://host/g/AbCdEf123/Keep/[redacted]"'),
        ("GET /g/AbCdEf123%2Fkeep%2F HTTP/1.1", "GET /g/AbCdEf123%2Fkeep%2F HTTP/1.1"),
        ("GET /new?game=oh%2Dhell HTTP/1.1", "GET /new?game=oh%2Dhell HTTP/1.1"),
    ],
)
def test_redact(line: str, expected: str) -> None:
    assert redact(line) == expected


#: The scorekeeper link as a client may spell it; each one still opens the link.
SPELLINGS = [KEEP, f"/g/AbCdEf123%2Fkeep%2F{TOKEN}", f"/g/AbCdEf123/kee%70/{TOKEN}",
             f"/%67/AbCdEf123/keep/{TOKEN}", f"/g/AbCdEf123/keep/%{ord(TOKEN[0]):X}{TOKEN[1:]}"]


def test_the_dev_server_log_hides_the_token(
    app: Flask, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fixture's in-process migration runs alembic's fileConfig, which disables the loggers
    # that already exist; `flask run` never does that.
    monkeypatch.setattr(logging.getLogger("werkzeug"), "disabled", False)
    caplog.set_level(logging.INFO, logger="werkzeug")
    server = make_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in SPELLINGS:
            _get(f"http://127.0.0.1:{server.port}{path}")
    finally:
        server.shutdown()
        thread.join(timeout=10)
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert sum("/g/AbCdEf123/keep/[redacted]" in line for line in lines) == len(SPELLINGS), lines
    assert TOKEN not in caplog.text and TOKEN[1:] not in caplog.text


def test_the_app_log_hides_the_token(
    app: Flask, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app.logger, "disabled", False)
    # What Flask logs for an unhandled exception: "Exception on <path> [GET]".
    app.logger.error("Exception on %s [%s]", KEEP, "GET")
    assert TOKEN not in caplog.text
    assert "/keep/[redacted]" in caplog.text


def test_the_filter_is_added_once(app: Flask) -> None:
    from companion.security import init_app

    init_app(app)
    filters = [f for f in logging.getLogger("werkzeug").filters if isinstance(f, RedactCapabilities)]
    assert len(filters) == 1


@pytest.mark.server
def test_gunicorn_logs_hide_the_token(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "COMPANION_INSTANCE": str(tmp_path),
        "SECRET_KEY": "gunicorn-test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite'}",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
    }
    flask = [sys.executable, "-m", "flask", "--app", "wsgi"]
    subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    log_path = tmp_path / "gunicorn.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    _get(f"http://127.0.0.1:{port}/offline")
                    break
                except OSError:
                    assert server.poll() is None, log_path.read_text()
                    assert time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.2)
            _get(f"http://127.0.0.1:{port}{KEEP}", Referer=f"http://127.0.0.1:{port}{KEEP}")
            _get(f"http://127.0.0.1:{port}/offline", Referer=f"http://127.0.0.1:{port}{KEEP}")
            for path in SPELLINGS:
                _get(f"http://127.0.0.1:{port}{path}", Referer=f"http://127.0.0.1:{port}{path}")
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = log_path.read_text()
    assert f'"GET /g/AbCdEf123/keep/[redacted] HTTP/1.1"' in text, text
    assert f'"http://127.0.0.1:{port}/g/AbCdEf123/keep/[redacted]"' in text, text  # the referrer
    assert text.count("/g/AbCdEf123/keep/[redacted]") >= 2 * (len(SPELLINGS) + 1), text
    assert TOKEN not in text and TOKEN[1:] not in text


def test_gunicorn_error_log_hides_the_token() -> None:
    import importlib.util

    from gunicorn.config import Config

    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    logger = conf.RedactingLogger(Config())
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    handler = Keep()
    logger.error_log.addHandler(handler)
    try:
        logger.error("Error handling request %s", KEEP)
    finally:
        logger.error_log.removeHandler(handler)
    assert records == ["Error handling request /g/AbCdEf123/keep/[redacted]"]
