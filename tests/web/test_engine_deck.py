"""The Oh-Seven card picker is the engine's deck (``rules.deck``) and sends the engine's tokens
(``Card.token``, read back by ``rules.from_token``): the bidding page and the correction page lay
out exactly those cards in that order, and a card tapped on the page is the card the API then
shows (docs/rules.md section 1)."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask.testing import FlaskClient

from companion import rules

from .conftest import Scorekeeper

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def radios(html: str, seat: int) -> list[str]:
    return re.findall(rf'name="bids_{seat}" value="([^"]+)"', html)


def test_the_card_picker_is_the_engines_deck_in_its_order(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    tokens = [card.token for card in rules.deck()]
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    for seat in range(len(PLAYERS)):
        assert radios(html, seat) == tokens
    assert keeper.cards("3s", "2h", "4d", "0c").status_code == 303
    assert keeper.tricks(3, 2, 2, 0).status_code == 303
    correction = keeper.client.get(f"{keeper.url}/rounds/1").get_data(as_text=True)
    for seat in range(len(PLAYERS)):
        assert radios(correction, seat) == tokens
    # Prefilled with each seat's card, as its token.
    assert re.search(r'name="bids_2" value="4-diamonds"\s+aria-label="Cleo bids 4 of diamonds"\s+checked',
                     correction)


def test_a_tapped_card_is_the_card_the_api_shows(start: Callable[..., Scorekeeper],
                                                  client: FlaskClient) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    picked = [rules.deck()[k] for k in (3, 10, 20, 24)]  # 3♠ 2♥ 4♦ 0♣
    tapped = {f"bids_{seat}": card.token for seat, card in enumerate(picked)}
    assert keeper.post("cards", {"round": 1, **tapped}).status_code == 303
    game = client.get(f"/api/v1/games/{keeper.id}").get_json()
    shown = game["current"]["bids"]
    assert shown == [rules.from_token(card.token) for card in picked]
    assert keeper.stored().state.current.bids == tuple(picked)


def test_the_cards_set_aside_are_the_engines(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    assert keeper.cards("1s", "2s", "3s", "1h").status_code == 303  # 7: a rebid
    state = keeper.stored().state
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    for seat in range(len(PLAYERS)):
        disabled = re.findall(rf'name="bids_{seat}" value="([^"]+)"[^>]*\sdisabled', html)
        open_ = set(rules.cards_open(state, seat))
        assert disabled == [card.token for card in rules.deck() if card not in open_]
