"""Golden tables for Wizard (docs/rules.md section 9): the rules' worked example, the cases of
hvkooten/wizard-scoreboard's tests ("WSB"), the hook's house rules, the recorded trump and every
refusal with its code and field."""

from __future__ import annotations

import pytest

from companion.rules import (Bids, RuleError, Tricks, apply, bids_open, every_round, fold,
                            new_game, new_settings, offline_answers, statistics)
from companion.rules.cards import NoTrump, Suit

THREE = ["Thomas", "Ute", "Kevin"]
FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def game(players: list[str], first_dealer: int = 0, **options: object):
    return new_game(new_settings("wizard", players, first_dealer, options or None))


def refused(state, entry, code: str, field: str | None = "bids") -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, entry)
    assert (caught.value.code, caught.value.field) == (code, field)
    return caught.value


def played(state, bids: tuple[int, ...], tricks: tuple[int, ...], trump=None):
    return apply(apply(state, Bids(bids, trump)), Tricks(tricks))


# -- the worked example and the scores ---------------------------------------------------------


def test_the_rules_worked_example_thomas_ute_kevin() -> None:
    """docs/rules.md section 9: no hook; rounds 1 and 2; Thomas and Ute share 2nd place."""
    state = game(THREE)
    state = played(state, (0, 1, 1), (0, 0, 1))
    assert state.rounds[-1].points == (20, -10, 30)
    state = played(state, (2, 0, 0), (1, 0, 1))
    assert state.rounds[-1].points == (-10, 20, -10)
    assert state.scores == (10, 10, 20)
    assert [(s.seats, s.rank) for s in state.standings] == [((2,), 1), ((0,), 2), ((1,), 2)]


@pytest.mark.parametrize(
    ("scoring", "bid", "taken", "points"),
    [
        pytest.param("standard", 0, 0, 20, id="US-Games-zero-made-20"),
        pytest.param("standard", 3, 3, 50, id="US-Games-exact-20-plus-10-a-trick"),
        pytest.param("standard", 1, 3, -20, id="US-Games-over-minus-10-a-trick"),
        pytest.param("standard", 3, 1, -20, id="US-Games-under-minus-10-a-trick"),
        pytest.param("tricks-always", 1, 3, 10, id="BuildmodeOne-tricks-always-bid-1-took-3"),
        pytest.param("tricks-always", 3, 3, 50, id="BuildmodeOne-tricks-always-exact"),
        pytest.param("tricks-always", 2, 0, -20, id="BuildmodeOne-tricks-always-none-taken"),
    ],
)
def test_round_scores(scoring: str, bid: int, taken: int, points: int) -> None:
    state = game(THREE, 0, scoring=scoring)
    for _ in range(3):  # to round 4: 4 cards each
        state = played(state, (0,) * 3, _first_takes_all(state))
    assert state.current is not None and state.current.hand_size == 4
    order = state.current.bidding_order
    bids = [0, 0, 0]
    bids[order[0]] = bid
    tricks = [0, 0, 0]
    tricks[order[0]] = taken
    tricks[order[1]] = 4 - taken
    state = played(state, tuple(bids), tuple(tricks))
    assert state.rounds[-1].points[order[0]] == points


def _first_takes_all(state) -> tuple[int, ...]:
    tricks = [0] * len(state.settings.players)
    tricks[state.current.bidding_order[0]] = state.current.hand_size
    return tuple(tricks)


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_by_players_wsb_max_rounds(players: int, rounds: int) -> None:
    """60 ÷ players rounds (WSB StartGame_CreatesSession_WithCorrectMaxRoundsForFourPlayers: 15),
    round r dealing r cards."""
    state = game(FOUR[:players] if players <= 4 else [*FOUR, "Eve", "Fay"][:players])
    assert state.total_rounds == rounds
    assert state.current is not None and state.current.hand_size == 1


def test_a_tie_for_first_shares_the_win_wsb() -> None:
    """WSB EndGame_Tie_AssignsWinToAllTopPlayers: equal top totals both win. Thomas takes rounds
    1, 4, 5, 8, …, Ute rounds 2, 3, 6, 7, …, bidding every card: 105 tricks each."""
    state = game(THREE)
    while state.current is not None:
        size = state.current.hand_size
        taker = 0 if size % 4 in (0, 1) else 1
        bids, tricks = [0, 0, 0], [0, 0, 0]
        bids[taker] = tricks[taker] = size
        state = played(state, tuple(bids), tuple(tricks))
    assert state.finished and len(state.rounds) == 20
    assert state.scores == (20 * 20 + 10 * 105, 20 * 20 + 10 * 105, 20 * 20)
    assert state.winners == (0, 1)
    assert [s.rank for s in state.standings] == [1, 1, 3]


@pytest.mark.parametrize("players", [2, 7])
def test_two_or_seven_players_are_refused_wsb(players: int) -> None:
    """WSB StartGame_RejectsUnsupportedPlayerCount: 60 cards deal evenly to 3–6 only."""
    with pytest.raises(RuleError) as caught:
        new_settings("wizard", [f"P{i}" for i in range(players)])
    assert (caught.value.code, caught.value.field) == ("players", "players")


# -- the hook ------------------------------------------------------------------------------------


def test_no_hook_by_default_the_dealer_may_make_the_total() -> None:
    state = apply(game(THREE), Bids((None, 0, None)))  # round 1: dealer seat 0, order 1, 2, 0
    state = apply(state, Bids((None, None, 0)))
    assert state.current.forbidden_bid is None
    assert bids_open(state, 0) == (0, 1)


def test_hook_always_forbids_the_total() -> None:
    state = apply(game(THREE, hook="always"), Bids((None, 0, 0)))
    assert state.current.forbidden_bid == 1
    refused(state, Bids((1, None, None)), "hook")


def test_hook_from_a_later_round() -> None:
    state = apply(game(THREE, hook="always", hook_from=2), Bids((None, 0, 0)))
    assert state.current.forbidden_bid is None  # round 1: not yet
    state = played(game(THREE, hook="always", hook_from=2), (0, 0, 1), (0, 0, 1))
    state = apply(state, Bids((0, None, 0)))  # round 2: dealer seat 1
    assert state.current.forbidden_bid == 2


def _canadian_at_round_2(leader_deals: bool):
    """Round 1: Ute (seat 1) alone bids 1 and takes it (30 to 20, 20); round 2 is dealt by Ute
    (``leader_deals``) or by Kevin."""
    state = game(THREE, 0 if leader_deals else 1, hook="canadian")
    return played(state, (0, 1, 0), (0, 1, 0))


def test_canadian_hooks_the_dealer_clearly_in_the_lead() -> None:
    """wizardcards.com, "The Canadian Rule": the dealer strictly ahead is hooked; zero stays
    allowed."""
    state = _canadian_at_round_2(leader_deals=True)
    assert state.current.dealer == 1 and state.scores[1] > max(state.scores[0], state.scores[2])
    state = apply(state, Bids((1, None, 1)))  # the others bid 2 of 2 cards: the dealer's 0 is free
    assert state.current.forbidden_bid is None
    state = apply(_canadian_at_round_2(True), Bids((1, None, 0)))
    assert state.current.forbidden_bid == 1
    refused(state, Bids((None, 1, None)), "hook")


def test_canadian_lets_a_dealer_not_in_the_lead_bid_freely() -> None:
    state = _canadian_at_round_2(leader_deals=False)
    assert state.current.dealer == 2
    state = apply(state, Bids((1, 0, None)))
    assert state.current.forbidden_bid is None
    assert bids_open(state, 2) == (0, 1, 2)


def test_canadian_never_holds_in_round_1() -> None:
    state = apply(game(THREE, hook="canadian"), Bids((None, 0, 0)))
    assert state.current.forbidden_bid is None


# -- the recorded trump --------------------------------------------------------------------------


def test_trump_recorded_with_any_bids_entry_and_the_same_again() -> None:
    state = apply(game(THREE), Bids((None, 0, None), Suit.HEARTS))
    assert state.current.trump is Suit.HEARTS
    state = apply(state, Bids((None, None, 1), Suit.HEARTS))  # the same again: accepted
    assert state.current.trump is Suit.HEARTS
    refused(state, Bids((0, None, None), Suit.CLUBS), "trump", "trump")
    state = apply(apply(state, Bids((0, None, None))), Tricks((0, 0, 1)))
    assert state.rounds[-1].trump is Suit.HEARTS


def test_no_suit_in_the_last_round_wsb() -> None:
    """WSB ScoreServiceLastRoundTrumpTests; the rules: "The last round has no Trump"."""
    state = game(["A", "B", "C", "D", "E", "F"])
    while state.current.number < 10:
        state = played(state, (0,) * 6, _first_takes_all(state))
    first = state.current.bidding_order[0]
    bids = [None] * 6
    bids[first] = 0
    refused(state, Bids(tuple(bids), Suit.SPADES), "trump", "trump")
    assert apply(state, Bids(tuple(bids), NoTrump.NONE)).current.trump is NoTrump.NONE


def test_trump_rate_over_the_rounds_recorded() -> None:
    state = played(game(THREE), (0, 0, 1), (0, 0, 1), Suit.SPADES)
    state = played(state, (0, 0, 2), (0, 0, 2))  # not recorded
    state = played(state, (0, 0, 3), (0, 0, 3), NoTrump.NONE)
    rate = statistics(state).trump_rate
    assert rate == {Suit.SPADES: 0.5, Suit.HEARTS: 0, Suit.DIAMONDS: 0, Suit.CLUBS: 0,
                    NoTrump.NONE: 0.5}
    assert statistics(played(game(THREE), (0, 0, 1), (0, 0, 1))).trump_rate is None


# -- refusals ------------------------------------------------------------------------------------


def test_hook_from_past_the_last_round_names_the_players() -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("wizard", FOUR, options={"hook": "canadian", "hook_from": 16})
    assert (caught.value.code, caught.value.field) == ("ruleset", "hook_from")
    assert "4 players" in str(caught.value)
    assert new_settings("wizard", FOUR, options={"hook_from": 15}).typed.hook_from == 15


@pytest.mark.parametrize(("option", "value"), [("hook", "not-last"), ("scoring", "exact"),
                                               ("hook_from", 0), ("hook_from", 21)])
def test_option_values_not_offered(option: str, value: object) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("wizard", THREE, options={option: value})
    assert caught.value.code == "ruleset"


def test_bid_range_tricks_and_phase() -> None:
    state = game(THREE)
    refused(state, Bids((None, 2, None)), "bid-range")
    refused(state, Bids((None, -1, None)), "bid-range")
    refused(state, Bids((None, None, 0)), "phase")  # out of turn
    refused(state, Tricks((0, 0, 1)), "phase", "tricks")
    state = apply(state, Bids((0, 0, 0)))
    refused(state, Tricks((1, 1, 0)), "tricks-total", "tricks")
    refused(state, Tricks((2, 0, 0)), "tricks-range", "tricks")


def test_undo_and_a_correction_replay_the_trump() -> None:
    entries = [Bids((0, 1, 1), Suit.CLUBS), Tricks((0, 0, 1))]
    state = fold(new_settings("wizard", THREE), entries)
    assert state.rounds[0].trump is Suit.CLUBS and state.scores == (20, -10, 30)


# -- offline: what the phone looks up -------------------------------------------------------------


def test_offline_the_phone_plays_to_the_end_unless_the_scores_decide_the_hook() -> None:
    """Without the Canadian rule every round hangs on the settings: the phone carries all 15;
    with it, whether the dealer is hooked hangs on the totals: the round is judged from the game
    as it is, and the next one waits."""
    rounds = every_round(new_settings("wizard", FOUR, options={"hook": "always"}))
    assert [(a.number, a.hand_size) for a in rounds] == [(n, n) for n in range(1, 16)]
    assert all(a.hooked for a in rounds)
    canadian = new_settings("wizard", THREE, options={"hook": "canadian"})
    assert every_round(canadian) == ()
    leading = _canadian_at_round_2(leader_deals=True)
    assert offline_answers(leading).forbidden_bids[:3] == (2, 1, None)  # never 0
    behind = _canadian_at_round_2(leader_deals=False)
    assert set(offline_answers(behind).forbidden_bids) == {None}
