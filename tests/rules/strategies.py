"""Hypothesis strategies: settings, legal entries (chosen with the model, not the engine),
arbitrary entries of the right shape (mostly illegal), and whole games."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from companion.rules import (
    CURRENT_GIFT_RULE,
    RULESETS,
    TIE,
    Beg,
    GiftRule,
    Bids,
    Card,
    Entry,
    GameState,
    Hand,
    IntRange,
    Settings,
    Suit,
    Tricks,
    apply,
    new_game,
    new_settings,
)

from .model import Model, strength
from .expected import ALL_CARDS, NAMES, PLAYERS


@st.composite
def game_settings(draw: st.DrawFn, ruleset: str | None = None, players: int | None = None,
                  **fixed: object) -> Settings:
    """Any ruleset, player count, first dealer and options (each option's every choice, any
    combination), the options in ``fixed`` aside; a Seven-Up game begun under either edition of
    the gift's rule (``editions``), today's mostly."""
    ruleset = ruleset or draw(st.sampled_from(sorted(PLAYERS)))
    players = players or draw(st.sampled_from(PLAYERS[ruleset]))
    first_dealer = draw(st.integers(0, players - 1))
    options = {
        name: fixed[name] if name in fixed else draw(_option_value(option.choices, players))
        for name, option in RULESETS[ruleset].options.items()
    }
    settings = new_settings(ruleset, list(NAMES[:players]), first_dealer, options)
    if ruleset == "seven-up":
        editions = [CURRENT_GIFT_RULE, *(rule for rule in GiftRule if rule is not CURRENT_GIFT_RULE)]
        settings = replace(settings, gift_rule=draw(st.sampled_from(editions)))
    return settings


def _option_value(choices: object, players: int) -> st.SearchStrategy[object]:
    """Any offered value; a range (``max_hand``) up to what 51 cards deal the players, or null."""
    if isinstance(choices, IntRange):
        # Mostly small hands, so that whole games stay short; now and then the largest.
        most = min(choices.max, 51 // players)
        return st.one_of(st.none(), st.integers(choices.min, min(most, 4)), st.just(most))
    assert isinstance(choices, tuple)
    return st.sampled_from(choices)


# -- legal entries --------------------------------------------------------------------------------


def legal_entry(model: Model, rebid: bool = False) -> st.SearchStrategy[Entry]:
    """A legal next entry for the game ``model`` follows (which must not be finished);
    ``rebid``: Oh-Seven bids that force a rebid whenever the cards left allow it."""
    assert not model.finished
    if model.ruleset == "seven-up":
        return _hand(model)
    if model.accepted:
        return _tricks(model)
    if model.ruleset == "oh-seven":
        return _card_bids(model, "seven" if rebid else None)
    return _turn_bids(model)


@st.composite
def _turn_bids(draw: st.DrawFn, model: Model) -> Bids:
    """One or more of the next bids in turn; the dealer never bids the hooked number."""
    waiting = model.waiting
    count = draw(st.integers(1, len(waiting)))
    repeat_known = draw(st.booleans())  # a whole list, earlier bids repeated, is fine too
    bids = [b if repeat_known and isinstance(b, int) else None for b in model.bids]
    for seat in waiting[:count]:
        choices = list(range(model.hand_size + 1))
        if seat == model.dealer and model.hook_holds:
            others = sum(b for s, b in enumerate(bids) if s != seat and b is not None) + sum(
                b for s, b in enumerate(model.bids) if isinstance(b, int) and bids[s] is None
            )
            choices = [c for c in choices if c != model.hand_size - others]
        bids[seat] = draw(st.sampled_from(choices))
    return Bids(tuple(bids))


@st.composite
def _tricks(draw: st.DrawFn, model: Model) -> Tricks:
    """Counts adding up to the hand size, often equal to the bids."""
    order = draw(st.permutations(range(model.n)))
    left = model.hand_size
    tricks = [0] * model.n
    for seat in order[:-1]:
        bid = model.bids[seat]
        value = bid.value if isinstance(bid, Card) else bid
        assert isinstance(value, int)
        if value <= left and draw(st.booleans()):
            tricks[seat] = value
        else:
            tricks[seat] = draw(st.integers(0, left))
        left -= tricks[seat]
    tricks[order[-1]] = left
    return Tricks(tuple(tricks))


def available_cards(model: Model, seat: int, chosen: list[Card]) -> list[Card]:
    """Cards ``seat`` may still hold and bid: every copy of a card is in one hand only."""
    aside = Counter(c for cards in model.aside for c in cards)
    now = Counter(chosen)
    own = Counter(model.aside[seat])
    return [c for c in ALL_CARDS if aside[c] + now[c] < model.copies and own[c] < model.copies]


@st.composite
def _card_bids(draw: st.DrawFn, model: Model, aim: str | None = None) -> Bids:
    """Oh-Seven bid cards, aiming now and then at a sum of 7 or a shared high bid."""
    aim = aim or draw(st.sampled_from(["any", "any", "seven", "shared"]))
    chosen: list[Card] = []
    for seat in range(model.n):
        pool = available_cards(model, seat, chosen)
        if aim == "seven":  # share 7 out among the players, the last one taking the rest
            left = max(0, 7 - sum(c.value for c in chosen))
            wanted = left if seat == model.n - 1 else draw(st.integers(0, min(left, 7)))
            pool = [c for c in pool if c.value == wanted] or pool
        if aim == "shared" and chosen and model.copies == 2:
            top = max(chosen, key=strength)
            if top in pool and draw(st.booleans()):
                pool = [top]
        chosen.append(draw(st.sampled_from(pool)))
    return Bids(tuple(chosen))


@st.composite
def _hand(draw: st.DrawFn, model: Model) -> Hand:
    redeal = draw(st.sampled_from([False, False, False, True]))
    beg = draw(st.sampled_from(list(Beg)))
    jacks = draw(st.integers(0, 2 if beg is Beg.RUN or redeal else 1))
    if redeal:
        return Hand(jacks, beg, None, None, None, None, redeal=True)
    if beg is Beg.GIVE and model.violations(Hand(jacks, beg, None, None, None, TIE)):
        beg = Beg.RUN  # the gift would put a receiver out: the cards must be run
    seats = st.integers(0, model.n - 1)
    if draw(st.booleans()):  # some trump in play
        high, low = draw(seats), draw(seats)
        jack = draw(st.none() | seats)
    else:
        high = low = jack = None
    game = draw(seats | st.just(TIE))
    return Hand(jacks, beg, high, low, jack, game)


# -- arbitrary entries (mostly illegal) ----------------------------------------------------------


@st.composite
def arbitrary_entry(draw: st.DrawFn, model: Model) -> Entry:
    """An entry of the right shape with values around the legal ones: most break a rule."""
    n = model.n
    hand_size = model.hand_size
    kind = draw(st.sampled_from(["bids", "tricks", "hand"]))
    if kind == "tricks":
        return Tricks(tuple(draw(st.lists(st.integers(-1, hand_size + 1), min_size=n, max_size=n))))
    if kind == "hand":
        seat = st.none() | st.integers(-1, n)
        return Hand(
            jacks_turned=draw(st.integers(-1, 5)),
            beg=draw(st.sampled_from(list(Beg))),
            high=draw(seat),
            low=draw(seat),
            jack=draw(seat),
            game=draw(seat | st.just(TIE)),
            redeal=draw(st.booleans()),
        )
    if model.ruleset == "oh-seven":
        known = [c for aside in model.aside for c in aside]
        some_card = st.builds(Card, st.integers(-1, 8), st.sampled_from(list(Suit)))
        if known:
            some_card = some_card | st.sampled_from(known)
        return Bids(tuple(draw(st.lists(some_card, min_size=n, max_size=n))))
    bid = st.none() | st.integers(-1, hand_size + 1)
    return Bids(tuple(draw(st.lists(bid, min_size=n, max_size=n))))


# -- a legal entry without drawing, to play games out ---------------------------------------------


def filler_entry(model: Model) -> Entry:
    """A legal next entry chosen without randomness (to finish a game)."""
    n = model.n
    if model.ruleset == "seven-up":
        return Hand(0, Beg.STAND, model.eldest, model.eldest, None, model.eldest)
    if model.accepted:
        tricks = [0] * n
        tricks[model.order[0]] = model.hand_size
        return Tricks(tuple(tricks))
    if model.ruleset == "oh-seven":
        chosen: list[Card] = []
        for seat in range(n):
            pool = available_cards(model, seat, chosen)
            # Avoid a sum of 7 and a shared high card, so the bids are accepted.
            pick = next(
                c for c in sorted(pool, key=strength, reverse=True)
                if c not in chosen and (seat < n - 1 or sum(x.value for x in chosen) + c.value != 7)
            )
            chosen.append(pick)
        return Bids(tuple(chosen))
    # Everyone still waiting bids 0, the dealer too unless 0 is the hooked number.
    hooked = model.hand_size - sum(b for b in model.bids if isinstance(b, int))
    return Bids(tuple(
        b if isinstance(b, int) else 1 if seat == model.dealer and model.hook_holds and hooked == 0
        else 0
        for seat, b in enumerate(model.bids)
    ))


@dataclass
class Played:
    """A game played with the model: the engine's states after each entry, and the model."""

    settings: Settings
    entries: list[Entry]
    states: list[GameState]
    model: Model

    @property
    def state(self) -> GameState:
        return self.states[-1]


@st.composite
def played_games(
    draw: st.DrawFn,
    ruleset: str | None = None,
    complete: bool = False,
    max_entries: int = 200,
    **fixed: object,
) -> Played:
    """A game of legal entries: cut short at a random point unless ``complete``; options in
    ``fixed`` are set, the others drawn."""
    settings = draw(game_settings(ruleset, **fixed))
    model = Model(settings)
    states = [new_game(settings)]
    entries: list[Entry] = []
    while not model.finished:
        if not complete and draw(st.integers(0, 15)) == 0:
            break
        if len(entries) < max_entries:
            entry = draw(legal_entry(model))
        else:
            entry = filler_entry(model)
        states.append(apply(states[-1], entry))
        model.apply(entry)
        entries.append(entry)
    return Played(settings, entries, states, model)
