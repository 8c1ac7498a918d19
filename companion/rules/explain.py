"""Why each score is what it is: an explanation per seat and round, with the numbers the table
would say ("bid 3, took 3: exact, 10 + 3 = 13"; "+1: the bids added up to 7, Ana's 5♥ was
high"; "High: Ben · Low: Ana"; the score pad's "round 3: 25 as entered; total 112").

The explanation is reckoned again from the round's bids, tricks and hands and the game's
options, by the rules of docs/rules.md (sections 1–4 and 6), not copied from the round's points: a
test checks that both reckonings agree for every game and option. The pages only translate it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Card
from .entries import Beg
from .scoring import Rule as Rule  # re-exported: a BidScore names its rule
from .scoring import made_by
from .settings import Settings
from .state import Attempt, GameState, Round


class Outcome(enum.Enum):
    EXACT = "exact"
    OVER = "over"  # took more tricks than the bid
    UNDER = "under"  # took fewer


@dataclass(frozen=True)
class RebidBonus:
    """A forced rebid's +1 for this seat: the failed bids' card and why they failed."""

    points: int
    deal: int  # 0 for the round's first deal, 1 after one redeal, …
    high_bid: Card
    high_bidders: tuple[int, ...]
    sum_seven: bool  # trigger 1: the bid values summed to exactly 7
    shared_high: bool  # trigger 2: two decks, several players bid the same high card


@dataclass(frozen=True)
class BidScore:
    """One seat's points in one round of a bid-and-trick game."""

    seat: int
    bid: int
    card: Card | None  # Oh-Seven: the accepted bid card
    taken: int
    outcome: Outcome
    difference: int  # how far the tricks were from the bid (0 when exact)
    hand_size: int
    rule: Rule
    base: int
    bonus: int
    #: ``base + bonus``: the bid's own points, before any rebid bonus.
    made: int
    rebids: tuple[RebidBonus, ...]
    total: int


class Point(enum.Enum):
    """Seven-Up points, in the order they are counted."""

    JACK_TURNED = "jack-turned"  # a jack turned up: 1 for the dealer
    GIFT = "gift"  # the dealer gave one to a begging eldest
    HIGH = "high"
    LOW = "low"
    JACK = "jack"
    GAME = "game"


@dataclass(frozen=True)
class PointWon:
    point: Point
    seat: int
    side: int
    #: False for a point that came after the game was already won (not counted).
    counted: bool
    #: Game on equal card points, given to the eldest by the ``game_tie`` option.
    on_tie: bool = False
    #: A jack turned while the hand was then redealt (the pack ran out, or a bunch).
    in_redeal: bool = False


@dataclass(frozen=True)
class HandScore:
    """One side's points in one Seven-Up hand (``seat``: a player of that side)."""

    seat: int
    side: int
    won: tuple[PointWon, ...]
    total: int


@dataclass(frozen=True)
class HandSummary:
    """What the whole table scored in a Seven-Up hand: "High: Ben · Low: Ana"."""

    points: tuple[PointWon, ...]  # every point, in counting order
    beg: Beg
    dealer: int
    eldest: int
    redeals: int
    played: bool  # False when the game ended before play (a turned jack, a gift)
    no_trump: bool  # nobody held a trump: no high nor low
    jack_out: bool  # the jack of trumps was not dealt
    game_tied: bool  # equal card points for game


@dataclass(frozen=True)
class PadScore:
    """One side's points in a round of the score pad: as the table entered them, and its total
    after the round ("round 3: 25 as entered; total 112"). ``seat``: a player of that side."""

    seat: int
    side: int
    number: int
    points: int
    total: int


@dataclass(frozen=True)
class RoundExplanation:
    number: int
    #: Per seat: ``BidScore`` in the bid games, ``HandScore`` (its side's) in Seven-Up,
    #: ``PadScore`` (its side's) in the score pad.
    seats: tuple[BidScore | HandScore | PadScore, ...]
    hand: HandSummary | None = None
    #: The round explained, for a family whose pages say why from its sides' results (Spades).
    scored: Round | None = None


# --- bid-and-trick games ----------------------------------------------------------------


def _bid_value(bid: object) -> int:
    if isinstance(bid, Card):
        return bid.value
    assert isinstance(bid, int)
    return bid


def rebids(attempts: tuple[Attempt, ...], seat: int, points: int) -> tuple[RebidBonus, ...]:
    """The forced rebids that gave ``seat`` a bonus of ``points``, each with why it was forced."""
    return tuple(
        RebidBonus(points, a.deal, a.high_bid, a.high_bidders, a.sum_seven, a.shared_high)
        for a in attempts if seat in a.bonus
    )


def explain_bids(settings: Settings, round_: Round, rebid_bonus: int = 0) -> tuple[BidScore, ...]:
    """Each seat's points in a scored round of Oh-Seven, Oh Hell or Elevator.

    >>> from companion.rules import new_settings, fold, Bids, Tricks
    >>> state = fold(new_settings("oh-hell", ["Ana", "Ben", "Cleo"]),
    ...              [Bids((3, 2, 4)), Tricks((3, 3, 4))])
    >>> ana = explain_bids(state.settings, state.rounds[0])[0]
    >>> ana.outcome.value, ana.base, ana.bonus, ana.total
    ('exact', 10, 3, 13)
    """
    assert round_.bids is not None and round_.tricks is not None
    scores = []
    for seat, (raw, taken) in enumerate(zip(round_.bids, round_.tricks)):
        bid = _bid_value(raw)
        made = made_by(settings, bid, taken, round_.hand_size)
        won = rebids(round_.attempts, seat, rebid_bonus)
        outcome = Outcome.EXACT if bid == taken else Outcome.OVER if taken > bid else Outcome.UNDER
        scores.append(BidScore(
            seat=seat, bid=bid, card=raw if isinstance(raw, Card) else None, taken=taken,
            outcome=outcome, difference=abs(bid - taken), hand_size=round_.hand_size,
            rule=made.rule, base=made.base, bonus=made.bonus, made=made.total, rebids=won,
            total=made.total + sum(r.points for r in won),
        ))
    return tuple(scores)


# --- every round ------------------------------------------------------------------------


def explain(state: GameState, last: int | None = None) -> tuple[RoundExplanation, ...]:
    """An explanation for every scored round, oldest first, as its family gives it; with
    ``last``, for the last ``last`` scored rounds alone (a long game's board shows no more)."""
    settings = state.settings
    family = settings.family
    scored = len(state.running_totals)
    first = 0 if last is None else max(0, scored - last)
    before = state.running_totals[first - 1] if first else (0,) * len(settings.sides)
    explained = []
    for round_, after in zip(state.rounds[first:scored], state.running_totals[first:]):
        explained.append(family.explain(settings, round_, before))
        before = after
    return tuple(explained)
