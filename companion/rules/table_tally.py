"""A table's figures as a sum (docs/rules.md section 7): each game gives a ``Tally`` that
depends only on that game (its ``PlayedGame``, one per game version) and the table's
``Renames``; ``Tally.add`` is associative and commutative (every "first" is decided by a total
order, never by the order of adding), so a caller may hold partial sums of any grouping of games
and add them up, and ``replaced`` takes parts out and puts others in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from . import memo
from .table_games import PlayedGame, Renames


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
        shelf.players[key] = [1, done, won, 0, 0, 0, game.hands if game.by_hands else 0]
        if game.by_hands:
            shelf.players[key][4] = game.scores[seat]
        elif game.finished:
            shelf.best[key] = _mark(game.scores[seat], game, 0, seat, key)
            shelf.highest_score = _better(shelf.highest_score,
                                          _mark(game.scores[seat], game, 0, seat, key))
    if not game.by_hands:
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
