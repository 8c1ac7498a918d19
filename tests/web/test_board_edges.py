"""The game page's markup for its rough edges at 390 px: a watcher's page says it is watching,
live (and gives that line up to "Reconnecting…"); a finished game's undo sits below the
scoreboard under its own heading, away from the end-of-game actions; the rules page keeps a
game's name whole. Their layout: tests/browser/test_board_edges.py."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from .conftest import Scorekeeper, text

WATCHING = {"en": "Watching · updates live", "fr": "Tu suis la partie · en direct",
            "it": "Segui la partita · in diretta"}


def _html(response: object) -> str:
    return response.get_data(as_text=True)  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_watchers_page_says_it_is_watching_live_under_the_banner(
        start: Callable[..., Scorekeeper], watcher: FlaskClient, language: str) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
    page = _html(watcher.get(keeper.url, headers={"Accept-Language": language}))
    line = f'<p class="watch-status" data-watching>{WATCHING[language]}</p>'
    assert line in page
    # Under the banner, and "Reconnecting…" (hidden) right after it, in its place: one of each.
    assert page.index('id="banner"') < page.index(line)
    assert page.count("data-reconnecting") == 1
    assert page.index(line) < page.index("data-reconnecting")
    assert re.search(r'<p class="offline-note watch-status" data-reconnecting hidden>', page)


def test_the_scorekeeper_and_a_finished_games_watchers_have_no_watching_line(
        start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0, schedule="down",
                  max_hand="number", max_hand_number="1")
    scorekeeper_page = _html(keeper.client.get(keeper.url))
    assert "data-watching" not in scorekeeper_page and scorekeeper_page.count("data-reconnecting") == 1
    keeper.bids(0, 0, 0)
    assert keeper.tricks(1, 0, 0).status_code == 303
    assert keeper.stored().state.finished
    finished = _html(watcher.get(keeper.url))
    assert "data-watching" not in finished and "Watching" not in finished
    assert finished.count("data-reconnecting") == 1  # still polls for a rematch


def test_a_finished_games_undo_is_below_the_scoreboard_under_its_own_heading(
        start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0, schedule="down",
                  max_hand="number", max_hand_number="1")
    keeper.bids(0, 0, 0)
    # Under way: the undo where it always was, above the scoreboard, with no heading.
    playing = _html(keeper.client.get(keeper.url))
    assert playing.index('class="undo"') < playing.index('id="scoreboard-title"')
    assert "Reopen the game" not in playing
    assert keeper.tricks(1, 0, 0).status_code == 303
    page = _html(keeper.client.get(keeper.url))
    keep, board = page.index("Keep these players as a table"), page.index('id="scoreboard-title"')
    reopen, undo = page.index('<section class="reopen"'), page.index('class="undo"')
    assert page.count('class="undo"') == 1
    assert keep < board < reopen < undo
    assert "Reopen the game A mistake in the last entry? Undo it, and the game goes on from " \
           "there. ↶ Undo round 1's tricks" in text(keeper.client.get(keeper.url))
    french = text(keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}))
    assert "Rouvrir la partie Une erreur dans la dernière saisie ? Annule-la" in french
    italian = text(keeper.client.get(keeper.url, headers={"Accept-Language": "it"}))
    assert "Riapri la partita Un errore nell’ultimo inserimento? Annullalo" in italian
    assert "Reopen the game" not in _html(watcher.get(keeper.url))  # a watcher cannot undo
    # The undo still takes the last tricks back: the game goes on.
    assert keeper.post("undo", {}).status_code == 303
    assert not keeper.stored().state.finished


@pytest.mark.parametrize(("language", "title"), [
    ("en", 'Rules of <span class="nowrap">Seven-Up</span>'),
    ("fr", 'Règles du jeu\u00a0: <span class="nowrap">Seven-Up</span>'),
    ("it", 'Regole del gioco: <span class="nowrap">Seven-Up</span>'),
])
def test_the_rules_title_keeps_the_games_name_whole(client: FlaskClient, language: str,
                                                   title: str) -> None:
    page = _html(client.get("/rules/seven-up", headers={"Accept-Language": language}))
    assert f"<h1>{title}</h1>" in page
    assert "<title>" + re.sub(r"<[^>]+>", "", title) in page  # the page's title: plain text
