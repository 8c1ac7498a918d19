"""Oh Hell and Elevator bidding: one tap = one bid, the dealer's hook shown and refused."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def test_the_banner_says_what_happens_next(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=2)
    page = text(keeper.client.get(keeper.url))
    assert "Round 1 of 19 · 10 cards · Cleo deals · Dev bids first" in page
    assert "Dev bids" in page


def test_the_pad_has_one_button_per_number_named_for_the_bidder(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    for bid in range(11):
        assert f'aria-label="Ben bids {bid}"' in html
    assert 'name="version" value="1"' in html


def test_one_tap_records_one_bid_and_moves_to_the_next_bidder(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    response = keeper.bid(1, 3)
    assert response.status_code == 303
    assert response.headers["Location"] == keeper.url
    state = keeper.stored().state
    assert state.current.bids == (None, 3, None, None)
    page = text(keeper.client.get(keeper.url))
    assert "Cleo bids" in page
    assert "Total bid: 3 of 10" in page


def test_the_hooked_number_is_disabled_with_the_reason(start: Callable[..., Scorekeeper]) -> None:
    # docs/rules.md section 2, the seed's worked example: 5 cards, bids 1, 2, 0 before the dealer.
    keeper = start("oh-hell", PLAYERS, dealer=0, schedule="up")
    for _ in range(4):  # rounds of 1..4 cards: everyone bids 0 except the dealer
        current = keeper.stored().state.current
        for seat in current.bidding_order:
            legal = 0 if seat != current.dealer or current.forbidden_bid != 0 else 1
            assert keeper.bid(seat, legal).status_code == 303
        tricks = [0] * 4
        tricks[current.dealer] = current.hand_size
        assert keeper.tricks(*tricks).status_code == 303
    current = keeper.stored().state.current
    assert current.hand_size == 5 and current.dealer == 0
    keeper.bids(1, 2, 0)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    button = re.search(r'<button[^>]*aria-label="Ana bids 2"[^>]*>', html)
    assert button and "disabled" in button.group(0)
    assert 'aria-describedby="hook-reason"' in button.group(0)
    assert "Dealer can't bid 2: bids would total 5 — someone must miss." in text(
        keeper.client.get(keeper.url))
    other = re.search(r'<button[^>]*aria-label="Ana bids 1"[^>]*>', html)
    assert other and "disabled" not in other.group(0)


def test_a_hooked_bid_sent_anyway_is_refused_at_the_pad(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0, schedule="up")
    keeper.bids(0, 0)  # 1 card: the dealer may not bid 1
    before = keeper.version
    response = keeper.bid(0, 1, htmx=True)
    assert response.status_code == 422
    assert "Dealer can't bid 1: bids would total 1 — someone must miss." in text(response)
    assert 'id="bid-error"' in response.get_data(as_text=True)
    assert keeper.version == before
    no_js = keeper.bid(0, 1)
    assert no_js.status_code == 422
    assert "<html" in no_js.get_data(as_text=True)


def test_take_back_undoes_the_last_bid_in_one_tap(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=0)
    keeper.bids(2, 3)
    page = text(keeper.client.get(keeper.url))
    assert "Take back the last bid" in page
    response = keeper.post("undo", {})
    assert response.status_code == 303
    assert keeper.stored().state.current.bids == (None, 2, None, None)


def test_htmx_gets_the_live_fragment_only(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=0)
    response = keeper.bid(1, 4, htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="game-live"')
    assert "<html" not in html
    assert "Cleo bids" in text(response)


def test_a_bid_out_of_turn_is_refused_with_whose_turn_it_is(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    response = keeper.bid(3, 1)
    assert response.status_code == 422
    assert "Ben bids before Dev: enter Ben's bid first." in text(response)


def test_a_bid_that_is_not_a_number_is_a_bad_request(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    response = keeper.post("bid", {"seat": "x", "bid": 1})
    assert response.status_code == 422
    assert keeper.stored().state.current.bids == (None,) * 4
    assert keeper.post("bid", {"seat": 1, "bid": 1}, version="old").status_code == 400
