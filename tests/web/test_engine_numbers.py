"""Every number of a rule that a sentence says is the engine's: each test changes the engine's
constant under a sentence and reads the sentence follow (docs/rules.md sections 1, 3, 4 and 6).
The rules pages' own sentences are tested the same way in ``test_rules_page.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from companion.rules import Beg, Hand, card_bids, cards, scoring, seven_up
from companion.rules import settings as engine_settings
from companion.web.shared.messages import explain

from .conftest import Scorekeeper, text
from .test_seven_up_hands import TWO, seated, tap_hand

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def refusal(app: Flask, settings: rules.Settings | None, raise_it: Callable[[], object],
            language: str = "en") -> str:
    """The sentence a person reads for the engine's refusal of ``raise_it()``."""
    with pytest.raises(rules.RuleError) as caught:
        raise_it()
    with app.test_request_context(headers={"Accept-Language": language}):
        return explain(caught.value, settings).replace("\u00a0", " ")


# -- Oh-Seven: the forced rebid panel and the redeal banner ------------------------------------

def test_the_forced_rebid_panel_says_the_engines_sum_and_bonus(
        start: Callable[..., Scorekeeper], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_bids, "REBID_SUM", 9)
    monkeypatch.setattr(card_bids, "REBID_BONUS", 2)
    keeper = start("oh-seven", FOUR, dealer=0)
    assert keeper.cards("1s", "2s", "5s", "1h").status_code == 303  # 9: a forced rebid
    assert keeper.stored().state.scores == (0, 0, 2, 0)
    page = text(keeper.client.get(keeper.url))
    assert "Forced rebid: the bids added up to 9." in page
    assert "Cleo scored +2 for the high bid 5 ♠ spades." in page
    french = text(keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}))
    assert "les paris font 9." in french and "+2 pour" in french


def test_a_shared_high_bid_on_the_engines_sum_says_it(
        start: Callable[..., Scorekeeper], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_bids, "REBID_SUM", 11)
    keeper = start("oh-seven", ["Ana", "Ben", "Cleo", "Dev", "Eve"], dealer=0)  # two decks
    assert keeper.cards("5s", "5s", "1h", "0d", "0c").status_code == 303
    page = text(keeper.client.get(keeper.url))
    assert "Forced rebid: the bids added up to 11, and the high bid was shared." in page


def test_the_redeal_banner_says_the_engines_failed_bids(
        start: Callable[..., Scorekeeper], monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal's cards are used after as many failed bids as it has cards (``HAND_SIZE``)."""
    monkeypatch.setattr(card_bids, "HAND_SIZE", 3)
    keeper = start("oh-seven", ["Ana", "Ben"], dealer=1)
    for value in range(3):
        assert keeper.cards(f"{value}s", f"{7 - value}h").status_code == 303
    assert keeper.stored().state.current.redeals == 1
    page = text(keeper.client.get(keeper.url))
    assert "3 failed bids: every card was used. Ben redeals round 1" in page


# -- Refusals: each is passed the engine's number where it is raised ----------------------------

def test_a_correction_that_forces_a_rebid_says_the_engines_sum(
        start: Callable[..., Scorekeeper], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_bids, "REBID_SUM", 9)
    keeper = start("oh-seven", FOUR, dealer=0)
    assert keeper.cards("3s", "2h", "1d", "0c").status_code == 303  # 6: no rebid
    assert keeper.tricks(3, 2, 1, 1).status_code == 303
    data: dict[str, object] = {"version": keeper.version, "round": 1,
                               "tricks_0": 3, "tricks_1": 2, "tricks_2": 1, "tricks_3": 1}
    for seat, card in enumerate(["3-spades", "2-hearts", "4-diamonds", "0-clubs"]):
        data[f"bids_{seat}"] = card  # 3 + 2 + 4 + 0 = 9
    refused = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert refused.status_code == 422
    assert ("These bids force a rebid (they add up to 9, or share the high card), so they can't "
            "be round 1's bids.") in refused.get_data(as_text=True).replace("&#39;", "'")


def test_a_bid_card_is_refused_with_the_engines_values(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "LOWEST", 1)
    monkeypatch.setattr(cards, "HIGHEST", 5)
    settings = rules.new_settings("oh-seven", ["Ana", "Ben"])
    said = refusal(app, settings, lambda: cards.check_bid_value(6, 1))
    assert said == "Ben's card is worth 1 to 5, not 6."
    assert "de 1 à 5, pas 6" in refusal(app, settings, lambda: cards.check_bid_value(6, 1), "fr")


def test_a_card_bid_more_often_than_the_decks_hold_says_the_engines_decks(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_bids, "decks", lambda players: 3)
    names = ["Ana", "Ben", "Cleo", "Dev", "Eve"]
    state = rules.new_game(rules.new_settings("oh-seven", names))
    four_alike = rules.Bids(tuple(rules.Card(5, rules.Suit.SPADES) if seat < 4
                                  else rules.Card(0, rules.Suit.CLUBS) for seat in range(5)))
    said = refusal(app, state.settings, lambda: rules.apply(state, four_alike))
    assert said.endswith("but 3 decks hold only 3.")


def test_the_largest_hand_is_refused_with_the_engines_deck_and_kept_card(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_settings, "FULL_DECK", 60)
    monkeypatch.setattr(engine_settings, "KEPT_FOR_TRUMP", 2)
    names = ["Ana", "Ben", "Cleo", "Dev"]
    over = lambda: rules.new_settings("oh-hell", names, options={"max_hand": 15})  # noqa: E731
    assert refusal(app, None, over) == ("With 4 players the largest hand is 14 cards: 58 cards "
                                        "dealt, 2 kept to turn for trump.")
    assert "58 cartes distribuées, 2 à retourner" in refusal(app, None, over, "fr")
    assert "58 carte distribuite, 2 da girare" in refusal(app, None, over, "it")


def test_too_many_jacks_are_refused_with_the_engines_pack(
        start: Callable[..., Scorekeeper], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seven_up, "JACKS_IN_PACK", 3)
    keeper = seated(start, TWO)
    response = tap_hand(keeper, turn_up="jack", beg="run", jacks_run=3, high=1, low=1, jack=0,
                        game=1)
    assert response.status_code == 422
    assert "A pack has only 3 jacks." in text(response)
    assert 'id="jacks-run-error"' in response.get_data(as_text=True)  # at its field
    with pytest.raises(rules.RuleError) as caught:
        rules.apply(keeper.stored().state, Hand(4, Beg.RUN, 1, 1, 0, 1))
    assert "A pack has 3" in caught.value.message  # the API's English too


# -- The new-game page's descriptions and a house rule ------------------------------------------

def test_the_games_descriptions_say_the_engines_numbers(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    page = text(client.get("/new"))
    assert "7 rounds of 7 cards." in page and "to score it plus 2." in page
    assert "An exact bid scores 10 plus the bid." in page
    assert "one point a trick, plus 10 for an exact bid." in page
    monkeypatch.setattr(card_bids, "ROUNDS", 8)
    monkeypatch.setattr(card_bids, "HAND_SIZE", 6)
    monkeypatch.setattr(card_bids, "oh_seven", lambda bid, taken: scoring.Made(
        scoring.Rule.BID_PLUS_TWO, bid, 3))
    monkeypatch.setattr(scoring, "made_by", lambda settings, bid, taken, size: scoring.Made(
        scoring.Rule.TEN_PLUS_BID, 12, 11))
    monkeypatch.setattr(rules.Settings, "side_of",
                        lambda self, seat: seat // 2 if self.has_teams else seat)
    changed = text(client.get("/new"))
    for sentence in ("8 rounds of 6 cards.", "to score it plus 3.",
                     "An exact bid scores 12 plus the bid.", "plus 11 for an exact bid.",
                     "4 players play in pairs (players 1 and 2 against players 3 and 4)."):
        assert sentence in changed, sentence
    french = text(client.get("/new", headers={"Accept-Language": "fr"}))
    assert "8 manches de 6 cartes" in french and "les joueurs 1 et 2 contre" in french


def test_the_largest_hand_rule_says_the_engines_kept_card(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    page = text(client.get("/rules/oh-hell"))
    assert "The deck keeps 1 to turn for trump: at most 51 ÷ players (12 for 4)." in page
    monkeypatch.setattr(engine_settings, "KEPT_FOR_TRUMP", 3)
    changed = text(client.get("/rules/oh-hell"))
    assert "The deck keeps 3 to turn for trump: at most 49 ÷ players (12 for 4)." in changed


def test_the_run_says_the_engines_cards_in_every_language(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven-Up's run (docs/rules.md section 4, "stand or beg"): ``seven_up.RUN_CARDS`` each."""
    monkeypatch.setattr(seven_up, "RUN_CARDS", 4)
    said = {language: text(client.get("/rules/seven-up", headers={"Accept-Language": language}))
            for language in ("en", "fr", "it")}
    assert "runs the cards: 4 more cards each" in said["en"]
    assert "4 cartes de plus chacun" in said["fr"]
    assert "4 carte in più a testa" in said["it"]


def test_the_card_points_for_game_are_the_engines(
        start: Callable[..., Scorekeeper], client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """What each card counts toward game (``seven_up.GAME_POINTS``), on the rules page and in
    the hand form's hint."""
    rules_page = text(client.get("/rules/seven-up"))
    assert "10 = 10, ace 4, king 3, queen 2, jack 1." in rules_page
    monkeypatch.setattr(seven_up, "GAME_POINTS",
                        {"ten": 9, "ace": 5, "king": 4, "queen": 3, "jack": 2})
    assert "10 = 9, ace 5, king 4, queen 3, jack 2." in text(client.get("/rules/seven-up"))
    keeper = seated(start, TWO)
    assert "Ten 9, ace 5, king 4, queen 3, jack 2." in text(keeper.client.get(keeper.url))
    french = text(keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}))
    assert "Dix 9, as 5, roi 4, dame 3, valet 2." in french.replace("\u00a0", " ")
