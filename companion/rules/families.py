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
from .errors import RuleError, shown
from .explain import RoundExplanation
from .options import Hook
from .schema import OwnBody, Schema
from .scoring import Made
from .settings import Settings
from .sheets import Rows
from .state import FinishedBy, GameState, Played, Round
from .table_figures import TablePart
from .table_games import HandFigures


class GameFamily(Protocol):
    """How one family of games is played, round by round."""

    #: The family's id (``"turn-bids"``): the pages and the API's ``family`` say it.
    id: str
    #: The kinds of entry the table makes, in a round's order; together they make its result.
    entry_kinds: tuple[str, ...]
    #: The entries the phone may make next, which ``offline_round`` has the engine judge
    #: (``None``: the phone waits for the connection).
    candidates: Candidates | None = None
    #: The bids a player may make in words, beside numbers (Spades' ``"nil"``, ``"blind-nil"``):
    #: the API's description lists them.
    word_bids: tuple[str, ...] = ()
    #: Whether a table's run of bids counts bids made rather than matched (``bids_made``):
    #: the API names it ``longest_made_run``.
    runs_made: bool = False
    #: Whether a game of this family may be given a title (what the table calls it).
    titled: bool = False
    #: Whether the table may record the trump with its bids (a suit or none, optional; the
    #: bids body's ``trump``): a body naming one for any other game is refused (400).
    records_trump: bool = False
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
    #: The API's bodies of the entry kinds this family reads its own way, by kind (Belote's
    #: ``hand``); every other kind's body is the one every game shares.
    own_bodies: Mapping[str, OwnBody] = {}
    #: The family's own part of a table's figures (``table_figures.TablePart``), if its games
    #: are told apart otherwise than by ruleset.
    table_part: TablePart | None = None
    #: Whether a table counts each hand of its games (a game of hands): points per hand, the
    #: best hand and final score, and what ``table_hand`` says; otherwise a game of hands is
    #: counted by its hands and the points its side won alone (Seven-Up).
    table_hands: bool = False
    #: Whether its hands have a taker whose contract is made or not: a table counts each
    #: player's contracts taken and made (``table_hand``'s taker).
    table_contracts: bool = False
    #: The name of a count each side makes in a hand that a table adds up per player and keeps
    #: the record of (``table_hand``'s counts), as the API names it; ``None``: none.
    table_count: str | None = None

    @property
    def value(self) -> str:
        """The id, as the pages read a family (``settings.family.value``)."""
        return self.id

    def total_rounds(self, settings: Settings) -> int | None:
        """How many rounds the game has; ``None`` when it plays to a target."""

    def start_round(self, settings: Settings, number: int) -> Round:
        """Round ``number`` before any entry: its dealer, hand size, order, what is due."""

    def next_round(self, settings: Settings, done: Round) -> Round:
        """The round after ``done``, which has just been scored: most games ask ``start_round``
        by number; a game whose dealer hangs on what happened (Belote's hand nobody took,
        redealt by the same dealer) says it from the round."""
        return self.start_round(settings, done.number + 1)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        """One of its ``entry_kinds`` from JSON-like input (``ShapeError`` on a wrong shape)."""

    def apply(self, state: GameState, entry: Entry) -> Played:
        """The current round after one more entry, or the ``RuleError`` it breaks."""

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        """Of a scored round's entries (their positions, in order), those that make its result:
        the ones a correction replaces (failed bids and redeals stay)."""

    def has_teams(self, settings: Settings) -> bool:
        """Whether seats play in teams (``Settings.has_teams``): pairs, or as ``team_count``
        says."""
        return False

    def team_count(self, players: int) -> int:
        """How many teams ``players`` seats make when the family plays in teams: seat ``i`` is
        on team ``i % count``. Pairs facing by default (4 players: 0 & 2 against 1 & 3);
        Scopa's six play in two teams of three, alternating."""
        return players // 2

    def option_problems(self, players: int, options: Mapping[str, object]) -> list[RuleError]:
        """What the options given say wrong together or with the number of players (each one
        already offered): Spades' ``failed_nil: partner`` without partners."""
        return []

    def bids_made(self, settings: Settings, round_: Round) -> tuple[bool, ...] | None:
        """Per seat, whether its bid was made in a scored round, for a game where a bid is made
        rather than matched (Spades: a table's ``longest_made_run``); ``None``: matched exactly."""
        return None

    def table_hand(self, settings: Settings, round_: Round) -> HandFigures:
        """What a table counts of a scored hand beyond its points (``table_hands``): its taker
        and whether the contract was made, and per seat its side's ``table_count``."""
        return HandFigures()

    def round_json(self, settings: Settings, round_: Round) -> dict[str, Any]:
        """The API's round object's fields this family adds or fills its own way."""
        return {}

    def game_json(self, state: GameState) -> dict[str, Any]:
        """The API's game object's fields this family adds: ``"current"`` (merged into the
        current round's), ``"players"`` and ``"teams"`` (one mapping per seat or side, merged
        into each)."""
        return {}

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
    Bids(bids=(1, None, 0), trump=None)
    """
    if kind not in ENTRY_KINDS:
        raise ShapeError("kind", f"unknown entry kind {shown(kind)}")
    family = family_of(settings)
    if kind == "bids" and "trump" in body and not family.records_trump:
        raise ShapeError("trump", f"unknown field \"trump\": {settings.ruleset.name} records "
                                  "no trump")
    if kind not in family.entry_kinds:
        raise wrong_kind(settings, kind)
    return family.parse_entry(settings, kind, body)


def entry_from_json(settings: Settings, data: Mapping[str, Any]) -> Entry:
    """An entry as ``entry_to_json`` stored it."""
    return parse_entry(settings, str(data.get("kind")), data)


def stopped_here(state: GameState, first: str = "hand") -> Played:
    """"We stop here" (a ``Finish``): the scorekeeper ends the game after its ``first`` round
    or hand, the totals as they stand. The games that take it call this from ``apply``."""
    current = state.current
    assert current is not None
    if not state.rounds:
        raise RuleError("phase", f"the game can be finished only after its first {first}",
                        reason="finish-before-round", field="finish")
    return Played(current, state.side_scores, finished_by=FinishedBy.SCOREKEEPER)
