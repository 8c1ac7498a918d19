"""The production server's access and error logs never carry an edit token: a scorekeeper
link or a table's, in requests the app answers, in those the server refuses itself, and in
the referrer."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

from companion.http.security import redact

from .running import Running, raw

pytestmark = pytest.mark.server

TOKEN = "Zq8-sEcReT_t0ken"
LINKS = [f"/g/AbCdEf123/keep/{TOKEN}"]
if TOKEN not in redact(f"/t/AbCdEf123/keep/{TOKEN}"):  # once redact knows table links
    LINKS.append(f"/t/AbCdEf123/keep/{TOKEN}")


def _get(url: str, **headers: str) -> None:
    try:
        urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10).close()
    except urllib.error.HTTPError:
        pass


def _all_logged(text: str) -> bool:
    """The lines the test looks for are all in the log."""
    return "Invalid request from ip=127.0.0.1" in text and all(
        f'"GET {link.replace(TOKEN, "[redacted]")} HTTP/1.1"' in text
        and f'"POST {link.replace(TOKEN, "[redacted]")} HTTP/1.1"' in text for link in LINKS)


def test_no_token_in_any_log_line(server: Running) -> None:
    for link in LINKS:
        _get(server.url(link), Referer=server.url(link))
        _get(server.url("/offline"), Referer=server.url(link))
        # Refused by the server itself: a bad header byte (the request line is logged)...
        raw(server.port, f"GET {link} HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n".encode())
        # ... and a request line over the limit.
        raw(server.port, f"GET {link}/{'a' * 9000} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        # ... and a malformed request line (which gunicorn's warning quotes).
        raw(server.port, f"GET {link} HTTP/9\r\nHost: x\r\n\r\n".encode())
        # A body cut off midway (answered by companion.server.worker.WholeBodies).
        raw(server.port, (f"POST {link} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
                          "\r\n{").encode(), close_write=True)
    # The log is written by another process: asked until the lines of the last requests are in.
    deadline = time.monotonic() + 5
    while not _all_logged(text := server.log.read_text()):
        assert time.monotonic() < deadline, text
        time.sleep(0.05)
    assert TOKEN not in text, text
    for link in LINKS:
        redacted = link.replace(TOKEN, "[redacted]")
        assert f'"GET {redacted} HTTP/1.1"' in text, text
        assert f'"{server.url(redacted)}"' in text, text  # the referrer
    assert "Invalid request from ip=127.0.0.1" in text, text
