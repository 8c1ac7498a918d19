"""Oh Hell and Elevator: hand sizes, bids in turn from the dealer's left, the dealer's hook,
tricks and both scorings (docs/rules.md sections 2 and 3)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, assert_never

from . import entries, hook, seating, sheets
from .candidates import Candidates, spread
from .entries import Bid, Bids, Entry, Tricks
from .errors import RuleError
from .evolve import evolve
from .explain import RoundExplanation, explain_bids
from .families import GameFamily
from .hook import forbidden_bid
from .options import Hook, Schedule, Scoring, ZeroBid, values
from .ruleset import Option, Ruleset, frozen
from .scoring import Made, in_turn
from .settings import MAX_HAND, Settings
from .sheets import Rows
from .state import GameState, Phase, Played, Round, played_round
from .tricks import check_tricks

#: The seeds' largest hand by player count: 10 for 3–5, 8 for 6, 7 for 7 (= floor(51 / n)).
LARGEST_HAND = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


def largest_hand(settings: Settings) -> int:
    """The hand the schedule starts or peaks at: the ``max_hand`` option, else the seeds'."""
    return settings.typed.max_hand or LARGEST_HAND[len(settings.players)]


def schedule(settings: Settings) -> tuple[int, ...]:
    """Hand sizes, round by round, for the ``schedule`` option around the largest hand.

    >>> schedule(__import__("companion.rules", fromlist=["x"]).new_settings(
    ...     "oh-hell", list("ABCDEFG")))
    (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    """
    top = largest_hand(settings)
    down = tuple(range(top, 0, -1))
    up = tuple(range(1, top + 1))
    match settings.typed.schedule:
        case Schedule.DOWN_UP:
            return down + up[1:]
        case Schedule.DOWN:
            return down
        case Schedule.UP:
            return up
        case Schedule.UP_DOWN:
            return up + down[1:]
        case unknown:
            assert_never(unknown)


def hooked(settings: Settings, number: int) -> bool:
    """Whether the dealer's hook holds in round ``number`` (the ``hook`` option).

    >>> s = __import__("companion.rules", fromlist=["x"]).new_settings(
    ...     "oh-hell", ["A", "B", "C"], options={"hook": "not-last"})
    >>> hooked(s, 1), hooked(s, len(schedule(s)))
    (True, False)
    """
    return hook.holds(settings.typed.hook, number, len(schedule(settings)))


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    dealer = seating.dealer(settings, number)
    order = seating.bidding_order(dealer, n)
    return Round(
        number=number,
        hand_size=schedule(settings)[number - 1],
        dealer=dealer,
        phase=Phase.BIDDING,
        bidding_order=order,
        next_bidder=order[0],
        bids=(None,) * n,
        leader=order[0],
        points_so_far=(0,) * n,
    )


def legal_bids(round_: Round) -> tuple[int, ...]:
    """The bids the next bidder may make (the dealer's hooked number left out)."""
    return tuple(b for b in range(round_.hand_size + 1) if b != round_.forbidden_bid)


def _bid(settings: Settings, round_: Round, given: tuple[Bid, ...]) -> Round:
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
        bids[awaited] = _checked_bid(settings, round_, bids, awaited, given[awaited])
        return _after_bids(settings, round_, tuple(bids))
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
        bids[seat] = _checked_bid(settings, round_, bids, seat, given[seat])
    return _after_bids(settings, round_, tuple(bids))


def _checked_bid(settings: Settings, round_: Round, bids: list[Bid], seat: int, value: Bid) -> int:
    assert isinstance(value, int)
    name = settings.players[seat]
    if not 0 <= value <= round_.hand_size:
        raise RuleError(
            "bid-range", f"{name} may bid 0–{round_.hand_size}, not {value}",
            reason="bid-range", field="bids", seat=seat, player=name, bid=value,
            hand_size=round_.hand_size,
        )
    if seat == round_.dealer and hooked(settings, round_.number):
        others = sum(b for s, b in enumerate(bids) if s != seat and isinstance(b, int))
        if value == forbidden_bid(round_.hand_size, others):
            raise RuleError(
                "hook",
                f"dealer may not bid {value}: bids would total {round_.hand_size} = cards in hand",
                reason="hook", field="bids", seat=seat, player=name, bid=value,
                hand_size=round_.hand_size,
            )
    return value


def _after_bids(settings: Settings, round_: Round, bids: tuple[Bid, ...]) -> Round:
    waiting = [seat for seat in round_.bidding_order if bids[seat] is None]
    forbidden = None
    if waiting == [round_.dealer] and hooked(settings, round_.number):
        others = sum(b for b in bids if isinstance(b, int))
        forbidden = forbidden_bid(round_.hand_size, others)
    return evolve(
        round_,
        bids=bids,
        next_bidder=waiting[0] if waiting else None,
        forbidden_bid=forbidden,
        phase=Phase.BIDDING if waiting else Phase.TRICKS,
    )


def score(scoring: Scoring, zero_bid: ZeroBid, bid: int, taken: int, hand_size: int) -> int:
    """Round points for one player (docs/rules.md sections 2, 3 and 6): the total of
    ``scoring.in_turn``, whose parts the explanation of a score shows.

    >>> score(Scoring.EXACT, ZeroBid.STANDARD, 0, 0, 5), score(Scoring.SQUARED, ZeroBid.STANDARD, 3, 1, 5)
    (10, -4)
    """
    return in_turn(scoring, zero_bid, bid, taken, hand_size).total


def _tricks(settings: Settings, round_: Round, tricks: tuple[int, ...]) -> Round:
    check_tricks(settings, round_, tricks)
    assert round_.bids is not None
    bids = [bid for bid in round_.bids if isinstance(bid, int)]  # every bid is in by now
    typed = settings.typed
    points = tuple(score(typed.scoring, typed.zero_bid, bid, taken, round_.hand_size)
                   for bid, taken in zip(bids, tricks))
    return evolve(round_, tricks=tricks, points=points, points_so_far=points, phase=Phase.DONE)


def _others_bids(settings: Settings, round_: Round, total: int) -> Entry:
    """Every bid but the dealer's, the first bidders' filled first."""
    bids: list[Bid] = [None] * len(settings.players)
    others = [seat for seat in round_.bidding_order if seat != round_.dealer]
    for seat, bid in zip(others, spread(total, len(others), round_.hand_size)):
        bids[seat] = bid
    return Bids(tuple(bids))


def _tricks_candidate(settings: Settings, round_: Round, total: int, count: int) -> Entry:
    n = len(settings.players)
    return Tricks((*spread(total, n - 1, round_.hand_size), count))


#: What the phone may enter in a round: each bid in turn, then the tricks; every round hangs on
#: the settings alone (hand size, dealer, order, hook), so the phone plays on to the game's end.
CANDIDATES = Candidates(
    others_bids=_others_bids,
    standing_bids=lambda settings, round_: Bids((0,) * len(settings.players)),
    tricks=_tricks_candidate,
    whole_game=True,
)


class TurnBids(GameFamily):
    """Oh Hell and Elevator: a bid at a time in turn, then the tricks."""

    id = "turn-bids"
    entry_kinds: tuple[str, ...] = ("bids", "tricks")
    candidates: Candidates | None = CANDIDATES
    round_fields = frozenset({"legal_bids"})
    statistics_schemas = sheets.BID_STATISTICS_SCHEMAS

    def total_rounds(self, settings: Settings) -> int | None:
        return len(schedule(settings))

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "tricks":
            return entries.tricks(settings, body)
        raw = entries.seat_list(settings, body.get("bids"), "bids")
        return Bids(tuple(None if v is None else entries.whole(v, f"bids[{i}]")
                          for i, v in enumerate(raw)))

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Bids):
            entries.check_per_seat(settings, entry, cards=False)
            return played_round(state, _bid(settings, current, entry.bids))
        if isinstance(entry, Tricks):
            entries.check_per_seat(settings, entry, cards=False)
            return played_round(state, _tricks(settings, current, entry.tricks))
        raise entries.wrong_kind(settings, "hand")

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # every bid and the tricks

    def made(self, settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
        return in_turn(settings.typed.scoring, settings.typed.zero_bid, bid, taken, hand_size)

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        return RoundExplanation(round_.number, explain_bids(settings, round_))

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheets.bid_statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheets.bid_rows(state)

    def bids_open(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now (none unless it is that seat's turn); the dealer's
        hooked number is left out when the ``hook`` option holds this round."""
        current = state.current
        if current is None or current.next_bidder != seat:
            return ()
        return legal_bids(current)

    def bids_so_far(self, state: GameState) -> int | None:
        current = state.current
        if current is None:
            return None
        return sum(b for b in current.bids or () if isinstance(b, int))

    def hook_lifted(self, state: GameState) -> Hook | None:
        current = state.current
        if current is None or hooked(state.settings, current.number):
            return None
        return state.settings.typed.hook


FAMILY = TurnBids()

SCHEDULE = Option(Schedule.DOWN_UP.value, values(Schedule))
HOOK = Option(Hook.ALWAYS.value, values(Hook))
ZERO_BID = Option(ZeroBid.STANDARD.value, values(ZeroBid))

OH_HELL = Ruleset(
    "oh-hell", "Oh Hell", FAMILY, 3, 7,
    frozen({"scoring": Option(Scoring.EXACT.value, values(Scoring)), "schedule": SCHEDULE,
            "hook": HOOK, "max_hand": MAX_HAND, "zero_bid": ZERO_BID}),
    frozen({}),
)
#: Oh Hell scored per trick (docs/rules.md section 3): its scoring fixed, not offered.
ELEVATOR = Ruleset(
    "elevator", "Elevator", FAMILY, 3, 7,
    frozen({"schedule": SCHEDULE, "hook": HOOK, "max_hand": MAX_HAND, "zero_bid": ZERO_BID}),
    frozen({"scoring": Scoring.TRICKS_PLUS_BONUS.value}),
)
