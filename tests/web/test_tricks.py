"""Tricks: one tap per player, the last one filled in, a wrong total refused at the field."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape as html_unescape

import pytest

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def _bidden(start: Callable[..., Scorekeeper]) -> Scorekeeper:
    keeper = start("elevator", PLAYERS, dealer=0)
    keeper.bids(3, 3, 2, 1)  # Ben, Cleo, Dev, Ana (dealer): total 9 of 10
    return keeper


def test_the_tricks_panel_lists_every_player_with_their_bid(start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    response = keeper.client.get(keeper.url)
    page = text(response)
    assert "Tricks 10 tricks to share" in page
    assert "Ben · bid 3" in page
    html = response.get_data(as_text=True)
    assert 'aria-label="Ana took 10"' in html
    assert 'data-tricks-to-share="10"' in html  # the engine's answer, for game.js
    assert "Ben leads" in page


def test_tricks_score_the_round(start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    response = keeper.tricks(1, 3, 2, 4)
    assert response.status_code == 303
    state = keeper.stored().state
    # Bids by seat 1, 3, 3, 2; Elevator scores a point a trick, +10 for an exact bid.
    assert state.rounds[0].points == (11, 13, 2, 4)
    page = text(keeper.client.get(keeper.url))
    assert "Round 2 of 19 · 9 cards · Ben deals · Cleo bids first" in page


def test_the_one_player_left_untapped_gets_the_rest(start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    assert keeper.tricks(1, 3, None, 4).status_code == 303
    assert keeper.stored().state.rounds[0].tricks == (1, 3, 2, 4)


def test_a_total_that_does_not_add_up_is_refused_and_kept(start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    response = keeper.tricks(1, 3, 2, 5, htmx=True)
    assert response.status_code == 422
    assert "The tricks add up to 11, but 10 were played." in text(response)
    html = response.get_data(as_text=True)
    assert 'id="tricks-error"' in html
    # What was typed stays checked.
    for seat, name, count in ((0, "Ana", 1), (1, "Ben", 3), (2, "Cleo", 2), (3, "Dev", 5)):
        assert f'name="tricks_{seat}" value="{count}"\n               aria-label="{name} took {count}" checked' in html
    assert keeper.stored().state.rounds == ()


def test_an_untapped_last_player_who_cannot_fill_the_gap_is_explained(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    response = keeper.tricks(5, 4, None, 3)
    assert response.status_code == 422
    assert "The tricks add up to 12, but 10 were played." in text(response)


def test_players_untapped_are_asked_for_in_one_message(start: Callable[..., Scorekeeper]) -> None:
    """Two left while 2 of the 10 tricks are still to share: one message at the tricks naming
    both (the rule: together they make the hand size), each row marked by it, the taps kept."""
    keeper = _bidden(start)
    response = keeper.tricks(5, None, None, 3, htmx=True)
    assert response.status_code == 422
    page = text(response)
    assert page.count("how many tricks?") == 1
    assert "Ben and Cleo: how many tricks? 2 tricks are left to share." in page
    html = response.get_data(as_text=True)
    assert 'id="tricks-error"' in html and 'id="tricks-1-error"' not in html
    for name in ("Ben", "Cleo"):
        assert re.search(rf'aria-label="{name} took 0"\s+aria-invalid="true" '
                         r'aria-describedby="tricks-error"', html)
    assert re.search(r'aria-label="Ana took 5" checked', html)
    assert keeper.stored().state.rounds == ()


def test_the_one_message_in_french_and_italian(start: Callable[..., Scorekeeper]) -> None:
    keeper = _bidden(start)
    body = {"version": keeper.version, "round": 1, "tricks_0": 9}
    said = {}
    for language in ("fr", "it"):
        response = keeper.client.post(f"{keeper.url}/tricks", data=body,
                                     headers={"Accept-Language": language})
        assert response.status_code == 422
        said[language] = text(response)
    # text() reads the no-break spaces before ":" and "?" as spaces.
    assert "Ben, Cleo et Dev : combien de plis ? Il reste 1 pli à répartir." in said["fr"]
    assert "Ben, Cleo e Dev: quante prese? Resta 1 presa da dividere." in said["it"]


@pytest.mark.parametrize("ruleset", ["oh-hell", "elevator", "oh-seven"])
def test_once_the_hand_is_taken_everyone_left_took_none(start: Callable[..., Scorekeeper],
                                                        ruleset: str) -> None:
    """One player took the whole hand (round 1: 10 cards for 4 players in Oh Hell and
    Elevator, tests/rules/expected.py SCHEDULES "down-up"; 7 in Oh-Seven): the others are not
    asked for, they took 0, and the round is scored at once."""
    keeper = start(ruleset, PLAYERS, dealer=0)
    if ruleset == "oh-seven":
        assert keeper.cards("3s", "2h", "4d", "0c").status_code == 303
    else:
        keeper.bids(3, 3, 2, 1)
    size = keeper.stored().state.current.hand_size
    assert size == (7 if ruleset == "oh-seven" else 10)
    assert keeper.tricks(None, None, size, None).status_code == 303
    assert keeper.stored().state.rounds[0].tricks == (0, 0, size, 0)


def test_entered_counts_over_the_hand_name_the_total(start: Callable[..., Scorekeeper]) -> None:
    """Two left but the two entered already took 12 of 10: the total is what is wrong."""
    keeper = _bidden(start)
    response = keeper.tricks(7, None, None, 5)
    assert response.status_code == 422
    page = text(response)
    assert "The tricks add up to 12, but 10 were played." in page
    assert "how many tricks?" not in page


def test_the_page_carries_the_engines_answers(start: Callable[..., Scorekeeper]) -> None:
    """game.js fills in from these: the last player's count, and 0 for everyone left once the
    counts tapped make the hand (index 10 of 0..30)."""
    keeper = _bidden(start)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    found = re.search(r'data-rest-tricks="([^"]*)"', html)
    assert found is not None
    rest = json.loads(html_unescape(found.group(1)))
    assert rest == [None] * 10 + [0] + [None] * 20


def test_tricks_before_the_bids_are_refused(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    response = keeper.post("tricks", {"round": 1, "tricks_0": 10, "tricks_1": 0, "tricks_2": 0,
                                     "tricks_3": 0})
    assert response.status_code == 422
    assert "Round 1 needs every bid before its tricks." in text(response)
