"""Bids in turn, as every bid-in-turn game takes them (docs/rules.md sections 2, 3 and 9): from
the dealer's left, one at a time or several in order, each 0..hand size, the dealer last and
bound by the hook when the game says it holds. Each game decides whether the hook holds this
round (``DealerHook``) and scores the tricks its own way; the mechanics are here, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from . import sheets
from .candidates import spread
from .entries import Bid, Bids, Entry, Tricks
from .errors import RuleError
from .evolve import evolve
from .explain import RoundExplanation, explain_bids
from .families import GameFamily
from .hook import forbidden_bid
from .settings import Settings
from .state import GameState, Phase, Round


@dataclass(frozen=True)
class DealerHook:
    """The dealer's hook holds this round; ``zero_free``: a zero bid is always allowed."""

    zero_free: bool = False


def legal_bids(round_: Round) -> tuple[int, ...]:
    """The bids the next bidder may make (the dealer's hooked number left out)."""
    return tuple(b for b in range(round_.hand_size + 1) if b != round_.forbidden_bid)


def bid(settings: Settings, round_: Round, given: tuple[Bid, ...],
        hook: DealerHook | None) -> Round:
    """The round after the bids ``given`` (per seat, ``None`` for a seat not bidding now), or the
    ``RuleError`` they break: out of turn, a bid changed, out of range, the dealer's hook."""
    names = settings.players
    if round_.phase is not Phase.BIDDING:
        raise RuleError("phase", f"round {round_.number}'s bids are all in: enter the tricks",
                        reason="bids-complete", field="bids", round=round_.number)
    assert round_.bids is not None
    bids = list(round_.bids)
    awaited = round_.next_bidder  # the first still waiting, in bidding order
    if awaited is not None and given[awaited] is not None and given.count(None) == len(given) - 1:
        # The one awaited bid alone, as the table enters them: none given before, none out of
        # turn, so only its own value is left to judge (what the loop below would do for it).
        bids[awaited] = _checked_bid(settings, round_, bids, awaited, given[awaited], hook)
        return _after_bids(round_, tuple(bids), hook)
    for seat, value in enumerate(given):
        if value is not None and bids[seat] is not None and value != bids[seat]:
            raise RuleError(
                "phase", f"{names[seat]} has already bid {bids[seat]}; undo that bid to change it",
                reason="already-bid", field="bids", seat=seat, player=names[seat], bid=bids[seat],
            )
    new_seats = {seat for seat, value in enumerate(given) if value is not None and bids[seat] is None}
    if not new_seats:
        raise RuleError("phase", "no new bid was entered", reason="no-bid", field="bids")
    waiting = [seat for seat in round_.bidding_order if bids[seat] is None]
    for seat in waiting:
        if not new_seats:
            break
        if seat not in new_seats:
            later = min(new_seats, key=round_.bidding_order.index)
            raise RuleError(
                "phase", f"{names[later]} bids after {names[seat]}: enter {names[seat]}'s bid first",
                reason="out-of-turn", field="bids", seat=later, player=names[later],
                waiting=names[seat],
            )
        new_seats.discard(seat)
        bids[seat] = _checked_bid(settings, round_, bids, seat, given[seat], hook)
    return _after_bids(round_, tuple(bids), hook)


def _checked_bid(settings: Settings, round_: Round, bids: list[Bid], seat: int, value: Bid,
                 hook: DealerHook | None) -> int:
    assert isinstance(value, int)
    name = settings.players[seat]
    if not 0 <= value <= round_.hand_size:
        raise RuleError(
            "bid-range", f"{name} may bid 0–{round_.hand_size}, not {value}",
            reason="bid-range", field="bids", seat=seat, player=name, bid=value,
            hand_size=round_.hand_size,
        )
    if seat == round_.dealer and hook is not None:
        others = sum(b for s, b in enumerate(bids) if s != seat and isinstance(b, int))
        if value == forbidden_bid(round_.hand_size, others, hook.zero_free):
            raise RuleError(
                "hook",
                f"dealer may not bid {value}: bids would total {round_.hand_size} = cards in hand",
                reason="hook", field="bids", seat=seat, player=name, bid=value,
                hand_size=round_.hand_size,
            )
    return value


def _after_bids(round_: Round, bids: tuple[Bid, ...], hook: DealerHook | None) -> Round:
    waiting = [seat for seat in round_.bidding_order if bids[seat] is None]
    forbidden = None
    if waiting == [round_.dealer] and hook is not None:
        others = sum(b for b in bids if isinstance(b, int))
        forbidden = forbidden_bid(round_.hand_size, others, hook.zero_free)
    return evolve(
        round_,
        bids=bids,
        next_bidder=waiting[0] if waiting else None,
        forbidden_bid=forbidden,
        phase=Phase.BIDDING if waiting else Phase.TRICKS,
    )


def others_bids(settings: Settings, round_: Round, total: int) -> Entry:
    """Every bid but the dealer's, the first bidders' filled first (an offline candidate)."""
    bids: list[Bid] = [None] * len(settings.players)
    others = [seat for seat in round_.bidding_order if seat != round_.dealer]
    for seat, value in zip(others, spread(total, len(others), round_.hand_size)):
        bids[seat] = value
    return Bids(tuple(bids))


def tricks_candidate(settings: Settings, round_: Round, total: int, count: int) -> Entry:
    """Tricks with the others' adding up to ``total`` and the last seat's ``count``."""
    n = len(settings.players)
    return Tricks((*spread(total, n - 1, round_.hand_size), count))


class BidsInTurnFamily(GameFamily):
    """What every game that bids a player at a time shares (Oh Hell, Elevator, Wizard): the
    bids, then the tricks, every entry part of the round's result; each round explained, and
    the game counted, as every bid-and-trick game's."""

    entry_kinds: tuple[str, ...] = ("bids", "tricks")

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # every bid and the tricks

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        return RoundExplanation(round_.number, explain_bids(settings, round_))

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheets.bid_statistics_json(state)

    def bids_open(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now (none unless it is that seat's turn); the dealer's
        hooked number is left out when the game's hook holds this round."""
        current = state.current
        if current is None or current.next_bidder != seat:
            return ()
        return legal_bids(current)

    def bids_so_far(self, state: GameState) -> int | None:
        current = state.current
        if current is None:
            return None
        return sum(b for b in current.bids or () if isinstance(b, int))
