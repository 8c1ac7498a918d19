"""What a table shows (docs/rules.md section 7): ``figures`` turns the sum of its games'
tallies (table_tally.py) into who is who, wins, head to head, and per ruleset figures and
records, with each family's own part (``table_figures.TablePart``, which the family declares
and this module asks without naming the game); then who is ahead, and the wins over time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .games import FAMILIES, RULESETS
from .table_figures import (
    BestScore,
    CountRecord,
    HeadToHead,
    RoundRecord,
    RulesetPlayer,
    ScoreRecord,
    TablePart,
    head_to_head,
    rate,
)
from .table_games import SHELF_JOIN, PlayedGame, Renames, is_pad_shelf
from .table_tally import SIDE_JOIN, RulesetTally, Tally


@dataclass(frozen=True)
class PlayerFigures:
    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None


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
    #: A game counted hand by hand with a count of its own: the most in one hand.
    most_counted: CountRecord | None = None


@dataclass(frozen=True)
class RulesetFigures:
    ruleset: str
    games: int
    finished: int
    players: tuple[RulesetPlayer, ...]
    head_to_head: tuple[HeadToHead, ...]
    records: Records | None  # None for Seven-Up
    #: Counted hand by hand (``GameFamily.table_hands``), with contracts taken and made, and
    #: the name of the family's own count (``table_count``).
    each_hand: bool = False
    contracts: bool = False
    counted: str | None = None


@dataclass(frozen=True)
class TableFigures:
    games: int
    finished: int
    players: tuple[PlayerFigures, ...]
    head_to_head: tuple[HeadToHead, ...]
    rulesets: tuple[RulesetFigures, ...]
    #: The name the table shows for each player (by key).
    names: dict[str, str]
    #: The families' own parts (``TablePart``), by their key: each declared part, empty when
    #: the table has none of its games.
    parts: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def __getattr__(self, key: str) -> tuple[Any, ...]:
        """A family's part read as an attribute (``figures.<key>``), as the pages read it."""
        parts = self.__dict__.get("parts", {})
        if key in parts:
            return parts[key]  # type: ignore[no-any-return]
        raise AttributeError(key)


def _ruleset_figures(ruleset: str, shelf: RulesetTally, order: list[str],
                     names: dict[str, str]) -> RulesetFigures:
    # A game whose entries are hands (Seven-Up) is counted by its hands and points won; a
    # family that says so, hand by hand (``_hands_figures``).
    family = RULESETS[ruleset].family if ruleset in RULESETS else None
    by_hands = family is not None and "hand" in family.entry_kinds
    if by_hands and family is not None and family.table_hands:
        return _hands_figures(ruleset, shelf, order, names, family.table_contracts,
                              family.table_count)
    players = []
    for key in order:
        counts = shelf.players.get(key)
        if counts is None:
            continue
        games, finished, wins, rounds, points, exact, hands = counts[:7]
        best = shelf.best.get(key)
        players.append(RulesetPlayer(
            name=names[key], games=games, finished=finished, wins=wins,
            win_rate=rate(wins, finished),
            rounds=None if by_hands else rounds,
            points_per_round=None if by_hands else rate(points, rounds),
            success_rate=None if by_hands else rate(exact, rounds),
            best_score=None if best is None else BestScore(best[2], -best[0]),
            hands=hands if by_hands else None, points=points if by_hands else None))
    records = None
    if not by_hands:
        score, high, run = shelf.highest_score, shelf.highest_round, shelf.longest_run

        def side(key: str) -> str:  # partners' records name the side: "Ana & Cleo"
            return _side(key, names)

        records = Records(
            None if score is None else ScoreRecord(side(score[5]), score[2], -score[0]),
            None if high is None else RoundRecord(side(high[5]), high[2], high[3], -high[0]),
            None if run is None else RunRecord(names[run[5]], run[2], -run[0]))
    return RulesetFigures(ruleset, shelf.games, shelf.finished, tuple(players),
                          head_to_head(order, shelf.pairs, names), records)


def _side(key: str, names: Mapping[str, str]) -> str:
    """Who a record names: a player, or partners as the side ("Ana & Cleo")."""
    return " & ".join(names[k] for k in key.split(SIDE_JOIN))


def _hands_figures(ruleset: str, shelf: RulesetTally, order: list[str], names: dict[str, str],
                   contracts: bool, counted: str | None) -> RulesetFigures:
    """A game counted hand by hand (docs/rules.md section 7, "At a table" of Belote, Coinche,
    Tarot and Scopa): per player the side's hands and points, the best final score, the
    contracts taken and made as taker, the family's count; records of the highest final
    score, the highest hand and the most counted in one hand."""
    players = []
    for key in order:
        counts = shelf.players.get(key)
        if counts is None:
            continue
        games, finished, wins, _rounds, points, _exact, hands, taken, made, count = counts
        best = shelf.best.get(key)
        players.append(RulesetPlayer(
            name=names[key], games=games, finished=finished, wins=wins,
            win_rate=rate(wins, finished), rounds=None, points_per_round=None,
            success_rate=rate(made, taken) if contracts else None,
            best_score=None if best is None else BestScore(best[2], -best[0]),
            hands=hands, points=points, points_per_hand=rate(points, hands),
            taken=taken if contracts else None, made=made if contracts else None,
            counted=count if counted else None,
            counted_per_hand=rate(count, hands) if counted else None))
    score, high, most = shelf.highest_score, shelf.highest_round, shelf.most_count
    records = Records(
        None if score is None else ScoreRecord(_side(score[5], names), score[2], -score[0]),
        None if high is None else RoundRecord(_side(high[5], names), high[2], high[3], -high[0]),
        None,
        None if most is None or not counted else
        CountRecord(_side(most[5], names), most[2], most[3], -most[0]))
    return RulesetFigures(ruleset, shelf.games, shelf.finished, tuple(players),
                          head_to_head(order, shelf.pairs, names), records, each_hand=True,
                          contracts=contracts, counted=counted)


#: The families' own parts of a table's figures, each once, in the families' order.
TABLE_PARTS: tuple[TablePart, ...] = tuple(
    family.table_part for family in FAMILIES.values() if family.table_part is not None)


def _parts_shelves(shelves: Mapping[str, RulesetTally]) -> dict[TablePart, dict[str, RulesetTally]]:
    """Every declared part with its shelves (``table_games.pad_shelf``: those that name more
    than a ruleset), found by the family of the ruleset each shelf's name begins with."""
    found: dict[TablePart, dict[str, RulesetTally]] = {part: {} for part in TABLE_PARTS}
    for name, shelf in shelves.items():
        if not is_pad_shelf(name):
            continue
        ruleset = RULESETS.get(name.split(SHELF_JOIN)[0])
        part = None if ruleset is None else ruleset.family.table_part
        if part is not None:
            found.setdefault(part, {})[name] = shelf
    return found


#: The order rulesets are shown in: the games' (``games.GAMES``); any other after, by id.
RULESET_ORDER = tuple(RULESETS)


def figures(tally: Tally, renames: Renames) -> TableFigures:
    """What the table shows, from the sum of its games' tallies."""
    names = {key: renames.shown(key) or spelt[2] for key, spelt in tally.spelling.items()}
    keys = sorted(tally.players, key=lambda k: (-tally.players[k][0], names[k].casefold(), k))
    players = tuple(
        PlayerFigures(names[k], games, finished, wins, rate(wins, finished))
        for k in keys for games, finished, wins in [tally.players[k]])
    shown_rulesets = sorted((r for r in tally.rulesets if not is_pad_shelf(r)), key=lambda r: (
        RULESET_ORDER.index(r) if r in RULESET_ORDER else len(RULESET_ORDER), r))
    parts = {part.key: part.figures(own, keys, names)
             for part, own in _parts_shelves(tally.rulesets).items()}
    return TableFigures(
        games=tally.games, finished=tally.finished, players=players,
        head_to_head=head_to_head(keys, tally.pairs, names),
        rulesets=tuple(_ruleset_figures(r, tally.rulesets[r], keys, names)
                       for r in shown_rulesets),
        names=names, parts=parts)


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
