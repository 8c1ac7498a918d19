"""Oh-Seven: seven rounds of seven, card passing, simultaneous bid cards, forced rebids with
their bonus, set-aside cards, redeals, tricks and scoring (docs/rules.md section 1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from . import entries, scoring, seating, sheets
from .candidates import Candidates, spread
from .cards import HIGHEST, Card, Suit, check_bid_value, deck
from .entries import Bids, Entry, Tricks
from .errors import RuleError
from .explain import RebidBonus, RoundExplanation, explain_bids, rebids
from .families import GameFamily
from .ruleset import Option, Ruleset, frozen
from .scoring import Made
from .settings import Settings
from .sheets import Rows
from .state import Attempt, GameState, Pass, Passing, Phase, Played, Round, played_round
from .tricks import check_tricks

ROUNDS = 7
HAND_SIZE = 7
#: Card passing before bidding, by round: (cards, direction). Rounds 1 and 7 pass nothing.
PASSING = {2: (1, "left"), 3: (2, "right"), 4: (3, "left"), 5: (2, "right"), 6: (1, "left")}
#: Bids adding up to this force a rebid: every bid could be made.
REBID_SUM = 7
#: What a forced rebid gives the high bidder (each of them, when the high card is shared).
REBID_BONUS = 1
#: The most players one deck serves; more play with two.
ONE_DECK_PLAYERS = 4


def decks(players: int) -> int:
    """One 32-card deck for 2–4 players, two for 5–9."""
    return 1 if players <= ONE_DECK_PLAYERS else 2


def passing(settings: Settings, number: int) -> Passing | None:
    """Who passes how many cards to whom before round ``number``'s bids, if passing is on."""
    if not settings.typed.card_passing or number not in PASSING:
        return None
    count, direction = PASSING[number]
    n = len(settings.players)
    step = 1 if direction == "left" else -1
    passes = tuple(Pass(seat, (seat + step) % n, count) for seat in settings.seats)
    return Passing(count, direction, passes)


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    dealer = seating.dealer(settings, number)
    return Round(
        number=number,
        hand_size=HAND_SIZE,
        dealer=dealer,
        phase=Phase.BIDDING,
        bidding_order=seating.bidding_order(dealer, n),
        passing=passing(settings, number),
        set_aside=((),) * n,
        rebid_bonus=(0,) * n,
        points_so_far=(0,) * n,
    )


def _check_cards(settings: Settings, round_: Round, cards: tuple[Card, ...]) -> None:
    names = settings.players
    for seat, card in enumerate(cards):
        check_bid_value(card.value, seat)
    copies = decks(len(names))
    if copies == 1:
        first_holder: dict[Card, int] = {}
        for seat, card in enumerate(cards):
            if card in first_holder:
                other = first_holder[card]
                raise RuleError(
                    "duplicate-card",
                    f"{names[other]} and {names[seat]} both bid {card}, but one deck has one {card}",
                    reason="duplicate-card", field="bids", seat=seat, player=names[seat],
                    other=names[other], card=str(card), seats=(other, seat),
                )
            first_holder[card] = seat
    bid_now = Counter(cards)
    for card, count in bid_now.items():
        if count > copies:  # two decks: a third player cannot hold the same card
            seats = [seat for seat, c in enumerate(cards) if c == card]
            raise RuleError(
                "duplicate-card",
                f"{count} players bid {card}, but {copies} decks hold only {copies} of it",
                reason="duplicate-card-decks", field="bids", seat=seats[copies],
                player=names[seats[copies]], card=str(card), count=count, copies=copies,
                seats=tuple(seats),  # every player on the card: any of them could be the one
            )
    set_aside_anywhere = Counter(c for cards_ in round_.set_aside for c in cards_)
    for seat, card in enumerate(cards):
        # Each card exists `copies` times, and a copy set aside stays in its bidder's hand: so
        # one deck allows no card twice in a deal, two decks at most twice, by one player or two.
        if set_aside_anywhere[card] + bid_now[card] <= copies:
            continue
        if card in round_.set_aside[seat]:
            raise RuleError(
                "card-reused",
                f"{names[seat]} cannot bid {card}: they put it forward in a failed bid of this deal",
                reason="card-reused", field="bids", seat=seat, player=names[seat], card=str(card),
            )
        raise RuleError(
            "card-reused",
            f"{names[seat]} cannot bid {card}: every copy is set aside by this deal's failed bids",
            reason="card-gone", field="bids", seat=seat, player=names[seat], card=str(card),
        )


def _bid(settings: Settings, round_: Round, cards: tuple[Card, ...]) -> Round:
    if round_.phase is not Phase.BIDDING:
        raise RuleError("phase", f"round {round_.number}'s bids are in: enter the tricks",
                        reason="bids-complete", field="bids", round=round_.number)
    _check_cards(settings, round_, cards)
    high = max(cards, key=lambda c: c.strength)
    high_bidders = tuple(seat for seat, card in enumerate(cards) if card == high)
    sum_seven = sum(c.value for c in cards) == REBID_SUM
    shared_high = len(high_bidders) > 1  # only possible with two decks
    if not (sum_seven or shared_high):
        return replace(
            round_, bids=cards, high_bid=high, trump=high.suit, leader=high_bidders[0],
            phase=Phase.TRICKS,
        )
    # A forced rebid: one +1 for the high bidder (for each, when the high bid is shared).
    attempt = Attempt(round_.redeals, cards, high, high_bidders, sum_seven, shared_high, high_bidders)
    bonus = tuple(b + REBID_BONUS * (seat in high_bidders)
                  for seat, b in enumerate(round_.rebid_bonus))
    set_aside = tuple(aside + (card,) for aside, card in zip(round_.set_aside, cards))
    redeals = round_.redeals
    if len(set_aside[0]) == HAND_SIZE:  # every card of the deal used: the same dealer redeals
        set_aside = ((),) * len(cards)
        redeals += 1
    return replace(
        round_, attempts=round_.attempts + (attempt,), rebid_bonus=bonus, points_so_far=bonus,
        set_aside=set_aside, redeals=redeals,
    )


def oh_seven(bid: int, taken: int) -> Made:
    """Oh-Seven: bid made exactly, bid + 2; missed, minus the difference (a forced rebid's +1s
    are scored apart, they do not depend on the tricks).

    >>> oh_seven(3, 3).total, oh_seven(3, 1).total, oh_seven(0, 2).total
    (5, -2, -2)
    """
    if bid == taken:
        return Made(scoring.Rule.BID_PLUS_TWO, bid, 2)
    return Made(scoring.Rule.MINUS_DIFFERENCE, -abs(bid - taken), 0)


def score(bid: int, taken: int) -> int:
    """Bid made exactly: bid + 2; missed: minus the difference (the total of
    ``oh_seven``, whose parts the explanation of a score shows).

    >>> score(3, 3), score(3, 1), score(0, 2)
    (5, -2, -2)
    """
    return oh_seven(bid, taken).total


def _tricks(settings: Settings, round_: Round, tricks: tuple[int, ...]) -> Round:
    check_tricks(settings, round_, tricks)
    assert round_.bids is not None
    points = tuple(
        score(card.value, taken) + bonus
        for card, taken, bonus in zip(round_.bids, tricks, round_.rebid_bonus)
        if isinstance(card, Card)
    )
    return replace(round_, tricks=tricks, points=points, points_so_far=points, phase=Phase.DONE)


def cards_open(round_: Round, players: int) -> tuple[Card, ...]:
    """The cards a player may still put forward in this deal: each card exists once per deck,
    and a copy set aside by a failed bid stays in its bidder's hand (docs/rules.md section 1), so
    with one deck no set-aside card comes back, with two decks a card set aside twice does not.
    The same for every seat: whose hand holds the set-aside copy does not matter."""
    aside = Counter(c for cards in round_.set_aside for c in cards)
    copies = decks(players)
    return tuple(Card(value, suit) for suit in Suit for value in range(HAND_SIZE + 1)
                 if aside[Card(value, suit)] < copies)


def _bid_cards(values: list[int]) -> Bids:
    """A card of each value: a value's first card in the strongest suit, its others in the next
    ones, then again from the weakest, so the strongest card comes twice only when every copy
    of it is bid."""
    strong_first = sorted(Suit, key=lambda suit: -suit.rank)
    suits = strong_first + strong_first[::-1]
    seen: Counter[int] = Counter()
    cards = []
    for value in values:
        cards.append(Card(value, suits[seen[value] % len(suits)]))
        seen[value] += 1
    return Bids(tuple(cards))


def _revealed(settings: Settings, round_: Round, total: int) -> Entry:
    """Cards whose values add up to ``total``, as even as can be, one of them above the others
    when it can be (so the strongest is bid once)."""
    n = len(settings.players)
    base, extra = divmod(total, n)
    values = [base + 1] * extra + [base] * (n - extra)
    lower = [seat for seat in range(1, n) if values[seat] > 0]
    if n > 1 and values[0] == values[1] < HIGHEST and lower:
        values[0] += 1
        values[lower[-1]] -= 1
    return _bid_cards(values)


def _shared_strongest(settings: Settings, round_: Round) -> Entry:
    n = len(settings.players)
    return Bids((Card(HIGHEST, Suit.SPADES),) * 2 + _bid_cards([0] * (n - 2)).bids)


def _tricks_candidate(settings: Settings, round_: Round, total: int, count: int) -> Entry:
    n = len(settings.players)
    return Tricks((*spread(total, n - 1, round_.hand_size), count))


#: What the phone may enter in a round: the cards revealed, then the tricks once they stand; a
#: rebid's set-aside cards make the next entries, so the next round waits for the connection.
CANDIDATES = Candidates(
    standing_bids=lambda settings, round_: _revealed(settings, round_, 1),
    tricks=_tricks_candidate,
    revealed=_revealed,
    shared_strongest=_shared_strongest,
    weakest_first=tuple(sorted(deck(), key=lambda card: card.strength)),
)


def rebid_bonuses(round_: Round) -> tuple[tuple[RebidBonus, ...], ...]:
    """Per seat, the forced rebids' +1s of a round, scored or still being bid."""
    return tuple(rebids(round_.attempts, seat, REBID_BONUS)
                 for seat in range(len(round_.bidding_order)))


def refuse_forced_rebid(state: GameState, number: int, entry: Entry) -> None:
    """Bids that force a rebid cannot be a round's accepted bids. Say so, rather than let the
    tricks that follow a correction's bids fail for want of bids."""
    current = state.current
    if not isinstance(entry, Tricks) or current is None or current.number != number:
        return
    if current.phase is Phase.BIDDING and current.attempts:
        forced = current.attempts[-1]
        rebid_sum = REBID_SUM
        why = f"add up to {rebid_sum}" if forced.sum_seven else "share the high bid"
        raise RuleError(
            "phase",
            f"these bids {why}: they force a rebid, so they cannot be round {number}'s bids",
            reason="correction-rebid", field="bids", round=number, rebid_sum=rebid_sum,
            sum_seven=forced.sum_seven, shared_high=forced.shared_high,
        )


class CardBids(GameFamily):
    """Oh-Seven: every player's bid card at once, forced rebids, then the tricks."""

    id = "card-bids"
    entry_kinds: tuple[str, ...] = ("bids", "tricks")
    candidates: Candidates | None = CANDIDATES
    round_fields = frozenset({"trump", "leader", "high_bid", "set_aside"})
    statistics_schemas = sheets.BID_STATISTICS_SCHEMAS

    def total_rounds(self, settings: Settings) -> int | None:
        return ROUNDS

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "tricks":
            return entries.tricks(settings, body)
        raw = entries.seat_list(settings, body.get("bids"), "bids")
        return Bids(tuple(entries.card(v, seat) for seat, v in enumerate(raw)))

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Bids):
            entries.check_per_seat(settings, entry, cards=True)
            cards = tuple(b for b in entry.bids if isinstance(b, Card))
            return played_round(state, _bid(settings, current, cards))
        if isinstance(entry, Tricks):
            entries.check_per_seat(settings, entry, cards=False)
            return played_round(state, _tricks(settings, current, entry.tricks))
        raise entries.wrong_kind(settings, "hand")

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions[-2:]  # the accepted bids and the tricks; failed bids keep their bonus

    def check_correction(self, state: GameState, number: int, entry: Entry) -> None:
        refuse_forced_rebid(state, number, entry)

    def made(self, settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
        return oh_seven(bid, taken)

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        return RoundExplanation(round_.number, explain_bids(settings, round_, REBID_BONUS))

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheets.bid_statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheets.bid_rows(state)

    def cards_open(self, state: GameState, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may still put forward in the current deal (cards set aside by
        failed bids counted as docs/rules.md section 1 says); none when no bid is due."""
        current = state.current
        if current is None or current.phase is not Phase.BIDDING or seat not in state.settings.seats:
            return ()
        return cards_open(current, len(state.settings.players))


FAMILY = CardBids()

OH_SEVEN = Ruleset("oh-seven", "Oh-Seven", FAMILY, 2, 9,
                   frozen({"card_passing": Option(False, (False, True))}), frozen({}))
