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
from sys import getsizeof
from typing import TypeVar

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
# a ruleset's player: [games, finished, wins, rounds, points, exact, hands, taken, made, counted]
# (the last three: a game counted hand by hand, ``_add_hands``). A list in a tally
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
    #: A game counted hand by hand: the most of its family's count in one hand.
    most_count: Mark | None = None
    #: A score pad's shelf: the latest game's title as typed, (started, game id, title); the
    #: largest wins. In a lowest-wins pad's marks the lowest score is the best.
    latest: tuple[datetime, str, str] | None = None

    def copy(self) -> RulesetTally:
        return RulesetTally(self.games, self.finished, dict(self.players), dict(self.pairs),
                            dict(self.best), self.highest_score, self.highest_round,
                            self.longest_run, self.most_count, self.latest)

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
        self.most_count = _better(self.most_count, other.most_count)
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
        """Its bytes (``memo.weight``), weighed once (a tally is not changed once cached) and
        counted from its shape: walking the head to head of 100 players, block by block, was a
        tenth of a large table's first read. Each key, moment and id is counted once however
        many of its dicts and marks hold it, as the walk counts it; a record's numbers as ints
        of their own."""
        known = self.__dict__.get("_weight")
        if known is None:
            seen: set[int] = set()
            known = getsizeof(self) + getsizeof(self.__dict__) + getsizeof(self.rulesets)
            known += _weight_of_counts(self.players, seen) + _weight_of_counts(self.pairs, seen)
            known += getsizeof(self.spelling) + sum(
                _weight_of_key(key, seen) + _weight_of_mark(spelt, seen)
                for key, spelt in self.spelling.items())
            for name, shelf in self.rulesets.items():
                known += getsizeof(name) + getsizeof(shelf) + getsizeof(shelf.__dict__)
                known += _weight_of_counts(shelf.players, seen)
                known += _weight_of_counts(shelf.pairs, seen)
                known += getsizeof(shelf.best) + sum(_weight_of_key(key, seen) + _weight_of_mark(mark, seen)
                                                     for key, mark in shelf.best.items())
                known += sum(_weight_of_mark(mark, seen) for mark in (
                    shelf.highest_score, shelf.highest_round, shelf.longest_run,
                    shelf.most_count, shelf.latest))
            self.__dict__["_weight"] = known
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
_RECORDS = ("highest_score", "highest_round", "longest_run", "most_count")


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
    named = _record_keys(game, keys)
    for seat, key in enumerate(keys):
        won = int(seat in winners)
        tally.spelling[key] = (game.started, game.id, game.names[seat])
        tally.players[key] = [1, done, won]
        shelf.players[key] = [1, done, won, 0, 0, 0, game.hands if game.by_hands else 0, 0, 0, 0]
        if game.by_hands and not game.each_hand:
            shelf.players[key][4] = game.scores[seat]
        elif game.finished:
            shelf.best[key] = _mark(game.scores[seat], game, 0, seat, key)
            shelf.highest_score = _better(shelf.highest_score,
                                          _mark(game.scores[seat], game, 0, seat, named[seat]))
    if game.each_hand:
        _add_hands(shelf, [shelf.players[key] for key in keys], game, named)
    elif not game.by_hands:
        _add_rounds(shelf, [shelf.players[key] for key in keys], game, keys, named)
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
        points = game.seat_rounds[seat].points if game.seat_rounds else 0
        shelf.players[key] = [1, done, won, game.round_count, points, 0, 0, 0, 0, 0]
        if game.finished:
            shelf.best[key] = mark(game.scores[seat], 0, seat, key)
    for side, seats in sides.items():
        first = seats[0]
        if game.finished:
            shelf.highest_score = _better(shelf.highest_score,
                                          mark(game.scores[first], 0, first, side_key[side]))
        added = game.seat_rounds[first] if game.seat_rounds else None
        if added and added.best_round:  # its best round, read by the pad's winner
            shelf.highest_round = _better(
                shelf.highest_round,
                mark(added.best, added.best_round, first, side_key[side]))
    tally.rulesets[game.shelf] = shelf
    return tally


#: Between the keys of partners in a record's mark: the record names the side ("Ana & Cleo").
SIDE_JOIN = "\x00"


def _record_keys(game: PlayedGame, keys: list[str]) -> list[str]:
    """Who each seat's score records name: the player, or with partners (Spades) the side, as
    the score pad's pairs (docs/rules.md section 7). The first partner's seat sets the mark."""
    if len(set(game.sides)) == len(keys):
        return keys  # each for themselves
    sides: dict[int, list[str]] = {}
    for side, key in zip(game.sides, keys):
        sides.setdefault(side, []).append(key)
    return [SIDE_JOIN.join(sides[side]) for side in game.sides]


def _weight_of_counts(counts: dict[K, list[int]], seen: set[int]) -> int:
    """Counters: each list, and each key not counted yet (a counter's numbers are mostly small
    ints, shared)."""
    return getsizeof(counts) + sum(getsizeof(values) + _weight_of_key(key, seen)
                                   for key, values in counts.items())


def _weight_of_key(key: str | tuple[str, str], seen: set[int]) -> int:
    """A player's key, or a pair of them, unless counted already (``seen``: their ids)."""
    if id(key) in seen:
        return 0
    seen.add(id(key))
    if isinstance(key, str):
        return getsizeof(key)
    return getsizeof(key) + sum(_weight_of_key(part, seen) for part in key)


def _weight_of_mark(mark: tuple[object, ...] | None, seen: set[int]) -> int:
    """A ``Mark`` or a spelling: a tuple of numbers (each an int of its own), a moment and
    strings (each counted once: the marks of one game share its moment and id)."""
    if mark is None:
        return 0
    size = getsizeof(mark)
    for item in mark:
        if type(item) is int:
            size += _INT
        elif id(item) not in seen:
            seen.add(id(item))
            size += getsizeof(item)
    return size


_INT = getsizeof(10_000)


def total(parts: Iterable[Tally]) -> Tally:
    """The sum of tallies (none of them changed)."""
    result = Tally()
    for part in parts:
        result.add(part)
    return result


def sum_of(games: Iterable[PlayedGame], renames: Renames) -> Tally:
    """``total(game_tally(game, renames) for game in games)``, added up in place: no tally is
    made for each game. A large table's first read made 10,000 of them, each a few dicts and
    lists, to add them up and drop them: most of its time and memory. Every list in the sum is
    its own (made here), so adding into it in place changes nothing else."""
    result = Tally()
    # The head to head of the games added in place, by shelf: added to the shelf's and the
    # table's once at the end, not pair by pair into both (21 pairs a game of seven).
    pending: dict[str, dict[tuple[str, str], list[int]]] = {}
    known: dict[str, str] = {}  # a name's key, reckoned once however many games it plays
    for game in games:
        keys = []
        for name in game.names:
            key = known.get(name)
            if key is None:
                key = known[name] = renames.key(name)
            keys.append(key)
        if game.pad or len(set(keys)) < len(keys):
            # A score pad's sides and marks (``_pad_tally``), or two seats of one game that a
            # rename made one player (a game's tally keeps the last seat's): its own tally.
            result.add(_owned(game_tally(game, renames)))
        else:
            _add_game(result, game, keys, pending)
    for shelf, pairs in pending.items():
        _add_counts(result.rulesets[shelf].pairs, pairs)
        _add_counts(result.pairs, {pair: list(counts) for pair, counts in pairs.items()})
    return result


def _owned(tally: Tally) -> Tally:
    """A game's tally with lists of its own: the table's and the ruleset's pairs share theirs."""
    def fresh(counts: dict[K, list[int]]) -> dict[K, list[int]]:
        return {key: list(values) for key, values in counts.items()}

    rulesets = {}
    for name, shelf in tally.rulesets.items():
        copy = shelf.copy()
        copy.players, copy.pairs = fresh(shelf.players), fresh(shelf.pairs)
        rulesets[name] = copy
    return Tally(tally.games, tally.finished, dict(tally.spelling), fresh(tally.players),
                 fresh(tally.pairs), rulesets)


def _add_game(into: Tally, game: PlayedGame, keys: list[str],
              pending: dict[str, dict[tuple[str, str], list[int]]]) -> None:
    """``into.add(game_tally(game, …))`` for a game that is no score pad, its seats' ``keys``
    distinct, in place, but for its head to head, added into ``pending`` by shelf. Each step
    below is the one of ``game_tally`` it stands for."""
    done = int(game.finished)
    winners = set(game.winners)
    shelf = into.rulesets.get(game.shelf)
    if shelf is None:
        shelf = into.rulesets[game.shelf] = RulesetTally()
    into.games += 1
    into.finished += done
    shelf.games += 1
    shelf.finished += done
    if game.finished:  # ``_pairs_of``, into the shelf's pending head to head
        pairs = pending.get(game.shelf)
        if pairs is None:
            pairs = pending[game.shelf] = {}
        # The seats in their keys' order: each pair's first key is then the smaller.
        order = sorted(range(len(keys)), key=keys.__getitem__)
        ranks = [game.ranks[seat] for seat in order]
        ordered = [keys[seat] for seat in order]
        for i, first in enumerate(ordered):
            rank = ranks[i]
            for j in range(i + 1, len(ordered)):
                other = ranks[j]
                pair = (first, ordered[j])
                held = pairs.get(pair)
                if held is None:
                    held = pairs[pair] = [0, 0, 0, 0]
                held[0] += 1
                held[1 if rank < other else 2 if other < rank else 3] += 1
    seats = []
    named = _record_keys(game, keys)
    for seat, key in enumerate(keys):
        won = int(seat in winners)
        spelt = (game.started, game.id, game.names[seat])
        held_spelt = into.spelling.get(key)
        if held_spelt is None or spelt > held_spelt:
            into.spelling[key] = spelt
        counts = into.players.get(key)
        if counts is None:
            into.players[key] = [1, done, won]
        else:
            counts[0] += 1
            counts[1] += done
            counts[2] += won
        mine = shelf.players.get(key)
        if mine is None:
            mine = shelf.players[key] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        mine[0] += 1
        mine[1] += done
        mine[2] += won
        if game.by_hands:
            mine[6] += game.hands
        if game.by_hands and not game.each_hand:
            mine[4] += game.scores[seat]
        elif game.finished:
            mark = _mark(game.scores[seat], game, 0, seat, key)
            best = shelf.best.get(key)
            if best is None or mark < best:
                shelf.best[key] = mark
            shelf.highest_score = _better(
                shelf.highest_score, mark if named[seat] == key else
                _mark(game.scores[seat], game, 0, seat, named[seat]))
        seats.append(mine)
    if game.each_hand:
        _add_hands(shelf, seats, game, named)
    if not game.by_hands:
        _add_rounds(shelf, seats, game, keys, named)


def _add_rounds(shelf: RulesetTally, seats: list[list[int]], game: PlayedGame, keys: list[str],
                named: list[str]) -> None:
    """A bid-and-trick game's rounds into ``shelf``, its seats' counters ``seats``, from each
    seat's rounds added up (``PlayedGame.seat_rounds``): a few numbers a seat, however many
    rounds. A seat's best round and longest run are the marks its rounds would each have made
    at best (the largest value, then the first round), so the records are the same."""
    count = game.round_count
    started = game.started
    for seat, added in enumerate(game.seat_rounds):
        counts = seats[seat]
        counts[3] += count
        counts[4] += added.points
        counts[5] += added.exact
        # A mark is made only when it could beat the one held (its value first, then its
        # game's start): most seats' could not.
        run, top = added.run, shelf.longest_run
        if run and (top is None or -run < top[0] or (-run == top[0] and started <= top[1])):
            shelf.longest_run = _better(top, _mark(run, game, added.run_round, seat, keys[seat]))
        best, top = added.best, shelf.highest_round
        if added.best_round and (top is None or -best < top[0]
                                 or (-best == top[0] and started <= top[1])):
            shelf.highest_round = _better(
                top, _mark(best, game, added.best_round, seat, named[seat]))


def _add_hands(shelf: RulesetTally, seats: list[list[int]], game: PlayedGame,
               named: list[str]) -> None:
    """A game counted hand by hand (``PlayedGame.each_hand``) into ``shelf``, its seats'
    counters ``seats``, from each seat's hands added up: the points (its side's) and the
    family's count, the contracts taken and made as taker; the records of the highest hand and
    the most counted in one hand name the side, as its final score's do."""
    for seat, added in enumerate(game.seat_rounds):
        counts = seats[seat]
        counts[4] += added.points
        counts[7] += added.taken
        counts[8] += added.made
        counts[9] += added.counted
        if added.best_round:
            shelf.highest_round = _better(
                shelf.highest_round, _mark(added.best, game, added.best_round, seat, named[seat]))
        if added.most_round:
            shelf.most_count = _better(
                shelf.most_count, _mark(added.most, game, added.most_round, seat, named[seat]))
