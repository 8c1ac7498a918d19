"""Statistics (docs/rules.md section 1, "Statistics"; seed 002): the bid-and-trick games' figures, and
Seven-Up's counts of points won.

Only the accepted bid of each scored round counts; failed Oh-Seven rebids do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .registry import Family
from .entries import Beg
from .state import Award, GameState, Round


@dataclass(frozen=True)
class PlayerStats:
    seat: int
    rounds: int
    points_per_round: float | None
    average_bid: float | None
    zero_bid_rate: float | None
    top_bid_rate: float | None
    success_rate: float | None
    overshoot_rate: float | None
    deficit_rate: float | None
    #: Oh-Seven: the forced-rebid bonus points scored in the scored rounds (0 elsewhere).
    rebid_bonus: int = 0


@dataclass(frozen=True)
class GameStats:
    """A bid-and-trick game's figures as a whole, beside each player's (the API's ``table``
    object, a name its contract keeps)."""

    players: int
    rounds: int
    average_zero_bid_rate: float | None
    average_top_bid: float | None
    #: Oh-Seven: the share of scored rounds each suit was trump (every suit listed).
    trump_rate: dict[Suit, float] | None
    per_player: tuple[PlayerStats, ...]


def _bid_value(bid: object) -> int:
    return bid.value if isinstance(bid, Card) else int(bid)  # type: ignore[call-overload]


def _rate(count: int, total: int) -> float | None:
    return count / total if total else None


def _top_bidders(round_: Round) -> set[int]:
    """Oh-Seven: the high bidder; in-turn games: every player who made the highest bid."""
    assert round_.bids is not None
    if round_.leader is not None and round_.high_bid is not None:
        return {round_.leader}
    top = max(_bid_value(b) for b in round_.bids)
    return {s for s, b in enumerate(round_.bids) if _bid_value(b) == top}


def statistics(state: GameState) -> GameStats | None:
    """Figures over the scored rounds of a game in progress or finished; ``None`` for Seven-Up
    and the score pad, which have no bids.

    Rates are shares from 0 to 1, ``None`` before any round is scored.
    """
    settings = state.settings
    if settings.family in (Family.SEVEN_UP, Family.SCORE_PAD):
        return None
    rounds = [r for r in state.rounds if r.bids is not None and r.tricks is not None]
    played = len(rounds)
    players = []
    for seat in settings.seats:
        bids = [_bid_value(r.bids[seat]) for r in rounds if r.bids is not None]
        tricks = [r.tricks[seat] for r in rounds if r.tricks is not None]
        points = sum(r.points[seat] for r in rounds if r.points is not None)
        players.append(
            PlayerStats(
                seat=seat,
                rounds=played,
                points_per_round=points / played if played else None,
                average_bid=sum(bids) / played if played else None,
                zero_bid_rate=_rate(bids.count(0), played),
                top_bid_rate=_rate(sum(seat in _top_bidders(r) for r in rounds), played),
                success_rate=_rate(sum(b == t for b, t in zip(bids, tricks)), played),
                overshoot_rate=_rate(sum(t > b for b, t in zip(bids, tricks)), played),
                deficit_rate=_rate(sum(t < b for b, t in zip(bids, tricks)), played),
                rebid_bonus=sum(r.rebid_bonus[seat] for r in rounds if r.rebid_bonus),
            )
        )
    zero_rates = [p.zero_bid_rate for p in players if p.zero_bid_rate is not None]
    top_bids = [max(_bid_value(b) for b in r.bids) for r in rounds if r.bids is not None]
    trump_rate = None
    if settings.family is Family.CARD_BIDS and played:
        trump_rate = {suit: sum(r.trump is suit for r in rounds) / played for suit in Suit}
    return GameStats(
        players=len(settings.players),
        rounds=played,
        average_zero_bid_rate=sum(zero_rates) / len(zero_rates) if zero_rates else None,
        average_top_bid=sum(top_bids) / played if played else None,
        trump_rate=trump_rate,
        per_player=tuple(players),
    )


@dataclass(frozen=True)
class SideStats:
    """Seven-Up: the points a side won, by kind (counted points only, so they add up to its
    score); ``seats`` are the side's players."""

    side: int
    seats: tuple[int, ...]
    high: int
    low: int
    jack: int
    game: int
    gifts: int
    jacks_turned: int


@dataclass(frozen=True)
class SevenUpStats:
    players: int
    #: Hands played (a redeal is no hand: it is counted in ``redeals``).
    hands: int
    redeals: int
    #: The share of hands played in which the eldest begged; ``None`` before any hand.
    beg_rate: float | None
    per_side: tuple[SideStats, ...]


def seven_up_statistics(state: GameState) -> SevenUpStats | None:
    """Seven-Up's figures over every hand recorded (the redeals of the hand being played too,
    since their turned jacks are scored); ``None`` for the other games.

    >>> from companion.rules import new_settings, fold, Hand, Beg
    >>> state = fold(new_settings("seven-up", ["Ana", "Ben"]), [Hand(0, Beg.GIVE, 0, 1, None, 0)])
    >>> stats = seven_up_statistics(state)
    >>> stats.hands, stats.beg_rate, stats.per_side[1].gifts
    (1, 1.0, 1)
    """
    settings = state.settings
    if settings.family is not Family.SEVEN_UP:
        return None
    recorded = list(state.rounds) + ([state.current] if state.current else [])
    hands = [h for r in recorded for h in r.hands]
    played = [h for h in hands if not h.redeal]
    awards: list[Award] = [a for r in recorded for a in r.awards if a.counted]

    def won(side: int, point: str) -> int:
        return sum(1 for a in awards if a.side == side and a.point == point)

    return SevenUpStats(
        players=len(settings.players),
        hands=len(played),
        redeals=len(hands) - len(played),
        beg_rate=_rate(sum(h.beg is not Beg.STAND for h in played), len(played)),
        per_side=tuple(
            SideStats(
                side=side,
                seats=settings.seats_of(side),
                high=won(side, "high"), low=won(side, "low"), jack=won(side, "jack"),
                game=won(side, "game"), gifts=won(side, "gift"),
                jacks_turned=won(side, "jack-turned"),
            )
            for side in settings.sides
        ),
    )


@dataclass(frozen=True)
class PadSideStats:
    """The score pad: one side's figures (a player, or both partners of a pair) over the scored
    rounds. Best and worst are read as the ``winner`` option reads totals; a round is won by the
    side whose points were its best, each of several sharing that best winning it."""

    side: int
    seats: tuple[int, ...]
    rounds: int
    points_per_round: float | None
    best_round: int | None
    worst_round: int | None
    rounds_won: int
    rounds_won_rate: float | None


@dataclass(frozen=True)
class PadStats:
    players: int
    rounds: int
    per_side: tuple[PadSideStats, ...]


def pad_statistics(state: GameState) -> PadStats | None:
    """The score pad's figures (docs/rules.md section 8, "statistics"); ``None`` for the card
    games.

    >>> from companion.rules import new_settings, fold, Points
    >>> s = new_settings("score-pad", ["Ana", "Ben"], options={"winner": "lowest"})
    >>> stats = pad_statistics(fold(s, [Points((3, 5)), Points((4, 4))]))
    >>> [(p.best_round, p.worst_round, p.rounds_won) for p in stats.per_side]
    [(3, 4, 2), (4, 5, 1)]
    """
    settings = state.settings
    if settings.family is not Family.SCORE_PAD:
        return None
    pick_best, pick_worst = (min, max) if settings.lowest_wins else (max, min)
    rounds = [r.points for r in state.rounds if r.points is not None]
    # Per round, per side: a side's points are its first seat's (partners hold the same).
    firsts = [settings.seats_of(side)[0] for side in settings.sides]
    by_side = [[points[seat] for seat in firsts] for points in rounds]
    best_of_round = [pick_best(points) for points in by_side]
    played = len(rounds)
    per_side = []
    for side in settings.sides:
        own = [points[side] for points in by_side]
        won = sum(points[side] == best for points, best in zip(by_side, best_of_round))
        per_side.append(PadSideStats(
            side=side, seats=settings.seats_of(side), rounds=played,
            points_per_round=sum(own) / played if played else None,
            best_round=pick_best(own) if own else None,
            worst_round=pick_worst(own) if own else None,
            rounds_won=won, rounds_won_rate=_rate(won, played),
        ))
    return PadStats(players=len(settings.players), rounds=played, per_side=tuple(per_side))
