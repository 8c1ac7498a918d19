"""Markup says who sends each form, and each page loads the script it uses: a scorekeeper's
entry forms are the tap queue's (``data-sent-by="queue"``), the full-page forms with a key wait
for the connection (``data-sent-by="waiting"``), each with its plain ``action`` and
``method="post"`` for a phone without JavaScript; a watcher's page loads no queue. A waiting
form's redirect, followed by ``fetch`` with ``Companion-Follow``, leaves its one-time message
to the page the browser then opens."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask.testing import FlaskClient

from .conftest import Scorekeeper

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
FORM = re.compile(r"<form\b([^>]*)>")


def _forms(html: str) -> dict[str, str]:
    """Each form's opening tag, by its action."""
    return {re.search(r'action="([^"]+)"', tag).group(1): tag  # type: ignore[union-attr]
            for tag in FORM.findall(html)}


def _script(html: str) -> str:
    found = re.search(r'<script type="module" src="(/static/js/[^"]+)"></script>', html)
    assert found
    return found.group(1)


def _modules(html: str, client: FlaskClient) -> str:
    """The text of the page's entry module and of every module it preloads (all it imports)."""
    urls = [_script(html), *re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)]
    return "\n".join(client.get(url).get_data(as_text=True) for url in urls)


def test_entry_forms_are_the_queues_and_post_without_javascript(start: Callable[..., Scorekeeper]) -> None:
    table = start("oh-hell", PLAYERS, dealer=0)
    table.bid(1, 2)
    forms = _forms(table.client.get(table.url).get_data(as_text=True))
    for action in (f"{table.url}/bid", f"{table.url}/undo"):
        assert 'data-sent-by="queue"' in forms[action], action
        assert 'method="post"' in forms[action] and "hx-post" not in forms[action]
    assert table.bid(2, 3).status_code == 303
    assert table.bid(3, 0).status_code == 303
    assert table.bid(0, 2).status_code == 303
    forms = _forms(table.client.get(table.url).get_data(as_text=True))
    assert 'data-sent-by="queue"' in forms[f"{table.url}/tricks"]


def test_full_page_forms_with_a_key_wait_for_the_connection(client: FlaskClient,
                                                            start: Callable[..., Scorekeeper]) -> None:
    table = start("oh-hell", PLAYERS, dealer=0)
    table.bids(3, 3, 2, 1)
    table.tricks(1, 3, 2, 4)
    pages = {
        "/new": "/new",
        "/": "/t",
        f"{table.url}/rounds/1": f"{table.url}/rounds/1",
    }
    for url, action in pages.items():
        tag = _forms(client.get(url).get_data(as_text=True))[action]
        assert 'data-sent-by="waiting"' in tag and 'method="post"' in tag, (url, tag)


def test_a_watcher_loads_no_tap_queue(start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    table = start("oh-hell", PLAYERS, dealer=0)
    own_page = table.client.get(table.url).get_data(as_text=True)
    watched_page = watcher.get(table.url).get_data(as_text=True)
    own, watched = _script(own_page), _script(watched_page)
    assert re.fullmatch(r"/static/js/[0-9a-f]{12}/site-game\.js", own)
    assert re.fullmatch(r"/static/js/[0-9a-f]{12}/board\.js", watched)
    bundle = _modules(watched_page, watcher)
    scorekeepers = _modules(own_page, table.client)
    assert "companion-queue:" in scorekeepers and "companion-form:" in scorekeepers
    assert "companion-queue:" not in bundle and "companion-form:" not in bundle  # no queue, no waiting forms
    assert "live-catch-up" in bundle  # the live poll
    worker = watcher.get("/sw.js").get_data(as_text=True)
    assert f'"{watched}"' in worker and f'"{own}"' in worker  # both kept for an offline start


def test_a_followed_redirect_leaves_the_message_to_the_page(start: Callable[..., Scorekeeper]) -> None:
    table = start("oh-hell", PLAYERS, dealer=0)
    table.bids(3, 3, 2, 1)
    table.tricks(1, 3, 2, 4)
    data = {"version": table.version, "round": 1, "idempotency_key": "k" * 22,
            **{f"bids_{seat}": b for seat, b in enumerate([3, 3, 2, 1])},
            **{f"tricks_{seat}": t for seat, t in enumerate([4, 3, 2, 1])}}
    posted = table.client.post(f"{table.url}/rounds/1", data=data,
                               headers={"Companion-Follow": "address"})
    assert posted.status_code == 303 and posted.headers["Location"] == table.url
    followed = table.client.get(table.url, headers={"Companion-Follow": "address"})
    assert followed.status_code == 204 and followed.get_data() == b""
    assert followed.headers["Cache-Control"] == "no-store"
    page = table.client.get(table.url).get_data(as_text=True)
    assert "Round 1 corrected" in page  # shown once, by the page the browser opens
    assert "Round 1 corrected" not in table.client.get(table.url).get_data(as_text=True)


def test_the_tap_queue_is_answered_with_the_live_part_by_its_own_header(
        start: Callable[..., Scorekeeper]) -> None:
    """The queue (static/js/queue.js) swaps the answer in itself: it says so with
    ``Companion-Queue: 1``, not by posing as htmx, and gets the live part, not a redirect."""
    table = start("oh-hell", PLAYERS, dealer=0)
    body = {"version": table.version, "seat": 1, "bid": 2, "idempotency_key": "q" * 22}
    answered = table.client.post(f"{table.url}/bid", data=body, headers={"Companion-Queue": "1"})
    assert answered.status_code == 200
    fragment = answered.get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="game-live"') and "<html" not in fragment
    assert table.client.post(f"{table.url}/bid", data={**body, "version": table.version,
                                                          "seat": 2, "idempotency_key": "r" * 22}
                             ).status_code == 303  # a plain form's post: the game again
