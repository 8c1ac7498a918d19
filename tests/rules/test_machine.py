"""Whole games of every ruleset and every player count, played by a Hypothesis state machine
with legal and illegal entries and undos, the engine checked against the model after each step.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from companion.rules import (
    Card,
    GameState,
    Phase,
    RuleError,
    Status,
    apply,
    fold,
    legal_bids,
    new_game,
    statistics,
    undo,
)

from .model import Model, strength
from .strategies import arbitrary_entry, filler_entry, game_settings, legal_entry
from .expected import PASSING, PLAYERS

#: Whole games played by Hypothesis's state machine: minutes, left out of the quick loop.
pytestmark = pytest.mark.slow

CASES = [(ruleset, players) for ruleset in sorted(PLAYERS) for players in PLAYERS[ruleset]]

#: A step is a legal entry (Oh-Seven: now and then bids meant to force a rebid), an arbitrary
#: one (most break a rule) or an undo, in these shares.
STEPS = ["legal"] * 5 + ["rebid"] * 2 + ["arbitrary"] * 2 + ["undo"]
#: Some games insist on rebids, so that Oh-Seven deals run out of cards and are redealt.
STUBBORN = ["rebid"] * 8 + ["arbitrary", "legal"]


def check_against_model(state: GameState, model: Model) -> None:
    """Everything the table sees must match the model of docs/rules.md."""
    assert state.finished is model.finished
    assert state.status is (Status.FINISHED if model.finished else Status.IN_PROGRESS)
    assert list(state.side_scores) == model.totals
    assert [state.scores[s] for s in range(model.n)] == [model.totals[model.side(s)] for s in range(model.n)]
    assert len(state.rounds) == model.rounds_done
    assert [list(r.points or ()) for r in state.rounds] == model.round_points
    assert [r.redeals for r in state.rounds] == model.round_redeals
    # Totals are the round points plus the current round's bonus.
    bonus = state.current.points_so_far if state.current else (0,) * model.n
    for seat in range(model.n):
        assert state.side_scores[model.side(seat)] == sum(
            r.points[seat] for r in state.rounds if r.points
        ) + bonus[seat]
    for round_ in state.rounds:
        assert round_.phase is Phase.DONE
        if model.ruleset != "seven-up":
            assert round_.tricks is not None and sum(round_.tricks) == round_.hand_size
        if model.ruleset == "oh-seven":
            bids = [b for b in round_.bids or () if isinstance(b, Card)]
            assert sum(b.value for b in bids) != 7
            high = max(bids, key=strength)
            assert bids.count(high) == 1 and round_.leader == bids.index(high)
            assert round_.high_bid == high and round_.trump is high.suit
    # The totals after each round, and who led then (sides: a team is its first seat's).
    running = [0] * model.sides
    expected_totals, expected_leaders = [], []
    for points in model.round_points:
        running = [total + points[side] for side, total in enumerate(running)]
        expected_totals.append(tuple(running))
        expected_leaders.append(tuple(s for s, t in enumerate(running) if t == max(running)))
    assert list(state.running_totals) == expected_totals
    assert list(state.leaders_after) == expected_leaders
    # Ranks: one more than the sides strictly ahead (1, 1, 3).
    for standing in state.standings:
        ahead = sum(score > standing.score for score in state.side_scores)
        assert standing.rank == ahead + 1
    if model.finished:
        assert state.current is None
        winning_sides = {model.side(s) for s in state.winners}
        if model.ruleset == "seven-up":
            assert winning_sides == {model.winner}
            assert state.winning_award is not None and state.winning_award.side == model.winner
        else:
            assert winning_sides == {s for s in range(model.sides) if model.totals[s] == max(model.totals)}
        return
    current = state.current
    assert current is not None
    assert current.number == model.number
    assert current.dealer == model.dealer
    assert current.hand_size == model.hand_size
    assert current.bidding_order == model.order
    assert current.redeals == model.redeals
    if model.ruleset == "seven-up":
        assert current.phase is Phase.HAND and current.eldest == model.eldest
        assert list(current.points_so_far) == model.bonus
        return
    assert current.phase is (Phase.TRICKS if model.accepted else Phase.BIDDING)
    assert list(current.points_so_far) == model.bonus
    if model.ruleset == "oh-seven":
        assert [list(cards) for cards in current.set_aside] == model.aside
        assert len(current.attempts) == model.attempts
        passing = PASSING[model.number] if model.settings.options["card_passing"] else None
        if passing is None:
            assert current.passing is None
        else:
            assert current.passing is not None
            assert (current.passing.count, current.passing.direction) == passing
            step = 1 if passing[1] == "left" else -1
            assert [(p.giver, p.receiver, p.count) for p in current.passing.passes] == [
                (seat, (seat + step) % model.n, passing[0]) for seat in range(model.n)
            ]
        return
    assert list(current.bids or ()) == model.bids
    waiting = model.waiting
    assert current.next_bidder == (waiting[0] if waiting else None)
    assert current.forbidden_bid == model.hook
    if current.phase is Phase.BIDDING:
        assert legal_bids(current) == tuple(b for b in range(model.hand_size + 1) if b != model.hook)


class GameMachine(RuleBasedStateMachine):
    """One game; ``RULESET`` and ``PLAYERS`` are set per test case below."""

    RULESET = "oh-hell"
    PLAYERS = 4

    def __init__(self) -> None:
        super().__init__()
        self.history: list[tuple[GameState, Model]] = []

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        settings_ = data.draw(game_settings(self.RULESET, self.PLAYERS))
        self.state = new_game(settings_)
        self.model = Model(settings_)
        self.steps = data.draw(st.sampled_from([STEPS, STUBBORN]))

    def _accept(self, entry: object) -> None:
        self.history.append((self.state, self.model.copy()))
        self.state = apply(self.state, entry)  # type: ignore[arg-type]
        self.model.apply(entry)  # type: ignore[arg-type]

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(self.steps))
        if kind == "undo":
            if not self.history:
                with pytest.raises(RuleError) as caught:
                    undo(self.state)
                assert caught.value.code == "phase"
                return
            before, model = self.history.pop()
            assert undo(self.state) == before
            self.state, self.model = before, model
            return
        if kind in ("legal", "rebid") and not self.model.finished:
            self._accept(data.draw(legal_entry(self.model, rebid=kind == "rebid")))
            return
        entry = data.draw(arbitrary_entry(self.model))
        broken = self.model.violations(entry)
        # What the state said before, to show a refusal changed nothing, not even in place:
        # only for an entry the model refuses (a legal one refused fails the test anyway). Its
        # ``repr`` writes every field out, at a fifth of the cost of a deep copy (which was a
        # third of the machine's time).
        before = repr(self.state) if broken else None
        try:
            after = apply(self.state, entry)
        except RuleError as error:
            assert broken, f"legal entry refused: {entry} -> {error!r}"
            assert error.code in broken, (entry, error.code, broken)
            assert repr(self.state) == before  # nothing changed, not even in place
            return
        assert not broken, f"illegal entry accepted: {entry} breaks {broken}"
        self.history.append((self.state, self.model.copy()))
        self.state = after
        self.model.apply(entry)

    @invariant()
    def agrees_with_model(self) -> None:
        if hasattr(self, "state"):
            check_against_model(self.state, self.model)

    def teardown(self) -> None:
        if not hasattr(self, "state"):
            return
        # Play the game out, then check the end and that folding the entries gives the same.
        while not self.model.finished:
            self._accept(filler_entry(self.model))
            check_against_model(self.state, self.model)
        assert fold(self.state.settings, self.state.entries) == self.state
        with pytest.raises(RuleError) as caught:  # what a new game would take, a finished one not
            apply(self.state, filler_entry(Model(self.state.settings)))
        assert caught.value.code == "phase"
        stats = statistics(self.state)
        assert (stats is None) is (self.RULESET == "seven-up")


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}p" for r, n in CASES])
def test_whole_games(ruleset: str, players: int) -> None:
    machine = type(f"Machine_{ruleset}_{players}", (GameMachine,), {"RULESET": ruleset, "PLAYERS": players})
    run_state_machine_as_test(
        machine,
        # Five whole games of a hundred steps for each ruleset and player count: a hundred games
        # a run, and a new hundred each run (no example database in CI).
        settings=settings(
            max_examples=5,
            stateful_step_count=100,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )
