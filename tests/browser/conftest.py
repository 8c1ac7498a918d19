"""Real Chromium (Debian's package) driven by Playwright, against the app served by a real
server process on loopback. No browser is downloaded: Playwright launches /usr/bin/chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def live_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's instance folder: its SQLite database is ``companion.sqlite`` there, for
    a test that counts what a tap really made (rows, not what the page says)."""
    return tmp_path_factory.mktemp("instance")


@pytest.fixture(scope="session")
def live_server(live_instance: Path) -> Iterator[str]:
    """The app on a free loopback port, with its own instance folder and SQLite database."""
    instance = live_instance
    port = _free_port()
    env = {
        **os.environ,
        "COMPANION_INSTANCE": str(instance),
        "SECRET_KEY": "browser-tests",
        "DATABASE_URL": f"sqlite:///{instance / 'companion.sqlite'}",
        "GAME_CREATION_LIMIT": "10000 per hour",
    }
    flask = [sys.executable, "-m", "flask", "--app", "wsgi"]
    subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    log = open(instance / "server.log", "w")
    server = subprocess.Popen(
        [*flask, "run", "--port", str(port), "--no-reload"], cwd=ROOT, env=env,
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError as error:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                said = (instance / "server.log").read_text()
                raise RuntimeError("the app did not start: " + said) from error
            time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(timeout=10)
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (scripts/test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def _service_workers(request: pytest.FixtureRequest) -> str:
    """A test's phones run the service worker only where the test is about it (marked
    ``service_worker``: the offline pages, the queue, the installed app). Elsewhere it is
    blocked: each new phone would otherwise install it and fetch every cached file from the
    one live server, an eighth of the browser tests' time, for nothing they look at."""
    return "allow" if request.node.get_closest_marker("service_worker") else "block"


@pytest.fixture
def page(browser: object, live_server: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh phone-sized page (390×844), its own cookies, with the live server as base URL."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE, base_url=live_server, locale="en-GB", device_scale_factor=2,
        is_mobile=True, has_touch=True, service_workers=_service_workers(request),
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phones(browser: object, live_server: str,
           request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``phones(locale=…, …)``: a new 390×844 phone's page on the live server, each its own
    cookies, with these browser context options besides; all closed after the test."""
    contexts: list[Any] = []
    workers = _service_workers(request)

    def open_phone(**options: Any) -> Any:
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport=PHONE, base_url=live_server, is_mobile=True, service_workers=workers,
            **options)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot_dir() -> Path:
    """Where journeys save their screenshots; ``docs/screenshots`` when asked to refresh them."""
    target = os.environ.get("SCREENSHOTS")
    path = Path(target) if target else ROOT / "test-artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
