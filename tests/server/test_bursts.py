"""A burst of new connections is taken up a few at a time by each worker
(``companion.server.worker.ACCEPT_AT_ONCE``), not one per turn of its event loop, which left the last
phone of a burst waiting about a second (the bench measures it: bench/README.md, `--servers`, the burst fix).
Its door into gunicorn is held here: these tests fail when gunicorn changes how it builds its
servers, and the fit must then be found again."""

from __future__ import annotations

import inspect

import pytest
from gunicorn.http import parser as http_parser
from gunicorn.workers import ggevent

from companion.server import worker as serving


def test_gunicorn_builds_its_servers_from_its_module_name_and_accepts_one_a_turn() -> None:
    source = inspect.getsource(ggevent.GeventWorker.run)
    assert "StreamServer(s, handle=hfun, spawn=pool" in source
    assert "server.max_accept = 1" in source


def test_a_worker_accepts_several_connections_a_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ggevent, "StreamServer", ggevent.StreamServer)  # put back afterwards
    monkeypatch.setattr(http_parser.RequestParser, "mesg_class", http_parser.RequestParser.mesg_class)
    serving.fit_gunicorn()
    server = ggevent.StreamServer(("127.0.0.1", 0), handle=lambda *_: None)  # not bound yet
    server.max_accept = 1  # what gunicorn sets when there are several workers
    assert server.max_accept == serving.ACCEPT_AT_ONCE > 1
    assert http_parser.RequestParser.mesg_class is serving._HeadedRequest
