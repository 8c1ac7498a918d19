"""Tricks: one tap per player, the last one filled in, a wrong total refused at the field."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import Table, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def _bidden(start: Callable[..., Table]) -> Table:
    table = start("elevator", PLAYERS, dealer=0)
    table.bids(3, 3, 2, 1)  # Ben, Cleo, Dev, Ana (dealer): total 9 of 10
    return table


def test_the_tricks_panel_lists_every_player_with_their_bid(start: Callable[..., Table]) -> None:
    table = _bidden(start)
    response = table.client.get(table.url)
    page = text(response)
    assert "Tricks 10 tricks to share" in page
    assert "Ben · bid 3" in page
    html = response.get_data(as_text=True)
    assert 'aria-label="Ana took 10"' in html
    assert 'data-tricks-to-share="10"' in html  # the engine's answer, for game.js
    assert "Ben leads" in page


def test_tricks_score_the_round(start: Callable[..., Table]) -> None:
    table = _bidden(start)
    response = table.tricks(1, 3, 2, 4)
    assert response.status_code == 303
    state = table.stored().state
    # Bids by seat 1, 3, 3, 2; Elevator scores a point a trick, +10 for an exact bid.
    assert state.rounds[0].points == (11, 13, 2, 4)
    page = text(table.client.get(table.url))
    assert "Round 2 of 19 · 9 cards · Ben deals · Cleo bids first" in page


def test_the_one_player_left_untapped_gets_the_rest(start: Callable[..., Table]) -> None:
    table = _bidden(start)
    assert table.tricks(1, 3, None, 4).status_code == 303
    assert table.stored().state.rounds[0].tricks == (1, 3, 2, 4)


def test_a_total_that_does_not_add_up_is_refused_and_kept(start: Callable[..., Table]) -> None:
    table = _bidden(start)
    response = table.tricks(1, 3, 2, 5, htmx=True)
    assert response.status_code == 422
    assert "The tricks add up to 11, but 10 were played." in text(response)
    html = response.get_data(as_text=True)
    assert 'id="tricks-error"' in html
    # What was typed stays checked.
    for seat, name, count in ((0, "Ana", 1), (1, "Ben", 3), (2, "Cleo", 2), (3, "Dev", 5)):
        assert f'name="tricks_{seat}" value="{count}"\n               aria-label="{name} took {count}" checked' in html
    assert table.stored().state.rounds == ()


def test_an_untapped_last_player_who_cannot_fill_the_gap_is_explained(
        start: Callable[..., Table]) -> None:
    table = _bidden(start)
    response = table.tricks(5, 4, None, 3)
    assert response.status_code == 422
    assert "The tricks add up to 12, but 10 were played." in text(response)


def test_two_players_untapped_are_asked_for(start: Callable[..., Table]) -> None:
    table = _bidden(start)
    response = table.tricks(5, None, None, 3)
    assert response.status_code == 422
    page = text(response)
    assert "How many tricks did Ben take?" in page
    assert "How many tricks did Cleo take?" in page
    assert 'id="tricks-1-error"' in response.get_data(as_text=True)


def test_tricks_before_the_bids_are_refused(start: Callable[..., Table]) -> None:
    table = start("oh-hell", PLAYERS, dealer=0)
    response = table.post("tricks", {"round": 1, "tricks_0": 10, "tricks_1": 0, "tricks_2": 0,
                                     "tricks_3": 0})
    assert response.status_code == 422
    assert "Round 1 needs every bid before its tricks." in text(response)
