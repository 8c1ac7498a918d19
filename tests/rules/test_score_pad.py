"""Golden cases for the score pad (docs/rules.md section 8), every expectation worked out by
hand: the end by target (highest and lowest wins) or by rounds, both at once, "we stop here" and
its undo, zero-sum, pairs of 4 and 6 players, corrections that end, reopen or are refused, the
statistics and the explanation of a score."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import (Finish, FinishedBy, GameState, Phase, Points, RuleError, ShapeError,
                             Status, Step, apply, correct_round, entry_from_json, entry_to_json,
                             explain, fold, new_game, new_settings, next_step, offline_answers,
                             pad_statistics, parse_entry, rematch_settings, settings_from_json,
                             settings_problems, statistics, undo)

from .expected import NAMES


def pad(players: int = 4, title: str | None = None, **options: Any) -> GameState:
    return new_game(new_settings("score-pad", list(NAMES[:players]), 0, options, title))


def play(state: GameState, *rounds: tuple[int, ...]) -> GameState:
    for points in rounds:
        state = apply(state, Points(points))
    return state


def refused(state: GameState, entry: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, entry)  # type: ignore[arg-type]
    return caught.value


def ranks(state: GameState) -> list[tuple[tuple[int, ...], int, int]]:
    return [(s.seats, s.score, s.rank) for s in state.standings]


# -- settings -------------------------------------------------------------------------------------


def test_defaults_and_title() -> None:
    """RULES-8: 2–12 players; defaults none, highest, no target, no rounds, not zero-sum; the
    title trimmed, optional."""
    settings = new_settings("score-pad", ["Ana", "Ben"], title="  Hearts ")
    assert settings.title == "Hearts"
    assert dict(settings.options) == {"teams": "none", "winner": "highest", "target": None,
                                      "rounds": None, "zero_sum": False}
    assert new_settings("score-pad", ["Ana", "Ben"]).title is None
    assert settings_from_json(settings.to_json()) == settings
    assert settings.to_json()["title"] == "Hearts"
    assert "title" not in new_settings("oh-hell", ["A", "B", "C"]).to_json()


@pytest.mark.parametrize(("players", "title", "options", "code", "reason", "field"), [
    pytest.param(1, None, {}, "players", "player-count", "players", id="RULES-8-two-players-least"),
    pytest.param(13, None, {}, "players", "player-count", "players", id="RULES-8-twelve-players-most"),
    pytest.param(2, "x" * 41, {}, "ruleset", "title-long", "title", id="RULES-8-title-40-most"),
    pytest.param(2, "  ", {}, "ruleset", "title-empty", "title", id="RULES-8-title-blank"),
    pytest.param(2, "a\x07", {}, "ruleset", "title-character", "title", id="RULES-8-title-as-a-name"),
    pytest.param(2, 7, {}, "ruleset", "title-type", "title", id="RULES-8-title-text"),
    pytest.param(2, None, {"teams": "pairs"}, "players", "pairs-count", "players", id="RULES-8-pairs-2"),
    pytest.param(5, None, {"teams": "pairs"}, "players", "pairs-count", "players", id="RULES-8-pairs-5"),
    pytest.param(10, None, {"teams": "pairs"}, "players", "pairs-count", "players", id="RULES-8-pairs-10"),
    pytest.param(2, None, {"winner": "most"}, "ruleset", "option-value", "options.winner", id="RULES-8-winner"),
    pytest.param(2, None, {"target": 0}, "ruleset", "option-range", "options.target", id="RULES-8-target-1-least"),
    pytest.param(2, None, {"target": 1_000_001}, "ruleset", "option-range", "options.target", id="RULES-8-target-most"),
    pytest.param(2, None, {"rounds": 501}, "ruleset", "option-range", "options.rounds", id="RULES-8-rounds-500-most"),
    pytest.param(2, None, {"zero_sum": 1}, "ruleset", "option-value", "options.zero_sum", id="RULES-8-zero-sum-bool"),
])
def test_settings_refused(players: int, title: object, options: dict[str, object], code: str,
                          reason: str, field: str) -> None:
    problems = settings_problems("score-pad", list(NAMES[:players]) + ["Jo", "Kim", "Lu", "Max"][:max(0, players - 9)],
                                 0, options, title)
    assert [(p.code, p.reason, p.field) for p in problems] == [(code, reason, field)]


def test_a_title_for_a_card_game_is_refused() -> None:
    """API "The score pad": a title sent for one of the four card games: 422 ruleset, title."""
    with pytest.raises(RuleError) as caught:
        new_settings("oh-hell", ["A", "B", "C"], title="Hearts")
    assert (caught.value.code, caught.value.reason, caught.value.field) == (
        "ruleset", "title-ruleset", "title")


def test_pairs_accept_4_6_8() -> None:
    for players in (4, 6, 8):
        assert new_settings("score-pad", list(NAMES[:players]), options={"teams": "pairs"}).has_teams


# -- a round --------------------------------------------------------------------------------------


def test_a_round_and_the_dealer() -> None:
    """RULES-8-a-round: one entry, every player's points; the dealer passes left, shown only."""
    state = pad(3)
    assert state.current is not None and state.current.phase is Phase.POINTS
    assert (state.current.number, state.current.dealer, next_step(state)) == (1, 0, Step.POINTS)
    state = play(state, (10, -5, 0), (0, 100_000, -100_000))
    assert state.rounds[0].points == (10, -5, 0) and state.rounds[1].dealer == 1
    assert state.scores == (10, 99_995, -100_000)
    assert state.current.dealer == 2 and state.current.number == 3
    assert state.total_rounds is None and offline_answers(state) is None
    assert statistics(state) is None


@pytest.mark.parametrize(("points", "seat", "value"), [
    pytest.param((100_001, 0, 0), 0, 100_001, id="RULES-8-points-above-100000"),
    pytest.param((0, -100_001, 0), 1, -100_001, id="RULES-8-points-below-minus-100000"),
])
def test_points_out_of_range(points: tuple[int, ...], seat: int, value: int) -> None:
    error = refused(pad(3), Points(points))
    assert (error.code, error.field, error.seat, error.params["value"]) == (
        "points-range", "points", seat, value)


def test_shapes() -> None:
    """A wrong length, or not whole numbers: a shape error (the API's 400), never a rule."""
    settings = pad(3).settings
    assert parse_entry(settings, "points", {"points": [1, -2, 3]}) == Points((1, -2, 3))
    assert parse_entry(settings, "finish", {}) == Finish()
    for body in ({"points": [1, 2]}, {"points": [1, 2, 2.5]}, {"points": [1, 2, True]},
                 {"points": "1,2,3"}, {}):
        with pytest.raises(ShapeError):
            parse_entry(settings, "points", body)
    with pytest.raises(RuleError) as caught:
        parse_entry(settings, "tricks", {"tricks": [1, 2, 3]})
    assert caught.value.code == "phase"
    with pytest.raises(ShapeError):
        apply(pad(3), Points((1, 2)))
    with pytest.raises(ShapeError):
        apply(pad(3), Points((1, 2, 2.5)))  # type: ignore[arg-type]
    for entry in (Points((1, -2, 3)), Finish()):
        assert entry_from_json(settings, entry_to_json(entry)) == entry


def test_card_game_entries_are_refused() -> None:
    from companion.rules import Tricks
    assert refused(pad(3), Tricks((1, 1, 1))).code == "phase"


# -- zero-sum -------------------------------------------------------------------------------------


def test_zero_sum_refused_and_accepted() -> None:
    """RULES-8-zero-sum: a round's points must add up to 0, refused naming the sum."""
    state = pad(4, zero_sum=True)
    error = refused(state, Points((30, -10, -10, -5)))
    assert (error.code, error.field, error.params["total"]) == ("points-total", "points", 5)
    assert "add up to 5" in error.message
    state = play(state, (30, -10, -10, -10), (-60, 20, 20, 20))
    assert state.scores == (-30, 10, 10, 10) and sum(state.scores) == 0


def test_zero_sum_off_accepts_any_sum() -> None:
    assert play(pad(2), (5, 7)).scores == (5, 7)


# -- the end --------------------------------------------------------------------------------------


def test_target_highest_wins() -> None:
    """RULES-8-target: the game ends with the round in which some total reaches the target."""
    state = play(pad(3, target=100), (40, 30, 20), (50, 60, 10))
    assert state.status is Status.IN_PROGRESS and state.scores == (90, 90, 30)
    state = play(state, (10, 5, 0))  # Ana reaches 100 exactly (≥ target)
    assert state.finished and state.finished_by is FinishedBy.TARGET and state.current is None
    assert ranks(state) == [((0,), 100, 1), ((1,), 95, 2), ((2,), 30, 3)]
    assert state.winners == (0,)
    assert refused(state, Points((0, 0, 0))).code == "phase"
    assert refused(state, Finish()).code == "phase"


def test_target_lowest_wins_hearts() -> None:
    """RULES-8-who-wins: Hearts to 100, lowest first; some total reaching it ends the game and
    the lowest total wins; equal totals share the place."""
    state = play(pad(4, "Hearts", winner="lowest", target=100), (26, 0, 0, 0), (60, 13, 13, 0))
    assert ranks(state) == [((3,), 0, 1), ((1,), 13, 2), ((2,), 13, 2), ((0,), 86, 4)]
    assert state.leaders == (3,) and state.leaders_after == ((1, 2, 3), (3,))
    state = play(state, (20, 3, 3, 0))
    assert state.finished_by is FinishedBy.TARGET
    assert ranks(state) == [((3,), 0, 1), ((1,), 16, 2), ((2,), 16, 2), ((0,), 106, 4)]
    assert state.winners == (3,)


def test_lowest_wins_shared_win() -> None:
    state = play(pad(3, winner="lowest", rounds=1), (5, 5, 9))
    assert ranks(state) == [((0,), 5, 1), ((1,), 5, 1), ((2,), 9, 3)] and state.winners == (0, 1)


def test_rounds_reached() -> None:
    """RULES-8-rounds: the game ends after that many rounds."""
    state = play(pad(2, rounds=3), (1, 2), (3, 4))
    assert state.total_rounds == 3 and not state.finished
    state = play(state, (5, 6))
    assert state.finished and state.finished_by is FinishedBy.ROUNDS
    assert ranks(state) == [((1,), 12, 1), ((0,), 9, 2)]


@pytest.mark.parametrize(("target", "rounds", "points", "after", "by"), [
    pytest.param(50, 3, [(30, 0), (25, 0)], 2, FinishedBy.TARGET, id="RULES-8-both-target-first"),
    pytest.param(50, 2, [(10, 0), (5, 0)], 2, FinishedBy.ROUNDS, id="RULES-8-both-rounds-first"),
    pytest.param(50, 2, [(10, 0), (45, 0)], 2, FinishedBy.TARGET, id="RULES-8-both-in-one-round-target"),
])
def test_target_and_rounds(target: int, rounds: int, points: list[tuple[int, int]], after: int,
                           by: FinishedBy) -> None:
    state = play(pad(2, target=target, rounds=rounds), *points)
    assert state.finished and len(state.rounds) == after and state.finished_by is by


def test_finish_by_hand_and_its_undo() -> None:
    """RULES-8-when-it-ends: "we stop here" any time after the first round; undo reopens."""
    state = pad(3)
    error = refused(state, Finish())
    assert (error.code, error.reason) == ("phase", "finish-before-round")
    state = play(state, (4, 5, 6), (1, 0, 0))
    finished = apply(state, Finish())
    assert finished.finished and finished.finished_by is FinishedBy.SCOREKEEPER
    assert finished.current is None and finished.rounds == state.rounds
    assert ranks(finished) == [((2,), 6, 1), ((0,), 5, 2), ((1,), 5, 2)]
    assert refused(finished, Finish()).code == "phase"
    assert refused(finished, Points((1, 1, 1))).code == "phase"
    reopened = undo(finished)
    assert reopened == state and reopened.finished_by is None
    assert reopened.current is not None and reopened.current.number == 3
    assert fold(finished.settings, finished.entries) == finished


def test_finish_before_a_target_or_rounds() -> None:
    state = apply(play(pad(2, target=500, rounds=10), (3, 1)), Finish())
    assert state.finished_by is FinishedBy.SCOREKEEPER and state.winners == (0,)


# -- teams ----------------------------------------------------------------------------------------


def test_pairs_with_4_players() -> None:
    """RULES-8-teams: 4 players, seats 0 & 2 against 1 & 3; points per side, a player's score is
    the side's."""
    state = pad(4, teams="pairs", target=1000)
    assert [state.settings.seats_of(side) for side in state.settings.sides] == [(0, 2), (1, 3)]
    with pytest.raises(ShapeError):
        apply(state, Points((1, 2, 3, 4)))
    state = play(state, (162, 0), (80, 90))
    assert state.side_scores == (242, 90) and state.scores == (242, 90, 242, 90)
    assert state.rounds[0].points == (162, 0, 162, 0)
    state = play(state, (800, 0))
    assert state.finished_by is FinishedBy.TARGET
    assert ranks(state) == [((0, 2), 1042, 1), ((1, 3), 90, 2)] and state.winners == (0, 2)


def test_pairs_with_6_players() -> None:
    """RULES-8-teams: 6 players, seat i with seat i + 3: (0, 3), (1, 4), (2, 5)."""
    state = pad(6, teams="pairs", zero_sum=True, rounds=2)
    assert [state.settings.seats_of(side) for side in state.settings.sides] == [(0, 3), (1, 4), (2, 5)]
    assert refused(state, Points((10, 0, -5))).params["total"] == 5
    state = play(state, (10, 0, -10), (-4, 6, -2))
    assert state.scores == (6, 6, -12, 6, 6, -12) and state.finished_by is FinishedBy.ROUNDS
    assert ranks(state) == [((0, 3), 6, 1), ((1, 4), 6, 1), ((2, 5), -12, 3)]
    assert state.winners == (0, 1, 3, 4)


def test_points_range_names_the_sides_first_seat() -> None:
    error = refused(pad(6, teams="pairs"), Points((0, 0, 200_000)))
    assert (error.code, error.seat, error.params["side"]) == ("points-range", 2, 2)


# -- corrections ----------------------------------------------------------------------------------


def test_correction_recomputes() -> None:
    state = play(pad(3), (1, 2, 3), (4, 5, 6), (7, 8, 9))
    corrected = correct_round(state, 2, [Points((40, 5, 6))])
    assert corrected.scores == (48, 15, 18) and corrected.rounds[1].points == (40, 5, 6)
    assert corrected.entries[1] == Points((40, 5, 6))


def test_correction_of_the_last_round_that_reaches_the_target_ends_it() -> None:
    """RULES-8-when-it-ends: a correction of the last round reaching the target ends the game."""
    state = play(pad(2, target=50), (20, 10), (10, 10))
    corrected = correct_round(state, 2, [Points((30, 10))])
    assert corrected.finished and corrected.finished_by is FinishedBy.TARGET
    assert corrected.scores == (50, 20) and corrected.current is None


def test_correction_that_reaches_the_target_after_a_finish_keeps_it() -> None:
    """RULES-8: whether or not the scorekeeper had finished it; the finish entry is kept, with
    no further effect."""
    state = apply(play(pad(2, target=50), (20, 10), (10, 10)), Finish())
    corrected = correct_round(state, 2, [Points((30, 10))])
    assert corrected.finished_by is FinishedBy.TARGET and corrected.entries[-1] == Finish()
    assert len(corrected.entries) == 3 and fold(state.settings, corrected.entries) == corrected
    assert undo(corrected).finished_by is FinishedBy.TARGET  # the kept finish goes, nothing else
    assert undo(undo(corrected)).current is not None  # then the round: open again
    not_reaching = correct_round(state, 2, [Points((20, 10))])
    assert not_reaching.finished_by is FinishedBy.SCOREKEEPER and not_reaching.scores == (40, 20)


def test_correction_that_reopens() -> None:
    """RULES-8: a correction below the target reopens a game the target ended."""
    state = play(pad(2, winner="lowest", target=100), (50, 10), (60, 10))
    assert state.finished_by is FinishedBy.TARGET
    reopened = correct_round(state, 2, [Points((40, 10))])
    assert not reopened.finished and reopened.finished_by is None
    assert reopened.current is not None and reopened.current.number == 3
    assert reopened.scores == (90, 20)


def test_correction_that_would_end_the_game_before_a_later_round_is_refused() -> None:
    """RULES-8 and section 5: a correction that would end the game before round 3 is refused,
    naming round 3."""
    state = play(pad(3, target=100), (40, 0, 0), (40, 0, 0), (10, 0, 0))
    with pytest.raises(RuleError) as caught:
        correct_round(state, 2, [Points((60, 0, 0))])
    error = caught.value
    assert (error.code, error.params["later_round"]) == ("phase", 3)
    assert "round 3" in error.message


def test_correction_refused_by_its_own_rule() -> None:
    state = play(pad(2, zero_sum=True), (5, -5), (1, -1))
    with pytest.raises(RuleError) as caught:
        correct_round(state, 1, [Points((5, 5))])
    assert caught.value.code == "points-total" and caught.value.params["total"] == 10


# -- statistics, explanation, rematch -------------------------------------------------------------


def test_statistics_with_shared_round_wins() -> None:
    """RULES-8-statistics: rounds, points per round, best and worst round, rounds won (a best
    shared counts for each) and its rate."""
    state = play(pad(3), (10, 10, 4), (-2, 7, 7), (0, 0, 0), (5, 1, 9))
    stats = pad_statistics(state)
    assert stats is not None and (stats.players, stats.rounds) == (3, 4)
    got = [(p.seats, p.rounds, p.points_per_round, p.best_round, p.worst_round, p.rounds_won,
            p.rounds_won_rate) for p in stats.per_side]
    assert got == [
        ((0,), 4, 13 / 4, 10, -2, 2, 0.5),  # won rounds 1 (shared) and 3 (shared by all)
        ((1,), 4, 18 / 4, 10, 0, 3, 0.75),  # rounds 1, 2, 3
        ((2,), 4, 20 / 4, 9, 0, 3, 0.75),  # rounds 2, 3, 4
    ]


def test_statistics_lowest_wins_pairs() -> None:
    state = play(pad(4, teams="pairs", winner="lowest"), (3, 8), (5, 5))
    stats = pad_statistics(state)
    assert stats is not None
    got = [(p.seats, p.best_round, p.worst_round, p.rounds_won) for p in stats.per_side]
    assert got == [((0, 2), 3, 5, 2), ((1, 3), 5, 8, 1)]


def test_statistics_before_a_round_and_for_card_games() -> None:
    stats = pad_statistics(pad(2))
    assert stats is not None and stats.rounds == 0
    assert [(p.points_per_round, p.best_round, p.rounds_won_rate) for p in stats.per_side] == [
        (None, None, None)] * 2
    assert pad_statistics(new_game(new_settings("oh-hell", ["A", "B", "C"]))) is None


def test_explanation_of_a_score() -> None:
    """"round 3: 25 as entered; total 112"."""
    state = play(pad(2), (50, 1), (37, 2), (25, 3))
    explained = explain(state)
    third = explained[2].seats[0]
    assert (third.number, third.points, third.total) == (3, 25, 112)  # type: ignore[union-attr]
    assert [(s.points, s.total) for s in explained[2].seats] == [(25, 112), (3, 6)]  # type: ignore[union-attr]
    pairs = explain(play(pad(4, teams="pairs"), (4, 6), (1, 1)))
    assert [(s.seat, s.side, s.total) for s in pairs[1].seats] == [  # type: ignore[union-attr]
        (0, 0, 5), (1, 1, 7), (2, 0, 5), (3, 1, 7)]


def test_rematch_keeps_title_and_options() -> None:
    state = play(pad(3, "Rummy", winner="lowest", rounds=1), (5, 0, 2))
    settings = rematch_settings(state)
    assert settings.title == "Rummy" and settings.options == state.settings.options
    assert settings.first_dealer == 1
