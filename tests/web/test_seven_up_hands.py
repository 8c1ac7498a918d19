"""Seven-Up hands at the table: stand, give one (or not, near the target), run the cards with
jacks turned, redeals, a lone trump, the jack not in play, ties for game, three players and
partnerships, and games that end on a turned jack or by the counting-out order (docs/rules.md 4).

The helpers here are shared with the other ``test_seven_up_*`` modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from companion import rules
from companion.rules import TIE, Beg, Hand
from companion.storage import store

from .conftest import Scorekeeper, text

TWO = ["Ana", "Ben"]
THREE = ["Ana", "Ben", "Cleo"]
FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def tap_hand(keeper: Scorekeeper, htmx: bool = False, version: int | None = None, **answers: Any) -> Any:
    """Post the hand form as a phone would: what was tapped, on top of the fresh form's
    defaults (no jack turned, the eldest stands)."""
    current = keeper.stored().state.current
    data: dict[str, Any] = {"round": current.number if current else 0, "turn_up": "other",
                            "beg": "stand", "jacks_run": "0"}
    data.update({name: str(value) for name, value in answers.items()})
    return keeper.post("hand", data, htmx=htmx, version=version)


def add_hands(keeper: Scorekeeper, *hands: rules.Hand) -> None:
    """Hands entered straight through the store (to set a game up)."""
    with keeper.app.app_context():
        for hand in hands:
            game = store.load_game(keeper.id)
            store.add_entry(game, game.version, hand)


def game_to(seat: int) -> rules.Hand:
    """A hand where only game was scored, by ``seat``."""
    return rules.Hand(0, rules.Beg.STAND, None, None, None, seat)


def reach(keeper: Scorekeeper, scores: list[int]) -> None:
    """Sides (seats, or team 0 and 1) at ``scores``, one game point a hand, taking turns."""
    hands = []
    left = list(scores)
    while any(left):
        for side, count in enumerate(left):
            if count:
                hands.append(game_to(side))
                left[side] -= 1
    add_hands(keeper, *hands)


def first_dealer(players: int, scores: list[int], dealer: int) -> int:
    """The first dealer that makes ``dealer`` deal once ``reach(scores)`` was played."""
    return (dealer - sum(scores)) % players


def checked(html: str, name: str, value: object) -> bool:
    """Whether the radio ``name`` = ``value`` is checked in the page."""
    marker = f'name="{name}" value="{value}"'
    start = html.find(marker)
    return start >= 0 and " checked" in html[start : html.find(">", start)]


def seated(start: Callable[..., Scorekeeper], players: list[str], scores: list[int] | None = None,
           dealer: int = 0, **options: str) -> Scorekeeper:
    """A game whose sides are at ``scores`` with ``dealer`` about to deal."""
    scores = scores or [0] * (2 if len(players) == 4 else len(players))
    keeper = start("seven-up", players, dealer=first_dealer(len(players), scores, dealer), **options)
    reach(keeper, scores)
    current = keeper.stored().state.current
    assert current is not None and current.dealer == dealer
    return keeper


def last_entry(keeper: Scorekeeper) -> Any:
    return keeper.stored().state.entries[-1]


# -- the hand as it happens ------------------------------------------------------------------------


def test_the_form_follows_the_hand_in_order(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = keeper.client.get(keeper.url)
    page = text(response)
    steps = ["1 The turn-up", "Not a jack", "A jack: +1 Ana", "2 Ben stands or begs", "Ben stands",
             "Ben begs, Ana gives one +1 Ben", "Ben begs, Ana runs the cards",
             "Jacks turned while running", "Pack ran out: redeal", "Bunch: redeal",
             "3 After play", "High", "No trump in play", "Low", "Same as high: a lone trump",
             "Jack", "Not in play", "Game", "Tie: nobody scores", "Save hand 1"]
    position = page.find("Hand 1 Save")
    for step in steps:  # each one after the one before
        position = page.find(step, position)
        assert position != -1, step
    html = response.get_data(as_text=True)
    # The usual hand is pre-tapped: no jack turned, the eldest stands; play is not.
    assert checked(html, "turn_up", "other") and checked(html, "beg", "stand")
    assert not any(checked(html, point, 0) or checked(html, point, 1)
                   for point in ("high", "low", "jack", "game"))
    assert 'id="jacks-run"' in html and '<label class="run-label" for="jacks-run">' in html


def test_a_hand_where_the_eldest_stands(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    assert tap_hand(keeper, high=0, low=1, jack=0, game=1).status_code == 303
    state = keeper.stored().state
    assert state.entries == (Hand(0, Beg.STAND, 0, 1, 0, 1),)
    assert state.side_scores == (2, 2)
    page = text(keeper.client.get(keeper.url))
    assert "Hand 2 · Ben deals · Ana is eldest · first to 7" in page
    assert "Ana: 5 of 7 chips left" in page and "In the pot: 4 chips" in page


def test_the_dealer_gives_one_to_the_eldest(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    assert tap_hand(keeper, beg="give", high=0, low=0, jack="none", game=0).status_code == 303
    assert last_entry(keeper) == Hand(0, Beg.GIVE, 0, 0, None, 0)
    round_ = keeper.stored().state.rounds[0]
    assert [(a.point, a.seat) for a in round_.awards] == [("gift", 1), ("high", 0), ("low", 0),
                                                          ("game", 0)]
    assert "gift: Ben" in text(keeper.client.get(keeper.url))


def gift_refused(keeper: Scorekeeper, reason: str) -> str:
    """The gift offered disabled with ``reason``; a post that gives one anyway (a page from
    before, or a crafted post) refused at its field, nothing written. The refused page's HTML."""
    response = keeper.client.get(keeper.url)
    assert reason in text(response)
    html = response.get_data(as_text=True)
    give = html[html.find('name="beg" value="give"'):]
    assert give[: give.find(">")].split() == ['name="beg"', 'value="give"', "disabled",
                                              'aria-describedby="gift-refused"']
    version = keeper.version
    response = tap_hand(keeper, htmx=True, beg="give", high=0, low="same", jack=1, game="tie")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert '<p class="field-error" id="beg-error">' + reason.replace("'", "&#39;") + "</p>" in html
    assert ('value="give" checked disabled aria-invalid="true" '
            'aria-describedby="beg-error gift-refused"') in html
    assert keeper.version == version
    return html


def test_a_gift_that_would_put_the_eldest_out_is_disabled_and_refused_at_the_field(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [2, 6], dealer=0)  # Ben, eldest, needs one point
    # A page from before (or a crafted post) still gives one: the engine refuses, nothing is lost.
    html = gift_refused(
        keeper, "The dealer can't give one: it would put Ben's side out at 7. Run the cards.")
    assert checked(html, "high", 0) and checked(html, "low", "same") and checked(html, "jack", 1)
    assert checked(html, "game", "tie") and checked(html, "beg", "give")
    assert len(keeper.stored().state.entries) == 8  # the version unmoved: gift_refused
    # The dealer runs the cards instead.
    assert tap_hand(keeper, beg="run", high=0, low=0, jack=1, game="tie").status_code == 303
    assert keeper.stored().state.side_scores == (4, 7)


def test_running_the_cards_counts_each_jack_turned_for_the_dealer(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, turn_up="jack", beg="run", jacks_run=2, high=1, low=1, jack=0,
                        game=1)
    assert response.status_code == 303
    assert last_entry(keeper) == Hand(3, Beg.RUN, 1, 1, 0, 1)  # the turn-up and two more
    assert keeper.stored().state.side_scores == (4, 3)
    assert "+4 4 +3 3 Jacks turned 3 · ran · High Ben · Low Ben · Jack Ana · Game Ben" in text(
        keeper.client.get(keeper.url))


def test_jacks_counted_for_a_run_do_not_count_when_the_eldest_stood(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    assert tap_hand(keeper, beg="stand", jacks_run=2, high=1, low=1, jack=0, game=1).status_code == 303
    assert last_entry(keeper) == Hand(0, Beg.STAND, 1, 1, 0, 1)


def test_the_jacks_stepper_counts_without_javascript(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    version = keeper.version
    response = tap_hand(keeper, beg="run", jacks_run=1, step="up", high=1)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert re.search(r'name="jacks_run"[^>]*value="2"', html) and checked(html, "high", 1)
    down = tap_hand(keeper, beg="run", jacks_run=0, step="down")
    assert re.search(r'name="jacks_run"[^>]*value="0"', down.get_data(as_text=True))
    assert keeper.version == version


def test_too_many_jacks_are_refused_at_the_jacks(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, turn_up="jack", beg="run", jacks_run=4, high=1, low=1, jack=0, game=1)
    assert response.status_code == 422
    assert "A pack has only 4 jacks." in text(response)
    html = response.get_data(as_text=True)
    assert 'id="jacks-run-error"' in html and re.search(r'name="jacks_run"[^>]*value="4"', html)


@pytest.mark.parametrize("button", ["pack", "bunch"])
def test_a_redeal_keeps_the_turned_jacks_and_the_same_dealer_deals(
        start: Callable[..., Scorekeeper], button: str) -> None:
    keeper = seated(start, TWO, dealer=1)
    assert tap_hand(keeper, beg="run", jacks_run=1, redeal=button, high=0).status_code == 303
    state = keeper.stored().state
    assert last_entry(keeper) == Hand(1, Beg.RUN, None, None, None, None, redeal=True)
    assert state.current is not None and state.current.number == 1 and state.current.dealer == 1
    assert state.current.redeals == 1 and state.side_scores == (0, 1)
    page = text(keeper.client.get(keeper.url))
    assert "Hand 1 · Ben deals · Ana is eldest" in page
    assert "Redealt once: Ben deals again. The turned jack stays: +1 Ben." in page
    assert "Ben: 6 of 7 chips left" in page
    # The hand is then played; the scoreboard counts the redeal's jack with it.
    assert tap_hand(keeper, high=0, low=0, jack="none", game=0).status_code == 303
    assert ("Jacks turned 1 (1 redeal) · stood · High Ana · Low Ana · Jack not in play · "
            "Game Ana") in text(keeper.client.get(keeper.url))


def test_a_lone_trump_is_high_and_low_in_one_tap(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, THREE)
    assert tap_hand(keeper, high=2, low="same", jack="none", game=0).status_code == 303
    assert last_entry(keeper) == Hand(0, Beg.STAND, 2, 2, None, 0)
    assert keeper.stored().state.side_scores == (1, 0, 2)


def test_the_jack_not_in_play_scores_nobody(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    assert tap_hand(keeper, high=1, low=0, jack="none", game=1).status_code == 303
    assert last_entry(keeper).jack is None
    assert [a.point for a in keeper.stored().state.rounds[0].awards] == ["high", "low", "game"]
    assert "High Ben · Low Ana · Jack not in play · Game Ben" in text(keeper.client.get(keeper.url))


def test_no_trump_in_play_asks_only_for_game(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    assert tap_hand(keeper, high="none", game=0).status_code == 303
    assert last_entry(keeper) == Hand(0, Beg.STAND, None, None, None, 0)


@pytest.mark.parametrize(("game_tie", "scores", "label"), [
    ("nobody", (0, 0), "Tie: nobody scores"),
    ("eldest", (0, 1), "Tie: Ben scores (eldest)"),
])
def test_a_tie_for_game(start: Callable[..., Scorekeeper], game_tie: str, scores: tuple[int, int],
                        label: str) -> None:
    keeper = seated(start, TWO, game_tie=game_tie)
    assert label in text(keeper.client.get(keeper.url))
    assert tap_hand(keeper, high="none", game="tie").status_code == 303
    assert last_entry(keeper).game == TIE
    assert keeper.stored().state.side_scores == scores


def test_a_tie_for_game_goes_to_the_eldest_team(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, FOUR, game_tie="eldest")
    assert "Tie: Ben & Dev score (eldest's side)" in text(keeper.client.get(keeper.url))
    assert tap_hand(keeper, high="none", game="tie").status_code == 303
    assert keeper.stored().state.side_scores == (0, 1)


def test_low_to_the_trick_winner_asks_who_won_low(start: Callable[..., Scorekeeper]) -> None:
    holder = seated(start, TWO)
    assert "Who held the lowest trump in play?" in text(holder.client.get(holder.url))
    keeper = seated(start, TWO, low_to="winner")
    page = text(keeper.client.get(keeper.url))
    assert "Who won the trick with the lowest trump in play?" in page
    response = tap_hand(keeper, high=1)
    assert "Who won low?" in text(response)


def test_three_players_a_gift_scores_both_non_dealers(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, THREE, dealer=2)
    assert "Ana begs, Cleo gives one +1 Ana · +1 Ben" in text(keeper.client.get(keeper.url))
    assert tap_hand(keeper, beg="give", high=2, low=2, jack=2, game=2).status_code == 303
    round_ = keeper.stored().state.rounds[0]
    assert [(a.point, a.seat) for a in round_.awards][:2] == [("gift", 0), ("gift", 1)]
    assert keeper.stored().state.side_scores == (1, 1, 4)


def test_three_players_a_gift_that_would_put_the_other_non_dealer_out_is_refused_at_the_field(
        start: Callable[..., Scorekeeper]) -> None:
    """docs/rules.md section 4 (Foster's *Complete Hoyle*): with three players the gift may put
    neither non-dealer out; Cleo, who is not the eldest, is the one named."""
    keeper = seated(start, THREE, [2, 3, 6], dealer=0)  # Ben eldest at 3, Cleo at 6 of 7
    gift_refused(keeper, "The dealer can't give one: it would put Cleo out at 7. Run the cards.")
    version = keeper.version
    # In French, at the field too; both named when the gift would put both out.
    french = {"Accept-Language": "fr"}
    response = keeper.client.post(f"{keeper.url}/hand", headers={**french, "HX-Request": "true"}, data={
        "version": version, "round": keeper.stored().state.current.number, "turn_up": "other",
        "beg": "give", "jacks_run": "0", "high": "none", "game": "tie"})
    assert response.status_code == 422
    assert '<p class="field-error" id="beg-error">Le donneur ne peut pas' in response.get_data(as_text=True)
    # (text() reads the no-break spaces French puts around « » and before : as spaces)
    assert ("Le donneur ne peut pas dire « prends un point » : Cleo atteindrait 7. "
            "Il faut redonner.") in text(response)
    both = seated(start, THREE, [0, 6, 6], dealer=0)
    assert ("Le donneur ne peut pas dire « prends un point » : Ben et Cleo "
            "atteindraient 7. Il faut redonner.") in text(both.client.get(both.url, headers=french))
    assert ("Il mazziere non può dire «prendi un punto»: Ben e Cleo arriverebbero a 7. "
            "Bisogna ridare.") in text(both.client.get(both.url, headers={"Accept-Language": "it"}))


def test_three_players_a_gift_below_the_target_is_offered(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, THREE, [6, 5, 5], dealer=0)  # the dealer's own 6 stops nothing
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    give = html[html.find('name="beg" value="give"'):]
    assert "disabled" not in give[: give.find(">")] and 'id="gift-refused"' not in html
    assert tap_hand(keeper, beg="give", high="none", game="tie").status_code == 303
    assert keeper.stored().state.side_scores == (6, 6, 6)


def test_partnerships_score_for_the_team(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, FOUR)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    page = text(keeper.client.get(keeper.url))
    assert "Ana & Cleo: 7 of 7 chips left" in page and "Ben & Dev: 7 of 7 chips left" in page
    assert "A jack: +1 Ana & Cleo" in page and "Ben begs, Ana gives one +1 Ben & Dev" in page
    # Game is a team's: one button a team, which sends the team's first seat.
    game = html[html.find('<fieldset class="field point point-game"'):]
    assert 'name="game" value="0"' in game and 'name="game" value="1"' in game
    assert 'name="game" value="2"' not in game
    assert "Ana &amp; Cleo</span>" in re.sub(r"</?bdi[^>]*>", "", game)  # names isolated
    assert tap_hand(keeper, high=2, low=3, jack=0, game=1).status_code == 303
    state = keeper.stored().state
    assert state.side_scores == (2, 2) and state.scores == (2, 2, 2, 2)
    page = text(keeper.client.get(keeper.url))
    assert "Ana & Cleo: 5 of 7 chips left" in page
    assert "+2 2 +2 2 stood · High Cleo · Low Dev · Jack Ana · Game Ben & Dev" in page


def test_answers_left_out_are_asked_for_at_their_fields(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, htmx=True, high=1)
    assert response.status_code == 422
    page = text(response)
    assert "Who held low?" in page and "Who won the jack? Or: not in play." in page
    assert "Who made game? Or: a tie." in page and "Who held high?" not in page
    html = response.get_data(as_text=True)
    assert 'id="low-error"' in html and 'id="game-error"' in html and checked(html, "high", 1)
    assert keeper.stored().state.entries == ()


def test_an_impossible_hand_is_explained_by_the_rule(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, htmx=True, high="none", low=1, game=0)
    assert response.status_code == 422
    assert ("Low was scored, so someone held high: a lone trump is both high and low."
            in text(response))
    assert 'id="high-error"' in response.get_data(as_text=True)


def test_a_crafted_seat_is_refused(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, high=5, low=5, jack="none", game=0)
    assert response.status_code == 422
    assert "That player is not in this game." in text(response)
    assert tap_hand(keeper, high="Ana", low=0, jack="none", game=0).status_code == 400


# -- the end of the game -------------------------------------------------------------------------


def test_a_turned_jack_that_wins_ends_the_game_before_the_beg(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, FOUR, [6, 5], dealer=2)  # Cleo deals for Ana & Cleo
    page = text(keeper.client.get(keeper.url))
    assert "A turned jack wins the game for Ana & Cleo: the hand is not played." in page
    assert "Save: Ana & Cleo win" in page
    # Nothing after the turn-up is asked: the jack won.
    response = tap_hand(keeper, turn_up="jack")
    assert response.status_code == 303
    state = keeper.stored().state
    assert state.finished and state.side_scores == (7, 5) and state.winners == (0, 2)
    assert state.winning_award == rules.Award("jack-turned", 2, 0, True)
    assert [a.point for a in state.rounds[-1].awards] == ["jack-turned"]
    assert last_entry(keeper) == Hand(1, Beg.STAND, None, None, None, None, redeal=False)
    page = text(keeper.client.get(keeper.url))
    assert "How hand 12 was counted" in page
    assert "Turned jack Ana & Cleo (Cleo) ★ 7: wins the game" in page
    assert "Jacks turned 1 · ended on a turned jack · not played" in page


def test_jacks_turned_while_running_can_end_the_game(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [5, 0], dealer=0)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert 'data-jacks-win-table="[false, false, true, true, true]"' in html
    assert tap_hand(keeper, beg="run", jacks_run=2, high=1).status_code == 303
    state = keeper.stored().state
    assert state.finished and state.side_scores == (7, 0)
    # An honest record: the cards were run, not redealt; the hand ended before play.
    assert last_entry(keeper) == Hand(2, Beg.RUN, None, None, None, None, redeal=False)


def test_the_counting_out_order_decides_a_hand_that_takes_both_sides_past_the_target(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [6, 6], dealer=0)
    # Ben held high; Ana low, jack and game: high is counted first, so Ben wins on it.
    assert tap_hand(keeper, high=1, low=0, jack=0, game=0).status_code == 303
    state = keeper.stored().state
    assert state.finished and state.winners == (1,) and state.side_scores == (6, 7)
    page = text(keeper.client.get(keeper.url))
    assert "How hand 13 was counted" in page
    # The order is the engine's (rules.seven_up.COUNTING_ORDER), in the table's words.
    assert ("Points count in this order: Turned jack, Gift, High, Low, Jack, Game. The first side "
            "to reach 7 wins; points after that one are not counted.") in page
    assert ("High Ben ★ 7: wins the game Low Ana not counted Jack Ana not counted "
            "Game Ana not counted") in page
    assert "Ben: 0 of 7 chips left" in page and "Ana: 1 of 7 chips left" in page
    # The scoreboard strikes the points after the winning one.
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert ('<span class="not-counted"><bdi class="name">Ana</bdi><span class="visually-hidden"> (not counted)</span>'
            '</span>') in html
    assert "+0 6 +1 7" not in page and "0 6 +1 7 stood · High Ben · Low Ana (not counted)" in page


def test_a_finished_game_takes_no_more_hands(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [6, 0], dealer=0)
    assert tap_hand(keeper, turn_up="jack").status_code == 303
    response = tap_hand(keeper, htmx=True, high=1, low=1, jack="none", game=1)
    assert response.status_code == 422
    assert "The game is over: nothing more can be entered (undo still works)." in text(response)
