"""What a scorekeeper's phone needs to go on with the current round while it has no connection.

The page may not work a rule out, so the engine hands it, with the round, the few answers it
would otherwise ask the server for, as lists indexed by a total the page can add up itself:

- ``forbidden_bids[t]``: the number the dealer may not bid when the others' bids total ``t``
  (docs/rules.md section 2, "hook"), ``None`` when the dealer is free (the hook does not hold
  this round, or the number falls outside 0..hand size);
- ``last_tricks[t]``: the count that completes the tricks when the others took ``t`` between
  them (docs/rules.md section 2, "tricks": they add up to the hand size), ``None`` when no count
  could (the others already took more than the hand);
- ``rest_tricks[t]``: what each of two or more players not yet entered took when the players
  entered took ``t`` between them: 0 once ``t`` is the hand size (every trick is taken), ``None``
  while tricks are left to share among them, or when ``t`` overtook the hand.

Each index runs from 0 to the most the others can reach (hand size × (players − 1)), so the page
only looks a total up and never decides what lies outside a list.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import hook, turn_bids
from .registry import Family
from .state import GameState, Round


@dataclass(frozen=True)
class OfflineAnswers:
    """The current round's answers, looked up by a total of the other players'."""

    hand_size: int
    dealer: int
    bidding_order: tuple[int, ...]
    forbidden_bids: tuple[int | None, ...]
    last_tricks: tuple[int | None, ...]
    rest_tricks: tuple[int | None, ...]


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


def _others_most(round_: Round, players: int) -> int:
    return round_.hand_size * (players - 1)


def offline_answers(state: GameState) -> OfflineAnswers | None:
    """The answers for the current round of a game with tricks (``None`` for Seven-Up, the
    score pad, or a finished game).

    The seed's worked example (docs/rules.md section 2): 4 players, 5 cards, the others bid 3
    between them, so the dealer may not bid 2; the others took 4 tricks, so the last took 1.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("oh-hell", ["A", "B", "C", "D"], options={"schedule": "up"})
    >>> t = offline_answers(new_game(s))
    >>> t.hand_size, t.forbidden_bids[0], t.forbidden_bids[1], t.forbidden_bids[2]
    (1, 1, 0, None)
    """
    current = state.current
    family = state.settings.family
    if current is None or family in (Family.SEVEN_UP, Family.SCORE_PAD):
        return None
    players = len(state.settings.players)
    totals = range(_others_most(current, players) + 1)
    hooked = family is Family.TURN_BIDS and turn_bids.hooked(state.settings, current.number)
    return OfflineAnswers(
        hand_size=current.hand_size,
        dealer=current.dealer,
        bidding_order=current.bidding_order,
        forbidden_bids=tuple(
            hook.forbidden_bid(current.hand_size, t) if hooked else None for t in totals
        ),
        last_tricks=tuple(tricks_left(current.hand_size, t) for t in totals),
        rest_tricks=tuple(untaken_tricks(current.hand_size, t) for t in totals),
    )
