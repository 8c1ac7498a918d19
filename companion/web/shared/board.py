"""How much of a game the board shows: its last rounds, as many as a phone's screen holds at a
glance. A longer game (a score pad may hold 2,000 rounds) says how many rounds came before and
links to the whole score sheet; its page then costs what a short game's does."""

from __future__ import annotations

from typing import Any

from companion import rules

#: The rounds (Seven-Up: hands) the board shows, the newest.
BOARD_ROUNDS = 20


def board_rows(state: rules.GameState) -> list[tuple[Any, tuple[int, ...]]]:
    """The last ``BOARD_ROUNDS`` scored rounds, oldest first, each with the totals after it."""
    scored = len(state.running_totals)
    first = max(0, scored - BOARD_ROUNDS)
    return list(zip(state.rounds[first:scored], state.running_totals[first:]))


def rounds_before(state: rules.GameState) -> int:
    """How many scored rounds the board leaves out (the oldest)."""
    return max(0, len(state.running_totals) - BOARD_ROUNDS)
