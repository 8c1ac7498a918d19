"""The game state the engine derives from the entries. Every value is frozen."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Card, Trump
from .chain import Chain
from .entries import Bid, Entry, Hand
from .memo import WeighsOnce
from .settings import Settings


class Phase(enum.Enum):
    BIDDING = "bidding"
    TRICKS = "tricks"
    HAND = "hand"  # Seven-Up: the hand is being played
    POINTS = "points"  # the score pad: the round's points are awaited
    DONE = "done"


class Status(enum.Enum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class FinishedBy(enum.Enum):
    """What ended a score pad (docs/rules.md section 8); the four card games leave it ``None``."""

    TARGET = "target"  # a total reached the target (also when the rounds ran out with it)
    ROUNDS = "rounds"  # the number of rounds was played
    SCOREKEEPER = "scorekeeper"  # "we stop here"


@dataclass(frozen=True)
class Pass:
    """Oh-Seven card passing: ``giver`` passes ``count`` cards to ``receiver``."""

    giver: int
    receiver: int
    count: int


@dataclass(frozen=True)
class Passing:
    count: int
    direction: str  # "left" or "right"
    passes: tuple[Pass, ...]


@dataclass(frozen=True)
class Attempt:
    """An Oh-Seven bid that forced a rebid: the cards, why, and who scored the +1."""

    deal: int  # 0 for the round's first deal, 1 after one redeal, …
    bids: tuple[Card, ...]
    high_bid: Card
    high_bidders: tuple[int, ...]
    sum_seven: bool
    shared_high: bool
    bonus: tuple[int, ...]  # the seats that scored +1


@dataclass(frozen=True)
class Award:
    """One Seven-Up point, in the order points are counted. ``counted`` is False for a point
    that came after the game was already won."""

    point: str  # "jack-turned", "gift", "high", "low", "jack", "game"
    seat: int
    side: int
    counted: bool


@dataclass(frozen=True)
class SideHand:
    """One side's result of a hand in a game of sides' contracts (Spades): its contract, its
    points (bags and the bag penalty in them), the bags it took, the penalty, and the bags it
    holds after the hand."""

    contract: int
    points: int
    bags: int
    bag_penalty: int
    bags_held: int
    #: Whether the side had a contract (some member bid a number) and made it.
    has_contract: bool
    made: bool


@dataclass(frozen=True)
class Round(WeighsOnce):
    """One round (Seven-Up: one hand, with any redeals before it). A scored round is shared by
    every later state of its game, so it is weighed once (``memo.WeighsOnce``)."""

    number: int
    hand_size: int
    dealer: int
    phase: Phase
    #: Who bids in which order (from the dealer's left); Oh-Seven: the same order, for reference.
    bidding_order: tuple[int, ...]
    #: Per seat, what this round has already added to the totals: Oh-Seven's rebid bonuses,
    #: Seven-Up's counted points (a redeal's turned jacks); once done, its points.
    points_so_far: tuple[int, ...]
    #: In-turn games: the player whose bid is awaited, ``None`` otherwise.
    next_bidder: int | None = None
    #: In-turn games: the dealer's hooked number once all the others have bid.
    forbidden_bid: int | None = None
    passing: Passing | None = None
    attempts: tuple[Attempt, ...] = ()
    redeals: int = 0
    #: Oh-Seven: per seat, the cards set aside by failed bids in this deal.
    set_aside: tuple[tuple[Card, ...], ...] = ()
    #: Oh-Seven: per seat, the +1s its forced rebids scored this round (empty elsewhere).
    rebid_bonus: tuple[int, ...] = ()
    bids: tuple[Bid, ...] | None = None
    high_bid: Card | None = None
    #: Oh-Seven: the high bid's suit; the 60-card game: the trump recorded with the bids
    #: (a suit or none), ``None`` when none was recorded.
    trump: Trump | None = None
    leader: int | None = None
    tricks: tuple[int, ...] | None = None
    #: The round's points per seat once done (rebid bonuses included); Seven-Up: per seat, its
    #: side's.
    points: tuple[int, ...] | None = None
    #: Seven-Up: the player left of the dealer, the hands recorded (redeals first), the points.
    eldest: int | None = None
    hands: tuple[Hand, ...] = ()
    awards: tuple[Award, ...] = ()
    #: Spades: per side, its result once the hand is scored (``SideHand``).
    side_hands: tuple[SideHand, ...] = ()
    #: A game's own record of a scored round (Belote's hand totals and held pot), which only
    #: that game's files read; ``None`` elsewhere.
    own: object | None = None


@dataclass(frozen=True)
class Standing:
    """A place in the standings; ``seats`` has both partners for a Seven-Up team."""

    side: int
    seats: tuple[int, ...]
    score: int
    rank: int


@dataclass(frozen=True)
class GameState:
    settings: Settings
    #: The per-entry and per-round values grow by one entry at a time, sharing what came before
    #: (``chain.Chain``: a frozen sequence equal to the tuple of its items).
    entries: Chain[Entry]
    #: For each entry, the number of the round it belongs to.
    entry_rounds: Chain[int]
    rounds: Chain[Round]  # scored rounds, oldest first
    current: Round | None  # None once finished
    #: Per seat (Seven-Up with teams: the team's score for both partners).
    scores: tuple[int, ...]
    #: Per side: seats, or the two Seven-Up teams.
    side_scores: tuple[int, ...]
    status: Status
    #: Seven-Up: the point that won the game.
    winning_award: Award | None
    total_rounds: int | None  # None for Seven-Up, which plays to a target
    #: For each scored round, oldest first, the per-side totals after it.
    running_totals: Chain[tuple[int, ...]] = Chain()
    #: For each scored round, the sides leading after it (several on a tie).
    leaders_after: Chain[tuple[int, ...]] = Chain()
    #: The score pad, once finished: what ended it; ``None`` otherwise and for the card games.
    finished_by: FinishedBy | None = None

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Best first; equal scores share a rank (1, 1, 3).

        A Seven-Up winner is always alone in first place: points after the winning one are not
        counted, so every other side stays below the target. Sides behind it on equal scores
        share their place like everywhere else.
        """
        settings = self.settings
        sign = 1 if settings.lowest_wins else -1  # a score pad may be won by the lowest total
        sides = sorted(settings.sides, key=lambda side: (sign * self.side_scores[side], side))
        standings: list[Standing] = []
        for position, side in enumerate(sides):
            score = self.side_scores[side]
            if standings and standings[-1].score == score:
                rank = standings[-1].rank
            else:
                rank = position + 1
            standings.append(Standing(side, settings.seats_of(side), score, rank))
        return tuple(standings)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The sides leading now, on the totals shown (several on a tie); none before anything
        is scored. After the last scored round that is ``leaders_after[-1]``, unless the round
        being played has scored already (an Oh-Seven rebid bonus, a redeal's turned jack)."""
        if not self.rounds and not any(self.side_scores):
            return ()
        best = self.settings.best(self.side_scores)
        return tuple(side for side, score in enumerate(self.side_scores) if score == best)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (several on a shared win; both partners of a team), once finished."""
        if not self.finished:
            return ()
        return tuple(sorted(s for st in self.standings if st.rank == 1 for s in st.seats))


@dataclass(frozen=True)
class Played:
    """What one entry did to the round being played: the round after it, the per-side totals,
    and (Seven-Up) the point that won the game, if one did."""

    round: Round
    side_scores: tuple[int, ...]
    winning_award: Award | None = None
    #: The score pad: the entry ended the game (its round, or "we stop here").
    finished_by: FinishedBy | None = None
    #: A game played to a target whose round just ended it (Spades), with no award to name.
    ends: bool = False


def played_round(state: GameState, round_: Round) -> Played:
    """The current round replaced by ``round_`` in a game scored per seat: the totals move by
    what the round has scored since the last entry (a rebid bonus, then its points)."""
    assert state.current is not None
    before, now = state.current.points_so_far, round_.points_so_far
    if now is before:  # nothing scored by this entry (a bid): the totals stand
        return Played(round_, state.side_scores)
    return Played(round_, tuple(total - was + now for total, was, now
                                in zip(state.side_scores, before, round_.points_so_far)))
