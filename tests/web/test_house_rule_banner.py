"""The house rules of docs/rules.md section 6 on the game page: the banner says when one frees the
dealer, and the bid pad offers what the engine's ``bids_open`` says."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import Scorekeeper, text

THREE = ["Ana", "Ben", "Cleo"]


def _play_round(keeper: Scorekeeper) -> None:
    """Everyone bids 0 (the dealer 1 when 0 is hooked); the first bidder takes every trick."""
    current = keeper.stored().state.current
    for seat in current.bidding_order:
        legal = 0 if seat != current.dealer or current.forbidden_bid != 0 else 1
        assert keeper.bid(seat, legal).status_code == 303
    tricks = [0] * len(THREE)
    tricks[current.bidding_order[0]] = current.hand_size
    assert keeper.tricks(*tricks).status_code == 303


def _pad(html: str, player: str, bid: int) -> str:
    button = re.search(rf'<button[^>]*aria-label="{player} bids {bid}"[^>]*>', html)
    assert button
    return button.group(0)


def test_no_hook_this_game(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", THREE, dealer=0, schedule="up", hook="never")
    page = text(keeper.client.get(keeper.url))
    assert "No hook this game: the dealer bids freely." in page
    keeper.bids(0, 0)  # 1 card: with the hook the dealer could not bid 1
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert "disabled" not in _pad(html, "Ana", 1)
    assert "Dealer can't bid" not in text(keeper.client.get(keeper.url))
    assert keeper.bid(0, 1).status_code == 303  # the bids total the hand
    assert keeper.stored().state.current.phase.value == "tricks"


def test_the_hook_holds_without_the_option(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", THREE, dealer=0, schedule="up")
    assert "No hook this game" not in text(keeper.client.get(keeper.url))
    keeper.bids(0, 0)
    assert "disabled" in _pad(keeper.client.get(keeper.url).get_data(as_text=True), "Ana", 1)


def test_not_last_frees_the_dealer_in_the_last_round(start: Callable[..., Scorekeeper]) -> None:
    """traditionalgamerules.neocities.org (docs/rules.md section 6): "in the last round all players,
    the dealer included, bid what they choose"."""
    keeper = start("elevator", THREE, dealer=0, schedule="down", hook="not-last")
    page = text(keeper.client.get(keeper.url))
    assert "Last round" not in page and "No hook this game" not in page
    for _ in range(9):
        _play_round(keeper)
    state = keeper.stored().state
    assert state.current.number == state.total_rounds == 10 and state.current.hand_size == 1
    page = text(keeper.client.get(keeper.url))
    assert "Round 10 of 10" in page
    assert "Last round: the dealer bids freely." in page
    dealer = state.current.dealer
    others = [s for s in state.current.bidding_order if s != dealer]
    for seat in others:
        assert keeper.bid(seat, 0).status_code == 303
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert "disabled" not in _pad(html, THREE[dealer], 1)
    assert keeper.bid(dealer, 1).status_code == 303


def test_the_house_rule_line_is_translated(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", THREE, dealer=0, hook="never")
    response = keeper.client.get(keeper.url, headers={"Accept-Language": "fr"})
    assert "Pas de restriction du donneur dans cette partie" in text(response)
    response = keeper.client.get(keeper.url, headers={"Accept-Language": "it"})
    assert "Niente vincolo del mazziere in questa partita" in text(response)
