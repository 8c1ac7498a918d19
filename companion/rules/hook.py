"""The dealer's hook (docs/rules.md sections 2 and 3): the dealer, bidding last, may not bid
the number that makes the bids add up to the hand size, unless the ``hook`` option lifts it
this round. The one place this is decided: the in-turn family and the answers to the table
ask here.
"""

from __future__ import annotations

from typing import assert_never

from .options import Hook


def holds(hook: Hook, number: int, rounds: int, dealer_leads: bool = False) -> bool:
    """Whether the hook binds the dealer in round ``number`` of a game of ``rounds`` rounds
    (``dealer_leads``: the dealer is strictly ahead of every other player before the round,
    which the Canadian rule asks).

    >>> holds(Hook.NOT_LAST, 1, 19), holds(Hook.NOT_LAST, 19, 19), holds(Hook.NEVER, 1, 19)
    (True, False, False)
    """
    match hook:
        case Hook.ALWAYS:
            return True
        case Hook.NEVER:
            return False
        case Hook.NOT_LAST:
            return number != rounds
        case Hook.CANADIAN:
            return dealer_leads
        case unknown:
            assert_never(unknown)


def forbidden_bid(hand_size: int, others: int, zero_free: bool = False) -> int | None:
    """The dealer's hooked number, given the total of the other bids; ``None`` when it falls
    outside 0..hand size and the dealer is free (``zero_free``: a zero is always allowed, as the
    Canadian rule says, so the hook never forbids 0).

    >>> forbidden_bid(5, 3), forbidden_bid(5, 6), forbidden_bid(5, 5, zero_free=True)
    (2, None, None)
    """
    hooked = hand_size - others
    return hooked if (1 if zero_free else 0) <= hooked <= hand_size else None
