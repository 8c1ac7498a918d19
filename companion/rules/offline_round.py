"""What a scorekeeper's phone needs to go on with the current round while it has no connection.

The page may not work a rule out, and neither does this module: it builds the entries the phone
may make next (each family says how, ``candidates``), has ``apply`` judge each one from the
round as the engine starts it, and hands the page the engine's verdicts as lists indexed by a
total the page can add up itself:

- ``forbidden_bids[t]``: the number the dealer may not bid when the others' bids total ``t``
  (what ``bids_open`` leaves out once the others' bids are applied; docs/rules.md section 2,
  "hook"), ``None`` when the dealer is free;
- ``last_tricks[t]``: the count the engine fills in for the last player when the others took
  ``t`` between them (``answers.last_tricks``, as the tricks form online), ``None`` when none
  completes the tricks;
- ``rest_tricks[t]``: what each of two or more players not yet entered took when the players
  entered took ``t`` between them: 0 when ``apply`` accepts them all at 0, ``None`` otherwise.

The tests hold every answer to what ``apply`` says of every candidate
(``tests/rules/test_offline_answers.py``).

Each index runs from 0 to the most the others can reach (hand size × (players − 1)), so the page
only looks a total up and never decides what lies outside a list. A round's answers hang on the
round alone (they are judged from its start), so they are worked out once per round and kept.

A family whose next rounds hang on the settings alone (``whole_game``: Oh Hell and Elevator) goes
on offline to the end of the game: the page carries every round's answers from the start
(``every_round``). The other games' next round depends on the engine's answer to the current
one: it waits for the connection.

A score pad's next round waits too, but whether the round being entered ends the game is looked
up (``pad_end``): whether any points end it, and for each side the least points that do.

A game whose hand is one blank form every time (Belote, Tarot, Scopa: ``candidates.hands``)
goes on offline hand after hand: the phone needs only who deals each hand ahead
(``hands_ahead``), which the engine says by playing each kind of hand the family names; where
the dealer hangs on the hand (Belote's hand nobody took, redealt by the same dealer) the hands
ahead stop, and the next one waits. Whether a hand ends the game hangs on its points, which
only the server counts: the page says the hands wait to be counted.

Bid cards revealed with no connection (``reveal_answers``): whether the cards stand is looked up
by the total of their values, and by whether the strongest card was bid twice, the strongest
found in the engine's order of the cards. Cards that stand make the strongest's suit trump and
its player lead: the tricks are entered on the phone; a forced rebid waits.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .answers import bids_open, last_tricks
from .candidates import Candidates
from .cards import Suit
from .entries import Entry, Tricks
from .errors import RuleError
from .evolve import evolve
from .families import family_of
from .game import apply, fold, new_game
from .memo import LRU
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
    #: Whether the dealer's hook holds in this round: the engine forbids the dealer a number.
    hooked: bool
    forbidden_bids: tuple[int | None, ...]
    last_tricks: tuple[int | None, ...]
    rest_tricks: tuple[int | None, ...]


def offline_answers(state: GameState) -> OfflineAnswers | None:
    """The answers for the current round of a game with tricks (``None`` for a game whose
    family enters no tricks, or a finished game).

    The seed's worked example (docs/rules.md section 2): 4 players, 5 cards, the others bid 3
    between them, so the dealer may not bid 2; the others took 4 tricks, so the last took 1.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("oh-hell", ["A", "B", "C", "D"], options={"schedule": "up"})
    >>> t = offline_answers(new_game(s))
    >>> t.hand_size, t.forbidden_bids[0], t.forbidden_bids[1], t.forbidden_bids[2]
    (1, 1, 0, None)
    """
    current = state.current
    candidates = family_of(state.settings).candidates
    if current is None or candidates is None or candidates.tricks is None:
        return None
    settings = state.settings
    if _hangs_on_scores(settings, candidates):
        # The round as it begins, on the totals as they are (nothing scores while it is bid).
        begun = evolve(state, current=family_of(settings).start_round(settings, current.number))
        return _ROUNDS.get_or_make(_key(settings, current.number, state.side_scores),
                                   lambda: _judged_round(begun))
    return _ROUNDS.get_or_make(_key(settings, current.number),
                               lambda: _judged_round(_start_of(state, current.number)))


def _hangs_on_scores(settings: Settings, candidates: Candidates) -> bool:
    """Whether the game's rounds' answers hang on the totals too (``Candidates``)."""
    return candidates.hangs_on_scores is not None and candidates.hangs_on_scores(settings)


def _start_of(state: GameState, number: int) -> GameState:
    """Round ``number``'s start, as ``_round_start`` plays up to it; in a game played to a
    target (Spades) those plain rounds may end the game sooner, and then the round's start is
    the game's own (its answers hang on the round alone all the same)."""
    start = _round_start(state.settings, number)
    if start.current is not None and start.current.number == number:
        return start
    first = next((i for i, r in enumerate(state.entry_rounds) if r == number),
                 len(state.entries))
    return fold(state.settings, state.entries[:first])


def every_round(settings: Settings) -> tuple[OfflineAnswers, ...]:
    """Every round's answers, first to last, for a family whose rounds hang on the settings
    alone (empty for the other games, whose next round the engine decides from the last).

    >>> from companion.rules import new_settings
    >>> s = new_settings("oh-hell", ["A", "B", "C"], options={"schedule": "up", "max_hand": 3,
    ...                                                         "hook": "not-last"})
    >>> [(a.number, a.hand_size, a.dealer, a.bidding_order, a.hooked) for a in every_round(s)]
    [(1, 1, 0, (1, 2, 0), True), (2, 2, 1, (2, 0, 1), True), (3, 3, 2, (0, 1, 2), False)]
    >>> every_round(new_settings("oh-seven", ["A", "B", "C"]))
    ()
    """
    candidates = family_of(settings).candidates
    if (candidates is None or not candidates.whole_game or candidates.tricks is None
            or _hangs_on_scores(settings, candidates)):
        return ()
    return _GAMES.get_or_make(_key(settings), lambda: _judged_game(settings, candidates))


def _judged_game(settings: Settings, candidates: Candidates) -> tuple[OfflineAnswers, ...]:
    ahead: list[OfflineAnswers] = []
    state = new_game(settings)
    while state.current is not None:
        ahead.append(_ROUNDS.get_or_make(_key(settings, state.current.number),
                                         functools.partial(_judged_round, state)))
        state = _played_through(state, candidates)
    return tuple(ahead)


#: A round's answers by what they hang on: the game's ruleset, players, first dealer and house
#: rules, and the round's number (every tap of a round, and every game alike, shares them).
_ROUNDS: LRU[tuple[Any, ...], OfflineAnswers] = LRU(512)
#: Every round's answers of a game whose rounds hang on its settings, keyed as ``_ROUNDS``.
_GAMES: LRU[tuple[Any, ...], tuple[OfflineAnswers, ...]] = LRU(32)


def _key(settings: Settings, *more: object) -> tuple[Any, ...]:
    return (settings.ruleset.id, settings.players, settings.first_dealer, settings.typed, *more)


def _round_start(settings: Settings, number: int) -> GameState:
    """The game at round ``number``'s start, the rounds before played with the first entries
    the engine accepts: what the round's candidates are judged on (its answers hang on the
    round alone, whatever was entered before it)."""
    candidates = family_of(settings).candidates
    assert candidates is not None
    state = new_game(settings)
    while state.current is not None and state.current.number < number:
        state = _played_through(state, candidates)
    return state


def _bids_in(state: GameState, candidates: Candidates) -> GameState:
    """The round with the family's standing bids in (as it is, once its tricks are due)."""
    current = state.current
    assert current is not None
    if current.phase is Phase.TRICKS:
        return state
    assert candidates.standing_bids is not None
    stood = _applied(state, candidates.standing_bids(state.settings, current))
    assert stood is not None and stood.current is not None, "the family's standing bids stand"
    assert stood.current.phase is Phase.TRICKS, "the family's standing bids stand"
    return stood


def _played_through(state: GameState, candidates: Candidates) -> GameState:
    """The state after the current round, its bids the family's standing ones and its tricks
    the first candidate the engine accepts."""
    current = state.current
    assert current is not None and candidates.tricks is not None
    due = _bids_in(state, candidates)
    count = _last_count(due, candidates, 0)
    after = None if count is None else _applied(
        due, candidates.tricks(state.settings, current, 0, count))
    assert after is not None, "the tricks the table's answers complete end the round"
    return after


def _last_count(due: GameState, candidates: Candidates, total: int) -> int | None:
    """The count the table's answers (``answers.last_tricks``) give the last player when the
    others took ``total``, as the tricks form fills it in online."""
    assert candidates.tricks is not None and due.current is not None
    entry = candidates.tricks(due.settings, due.current, total, 0)
    assert isinstance(entry, Tricks)
    return last_tricks(due, [*entry.tricks[:-1], None])


def _accepts(state: GameState, entry: Entry) -> bool:
    return _applied(state, entry) is not None


def _applied(state: GameState, entry: Entry) -> GameState | None:
    """The state after ``entry``, or ``None`` when the engine refuses it."""
    try:
        return apply(state, entry)
    except RuleError:
        return None


def _judged_round(start: GameState) -> OfflineAnswers:
    settings = start.settings
    candidates = family_of(settings).candidates
    assert candidates is not None and candidates.tricks is not None
    round_ = start.current
    assert round_ is not None
    size = round_.hand_size
    totals = range(size * (len(settings.players) - 1) + 1)
    others_bids = candidates.others_bids
    forbidden = tuple(None if others_bids is None
                      else _forbidden_bid(start, others_bids(settings, round_, total))
                      for total in totals)
    due = _bids_in(start, candidates)
    last: list[int | None] = []
    rest: list[int | None] = []
    for total in totals:
        # The others' ``total`` spread on the first players: the count the engine's answer
        # fills in for the last one, as the tricks form does online.
        last.append(_last_count(due, candidates, total))
        # The same with the last count 0 leaves every player after the total at 0: whether
        # the engine accepts that.
        zero = _accepts(due, candidates.tricks(settings, round_, total, 0))
        rest.append(0 if zero else None)
    return OfflineAnswers(
        hand_size=size,
        dealer=round_.dealer,
        bidding_order=round_.bidding_order,
        number=round_.number,
        hooked=any(bid is not None for bid in forbidden),
        forbidden_bids=forbidden,
        last_tricks=tuple(last),
        rest_tricks=tuple(rest),
    )


def _forbidden_bid(start: GameState, others: Entry) -> int | None:
    """The one bid the dealer may not make once the others' bids are in (as ``bids_open``
    answers the table), ``None`` when every number of the hand is open."""
    after = _applied(start, others)
    round_ = start.current
    if after is None or round_ is None:
        return None
    open_ = set(bids_open(after, round_.dealer))
    shut = [bid for bid in range(round_.hand_size + 1) if bid not in open_]
    return shut[0] if len(shut) == 1 else None


@dataclass(frozen=True)
class RevealAnswers:
    """A game whose hand is one blank form every time (Belote, Tarot, Scopa: ``candidates.hands``)
goes on offline hand after hand: the phone needs only who deals each hand ahead
(``hands_ahead``), which the engine says by playing each kind of hand the family names; where
the dealer hangs on the hand (Belote's hand nobody took, redealt by the same dealer) the hands
ahead stop, and the next one waits. Whether a hand ends the game hangs on its points, which
only the server counts: the page says the hands wait to be counted.

Bid cards revealed with no connection: whether they stand, looked up."""

    #: By the total of the values revealed: whether the engine takes cards adding up to it for
    #: a rebid.
    rebid_totals: tuple[bool, ...]
    #: Every card's token, the weakest first (value, then ♠ over ♥ over ♦ over ♣): the
    #: strongest revealed is the one latest here.
    order: tuple[str, ...]
    #: Each card's value, as ``order``: their total is looked up in ``rebid_totals``.
    values: tuple[int, ...]
    #: Each card's suit, as ``order``: cards that stand make the strongest's suit trump, and
    #: its player leads.
    suits: tuple[Suit, ...]
    #: Whether the engine takes the strongest card bid by two players for a rebid (two decks;
    #: one deck holds each card once).
    shared_high_rebids: bool


def reveal_answers(state: GameState) -> RevealAnswers | None:
    """A game of bid cards while its cards are bid (``None`` otherwise): the answers that say
    whether the cards revealed force a rebid (docs/rules.md section 1, "forced rebid").

    >>> from companion.rules import new_game, new_settings
    >>> r = reveal_answers(new_game(new_settings("oh-seven", ["A", "B", "C"])))
    >>> r.rebid_totals[7], r.rebid_totals[6], r.order[0], r.order[-1], r.shared_high_rebids
    (True, False, '0-clubs', '7-spades', False)
    """
    current = state.current
    candidates = family_of(state.settings).candidates
    if (current is None or candidates is None or candidates.revealed is None
            or current.phase is not Phase.BIDDING):
        return None
    return _REVEALS.get_or_make(_key(state.settings, current.number),
                                lambda: _judged_reveal(state.settings, current.number, candidates))


#: A round's reveal answers, keyed as ``_ROUNDS``.
_REVEALS: LRU[tuple[Any, ...], RevealAnswers] = LRU(64)


def _judged_reveal(settings: Settings, number: int, candidates: Candidates) -> RevealAnswers:
    assert candidates.revealed is not None and candidates.shared_strongest is not None
    start = _round_start(settings, number)
    round_ = start.current
    assert round_ is not None
    cards = candidates.weakest_first
    most = max(card.value for card in cards) * len(settings.players)

    def rebids(entry: Entry) -> bool:
        after = _applied(start, entry)
        return (after is not None and after.current is not None
                and after.current.number == number and after.current.phase is Phase.BIDDING)

    return RevealAnswers(
        rebid_totals=tuple(rebids(candidates.revealed(settings, round_, total))
                           for total in range(most + 1)),
        order=tuple(card.token for card in cards),
        values=tuple(card.value for card in cards),
        suits=tuple(card.suit for card in cards),
        shared_high_rebids=rebids(candidates.shared_strongest(settings, round_)),
    )


@dataclass(frozen=True)
class PadEnd:
    """Whether a score pad's current round, once scored, ends the game (as the engine will
    judge it): looked up by the points each side scores in it."""

    #: Any points end the game: the last of its rounds.
    last_round: bool
    #: For each side, the least points that end the game this round (``None``: no points a
    #: round allows do).
    reaching: tuple[int | None, ...]


def pad_end(state: GameState) -> PadEnd | None:
    """A game of rounds of points under way (``None`` otherwise): what says whether its round
    ends the game.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("score-pad", ["A", "B"], options={"target": 100, "rounds": 3})
    >>> pad_end(new_game(s))
    PadEnd(last_round=False, reaching=(100, 100))
    """
    current = state.current
    candidates = family_of(state.settings).candidates
    if current is None or candidates is None or candidates.points is None:
        return None
    key = _key(state.settings, current.number, state.side_scores)
    return _PAD_ENDS.get_or_make(key, lambda: _judged_pad_end(state, candidates))


#: A pad's round's answers by the game's settings, the round and the scores before it.
_PAD_ENDS: LRU[tuple[Any, ...], PadEnd] = LRU(256)


def _judged_pad_end(state: GameState, candidates: Candidates) -> PadEnd:
    points = candidates.points
    assert points is not None
    settings = state.settings

    def ends(side: int, scored: int) -> bool:
        after = _applied(state, points(settings, side, scored))
        return after is not None and after.finished

    reaching: list[int | None] = []
    scores = state.side_scores
    for side in settings.sides:
        # A guess first: the last side's least points, moved by the two sides' scores (a
        # target the same for all); kept only when the engine ends the game there and not one
        # point below, else searched for.
        guess = None if not reaching or reaching[-1] is None else (
            reaching[-1] + scores[side - 1] - scores[side])
        reaching.append(_least(functools.partial(ends, side), candidates.points_most, guess))
    return PadEnd(last_round=ends(0, 0), reaching=tuple(reaching))


def _least(ends: Callable[[int], bool], most: int, guess: int | None = None) -> int | None:
    """The least points from 0 to ``most`` that end the game (scoring more never takes the end
    back), ``None`` when none do; ``guess`` is tried first."""
    if guess is not None and 0 < guess <= most and ends(guess) and not ends(guess - 1):
        return guess
    if not ends(most):
        return None
    low, high = 0, most
    while low < high:
        middle = (low + high) // 2
        if ends(middle):
            high = middle
        else:
            low = middle + 1
    return low


#: How many hands ahead a phone may enter offline (a game's evening of them, and more).
HANDS_AHEAD = 24


def hands_ahead(state: GameState) -> tuple[Round, ...]:
    """The hands after the current one, as the engine starts each, for a game whose hand is one
    blank form every time (``candidates.hands``; empty for the other games, or a finished one).

    Each comes after every kind of hand the family names, played by the family as the engine
    plays it; they stop at the first whose dealer hangs on the hand before (the kinds disagree),
    or that the engine would not start. Whether a hand ends the game is left out: that hangs on
    its points, which the server counts.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("scopa", ["A", "B", "C", "D"])
    >>> [(r.number, r.dealer) for r in hands_ahead(new_game(s))][:3]
    [(2, 3), (3, 2), (4, 1)]
    """
    current = state.current
    candidates = family_of(state.settings).candidates
    if current is None or candidates is None or candidates.hands is None:
        return ()
    # Every option, not only the typed ones: a game's own (Belote's ``redeal_by``) may decide.
    key = (*_key(state.settings, current.number, current.dealer),
           tuple(sorted(state.settings.options.items())))
    return _AHEAD.get_or_make(key, lambda: _judged_hands(state, current, candidates))


#: The hands ahead by the game's settings and the current hand (its number and dealer).
_AHEAD: LRU[tuple[Any, ...], tuple[Round, ...]] = LRU(256)


def _judged_hands(state: GameState, current: Round, candidates: Candidates) -> tuple[Round, ...]:
    assert candidates.hands is not None
    settings = state.settings
    family = family_of(settings)
    ahead: list[Round] = []
    round_ = current
    while len(ahead) < HANDS_AHEAD:
        # The family's own play of the hand (``GameFamily.apply``), not the game's: a hand that
        # would end the game still says who deals after it, for the hand the table plays on a
        # tie or when it does not end it.
        after: list[Round] = []
        for hand in candidates.hands(settings, round_):
            try:
                played = family.apply(evolve(state, current=round_), hand)
            except RuleError:
                return tuple(ahead)
            after.append(family.next_round(settings, played.round))
        if not after or any(r.dealer != after[0].dealer for r in after):
            break
        round_ = after[0]
        ahead.append(round_)
    return tuple(ahead)
