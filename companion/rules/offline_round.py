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

Oh Hell and Elevator go on offline to the end of the game (``every_round``): their rounds depend
on the settings alone (hand size, dealer, bidding order, whether the hook holds), never on what
was bid or taken, so the page carries every round's answers from the start. The other games'
next round depends on the engine's answer to the current one (an Oh-Seven rebid's set-aside
cards, a Seven-Up hand's points): it waits for the connection.

A score pad's next round waits too (the engine judges a round), but whether the round being
entered is the game's last is looked up (``pad_end``): the last of its rounds, or points that
take a side to the target; the page then says the final standings wait, not a next round.

Oh-Seven's round goes on offline past its cards revealed (``reveal_answers``): whether they force
a rebid (docs/rules.md section 1) is looked up by the total of their values, and, with two decks,
by whether the strongest card was bid twice, the strongest found in the engine's order of the
cards. Cards that stand make the strongest's suit trump and its player lead (as the engine's
``card_bids``): the tricks are entered on the phone; a forced rebid waits.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import card_bids, cards, hook, turn_bids
from .cards import Suit
from .registry import Family
from .settings import Settings
from .state import GameState, Phase, Round


@dataclass(frozen=True)
class OfflineAnswers:
    """The current round's answers, looked up by a total of the other players'."""

    hand_size: int
    dealer: int
    bidding_order: tuple[int, ...]
    #: The round's number (1 for the first).
    number: int
    #: Whether the dealer's hook holds in this round (docs/rules.md section 6, the hook option).
    hooked: bool
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
    hooked = family is Family.TURN_BIDS and turn_bids.hooked(state.settings, current.number)
    return _answers(current, len(state.settings.players), hooked)


def every_round(settings: Settings) -> tuple[OfflineAnswers, ...]:
    """Oh Hell and Elevator: every round's answers, first to last, as the engine will start
    each round (empty for the other games, whose next round the engine decides from the last).

    >>> from companion.rules import new_settings
    >>> s = new_settings("oh-hell", ["A", "B", "C"], options={"schedule": "up", "max_hand": 3,
    ...                                                         "hook": "not-last"})
    >>> [(a.number, a.hand_size, a.dealer, a.bidding_order, a.hooked) for a in every_round(s)]
    [(1, 1, 0, (1, 2, 0), True), (2, 2, 1, (2, 0, 1), True), (3, 3, 2, (0, 1, 2), False)]
    >>> every_round(new_settings("oh-seven", ["A", "B", "C"]))
    ()
    """
    if settings.family is not Family.TURN_BIDS:
        return ()
    players = len(settings.players)
    return tuple(
        _answers(turn_bids.start_round(settings, number), players, turn_bids.hooked(settings, number))
        for number in range(1, len(turn_bids.schedule(settings)) + 1)
    )


def _answers(round_: Round, players: int, hooked: bool) -> OfflineAnswers:
    totals = range(_others_most(round_, players) + 1)
    return OfflineAnswers(
        hand_size=round_.hand_size,
        dealer=round_.dealer,
        bidding_order=round_.bidding_order,
        number=round_.number,
        hooked=hooked,
        forbidden_bids=tuple(
            hook.forbidden_bid(round_.hand_size, t) if hooked else None for t in totals
        ),
        last_tricks=tuple(tricks_left(round_.hand_size, t) for t in totals),
        rest_tricks=tuple(untaken_tricks(round_.hand_size, t) for t in totals),
    )


@dataclass(frozen=True)
class RevealAnswers:
    """Oh-Seven's cards revealed with no connection: whether they stand, looked up."""

    #: By the total of the values revealed (0 to 7 a player): whether it forces a rebid.
    rebid_totals: tuple[bool, ...]
    #: Every card's token, the weakest first (value, then ♠ over ♥ over ♦ over ♣): the
    #: strongest revealed is the one latest here.
    order: tuple[str, ...]
    #: Each card's value, as ``order``: their total is looked up in ``rebid_totals``.
    values: tuple[int, ...]
    #: Each card's suit, as ``order``: cards that stand make the strongest's suit trump, and
    #: its player leads.
    suits: tuple[Suit, ...]
    #: Two decks: the strongest card bid by two players or more forces a rebid (one deck
    #: holds each card once).
    shared_high_rebids: bool


def reveal_answers(state: GameState) -> RevealAnswers | None:
    """Oh-Seven while its cards are bid (``None`` otherwise): the answers that say whether the
    cards revealed force a rebid (docs/rules.md section 1, "forced rebid").

    >>> from companion.rules import new_game, new_settings
    >>> r = reveal_answers(new_game(new_settings("oh-seven", ["A", "B", "C"])))
    >>> r.rebid_totals[7], r.rebid_totals[6], r.order[0], r.order[-1], r.shared_high_rebids
    (True, False, '0-clubs', '7-spades', False)
    """
    current = state.current
    if (current is None or state.settings.family is not Family.CARD_BIDS
            or current.phase is not Phase.BIDDING):
        return None
    players = len(state.settings.players)
    weakest_first = sorted(cards.deck(), key=lambda card: card.strength)
    return RevealAnswers(
        rebid_totals=tuple(total == card_bids.REBID_SUM
                           for total in range(cards.HIGHEST * players + 1)),
        order=tuple(card.token for card in weakest_first),
        values=tuple(card.value for card in weakest_first),
        suits=tuple(card.suit for card in weakest_first),
        shared_high_rebids=card_bids.decks(players) == 2,
    )


@dataclass(frozen=True)
class PadEnd:
    """Whether a score pad's current round, once scored, ends the game (as
    ``score_pad.ended_by`` will judge it): looked up by the points each side scores in it."""

    #: The last of the game's rounds: it ends the game whatever is scored.
    last_round: bool
    #: For each side, the least points that take it to the target this round (``None``
    #: without a target).
    reaching: tuple[int | None, ...]


def pad_end(state: GameState) -> PadEnd | None:
    """A score pad under way (``None`` otherwise): what says whether its round ends the game.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("score-pad", ["A", "B"], options={"target": 100, "rounds": 3})
    >>> pad_end(new_game(s))
    PadEnd(last_round=False, reaching=(100, 100))
    """
    current = state.current
    settings = state.settings
    if current is None or settings.family is not Family.SCORE_PAD:
        return None
    target, rounds = settings.typed.pad_target, settings.typed.rounds
    return PadEnd(
        last_round=rounds is not None and current.number >= rounds,
        # At the target or beyond, for a lowest-wins game too (``score_pad.ended_by``).
        reaching=tuple(None if target is None else target - score for score in state.side_scores),
    )
