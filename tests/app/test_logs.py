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

from companion.http.security import RedactCapabilities, redact

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


#: Spellings the router refuses (404) but a log writes as asked (a token hides in any of them), and a
#: table's scorekeeper link: none of them may carry the token into a log line.
REFUSED = [
    f"/g/AbCdEf123/./keep/{TOKEN}",
    f"/g/x/../AbCdEf123/keep/{TOKEN}",
    f"/g/AbCdEf123/keep;x=1/{TOKEN}",
    f"/g/AbCdEf123/keep\\{TOKEN}",
    f"/g/AbCdEf123/keep%5C{TOKEN}",
    f"/g/AbCdEf123/keep%5c%5c{TOKEN}",
    f"/g/AbCdEf123/keep%C0%AF{TOKEN}",  # overlong UTF-8 /
    f"/g/AbCdEf123/keep%E0%80%AF{TOKEN}",
    f"/g/AbCdEf123/keep%EF%BC%8F{TOKEN}",  # fullwidth /
    f"/g/AbCdEf123/%EF%BD%8B%EF%BD%85%EF%BD%85%EF%BD%90/{TOKEN}",  # fullwidth keep
    f"/g/AbCdEf123/keep%252525252F{TOKEN}",  # five times percent-encoded
    f"/g/AbCdEf123%252525252Fkee%2525252570%252525252F{TOKEN}",
    f"/g/AbCdEf123/keep/%20{TOKEN}",
    f"/g/AbCdEf123/keep/%09{TOKEN}",
    f"/g/AbCdEf123/keep/%C2%A0{TOKEN}",
    f"/g/AbCdEf123/keep/%22{TOKEN}",
    f"/g/AbCdEf123/keep/%27{TOKEN}",
    f'/g/AbCdEf123/keep/"{TOKEN}',
    f"/g/AbCdEf123/keep/%3F{TOKEN}",
    f"/g/AbCdEf123/keep/./{TOKEN}",
    f"/g/AbCdEf123/keep//x/../{TOKEN}",
    f"/t/TaBlE42/keep/{TOKEN}",
    f"/t/TaBlE42/keep%2F{TOKEN}",
    f"/t/TaBlE42/./keep/%20{TOKEN}",
    f"/T/TaBlE42/KEEP/{TOKEN}?from=qr",
]


def _leaks(text: str) -> bool:
    """The token, or all of it but its first character, in the text or in the text decoded."""
    from companion.http.security import _plain

    return any(secret in form for secret in (TOKEN, TOKEN[1:]) for form in (text, _plain(text)))


@pytest.mark.parametrize("path", REFUSED)
def test_refused_spellings_are_redacted(path: str) -> None:
    for line in (f'127.0.0.1 - - "GET {path} HTTP/1.1" 404 - "http://host{path}" "Mozilla/5.0"',
                 f"Exception on {path} [GET]", path):
        assert not _leaks(redact(line)), redact(line)
    # Latin-1 mojibake of raw UTF-8 bytes (a server logging the bytes it got): fullwidth /.
    raw = f"/g/AbCdEf123/keep\uff0f{TOKEN}".encode().decode("latin-1")
    assert not _leaks(redact(f'"GET {raw} HTTP/1.1"'))


def test_a_table_link_is_redacted_like_a_game_link() -> None:
    assert redact(f'"GET /t/TaBlE42/keep/{TOKEN} HTTP/1.1" 200') == (
        '"GET /t/TaBlE42/keep/[redacted] HTTP/1.1" 200')


@pytest.mark.parametrize("line", [
    '"GET /g/AbCdEf123/keep HTTP/1.1" 404', '"GET /static/js/keep.js HTTP/1.1" 200',
    '"GET /g/AbCdEf123/keepsake/x HTTP/1.1" 404', '"GET /new?keep=1 HTTP/1.1" 200',
    '"GET /g/AbCdEf123/keep/" "http://host/g/AbCdEf123/keep/" 404',
])
def test_lines_without_a_token_stay_as_they_were(line: str) -> None:
    assert redact(line) == line


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
        for path in SPELLINGS + REFUSED:
            _get(f"http://127.0.0.1:{server.port}{path}")
    finally:
        server.shutdown()
        thread.join(timeout=10)
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert sum("/g/AbCdEf123/keep/[redacted]" in line for line in lines[:len(SPELLINGS)]) == len(
        SPELLINGS), lines
    assert TOKEN not in caplog.text and TOKEN[1:] not in caplog.text
    assert not _leaks(caplog.text), caplog.text


def test_the_app_log_hides_the_token(
    app: Flask, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app.logger, "disabled", False)
    # What Flask logs for an unhandled exception: "Exception on <path> [GET]".
    app.logger.error("Exception on %s [%s]", KEEP, "GET")
    assert TOKEN not in caplog.text
    assert "/keep/[redacted]" in caplog.text


def test_the_filter_is_added_once(app: Flask) -> None:
    from companion.http.security import init_app

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
            for path in SPELLINGS + REFUSED:
                _get(f"http://127.0.0.1:{port}{path}", Referer=f"http://127.0.0.1:{port}{path}")
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = log_path.read_text()
    assert '"GET /g/AbCdEf123/keep/[redacted] HTTP/1.1"' in text, text
    assert f'"http://127.0.0.1:{port}/g/AbCdEf123/keep/[redacted]"' in text, text  # the referrer
    assert text.count("/g/AbCdEf123/keep/[redacted]") >= 2 * (len(SPELLINGS) + 1), text
    assert TOKEN not in text and TOKEN[1:] not in text
    assert not _leaks(text), text


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
