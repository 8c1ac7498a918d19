"""A table's history (docs/rules.md section 7): who is who, wins, head to head, per ruleset
figures and records, added up over the table's games.

The figures are a sum: each game gives a ``Tally`` that depends only on that game (its
``PlayedGame``, one per game version) and the table's ``Renames``; ``Tally.add`` is associative
and commutative (every "first" is decided by a total order, never by the order of adding), so a
caller may hold partial sums of any grouping of games and add them up. ``figures`` turns a sum
into what the table shows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from . import memo
from .cards import Card
from .errors import RuleError
from .registry import Family
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
    seven_up: bool = False
    hands: int = 0  # Seven-Up: hands played (redeals are no hand)
    #: The score pad (docs/rules.md section 8): its title as typed, and whether the lowest wins.
    pad: bool = False
    title: str | None = None
    lowest_wins: bool = False

    @property
    def shelf(self) -> str:
        """Where the table counts the game: its ruleset, or for a score pad its title (one
        game whatever its spelling) with its ``winner`` option (``pad_shelf``)."""
        if not self.pad:
            return self.ruleset
        return pad_shelf(self.title, self.lowest_wins)

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


#: The start of a score pad's shelf: "score-pad", its winner option, its title's key.
PAD_SHELF = "score-pad\n"


def pad_shelf(title: str | None, lowest_wins: bool) -> str:
    """The shelf of the score pads of one title and one ``winner`` option: two titles are one
    game when equal after trimming, NFC and case-folding (as names are); the untitled pad is a
    game of its own. (A title holds no line break: it is checked as a name.)

    >>> pad_shelf(" Hearts", True) == pad_shelf("hearts", True) != pad_shelf("hearts", False)
    True
    """
    winner = "lowest" if lowest_wins else "highest"
    return PAD_SHELF + winner + ("" if title is None else "\n" + player_key(title))


def is_pad_shelf(shelf: str) -> bool:
    return shelf.startswith(PAD_SHELF)


def _bid_value(bid: object) -> int:
    return bid.value if isinstance(bid, Card) else int(bid)  # type: ignore[call-overload]


def played_game(state: GameState, game_id: str, started: datetime) -> PlayedGame:
    """The game as a table counts it, from the engine's state (``started``: naive UTC)."""
    settings = state.settings
    ranks = [0] * len(settings.players)
    for standing in state.standings:
        for seat in standing.seats:
            ranks[seat] = standing.rank
    seven_up = settings.family is Family.SEVEN_UP
    pad = settings.family is Family.SCORE_PAD
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
    if seven_up:
        recorded = list(state.rounds) + ([state.current] if state.current else [])
        hands = sum(1 for r in recorded for h in r.hands if not h.redeal)
    return PlayedGame(
        id=game_id, ruleset=settings.ruleset.id, started=started, names=settings.players,
        sides=tuple(settings.side_of(seat) for seat in settings.seats), finished=state.finished,
        scores=state.scores, ranks=tuple(ranks), rounds=rounds, seven_up=seven_up, hands=hands,
        pad=pad, title=settings.title, lowest_wins=settings.lowest_wins,
    )


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


#: A record or a best score as a sortable tuple: the smallest wins, so the largest value, then
#: whoever set it first (earliest game, then its id, then round, then seat).
Mark = tuple[int, datetime, str, int, int, str]


def _better(held: Mark | None, new: Mark | None) -> Mark | None:
    if held is None:
        return new
    if new is None:
        return held
    return new if new < held else held


def _mark(value: int, game: PlayedGame, number: int, seat: int, key: str) -> Mark:
    return (-value, game.started, game.id, number, seat, key)


# Counters are small lists added place by place: [games, finished, wins] for a player;
# [games, ahead of the first, ahead of the second, level] for a pair (keys in sorted order);
# a ruleset's player: [games, finished, wins, rounds, points, exact, hands]. A list in a tally
# is never changed once the tally is made (adding makes new ones), so copies may share them.


K = TypeVar("K", str, tuple[str, str])


def _add_counts(into: dict[K, list[int]], other: dict[K, list[int]], sign: int = 1) -> None:
    for key, counts in other.items():
        held = into.get(key)
        if held is None:
            if sign < 0:
                raise ValueError(f"{key!r} is not in the sum it is taken out of")
            into[key] = counts
        elif sign > 0:
            into[key] = [a + b for a, b in zip(held, counts)]
        elif held[0] == counts[0]:  # its last game taken out: gone
            del into[key]
        else:
            into[key] = [a - b for a, b in zip(held, counts)]


def _best_of(into: dict[str, Mark], other: dict[str, Mark]) -> None:
    for key, mark in other.items():
        held = into.get(key)
        if held is None or mark < held:
            into[key] = mark


@dataclass
class RulesetTally:
    games: int = 0
    finished: int = 0
    players: dict[str, list[int]] = field(default_factory=dict)
    pairs: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    #: The maxima: each player's best score, and the records.
    best: dict[str, Mark] = field(default_factory=dict)
    highest_score: Mark | None = None
    highest_round: Mark | None = None
    longest_run: Mark | None = None
    #: A score pad's shelf: the latest game's title as typed, (started, game id, title); the
    #: largest wins. In a lowest-wins pad's marks the lowest score is the best.
    latest: tuple[datetime, str, str] | None = None

    def copy(self) -> RulesetTally:
        return RulesetTally(self.games, self.finished, dict(self.players), dict(self.pairs),
                            dict(self.best), self.highest_score, self.highest_round,
                            self.longest_run, self.latest)

    def add_counts(self, other: RulesetTally, sign: int = 1) -> None:
        self.games += sign * other.games
        self.finished += sign * other.finished
        _add_counts(self.players, other.players, sign)
        _add_counts(self.pairs, other.pairs, sign)

    def add_maxima(self, other: RulesetTally) -> None:
        _best_of(self.best, other.best)
        self.highest_score = _better(self.highest_score, other.highest_score)
        self.highest_round = _better(self.highest_round, other.highest_round)
        self.longest_run = _better(self.longest_run, other.longest_run)
        if other.latest is not None and (self.latest is None or other.latest > self.latest):
            self.latest = other.latest



@dataclass
class Tally:
    """What a group of games adds up to (a partial sum); ``add`` another group's into it.
    Counters add up (and can be taken out again); maxima keep the best (``Mark``), and the
    latest spelling of each player."""

    games: int = 0
    finished: int = 0
    #: Per player, the latest game's spelling: (started, game id, name); the largest wins.
    spelling: dict[str, tuple[datetime, str, str]] = field(default_factory=dict)
    players: dict[str, list[int]] = field(default_factory=dict)
    pairs: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    rulesets: dict[str, RulesetTally] = field(default_factory=dict)

    def copy(self) -> Tally:
        return Tally(self.games, self.finished, dict(self.spelling), dict(self.players),
                     dict(self.pairs), {r: part.copy() for r, part in self.rulesets.items()})

    def __weight__(self) -> int:
        """Its bytes (``memo.weight``), weighed once: a tally is not changed once cached."""
        known = self.__dict__.get("_weight")
        if known is None:
            known = self.__dict__["_weight"] = memo.weight(
                (self.spelling, self.players, self.pairs, self.rulesets)) + 100
        return int(known)

    def add(self, other: Tally) -> Tally:
        self._add_counts(other)
        self._add_maxima(other)
        return self

    def _add_counts(self, other: Tally, sign: int = 1) -> None:
        self.games += sign * other.games
        self.finished += sign * other.finished
        _add_counts(self.players, other.players, sign)
        _add_counts(self.pairs, other.pairs, sign)
        for ruleset, part in other.rulesets.items():
            mine = self.rulesets.get(ruleset)
            if mine is None:
                mine = self.rulesets[ruleset] = RulesetTally()
            mine.add_counts(part, sign)
            if not mine.games:
                del self.rulesets[ruleset]

    def _add_maxima(self, other: Tally) -> None:
        for key, spelt in other.spelling.items():
            held = self.spelling.get(key)
            if held is None or spelt > held:
                self.spelling[key] = spelt
        for ruleset, part in other.rulesets.items():
            mine = self.rulesets.get(ruleset)
            if mine is not None:
                mine.add_maxima(part)



def replaced(whole: Tally, removed: Sequence[Tally], added: Sequence[Tally],
             parts: Callable[[], Sequence[Tally]]) -> Tally:
    """``whole``, a sum, with the parts ``removed`` taken out and ``added`` put in (a new
    tally; ``whole`` is not changed): equal to ``total(parts())``, the parts after the change.

    The counters are taken out and added. A maximum a removed part held stays if an added
    part equals or beats it (a game's new version keeps its players' spelling, its best
    scores and records it still holds); else it alone is looked for again among ``parts()``."""
    result = whole.copy()
    for part in removed:
        result._add_counts(part, -1)
    for part in added:
        result._add_counts(part)
    # The maxima a removed part held: taken out, then given back by an added part or looked for.
    held_names = {key for part in removed for key, spelt in part.spelling.items()
                  if whole.spelling.get(key) == spelt}
    held: dict[str, tuple[set[str], set[str]]] = {}
    for part in removed:
        for ruleset, shelf in part.rulesets.items():
            before = whole.rulesets[ruleset]
            best, records = held.setdefault(ruleset, (set(), set()))
            best.update(key for key, mark in shelf.best.items() if before.best.get(key) == mark)
            records.update(name for name in _RECORDS
                           if getattr(shelf, name) is not None
                           and getattr(shelf, name) == getattr(before, name))
            if shelf.latest is not None and shelf.latest == before.latest:
                records.add("latest")
    for key in held_names:
        result.spelling.pop(key, None)
    for ruleset, (best, records) in held.items():
        mine = result.rulesets.get(ruleset)
        if mine is not None:
            for key in best:
                mine.best.pop(key, None)
            for name in records:
                setattr(mine, name, None)
    for part in added:
        result._add_maxima(part)
    asked: list[Sequence[Tally]] = []

    def every_part() -> Sequence[Tally]:
        if not asked:
            asked.append(parts())
        return asked[0]

    for key in held_names:
        if key not in result.players:
            continue  # gone with its last game
        found = result.spelling.get(key)
        if found is None or found < whole.spelling[key]:
            result.spelling[key] = max(p.spelling[key] for p in every_part() if key in p.spelling)
    for ruleset, (best, records) in held.items():
        mine = result.rulesets.get(ruleset)
        if mine is None:
            continue
        before = whole.rulesets[ruleset]
        shelves = None
        for key in best:
            if key not in mine.players:
                continue
            mark = mine.best.get(key)
            if mark is None or mark > before.best[key]:
                shelves = shelves or [p.rulesets[ruleset] for p in every_part()
                                      if ruleset in p.rulesets]
                marks = [s.best[key] for s in shelves if key in s.best]
                if marks:
                    mine.best[key] = min(marks)
                else:
                    mine.best.pop(key, None)
        if "latest" in records:
            records.discard("latest")
            if mine.latest is None or mine.latest < before.latest:  # type: ignore[operator]
                shelves = shelves or [p.rulesets[ruleset] for p in every_part()
                                      if ruleset in p.rulesets]
                found_latest = [s.latest for s in shelves if s.latest is not None]
                mine.latest = max(found_latest) if found_latest else None
        for name in records:
            mark = getattr(mine, name)
            if mark is None or mark > getattr(before, name):
                shelves = shelves or [p.rulesets[ruleset] for p in every_part()
                                      if ruleset in p.rulesets]
                found_marks = [getattr(s, name) for s in shelves if getattr(s, name) is not None]
                setattr(mine, name, min(found_marks) if found_marks else None)
    return result


#: The records of a ruleset's tally, each a ``Mark`` or ``None``.
_RECORDS = ("highest_score", "highest_round", "longest_run")


def _pairs_of(game: PlayedGame, keys: list[str]) -> dict[tuple[str, str], list[int]]:
    pairs: dict[tuple[str, str], list[int]] = {}
    if not game.finished:
        return pairs
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            a, b = (i, j) if keys[i] < keys[j] else (j, i)
            ra, rb = game.ranks[a], game.ranks[b]
            pairs[(keys[a], keys[b])] = [1, int(ra < rb), int(rb < ra), int(ra == rb)]
    return pairs


def game_tally(game: PlayedGame, renames: Renames) -> Tally:
    """One game's part of the table's figures."""
    keys = [renames.key(name) for name in game.names]
    if game.pad:
        return _pad_tally(game, keys)
    done = int(game.finished)
    winners = set(game.winners)
    shelf = RulesetTally(games=1, finished=done, pairs=_pairs_of(game, keys))
    tally = Tally(games=1, finished=done, pairs=shelf.pairs)
    for seat, key in enumerate(keys):
        won = int(seat in winners)
        tally.spelling[key] = (game.started, game.id, game.names[seat])
        tally.players[key] = [1, done, won]
        shelf.players[key] = [1, done, won, 0, 0, 0, game.hands if game.seven_up else 0]
        if game.seven_up:
            shelf.players[key][4] = game.scores[seat]
        elif game.finished:
            shelf.best[key] = _mark(game.scores[seat], game, 0, seat, key)
            shelf.highest_score = _better(shelf.highest_score,
                                          _mark(game.scores[seat], game, 0, seat, key))
    if not game.seven_up:
        runs = [0] * len(keys)
        for round_ in game.rounds:
            for seat, key in enumerate(keys):
                counts = shelf.players[key]
                counts[3] += 1
                counts[4] += round_.points[seat]
                exact = round_.exact[seat]
                counts[5] += int(exact)
                runs[seat] = runs[seat] + 1 if exact else 0
                if runs[seat]:
                    shelf.longest_run = _better(
                        shelf.longest_run, _mark(runs[seat], game, round_.number, seat, key))
                shelf.highest_round = _better(
                    shelf.highest_round,
                    _mark(round_.points[seat], game, round_.number, seat, key))
    # A pair's counts are shared by the table's and the ruleset's tallies: copied on adding.
    tally.rulesets[game.shelf] = shelf
    return tally


def _pad_tally(game: PlayedGame, keys: list[str]) -> Tally:
    """A score pad's part (docs/rules.md section 8): counted on its title's shelf, the best read
    by its ``winner`` option (a lowest-wins pad's marks hold the score, not its opposite), each
    partner counting the side's result, and the records naming the side."""
    done = int(game.finished)
    winners = set(game.winners)
    flip = -1 if game.lowest_wins else 1  # ``_mark`` keeps the largest: the lowest, flipped

    def mark(value: int, number: int, seat: int, key: str) -> Mark:
        return _mark(flip * value, game, number, seat, key)

    shelf = RulesetTally(games=1, finished=done, pairs=_pairs_of(game, keys),
                         latest=(game.started, game.id, game.title or ""))
    tally = Tally(games=1, finished=done, pairs=shelf.pairs)
    # A side (a player, or partners) is named by its players' keys, as the CSV names it.
    sides: dict[int, list[int]] = {}
    for seat, side in enumerate(game.sides):
        sides.setdefault(side, []).append(seat)
    side_key = {side: SIDE_JOIN.join(keys[s] for s in seats) for side, seats in sides.items()}
    for seat, key in enumerate(keys):
        won = int(seat in winners)
        tally.spelling[key] = (game.started, game.id, game.names[seat])
        tally.players[key] = [1, done, won]
        rounds = len(game.rounds)
        points = sum(r.points[seat] for r in game.rounds)
        shelf.players[key] = [1, done, won, rounds, points, 0, 0]
        if game.finished:
            shelf.best[key] = mark(game.scores[seat], 0, seat, key)
    for side, seats in sides.items():
        first = seats[0]
        if game.finished:
            shelf.highest_score = _better(shelf.highest_score,
                                          mark(game.scores[first], 0, first, side_key[side]))
        for round_ in game.rounds:
            shelf.highest_round = _better(
                shelf.highest_round,
                mark(round_.points[first], round_.number, first, side_key[side]))
    tally.rulesets[game.shelf] = shelf
    return tally


#: Between the keys of partners in a record's mark: the record names the side ("Ana & Cleo").
SIDE_JOIN = "\x00"


def total(parts: Iterable[Tally]) -> Tally:
    """The sum of tallies (none of them changed)."""
    result = Tally()
    for part in parts:
        result.add(part)
    return result


@dataclass(frozen=True)
class PlayerFigures:
    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None


@dataclass(frozen=True)
class HeadToHead:
    players: tuple[str, str]
    games: int
    ahead: tuple[int, int]
    level: int


@dataclass(frozen=True)
class BestScore:
    game: str
    score: int


@dataclass(frozen=True)
class RulesetPlayer:
    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None
    #: Bid-and-trick games (``None`` for Seven-Up).
    rounds: int | None
    points_per_round: float | None
    success_rate: float | None
    best_score: BestScore | None
    #: Seven-Up (``None`` elsewhere): hands played and points won by the player's side.
    hands: int | None
    points: int | None


@dataclass(frozen=True)
class ScoreRecord:
    name: str
    game: str
    score: int


@dataclass(frozen=True)
class RoundRecord:
    name: str
    game: str
    round: int
    points: int


@dataclass(frozen=True)
class RunRecord:
    name: str
    game: str
    rounds: int


@dataclass(frozen=True)
class Records:
    highest_score: ScoreRecord | None
    highest_round: RoundRecord | None
    longest_exact_run: RunRecord | None


@dataclass(frozen=True)
class RulesetFigures:
    ruleset: str
    games: int
    finished: int
    players: tuple[RulesetPlayer, ...]
    head_to_head: tuple[HeadToHead, ...]
    records: Records | None  # None for Seven-Up


@dataclass(frozen=True)
class PadRecords:
    """A score pad's records: the best final score and the best score in one round, each read
    by the pad's ``winner`` option; a side's names its players ("Ana & Cleo")."""

    best_score: ScoreRecord | None
    best_round: RoundRecord | None


@dataclass(frozen=True)
class PadFigures:
    """The score pads of one title (any spelling) and one ``winner`` option at a table."""

    #: The spelling of the most recently started of its games; ``None``: the untitled pad.
    title: str | None
    lowest_wins: bool
    games: int
    finished: int
    #: ``rounds``, ``points_per_round`` and ``best_score`` as the pads read them; a pad has no
    #: success rate, hands or points won (``None``).
    players: tuple[RulesetPlayer, ...]
    head_to_head: tuple[HeadToHead, ...]
    records: PadRecords


@dataclass(frozen=True)
class TableFigures:
    games: int
    finished: int
    players: tuple[PlayerFigures, ...]
    head_to_head: tuple[HeadToHead, ...]
    rulesets: tuple[RulesetFigures, ...]
    #: The name the table shows for each player (by key).
    names: dict[str, str]
    #: Each score pad title and ``winner`` option apart (docs/rules.md section 8): most games
    #: first, then by title (the untitled last), then highest before lowest.
    score_pads: tuple[PadFigures, ...] = ()


def _rate(count: int, whole: int) -> float | None:
    return count / whole if whole else None


def _head_to_head(order: list[str], pairs: dict[tuple[str, str], list[int]],
                  names: dict[str, str]) -> tuple[HeadToHead, ...]:
    """Every pair that shares a finished game, in the order of ``order`` (its first-named
    player's place, then the second's): sorted from the pairs held, never from every two
    players (a table of many players and few shared games stays cheap)."""
    place = {key: index for index, key in enumerate(order)}
    found = []
    for (a, b), counts in pairs.items():
        if not counts[0] or a not in place or b not in place:
            continue
        if place[b] < place[a]:
            found.append((place[b], place[a], names[b], names[a], counts[0], counts[2],
                          counts[1], counts[3]))
        else:
            found.append((place[a], place[b], names[a], names[b], counts[0], counts[1],
                          counts[2], counts[3]))
    found.sort(key=lambda row: (row[0], row[1]))
    return tuple(HeadToHead((first, second), games, (one, other), level)
                 for _i, _j, first, second, games, one, other, level in found)


def _ruleset_figures(ruleset: str, shelf: RulesetTally, order: list[str],
                     names: dict[str, str]) -> RulesetFigures:
    seven_up = ruleset == "seven-up"
    players = []
    for key in order:
        counts = shelf.players.get(key)
        if counts is None:
            continue
        games, finished, wins, rounds, points, exact, hands = counts
        best = shelf.best.get(key)
        players.append(RulesetPlayer(
            name=names[key], games=games, finished=finished, wins=wins,
            win_rate=_rate(wins, finished),
            rounds=None if seven_up else rounds,
            points_per_round=None if seven_up else _rate(points, rounds),
            success_rate=None if seven_up else _rate(exact, rounds),
            best_score=None if best is None else BestScore(best[2], -best[0]),
            hands=hands if seven_up else None, points=points if seven_up else None))
    records = None
    if not seven_up:
        score, high, run = shelf.highest_score, shelf.highest_round, shelf.longest_run
        records = Records(
            None if score is None else ScoreRecord(names[score[5]], score[2], -score[0]),
            None if high is None else RoundRecord(names[high[5]], high[2], high[3], -high[0]),
            None if run is None else RunRecord(names[run[5]], run[2], -run[0]))
    return RulesetFigures(ruleset, shelf.games, shelf.finished, tuple(players),
                          _head_to_head(order, shelf.pairs, names), records)


def _pad_figures(shelf_name: str, shelf: RulesetTally, order: list[str],
                 names: dict[str, str]) -> PadFigures:
    lowest = shelf_name.split("\n")[1] == "lowest"
    flip = -1 if lowest else 1

    def score(mark: Mark) -> int:
        return -mark[0] * flip

    def side(mark: Mark) -> str:
        return " & ".join(names[key] for key in mark[5].split(SIDE_JOIN))

    players = []
    for key in order:
        counts = shelf.players.get(key)
        if counts is None:
            continue
        games, finished, wins, rounds, points = counts[:5]
        best = shelf.best.get(key)
        players.append(RulesetPlayer(
            name=names[key], games=games, finished=finished, wins=wins,
            win_rate=_rate(wins, finished), rounds=rounds,
            points_per_round=_rate(points, rounds), success_rate=None,
            best_score=None if best is None else BestScore(best[2], score(best)),
            hands=None, points=None))
    top, high = shelf.highest_score, shelf.highest_round
    records = PadRecords(
        None if top is None else ScoreRecord(side(top), top[2], score(top)),
        None if high is None else RoundRecord(side(high), high[2], high[3], score(high)))
    assert shelf.latest is not None  # every pad's part holds its title's spelling
    title = shelf.latest[2] if "\n" in shelf_name[len(PAD_SHELF):] else None
    return PadFigures(title, lowest, shelf.games, shelf.finished, tuple(players),
                      _head_to_head(order, shelf.pairs, names), records)


#: The order rulesets are shown in (docs/rules.md sections 1–4); any other after, by id.
RULESET_ORDER = ("oh-seven", "oh-hell", "elevator", "seven-up")


def figures(tally: Tally, renames: Renames) -> TableFigures:
    """What the table shows, from the sum of its games' tallies."""
    names = {key: renames.shown(key) or spelt[2] for key, spelt in tally.spelling.items()}
    keys = sorted(tally.players, key=lambda k: (-tally.players[k][0], names[k].casefold(), k))
    players = tuple(
        PlayerFigures(names[k], games, finished, wins, _rate(wins, finished))
        for k in keys for games, finished, wins in [tally.players[k]])
    shown_rulesets = sorted((r for r in tally.rulesets if not is_pad_shelf(r)), key=lambda r: (
        RULESET_ORDER.index(r) if r in RULESET_ORDER else len(RULESET_ORDER), r))
    pads = [_pad_figures(r, tally.rulesets[r], keys, names)
            for r in tally.rulesets if is_pad_shelf(r)]
    pads.sort(key=lambda pad: (-pad.games, pad.title is None, player_key(pad.title or ""),
                               pad.lowest_wins))
    return TableFigures(
        games=tally.games, finished=tally.finished, players=players,
        head_to_head=_head_to_head(keys, tally.pairs, names),
        rulesets=tuple(_ruleset_figures(r, tally.rulesets[r], keys, names)
                       for r in shown_rulesets),
        names=names, score_pads=tuple(pads))


# --- who is ahead, and how the wins came ----------------------------------------------------

def ahead(players: Iterable[PlayerFigures]) -> tuple[tuple[int, PlayerFigures], ...]:
    """Who is ahead (docs/rules.md section 7), each with a place: most wins, then the best win
    rate (none counts as lowest), then most games; players equal on all three share a place
    (their order among themselves is the table's: most games, then name)."""
    def by(p: PlayerFigures) -> tuple[int, float, int]:
        return (-p.wins, -(p.win_rate or 0.0), -p.games)

    ordered = sorted(players, key=by)
    placed: list[tuple[int, PlayerFigures]] = []
    for index, player in enumerate(ordered):
        same = placed and by(placed[-1][1]) == by(player)
        placed.append((placed[-1][0] if same else index + 1, player))
    return tuple(placed)


def game_winners(game: PlayedGame, renames: Renames) -> tuple[str, ...]:
    """The players (their keys) who won the game; none while it is in progress."""
    return tuple(renames.key(game.names[seat]) for seat in game.winners)


def finished_winners(games: Iterable[PlayedGame],
                     renames: Renames) -> tuple[tuple[str, ...], ...]:
    """Who won each finished game of ``games`` (their keys), in their order: the steps of the
    chart of wins. Wins count finished games only (docs/rules.md section 7), so a game in
    progress is no step: the chart's "after N games" is N finished games."""
    return tuple(game_winners(game, renames) for game in games if game.finished)


@dataclass(frozen=True)
class WinsOverTime:
    """Each player's wins counted from the table's first finished game: ``rows[i][p]`` is the
    wins of ``keys[p]`` after the first ``numbers[i]`` finished games (``numbers[0]`` is 0, the
    start)."""

    keys: tuple[str, ...]
    numbers: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]


def wins_over_time(winners: Iterable[tuple[str, ...]], keys: Sequence[str],
                   most_points: int) -> WinsOverTime:
    """The running wins of ``keys`` over the finished games whose winners are ``winners``
    (oldest first, as ``finished_winners`` gives them), after every game, or after every few
    games when there are more than ``most_points`` (the last game always counted)."""
    column = {key: index for index, key in enumerate(keys)}
    counts = [0] * len(keys)
    after: list[tuple[int, ...]] = [tuple(counts)]
    for won in winners:
        for key in won:
            if key in column:
                counts[column[key]] += 1
        after.append(tuple(counts))
    games = len(after) - 1
    step = max(1, -(-games // max(1, most_points)))  # the ceiling of games / most_points
    numbers = list(range(0, games + 1, step))
    if numbers[-1] != games:
        numbers.append(games)
    return WinsOverTime(tuple(keys), tuple(numbers), tuple(after[n] for n in numbers))
