"""Game families as one typed shape: what a family (bids in turn, bid cards, Seven-Up hands, the
score pad's rounds of points) must answer for the engine to fold its entries, explain, count and
write out its rounds, and what the table may ask of a game in progress.

Each family is one object in its game's own module (``FAMILY``), carrying its own id; a game's
``Ruleset`` names its family, and ``settings.family`` is that object. Every generic module
(``game.py``, ``answers.py``, ``explain.py``, the API's bodies and sheets) asks it and never
asks which family it is. A member with a body here is the answer of a family that has nothing
of its own to say (no bids to offer, no rebid to refuse): a family subclasses ``GameFamily``
and overrides what its rounds hold.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from .candidates import Candidates
from .cards import Card
from .entries import ENTRY_KINDS, Entry, ShapeError, wrong_kind
from .errors import shown
from .explain import RoundExplanation
from .options import Hook
from .schema import Schema
from .scoring import Made
from .settings import Settings
from .sheets import Rows
from .state import GameState, Played, Round
from .table_figures import TablePart


class GameFamily(Protocol):
    """How one family of games is played, round by round."""

    #: The family's id (``"turn-bids"``): the pages and the API's ``family`` say it.
    id: str
    #: The kinds of entry the table makes, in a round's order; together they make its result.
    entry_kinds: tuple[str, ...]
    #: The entries the phone may make next, which ``offline_round`` has the engine judge
    #: (``None``: the phone waits for the connection).
    candidates: Candidates | None = None
    #: Whether a game of this family may be given a title (what the table calls it).
    titled: bool = False
    #: Whether a game keeps the edition of a rule it began under (``editions.GiftRule``).
    editions: bool = False
    #: The fields of the API's round object this family fills beyond every round's (docs/api.md):
    #: ``trump``, ``leader``, ``high_bid``, ``set_aside`` (bid cards); ``legal_bids`` (bids in
    #: turn); ``eldest``, ``hands``, ``awards`` (hands); ``points_per_side``: the round is only
    #: its points, per side, and every card game's field is null.
    round_fields: frozenset[str] = frozenset()
    #: The API's schemas of ``statistics_json``, by name (the OpenAPI document's components):
    #: families that write the same statistics share them, and the document lists each once.
    statistics_schemas: Mapping[str, Schema]
    #: The family's own part of a table's figures (``table_figures.TablePart``), if its games
    #: are told apart otherwise than by ruleset.
    table_part: TablePart | None = None

    @property
    def value(self) -> str:
        """The id, as the pages read a family (``settings.family.value``)."""
        return self.id

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

    def has_teams(self, settings: Settings) -> bool:
        """Whether seats play in sides of two (``Settings.has_teams``)."""
        return False

    def check_correction(self, state: GameState, number: int, entry: Entry) -> None:
        """Refuse an entry of a correction of round ``number`` that could never make the round
        (the ``RuleError`` says why), before it is applied; most entries are judged by ``apply``."""
        return None

    def made(self, settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
        """A bid's points for the tricks it took, in parts (``scoring.made_by``), in a game of
        bids and tricks."""
        raise TypeError(f"{self.id} has no bids")

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Why each seat scored what it did in a scored round (``explain.py``), given the side
        totals ``before`` it."""

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        """The API's statistics object of the game (docs/api.md, "Statistics")."""

    def sheet_rows(self, state: GameState) -> Rows:
        """The score sheet's rows (docs/api.md, "Statistics and the score sheet")."""

    # --- what the table asks of a game in progress (``answers.py``) --------------------------

    def bids_open(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now, in a game of bids in turn."""
        return ()

    def cards_open(self, state: GameState, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may still put forward, in a game of bid cards."""
        return ()

    def bids_so_far(self, state: GameState) -> int | None:
        """The total of the round's bids entered so far, in a game of bids in turn."""
        return None

    def hook_lifted(self, state: GameState) -> Hook | None:
        """Why the dealer bids freely this round, in a game with the dealer's hook."""
        return None


def family_of(settings: Settings) -> GameFamily:
    return settings.family


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
