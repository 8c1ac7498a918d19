"""What a table shows (docs/rules.md section 7): ``figures`` turns the sum of its games'
tallies (table_tally.py) into who is who, wins, head to head, and per ruleset figures and
records; then who is ahead, and the wins over time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .games import RULESETS
from .table_games import SHELF_JOIN, PlayedGame, Renames, is_pad_shelf, player_key
from .table_tally import SIDE_JOIN, Mark, RulesetTally, Tally


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
    # A game whose entries are hands (Seven-Up) is counted by its hands and points won.
    by_hands = ruleset in RULESETS and "hand" in RULESETS[ruleset].family.entry_kinds
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
            rounds=None if by_hands else rounds,
            points_per_round=None if by_hands else _rate(points, rounds),
            success_rate=None if by_hands else _rate(exact, rounds),
            best_score=None if best is None else BestScore(best[2], -best[0]),
            hands=hands if by_hands else None, points=points if by_hands else None))
    records = None
    if not by_hands:
        score, high, run = shelf.highest_score, shelf.highest_round, shelf.longest_run
        records = Records(
            None if score is None else ScoreRecord(names[score[5]], score[2], -score[0]),
            None if high is None else RoundRecord(names[high[5]], high[2], high[3], -high[0]),
            None if run is None else RunRecord(names[run[5]], run[2], -run[0]))
    return RulesetFigures(ruleset, shelf.games, shelf.finished, tuple(players),
                          _head_to_head(order, shelf.pairs, names), records)


def _pad_figures(shelf_name: str, shelf: RulesetTally, order: list[str],
                 names: dict[str, str]) -> PadFigures:
    parts = shelf_name.split(SHELF_JOIN)
    lowest = parts[1] == "lowest"
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
    title = shelf.latest[2] if len(parts) > 2 else None
    return PadFigures(title, lowest, shelf.games, shelf.finished, tuple(players),
                      _head_to_head(order, shelf.pairs, names), records)


#: The order rulesets are shown in: the games' (``games.GAMES``); any other after, by id.
RULESET_ORDER = tuple(RULESETS)


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
