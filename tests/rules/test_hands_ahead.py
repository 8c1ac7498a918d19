"""Who deals the hands a phone enters offline (``rules.hands_ahead``): for a game whose hand is
one blank form every time, the hands ahead are the ones the engine starts after any hands the
table enters (taken, passed, near the end), and they stop where the dealer hangs on the hand."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import apply, hands_ahead, new_game, new_settings, parse_entry

FIVE = ["Ana", "Ben", "Cleo", "Dev", "Eve"]

#: Hands as a table enters them (the API's bodies), taken and passed, mixed.
HANDS: dict[str, list[dict[str, Any]]] = {
    "tarot": [{"taker": 1, "contract": "garde", "bouts": 2, "points": 49},
              {"taker": None},
              {"taker": 3, "contract": "prise", "bouts": 0, "points": 40.5},
              {"taker": 0, "contract": "garde-contre", "bouts": 3, "points": 80}],
    "belote": [{"taker": 0, "points": 120}, {"taker": None}, {"taker": 1, "points": 81},
               {"taker": 2, "points": 60}],
    "coinche": [{"taker": 0, "points": 120, "contract": 100}, {"taker": None, "contract": None},
                {"taker": 3, "points": 90, "contract": 80, "coinche": "coinche"}],
    "scopa": [{"cards": 0, "coins": 1, "settebello": 0, "primiera": None, "scope": [2, 0]},
              {"cards": None, "coins": None, "settebello": 1, "primiera": 1, "scope": [0, 1]},
              {"cards": 1, "coins": 0, "settebello": 0, "primiera": 0, "scope": [0, 0]}],
}

GAMES = [("tarot", 4, {}), ("tarot", 5, {}), ("tarot", 3, {"deal_passes": "left"}),
         ("belote", 4, {}), ("coinche", 4, {}), ("scopa", 4, {"target": 21}), ("scopa", 2, {})]


def _body(ruleset: str, players: int, hand: dict[str, Any]) -> dict[str, Any]:
    if ruleset == "tarot" and players == 5 and hand.get("taker") is not None:
        return {**hand, "partner": (hand["taker"] + 2) % 5}
    if ruleset == "tarot" and players == 3 and hand.get("taker") == 3:
        return {**hand, "taker": 2}
    return hand


@pytest.mark.parametrize("ruleset, players, options", GAMES)
def test_the_hands_ahead_are_the_ones_the_engine_starts(ruleset: str, players: int,
                                                        options: dict[str, object]) -> None:
    settings = new_settings(ruleset, FIVE[:players], options=options)
    state = new_game(settings)
    hands = [parse_entry(settings, "hand", _body(ruleset, players, hand))
             for hand in HANDS[ruleset]] * 2
    for start in range(len(hands)):
        ahead = hands_ahead(state)
        assert len(ahead) >= len(hands) - start
        later = state
        for hand, expected in zip(hands[start:], ahead):
            later = apply(later, hand)
            if later.finished:  # the target reached: the server's answer, not the phone's
                break
            assert later.current is not None
            assert (later.current.number, later.current.dealer, later.current.eldest) == (
                expected.number, expected.dealer, expected.eldest)
        state = apply(state, hands[start])
        if state.finished:
            assert hands_ahead(state) == ()
            break


def test_a_dealer_that_hangs_on_the_hand_stops_the_hands_ahead() -> None:
    """Belote's hand nobody took, redealt by the same dealer: who deals next hangs on the hand
    the phone has not sent, so the next hand waits for the connection."""
    same = new_settings("belote", FIVE[:4], options={"redeal_by": "same"})
    assert hands_ahead(new_game(same)) == ()
    assert len(hands_ahead(new_game(new_settings("belote", FIVE[:4])))) > 0


def test_other_games_and_a_finished_one_have_none() -> None:
    assert hands_ahead(new_game(new_settings("oh-hell", FIVE[:4]))) == ()
    assert hands_ahead(new_game(new_settings("score-pad", FIVE[:3]))) == ()
    settings = new_settings("tarot", FIVE[:4], options={"rounds": 1})
    done = apply(new_game(settings), parse_entry(settings, "hand", HANDS["tarot"][0]))
    assert done.finished and hands_ahead(done) == ()
