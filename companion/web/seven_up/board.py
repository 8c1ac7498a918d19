"""What the Seven-Up page shows around the form: the hand form's hints (asked of the engine),
each side's chips and the pot, the hands in numbers, and how the last hand was counted out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import rules
from ...rules import Award, Beg, GameState, Hand, RuleError
from ...store import StoredGame
from ..messages import MESSAGES
from .hand_form import (PLAY_POINTS, TURNED_JACK, HandForm, finishes, jacks_only,
                        side_names)


@dataclass(frozen=True)
class HandPanel:
    """The hand form's engine-derived hints, for the state before the hand."""

    form: HandForm
    round: rules.Round
    sides: tuple[str, ...]
    #: Seats grouped by side, for the pick buttons (one group a team; one seat each otherwise).
    seat_groups: tuple[tuple[int, ...], ...]
    #: The sides a gift scores for (both non-dealers with three players), as side numbers.
    gift_to: tuple[int, ...]
    #: Why the dealer may not give one (the engine's ``may_give``), for the form's turn-up.
    gift_refused: str | None
    turned_jack_wins: bool
    #: How many jacks turned (the turn-up's included) end the game while running.
    jacks_to_win: int | None
    #: The jacks already scored by this hand's redeals.
    redeal_jacks: int


def _jacks_to_win(state: GameState) -> int | None:
    jacks = 1
    while True:
        hand = jacks_only(jacks, Beg.RUN, redeal=True)  # counts the same jacks, never asks for play
        try:
            if rules.apply(state, hand).finished:
                return jacks
        except RuleError:
            return None  # more jacks than a pack holds
        jacks += 1


def hand_panel(state: GameState, form: HandForm) -> HandPanel:
    settings = state.settings
    current = state.current
    assert current is not None and current.eldest is not None
    turned = 1 if form.turn_up.data == TURNED_JACK else 0
    refused = None
    if not rules.may_give(settings, current, state.side_scores, turned):
        refused = str(MESSAGES["gift-would-win"]) % {
            "player": settings.players[current.eldest], "target": settings.options["target"]}
    groups = tuple(tuple(s for s in settings.seats if settings.side_of(s) == side)
                   for side in settings.sides)
    sides = side_names(settings)
    return HandPanel(
        form=form, round=current, sides=sides, seat_groups=groups,
        gift_to=tuple(settings.side_of(s) for s in rules.gift_receivers(settings, current)),
        gift_refused=refused,
        turned_jack_wins=finishes(state, jacks_only(1, Beg.STAND, redeal=False)),
        jacks_to_win=_jacks_to_win(state),
        redeal_jacks=sum(1 for a in current.awards if a.point == "jack-turned"),
    )


@dataclass(frozen=True)
class ChipSide:
    side: int
    name: str
    left: int  # chips still in front of the side
    scored: int  # chips it put in the pot
    new: int  # of those, the ones the last entry scored


def chips(state: GameState) -> tuple[ChipSide, ...]:
    """Each side's chips: one per point still to score, the rest in the pot (the seed's way of
    keeping score)."""
    settings = state.settings
    target = int(settings.options["target"])
    current = state.current
    latest: tuple[Award, ...] = ()
    if current is not None and current.awards:
        latest = current.awards  # the redeals of the hand being played
    elif state.rounds:
        latest = state.rounds[-1].awards
    names = side_names(settings)
    return tuple(
        ChipSide(side, names[side], max(target - score, 0), score,
                 sum(1 for a in latest if a.counted and a.side == side))
        for side, score in enumerate(state.side_scores)
    )


@dataclass(frozen=True)
class HandRow:
    """One scored hand on the scoreboard."""

    round: rules.Round
    hand: Hand  # the hand that was played (or the turned jacks that ended the game)
    played: bool  # False when turned jacks ended the game before the beg or play
    jacks: tuple[Award, ...]  # every jack turned for the dealer, redeals included
    gift: tuple[Award, ...]
    points: dict[str, tuple[Award, ...]]  # high, low, jack, game
    gained: tuple[int, ...]  # per side
    totals: tuple[int, ...]  # per side, after the hand


def hand_rows(state: GameState) -> list[HandRow]:
    settings = state.settings
    totals = [0] * len(settings.sides)
    rows = []
    for round_ in state.rounds:
        gained = [sum(1 for a in round_.awards if a.counted and a.side == side)
                  for side in settings.sides]
        totals = [t + g for t, g in zip(totals, gained)]
        hand = round_.hands[-1]

        def of(point: str, awards: tuple[Award, ...] = round_.awards) -> tuple[Award, ...]:
            return tuple(a for a in awards if a.point == point)

        rows.append(HandRow(round_, hand, hand.game is not None, of("jack-turned"), of("gift"),
                            {point: of(point) for point in PLAY_POINTS}, tuple(gained),
                            tuple(totals)))
    return rows


@dataclass(frozen=True)
class CountStep:
    award: Award
    score: int | None  # the side's score after it; None: not counted
    wins: bool


def counting_out(state: GameState) -> tuple[CountStep, ...]:
    """The last hand's points in the order they were counted, up to the one that won."""
    if not state.finished or not state.rounds:
        return ()
    awards = state.rounds[-1].awards
    scores = list(state.side_scores)
    for award in awards:
        if award.counted:
            scores[award.side] -= 1
    steps = []
    for award in awards:
        score = None
        if award.counted:
            scores[award.side] += 1
            score = scores[award.side]
        steps.append(CountStep(award, score, award == state.winning_award))
    return tuple(steps)


def panel(game: StoredGame, submitted: Any) -> dict[str, Any]:
    """The Seven-Up parts of the game page (``fragments.game_context`` adds them)."""
    state = game.state
    current = state.current
    form = None
    if current is not None:
        keep = isinstance(submitted, HandForm) and submitted.round.data == current.number
        form = submitted if keep else HandForm.fresh(current.number)
    return {
        "hand": hand_panel(state, form) if form is not None else None,
        "sides": side_names(game.settings),
        #: Each side's seats, for the pages to show its players' names (each one isolated).
        "side_seats": tuple(tuple(s for s in game.settings.seats if game.settings.side_of(s) == side)
                            for side in game.settings.sides),
        "leading": {st.side for st in state.standings if st.rank == 1} if state.rounds else set(),
        "chips": chips(state),
        "hand_rows": hand_rows(state),
        "counting": counting_out(state),
    }
