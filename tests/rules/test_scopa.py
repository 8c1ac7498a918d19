"""Scopa (docs/rules.md, "Scopa"): the points of a hand from the rulebooks and other projects'
test suites, each row citing its source; every refusal with its code and field; sides of one,
two and three; the deal passing right; the end at the target, another hand on a tie at the top;
"we stop here"; a correction that ends or reopens a game; the statistics and the score sheet."""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from companion.rules import (Finish, GameState, RuleError, ShapeError, apply, correct_round,
                             entry_from_json, entry_to_json, fold, new_game, new_settings, undo)
from companion.rules.scopa import ScopaHand, scored_of
from companion.rules.settings import Settings
from companion.rules.state import FinishedBy, Status

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eva", "Fede", "Gio"]


def scopa_settings(players: int = 2, first_dealer: int = 0, **options: Any) -> Settings:
    return new_settings("scopa", NAMES[:players], first_dealer, options)


def start(players: int = 2, **options: Any) -> GameState:
    return new_game(scopa_settings(players, **options))


def hand(cards: int | None = None, coins: int | None = None, settebello: int | None = 0,
         primiera: int | None = None, scope: Sequence[int] = (0, 0),
         napola: Sequence[int] = ()) -> ScopaHand:
    return ScopaHand(cards, coins, settebello, primiera, tuple(scope), tuple(napola))


def parsed(state: GameState, **body: Any) -> ScopaHand:
    entry = state.settings.family.parse_entry(state.settings, "hand", body)
    assert isinstance(entry, ScopaHand)
    return entry


# --- the points of a hand ---------------------------------------------------------------------

#: (source, players, hand, each side's points)
GOLDEN = [
    # goblindegook/scopa src/engine/scores.test.ts, "the player who captured the sette bello
    # gets +1 point": 2 cards each, 1 coin each, primiere 37 and 37: only the settebello
    # scores, besides each player's scope (drawn there; 3 and 1 here).
    ("goblindegook sette bello", 2, hand(None, None, 0, None, (3, 1)), (4, 1)),
    # goblindegook scores.test.ts, "a player's base score is the number of scope": 1 and 2;
    # the settebello, which every full hand gives, to the second player.
    ("goblindegook base score", 2, hand(None, None, 1, None, (1, 2)), (1, 3)),
    # docs/rules.md, "points of a hand": one side takes all four points and two scope.
    ("rules.md all four", 2, hand(0, 0, 0, 0, (2, 0)), (6, 0)),
    # dimensionecasino.com: "20 a 20, il punto non viene assegnato … 5 a 5": cards and coins
    # tied score for nobody; the primiera to the other side.
    ("dimensionecasino ties", 2, hand(None, None, 0, 1, (0, 0)), (1, 1)),
    # docs/api.md's example hand: cards to 0, coins tied, settebello to 1, primiera to 0, scope 2-1.
    ("api.md example", 4, hand(0, None, 1, 0, (2, 1)), (4, 2)),
    # Three players, each alone: a point goes to the one side that beats both others.
    ("rules.md three sides", 3, hand(2, 1, 1, None, (0, 1, 0)), (0, 3, 1)),
    # Six players in two teams of three (it.wikipedia: "squadre da tre in 6").
    ("it.wikipedia six", 6, hand(1, 1, 0, 1, (1, 2)), (2, 5)),
]


@pytest.mark.parametrize("source, players, entry, points", GOLDEN,
                         ids=[row[0] for row in GOLDEN])
def test_golden_hand(source: str, players: int, entry: ScopaHand,
                     points: tuple[int, ...]) -> None:
    state = apply(start(players), entry)
    done = state.rounds[-1]
    assert scored_of(done).side_points == points
    assert state.side_scores == points
    settings = state.settings
    assert done.points == tuple(points[settings.side_of(s)] for s in settings.seats)


def test_napola_scores_three_and_one_a_further_coin() -> None:
    """spazioinwind, "la cosiddetta napoletana": the ace, 2 and 3 of coins score 3, each
    further coin in sequence 1 more; a napola to the 7 holds the coins and the settebello."""
    state = apply(start(2, napola=True), hand(0, 0, 0, 0, (1, 0), napola=(7, 0)))
    assert state.side_scores == (12, 0)
    state = apply(start(2, napola=True), hand(1, None, 1, None, (0, 0), napola=(3, 0)))
    assert state.side_scores == (3, 2)


# --- sides, seats and the deal ----------------------------------------------------------------


def test_sides_of_four_are_pairs_facing_and_of_six_two_teams_of_three() -> None:
    four, six = scopa_settings(4), scopa_settings(6)
    assert [four.side_of(s) for s in four.seats] == [0, 1, 0, 1]
    assert [six.side_of(s) for s in six.seats] == [0, 1, 0, 1, 0, 1]
    assert six.seats_of(0) == (0, 2, 4) and six.seats_of(1) == (1, 3, 5)
    assert not scopa_settings(2).has_teams and not scopa_settings(3).has_teams


def test_the_deal_passes_right_and_the_eldest_is_the_dealers_right() -> None:
    """viniciocoletti.it: "starting at his right"; goblindegook: "counterclockwise"."""
    state = start(4)
    dealers = []
    for _ in range(3):
        assert state.current is not None
        dealers.append((state.current.dealer, state.current.eldest))
        state = apply(state, hand(scope=(0, 0)))
    assert dealers == [(0, 3), (3, 2), (2, 1)]
    left = start(4, deal_passes="left")
    assert left.current is not None and left.current.eldest == 1


# --- the end ---------------------------------------------------------------------------------


def play(state: GameState, *hands: ScopaHand) -> GameState:
    for entry in hands:
        state = apply(state, entry)
    return state


def test_the_highest_total_at_the_target_wins() -> None:
    """goblindegook's ``winner``: "the highest total from eleven points wins": 13 against 11."""
    state = play(start(2), hand(0, 0, 0, 0, (5, 0)), hand(0, 1, 1, 1, (3, 8)))
    assert state.side_scores == (13, 11)
    assert state.status is Status.FINISHED and state.finished_by is FinishedBy.TARGET
    assert state.winners == (0,)


def test_a_tie_at_the_top_plays_another_hand() -> None:
    """goblindegook's ``winner``: "a tie at the top is played on"."""
    state = play(start(2), hand(0, 0, 0, 0, (5, 0)), hand(None, None, 1, None, (2, 10)))
    assert state.side_scores == (11, 11)
    assert state.status is Status.IN_PROGRESS
    state = apply(state, hand(1, None, 0, None))
    assert state.side_scores == (12, 12) and state.status is Status.IN_PROGRESS
    state = apply(state, hand(None, None, 1, None))
    assert state.side_scores == (12, 13)
    assert state.finished_by is FinishedBy.TARGET and state.winners == (1,)


def test_targets_offered() -> None:
    state = apply(start(2, target=16), hand(0, 0, 0, 0, (11, 0)))
    assert state.side_scores == (15, 0) and state.status is Status.IN_PROGRESS


def test_we_stop_here_after_a_hand_and_undo_reopens() -> None:
    state = apply(start(2), hand(0, scope=(1, 1)))
    finished = apply(state, Finish())
    assert finished.finished_by is FinishedBy.SCOREKEEPER and finished.winners == (0,)
    assert undo(finished).status is Status.IN_PROGRESS


def test_a_correction_that_ends_the_game_before_a_later_hand_is_refused() -> None:
    state = play(start(2), hand(0, 0, 0, 0, (3, 0)), hand(1, 1, 1, 1), hand(1))
    with pytest.raises(RuleError) as caught:
        correct_round(state, 2, [hand(0, 0, 0, 0, (1, 0))])
    assert caught.value.code == "phase" and caught.value.params["later_round"] == 3


def test_a_correction_reopens_a_finished_game() -> None:
    state = play(start(2), hand(0, 0, 0, 0, (3, 0)), hand(0, 0, 0, 0, (2, 0)))
    assert state.status is Status.FINISHED
    reopened = correct_round(state, 2, [hand(1, 1, 1, 1)])
    assert reopened.status is Status.IN_PROGRESS and reopened.side_scores == (7, 4)


# --- refusals ------------------------------------------------------------------------------


REFUSED = [
    # (what, players, options, hand, code, field)
    ("settebello to nobody", 2, {}, hand(settebello=None), "hand", "settebello"),
    ("scope below 0", 2, {}, hand(scope=(-1, 0)), "hand", "scope"),
    ("19 scope in scopa", 2, {}, hand(scope=(10, 9)), "hand", "scope"),
    ("20 scope in the scientifico", 4, {"deal": "scopone-scientifico"},
     hand(scope=(10, 10)), "hand", "scope"),
    ("napola without the option", 2, {}, hand(napola=(3, 0)), "hand", "napola"),
    ("napola of 2", 2, {"napola": True}, hand(napola=(2, 0)), "hand", "napola"),
    ("napola of 11", 2, {"napola": True}, hand(napola=(11, 0)), "hand", "napola"),
    ("two napole", 2, {"napola": True}, hand(napola=(3, 3)), "hand", "napola"),
    ("napola of 6 without the coins", 2, {"napola": True},
     hand(coins=1, napola=(6, 0)), "hand", "napola"),
    ("napola of 7 without the settebello", 2, {"napola": True},
     hand(coins=0, settebello=1, napola=(7, 0)), "hand", "napola"),
    ("cards to a side not in the game", 2, {}, hand(cards=2), "seat", "cards"),
    ("coins to a side not in the game", 4, {}, hand(coins=2), "seat", "coins"),
    ("settebello to a side not in the game", 3, {}, hand(settebello=3, scope=(0, 0, 0)),
     "seat", "settebello"),
    ("primiera to a side not in the game", 6, {}, hand(primiera=-1), "seat", "primiera"),
]


@pytest.mark.parametrize("what, players, options, entry, code, field", REFUSED,
                         ids=[row[0] for row in REFUSED])
def test_refused(what: str, players: int, options: dict[str, Any], entry: ScopaHand,
                 code: str, field: str) -> None:
    with pytest.raises(RuleError) as caught:
        apply(start(players, **options), entry)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_18_scope_and_19_in_the_scientifico_are_accepted() -> None:
    assert apply(start(2), hand(scope=(9, 9))).side_scores == (10, 9)
    assert apply(start(4, deal="scopone-scientifico"), hand(scope=(10, 9))).side_scores == (11, 9)


def test_a_napola_of_six_with_the_coins_and_seven_with_the_settebello_are_accepted() -> None:
    assert apply(start(2, napola=True), hand(coins=0, napola=(6, 0))).side_scores == (8, 0)


def test_a_hand_after_the_end_is_refused() -> None:
    state = apply(start(2), hand(0, 0, 0, 0, (7, 0)))
    with pytest.raises(RuleError) as caught:
        apply(state, hand())
    assert caught.value.code == "phase"


def test_finish_before_the_first_hand_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        apply(start(2), Finish())
    assert caught.value.code == "phase"


@pytest.mark.parametrize("players", [1, 5, 7])
def test_players_refused(players: int) -> None:
    with pytest.raises(RuleError) as caught:
        scopa_settings(players)
    assert caught.value.code == "players" and caught.value.field == "players"


@pytest.mark.parametrize("deal, players", [("scopone", 2), ("scopone-scientifico", 6)])
def test_scopone_needs_four(deal: str, players: int) -> None:
    with pytest.raises(RuleError) as caught:
        scopa_settings(players, deal=deal)
    assert (caught.value.code, caught.value.field) == ("ruleset", "deal")


def test_a_target_not_offered_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        scopa_settings(2, target=15)
    assert (caught.value.code, caught.value.field) == ("ruleset", "options.target")


# --- shapes --------------------------------------------------------------------------------


@pytest.mark.parametrize("body, field", [
    ({"settebello": 0, "scope": [0]}, "scope"),
    ({"settebello": 0, "scope": [0, 0, 0]}, "scope"),
    ({"settebello": 0, "scope": "2"}, "scope"),
    ({"settebello": 0, "scope": [0, 1.5]}, "scope[1]"),
    ({"settebello": "0", "scope": [0, 0]}, "settebello"),
    ({"settebello": 0, "scope": [0, 0], "cards": True}, "cards"),
    ({"settebello": 0, "scope": [0, 0], "napola": [3]}, "napola"),
    ({"scope": [0, 0]}, "settebello"),
    ({"settebello": 0}, "scope"),
])
def test_wrong_shapes_are_shape_errors(body: dict[str, Any], field: str) -> None:
    with pytest.raises(ShapeError) as caught:
        parsed(start(2, napola=True), **body)
    assert caught.value.field == field


def test_fields_left_out_are_nobody_and_no_napola() -> None:
    state = start(2, napola=True)
    entry = parsed(state, settebello=1, scope=[0, 2])
    assert entry == hand(None, None, 1, None, (0, 2), (0, 0))
    assert entry_to_json(entry) == {"kind": "hand", "cards": None, "coins": None,
                                    "settebello": 1, "primiera": None, "scope": [0, 2],
                                    "napola": [0, 0]}
    assert entry_from_json(state.settings, entry_to_json(entry)) == entry
    plain = start(2)
    assert parsed(plain, settebello=1, scope=[0, 2], napola=[]).napola == ()


def test_the_stored_game_folds_back() -> None:
    state = play(start(4), hand(0, None, 1, 0, (2, 1)), hand(1, 1, 1, None, (0, 0)))
    stored = [entry_to_json(e) for e in state.entries]
    again = fold(state.settings, [entry_from_json(state.settings, e) for e in stored])
    assert again.side_scores == state.side_scores == (4, 5)


# --- what the API writes -------------------------------------------------------------------


def test_statistics_and_sheet() -> None:
    state = play(start(4, napola=True), hand(0, 0, 0, 0, (2, 1), napola=(4, 0)),
                 hand(1, None, 1, None, (0, 0)))
    stats = state.settings.family.statistics_json(state)
    assert stats["table"] == {"players": 4, "hands": 2}
    assert stats["sides"][0] == {
        "side": 0, "seats": [0, 2], "hands": 2, "points_per_hand": 5.0, "cards": 1,
        "coins": 1, "settebello": 1, "primiera": 1, "scope": 2, "scope_per_hand": 1.0,
        "napola": 4}
    assert stats["sides"][1]["points_per_hand"] == 1.5
    rows = list(state.settings.family.sheet_rows(state))
    assert rows[0] == ["round", "dealer", "cards", "coins", "settebello", "primiera",
                       "Ana & Cleo scope", "Ana & Cleo napola", "Ana & Cleo points",
                       "Ana & Cleo total", "Ben & Dev scope", "Ben & Dev napola",
                       "Ben & Dev points", "Ben & Dev total"]
    assert rows[1] == [1, "Ana", "Ana & Cleo", "Ana & Cleo", "Ana & Cleo", "Ana & Cleo",
                       2, 4, 10, 10, 1, 0, 1, 1]
    assert rows[2] == [2, "Dev", "Ben & Dev", "", "Ben & Dev", "", 0, 0, 0, 10, 0, 0, 2, 3]


def test_statistics_before_any_hand_are_null() -> None:
    stats = start(2).settings.family.statistics_json(start(2))
    assert stats["sides"][0]["points_per_hand"] is None
    assert stats["sides"][0]["scope_per_hand"] is None


def test_round_json() -> None:
    state = apply(start(2), hand(0, None, 1, 0, (2, 1)))
    extra = state.settings.family.round_json(state.settings, state.rounds[0])
    assert extra == {"eldest": 1, "hand": {"cards": 0, "coins": None, "settebello": 1,
                                           "primiera": 0, "scope": [2, 1]},
                     "result": None, "side_points": [4, 2]}


def test_a_table_counts_its_hands() -> None:
    """docs/rules.md section 7: partners both count their side's result, hand by hand."""
    from datetime import datetime

    from companion.rules.table_games import played_game
    state = play(start(4), hand(0, 0, 0, 0, (5, 0)), hand(0, 0, 0, 0, (2, 0)))
    played = played_game(state, "g", datetime(2026, 1, 1))
    assert played.by_hands and played.hands == 2 and played.finished
    assert played.sides == (0, 1, 0, 1) and played.winners == (0, 2)
    assert played.scores == (15, 0, 15, 0)


def test_a_rematch_is_dealt_by_the_last_dealers_right() -> None:
    """The deal goes on passing right into the next game (docs/rules.md, preamble)."""
    from companion.rules import rematch_settings
    state = play(start(4), hand(0, 0, 0, 0, (3, 0)), hand(0, 0, 0, 0, (1, 0)))
    assert state.finished and state.rounds[-1].dealer == 3
    assert rematch_settings(state).first_dealer == 2
    left = play(start(4, deal_passes="left"), hand(0, 0, 0, 0, (3, 0)), hand(0, 0, 0, 0, (1, 0)))
    assert left.rounds[-1].dealer == 1 and rematch_settings(left).first_dealer == 2
