"""Spades: sides and their contracts, nil and blind nil, bags carried over hands and their
penalty, played to a target or a floor, never ending tied for first (docs/rules.md, "Spades").

A side is two partners (seats 0 & 2 against 1 & 3), or one player in cutthroat. Bids are whole
numbers 1 … hand size, or ``"nil"`` / ``"blind-nil"``; tricks are entered per player, because a
nil is judged alone. A hand's result is each side's ``state.SideHand``.

The game's own files: its rules here; ``game`` declares it (its ruleset and family, registered
in ``rules/games.py``); ``sheet`` (the API's statistics and score sheet).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence, assert_never

from .. import seating
from ..entries import Bid
from ..errors import RuleError
from ..evolve import evolve
from ..settings import Settings
from ..state import GameState, Phase, Round, SideHand

#: The family's id (``GameFamily.id``): Spades is a family of its own.
FAMILY_ID = "spades"
NIL = "nil"
BLIND_NIL = "blind-nil"
NIL_BIDS = (NIL, BLIND_NIL)
#: 52 cards: 13 tricks with 2 or 4 players; 3 players are dealt 17 each, one card left out.
DECK_TRICKS = {2: 13, 3: 17, 4: 13}
#: What a blind nil wins or loses, in nils.
BLIND_NIL_TIMES = 2
#: What ten bags (``bag_limit``) cost.
BAG_PENALTY = 100
#: What a trick of a made contract is worth (a bag, one point).
CONTRACT_TRICK = 10


class BlindNil(enum.Enum):
    """Who may bid blind nil."""

    BEHIND_100 = "behind-100"  # Pagat: "usually agreed ... losing by at least 100 points"
    BEHIND_200 = "behind-200"  # holdingthecards.com: "down by at least 200"
    ALWAYS = "always"
    NEVER = "never"


class FailedNil(enum.Enum):
    """What a failed nil's tricks do."""

    BAGS = "bags"  # Pagat's usual rule: bags for the side, not toward the partner's bid
    PARTNER = "partner"  # toward the side's contract, bags only beyond it (OpenSpiel)
    IGNORE = "ignore"  # neither


@dataclass(frozen=True)
class SpadesOptions:
    """A Spades game's options as its rules read them."""

    pairs: bool
    target: int
    floor: int | None
    nil_value: int
    blind_nil: BlindNil
    bag_limit: int | None
    failed_nil: FailedNil
    min_side_bid: int | None


def in_pairs(players: int, teams: object) -> bool:
    """Partners (two sides of two) or everyone alone: ``teams`` ``null`` decides by the number
    of players (pairs with 4)."""
    return teams == "pairs" or (teams is None and players == 4)


def options_of(settings: Settings) -> SpadesOptions:
    given = settings.options

    def number(name: str) -> int | None:
        value = given.get(name)
        return value if type(value) is int else None

    return SpadesOptions(
        pairs=in_pairs(len(settings.players), given.get("teams")),
        target=number("target") or 500,
        floor=number("floor"),
        nil_value=number("nil_value") or 100,
        blind_nil=BlindNil(given.get("blind_nil", BlindNil.BEHIND_100.value)),
        bag_limit=number("bag_limit"),
        failed_nil=FailedNil(given.get("failed_nil", FailedNil.BAGS.value)),
        min_side_bid=number("min_side_bid"),
    )


def hand_size(players: int) -> int:
    return DECK_TRICKS[players]


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    dealer = seating.dealer(settings, number)
    order = seating.bidding_order(dealer, n)
    return Round(
        number=number,
        hand_size=hand_size(n),
        dealer=dealer,
        phase=Phase.BIDDING,
        bidding_order=order,
        next_bidder=order[0],
        bids=(None,) * n,
        leader=order[0],
        points_so_far=(0,) * n,
    )


def blind_nil_gap(options: SpadesOptions) -> int | None:
    """How far behind the highest other side a side must be to bid blind nil (0: anyone);
    ``None``: nobody may."""
    match options.blind_nil:
        case BlindNil.BEHIND_100:
            return 100
        case BlindNil.BEHIND_200:
            return 200
        case BlindNil.ALWAYS:
            return 0
        case BlindNil.NEVER:
            return None
        case unknown:
            assert_never(unknown)


def behind(settings: Settings, side_scores: Sequence[int], side: int) -> int:
    """How far ``side`` is behind the highest other side (negative when ahead)."""
    others = [score for other, score in enumerate(side_scores) if other != side]
    return max(others) - side_scores[side]


def blind_nil_seats(settings: Settings, side_scores: Sequence[int]) -> tuple[int, ...]:
    """The seats that may bid blind nil in a hand that begins at ``side_scores`` (exactly the
    gap is enough; in the first hand nobody is behind)."""
    gap = blind_nil_gap(options_of(settings))
    if gap is None:
        return ()
    if gap == 0:
        return tuple(settings.seats)
    return tuple(seat for seat in settings.seats
                 if behind(settings, side_scores, settings.side_of(seat)) >= gap)


def _checked_bid(state: GameState, round_: Round, bids: list[Bid], seat: int,
                 value: Bid) -> Bid:
    settings = state.settings
    name = settings.players[seat]
    if value == BLIND_NIL:
        if seat not in blind_nil_seats(settings, state.side_scores):
            gap = blind_nil_gap(options_of(settings))
            now = behind(settings, state.side_scores, settings.side_of(seat))
            # A side ahead is said to lead, not to be "0 behind" (the table's words).
            where, reason = ((f"leads by {-now}", "blind-nil-ahead") if now < 0 else
                             ("is not behind", "blind-nil-level") if now == 0 else
                             (f"is {now} behind", "blind-nil-behind"))
            why = ("this game has no blind nil" if gap is None else
                   f"a side must be {gap} or more points behind, and {name}'s side {where}")
            raise RuleError("blind-nil", f"{name} may not bid blind nil: {why}",
                            reason="blind-nil-never" if gap is None else reason,
                            field="bids", seat=seat, player=name, needed=gap, gap=now,
                            lead=-now)
    elif value != NIL:
        assert isinstance(value, int)
        if not 1 <= value <= round_.hand_size:
            nil = ' (send "nil" for no tricks)' if value == 0 else ""
            raise RuleError(
                "bid-range", f"{name} may bid 1–{round_.hand_size}, nil or blind nil, "
                f"not {value}{nil}",
                reason="bid-range-nil" if value == 0 else "bid-range", field="bids", seat=seat,
                player=name, bid=value, hand_size=round_.hand_size)
    side = settings.side_of(seat)
    minimum = options_of(settings).min_side_bid
    partners = settings.seats_of(side)
    if minimum is not None and all(bids[s] is not None or s == seat for s in partners):
        numbers = [value if s == seat else bids[s] for s in partners]
        contract = sum(b for b in numbers if isinstance(b, int))
        if any(isinstance(b, int) for b in numbers) and contract < minimum:
            side_name = " & ".join(settings.players[s] for s in partners)
            raise RuleError(
                "side-bid", f"{side_name} bid {contract} between them; a side bids at least "
                f"{minimum}", reason="side-bid", field="bids", seat=seat, player=name,
                side=side_name, bid=contract, least=minimum)
    return value


def bid(state: GameState, round_: Round, given: tuple[Bid, ...]) -> Round:
    """The round after some bids, each judged in bidding order (as Oh Hell's)."""
    settings = state.settings
    names = settings.players
    if round_.phase is not Phase.BIDDING:
        raise RuleError("phase", f"round {round_.number}'s bids are all in: enter the tricks",
                        reason="bids-complete", field="bids", round=round_.number)
    assert round_.bids is not None
    bids = list(round_.bids)
    for seat, value in enumerate(given):
        if value is not None and bids[seat] is not None and value != bids[seat]:
            raise RuleError(
                "phase", f"{names[seat]} has already bid {bids[seat]}; undo that bid to change it",
                reason="already-bid", field="bids", seat=seat, player=names[seat], bid=bids[seat])
    new_seats = {seat for seat, value in enumerate(given) if value is not None and bids[seat] is None}
    if not new_seats:
        raise RuleError("phase", "no new bid was entered", reason="no-bid", field="bids")
    for seat in [s for s in round_.bidding_order if bids[s] is None]:
        if not new_seats:
            break
        if seat not in new_seats:
            later = min(new_seats, key=round_.bidding_order.index)
            raise RuleError(
                "phase", f"{names[later]} bids after {names[seat]}: enter {names[seat]}'s bid first",
                reason="out-of-turn", field="bids", seat=later, player=names[later],
                waiting=names[seat])
        new_seats.discard(seat)
        bids[seat] = _checked_bid(state, round_, bids, seat, given[seat])
    waiting = [seat for seat in round_.bidding_order if bids[seat] is None]
    return evolve(round_, bids=tuple(bids), next_bidder=waiting[0] if waiting else None,
                  phase=Phase.BIDDING if waiting else Phase.TRICKS)


def bags_held(state: GameState) -> tuple[int, ...]:
    """Each side's bag count now, after every penalty."""
    if state.rounds:
        return tuple(side.bags_held for side in state.rounds[-1].side_hands)
    return (0,) * len(state.settings.sides)


def side_hand(options: SpadesOptions, bids: Sequence[Bid], tricks: Sequence[int],
              held: int) -> SideHand:
    """A side's result of a hand from its members' bids and tricks and the bags it held.

    mreishus's failed nil: bids nil and 2, tricks 1 and 2: −100 + 20 + 1 bag.

    >>> o = SpadesOptions(True, 500, -200, 100, BlindNil.BEHIND_100, 10, FailedNil.BAGS, None)
    >>> side_hand(o, ["nil", 2], [1, 2], 0).points
    -79
    """
    contract = sum(b for b in bids if isinstance(b, int))
    has_contract = any(isinstance(b, int) for b in bids)
    taken = sum(t for b, t in zip(bids, tricks) if isinstance(b, int))
    nils = 0
    failed_tricks = 0
    for b, t in zip(bids, tricks):
        if b in NIL_BIDS:
            value = options.nil_value * (BLIND_NIL_TIMES if b == BLIND_NIL else 1)
            nils += value if t == 0 else -value
            failed_tricks += t
    extra = 0  # a failed nil's tricks as bags
    match options.failed_nil:
        case FailedNil.BAGS:
            extra = failed_tricks
        case FailedNil.PARTNER:
            taken += failed_tricks
        case FailedNil.IGNORE:
            pass
        case unknown:
            assert_never(unknown)
    made = taken >= contract
    if made:
        over = taken - contract
        points, bags = CONTRACT_TRICK * contract + over, over
    else:
        points, bags = -CONTRACT_TRICK * contract, 0
    bags += extra
    points += extra + nils
    count = held + bags
    crossed = count // options.bag_limit if options.bag_limit else 0
    penalty = -BAG_PENALTY * crossed
    return SideHand(contract=contract, points=points + penalty, bags=bags, bag_penalty=penalty,
                    bags_held=count - crossed * (options.bag_limit or 0),
                    has_contract=has_contract, made=has_contract and made)


def ended(options: SpadesOptions, side_scores: Sequence[int]) -> bool:
    """Whether the game ends at these totals: some side at the target or the floor, and the
    highest alone (equal best totals play another hand)."""
    reached = max(side_scores) >= options.target or (
        options.floor is not None and min(side_scores) <= options.floor)
    return reached and side_scores.count(max(side_scores)) == 1


def bid_made(bid: Bid, taken: int, side: SideHand) -> bool:
    """A nil is made with no trick; a number bid when its side makes the contract (Pagat)."""
    if bid in NIL_BIDS:
        return taken == 0
    return side.made
