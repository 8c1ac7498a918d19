"""The answers a scorekeeper's phone goes on with offline (``rules.offline_answers``): golden rows
from docs/rules.md, and a property holding them to what ``apply`` accepts and refuses."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.rules import (
    Bids,
    Card,
    GameState,
    Phase,
    RuleError,
    Suit,
    Tricks,
    apply,
    filled_in_tricks,
    last_tricks,
    every_round,
    offline_answers,
    pad_end,
    Points,
    reveal_answers,
    tricks_left,
    tricks_unshared,
)
from companion.rules.cards import deck

from .builders import play_to_round, start, tricks
from .strategies import played_games
from .expected import SCHEDULES, card, cards


def _five_cards(**options: object) -> GameState:
    """Oh Hell, 4 players, round 5 of the rising schedule: 5 cards, dealt by seat 0."""
    state = play_to_round(start("oh-hell", 4, first_dealer=0, schedule="up", **options), 5)
    assert state.current is not None and state.current.hand_size == 5
    return state


def test_the_seeds_worked_example() -> None:
    """docs/rules.md section 2, the worked example: bids 1, 2, 0 before the dealer total 3, so
    the dealer may not bid 2; tricks 1, 3, 0 leave the dealer 1."""
    state = _five_cards()
    answers = offline_answers(state)
    assert answers is not None
    assert answers.hand_size == 5
    assert answers.forbidden_bids[3] == 2
    assert answers.last_tricks[4] == 1
    # One row per total the three others can reach: 0 to 15.
    assert len(answers.forbidden_bids) == len(answers.last_tricks) == 16
    assert answers.bidding_order[-1] == answers.dealer


def test_the_dealer_is_free_when_the_number_is_outside_the_hand() -> None:
    """docs/rules.md section 2, hook: "If that number is outside 0..hand size, the dealer is
    free"; tricks: no count completes a hand the others already overtook."""
    answers = offline_answers(_five_cards())
    assert answers is not None
    assert answers.forbidden_bids[0] == 5
    assert answers.forbidden_bids[5] == 0
    assert answers.forbidden_bids[6:] == (None,) * 10
    assert answers.last_tricks[5] == 0
    assert answers.last_tricks[6:] == (None,) * 10


def test_no_hook_this_game() -> None:
    """docs/rules.md section 6, the hook option: "never" frees the dealer in every round."""
    answers = offline_answers(_five_cards(hook="never"))
    assert answers is not None
    assert set(answers.forbidden_bids) == {None}
    assert answers.last_tricks[4] == 1  # the tricks still add up to the hand


def test_no_hook_in_the_last_round() -> None:
    """docs/rules.md section 6, the hook option: "not-last" frees the dealer in the last round."""
    state = start("oh-hell", 3, schedule="up", hook="not-last", max_hand=3)
    assert offline_answers(state).forbidden_bids[0] == 1  # type: ignore[union-attr]
    last = play_to_round(state, 3)
    assert set(offline_answers(last).forbidden_bids) == {None}  # type: ignore[union-attr]


def test_oh_seven_has_no_hook_but_shares_its_tricks() -> None:
    """docs/rules.md section 1: bids are cards, there is no hook; the tricks add up to the hand."""
    answers = offline_answers(start("oh-seven", 4))
    assert answers is not None
    assert set(answers.forbidden_bids) == {None}
    assert answers.last_tricks[answers.hand_size] == 0


def test_seven_up_and_a_finished_game_have_none() -> None:
    assert offline_answers(start("seven-up", 2)) is None
    done = play_to_round(start("oh-hell", 3, schedule="up", max_hand=1), 2)
    assert done.finished and offline_answers(done) is None


def test_last_tricks_agrees_with_the_answers() -> None:
    state = apply(_five_cards(), Bids((1, 2, 0, 1)))
    answers = offline_answers(state)
    assert answers is not None
    assert last_tricks(state, [None, 1, 3, 0]) == answers.last_tricks[4] == tricks_left(5, 4)
    apply(state, tricks(1, 1, 3, 0))  # accepted: the answers' count


def _bid_in(ruleset: str, players: int) -> GameState:
    """Round 1 of ``ruleset`` with every bid in, its tricks due."""
    state = start(ruleset, players)
    if ruleset == "oh-seven":
        return apply(state, Bids(tuple(card(c) for c in ("3s", "2h", "4d", "0c", "1s")[:players])))
    return apply(state, Bids((0,) * players))


@pytest.mark.parametrize(("ruleset", "hand_size"), [
    ("oh-hell", SCHEDULES["down-up"][5][0]),  # docs/rules.md section 2: 10 cards for 5 players
    ("elevator", SCHEDULES["down-up"][5][0]),  # section 3: Oh Hell's hand sizes
    ("oh-seven", 7),  # section 1: 7 cards dealt each round
])
def test_one_player_took_the_whole_hand(ruleset: str, hand_size: int) -> None:
    """The tricks together make the hand size (docs/rules.md sections 1-3): once one player's
    count is the hand, every player left took 0, however many they are; the engine fills them
    in, the answers say so for the page, and the round is accepted."""
    state = _bid_in(ruleset, 5)
    answers = offline_answers(state)
    assert answers is not None and answers.hand_size == hand_size
    assert answers.rest_tricks[hand_size] == 0
    assert set(answers.rest_tricks[:hand_size] + answers.rest_tricks[hand_size + 1:]) == {None}
    assert len(answers.rest_tricks) == len(answers.last_tricks) == hand_size * 4 + 1
    filled = filled_in_tricks(state, [None, hand_size, None, None, None])
    assert filled == (0, hand_size, 0, 0, 0)
    assert tricks_unshared(state, [None, hand_size, None, None, None]) == 0
    apply(state, Tricks(filled))  # type: ignore[arg-type]


def test_tricks_left_to_share_decide_nothing_for_two_or_more() -> None:
    """10 cards (Elevator, 5 players, round 1): 4 taken, 6 left to share among four players,
    nobody's count is decided; one player left gets the rest; counts over the hand, nothing."""
    state = _bid_in("elevator", 5)
    assert filled_in_tricks(state, [4, None, None, None, None]) == (4, None, None, None, None)
    assert tricks_unshared(state, [4, None, None, None, None]) == 6
    assert filled_in_tricks(state, [4, 3, 0, 1, None]) == (4, 3, 0, 1, 2)
    assert filled_in_tricks(state, [7, 5, None, None, None]) == (7, 5, None, None, None)
    assert tricks_unshared(state, [7, 5, None, None, None]) is None
    assert filled_in_tricks(state, [1, 2, 3, 4, 0]) == (1, 2, 3, 4, 0)


def test_nothing_is_filled_in_while_bids_are_due() -> None:
    state = start("oh-hell", 4)
    assert filled_in_tricks(state, [10, None, None, None]) == (10, None, None, None)
    assert tricks_unshared(state, [10, None, None, None]) is None


# Most played games are not in a round's tricks: the filtering is the point, not a slowness.
@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(played=played_games(), data=st.data())
def test_the_rest_answers_say_what_apply_accepts(played: object, data: st.DataObject) -> None:
    """Whatever the game and the round: with two or more players left, filling them all with 0
    is accepted exactly when the answers say 0 for the entered total, and ``filled_in_tricks``
    fills in just that."""
    state = played.state  # type: ignore[attr-defined]
    current = state.current
    assume(current is not None and current.phase is Phase.TRICKS)
    answers = offline_answers(state)
    assert answers is not None
    n = len(state.settings.players)
    assume(n >= 3)
    left = data.draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=n - 1))
    counts = [None if s in left else data.draw(st.integers(0, current.hand_size))
              for s in range(n)]
    entered = sum(c for c in counts if c is not None)
    zeros = tuple(0 if c is None else c for c in counts)
    accepted = _refused(state, Tricks(zeros)) is None
    assert accepted == (answers.rest_tricks[entered] == 0), (counts, entered)
    filled = filled_in_tricks(state, counts)
    assert filled == (zeros if accepted else tuple(counts))


def _refused(state: GameState, entry: Bids | Tricks) -> RuleError | None:
    try:
        apply(state, entry)
    except RuleError as error:
        return error
    return None


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played=played_games(), data=st.data())
def test_the_answers_say_what_apply_accepts(played: object, data: st.DataObject) -> None:
    """Whatever the game and the round, the dealer's every bid is refused for the hook exactly
    when the answers name it, and the last player's every count is accepted exactly when the
    answers name it; the answers taken at any point of the round are the same."""
    state = played.state  # type: ignore[attr-defined]
    current = state.current
    assume(current is not None and state.settings.family.value != "seven-up")
    answers = offline_answers(state)
    assert answers is not None
    n = len(state.settings.players)
    size = current.hand_size
    if state.settings.family.value == "turn-bids" and current.phase is Phase.BIDDING:
        bids = list(current.bids)
        for seat in current.bidding_order[:-1]:  # the dealer bids last
            if bids[seat] is None:
                bids[seat] = data.draw(st.integers(0, size))
        before_dealer = apply(state, Bids(tuple(bids))) if bids != list(current.bids) else state
        assert offline_answers(before_dealer) == answers
        others = sum(b for s, b in enumerate(bids) if s != current.dealer)
        for bid in range(size + 1):
            dealer = list(bids)
            dealer[current.dealer] = bid
            error = _refused(before_dealer, Bids(tuple(dealer)))
            hooked = error is not None and error.code == "hook"
            assert hooked == (bid == answers.forbidden_bids[others]), (bid, others, error)
            assert error is None or hooked
        return
    if current.phase is not Phase.TRICKS:
        return  # Oh-Seven bidding: cards, not counts
    last = data.draw(st.integers(0, n - 1))
    counts = [data.draw(st.integers(0, size)) for _ in range(n)]
    others = sum(c for s, c in enumerate(counts) if s != last)
    expected = answers.last_tricks[others]
    for count in range(size + 1):
        counts[last] = count
        accepted = _refused(state, Tricks(tuple(counts))) is None
        assert accepted == (count == expected), (count, others, counts)


# Oh Hell and Elevator offline to the end: every round's answers, carried from the start.

@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played=played_games())
def test_every_round_is_the_round_the_engine_starts(played: object) -> None:
    """Whatever the game and wherever it is, the answers carried for every round are the ones
    the engine gives once that round is the current one: a round's hand size, dealer, bidding
    order and hook hang on the settings alone, never on what was bid or taken."""
    state = played.state  # type: ignore[attr-defined]
    ahead = every_round(state.settings)
    if state.settings.family.value != "turn-bids":
        assert ahead == ()
        return
    assert [a.number for a in ahead] == list(range(1, (state.total_rounds or 0) + 1))
    for scored in state.rounds:
        assert (ahead[scored.number - 1].hand_size, ahead[scored.number - 1].dealer,
                ahead[scored.number - 1].bidding_order) == (
            scored.hand_size, scored.dealer, scored.bidding_order)
    if state.current is not None:
        assert ahead[state.current.number - 1] == offline_answers(state)


def test_every_round_of_a_game_played_through() -> None:
    """Elevator, 3 players, up to 3 cards, no hook in the last round (docs/rules.md sections 3
    and 6): each round played in turn meets the answers carried for it from the start."""
    state = start("elevator", 3, schedule="up", hook="not-last", max_hand=3)
    ahead = every_round(state.settings)
    assert [(a.hand_size, a.dealer, a.hooked) for a in ahead] == [
        (1, 0, True), (2, 1, True), (3, 2, False)]
    assert ahead[1].forbidden_bids[:4] == (2, 1, 0, None)
    assert set(ahead[2].forbidden_bids) == {None}
    assert ahead[2].last_tricks[:5] == (3, 2, 1, 0, None)
    while state.current is not None:
        assert offline_answers(state) == ahead[state.current.number - 1]
        state = play_to_round(state, state.current.number + 1)
    assert state.finished


# --- Oh-Seven: the cards revealed offline (``rules.reveal_answers``) ---------------------------


def _reveal_says_rebid(state: GameState, bid: tuple[Card, ...]) -> bool:
    """What the phone works out from the answers alone: the values' total looked up, and with
    two decks the strongest card (latest in the engine's order) bid more than once."""
    answers = reveal_answers(state)
    assert answers is not None
    tokens = [c.token for c in bid]
    strongest = max(tokens, key=answers.order.index)
    value = dict(zip(answers.order, answers.values))
    return answers.rebid_totals[sum(value[t] for t in tokens)] or (
        answers.shared_high_rebids and tokens.count(strongest) > 1)


@pytest.mark.parametrize("players, bid, rebid", [
    # docs/rules.md section 1, "forced rebid, first cause": the values add up to exactly 7.
    (4, "3s 2h 1d 1c", True),
    (4, "3s 2h 4d 0c", False),
    # "second cause", two decks only: two players bid the very same high card.
    (5, "7s 7s 0h 0d 0c", True),
    # Both causes at once: one rebid.
    (5, "3s 3s 1h 0d 0c", True),
    # Two decks, the same card twice but not the high one: the cards stand.
    (5, "1h 1h 6s 0d 0c", False),
    # One deck: the high card shared cannot happen (duplicate-card); equal values rank by suit.
    (4, "5h 5d 0s 1c", False),
])
def test_the_cards_revealed_say_whether_they_stand(players: int, bid: str, rebid: bool) -> None:
    state = start("oh-seven", players)
    cards_bid = cards(bid)
    assert _reveal_says_rebid(state, cards_bid) is rebid
    after = apply(state, Bids(cards_bid))
    assert after.current is not None
    assert (after.current.phase is Phase.BIDDING) is rebid  # the engine agrees


def test_no_reveal_answers_outside_oh_sevens_bids() -> None:
    state = start("oh-seven", 4)
    after = apply(state, Bids(cards("3s 2h 4d 0c")))
    assert reveal_answers(after) is None  # the tricks now
    assert reveal_answers(start("oh-hell", 4)) is None
    answers = reveal_answers(state)
    assert answers is not None
    assert dict(zip(answers.order, zip(answers.values, answers.suits)))["3-spades"] == (3, Suit.SPADES)
    assert len(answers.order) == 32 and len(answers.rebid_totals) == 7 * 4 + 1


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), data=st.data())
def test_the_reveal_answers_agree_with_the_engine(players: int, data: st.DataObject) -> None:
    """Any cards the engine accepts: the answers predict its rebid exactly."""
    state = start("oh-seven", players)
    bid = tuple(data.draw(st.sampled_from(deck())) for _ in range(players))
    try:
        after = apply(state, Bids(bid))
    except RuleError:
        assume(False)  # a card twice with one deck: refused, never revealed
        return
    current = after.current
    assert current is not None
    assert _reveal_says_rebid(state, bid) is (current.phase is Phase.BIDDING)
    if current.phase is Phase.TRICKS:
        # The strongest revealed: its suit is trump, its player leads.
        answers = reveal_answers(state)
        assert answers is not None
        tokens = [c.token for c in bid]
        strongest = max(tokens, key=answers.order.index)
        assert current.leader == tokens.index(strongest)
        assert current.trump is answers.suits[answers.order.index(strongest)]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(target=st.none() | st.integers(1, 60), rounds=st.none() | st.integers(1, 4),
       lowest=st.booleans(), data=st.data())
def test_a_pads_end_is_looked_up_as_the_engine_judges_it(target: int | None, rounds: int | None,
                                                         lowest: bool, data: st.DataObject) -> None:
    """Any round of a score pad: the answers say whether it ends the game exactly when the
    engine ends it there (the last of its rounds, or a side at the target)."""
    options: dict[str, object] = {"winner": "lowest"} if lowest else {}
    if target is not None:
        options["target"] = target
    if rounds is not None:
        options["rounds"] = rounds
    state = start("score-pad", 3, **options)
    for _round in range(5):
        if state.current is None:
            assert pad_end(state) is None
            break
        end = pad_end(state)
        assert end is not None
        points = tuple(data.draw(st.integers(-30, 30)) for _ in range(3))
        ends = end.last_round or any(
            reach is not None and scored >= reach for scored, reach in zip(points, end.reaching))
        state = apply(state, Points(points))
        assert ends is state.finished
    assert pad_end(start("oh-hell", 4)) is None
