"""Game families as one typed shape: what a family (bids in turn, bid cards, Seven-Up hands, the
score pad's rounds of points) must answer for the engine to fold its entries, and the one
object of each.

``game.py`` plays every game through this ``Protocol`` and never asks which family it is; a
new family is one more object here.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from . import card_bids, score_pad, seven_up, turn_bids
from .candidates import Candidates
from .entries import ENTRY_KINDS, Entry, ShapeError, wrong_kind
from .errors import shown
from .registry import Family
from .settings import Settings
from .state import GameState, Played, Round


class GameFamily(Protocol):
    """How one family of games is played, round by round."""

    #: The kinds of entry the table makes, in a round's order; together they make its result.
    entry_kinds: tuple[str, ...]
    #: The entries the phone may make next, which ``offline_round`` has the engine judge
    #: (``None``: the phone waits for the connection).
    candidates: Candidates | None

    def total_rounds(self, settings: Settings) -> int | None:
        """How many rounds the game has; ``None`` when it plays to a target."""

    def start_round(self, settings: Settings, number: int) -> Round:
        """Round ``number`` before any entry: its dealer, hand size, order, what is due."""

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        """One of its ``entry_kinds`` from JSON-like input (``ShapeError`` on a wrong shape)."""

    def apply(self, state: GameState, entry: Entry) -> Played:
        """The current round after one more entry, or the ``RuleError`` it breaks."""

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        """Of a scored round's entries (their positions, in order), those that make its result:
        the ones a correction replaces (failed bids and redeals stay)."""

    def replay(self, settings: Settings, played: Sequence[Entry]) -> GameState | None:
        """The state after ``played`` by a fast path for stored games, or ``None`` for ``fold``
        to apply them one by one (no fast path, or an entry off it). Equal to ``fold_each``."""


FAMILIES: Mapping[Family, GameFamily] = {
    Family.TURN_BIDS: turn_bids.FAMILY,
    Family.CARD_BIDS: card_bids.FAMILY,
    Family.SEVEN_UP: seven_up.FAMILY,
    Family.SCORE_PAD: score_pad.FAMILY,
}


def family_of(settings: Settings) -> GameFamily:
    return FAMILIES[settings.family]


def entry_kinds(settings: Settings) -> tuple[str, ...]:
    """The entries this game records, in a round's order (``("hand",)`` for Seven-Up)."""
    return family_of(settings).entry_kinds


def result_kinds(settings: Settings) -> tuple[str, ...]:
    """The entries that make a round's result, which a correction gives: every kind but the
    score pad's "we stop here", which ends a game rather than make a round."""
    return tuple(kind for kind in entry_kinds(settings) if kind != "finish")


def parse_entry(settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
    """An entry from JSON-like input (the API's bodies, the stored form, the forms' data).

    >>> s = __import__("companion.rules", fromlist=["new_settings"]).new_settings(
    ...     "oh-hell", ["Ana", "Ben", "Cleo"])
    >>> parse_entry(s, "bids", {"bids": [1, None, 0]})
    Bids(bids=(1, None, 0))
    """
    if kind not in ENTRY_KINDS:
        raise ShapeError("kind", f"unknown entry kind {shown(kind)}")
    family = family_of(settings)
    if kind not in family.entry_kinds:
        raise wrong_kind(settings, kind)
    return family.parse_entry(settings, kind, body)


def entry_from_json(settings: Settings, data: Mapping[str, Any]) -> Entry:
    """An entry as ``entry_to_json`` stored it."""
    return parse_entry(settings, str(data.get("kind")), data)
