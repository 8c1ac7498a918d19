"""Statistics (docs/rules.md section 1, "Statistics"; seed 002): the bid-and-trick games' figures
(a game without bids has its own, in its own files).

Only the accepted bid of each scored round counts; failed Oh-Seven rebids do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, NoTrump, Suit, Trump
from .state import GameState, Round


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
    #: Oh-Seven: the share of scored rounds each suit was trump (every suit listed); a game
    #: whose table records the trump: each suit's share and none's, over the rounds recorded.
    trump_rate: dict[Trump, float] | None
    per_player: tuple[PlayerStats, ...]


def _bid_value(bid: object) -> int:
    return bid.value if isinstance(bid, Card) else int(bid)  # type: ignore[call-overload]


def rate(count: int, total: int) -> float | None:
    return count / total if total else None


def _top_bidders(round_: Round) -> set[int]:
    """Oh-Seven: the high bidder; in-turn games: every player who made the highest bid."""
    assert round_.bids is not None
    if round_.leader is not None and round_.high_bid is not None:
        return {round_.leader}
    top = max(_bid_value(b) for b in round_.bids)
    return {s for s, b in enumerate(round_.bids) if _bid_value(b) == top}


def statistics(state: GameState) -> GameStats | None:
    """Figures over the scored rounds of a game in progress or finished; ``None`` for a game
    without bids (Seven-Up, the score pad).

    Rates are shares from 0 to 1, ``None`` before any round is scored.
    """
    settings = state.settings
    if "bids" not in settings.family.entry_kinds or settings.family.word_bids:
        return None  # no bids, or bids not all numbers (Spades): the family's own figures
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
                zero_bid_rate=rate(bids.count(0), played),
                top_bid_rate=rate(sum(seat in _top_bidders(r) for r in rounds), played),
                success_rate=rate(sum(b == t for b, t in zip(bids, tricks)), played),
                overshoot_rate=rate(sum(t > b for b, t in zip(bids, tricks)), played),
                deficit_rate=rate(sum(t < b for b, t in zip(bids, tricks)), played),
                rebid_bonus=sum(r.rebid_bonus[seat] for r in rounds if r.rebid_bonus),
            )
        )
    zero_rates = [p.zero_bid_rate for p in players if p.zero_bid_rate is not None]
    top_bids = [max(_bid_value(b) for b in r.bids) for r in rounds if r.bids is not None]
    trump_rate: dict[Trump, float] | None = None
    named = [r.trump for r in rounds if r.trump is not None]
    if settings.family.records_trump and named:  # over the rounds whose trump was recorded
        kinds: tuple[Trump, ...] = (*Suit, NoTrump.NONE)
        trump_rate = {kind: named.count(kind) / len(named) for kind in kinds}
    elif played and len(named) == played:  # the bids named trump
        trump_rate = {suit: sum(r.trump is suit for r in rounds) / played for suit in Suit}
    return GameStats(
        players=len(settings.players),
        rounds=played,
        average_zero_bid_rate=sum(zero_rates) / len(zero_rates) if zero_rates else None,
        average_top_bid=sum(top_bids) / played if played else None,
        trump_rate=trump_rate,
        per_player=tuple(players),
    )
