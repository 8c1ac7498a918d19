"""One production server for the whole folder (starting one costs seconds): one worker, so a
single process has to hold every attack, started with 1,024 open files as most systems give."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .running import Running, production_server


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with production_server(tmp_path_factory.mktemp("server"), WEB_CONCURRENCY="1") as running:
        yield running
