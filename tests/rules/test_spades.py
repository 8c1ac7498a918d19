"""Spades (docs/rules.md, "Spades"): the scoring examples of the rulebooks and of other projects'
test suites, each row citing its source; every refusal with its code and field; the end at the
target or the floor, another hand on a tie for first; a correction that ends or reopens a game."""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from companion.rules import (Bids, GameState, RuleError, Tricks, apply, correct_round, fold,
                             new_game, new_settings)
from companion.rules.entries import Bid
from companion.rules.spades import bags_held, blind_nil_seats

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def partners(**options: Any) -> GameState:
    return new_game(new_settings("spades", FOUR, options=options))


def hand(state: GameState, bids: Sequence[Bid], tricks: Sequence[int]) -> GameState:
    """One hand: the bids in bidding order, one at a time, then the tricks."""
    assert state.current is not None
    for seat in state.current.bidding_order:
        one: list[Bid] = [None] * len(bids)
        one[seat] = bids[seat]
        state = apply(state, Bids(tuple(one)))
    return apply(state, Tricks(tuple(tricks)))


def with_scores(state: GameState, scores: tuple[int, ...], bags: tuple[int, ...]) -> GameState:
    """A game whose side totals and bag counts are set as a test needs them (the engine's own
    values, replaced: what the hands before would have made)."""
    from companion.rules.evolve import evolve
    from companion.rules.state import SideHand
    last = evolve(state.current, side_hands=tuple(
        SideHand(0, 0, 0, 0, held, False, False) for held in bags))
    return evolve(state, side_scores=scores, rounds=state.rounds.added(last))


# Side 0 is seats 0 and 2. Each row: its source, the options, side 0's score and bags before,
# the four bids, the four tricks, side 0's points for the hand, its bags taken, its penalty, its
# bags after.
GOLDEN = [
    # mreishus/spades, the team-score tests (game_score_round_team): a failed nil.
    ("mreishus failed nil", {}, 0, 0, ["nil", 3, 2, 3], [1, 5, 2, 5], -79, 1, 0, 1),
    # Pagat, Spades, "Scoring": 337 points and 7 bags, bid 5: takes 7, 8, 9.
    ("Pagat 5 takes 7", {}, 337, 7, [3, 4, 2, 3], [4, 3, 3, 3], 52, 2, 0, 9),
    ("Pagat 5 takes 8", {}, 337, 7, [3, 3, 2, 4], [4, 2, 4, 3], 53 - 100, 3, -100, 0),
    ("Pagat 5 takes 9", {}, 337, 7, [3, 2, 2, 2], [5, 2, 4, 2], 54 - 100, 4, -100, 1),
    # OpenSpiel, spades_test.cc: 99 points and 9 bags, bid 6, took 9.
    ("OpenSpiel 99 and 9 bags", {}, 99, 9, [3, 3, 3, 1], [5, 2, 4, 2], -37, 3, -100, 2),
    # OpenSpiel, spades_test.cc: bids 13 and nil, tricks 4 and 1, under bags (the default)…
    ("OpenSpiel 13 + nil, bags", {}, 0, 0, [13, 1, "nil", 1], [4, 7, 1, 1], -229, 1, 0, 1),
    # … and as OpenSpiel counts it (spades.cc): the nil's trick toward the 13.
    ("OpenSpiel 13 + nil, partner", {"failed_nil": "partner"}, 0, 0, [13, 1, "nil", 1],
     [4, 7, 1, 1], -230, 0, 0, 0),
    # matt-ortiz scoring.py ``no_effect``: the failed nil's trick is neither bag nor trick.
    ("matt-ortiz failed nil, ignore", {"failed_nil": "ignore"}, 0, 0, ["nil", 3, 2, 3],
     [1, 5, 2, 5], -80, 0, 0, 0),
    # Pagat: a blind nil "scores twice as much as an ordinary nil".
    ("Pagat blind nil made", {"blind_nil": "always"}, 0, 0, ["blind-nil", 4, 4, 4],
     [0, 5, 4, 4], 240, 0, 0, 0),
    # Bicycle's mirror: a 50-point nil; failed, its partner's 4 set too.
    ("Bicycle nil of 50 failed", {"nil_value": 50}, 0, 0, ["nil", 4, 4, 4], [2, 4, 3, 4],
     -40 - 50 + 2, 2, 0, 2),
    # RMWinslow: "Every 7th bag".
    ("RMWinslow 6th bag", {"bag_limit": 7}, 0, 5, [2, 4, 2, 4], [3, 4, 2, 4], 41, 1, 0, 6),
    ("RMWinslow 7th bag", {"bag_limit": 7}, 0, 6, [2, 4, 2, 4], [3, 4, 2, 4], 41 - 100, 1,
     -100, 0),
    # A peer's ``penalizeBags: false`` (bag_limit null): bags scored, never penalized.
    ("bags never penalized", {"bag_limit": None}, 0, 19, [2, 4, 2, 4], [4, 3, 3, 3], 43, 3, 0,
     22),
]


@pytest.mark.parametrize(("options", "score", "bags", "bids", "tricks", "points", "taken",
                          "penalty", "after"),
                         [row[1:] for row in GOLDEN], ids=[row[0] for row in GOLDEN])
def test_golden_hands(options: dict[str, Any], score: int, bags: int, bids: list[Bid],
                      tricks: list[int], points: int, taken: int, penalty: int,
                      after: int) -> None:
    if "blind-nil" in bids:
        state = partners(**options)
    else:
        state = with_scores(partners(**options), (score, 0), (bags, 0))
    state = hand(state, bids, tricks)
    side = state.rounds[-1].side_hands[0]
    assert (side.points, side.bags, side.bag_penalty, side.bags_held) == (
        points, taken, penalty, after)
    assert state.side_scores[0] == score + points if "blind-nil" not in bids else points


def test_pagat_example_totals() -> None:
    """Pagat: 337 and 7 bags, bid 5: takes 7, 389 (9 bags); 8, 290 (0); 9, 291 (1)."""
    for tricks, total, held in (([4, 3, 3, 3], 389, 9), ([4, 2, 4, 3], 290, 0),
                                ([5, 2, 4, 2], 291, 1)):
        state = hand(with_scores(partners(), (337, 0), (7, 0)), [3, 3, 2, 3], tricks)
        assert (state.side_scores[0], bags_held(state)[0]) == (total, held)


def test_contract_set_scores_minus_ten_a_trick_and_no_bags() -> None:
    state = hand(partners(), [4, 3, 4, 3], [3, 5, 4, 1])  # side 0 bid 8, took 7; side 1 bid 6, took 6
    sides = state.rounds[0].side_hands
    assert (sides[0].points, sides[0].bags, sides[0].made) == (-80, 0, False)
    assert (sides[1].points, sides[1].bags, sides[1].made) == (60, 0, True)
    assert state.scores == (-80, 60, -80, 60)


def test_three_players_take_seventeen_tricks_alone() -> None:
    state = new_game(new_settings("spades", ["Ana", "Ben", "Cleo"]))
    assert state.current is not None and state.current.hand_size == 17
    assert not state.settings.has_teams
    state = hand(state, [5, 6, "nil"], [7, 10, 0])
    assert state.side_scores == (52, 64, 100)


def test_blind_nil_only_for_a_side_100_behind() -> None:
    state = partners()
    assert blind_nil_seats(state.settings, state.side_scores) == ()  # first hand: nobody
    behind = with_scores(state, (0, 100), (0, 0))
    assert blind_nil_seats(behind.settings, behind.side_scores) == (0, 2)  # exactly 100 is enough
    short = with_scores(state, (1, 100), (0, 0))
    assert blind_nil_seats(short.settings, short.side_scores) == ()
    assert blind_nil_seats(partners(blind_nil="always").settings, (0, 0)) == (0, 1, 2, 3)
    far = with_scores(partners(blind_nil="behind-200"), (0, 199), (0, 0))
    assert blind_nil_seats(far.settings, far.side_scores) == ()


def refusal(state: GameState, entry: Bids | Tricks, code: str, field: str | None,
            seat: int | None = None) -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, entry)
    assert (caught.value.code, caught.value.field) == (code, field)
    if seat is not None:
        assert caught.value.seat == seat
    return caught.value


def test_every_refusal_with_its_code_and_field() -> None:
    state = partners()  # Ana deals: Ben bids first
    zero = refusal(state, Bids((None, 0, None, None)), "bid-range", "bids", 1)
    assert '"nil"' in zero.message
    refusal(state, Bids((None, 14, None, None)), "bid-range", "bids", 1)
    blind = refusal(state, Bids((None, "blind-nil", None, None)), "blind-nil", "bids", 1)
    assert "100" in blind.message and "is not behind" in blind.message
    refusal(partners(blind_nil="never"), Bids((None, "blind-nil", None, None)), "blind-nil",
            "bids", 1)
    refusal(state, Bids((None, None, 3, None)), "phase", "bids")  # out of turn
    refusal(state, Tricks((3, 3, 3, 4)), "phase", "tricks")  # tricks before the bids
    bid = hand(state, [3, 3, 3, 3], [3, 3, 3, 4])
    assert bid.current is not None
    ready = fold(bid.settings, [*bid.entries, Bids((None, None, 3, None)), Bids((None, None, None, 3)),
                                Bids((3, None, None, None)), Bids((None, 3, None, None))])
    refusal(ready, Tricks((3, 3, 3, 3)), "tricks-total", "tricks")
    refusal(ready, Tricks((14, 0, 0, -1)), "tricks-range", "tricks", 0)
    minimum = partners(min_side_bid=4)
    after_ben = apply(minimum, Bids((None, 2, None, None)))
    after_cleo = apply(after_ben, Bids((None, None, 1, None)))
    side = refusal(after_cleo, Bids((None, None, None, 1)), "side-bid", "bids", 3)
    assert "Ben & Dev" in side.message and "4" in side.message
    refusal(after_cleo, Bids((None, None, None, "nil")), "side-bid", "bids", 3)  # Ben's 2 alone
    refusal(apply(after_cleo, Bids((None, None, None, 2))), Bids((1, None, None, None)),
            "side-bid", "bids", 0)


def test_side_bid_exempts_a_nil_and_allows_two_nils() -> None:
    state = partners(min_side_bid=4)
    state = apply(state, Bids((None, "nil", None, None)))
    state = apply(state, Bids((None, None, 5, None)))
    refusal(state, Bids((None, None, None, 3)), "side-bid", "bids", 3)  # the partner alone
    state = apply(state, Bids((None, None, None, "nil")))  # two nils: no contract, allowed
    state = apply(state, Bids((4, None, None, None)))
    assert state.current is not None and state.current.phase.value == "tricks"


@pytest.mark.parametrize(("players", "options", "code", "field"), [
    (FOUR[:1], {}, "players", "players"),
    (FOUR + ["Eve"], {}, "players", "players"),
    (FOUR[:3], {"teams": "pairs"}, "players", "players"),
    (FOUR[:3], {"failed_nil": "partner"}, "ruleset", "options.failed_nil"),
    (FOUR, {"teams": "none", "min_side_bid": 4}, "ruleset", "options.min_side_bid"),
    (FOUR, {"target": 1000}, "ruleset", "options.target"),
    (FOUR, {"floor": -100}, "ruleset", "options.floor"),
    (FOUR, {"nil_value": 75}, "ruleset", "options.nil_value"),
    (FOUR, {"blind_nil": "behind-50"}, "ruleset", "options.blind_nil"),
    (FOUR, {"bag_limit": 3}, "ruleset", "options.bag_limit"),
    (FOUR, {"min_side_bid": 1}, "ruleset", "options.min_side_bid"),
    (FOUR, {"min_side_bid": 14}, "ruleset", "options.min_side_bid"),
])
def test_settings_refused(players: list[str], options: dict[str, Any], code: str,
                          field: str) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("spades", players, options=options)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_game_ends_at_the_target_with_the_highest_side() -> None:
    state = with_scores(partners(), (480, 470), (0, 0))
    state = hand(state, [3, 3, 3, 3], [3, 4, 3, 3])  # 540 and 531: both over, the highest wins
    assert state.finished and state.winners == (0, 2)
    assert [s.rank for s in state.standings] == [1, 2]
    assert state.finished_by is None


def test_a_tie_for_first_plays_another_hand() -> None:
    tied = hand(with_scores(partners(), (439, 440), (0, 0)), [3, 3, 3, 3], [3, 3, 4, 3])
    assert tied.side_scores == (500, 500) and not tied.finished  # 61 and 60: level at 500
    assert tied.current is not None and tied.current.number == 2
    assert [s.rank for s in tied.standings] == [1, 1]
    after = hand(tied, [3, 3, 3, 3], [3, 3, 3, 4])
    assert after.finished and after.winners == (1, 3)


def test_floor_ends_the_game() -> None:
    state = with_scores(partners(), (-150, 0), (0, 0))
    state = hand(state, [6, 1, 6, 1], [3, 2, 3, 5])  # side 0 set: −120 → −270
    assert state.finished and state.winners == (1, 3)
    no_floor = with_scores(partners(floor=None), (-150, 0), (0, 0))
    assert not hand(no_floor, [6, 1, 6, 1], [3, 2, 3, 5]).finished


def entries_for(number: int, bids: Sequence[Bid], tricks: Sequence[int]) -> list[Bids | Tricks]:
    """A hand's entries as the table makes them, first dealer Ana: the bids in turn."""
    dealer = (number - 1) % 4
    made: list[Bids | Tricks] = []
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        one: list[Bid] = [None] * 4
        one[seat] = bids[seat]
        made.append(Bids(tuple(one)))
    return [*made, Tricks(tuple(tricks))]


def test_a_correction_ends_or_reopens_the_game() -> None:
    settings = new_settings("spades", FOUR, options={"target": 200})
    state = fold(settings, [*entries_for(1, [2, 5, 2, 4], [2, 5, 2, 4]),
                            *entries_for(2, [3, 3, 3, 3], [3, 3, 3, 4])])
    assert state.side_scores == (100, 151) and not state.finished
    ended = correct_round(state, 2, entries_for(2, [1, 6, 1, 5], [1, 6, 1, 5]))
    assert ended.side_scores == (60, 200) and ended.finished and ended.winners == (1, 3)
    reopened = correct_round(ended, 2, entries_for(2, [3, 3, 3, 3], [3, 3, 3, 4]))
    assert not reopened.finished and reopened.current is not None
    assert reopened.current.number == 3
    # With a third hand played, a correction that would end the game at the second is refused.
    third = fold(settings, [*state.entries, *entries_for(3, [3, 3, 3, 3], [3, 3, 3, 4])])
    with pytest.raises(RuleError) as caught:
        correct_round(third, 2, entries_for(2, [1, 6, 1, 5], [1, 6, 1, 5]))
    assert caught.value.code == "phase"


def test_the_phone_carries_the_tricks_answers_to_the_end_of_the_hand() -> None:
    """Offline, the hand's tricks are looked up (the engine's answers) in any hand, even one
    that plain rounds would never reach before the target; the next hand waits."""
    from companion.rules import every_round, offline_answers
    state = partners(target=200, min_side_bid=6)
    for _hand in range(3):  # 60 and 61 a hand: 180 and 183, hand 4 to play
        state = hand(state, [3, 3, 3, 3], [3, 3, 3, 4])
    assert state.current is not None and state.current.number == 4
    answers = offline_answers(state)
    assert answers is not None and answers.hand_size == 13
    assert answers.last_tricks[:3] == (13, 12, 11) and answers.forbidden_bids[0] is None
    assert every_round(state.settings) == ()  # the next hand waits for the connection
