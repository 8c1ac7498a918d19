"""Small helpers to set a table up for a golden case: new games, rounds played through with
plain legal entries, Seven-Up scores reached one point at a time."""

from __future__ import annotations

from typing import Any

from companion.rules import TIE, Beg, Bids, GameState, Hand, Tricks, apply, new_game, new_settings

from .model import Model
from .strategies import filler_entry
from .expected import NAMES


def start(ruleset: str, players: int = 4, first_dealer: int = 0, **options: Any) -> GameState:
    return new_game(new_settings(ruleset, list(NAMES[:players]), first_dealer, options))


def model_of(state: GameState) -> Model:
    model = Model(state.settings)
    for entry in state.entries:
        model.apply(entry)
    return model


def play_to_round(state: GameState, number: int) -> GameState:
    """Play plain legal rounds until round ``number`` is the one waiting for its first entry."""
    model = model_of(state)
    while not model.finished and model.number < number:
        entry = filler_entry(model)
        state = apply(state, entry)
        model.apply(entry)
    return state


def bids(*values: object) -> Bids:
    return Bids(tuple(values))  # type: ignore[arg-type]


def tricks(*values: int) -> Tricks:
    return Tricks(tuple(values))


def hand(
    high: int | None = None,
    low: int | None = None,
    jack: int | None = None,
    game: int | str | None = TIE,
    beg: str = "stand",
    jacks: int = 0,
    redeal: bool = False,
) -> Hand:
    return Hand(jacks, Beg(beg), high, low, jack, game, redeal)


def seven_up_at(scores: list[int], **options: Any) -> GameState:
    """A Seven-Up game (one side per entry of ``scores``, four players for two teams) whose
    sides have exactly ``scores``, reached one game point a hand."""
    players = 4 if options.pop("teams", False) else len(scores)
    state = start("seven-up", players, options.pop("first_dealer", 0), **options)
    for side, wanted in enumerate(scores):
        for _ in range(wanted):
            state = apply(state, hand(game=side))
    assert list(state.side_scores) == scores
    return state
