"""What a table counts of its games (docs/rules.md section 7): each game as plain values
(``PlayedGame``), and who is who (``Renames``: a player is a name's key, followed through the
table's renames), with the bounds of what one table holds.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from .cards import Card
from .errors import RuleError
from .settings import clean_name
from .state import GameState


def player_key(name: str) -> str:
    """Two names are one player when equal after trimming, NFC and case-folding."""
    folded = unicodedata.normalize("NFC", name).strip().casefold()
    return unicodedata.normalize("NFC", folded)


@dataclass(frozen=True)
class HandFigures:
    """What a table counts of one scored hand beyond its points, as the game's family says it
    (``GameFamily.table_hand``): the seat whose contract it was and whether it was made (a
    game of contracts; ``None``: nobody took), and per seat its side's own count of the hand
    (``GameFamily.table_count``; empty when the game keeps none)."""

    taker: int | None = None
    made: bool = False
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayedRound:
    """One scored round: points and whether each seat bid exactly (a bid-and-trick game); a
    game counted hand by hand (``PlayedGame.each_hand``) adds its hand's figures."""

    number: int
    points: tuple[int, ...]
    exact: tuple[bool, ...]
    taker: int | None = None
    made: bool = False
    counts: tuple[int, ...] = ()


class SeatRounds(NamedTuple):
    """One seat's scored rounds of a game, added up as a table counts them: a table's first
    read adds a few numbers a seat, not every round. A round's number 0: none."""

    #: Its points (its side's) over the rounds, and how many of its bids were exact (or made,
    #: in a game whose bids are made).
    points: int = 0
    exact: int = 0
    #: Its best round (read by the game's ``winner``: a lowest-wins pad's lowest) and the first
    #: round it scored that.
    best: int = 0
    best_round: int = 0
    #: Its longest run of exact bids, and the round the run first reached that length.
    run: int = 0
    run_round: int = 0
    #: A game counted hand by hand: the contracts it took and made as taker; its side's count
    #: (``GameFamily.table_count``) in all, the most in one hand and the first hand with it.
    taken: int = 0
    made: int = 0
    counted: int = 0
    most: int = 0
    most_round: int = 0


def added_up(rounds: Sequence[PlayedRound], seats: int,
             lowest_wins: bool = False) -> tuple[SeatRounds, ...]:
    """Each seat's ``rounds`` added up; its best round is its lowest when the lowest wins.

    >>> ana, ben = added_up([PlayedRound(1, (10, 2), (True, False)),
    ...                      PlayedRound(2, (10, 12), (True, True))], 2)
    >>> ana.points, ana.exact, ana.best, ana.best_round, ana.run, ana.run_round
    (20, 2, 10, 1, 2, 2)
    >>> ben.best, ben.best_round, ben.run, ben.run_round
    (12, 2, 1, 2)
    """
    flip = -1 if lowest_wins else 1
    found = []
    for seat in range(seats):
        points = exact = best = best_round = run = longest = run_round = 0
        taken = made = counted = most = most_round = 0
        for round_ in rounds:
            scored = round_.points[seat]
            points += scored
            if not best_round or flip * scored > flip * best:
                best, best_round = scored, round_.number
            if round_.exact[seat]:
                exact += 1
                run += 1
                if run > longest:
                    longest, run_round = run, round_.number
            else:
                run = 0
            if round_.taker == seat:
                taken += 1
                made += round_.made
            if round_.counts and round_.counts[seat]:
                counted += round_.counts[seat]
                if round_.counts[seat] > most:
                    most, most_round = round_.counts[seat], round_.number
        found.append(SeatRounds(points, exact, best, best_round, longest, run_round, taken, made,
                                counted, most, most_round))
    return tuple(found)


@dataclass(frozen=True)
class PlayedGame:
    """What a table counts of one game, as plain values. Its ``rounds``, when given, are
    added up at once per seat (``seat_rounds``, ``round_count``) and not kept."""

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
    #: A game of hands whose family counts each hand (``GameFamily.table_hands``: Belote,
    #: say): ``rounds`` holds its scored hands, passed ones too, for points per hand, contracts,
    #: the family's count and the records.
    each_hand: bool = False
    #: A titled game (the score pad, docs/rules.md section 8): counted on its title's shelf, with
    #: its title as typed and whether the lowest wins.
    pad: bool = False
    title: str | None = None
    lowest_wins: bool = False
    #: How many rounds were scored, and each seat's rounds added up (``added_up``).
    round_count: int = 0
    seat_rounds: tuple[SeatRounds, ...] = ()

    def __post_init__(self) -> None:
        if self.rounds:  # added up once, here: a table adds these, never the rounds again
            set_ = object.__setattr__
            set_(self, "round_count", len(self.rounds))
            set_(self, "seat_rounds", added_up(self.rounds, len(self.names), self.lowest_wins))
            set_(self, "rounds", ())

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


def played_rounds(state: GameState) -> tuple[PlayedRound, ...]:
    """The game's scored rounds as a table counts them, before they are added up per seat
    (``PlayedGame``): what a summary of form 2 kept of them."""
    settings = state.settings
    family = settings.family
    if family.titled:  # a round's points per seat are its side's; there is no bid to make exactly
        return tuple(PlayedRound(r.number, tuple(r.points), (False,) * len(r.points))
                     for r in state.rounds if r.points is not None)
    if "hand" in family.entry_kinds and family.table_hands:
        # each hand's points (its side's) and what the family counts of it
        return tuple(
            PlayedRound(r.number, tuple(r.points), (False,) * len(r.points), figures.taker,
                        figures.made, figures.counts)
            for r in state.rounds if r.points is not None
            for figures in [family.table_hand(settings, r)])
    # A bid matched exactly, or in a game where a bid is made rather than matched (Spades),
    # made: what the table's run of bids counts.
    return tuple(
        PlayedRound(r.number, tuple(r.points),
                    family.bids_made(settings, r)
                    or tuple(_bid_value(b) == t for b, t in zip(r.bids, r.tricks)))
        for r in state.rounds
        if r.bids is not None and r.tricks is not None and r.points is not None
    )


def played_game(state: GameState, game_id: str, started: datetime) -> PlayedGame:
    """The game as a table counts it, from the engine's state (``started``: naive UTC)."""
    settings = state.settings
    ranks = [0] * len(settings.players)
    for standing in state.standings:
        for seat in standing.seats:
            ranks[seat] = standing.rank
    family = settings.family
    by_hands = "hand" in family.entry_kinds
    hands = 0
    if by_hands:
        recorded = list(state.rounds) + ([state.current] if state.current else [])
        hands = sum(1 for r in recorded for h in r.hands if not h.redeal)
        # A game whose rounds keep no Seven-Up hands (Belote): each scored round is one hand.
        hands += sum(1 for r in state.rounds if not r.hands)
    return PlayedGame(
        id=game_id, ruleset=settings.ruleset.id, started=started, names=settings.players,
        sides=tuple(settings.side_of(seat) for seat in settings.seats), finished=state.finished,
        scores=state.scores, ranks=tuple(ranks), rounds=played_rounds(state), by_hands=by_hands,
        hands=hands, pad=family.titled, title=settings.title, lowest_wins=settings.lowest_wins,
        each_hand=by_hands and family.table_hands,
    )


#: The form of ``summary``'s JSON. Form 2 added the hands of a game counted hand by hand
#: (``each_hand``); form 3 keeps each seat's rounds added up (``seat_rounds``) instead of the
#: rounds, and the game's values in one list. An older form is read and added up as it is read
#: (a form 1 summary of a game counted hand by hand lacks its hands: the game is folded instead).
SUMMARY_FORM = 3


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
    # One list beside the names (which a reader may want alone): decoding a dict of fifteen
    # keys took three times as long, and a table's first read decodes 10,000 of them.
    return {"form": SUMMARY_FORM, "names": list(game.names), "game": [
        game.ruleset, list(game.sides), game.finished, list(game.scores), list(game.ranks),
        game.by_hands, game.hands, game.pad, game.title, game.lowest_wins, game.each_hand,
        game.round_count, [_trimmed(seat) for seat in game.seat_rounds]]}


def from_summary(data: object, game_id: str, started: datetime,
                 counted_each_hand: Callable[[str], bool] | None = None) -> PlayedGame | None:
    """The game ``summary`` wrote, or ``None`` when ``data`` is none in this form (fold it).
    A form 1 summary is read when its game is not counted hand by hand (it lacks the hands of
    those alone), as ``counted_each_hand`` says of its ruleset (the list of games, which
    imports this module, so the caller asks it; without it, a form 1 summary is folded): a
    table kept by an older release is not folded again game by game."""
    if not isinstance(data, dict):
        return None
    form = data.get("form")
    if form == SUMMARY_FORM:
        (ruleset, sides, finished, scores, ranks, by_hands, hands, pad, title, lowest_wins,
         each_hand, round_count, seats) = data["game"]
        return PlayedGame(
            id=game_id, ruleset=ruleset, started=started, names=tuple(data["names"]),
            sides=tuple(sides), finished=finished, scores=tuple(scores), ranks=tuple(ranks),
            by_hands=by_hands, hands=hands, pad=pad, title=title, lowest_wins=lowest_wins,
            each_hand=each_hand, round_count=round_count,
            seat_rounds=tuple(SeatRounds(*seat) for seat in seats))
    ruleset = data.get("ruleset")
    older = form == 1 and counted_each_hand is not None and isinstance(ruleset, str) \
        and not counted_each_hand(ruleset)
    if form != 2 and not older:
        return None
    return PlayedGame(  # an older form's rounds, added up as the game is made
        id=game_id, ruleset=data["ruleset"], started=started, names=tuple(data["names"]),
        sides=tuple(data["sides"]), finished=data["finished"], scores=tuple(data["scores"]),
        ranks=tuple(data["ranks"]),
        rounds=tuple(PlayedRound(number, tuple(points), tuple(exact), *(
                         (hand[0], hand[1], tuple(hand[2])) if hand else ()))
                     for number, points, exact, *hand in data["rounds"]),
        by_hands=data["by_hands"], hands=data["hands"], pad=data["pad"], title=data["title"],
        lowest_wins=data["lowest_wins"], each_hand=data.get("each_hand", False))


def _trimmed(seat: SeatRounds) -> list[int]:
    """A seat's numbers without their trailing zeros (the defaults it is read back with): a
    game of bids keeps six, a score pad four."""
    numbers = list(seat)
    while numbers and not numbers[-1]:
        numbers.pop()
    return numbers


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
