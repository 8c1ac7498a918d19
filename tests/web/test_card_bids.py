"""Oh-Seven: bid cards revealed together, forced rebids and their bonus, set-aside cards,
redeals, and card passing (docs/rules.md section 1)."""

from __future__ import annotations

import html as html_lib
import json
import re
from collections.abc import Callable

from flask.testing import FlaskClient

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def test_each_player_picks_a_card_in_one_tap(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=3)
    response = keeper.client.get(keeper.url)
    html = response.get_data(as_text=True)
    page = text(response)
    assert "Round 1 of 7 · 7 cards · Dev deals · everyone bids a card" in page
    for name in PLAYERS:
        assert f"{name}'s card" in page
        assert f'aria-label="{name} bids 7 of hearts"' in html
        assert f'aria-label="{name} bids 0 of spades"' in html
        assert html.count(f'aria-label="{name} bids ') == 32  # every card, one tap each
    # Suits carry their colour class and their symbol.
    assert re.search(r'class="btn suit-hearts" aria-hidden="true">7<span class="suit">♥<', html)
    assert re.search(r'class="btn suit-spades" aria-hidden="true">0<span class="suit">♠<', html)


def test_reveal_shows_trump_and_leader(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    assert keeper.cards("3s", "2h", "4d", "0c").status_code == 303
    current = keeper.stored().state.current
    assert current.leader == 2
    page = text(keeper.client.get(keeper.url))
    assert "Trump ♦ diamonds · Cleo leads" in page
    assert keeper.tricks(3, 2, 2, 0).status_code == 303
    assert keeper.stored().state.rounds[0].points == (5, 4, -2, 2)  # bid + 2, or minus the miss


def _reveal_answers(html: str) -> dict | None:
    found = re.search(r'data-offline-reveal="([^"]*)"', html)
    return json.loads(html_lib.unescape(found.group(1))) if found else None


def test_the_scorekeepers_cards_carry_the_engines_answers_for_a_reveal_offline(
        start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    html = keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    answers = _reveal_answers(html)
    assert answers is not None
    # docs/rules.md section 1: a total of 7 forces a rebid; 4 players play one deck.
    assert [total for total, rebid in enumerate(answers["rebid"]) if rebid] == [7]
    assert len(answers["rebid"]) == 7 * 4 + 1 and answers["shared"] is False
    assert answers["cards"][0] == ["0-clubs", 0, "♣", "clubs", "trèfles"]  # the weakest card
    assert answers["cards"][-1] == ["7-spades", 7, "♠", "spades", "piques"]  # the strongest
    assert answers["banner"].startswith("Manche 1 sur 7 · 7 cartes · ")
    assert "Atout {trump}" in answers["banner"] and "{player} entame" in answers["banner"]
    # The round's blank tricks panel, for the cards that stand, is drawn in the template.
    template = html[html.index("data-offline-reveal"):html.index("</template>")]
    assert 'class="tricks-form"' in template and 'name="tricks_3"' in template
    # A watcher enters nothing; once the cards are in, the tricks are the server's.
    assert _reveal_answers(watcher.get(keeper.url).get_data(as_text=True)) is None
    assert keeper.cards("3s", "2h", "4d", "0c").status_code == 303
    assert _reveal_answers(keeper.client.get(keeper.url).get_data(as_text=True)) is None


def test_a_missing_card_is_asked_for_and_the_others_kept(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    response = keeper.cards("3s", "2h", None, "0c", htmx=True)
    assert response.status_code == 422
    assert "Choose Cleo's card." in text(response)
    html = response.get_data(as_text=True)
    assert re.search(r'name="bids_0" value="3-spades"\s+aria-label="Ana bids 3 of spades"\s+checked', html)
    assert re.search(r'name="bids_1" value="2-hearts"\s+aria-label="Ben bids 2 of hearts"\s+checked', html)


def test_a_sum_of_seven_forces_a_rebid_with_its_bonus(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    assert keeper.cards("1s", "2s", "3s", "1h").status_code == 303
    state = keeper.stored().state
    assert state.current.phase.value == "bidding"
    assert state.scores == (0, 0, 1, 0)
    page = text(keeper.client.get(keeper.url))
    assert "Forced rebid: the bids added up to 7." in page
    assert "Cleo scored +1 for the high bid 3 ♠ spades." in page
    assert "+1 rebid" in page  # on the scoreboard, in the round being played
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    # Cards set aside are listed and disabled for each player (one deck: for everyone).
    assert re.search(r'value="3-spades"\s+aria-label="Ana bids 3 of spades"\s+disabled', html)
    assert re.search(r'value="3-spades"\s+aria-label="Cleo bids 3 of spades"\s+disabled', html)
    assert not re.search(r'value="4-spades"\s+aria-label="Cleo bids 4 of spades"\s+disabled', html)
    # Re-bidding a set-aside card is refused at that player's field.
    response = keeper.cards("0s", "4s", "3s", "2h")
    assert response.status_code == 422
    assert "Cleo already put 3♠ forward in this deal: choose another card." in text(response)
    assert 'id="bids-2-error"' in response.get_data(as_text=True)
    # The rebid is accepted; the bonus shows in the scored round.
    assert keeper.cards("0s", "4s", "5s", "2h").status_code == 303
    assert keeper.tricks(0, 4, 3, 0).status_code == 303
    scored = keeper.stored().state.rounds[0]
    assert scored.rebid_bonus == (0, 0, 1, 0)
    page = text(keeper.client.get(keeper.url))
    assert "incl. +1 rebid" in page


def test_one_deck_has_one_of_each_card(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    response = keeper.cards("5h", "5h", "0s", "0c")
    assert response.status_code == 422
    assert "Ana and Ben both bid 5♥, but one deck has only one 5♥." in text(response)


def test_two_decks_share_the_high_bid_and_both_score(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS + ["Eve"], dealer=0)
    assert keeper.cards("5h", "5h", "0s", "0h", "1d").status_code == 303
    assert keeper.stored().state.scores == (1, 1, 0, 0, 0)
    page = text(keeper.client.get(keeper.url))
    assert "Forced rebid: two players bid the same high card (two decks)." in page
    assert "Ana, Ben scored +1 for the high bid 5 ♥ hearts." in page


def test_seven_failed_bids_announce_the_redeal(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", ["Ana", "Ben"], dealer=1)
    for value in range(7):
        assert keeper.cards(f"{value}s", f"{7 - value}h").status_code == 303
    current = keeper.stored().state.current
    assert current.redeals == 1
    page = text(keeper.client.get(keeper.url))
    assert ("7 failed bids: every card was used. Ben redeals round 1; the bonus points stay."
            in page)
    # A new deal: nothing is set aside any more.
    assert " disabled" not in keeper.client.get(keeper.url).get_data(as_text=True).split(
        'class="cards-form"')[1].split("</form>")[0]


def test_card_passing_tells_each_player_whom_to_pass_to(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", ["Ana", "Ben", "Cleo"], dealer=0, card_passing="true")
    assert "Pass" not in text(keeper.client.get(keeper.url)).split("Scoreboard")[0]
    keeper.cards("3s", "2h", "4d")
    keeper.tricks(3, 2, 2)
    page = text(keeper.client.get(keeper.url))
    assert "Pass 1 card to the left:" in page
    assert "Ana passes 1 card to Ben" in page
    assert "Cleo passes 1 card to Ana" in page
    keeper.cards("3s", "2h", "4d")
    keeper.tricks(3, 2, 2)
    page = text(keeper.client.get(keeper.url))
    assert "Pass 2 cards to the right:" in page
    assert "Ana passes 2 cards to Cleo" in page


def test_a_rebid_does_not_pass_cards_again_but_a_redeal_does(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", ["Ana", "Ben"], dealer=0, card_passing="true")
    keeper.cards("3s", "2h")
    keeper.tricks(3, 4)
    assert "Ana passes 1 card to Ben" in text(keeper.client.get(keeper.url))
    keeper.cards("0s", "7h")  # 7: a forced rebid, the cards were passed already
    assert "Ana passes 1 card to Ben" not in text(keeper.client.get(keeper.url))
    for value in range(1, 7):
        keeper.cards(f"{value}s", f"{7 - value}d")
    assert keeper.stored().state.current.redeals == 1
    assert "Ana passes 1 card to Ben" in text(keeper.client.get(keeper.url))

