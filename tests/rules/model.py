"""An independent model of the four games, written from docs/rules.md without the engine's code.

The properties and the state machine play the engine and this model side by side: the model
says which entries are legal (and which 422 codes an illegal one may raise) and what everybody's
score must be; the engine has to agree.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field

from companion.rules import TIE, Beg, Card, Entry, Hand, Settings, Tricks

from .expected import SCHEDULES, SUIT_ORDER

OH_SEVEN_ROUNDS = 7
OH_SEVEN_CARDS = 7
SEVEN_UP_CARDS = 6


def oh_seven_score(bid: int, taken: int) -> int:
    """docs/rules.md section 1: bid made exactly scores bid + 2; missed, minus the difference."""
    return bid + 2 if bid == taken else -abs(bid - taken)


def oh_hell_score(scoring: object, bid: int, taken: int, zero_bid: object = "standard",
                  hand_size: int = 0) -> int:
    """docs/rules.md section 2: ``exact`` 10 + bid or 0; ``tricks-plus-bonus`` 1 a trick, +10 exact.
    Section 6: ``tricks-plus-five`` 1 a trick, +5 exact; ``squared`` 10 + bid² exact, else
    −(bid − tricks)²; ``zero_bid`` changes only what an exact zero scores (5, or 5 + hand)."""
    exact = bid == taken
    if exact and bid == 0 and zero_bid == "five":
        return 5
    if exact and bid == 0 and zero_bid == "five-plus-hand":
        return 5 + hand_size
    if scoring == "exact":
        return 10 + bid if exact else 0
    if scoring == "tricks-plus-five":
        return taken + (5 if exact else 0)
    if scoring == "squared":
        return 10 + bid * bid if exact else -(bid - taken) * (bid - taken)
    if scoring == "standard":  # Wizard (section 9): 20 + 10 a trick exact, −10 a trick off
        return 20 + 10 * taken if exact else -10 * abs(bid - taken)
    if scoring == "tricks-always":  # Wizard's easy scoring: 10 a trick, −10 a trick off
        return 20 + 10 * taken if exact else 10 * taken - 10 * abs(bid - taken)
    assert scoring == "tricks-plus-bonus", scoring
    return taken + (10 if exact else 0)


#: docs/rules.md sections 2 and 3: the largest hand, by players, when ``max_hand`` is null.
SEED_LARGEST = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


def hand_sizes(shape: str, top: int) -> tuple[int, ...]:
    """docs/rules.md section 6: the schedule keeps its shape around its largest hand ``top``."""
    down = list(range(top, 0, -1))
    up = down[::-1]
    return tuple({"down": down, "up": up, "down-up": down + up[1:], "up-down": up + down[1:]}[shape])


def strength(bid: Card) -> tuple[int, int]:
    return (bid.value, SUIT_ORDER[bid.suit])


@dataclass
class Model:
    """One game as docs/rules.md describes it. ``totals`` is per side (Seven-Up teams: two sides)."""

    settings: Settings
    number: int = 1
    finished: bool = False
    rounds_done: int = 0
    # In-turn games: the bids known this round; Oh-Seven: the accepted cards.
    bids: list[object] = field(default_factory=list)
    accepted: bool = False  # bids complete: waiting for the tricks
    aside: list[list[Card]] = field(default_factory=list)  # Oh-Seven, this deal
    attempts: int = 0  # Oh-Seven, failed bids this round
    redeals: int = 0
    bonus: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    winner: int | None = None  # Seven-Up: the side that reached the target
    round_points: list[list[int]] = field(default_factory=list)
    round_redeals: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.totals = [0] * self.sides
        self._start_round()

    # -- who, how many ------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.settings.players)

    @property
    def ruleset(self) -> str:
        return self.settings.ruleset.id

    @property
    def teams(self) -> bool:
        return self.ruleset == "seven-up" and self.n == 4

    @property
    def sides(self) -> int:
        return 2 if self.teams else self.n

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    @property
    def copies(self) -> int:
        """Oh-Seven: one deck for 2–4 players, two for 5–9."""
        return 1 if self.n <= 4 else 2

    @property
    def schedule(self) -> tuple[int, ...]:
        if self.ruleset == "oh-seven":
            return (OH_SEVEN_CARDS,) * OH_SEVEN_ROUNDS
        if self.ruleset == "seven-up":
            return ()
        shape = str(self.settings.options["schedule"])
        max_hand = self.settings.options.get("max_hand")
        if max_hand is None:
            return SCHEDULES[shape][self.n]
        assert isinstance(max_hand, int)
        return hand_sizes(shape, max_hand)

    @property
    def hand_size(self) -> int:
        if self.ruleset == "seven-up":
            return SEVEN_UP_CARDS
        return self.schedule[self.number - 1]

    @property
    def dealer(self) -> int:
        return (self.settings.first_dealer + self.number - 1) % self.n

    @property
    def order(self) -> tuple[int, ...]:
        """From the dealer's left, the dealer last."""
        return tuple((self.dealer + 1 + k) % self.n for k in range(self.n))

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.n

    @property
    def target(self) -> int:
        return int(self.settings.options["target"])

    @property
    def waiting(self) -> list[int]:
        return [seat for seat in self.order if self.bids[seat] is None]

    @property
    def hook_holds(self) -> bool:
        """docs/rules.md sections 2 and 6: the hook binds the dealer in this round (option ``hook``:
        ``never`` frees the dealer; ``not-last`` in the game's last round)."""
        if self.ruleset not in ("oh-hell", "elevator"):
            return False
        hook = self.settings.options["hook"]
        return hook == "always" or (hook == "not-last" and self.number != len(self.schedule))

    @property
    def hook(self) -> int | None:
        """The dealer's forbidden bid once only the dealer is left to bid, if in 0..hand size."""
        if not self.hook_holds or self.waiting != [self.dealer]:
            return None
        others = sum(b for b in self.bids if isinstance(b, int))
        hooked = self.hand_size - others
        return hooked if 0 <= hooked <= self.hand_size else None

    def copy(self) -> Model:
        return copy.deepcopy(self, {id(self.settings): self.settings})  # settings are frozen

    def _start_round(self) -> None:
        self.bids = [None] * self.n
        self.accepted = False
        self.aside = [[] for _ in range(self.n)]
        self.attempts = 0
        self.redeals = 0
        self.bonus = [0] * self.n

    # -- legality -----------------------------------------------------------------------------

    def violations(self, entry: Entry) -> set[str]:
        """The 422 codes ``entry`` breaks (empty: it is legal)."""
        if self.finished:
            return {"phase"}
        if self.ruleset == "seven-up":
            return self._hand_violations(entry) if isinstance(entry, Hand) else {"phase"}
        if isinstance(entry, Hand):
            return {"phase"}
        if isinstance(entry, Tricks):
            if not self.accepted:
                return {"phase"}
            found = set()
            if any(not 0 <= t <= self.hand_size for t in entry.tricks):
                found.add("tricks-range")
            if sum(entry.tricks) != self.hand_size:
                found.add("tricks-total")
            return found
        if self.accepted:
            return {"phase"}
        if self.ruleset == "oh-seven":
            return self._card_violations(entry.bids)
        return self._turn_violations(entry.bids)

    def _turn_violations(self, given: tuple[object, ...]) -> set[str]:
        found = set()
        if any(g is not None and b is not None and g != b for g, b in zip(given, self.bids)):
            found.add("phase")  # a bid already made cannot change
        new = [s for s in self.order if given[s] is not None and self.bids[s] is None]
        if not new:
            return found | {"phase"}
        if new != self.waiting[: len(new)]:
            found.add("phase")  # in turn, from the dealer's left
        for seat in new:
            value = given[seat]
            assert isinstance(value, int)
            if not 0 <= value <= self.hand_size:
                found.add("bid-range")
        if self.dealer in new and self.hook_holds:
            merged = [g if g is not None else b for g, b in zip(given, self.bids)]
            others = sum(v for s, v in enumerate(merged) if s != self.dealer and isinstance(v, int))
            if given[self.dealer] == self.hand_size - others:
                found.add("hook")
        return found

    def _card_violations(self, given: tuple[object, ...]) -> set[str]:
        bid_cards = [c for c in given if isinstance(c, Card)]
        found = set()
        if any(not 0 <= c.value <= 7 for c in bid_cards):
            found.add("bid-range")
        now = Counter(bid_cards)
        if max(now.values()) > self.copies:  # more players on a card than the decks hold
            found.add("duplicate-card")
        aside = Counter(c for seat_cards in self.aside for c in seat_cards)
        # Each card exists `copies` times; one set aside is still in its bidder's hand.
        if any(aside[c] + count > self.copies for c, count in now.items()):
            found.add("card-reused")
        return found

    def _hand_violations(self, hand: Hand) -> set[str]:
        found = set()
        for seat in (hand.high, hand.low, hand.jack, hand.game):
            if isinstance(seat, int) and not 0 <= seat < self.n:
                found.add("seat")
        if not 0 <= hand.jacks_turned <= 4:
            found.add("hand")
        if hand.jacks_turned > 1 and hand.beg is not Beg.RUN and not hand.redeal:
            found.add("hand")  # only running the cards turns more than one card
        if hand.redeal:
            return found
        dealer_out = self.totals[self.side(self.dealer)] + max(hand.jacks_turned, 0) >= self.target
        if dealer_out:
            return found  # the turned jacks won: the hand ends before the beg, never played
        if hand.beg is Beg.GIVE:
            if self.totals[self.side(self.eldest)] + 1 >= self.target:
                found.add("gift-would-win")
            elif self.n == 3 and self.totals[(self.eldest + 1) % 3] + 1 >= self.target:
                # Either non-dealer: neither may be put out by the gift (Foster's Complete
                # Hoyle); a game begun before that rule looked at the eldest alone, and there
                # the other non-dealer's gift point wins before play.
                if self.settings.gift_rule.value == "every-receiver":
                    found.add("gift-would-win")
                else:
                    return found
        if (hand.high is None) != (hand.low is None):
            found.add("hand")  # a trump in play is high and low, the same card when alone
        if hand.jack is not None and hand.high is None:
            found.add("hand")
        if hand.game is None:
            found.add("hand")
        return found

    # -- what a legal entry does -------------------------------------------------------------

    def apply(self, entry: Entry) -> None:
        if isinstance(entry, Hand):
            self._hand(entry)
        elif isinstance(entry, Tricks):
            self._tricks(entry.tricks)
        elif self.ruleset == "oh-seven":
            self._card_bids(tuple(c for c in entry.bids if isinstance(c, Card)))
        else:
            self.bids = [b if b is not None else g for b, g in zip(self.bids, entry.bids)]
            self.accepted = not self.waiting

    def _card_bids(self, bid_cards: tuple[Card, ...]) -> None:
        high = max(bid_cards, key=strength)
        sharing = [seat for seat, c in enumerate(bid_cards) if c == high]
        if sum(c.value for c in bid_cards) != 7 and len(sharing) == 1:
            self.bids = list(bid_cards)
            self.accepted = True
            return
        for seat in sharing:
            self.bonus[seat] += 1
            self.totals[seat] += 1
        for seat, c in enumerate(bid_cards):
            self.aside[seat].append(c)
        self.attempts += 1
        if self.attempts % OH_SEVEN_CARDS == 0:  # every card used: the same dealer redeals
            self.aside = [[] for _ in range(self.n)]
            self.redeals += 1

    def _tricks(self, tricks: tuple[int, ...]) -> None:
        points = []
        for seat, taken in enumerate(tricks):
            bid = self.bids[seat]
            if isinstance(bid, Card):
                points.append(oh_seven_score(bid.value, taken) + self.bonus[seat])
            else:
                assert isinstance(bid, int)
                options = self.settings.options
                points.append(oh_hell_score(options["scoring"], bid, taken, options["zero_bid"],
                                            self.hand_size))
        for seat, p in enumerate(points):
            self.totals[seat] += p - self.bonus[seat]  # bonuses were added when scored
        self._end_round(points)

    def _end_round(self, points: list[int]) -> None:
        self.round_points.append(points)
        self.round_redeals.append(self.redeals)
        self.rounds_done += 1
        if self.winner is not None or (self.schedule and self.number == len(self.schedule)):
            self.finished = True
            return
        self.number += 1
        self._start_round()

    def seven_up_events(self, hand: Hand) -> list[tuple[str, int]]:
        """The points of a hand in the order they are counted (docs/rules.md section 4, "win")."""
        events = [("jack-turned", self.dealer)] * hand.jacks_turned
        if hand.redeal:
            return events
        if hand.beg is Beg.GIVE:
            receivers = [self.eldest, (self.eldest + 1) % 3] if self.n == 3 else [self.eldest]
            events += [("gift", seat) for seat in receivers]
        for point in ("high", "low", "jack"):
            seat = getattr(hand, point)
            if seat is not None:
                events.append((point, seat))
        if hand.game == TIE:
            if self.settings.options["game_tie"] == "eldest":
                events.append(("game", self.eldest))
        elif hand.game is not None:  # None only for a hand that ended before play
            events.append(("game", hand.game))
        return events

    def _hand(self, hand: Hand) -> None:
        gained = [0] * self.n
        for _point, seat in self.seven_up_events(hand):
            if self.winner is not None:
                break  # points after the winning one are not counted
            side = self.side(seat)
            self.totals[side] += 1
            for s in range(self.n):
                gained[s] += self.side(s) == side
            if self.totals[side] >= self.target:
                self.winner = side
        self.bonus = [b + g for b, g in zip(self.bonus, gained)]
        if hand.redeal and self.winner is None:
            self.redeals += 1  # the same dealer deals again: the round goes on
            return
        self._end_round(self.bonus)
