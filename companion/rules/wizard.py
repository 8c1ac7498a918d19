"""Wizard (docs/rules.md section 9): Oh Hell dealt from a 60-card deck, one card more each round
until the deck is dealt (60 ÷ players rounds), scored 20 + 10 a trick when exact and −10 a trick
off; the dealer's hook only as a house rule (``hook``: never, always, or the Canadian rule, from
round ``hook_from``); the trump, if the table records it, a suit or none, with the bids.

Bids are taken in turn as in every bid-in-turn game (``bids_in_turn``); the round's points are
``scoring.in_turn``'s, whose parts the explanation shows.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from . import bids_in_turn, entries, hook, seating, sheets
from .bids_in_turn import BidsInTurnFamily, DealerHook, others_bids, tricks_candidate
from .candidates import Candidates
from .cards import NoTrump, Suit, Trump, trump_named
from .entries import Bids, Entry, ShapeError, Tricks
from .errors import RuleError, shown
from .evolve import evolve
from .options import Hook, Scoring, ZeroBid, values
from .ruleset import IntRange, Option, Ruleset, frozen
from .schema import RATE, Schema, obj
from .scoring import Made, in_turn
from .settings import Settings
from .sheets import Rows
from .state import GameState, Phase, Played, Round, played_round
from .tricks import check_tricks

#: The Wizard deck: 52 cards, 4 Wizards and 4 Jesters, dealt whole by the last round.
DECK = 60
#: The most rounds a game has (3 players): ``hook_from``'s range.
MOST_ROUNDS = DECK // 3


def rounds_for(players: int) -> int:
    """How many rounds a game of ``players`` has: 60 ÷ players (20, 15, 12, 10).

    >>> [rounds_for(n) for n in (3, 4, 5, 6)]
    [20, 15, 12, 10]
    """
    return DECK // players


def check_options(options: Mapping[str, object], players: int) -> None:
    """``hook_from`` past the game's last round is refused, naming the number of players."""
    first = options.get("hook_from")
    last = rounds_for(players)
    if type(first) is int and first > last:
        raise RuleError(
            "ruleset", f"option hook_from may not be {first} with {players} players: the game "
            f"has {last} rounds ({DECK} cards ÷ {players})",
            reason="hook-from-players", field="hook_from", option="hook_from", value=first,
            players=players, most=last,
        )


def dealer_leads(state: GameState, dealer: int) -> bool:
    """Whether the dealer is clearly in the lead: strictly ahead of every other player on the
    totals before the round (the Canadian rule). In round 1 everyone is at 0: never."""
    scores = state.side_scores
    return all(scores[dealer] > score for seat, score in enumerate(scores) if seat != dealer)


def dealer_hook(state: GameState, round_: Round) -> DealerHook | None:
    """Whether the dealer's hook holds in the round being bid, as the ``hook`` and
    ``hook_from`` options say; with the Canadian rule a zero stays allowed."""
    typed = state.settings.typed
    if round_.number < typed.hook_from:
        return None
    total = rounds_for(len(state.settings.players))
    if not hook.holds(typed.hook, round_.number, total, dealer_leads(state, round_.dealer)):
        return None
    return DealerHook(zero_free=typed.hook is Hook.CANADIAN)


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    dealer = seating.dealer(settings, number)
    order = seating.bidding_order(dealer, n)
    return Round(
        number=number,
        hand_size=number,  # round r deals r cards each
        dealer=dealer,
        phase=Phase.BIDDING,
        bidding_order=order,
        next_bidder=order[0],
        bids=(None,) * n,
        leader=order[0],
        points_so_far=(0,) * n,
    )


def _trump_of(body: Mapping[str, Any]) -> Trump | None:
    if "trump" not in body or body["trump"] is None:
        return None
    named = trump_named(body["trump"])
    if named is None:
        raise ShapeError("trump", f"trump must be spades, hearts, diamonds, clubs or none, not "
                                  f"{shown(body['trump'])}")
    return named


def _check_trump(settings: Settings, round_: Round, trump: Trump) -> None:
    """One trump a round, and none but ``none`` in the last round (no card is left to turn)."""
    if round_.number == rounds_for(len(settings.players)) and trump is not NoTrump.NONE:
        raise RuleError(
            "trump", f"round {round_.number} is the last: the whole deck is dealt, so there is "
            "no trump (record none, or nothing)",
            reason="trump-last-round", field="trump", round=round_.number, trump=trump.value)
    if round_.trump is not None and round_.trump is not trump:
        raise RuleError(
            "trump", f"round {round_.number}'s trump is already {round_.trump.value}: undo its "
            f"bids to record {trump.value}",
            reason="trump-second", field="trump", round=round_.number,
            trump=trump.value, recorded=round_.trump.value)


def score(settings: Settings, bid: int, taken: int) -> Made:
    """A bid's points: ``scoring.in_turn`` under the game's scoring (no zero-bid rule)."""
    return in_turn(settings.typed.scoring, ZeroBid.STANDARD, bid, taken, 0)


def _tricks(settings: Settings, round_: Round, tricks: tuple[int, ...]) -> Round:
    check_tricks(settings, round_, tricks)
    assert round_.bids is not None
    made = [b for b in round_.bids if isinstance(b, int)]  # every bid is in by now
    points = tuple(score(settings, b, taken).total for b, taken in zip(made, tricks))
    return evolve(round_, tricks=tricks, points=points, points_so_far=points, phase=Phase.DONE)


def _trump_cell(trump: Trump | None) -> str:
    """The sheet's trump: ♠ ♥ ♦ ♣, ``none``, or empty when not recorded."""
    if trump is None:
        return ""
    return trump.symbol if isinstance(trump, Suit) else trump.value


def sheet_rows(state: GameState) -> Rows:
    """The bid-and-trick sheet with ``trump`` after ``dealer`` (docs/api.md)."""
    rows: Iterator[list[object]] = sheets.bid_rows(state)
    header = next(rows)
    yield [*header[:3], "trump", *header[3:]]
    for round_, row in zip(state.rounds, rows):
        yield [*row[:3], _trump_cell(round_.trump), *row[3:]]


#: Oh Hell's statistics, with ``trump_rate`` over the recorded trumps, none included.
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"TrumpBidStatistics": {
    **sheets.BID_STATISTICS_SCHEMAS["BidStatistics"],
    "properties": {
        **sheets.BID_STATISTICS_SCHEMAS["BidStatistics"]["properties"],
        "table": obj({
            **sheets.BID_STATISTICS_SCHEMAS["BidStatistics"]["properties"]["table"]["properties"],
            "trump_rate": {"description": "the share of the rounds with a recorded trump that "
                           "each suit, or none, was trump; null while no trump is recorded",
                           "anyOf": [{"type": "null"},
                                     obj({t: RATE for t in (*(s.value for s in Suit), "none")})]},
        }),
    },
}}


#: What the phone may enter offline: each bid in turn, then the tricks. Every round hangs on
#: the settings alone unless the Canadian rule asks who leads (``hangs_on_scores``).
CANDIDATES = Candidates(
    others_bids=others_bids,
    standing_bids=lambda settings, round_: Bids((0,) * len(settings.players)),
    tricks=tricks_candidate,
    whole_game=True,
    hangs_on_scores=lambda settings: settings.typed.hook is Hook.CANADIAN,
)


class WizardFamily(BidsInTurnFamily):
    """Wizard: a bid at a time in turn (with the trump, if recorded), then the tricks."""

    id = "wizard"
    candidates: Candidates | None = CANDIDATES
    records_trump = True
    round_fields = frozenset({"legal_bids", "trump"})
    statistics_schemas = STATISTICS_SCHEMAS

    def total_rounds(self, settings: Settings) -> int | None:
        return rounds_for(len(settings.players))

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "tricks":
            return entries.tricks(settings, body)
        raw = entries.seat_list(settings, body.get("bids"), "bids")
        return Bids(tuple(None if v is None else entries.whole(v, f"bids[{i}]")
                          for i, v in enumerate(raw)), _trump_of(body))

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Bids):
            entries.check_per_seat(settings, entry, cards=False)
            if entry.trump is not None and not isinstance(entry.trump, (Suit, NoTrump)):
                raise ShapeError("trump", f"trump cannot be {shown(entry.trump)}")
            round_ = bids_in_turn.bid(settings, current, entry.bids, dealer_hook(state, current))
            if entry.trump is not None:
                _check_trump(settings, current, entry.trump)
                round_ = evolve(round_, trump=entry.trump)
            return played_round(state, round_)
        if isinstance(entry, Tricks):
            entries.check_per_seat(settings, entry, cards=False)
            return played_round(state, _tricks(settings, current, entry.tricks))
        raise entries.wrong_kind(settings, "hand")

    def made(self, settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
        return score(settings, bid, taken)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet_rows(state)

    def hook_lifted(self, state: GameState) -> Hook | None:
        """``never``: the dealer bids freely all game (the rules' own way)."""
        current = state.current
        if current is None or state.settings.typed.hook is not Hook.NEVER:
            return None
        return Hook.NEVER


FAMILY = WizardFamily()

WIZARD = Ruleset(
    "wizard", "Wizard", FAMILY, 3, 6,
    frozen({
        "hook": Option(Hook.NEVER.value, values(Hook.NEVER, Hook.ALWAYS, Hook.CANADIAN)),
        "hook_from": Option(1, IntRange(1, MOST_ROUNDS)),
        "scoring": Option(Scoring.TWENTY_PLUS_TENS.value,
                          values(Scoring.TWENTY_PLUS_TENS, Scoring.TRICKS_ALWAYS)),
    }),
    frozen({}),
    check_options=check_options,
)
