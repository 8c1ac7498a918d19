"""What the table asks of a game in progress, answered from its state, so that pages and the
API only show the answer: what is due next, what a seat may still bid, the last player's tricks,
whether a house rule frees the dealer this round.
"""

from __future__ import annotations

import enum
from typing import Sequence

from .cards import Card
from .options import Hook
from .state import GameState, Phase


def tricks_left(hand_size: int, others: int) -> int | None:
    """The last player's tricks when the others took ``others``: what is left of the hand, if
    that is a count one player can take.

    >>> tricks_left(5, 3), tricks_left(5, 6)
    (2, None)
    """
    rest = hand_size - others
    return rest if 0 <= rest <= hand_size else None


def untaken_tricks(hand_size: int, entered: int) -> int | None:
    """What every player not yet entered took, however many they are, when the players entered
    took ``entered``: none once those make the hand size (docs/rules.md section 2, "tricks":
    together they make the hand size), else nothing is decided yet.

    >>> untaken_tricks(10, 10), untaken_tricks(10, 4), untaken_tricks(10, 11)
    (0, None, None)
    """
    return 0 if entered == hand_size else None


class Step(enum.Enum):
    """What the table does next."""

    PASS_CARDS = "pass-cards"  # Oh-Seven with passing: pass cards, then bid
    BID = "bid"
    TRICKS = "tricks"
    HAND = "hand"  # Seven-Up: play the hand and enter it
    POINTS = "points"  # the score pad: enter the round's points
    FINISHED = "finished"


def next_step(state: GameState) -> Step:
    """What is due next.

    >>> from companion.rules import new_game, new_settings
    >>> next_step(new_game(new_settings("oh-seven", ["A", "B"], options={"card_passing": True})))
    <Step.BID: 'bid'>
    """
    current = state.current
    if current is None:
        return Step.FINISHED
    if current.phase is Phase.HAND:
        return Step.HAND
    if current.phase is Phase.POINTS:
        return Step.POINTS
    if current.phase is Phase.TRICKS:
        return Step.TRICKS
    # Cards are passed before a deal's first bid (again after a redeal), not before a rebid.
    this_deal = [a for a in current.attempts if a.deal == current.redeals]
    if current.passing is not None and not this_deal:
        return Step.PASS_CARDS
    return Step.BID


def redealt(state: GameState) -> bool:
    """Oh-Seven: the round was just redealt (seven failed bids used every card) and its new
    deal has no bid yet."""
    current = state.current
    return (current is not None and current.redeals > 0 and current.phase is Phase.BIDDING
            and not any(a.deal == current.redeals for a in current.attempts))


def bids_open(state: GameState, seat: int) -> tuple[int, ...]:
    """In-turn games: the bids ``seat`` may make now (none unless it is that seat's turn); the
    dealer's hooked number is left out when the ``hook`` option holds this round."""
    return state.settings.family.bids_open(state, seat)


def cards_open(state: GameState, seat: int) -> tuple[Card, ...]:
    """Oh-Seven: the cards ``seat`` may still put forward in the current deal (cards set aside
    by failed bids counted as docs/rules.md section 1 says); none when no bid is due."""
    return state.settings.family.cards_open(state, seat)


def tricks_to_share(state: GameState) -> int | None:
    """The tricks the players' counts must add up to, when tricks are due (the hand size)."""
    current = state.current
    return current.hand_size if current is not None and current.phase is Phase.TRICKS else None


def last_tricks(state: GameState, tricks: Sequence[int | None]) -> int | None:
    """The one count that completes the tricks when every seat but one is filled in; ``None``
    otherwise, or when no count could (the others already exceed the hand).

    >>> from companion.rules import Bids, fold, new_settings
    >>> state = fold(new_settings("oh-hell", ["A", "B", "C"], options={"schedule": "up"}),
    ...              [Bids((0, 0, 0))])
    >>> last_tricks(state, [None, 1, 0]), last_tricks(state, [None, None, 0])
    (0, None)
    """
    if sum(count is None for count in tricks) != 1:
        return None
    return tricks_unshared(state, tricks)  # one seat left: the rest of the hand is its count


def filled_in_tricks(state: GameState, tricks: Sequence[int | None]) -> tuple[int | None, ...]:
    """Each seat's count, with those the counts entered decide filled in: the one seat left gets
    what completes the hand (as ``last_tricks``); once the counts entered make the hand size,
    every seat left took 0, however many they are. A seat nothing decides stays ``None``:
    tricks are left to share among two or more, or the counts entered overtook the hand.

    >>> from companion.rules import Bids, fold, new_settings
    >>> state = fold(new_settings("oh-hell", ["A", "B", "C"], options={"schedule": "down"}),
    ...              [Bids((0, 0, 0))])
    >>> filled_in_tricks(state, [10, None, None]), filled_in_tricks(state, [4, None, None])
    ((10, 0, 0), (4, None, None))
    """
    total = tricks_to_share(state)
    missing = [seat for seat, count in enumerate(tricks) if count is None]
    if total is None or not missing:
        return tuple(tricks)
    entered = sum(count for count in tricks if count is not None)
    fill = last_tricks(state, tricks) if len(missing) == 1 else untaken_tricks(total, entered)
    return tuple(fill if count is None else count for count in tricks)


def tricks_unshared(state: GameState, tricks: Sequence[int | None]) -> int | None:
    """The tricks still to share among the seats not entered (``None`` counts): what is left of
    the hand; ``None`` when no tricks are due or the counts entered already overtook the hand.

    >>> from companion.rules import Bids, fold, new_settings
    >>> state = fold(new_settings("oh-hell", ["A", "B", "C"], options={"schedule": "down"}),
    ...              [Bids((0, 0, 0))])
    >>> tricks_unshared(state, [6, None, None]), tricks_unshared(state, [6, 5, None])
    (4, None)
    """
    total = tricks_to_share(state)
    if total is None:
        return None
    return tricks_left(total, sum(count for count in tricks if count is not None))


def bids_so_far(state: GameState) -> int | None:
    """In-turn games: the total of this round's bids entered so far."""
    return state.settings.family.bids_so_far(state)


def hook_lifted(state: GameState) -> Hook | None:
    """Why the dealer bids freely in the current round, if a house rule says so: ``Hook.NEVER``
    (no hook this game) or ``Hook.NOT_LAST`` (this is the last round); ``None`` when the hook
    holds, or the game has none."""
    return state.settings.family.hook_lifted(state)
