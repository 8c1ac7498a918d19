"""What the Seven-Up page shows around the form: the hand form's hints, each side's chips and
the pot, the hands in numbers, and how the last hand was counted out, every one the engine's
answer (``rules.seven_up``, ``rules.chips``), worded here."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from companion import rules
from companion.rules import GameState, seven_up
from companion.rules import chips as counted_chips
from companion.storage.store import StoredGame
from companion.web.games.seven_up.hand_form import TURNED_JACK, HandForm
from companion.web.shared.board import BOARD_ROUNDS
from companion.web.shared.messages import explain
from companion.web.shared.names import side_names


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
    #: Why the dealer may not give one (the engine's ``gift_refusal``, said as a refused gift
    #: is), for the form's turn-up.
    gift_refused: str | None
    turned_jack_wins: bool
    #: How many jacks turned (the turn-up's included) end the game while running.
    jacks_to_win: int | None
    #: For each count of jacks turned, 0 to 4, whether it wins (``seven_up.jacks_win_by_count``),
    #: as JSON for the script to look the count up.
    jacks_win: str
    #: The jacks already scored by this hand's redeals.
    redeal_jacks: int

    @property
    def game_points(self) -> Mapping[str, int]:
        """What each card counts toward game, for the hint: the engine's ``GAME_POINTS``."""
        return seven_up.GAME_POINTS


def hand_panel(state: GameState, form: HandForm) -> HandPanel:
    settings = state.settings
    current = state.current
    assert current is not None and current.eldest is not None
    turned = 1 if form.turn_up.data == TURNED_JACK else 0
    refusal = rules.gift_refusal(settings, current, state.side_scores, turned)
    refused = None if refusal is None else explain(refusal, settings)
    groups = tuple(settings.seats_of(side) for side in settings.sides)
    sides = side_names(settings)
    return HandPanel(
        form=form, round=current, sides=sides, seat_groups=groups,
        gift_to=tuple(settings.side_of(s) for s in rules.gift_receivers(settings, current)),
        gift_refused=refused,
        turned_jack_wins=seven_up.jacks_win(state, 1),
        jacks_to_win=seven_up.jacks_to_win(state),
        jacks_win=json.dumps(seven_up.jacks_win_by_count(state)),
        redeal_jacks=sum(1 for a in current.awards if a.point == "jack-turned"),
    )


@dataclass(frozen=True)
class ChipSide:
    """A side's chips (the engine's ``rules.chips.chips``), with the side's name."""

    side: int
    name: str
    left: int
    scored: int
    new: int


def chips(state: GameState) -> tuple[ChipSide, ...]:
    names = side_names(state.settings)
    return tuple(ChipSide(c.side, names[c.side], c.left, c.scored, c.new)
                 for c in counted_chips.chips(state))


def panel(game: StoredGame, submitted: Any, editable: bool = True) -> dict[str, Any]:
    """The Seven-Up parts of the game page (``fragments.game_context`` adds them); a watcher's
    (not ``editable``) hand panel is only read, for the jacks a redeal kept."""
    state = game.state
    current = state.current
    form = None
    if current is not None:
        keep = isinstance(submitted, HandForm) and submitted.round.data == current.number
        form = submitted if keep else HandForm.fresh(current.number, watching=not editable)
    return {
        "hand": hand_panel(state, form) if form is not None else None,
        "sides": side_names(game.settings),
        #: Each side's seats, for the pages to show its players' names (each one isolated).
        "side_seats": tuple(game.settings.seats_of(side) for side in game.settings.sides),
        "leading": set(state.leaders),
        "chips": chips(state),
        "hand_rows": counted_chips.hand_rows(state, BOARD_ROUNDS),
        "counting": counted_chips.counting_out(state),
        "counting_order": seven_up.COUNTING_ORDER,
    }
