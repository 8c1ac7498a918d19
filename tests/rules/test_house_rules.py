"""Golden tables and properties for the house rules of docs/rules.md section 6: ``hook``,
``max_hand``, ``scoring`` (``tricks-plus-five``, ``squared``) and ``zero_bid``. Each row names
the section and the source docs/rules.md gives for the rule; the defaults are the seeds' rules
(seed 001 and seed 003), checked in ``test_oh_hell.py`` and here once more."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import (
    Phase,
    RuleError,
    apply,
    bids_open,
    fold,
    legal_bids,
    new_settings,
    schedule,
)

from .builders import bids, play_to_round, start, tricks
from .strategies import Played, legal_entry, played_games
from .expected import NAMES

IN_TURN = ("oh-hell", "elevator")

# -- scoring and zero_bid ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "options", "bid", "taken", "points"),
    [
        # Defaults: the seeds.
        pytest.param("oh-hell", {}, 0, 0, 10, id="seed-001-exact-zero"),
        pytest.param("elevator", {}, 0, 0, 10, id="seed-003-zero-made"),
        # docs/rules.md 6, tricks-plus-five: 1 a trick, +5 if exact (traditionalgamerules.neocities.org).
        pytest.param("oh-hell", {"scoring": "tricks-plus-five"}, 3, 3, 8, id="RULES-6-tp5-made-tgr"),
        pytest.param("oh-hell", {"scoring": "tricks-plus-five"}, 2, 3, 3, id="RULES-6-tp5-over-tgr"),
        pytest.param("oh-hell", {"scoring": "tricks-plus-five"}, 4, 1, 1, id="RULES-6-tp5-under-tgr"),
        pytest.param("oh-hell", {"scoring": "tricks-plus-five"}, 0, 0, 5, id="RULES-6-tp5-zero-tgr"),
        # docs/rules.md 6, squared: exact 10 + bid², missed −(bid − tricks)² (pagat.com, Wikipedia
        # "Oh Hell" scoring variations).
        pytest.param("oh-hell", {"scoring": "squared"}, 3, 3, 19, id="RULES-6-squared-made-pagat"),
        pytest.param("oh-hell", {"scoring": "squared"}, 0, 0, 10, id="RULES-6-squared-zero-pagat"),
        pytest.param("oh-hell", {"scoring": "squared"}, 2, 3, -1, id="RULES-6-squared-over-pagat"),
        pytest.param("oh-hell", {"scoring": "squared"}, 4, 1, -9, id="RULES-6-squared-under-pagat"),
        pytest.param("oh-hell", {"scoring": "squared"}, 0, 2, -4, id="RULES-6-squared-zero-missed"),
        # docs/rules.md 6, zero_bid: only an exact zero changes (Wikipedia "Oh Hell" scoring,
        # "reduced 0 bid": 5; "adjusted 0 bid": 5 + the hand size, here 10 cards).
        pytest.param("oh-hell", {"zero_bid": "five"}, 0, 0, 5, id="RULES-6-zero-five-exact-wiki"),
        pytest.param("oh-hell", {"zero_bid": "five-plus-hand"}, 0, 0, 15, id="RULES-6-zero-adjusted-wiki"),
        pytest.param("elevator", {"zero_bid": "five"}, 0, 0, 5, id="RULES-6-zero-five-elevator"),
        pytest.param("elevator", {"zero_bid": "five-plus-hand"}, 0, 0, 15, id="RULES-6-zero-adjusted-elevator"),
        pytest.param("oh-hell", {"zero_bid": "five", "scoring": "squared"}, 0, 0, 5, id="RULES-6-zero-five-squared"),
        pytest.param("oh-hell", {"zero_bid": "five-plus-hand", "scoring": "tricks-plus-five"}, 0, 0, 15,
                     id="RULES-6-zero-adjusted-tp5"),
        # "a missed zero scores as the scoring says"
        pytest.param("oh-hell", {"zero_bid": "five"}, 0, 2, 0, id="RULES-6-zero-five-missed-exact"),
        pytest.param("elevator", {"zero_bid": "five-plus-hand"}, 0, 2, 2, id="RULES-6-zero-adjusted-missed-tpb"),
        pytest.param("oh-hell", {"zero_bid": "five", "scoring": "squared"}, 0, 3, -9,
                     id="RULES-6-zero-five-missed-squared"),
        # Other bids are as the scoring says.
        pytest.param("oh-hell", {"zero_bid": "five"}, 3, 3, 13, id="RULES-6-zero-five-other-bid"),
        pytest.param("elevator", {"zero_bid": "five-plus-hand"}, 2, 3, 3, id="RULES-6-zero-adjusted-other-bid"),
    ],
)
def test_round_score(ruleset: str, options: dict[str, object], bid: int, taken: int,
                     points: int) -> None:
    """Three players, ten cards, dealer seat 0: seat 1 bids ``bid`` and takes ``taken``."""
    state = start(ruleset, 3, **options)
    dealer_bid = 1 if bid == 10 else 0  # never the hooked number 10 - bid
    state = apply(state, bids(dealer_bid, bid, 0))
    state = apply(state, tricks(10 - taken, taken, 0))
    assert state.rounds[0].points is not None and state.rounds[0].points[1] == points


# -- the hook ---------------------------------------------------------------------------------


def _seed_example(ruleset: str, **options: object):  # type: ignore[no-untyped-def]
    """docs/rules.md section 2, seed 001: 4 players, 5 cards, bids 1, 2, 0 before the dealer."""
    state = start(ruleset, 4, 3, schedule="up", **options)  # round 5: dealer seat 3
    state = play_to_round(state, 5)
    assert state.current is not None and state.current.dealer == 3
    return apply(state, bids(1, 2, 0, None))


@pytest.mark.parametrize("ruleset", IN_TURN)
def test_hook_always_is_the_seeds(ruleset: str) -> None:
    state = _seed_example(ruleset)
    assert state.current is not None and state.current.forbidden_bid == 2
    with pytest.raises(RuleError) as caught:
        apply(state, bids(None, None, None, 2))
    assert caught.value.code == "hook"


@pytest.mark.parametrize("ruleset", IN_TURN)
def test_hook_never_the_dealer_bids_freely(ruleset: str) -> None:
    """docs/rules.md section 6: `never`: the dealer bids freely and forbidden_bid stays null."""
    state = _seed_example(ruleset, hook="never")
    assert state.current is not None and state.current.forbidden_bid is None
    assert legal_bids(state.current) == (0, 1, 2, 3, 4, 5)
    after = apply(state, bids(None, None, None, 2))  # the bids total the hand: someone wins all
    assert after.current is not None and after.current.phase is Phase.TRICKS


@pytest.mark.parametrize("ruleset", IN_TURN)
def test_hook_not_last_frees_only_the_last_round(ruleset: str) -> None:
    """docs/rules.md section 6, traditionalgamerules.neocities.org: "in the last round all players,
    the dealer included, bid what they choose"."""
    state = _seed_example(ruleset, hook="not-last")  # round 5 of 10: hooked
    assert state.current is not None and state.current.forbidden_bid == 2
    last = play_to_round(start(ruleset, 4, 3, schedule="up", hook="not-last"), 10)  # dealer 0
    current = last.current
    assert current is not None and current.number == 10 == last.total_rounds
    last = apply(last, bids(None, 4, 3, 3))  # 10 so far: with the hook the dealer could not bid 0
    assert last.current is not None and last.current.forbidden_bid is None
    assert bids_open(last, 0) == tuple(range(11))
    assert apply(last, bids(0, None, None, None)).current.phase is Phase.TRICKS  # type: ignore[union-attr]


# -- max_hand ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "sizes"),
    [
        # Wikipedia, "Oh Hell": "only up to 12 cards are dealt in a four-player match".
        pytest.param(4, {"max_hand": 12}, (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6,
                                           7, 8, 9, 10, 11, 12), id="RULES-6-four-players-12-wiki"),
        pytest.param(3, {"max_hand": 17, "schedule": "down"},
                     (17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
                     id="RULES-6-three-players-17-down"),
        pytest.param(5, {"max_hand": 3, "schedule": "up-down"}, (1, 2, 3, 2, 1),
                     id="RULES-6-peak-3-up-down"),
        pytest.param(6, {"max_hand": 4, "schedule": "up"}, (1, 2, 3, 4), id="RULES-6-up-to-4"),
        pytest.param(7, {"max_hand": 1}, (1,), id="RULES-6-one-card-one-round"),
        pytest.param(7, {"max_hand": 7}, (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7),
                     id="RULES-6-seven-players-at-most-7"),
        # null: by players, the seeds (10 for 3–5, 8 for 6, 7 for 7).
        pytest.param(6, {"max_hand": None, "schedule": "down"}, (8, 7, 6, 5, 4, 3, 2, 1),
                     id="RULES-3-null-six-players"),
    ],
)
def test_max_hand_schedule(players: int, options: dict[str, object], sizes: tuple[int, ...]) -> None:
    for ruleset in IN_TURN:
        settings = new_settings(ruleset, list(NAMES[:players]), options=options)
        assert schedule(settings) == sizes
        state = start(ruleset, players, **options)
        assert state.total_rounds == len(sizes)
        assert state.current is not None and state.current.hand_size == sizes[0]


# -- properties over random option combinations ----------------------------------------------

PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", IN_TURN)
@PROPERTY
@given(data=st.data())
def test_hook_never_refuses_no_bid(ruleset: str, data: st.DataObject) -> None:
    """With ``hook: never`` every bid 0..hand size is accepted from whoever bids next."""
    game: Played = data.draw(played_games(ruleset, hook="never"))
    state = game.state
    if state.current is None or state.current.next_bidder is None:
        return
    seat = state.current.next_bidder
    assert bids_open(state, seat) == tuple(range(state.current.hand_size + 1))
    for bid in range(state.current.hand_size + 1):
        apply(state, bids(*(bid if s == seat else None for s in state.settings.seats)))


@PROPERTY
@given(st.sampled_from(IN_TURN), st.integers(3, 7), st.data())
def test_a_max_hand_schedule_keeps_its_shape_around_the_peak(ruleset: str, players: int,
                                                             data: st.DataObject) -> None:
    top = data.draw(st.integers(1, 51 // players), label="max_hand")
    shape = data.draw(st.sampled_from(["down-up", "down", "up", "up-down"]), label="schedule")
    sizes = schedule(new_settings(ruleset, list(NAMES[:players]),
                                  options={"max_hand": top, "schedule": shape}))
    assert max(sizes) == top and min(sizes) == 1
    assert all(abs(a - b) == 1 for a, b in zip(sizes, sizes[1:]))  # one card a round
    peak = sizes.index(top)
    if shape in ("down-up", "up-down"):
        assert sizes == sizes[::-1] and len(sizes) == 2 * top - 1  # symmetric, no size twice in a row
        assert sizes.count(top if shape == "up-down" else 1) == 1
        assert (sizes[0], sizes[top - 1]) == ((top, 1) if shape == "down-up" else (1, top))
    else:
        assert len(sizes) == top and peak == (0 if shape == "down" else top - 1)


@pytest.mark.slow
@PROPERTY
@given(played_games("oh-hell", complete=True, scoring="squared"))
def test_squared_misses_are_never_positive(game: Played) -> None:
    for round_ in game.state.rounds:
        assert round_.bids is not None and round_.tricks is not None and round_.points is not None
        for bid, taken, points in zip(round_.bids, round_.tricks, round_.points):
            if bid != taken:
                assert points < 0  # −(bid − tricks)², and the difference is never 0


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", IN_TURN)
@PROPERTY
@given(data=st.data())
def test_zero_bid_only_changes_exact_zeros(ruleset: str, data: st.DataObject) -> None:
    """The same entries scored with ``zero_bid: standard``: only exact zeros score otherwise."""
    game: Played = data.draw(played_games(ruleset))
    options = {k: v for k, v in game.settings.options.items() if k in game.settings.ruleset.options}
    standard = fold(new_settings(ruleset, list(game.settings.players), game.settings.first_dealer,
                                 {**options, "zero_bid": "standard"}), game.entries)
    zero_bid = game.settings.options["zero_bid"]
    for ours, theirs in zip(game.state.rounds, standard.rounds):
        assert ours.bids is not None and ours.tricks is not None and ours.points is not None
        assert theirs.points is not None
        for bid, taken, mine, std in zip(ours.bids, ours.tricks, ours.points, theirs.points):
            if bid == taken == 0:
                assert mine == {"standard": std, "five": 5,
                                "five-plus-hand": 5 + ours.hand_size}[str(zero_bid)]
            else:
                assert mine == std


@pytest.mark.slow
@PROPERTY
@given(played_games(), st.data())
def test_a_legal_next_entry_is_accepted_whatever_the_options(game: Played,
                                                             data: st.DataObject) -> None:
    """Any combination of options: the model's legal entry is the engine's too."""
    if game.model.finished:
        return
    entry = data.draw(legal_entry(game.model))
    apply(game.state, entry)
