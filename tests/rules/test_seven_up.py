"""Golden tables for Seven-Up (docs/rules.md section 4; seed 004)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules import (CURRENT_GIFT_RULE, GameState, GiftRule, Phase, RuleError, apply, fold,
                             gift_receivers, gift_refusal, may_give, new_settings, put_out_by_gift,
                             rematch_settings, settings_from_json)

from .builders import bids, hand, seven_up_at, start, tricks


def awards(state) -> list[tuple[str, int, bool]]:  # type: ignore[no-untyped-def]
    """The last scored hand's points in counting order: (point, seat, counted)."""
    return [(a.point, a.seat, a.counted) for a in state.rounds[-1].awards]


# -- one hand: stand, give, run, the four points ----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "entry", "points", "counted"),
    [
        pytest.param(2, hand(high=0, low=1, jack=1, game=0), (2, 2),
                     [("high", 0), ("low", 1), ("jack", 1), ("game", 0)], id="RULES-4-stand"),
        pytest.param(2, hand(high=0, low=0, game="tie", beg="give"), (2, 1),
                     [("gift", 1), ("high", 0), ("low", 0)], id="seed-004-give-eldest-scores-1"),
        pytest.param(3, hand(game="tie", beg="give"), (0, 1, 1),
                     [("gift", 1), ("gift", 2)], id="RULES-4-give-3-players-both-non-dealers"),
        pytest.param(4, hand(game="tie", beg="give"), (0, 1, 0, 1),
                     [("gift", 1)], id="RULES-4-give-4-players-eldest-team"),
        pytest.param(2, hand(high=1, low=1, game=1, beg="run", jacks=2), (2, 3),
                     [("jack-turned", 0), ("jack-turned", 0), ("high", 1), ("low", 1), ("game", 1)],
                     id="RULES-4-run-two-jacks-turned"),
        pytest.param(2, hand(high=1, low=0, game=1, beg="run"), (1, 2),
                     [("high", 1), ("low", 0), ("game", 1)], id="seed-004-run-no-gift"),
        pytest.param(2, hand(high=0, low=0, game=0, jacks=1), (4, 0),
                     [("jack-turned", 0), ("high", 0), ("low", 0), ("game", 0)], id="seed-004-turned-jack-for-dealer"),
        pytest.param(3, hand(high=2, low=2, jack=2, game=1), (0, 1, 3),
                     [("high", 2), ("low", 2), ("jack", 2), ("game", 1)], id="RULES-4-lone-trump-high-and-low"),
        pytest.param(3, hand(high=2, low=0, game=1), (1, 1, 1),
                     [("high", 2), ("low", 0), ("game", 1)], id="RULES-4-jack-not-in-play"),
        pytest.param(2, hand(game=1), (0, 1), [("game", 1)], id="RULES-4-no-trump-in-play"),
        pytest.param(2, hand(high=0, low=0, game="tie"), (2, 0),
                     [("high", 0), ("low", 0)], id="RULES-4-game-tie-nobody"),
        pytest.param(4, hand(high=2, low=2, jack=0, game=3), (3, 1, 3, 1),
                     [("high", 2), ("low", 2), ("jack", 0), ("game", 3)], id="RULES-4-partnerships-0-2-vs-1-3"),
        pytest.param(3, hand(high=0, low=1, jack=2, game=0, beg="give", jacks=1), (3, 2, 2),
                     [("jack-turned", 0), ("gift", 1), ("gift", 2), ("high", 0), ("low", 1), ("jack", 2), ("game", 0)],
                     id="RULES-4-counting-order"),
    ],
)
def test_hand(players: int, entry: object, points: tuple[int, ...], counted: list[tuple[str, int]]) -> None:
    """Dealer seat 0, eldest seat 1; each point is counted in docs/rules.md's order."""
    state = apply(start("seven-up", players), entry)  # type: ignore[arg-type]
    scored = state.rounds[-1]
    assert scored.phase is Phase.DONE and scored.dealer == 0 and scored.eldest == 1
    assert scored.points == points and state.scores == points
    assert awards(state) == [(p, s, True) for p, s in counted]
    assert state.current is not None and state.current.dealer == 1 and state.current.number == 2


@pytest.mark.parametrize(
    ("players", "seats"), [(2, (1,)), (3, (1, 2)), (4, (1,))], ids=["2p-eldest", "3p-both-non-dealers", "4p-eldest"]
)
def test_gift_receivers(players: int, seats: tuple[int, ...]) -> None:
    state = start("seven-up", players)
    assert state.current is not None and gift_receivers(state.settings, state.current) == seats


@pytest.mark.parametrize(
    ("players", "option", "game_to"),
    [
        pytest.param(2, "nobody", None, id="RULES-4-tie-nobody"),
        pytest.param(2, "eldest", 1, id="RULES-4-tie-eldest-is-the-non-dealer"),
        pytest.param(3, "eldest", 1, id="RULES-4-tie-eldest-3-players"),
        pytest.param(4, "eldest", 1, id="RULES-4-tie-eldest-team"),
    ],
)
def test_game_tie(players: int, option: str, game_to: int | None) -> None:
    state = apply(start("seven-up", players, game_tie=option), hand(game="tie"))
    expected = [("game", game_to, True)] if game_to is not None else []
    assert awards(state) == expected
    if players == 4 and game_to is not None:
        assert state.side_scores == (0, 1) and state.scores == (0, 1, 0, 1)


@pytest.mark.parametrize("low_to", ["holder", "winner"])
def test_low_to_records_the_seat_the_table_names(low_to: str) -> None:
    """docs/rules.md section 4: ``low_to`` says who the table gives low to; the engine scores the seat
    entered, which may differ from high's even with one trump in play when low goes to the
    trick's winner."""
    assert new_settings("seven-up", ["A", "B"]).options["low_to"] == "holder"
    state = apply(start("seven-up", 2, low_to=low_to), hand(high=0, low=1, game="tie"))
    assert awards(state) == [("high", 0, True), ("low", 1, True)]


# -- impossible hands ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "code", "reason"),
    [
        pytest.param(hand(low=0, game=0), "hand", "low-without-high", id="API-low-without-high"),
        pytest.param(hand(high=0, game=0), "hand", "high-without-low", id="RULES-4-lone-trump-is-low-too"),
        pytest.param(hand(jack=0, game=0), "hand", "jack-without-trump", id="RULES-4-jack-is-a-trump"),
        pytest.param(hand(game=None), "hand", "game-missing", id="API-game-seat-or-tie"),
        pytest.param(hand(game=0, jacks=2), "hand", "jacks-without-run", id="RULES-4-one-turn-up-unless-run"),
        pytest.param(hand(game=0, jacks=2, beg="give"), "hand", "jacks-without-run", id="RULES-4-give-turns-one"),
        pytest.param(hand(game=0, jacks=5, beg="run"), "hand", "jacks-count", id="RULES-4-four-jacks"),
        pytest.param(hand(game=0, jacks=-1), "hand", "jacks-count", id="API-jacks-at-least-0"),
        pytest.param(hand(high=2, low=2, game=0), "seat", "seat", id="API-seat-not-in-game"),
        pytest.param(hand(game=-1), "seat", "seat", id="API-negative-seat"),
        pytest.param(bids(1, 0), "phase", "entry-kind", id="API-no-bids"),
        pytest.param(tricks(3, 3), "phase", "entry-kind", id="API-no-tricks"),
    ],
)
def test_impossible_hands(entry: object, code: str, reason: str) -> None:
    with pytest.raises(RuleError) as caught:
        apply(start("seven-up", 2), entry)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.reason) == (code, reason)


# -- the dealer may not give the winning point ---------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "target", "teams", "refused"),
    [
        pytest.param([0, 6], 7, False, True, id="RULES-4-gift-would-win"),
        pytest.param([0, 5], 7, False, False, id="RULES-4-gift-below-target"),
        pytest.param([0, 9], 10, False, True, id="RULES-4-gift-would-win-target-10"),
        pytest.param([0, 8], 10, False, False, id="RULES-4-gift-below-target-10"),
        pytest.param([0, 6], 7, True, True, id="RULES-4-gift-would-win-team"),
    ],
)
def test_gift_would_win(scores: list[int], target: int, teams: bool, refused: bool) -> None:
    """The side that is eldest this hand stands at ``scores[1]``; the dealer's side at 0."""
    state = seven_up_at(scores, target=target, teams=teams)
    current = state.current
    assert current is not None
    if current.dealer % 2 == 1:  # make side 1 the eldest's: play one hand worth nothing
        state = apply(state, hand(game="tie"))
        current = state.current
        assert current is not None
    assert state.settings.side_of(current.eldest) == 1  # type: ignore[arg-type]
    assert may_give(state.settings, current, state.side_scores, 0) is not refused
    gift = hand(game="tie", beg="give")
    if refused:
        with pytest.raises(RuleError) as caught:
            apply(state, gift)
        assert (caught.value.code, caught.value.field, caught.value.seat) == ("gift-would-win", "beg", current.eldest)
        run = apply(state, hand(game="tie", beg="run"))  # running the cards is fine
        assert run.side_scores == state.side_scores
    else:
        assert apply(state, gift).side_scores[1] == scores[1] + 1


#: Three players, seat 0 dealing: Ben (seat 1) is the eldest, Cleo (seat 2) the other receiver.
THREE = ("Ana", "Ben", "Cleo")


def three_players_at(scores: list[int], first_edition: bool = False, **options: object) -> GameState:
    """A three-player game at ``scores`` with seat 0 to deal; under the first edition of the
    gift's rule if asked (as a game stored before it named none loads)."""
    state = seven_up_at(scores, first_dealer=-sum(scores) % 3, **options)
    if first_edition:
        settings = settings_from_json({k: v for k, v in state.settings.to_json().items()
                                       if k != "gift_rule"})
        state = fold(settings, state.entries)
    assert state.current is not None and state.current.dealer == 0
    return state


@pytest.mark.parametrize(
    ("scores", "target", "jacks", "out", "reason", "message"),
    [
        # Hand-computed: a gift gives Ben and Cleo 1 each; at target − 1 that puts them out.
        pytest.param([0, 0, 6], 7, 0, (2,), "gift-would-put-out",
                     "the dealer may not give one: it would put Cleo out at 7; the cards must be run",
                     id="RULES-4-Hoyle-3p-non-eldest-at-6-refused"),
        pytest.param([0, 6, 0], 7, 0, (1,), "gift-would-put-out",
                     "the dealer may not give one: it would put Ben out at 7; the cards must be run",
                     id="RULES-4-Hoyle-3p-eldest-at-6-refused"),
        pytest.param([0, 6, 6], 7, 0, (1, 2), "gift-would-put-out-both",
                     "the dealer may not give one: it would put Ben and Cleo out at 7; the cards "
                     "must be run", id="RULES-4-Hoyle-3p-both-at-6-both-named-eldest-first"),
        pytest.param([0, 0, 9], 10, 0, (2,), "gift-would-put-out",
                     "the dealer may not give one: it would put Cleo out at 10; the cards must be "
                     "run", id="RULES-4-Hoyle-3p-non-eldest-at-9-of-10-refused"),
        # The dealer's turned jack is the dealer's point, never a receiver's.
        pytest.param([5, 0, 6], 7, 1, (2,), "gift-would-put-out",
                     "the dealer may not give one: it would put Cleo out at 7; the cards must be run",
                     id="RULES-4-Hoyle-3p-turned-jack-is-not-the-receivers"),
        pytest.param([0, 5, 5], 7, 0, (), None, None, id="RULES-4-Hoyle-3p-neither-at-6-allowed"),
        pytest.param([6, 0, 0], 7, 0, (), None, None, id="RULES-4-Hoyle-3p-dealer-at-6-allowed"),
        pytest.param([0, 8, 8], 10, 0, (), None, None, id="RULES-4-Hoyle-3p-neither-at-9-of-10-allowed"),
    ],
)
def test_three_players_no_gift_puts_either_non_dealer_out(
        scores: list[int], target: int, jacks: int, out: tuple[int, ...], reason: str | None,
        message: str | None) -> None:
    """docs/rules.md section 4, after Foster's *Complete Hoyle*, Seven-Up: "the dealer cannot give
    a player enough to put him out"; with three players both non-dealers receive the gift, so
    neither may reach the target by it."""
    state = three_players_at(scores, target=target)
    current = state.current
    assert current is not None and current.eldest == 1
    assert put_out_by_gift(state.settings, current, state.side_scores, jacks) == out
    assert may_give(state.settings, current, state.side_scores, jacks) is (not out)
    gift = hand(game="tie", beg="give", jacks=jacks)
    if out:
        with pytest.raises(RuleError) as caught:
            apply(state, gift)
        error = caught.value
        assert (error.code, error.reason, error.field, error.seat) == ("gift-would-win", reason, "beg", out[0])
        assert error.message == message
        assert error.params["player"] == THREE[out[0]] and error.params["target"] == target
        assert error.params.get("other") == (THREE[out[1]] if len(out) == 2 else None)
        assert gift_refusal(state.settings, current, state.side_scores, jacks) is not None
        ran = apply(state, hand(game="tie", beg="run", jacks=jacks))  # running is fine
        assert ran.side_scores == (scores[0] + jacks, scores[1], scores[2])
    else:
        assert gift_refusal(state.settings, current, state.side_scores, jacks) is None
        given_one = apply(state, gift)
        assert given_one.side_scores == (scores[0] + jacks, scores[1] + 1, scores[2] + 1)
        assert not given_one.finished


@pytest.mark.parametrize(
    ("scores", "teams", "refused"),
    [
        pytest.param([0, 6], False, True, id="RULES-4-2p-eldest-at-6-refused-as-before"),
        pytest.param([6, 5], False, False, id="RULES-4-2p-dealer-at-6-allowed-as-before"),
        pytest.param([0, 6], True, True, id="RULES-4-partners-eldest-team-at-6-refused-as-before"),
        pytest.param([6, 5], True, False, id="RULES-4-partners-dealer-team-at-6-allowed-as-before"),
    ],
)
def test_two_players_and_partners_are_unchanged(scores: list[int], teams: bool, refused: bool) -> None:
    """docs/rules.md section 4: with two players or partners the gift goes to the eldest's side
    alone, which is all the rule looks at, in either edition; the refusal still names the side."""
    for first_edition in (False, True):
        state = seven_up_at(scores, teams=teams)
        assert state.current is not None and state.current.eldest is not None
        if state.settings.side_of(state.current.eldest) != 1:
            state = apply(state, hand(game="tie"))  # let side 1 be the eldest's
        if first_edition:
            state = fold(replace(state.settings, gift_rule=GiftRule.ELDEST_SIDE), state.entries)
        current = state.current
        assert current is not None and current.eldest is not None
        error = gift_refusal(state.settings, current, state.side_scores, 0)
        assert (error is not None) is refused
        if error is not None:
            assert (error.code, error.reason, error.seat) == ("gift-would-win", "gift-would-win", current.eldest)
            assert "'s side out at 7" in error.message


@pytest.mark.parametrize(
    ("scores", "allowed", "winner"),
    [
        pytest.param([0, 0, 6], True, 2, id="first-edition-3p-non-eldest-goes-out-on-the-gift"),
        pytest.param([0, 6, 6], False, None, id="first-edition-3p-eldest-at-6-refused"),
        pytest.param([0, 6, 0], False, None, id="first-edition-3p-eldest-alone-refused"),
    ],
)
def test_a_game_begun_under_the_first_edition_keeps_it(
        scores: list[int], allowed: bool, winner: int | None) -> None:
    """docs/rules.md section 4: a game begun before the rule reached the non-eldest keeps playing
    under the rule it began with, where only the eldest's side is looked at, so the other
    non-dealer's gift point can win (counted after the eldest's)."""
    state = three_players_at(scores, first_edition=True)
    assert state.settings.gift_rule is GiftRule.ELDEST_SIDE
    gift = hand(high=1, low=1, game=1, beg="give")
    if allowed:
        state = apply(state, gift)
        assert state.finished and state.winners == (winner,)
        # The game ended before play: the hand's play points were never played, so not listed.
        assert awards(state) == [("gift", 1, True), ("gift", 2, True)]
    else:
        with pytest.raises(RuleError) as caught:
            apply(state, gift)
        assert (caught.value.reason, caught.value.seat) == ("gift-would-put-out", 1)
        assert caught.value.params.get("other") is None  # the first edition looks at Ben alone


def test_editions_are_stored_for_seven_up_only() -> None:
    """A new Seven-Up game stores the edition it begins with; other games store nothing new,
    and a rematch is a new game, under today's edition."""
    seven = new_settings("seven-up", list(THREE))
    assert seven.gift_rule is CURRENT_GIFT_RULE is GiftRule.EVERY_RECEIVER
    assert seven.to_json()["gift_rule"] == "every-receiver"
    assert settings_from_json(seven.to_json()) == seven
    assert "gift_rule" not in new_settings("oh-hell", list(THREE)).to_json()
    old = three_players_at([0, 0, 0], first_edition=True).settings
    assert old != seven and old.to_json()["gift_rule"] == "eldest-side"
    finished = fold(old, [hand(game=2)] * 7)
    assert finished.finished and rematch_settings(finished).gift_rule is CURRENT_GIFT_RULE
    with pytest.raises(RuleError) as caught:
        settings_from_json({**seven.to_json(), "gift_rule": "dealer"})
    assert (caught.value.code, caught.value.field) == ("ruleset", "gift_rule")


# -- counting out: the first side to reach the target wins ---------------------------------------------


@pytest.mark.parametrize(
    ("scores", "entry", "winner", "point", "final"),
    [
        pytest.param([6, 6], hand(high=1, low=0, jack=0, game=0), 1, "high", (6, 7), id="seed-004-high-first"),
        pytest.param([5, 6, 6], hand(high=0, low=1, jack=2, game=2), 1, "low", (6, 7, 6),
                     id="seed-004-low-before-jack"),
        pytest.param([4, 6, 6], hand(high=0, low=0, jack=1, game=2), 1, "jack", (6, 7, 6),
                     id="seed-004-jack-before-game"),
        pytest.param([6, 3, 0], hand(high=1, low=1, jack=1, game=0), 0, "game", (7, 6, 0), id="seed-004-game-last"),
        pytest.param([6, 6], hand(high=1, low=1, game=1, beg="give", jacks=1), 0, "jack-turned", (7, 6),
                     id="RULES-4-turned-jack-ends-the-game-before-play"),
        pytest.param([6, 6], hand(high=1, low=1, game=1, beg="run", jacks=2), 0, "jack-turned", (7, 6),
                     id="RULES-4-first-turned-jack-wins"),
    ],
)
def test_counting_out(scores: list[int], entry: object, winner: int, point: str, final: tuple[int, ...]) -> None:
    """The hand is dealt by seat 0 (the eldest is seat 1); docs/rules.md section 4 "win"."""
    state = seven_up_at(scores, first_dealer=-sum(scores) % len(scores))
    assert state.current is not None and state.current.dealer == 0
    state = apply(state, entry)  # type: ignore[arg-type]
    assert state.finished and state.current is None
    assert state.side_scores == final
    assert state.winning_award is not None
    assert (state.winning_award.point, state.winning_award.side) == (point, winner)
    assert state.winners == (winner,)
    counted = [a.counted for a in state.rounds[-1].awards]
    assert counted == sorted(counted, reverse=True)  # nothing counted after the winning point
    assert state.standings[0].seats == (winner,) and state.standings[0].rank == 1
    assert [s.rank for s in state.standings].count(1) == 1  # Seven-Up never ties


def test_partnership_game_won_by_a_team() -> None:
    """Seats 0 and 2 against 1 and 3: team 0 at 6, team 1 at 5; seat 2's low puts team 0 out."""
    state = seven_up_at([6, 5], teams=True)
    state = apply(state, hand(high=3, low=2, jack=1, game=0))
    assert state.finished and state.side_scores == (7, 6) and state.scores == (7, 6, 7, 6)
    assert state.winning_award is not None
    assert (state.winning_award.point, state.winning_award.seat, state.winning_award.side) == ("low", 2, 0)
    assert state.winners == (0, 2)
    assert [(s.side, s.seats, s.score, s.rank) for s in state.standings] == [(0, (0, 2), 7, 1), (1, (1, 3), 6, 2)]
    assert state.rounds[-1].points == (1, 1, 1, 1)


def test_losers_on_equal_scores_share_their_place() -> None:
    state = seven_up_at([5, 5, 6])
    state = apply(state, hand(game=2))
    assert state.finished
    assert [(s.seats, s.score, s.rank) for s in state.standings] == [((2,), 7, 1), ((0,), 5, 2), ((1,), 5, 2)]


# -- redeals -------------------------------------------------------------------------------------------


def test_redeal_hands() -> None:
    """docs/rules.md section 4 "bunch" and "stand or beg": a redeal records no points but its turned
    jacks; the same dealer deals again and the round goes on."""
    state = start("seven-up", 2)
    state = apply(state, hand(high=0, low=0, jack=0, game=0, redeal=True))  # points ignored
    current = state.current
    assert current is not None
    assert (current.number, current.dealer, current.redeals, current.phase) == (1, 0, 1, Phase.HAND)
    assert state.scores == (0, 0) and state.rounds == ()
    state = apply(state, hand(redeal=True, jacks=2, beg="run"))
    assert state.current is not None and state.current.redeals == 2 and state.scores == (2, 0)
    assert state.current.points_so_far == (2, 0)
    state = apply(state, hand(high=1, low=1, game=0))
    scored = state.rounds[-1]
    assert (scored.number, scored.dealer, scored.redeals, len(scored.hands)) == (1, 0, 2, 3)
    assert scored.points == (3, 2) and state.scores == (3, 2)
    assert state.current is not None and state.current.dealer == 1


def test_a_turned_jack_that_wins_ends_the_hand_before_it_is_played() -> None:
    """docs/rules.md section 4 "win": "A game can end before play (a turned-up jack)": the hand is
    recorded with its turned jack alone, no beg answered and no play points."""
    state = seven_up_at([6, 6], first_dealer=0)
    assert state.current is not None and state.current.dealer == 0
    state = apply(state, hand(game=None, jacks=1))
    assert state.finished and state.winners == (0,)
    assert awards(state) == [("jack-turned", 0, True)]
    assert state.rounds[-1].redeals == 0


def test_a_hand_that_does_not_end_before_play_needs_its_play_points() -> None:
    state = seven_up_at([5, 6], first_dealer=1)
    assert state.current is not None and state.current.dealer == 0
    with pytest.raises(RuleError) as caught:
        apply(state, hand(game=None, jacks=1))  # the dealer reaches 6 only: play goes on
    assert (caught.value.code, caught.value.reason) == ("hand", "game-missing")


def test_a_redeal_jack_can_win_the_game() -> None:
    state = seven_up_at([0, 6])
    assert state.current is not None and state.current.dealer == 0
    state = apply(state, hand(redeal=True, jacks=1, game=1))
    assert state.current is not None and state.current.dealer == 0 and state.scores == (1, 6)
    state = seven_up_at([6, 0], first_dealer=0)
    assert state.current is not None and state.current.dealer == 0
    state = apply(state, hand(redeal=True, jacks=1, beg="run"))
    assert state.finished and state.winning_award is not None
    assert (state.winning_award.point, state.winners) == ("jack-turned", (0,))
    assert state.rounds[-1].redeals == 0  # the hand that won is not a redeal to play again


# -- target, players ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "scores_before_end"), [(7, 6), (10, 9)],
                         ids=["RULES-4-target-7", "RULES-4-target-10"])
def test_target(target: int, scores_before_end: int) -> None:
    state = seven_up_at([scores_before_end, 0], target=target)
    assert not state.finished
    state = apply(state, hand(game=0))
    assert state.finished and state.scores == (target, 0)


@pytest.mark.parametrize(("players", "ok"), [(1, False), (2, True), (3, True), (4, True), (5, False)])
def test_player_counts(players: int, ok: bool) -> None:
    names = [f"P{i}" for i in range(players)]
    if ok:
        settings = new_settings("seven-up", names)
        assert settings.has_teams is (players == 4)
        assert list(settings.sides) == ([0, 1] if players == 4 else list(range(players)))
    else:
        with pytest.raises(RuleError) as caught:
            new_settings("seven-up", names)
        assert caught.value.code == "players"
