"""Markup says who sends each form: a scorekeeper's entry forms are the tap queue's
(``data-sent-by="queue"``), the full-page forms with a key wait for the connection
(``data-sent-by="waiting"``), each with its plain ``action`` and ``method="post"`` for a phone
without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask.testing import FlaskClient

from .conftest import Table

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
FORM = re.compile(r"<form\b([^>]*)>")


def _forms(html: str) -> dict[str, str]:
    """Each form's opening tag, by its action."""
    return {re.search(r'action="([^"]+)"', tag).group(1): tag  # type: ignore[union-attr]
            for tag in FORM.findall(html)}


def test_entry_forms_are_the_queues_and_post_without_javascript(start: Callable[..., Table]) -> None:
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
                                                            start: Callable[..., Table]) -> None:
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
