"""What a table counts of its games (docs/rules.md section 7): each game as plain values
(``PlayedGame``), and who is who (``Renames``: a player is a name's key, followed through the
table's renames), with the bounds of what one table holds.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .cards import Card
from .errors import RuleError
from .settings import clean_name
from .state import GameState


def player_key(name: str) -> str:
    """Two names are one player when equal after trimming, NFC and case-folding."""
    folded = unicodedata.normalize("NFC", name).strip().casefold()
    return unicodedata.normalize("NFC", folded)


@dataclass(frozen=True)
class PlayedRound:
    """One scored round of a bid-and-trick game: points and whether each seat bid exactly."""

    number: int
    points: tuple[int, ...]
    exact: tuple[bool, ...]


@dataclass(frozen=True)
class PlayedGame:
    """What a table counts of one game, as plain values."""

    id: str
    ruleset: str
    started: datetime
    names: tuple[str, ...]  # by seat, as typed
    sides: tuple[int, ...]  # per seat; Seven-Up partners share one
    finished: bool
    scores: tuple[int, ...]  # per seat (a team's for both partners)
    ranks: tuple[int, ...]  # per seat, in the standings (partners share theirs)
    rounds: tuple[PlayedRound, ...] = ()  # scored rounds (bid-and-trick games, score pads)
    #: A game whose entries are hands (Seven-Up): counted by its hands played (redeals are no
    #: hand) and the points its sides won, not by rounds and bids.
    by_hands: bool = False
    hands: int = 0
    #: A titled game (the score pad, docs/rules.md section 8): counted on its title's shelf, with
    #: its title as typed and whether the lowest wins.
    pad: bool = False
    title: str | None = None
    lowest_wins: bool = False

    @property
    def shelf(self) -> str:
        """Where the table counts the game: its ruleset, or for a score pad its title (one
        game whatever its spelling) with its ``winner`` option (``pad_shelf``)."""
        if not self.pad:
            return self.ruleset
        return pad_shelf(self.ruleset, self.title, self.lowest_wins)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked 1 in a finished game (ties: each; partners: both)."""
        if not self.finished:
            return ()
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def standing_seats(self) -> list[int]:
        """Seats best first, partners side by side."""
        return sorted(range(len(self.names)),
                      key=lambda seat: (self.ranks[seat], self.sides[seat], seat))


#: Between the parts of a titled game's shelf: its ruleset, its winner option, its title's key.
#: (Neither an id nor a title holds a line break: a title is checked as a name.)
SHELF_JOIN = "\n"


def pad_shelf(ruleset: str, title: str | None, lowest_wins: bool) -> str:
    """The shelf of the titled games (score pads) of one title and one ``winner`` option: two
    titles are one game when equal after trimming, NFC and case-folding (as names are); the
    untitled pad is a game of its own.

    >>> shelf = lambda title, lowest: pad_shelf("score-pad", title, lowest)
    >>> shelf(" Hearts", True) == shelf("hearts", True) != shelf("hearts", False)
    True
    """
    winner = "lowest" if lowest_wins else "highest"
    return SHELF_JOIN.join([ruleset, winner, *([] if title is None else [player_key(title)])])


def is_pad_shelf(shelf: str) -> bool:
    """Whether a tally's shelf is a titled game's (``pad_shelf``) rather than a ruleset's."""
    return SHELF_JOIN in shelf


def _bid_value(bid: object) -> int:
    return bid.value if isinstance(bid, Card) else int(bid)  # type: ignore[call-overload]


def played_game(state: GameState, game_id: str, started: datetime) -> PlayedGame:
    """The game as a table counts it, from the engine's state (``started``: naive UTC)."""
    settings = state.settings
    ranks = [0] * len(settings.players)
    for standing in state.standings:
        for seat in standing.seats:
            ranks[seat] = standing.rank
    family = settings.family
    by_hands = "hand" in family.entry_kinds
    pad = family.titled
    rounds = tuple(
        PlayedRound(r.number, tuple(r.points),
                    tuple(_bid_value(b) == t for b, t in zip(r.bids, r.tricks)))
        for r in state.rounds
        if r.bids is not None and r.tricks is not None and r.points is not None
    )
    if pad:  # a round's points per seat are its side's; there is no bid to make exactly
        rounds = tuple(PlayedRound(r.number, tuple(r.points), (False,) * len(r.points))
                       for r in state.rounds if r.points is not None)
    hands = 0
    if by_hands:
        recorded = list(state.rounds) + ([state.current] if state.current else [])
        hands = sum(1 for r in recorded for h in r.hands if not h.redeal)
    return PlayedGame(
        id=game_id, ruleset=settings.ruleset.id, started=started, names=settings.players,
        sides=tuple(settings.side_of(seat) for seat in settings.seats), finished=state.finished,
        scores=state.scores, ranks=tuple(ranks), rounds=rounds, by_hands=by_hands, hands=hands,
        pad=pad, title=settings.title, lowest_wins=settings.lowest_wins,
    )


#: The form of ``summary``'s JSON: a summary in another form (written by an older release) is
#: no summary, and the game is folded instead.
SUMMARY_FORM = 1


def summary(state: GameState) -> dict[str, Any]:
    """What a table counts of the game, as JSON a game's row keeps beside its entries (all of
    ``played_game`` but the id and the start, which the row holds): a table's first read adds
    up these instead of folding each of its games again.

    >>> from companion.rules import new_game, new_settings
    >>> state = new_game(new_settings("oh-hell", ["Ana", "Ben", "Cleo"]))
    >>> made = played_game(state, "g1", datetime(2026, 12, 7))
    >>> from_summary(summary(state), "g1", datetime(2026, 12, 7)) == made
    True
    """
    game = played_game(state, "", datetime.min)
    return {"form": SUMMARY_FORM, "ruleset": game.ruleset, "names": list(game.names),
            "sides": list(game.sides), "finished": game.finished, "scores": list(game.scores),
            "ranks": list(game.ranks),
            "rounds": [[r.number, list(r.points), list(r.exact)] for r in game.rounds],
            "by_hands": game.by_hands, "hands": game.hands, "pad": game.pad, "title": game.title,
            "lowest_wins": game.lowest_wins}


def from_summary(data: object, game_id: str, started: datetime) -> PlayedGame | None:
    """The game ``summary`` wrote, or ``None`` when ``data`` is none in this form (fold it)."""
    if not isinstance(data, dict) or data.get("form") != SUMMARY_FORM:
        return None
    return PlayedGame(
        id=game_id, ruleset=data["ruleset"], started=started, names=tuple(data["names"]),
        sides=tuple(data["sides"]), finished=data["finished"], scores=tuple(data["scores"]),
        ranks=tuple(data["ranks"]),
        rounds=tuple(PlayedRound(number, tuple(points), tuple(exact))
                     for number, points, exact in data["rounds"]),
        by_hands=data["by_hands"], hands=data["hands"], pad=data["pad"], title=data["title"],
        lowest_wins=data["lowest_wins"])


@dataclass(frozen=True)
class Renames:
    """The table's renames, in the order made: ``(from, to)`` pairs. A game keeps its names;
    only the table's counting follows them."""

    pairs: tuple[tuple[str, str], ...] = ()
    _to: dict[str, str] = field(default_factory=dict, init=False, compare=False, repr=False)
    _shown: dict[str, str] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for source, target in self.pairs:
            old, new = player_key(source), player_key(target)
            for raw, now in self._to.items():
                if now == old:
                    self._to[raw] = new
            self._to[old] = new
            if old != new:
                self._shown.pop(old, None)
            self._shown[new] = target

    def key(self, name: str) -> str:
        """The table's player a typed name is."""
        raw = player_key(name)
        return self._to.get(raw, raw)

    def shown(self, key: str) -> str | None:
        """The rename's name of a player, if one was given."""
        return self._shown.get(key)

    def then(self, source: str, target: str) -> Renames:
        return Renames((*self.pairs, (source, target)))


#: What one table may hold (docs/rules.md section 7): distinct players, and renames. Numbers a
#: family or a club never reaches, which keep every answer about a table small: at most
#: ``PLAYERS_MAX * (PLAYERS_MAX - 1) / 2`` pairs in its head to head.
PLAYERS_MAX = 100
RENAMES_MAX = 100


def players_refused(names: Sequence[str], renames: Renames,
                    known: Collection[str]) -> RuleError | None:
    """A game that would bring the table (whose players' keys are ``known``) past
    ``PLAYERS_MAX`` players cannot be at it."""
    new = {renames.key(name) for name in names} - set(known)
    if new and len(known) + len(new) > PLAYERS_MAX:
        return RuleError(
            "players", f"a table holds at most {PLAYERS_MAX} players; this game would bring "
            f"it to {len(known) + len(new)}", reason="table-players-max", field="players",
            most=PLAYERS_MAX)
    return None


def seats_refused(names: Sequence[str], renames: Renames) -> RuleError | None:
    """A game whose two seats would be one player of the table cannot be at it."""
    seen: dict[str, str] = {}
    for seat, name in enumerate(names):
        key = renames.key(name)
        if key in seen:
            return RuleError(
                "players", f"{seen[key]!r} and {name!r} are one player at this table",
                reason="table-same-player", field="players", seat=seat, name=name,
                other=seen[key])
        seen[key] = name
    return None


def renamed(games: Iterable[PlayedGame], renames: Renames, source: object,
            target: object) -> Renames:
    """The renames with ``source`` → ``target`` added, or a ``RuleError`` (players) when
    ``source`` is no player of the table, ``target`` no valid name, or a game has both."""
    if not isinstance(source, str):
        raise RuleError("players", "from must be a player's name", reason="rename-type",
                        field="from")
    if len(renames.pairs) >= RENAMES_MAX:
        raise RuleError("players", f"a table keeps at most {RENAMES_MAX} renames",
                        reason="table-renames-max", field="to", most=RENAMES_MAX)
    try:
        target_name = clean_name(target, 0)
    except RuleError as error:
        raise RuleError("players", error.message, reason=error.reason, field="to",
                        **error.params) from error
    old, new = player_key(source), player_key(target_name)
    played = [{renames.key(name) for name in game.names} for game in games]
    if not any(old in keys for keys in played):
        raise RuleError("players", f"{source!r} is not a player of this table",
                        reason="rename-unknown", field="from", name=source)
    if old != new and any(old in keys and new in keys for keys in played):
        raise RuleError(
            "players", f"one game has both {source!r} and {target_name!r}: they are two players",
            reason="rename-both", field="to", name=source, other=target_name)
    return renames.then(source.strip(), target_name)
