"""Properties of the score pad over any game Hypothesis draws (docs/rules.md section 8): totals
are the sum of the rounds, a zero-sum game's totals sum to 0, ranks are those of the totals; and
a state machine plays whole pads with legal and illegal rounds, finishes, undos and corrections,
checked against a small model written from section 8 after every step."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from companion.rules import (Finish, FinishedBy, GameState, Points, RuleError, Settings, Status,
                             apply, correct_round, fold, new_game, new_settings, pad_statistics,
                             undo)

from .expected import NAMES

NAMES_12 = (*NAMES, "Jo", "Kim", "Lu")
MOST = 100_000

PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Hypothesis properties over played pads, and their state machine: left out of the quick loop.
pytestmark = pytest.mark.slow


@st.composite
def pad_settings(draw: st.DrawFn) -> Settings:
    players = draw(st.integers(2, 12))
    teams = draw(st.sampled_from(["none", "pairs"])) if players in (4, 6, 8) else "none"
    options = {
        "teams": teams,
        "winner": draw(st.sampled_from(["highest", "lowest"])),
        "target": draw(st.none() | st.integers(1, 300)),
        "rounds": draw(st.none() | st.integers(1, 12)),
        "zero_sum": draw(st.booleans()),
    }
    title = draw(st.none() | st.sampled_from(["Hearts", "Rummy", "Tarot ♠"]))
    return new_settings("score-pad", list(NAMES_12[:players]), draw(st.integers(0, players - 1)),
                        options, title)


@st.composite
def legal_points(draw: st.DrawFn, settings: Settings) -> Points:
    sides = len(settings.sides)
    small = st.integers(-60, 60)
    if settings.typed.zero_sum:
        others = draw(st.lists(small, min_size=sides - 1, max_size=sides - 1))
        return Points((*others, -sum(others)))
    return Points(tuple(draw(st.lists(st.integers(-MOST, MOST) | small, min_size=sides,
                                      max_size=sides))))


@st.composite
def any_points(draw: st.DrawFn, settings: Settings) -> Points:
    """Points of the right shape, in range or not, adding up to 0 or not."""
    sides = len(settings.sides)
    value = st.integers(-MOST - 5, MOST + 5) | st.integers(-3, 3)
    return Points(tuple(draw(st.lists(value, min_size=sides, max_size=sides))))


def broken(settings: Settings, points: Points) -> set[str]:
    """The codes section 8 says these points break (either may be raised first)."""
    codes = set()
    if any(not -MOST <= p <= MOST for p in points.points):
        codes.add("points-range")
    if settings.typed.zero_sum and sum(points.points) != 0:
        codes.add("points-total")
    return codes


@st.composite
def played_pads(draw: st.DrawFn) -> GameState:
    state = new_game(draw(pad_settings()))
    for _ in range(draw(st.integers(0, 14))):
        if state.finished:
            break
        state = apply(state, draw(legal_points(state.settings)))
    return state


def rank_of_totals(state: GameState, score: int) -> int:
    better = [s for s in state.side_scores
              if (s < score if state.settings.lowest_wins else s > score)]
    return len(better) + 1


@PROPERTY
@given(played_pads())
def test_totals_are_the_sum_of_the_rounds(state: GameState) -> None:
    settings = state.settings
    for side in settings.sides:
        first = settings.seats_of(side)[0]
        assert state.side_scores[side] == sum(r.points[first] for r in state.rounds if r.points)
        for seat in settings.seats_of(side):
            assert state.scores[seat] == state.side_scores[side]
    for after, totals in enumerate(state.running_totals, start=1):
        assert list(totals) == [sum(r.points[settings.seats_of(side)[0]]  # type: ignore[index]
                                    for r in state.rounds[:after]) for side in settings.sides]


@PROPERTY
@given(played_pads())
def test_zero_sum_totals_sum_to_zero(state: GameState) -> None:
    if state.settings.typed.zero_sum:
        assert sum(state.side_scores) == 0


@PROPERTY
@given(played_pads())
def test_ranks_are_those_of_the_totals(state: GameState) -> None:
    standings = state.standings
    assert sorted(st_.side for st_ in standings) == list(state.settings.sides)
    for standing in standings:
        assert standing.rank == rank_of_totals(state, standing.score)
    scores = [st_.score for st_ in standings]
    assert scores == sorted(scores, reverse=not state.settings.lowest_wins)
    if state.finished:
        best = state.settings.best(state.side_scores)
        assert set(state.winners) == {seat for seat in state.settings.seats
                                      if state.scores[seat] == best}


@PROPERTY
@given(played_pads(), st.data())
def test_statistics_add_up(state: GameState, data: st.DataObject) -> None:
    stats = pad_statistics(state)
    assert stats is not None and stats.rounds == len(state.rounds)
    for side_stats in stats.per_side:
        if state.rounds:
            assert side_stats.points_per_round == state.side_scores[side_stats.side] / len(state.rounds)
    if state.rounds:  # every round is won by at least one side
        assert sum(s.rounds_won for s in stats.per_side) >= len(state.rounds)


@PROPERTY
@given(played_pads(), st.data())
def test_a_correction_then_fold_agree(state: GameState, data: st.DataObject) -> None:
    """A legal correction's state is the fold of its entries; a refused one names a rule."""
    if not state.rounds:
        return
    number = data.draw(st.integers(1, len(state.rounds)))
    replacement = data.draw(legal_points(state.settings))
    try:
        corrected = correct_round(state, number, [replacement])
    except RuleError as error:
        assert error.code == "phase" and error.params["later_round"] > number
        return
    assert fold(state.settings, corrected.entries) == corrected
    assert corrected.rounds[number - 1].points is not None


# -- the state machine ------------------------------------------------------------------------------


@dataclass
class PadModel:
    """Section 8 written out plainly: totals per side, the rounds, what ended the game."""

    settings: Settings
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    finished_by: FinishedBy | None = None
    finishes: int = 0  # finish entries (a kept one after a correction counts too)

    @property
    def totals(self) -> list[int]:
        return [sum(r[side] for r in self.rounds) for side in self.settings.sides]

    def end_after_round(self) -> None:
        target, rounds = self.settings.typed.pad_target, self.settings.typed.rounds
        if target is not None and max(self.totals) >= target:
            self.finished_by = FinishedBy.TARGET
        elif rounds is not None and len(self.rounds) >= rounds:
            self.finished_by = FinishedBy.ROUNDS

    def copy(self) -> PadModel:
        return PadModel(self.settings, list(self.rounds), self.finished_by, self.finishes)

    def then(self, entry: Points | Finish) -> PadModel:
        """The model after a stored entry: a round, or a finish (kept, with no effect, after
        the target ended the game)."""
        model = self.copy()
        if isinstance(entry, Points):
            model.rounds.append(entry.points)
            model.end_after_round()
        else:
            model.finishes += 1
            if model.finished_by is None:
                model.finished_by = FinishedBy.SCOREKEEPER
        return model


class PadMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.history: list[tuple[GameState, PadModel]] = []

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.state = new_game(data.draw(pad_settings()))
        self.model = PadModel(self.state.settings)

    def _keep(self, after: GameState, model: PadModel) -> None:
        self.history.append((self.state, self.model))
        self.state, self.model = after, model

    @rule(data=st.data())
    def points(self, data: st.DataObject) -> None:
        entry = data.draw(legal_points(self.state.settings) | any_points(self.state.settings))
        codes = broken(self.state.settings, entry)
        before = copy.deepcopy(self.state, {id(self.state.settings.ruleset): self.state.settings.ruleset})
        try:
            after = apply(self.state, entry)
        except RuleError as error:
            if self.model.finished_by is not None:
                assert error.code == "phase"
            else:
                assert error.code in codes
            assert self.state == before
            return
        assert not codes and self.model.finished_by is None
        model = self.model.copy()
        model.rounds.append(entry.points)
        model.end_after_round()
        self._keep(after, model)

    @rule()
    def finish(self) -> None:
        try:
            after = apply(self.state, Finish())
        except RuleError as error:
            assert error.code == "phase"
            assert self.model.finished_by is not None or not self.model.rounds
            return
        assert self.model.finished_by is None and self.model.rounds
        model = self.model.copy()
        model.finished_by, model.finishes = FinishedBy.SCOREKEEPER, model.finishes + 1
        self._keep(after, model)

    @rule()
    def undo(self) -> None:
        if not self.history:
            with pytest.raises(RuleError):
                undo(self.state)
            return
        before, model = self.history.pop()
        assert undo(self.state) == before
        self.state, self.model = before, model

    @rule(data=st.data())
    def correct(self, data: st.DataObject) -> None:
        if not self.model.rounds:
            return
        number = data.draw(st.integers(1, len(self.model.rounds)))
        entry = data.draw(legal_points(self.state.settings))
        model = PadModel(self.state.settings, finishes=0)
        later = self.model.rounds[number:]
        refused_at = None
        for at, points in enumerate([*self.model.rounds[:number - 1], entry.points, *later], 1):
            if model.finished_by is not None:
                refused_at = at
                break
            model.rounds.append(points)
            model.end_after_round()
        try:
            corrected = correct_round(self.state, number, [entry])
        except RuleError as error:
            assert refused_at is not None and error.code == "phase"
            assert error.params["later_round"] == refused_at
            return
        assert refused_at is None
        if self.model.finishes:  # the finish is replayed: it ends an open game, or is kept
            model.finishes = self.model.finishes
            if model.finished_by is None:
                model.finished_by = FinishedBy.SCOREKEEPER
        # Undo after a correction takes the entries back one by one, as stored.
        self.history, step = [], PadModel(self.state.settings)
        for at, stored in enumerate(corrected.entries):
            self.history.append((fold(self.state.settings, corrected.entries[:at]), step))
            step = step.then(stored)  # type: ignore[arg-type]
        assert step == model
        self.state, self.model = corrected, model

    @invariant()
    def agrees(self) -> None:
        if not hasattr(self, "state"):
            return
        state, model = self.state, self.model
        assert list(state.side_scores) == model.totals
        assert [tuple(r.points[state.settings.seats_of(side)[0]] for side in state.settings.sides)  # type: ignore[index]
                for r in state.rounds] == model.rounds
        assert state.finished_by is model.finished_by
        assert state.status is (Status.FINISHED if model.finished_by else Status.IN_PROGRESS)
        assert (state.current is None) is (model.finished_by is not None)
        if state.current is not None:
            assert state.current.number == len(model.rounds) + 1
            assert state.current.dealer == (
                (state.settings.first_dealer + len(model.rounds)) % len(state.settings.players))
        if state.settings.typed.zero_sum:
            assert sum(state.side_scores) == 0
        for standing in state.standings:
            assert standing.rank == rank_of_totals(state, standing.score)
        assert fold(state.settings, state.entries) == state


def test_whole_pads() -> None:
    run_state_machine_as_test(PadMachine, settings=settings(
        max_examples=40, stateful_step_count=40, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))
