"""Seven-Up: turned jacks, stand / give / run, high, low, jack and game, partnerships, and
counting out in a fixed order so that the game never ties (docs/rules.md section 4).

The game's own files: its rules here; ``game`` declares it (its ruleset and family, registered
in ``rules/games.py``); ``chips`` (the scoreboard), ``statistics``, ``explain`` (a hand's points)
and ``sheet`` (the API's statistics and score sheet).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, assert_never

from .. import seating
from ..editions import GiftRule
from ..entries import TIE, Beg, Hand
from ..errors import RuleError
from ..options import GameTie
from ..settings import Settings
from ..state import Award, GameState, Phase, Round

#: The family's id (``GameFamily.id``): Seven-Up is a family of its own.
FAMILY_ID = "seven-up"
HAND_SIZE = 6
#: How many more cards each player is dealt when the dealer runs the cards (then a new one is
#: turned up). The table enters only the jacks a run turned; the rules page says this number.
RUN_CARDS = 3
JACKS_IN_PACK = 4
#: What each card counts toward the point for game (docs/rules.md section 4, "game"). The table
#: counts its tricks and enters who made game; the pages say the values from here.
GAME_POINTS: Mapping[str, int] = {"ten": 10, "ace": 4, "king": 3, "queen": 2, "jack": 1}
#: The order in which a hand's points are counted once play is over.
PLAY_POINTS = ("high", "low", "jack", "game")
#: The order in which every point of a hand is counted (docs/rules.md section 4, "win"): the
#: dealer's turned jacks and a gift happen before play.
COUNTING_ORDER = ("jack-turned", "gift", *PLAY_POINTS)


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    dealer = seating.dealer(settings, number)
    eldest = seating.eldest(dealer, n)
    return Round(
        number=number,
        hand_size=HAND_SIZE,
        dealer=dealer,
        phase=Phase.HAND,
        bidding_order=seating.bidding_order(dealer, n),
        leader=eldest,
        points_so_far=(0,) * n,
        eldest=eldest,
    )


def gift_receivers(settings: Settings, round_: Round) -> tuple[int, ...]:
    """Who scores when the dealer gives one: the eldest's side; with 3 players, both non-dealers."""
    assert round_.eldest is not None
    if len(settings.players) == 3:
        return (round_.eldest, (round_.eldest + 1) % 3)
    return (round_.eldest,)


def put_out_by_gift(settings: Settings, round_: Round, side_scores: tuple[int, ...],
                    jacks_turned: int) -> tuple[int, ...]:
    """The receivers a gift would put out (their side at the target), in the order they score
    it, the eldest first: the dealer may give one only when there is none. Which receivers the
    rule looks at is the game's edition of it (``settings.gift_rule``): every one of them, or,
    in a game begun under the first edition, the eldest's side alone.

    >>> from companion.rules import new_game, new_settings
    >>> s = new_settings("seven-up", ["Ana", "Ben", "Cleo"])  # Ana deals: Ben, Cleo receive
    >>> put_out_by_gift(s, new_game(s).current, (0, 0, 6), 0)
    (2,)
    """
    receivers = gift_receivers(settings, round_)
    match settings.gift_rule:
        case GiftRule.EVERY_RECEIVER:
            judged = receivers
        case GiftRule.ELDEST_SIDE:
            judged = receivers[:1]
        case unknown:
            assert_never(unknown)
    dealer_side = settings.side_of(round_.dealer)

    def before_gift(seat: int) -> int:  # the dealer's turned jacks come first
        side = settings.side_of(seat)
        return side_scores[side] + (jacks_turned if side == dealer_side else 0)

    return tuple(seat for seat in judged if before_gift(seat) + 1 >= settings.typed.target)


def may_give(settings: Settings, round_: Round, side_scores: tuple[int, ...], jacks_turned: int) -> bool:
    """False when giving one would put a receiver out (the dealer must run the cards)."""
    return not put_out_by_gift(settings, round_, side_scores, jacks_turned)


def gift_refusal(settings: Settings, round_: Round, side_scores: tuple[int, ...],
                 jacks_turned: int) -> RuleError | None:
    """Why the dealer may not give one, naming whom it would put out (``None``: the dealer may).
    With partners, or two players, the gift goes to the eldest's side; with three players it
    goes to two players, each for themselves, so the refusal names the one it would put out, or
    both (the eldest first) when it would take both to the target."""
    out = put_out_by_gift(settings, round_, side_scores, jacks_turned)
    if not out:
        return None
    target, names = settings.typed.target, settings.players
    run = "; the cards must be run"
    if len(gift_receivers(settings, round_)) == 1:
        return RuleError(
            "gift-would-win",
            f"the dealer may not give one: it would put {names[out[0]]}'s side out at {target}{run}",
            reason="gift-would-win", field="beg", seat=out[0], player=names[out[0]], target=target,
        )
    if len(out) == 1:
        return RuleError(
            "gift-would-win",
            f"the dealer may not give one: it would put {names[out[0]]} out at {target}{run}",
            reason="gift-would-put-out", field="beg", seat=out[0], player=names[out[0]],
            target=target,
        )
    first, second = out
    return RuleError(
        "gift-would-win",
        f"the dealer may not give one: it would put {names[first]} and {names[second]} out at "
        f"{target}{run}",
        reason="gift-would-put-out-both", field="beg", seat=first, player=names[first],
        other=names[second], target=target,
    )


def _impossible(reason: str, message: str, field: str, **params: int) -> RuleError:
    return RuleError("hand", message, reason=reason, field=field, **params)


def _check_turn_up(settings: Settings, hand: Hand) -> None:
    """What every hand must get right, even one that ends before play: seats and turned jacks."""
    for point in PLAY_POINTS:
        seat = getattr(hand, point)
        if seat is not None and seat != TIE and seat not in settings.seats:
            raise RuleError(
                "seat", f"{point}: {seat!r} is not a seat in this game (0–{len(settings.players) - 1})",
                reason="seat", field=point, value=seat, last=len(settings.players) - 1,
            )
    if not 0 <= hand.jacks_turned <= JACKS_IN_PACK:
        raise _impossible("jacks-count",
                          f"{hand.jacks_turned} jacks turned? A pack has {JACKS_IN_PACK}",
                          "jacks_turned", jacks=JACKS_IN_PACK)
    if hand.jacks_turned > 1 and hand.beg is not Beg.RUN and not hand.redeal:
        raise _impossible("jacks-without-run",
                          "only one card is turned up unless the cards are run", "jacks_turned")


def _check_play(hand: Hand) -> None:
    """Who won high, low, jack and game must make sense, for a hand that was played."""
    if hand.low is not None and hand.high is None:
        raise _impossible("low-without-high", "low was scored but nobody held high: a trump "
                          "in play is both high and low when it is alone", "high")
    if hand.high is not None and hand.low is None:
        raise _impossible("high-without-low", "high was scored but nobody held low: a lone "
                          "trump is both high and low", "low")
    if hand.jack is not None and hand.high is None:
        raise _impossible("jack-without-trump", "the jack of trumps was in play, so someone "
                          "held high", "high")
    if hand.game is None:
        raise _impossible("game-missing", "who made game? Choose a player, or tie", "game")


#: A point of a hand: its name (``COUNTING_ORDER``), the seat that won it, and whether it is
#: game given to the eldest on a tie (the ``game_tie`` option).
StagePoint = tuple[str, int, bool]


def stages(settings: Settings, round_: Round, hand: Hand) -> tuple[tuple[StagePoint, ...], ...]:
    """A recorded hand's points in counting order, in the stages of the hand: the dealer's
    turned jacks, the gift, then play (a redeal has only its jacks). A stage that wins the game
    ends the hand: the later ones never happen. The one place a hand's points are reckoned:
    ``apply`` counts them and the explanation of a score shows them (docs/rules.md section 4).
    """
    assert round_.eldest is not None
    jacks = (("jack-turned", round_.dealer, False),) * hand.jacks_turned
    if hand.redeal:
        return (jacks,)
    gift: tuple[StagePoint, ...] = ()
    if hand.beg is Beg.GIVE:
        gift = tuple(("gift", seat, False) for seat in gift_receivers(settings, round_))
    play = [(point, seat, False) for point in ("high", "low", "jack")
            if (seat := getattr(hand, point)) is not None]
    if hand.game == TIE:
        if settings.typed.game_tie is GameTie.ELDEST:
            play.append(("game", round_.eldest, True))
    elif isinstance(hand.game, int):  # _check_play refuses a played hand without game
        play.append(("game", hand.game, False))
    return (jacks, gift, tuple(play))


def apply(
    settings: Settings, round_: Round, hand: Hand, side_scores: tuple[int, ...]
) -> tuple[Round, tuple[int, ...], Award | None]:
    """The round after a hand, the side scores, and the point that won the game if one did.

    Points before play (turned jacks, the gift) that win end the hand there: it was never
    played, so it needs no high, low, jack or game.
    """
    _check_turn_up(settings, hand)
    target = settings.typed.target
    scores = list(side_scores)
    awards: list[Award] = list(round_.awards)
    winning: Award | None = None

    def count(point: str, seat: int) -> None:
        nonlocal winning
        side = settings.side_of(seat)
        counted = winning is None
        if counted:
            scores[side] += 1
        award = Award(point, seat, side, counted)
        awards.append(award)
        if counted and scores[side] >= target:
            winning = award

    jacks, *later = stages(settings, round_, hand)
    for point, seat, _on_tie in jacks:
        count(point, seat)
    if hand.redeal:
        return _updated(settings, round_, hand, awards, winning, done=winning is not None), \
            tuple(scores), winning
    gift, play = later
    if winning is None:  # a turned jack that wins ends the game before the beg
        if hand.beg is Beg.GIVE:
            refused = gift_refusal(settings, round_, side_scores, hand.jacks_turned)
            if refused is not None:
                raise refused
            for point, seat, _on_tie in gift:
                count(point, seat)
    if winning is None:  # under the first edition of the gift rule the second receiver's
        # gift point could win too (editions.GiftRule.ELDEST_SIDE)
        _check_play(hand)
        for point, seat, _on_tie in play:
            count(point, seat)
    return _updated(settings, round_, hand, awards, winning, done=True), tuple(scores), winning


def _updated(settings: Settings, round_: Round, hand: Hand, awards: list[Award],
             winning: Award | None, done: bool) -> Round:
    hands = round_.hands + (hand,)
    redeals = round_.redeals + (1 if hand.redeal and winning is None else 0)
    scored = _points(settings, awards)
    if not done:
        return replace(round_, hands=hands, awards=tuple(awards), redeals=redeals,
                       points_so_far=scored)
    return replace(round_, hands=hands, awards=tuple(awards), redeals=redeals,
                   points_so_far=scored, points=scored, phase=Phase.DONE)


def _points(settings: Settings, awards: list[Award]) -> tuple[int, ...]:
    """Per seat, the counted points its side scored this round."""
    return tuple(
        sum(1 for a in awards if a.counted and a.side == settings.side_of(seat))
        for seat in settings.seats
    )


def points_to_win(state: GameState, side: int) -> int:
    """The points ``side`` still needs to reach the target (0 once it has).

    >>> s = __import__("companion.rules", fromlist=["x"]).new_settings("seven-up", ["A", "B"])
    >>> points_to_win(__import__("companion.rules", fromlist=["x"]).new_game(s), 0)
    7
    """
    return max(state.settings.typed.target - state.side_scores[side], 0)


def jacks_to_win(state: GameState) -> int | None:
    """How many jacks turned up for the dealer this hand (the turn-up's included) win the game
    before anything else is counted; ``None`` when a pack's four jacks are not enough, or the
    game is over."""
    current = state.current
    if current is None:
        return None
    needed = points_to_win(state, state.settings.side_of(current.dealer))
    return needed if needed <= JACKS_IN_PACK else None


def jacks_win(state: GameState, jacks: int) -> bool:
    """Whether ``jacks`` turned for the dealer this hand (the turn-up's included) win the game
    there: the hand ends before the beg or play (docs/rules.md section 4, "winning").

    >>> from companion.rules import Hand, Beg, apply, new_game, new_settings
    >>> s = new_settings("seven-up", ["A", "B"])
    >>> state = apply(new_game(s), Hand(0, Beg.STAND, 1, 1, 1, 1))  # B: 4 points; B deals next
    >>> jacks_win(state, 2), jacks_win(state, 3)
    (False, True)
    """
    needed = jacks_to_win(state)
    return needed is not None and jacks >= needed


def jacks_win_by_count(state: GameState) -> tuple[bool, ...]:
    """``jacks_win`` for each count of jacks a pack can turn (0 to 4), for the page to look up
    as the jacks are counted, without asking the server or working the rule out itself."""
    return tuple(jacks_win(state, jacks) for jacks in range(JACKS_IN_PACK + 1))
