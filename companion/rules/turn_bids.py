"""Oh Hell and Elevator: hand sizes, bids in turn from the dealer's left, the dealer's hook,
tricks and both scorings (docs/rules.md sections 2 and 3)."""

from __future__ import annotations

from typing import Any, Mapping, assert_never

from . import entries, hook, seating, sheets
from .candidates import Candidates
from .entries import Bids, Entry, Tricks
from .evolve import evolve
from . import bids_in_turn
from .bids_in_turn import BidsInTurnFamily, DealerHook, others_bids, tricks_candidate
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


def _hook(settings: Settings, round_: Round) -> DealerHook | None:
    return DealerHook() if hooked(settings, round_.number) else None


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


#: What the phone may enter in a round: each bid in turn, then the tricks; every round hangs on
#: the settings alone (hand size, dealer, order, hook), so the phone plays on to the game's end.
CANDIDATES = Candidates(
    others_bids=others_bids,
    standing_bids=lambda settings, round_: Bids((0,) * len(settings.players)),
    tricks=tricks_candidate,
    whole_game=True,
)


class TurnBids(BidsInTurnFamily):
    """Oh Hell and Elevator: a bid at a time in turn, then the tricks."""

    id = "turn-bids"
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
            return played_round(
                state, bids_in_turn.bid(settings, current, entry.bids, _hook(settings, current)))
        if isinstance(entry, Tricks):
            entries.check_per_seat(settings, entry, cards=False)
            return played_round(state, _tricks(settings, current, entry.tricks))
        raise entries.wrong_kind(settings, "hand")

    def made(self, settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
        return in_turn(settings.typed.scoring, settings.typed.zero_bid, bid, taken, hand_size)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheets.bid_rows(state)

    def hook_lifted(self, state: GameState) -> Hook | None:
        current = state.current
        if current is None or hooked(state.settings, current.number):
            return None
        return state.settings.typed.hook


FAMILY = TurnBids()

SCHEDULE = Option(Schedule.DOWN_UP.value, values(Schedule))
HOOK = Option(Hook.ALWAYS.value, values(Hook.ALWAYS, Hook.NEVER, Hook.NOT_LAST))
ZERO_BID = Option(ZeroBid.STANDARD.value, values(ZeroBid))

OH_HELL = Ruleset(
    "oh-hell", "Oh Hell", FAMILY, 3, 7,
    frozen({"scoring": Option(Scoring.EXACT.value, values(
        Scoring.EXACT, Scoring.TRICKS_PLUS_BONUS, Scoring.TRICKS_PLUS_FIVE, Scoring.SQUARED)), "schedule": SCHEDULE,
            "hook": HOOK, "max_hand": MAX_HAND, "zero_bid": ZERO_BID}),
    frozen({}),
)
#: Oh Hell scored per trick (docs/rules.md section 3): its scoring fixed, not offered.
ELEVATOR = Ruleset(
    "elevator", "Elevator", FAMILY, 3, 7,
    frozen({"schedule": SCHEDULE, "hook": HOOK, "max_hand": MAX_HAND, "zero_bid": ZERO_BID}),
    frozen({"scoring": Scoring.TRICKS_PLUS_BONUS.value}),
)
