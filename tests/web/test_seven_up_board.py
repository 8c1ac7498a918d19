"""Seven-Up's scoreboard and what surrounds a hand: chips and the pot, the hands table, undo,
correcting a past hand, a watcher's view, htmx answers and a stale page."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask.testing import FlaskClient

from companion.rules import Beg, Hand

from .conftest import Scorekeeper, text
from .test_seven_up_hands import FOUR, TWO, add_hands, checked, seated, tap_hand


def test_chips_leave_each_side_and_fill_the_pot(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, FOUR, [3, 1], target="10")
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    page = text(keeper.client.get(keeper.url))
    assert "Ana & Cleo: 7 of 10 chips left" in page and "Ben & Dev: 9 of 10 chips left" in page
    assert "In the pot: 4 chips" in page
    sides = html[html.find('<ul class="chip-sides">'):html.find("</ul>", html.find('<ul class="chip-sides">'))]
    first, second = sides.split('<li class="chip-side side-1')
    assert first.count('<span class="chip"></span>') == 7 and first.count("chip-spent") == 3
    assert second.count('<span class="chip"></span>') == 9 and second.count("chip-spent") == 1
    pot = html[html.find('<span class="pot-chips"'):]
    pot = pot[: pot.find("</span>\n")]
    assert pot.count("chip side-0") == 3 and pot.count("chip side-1") == 1
    # The chip the last hand scored drops into the pot.
    assert pot.count("chip-new") == 1


def test_the_hands_table_lists_every_hand_with_each_sides_points(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    add_hands(keeper, Hand(1, Beg.GIVE, 0, 1, None, 0), Hand(0, Beg.RUN, 1, 1, 1, "tie"))
    page = text(keeper.client.get(keeper.url))
    assert "Scoreboard · first to 7" in page
    # A row a hand, then who took each point, under it across the table.
    assert ("Hand Ana Ben ★ (leading) Total 3 5 "
            "2 ✎ Ben dealt 0 3 +3 5 ran · High Ben · Low Ben · Jack Ben · Game tie "
            "1 ✎ Ana dealt +3 3 +2 2 Jacks turned 1 · gift: Ben · High Ana · Low Ben · "
            "Jack not in play · Game Ana") in page
    links = re.findall(r'href="(/g/[^"]+/hands/\d)"', keeper.client.get(keeper.url).get_data(as_text=True))
    assert links == [f"{keeper.url}/hands/2", f"{keeper.url}/hands/1"]


def test_undo_takes_back_the_last_hand(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    tap_hand(keeper, high=0, low=0, jack="none", game=0)
    assert "Undo the last hand" in text(keeper.client.get(keeper.url))
    assert keeper.post("undo", {}).status_code == 303
    assert keeper.stored().state.entries == ()


def test_undo_takes_back_a_redeal(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    tap_hand(keeper, beg="run", jacks_run=1, redeal="pack")
    assert keeper.stored().state.current.redeals == 1  # type: ignore[union-attr]
    keeper.post("undo", {})
    current = keeper.stored().state.current
    assert current is not None and current.redeals == 0 and keeper.stored().state.side_scores == (0, 0)


def test_a_past_hand_is_corrected_and_the_later_ones_follow(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    add_hands(keeper, Hand(0, Beg.GIVE, 0, 0, 1, 0), Hand(2, Beg.RUN, 1, 0, None, "tie"))
    response = keeper.client.get(f"{keeper.url}/hands/1")
    assert response.status_code == 200
    page = text(response)
    assert "Correct hand 1" in page and "Hand 1 · Ana dealt · Ben was eldest" in page
    assert "Pack ran out" not in page  # a correction replaces the hand that was played
    html = response.get_data(as_text=True)
    assert checked(html, "beg", "give") and checked(html, "high", 0) and checked(html, "low", 0)
    assert checked(html, "jack", 1) and checked(html, "game", 0) and checked(html, "turn_up", "other")
    assert keeper.stored().state.side_scores == (4, 5)
    response = keeper.post("hands/1", {"round": 1, "turn_up": "other", "beg": "stand",
                                      "jacks_run": 0, "high": 1, "low": "same", "jack": "none",
                                      "game": 0})
    assert response.status_code == 303 and response.headers["Location"] == keeper.url
    state = keeper.stored().state
    assert state.entries[0] == Hand(0, Beg.STAND, 1, 1, None, 0)
    assert state.side_scores == (2, 5)  # hand 2 counted again: Ben's jacks and high, Ana's low
    run = keeper.client.get(f"{keeper.url}/hands/2").get_data(as_text=True)
    assert checked(run, "beg", "run") and re.search(r'name="jacks_run"[^>]*value="2"', run)


def test_a_refused_correction_keeps_what_was_tapped(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [1, 6], dealer=0)
    add_hands(keeper, Hand(0, Beg.RUN, 0, 0, 0, 0))
    response = keeper.post("hands/8", {"round": 8, "turn_up": "other", "beg": "give",
                                      "high": 0, "low": 0, "jack": "none", "game": 0})
    assert response.status_code == 422
    assert "The dealer can't give one: it would put Ben's side out at 7. Run the cards." in text(response)
    html = response.get_data(as_text=True)
    assert checked(html, "beg", "give") and checked(html, "high", 0) and 'id="beg-error"' in html
    assert keeper.stored().state.entries[-1] == Hand(0, Beg.RUN, 0, 0, 0, 0)


def test_a_correction_that_breaks_a_later_hand_names_it(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [4, 4], dealer=0)
    add_hands(keeper, Hand(0, Beg.STAND, 1, 1, None, "tie"), Hand(0, Beg.STAND, 0, 0, None, "tie"))
    assert keeper.stored().state.side_scores == (6, 6)
    # Ben also won the jack and game in hand 9: he reaches 7 there, so hand 10 never happened.
    response = keeper.post("hands/9", {"round": 9, "turn_up": "other", "beg": "stand",
                                      "high": 1, "low": 1, "jack": 1, "game": 1})
    assert response.status_code == 422
    assert ("This correction would make round 10 impossible: The game is over: nothing more "
            "can be entered (undo still works).") in text(response)
    assert checked(response.get_data(as_text=True), "jack", 1)
    assert keeper.stored().state.side_scores == (6, 6)


def test_corrections_are_only_for_hands_played(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    number = keeper.stored().state.current.number  # type: ignore[union-attr]
    being_played = keeper.client.get(f"{keeper.url}/hands/{number}")
    assert being_played.status_code == 422
    assert f"Hand {number} is still being played: enter it, or undo." in text(being_played)
    assert keeper.client.get(f"{keeper.url}/hands/{number + 1}").status_code == 404
    oh_hell = start("oh-hell", ["Ana", "Ben", "Cleo"])
    assert oh_hell.client.get(f"{oh_hell.url}/hands/1").status_code == 404


def test_a_watcher_sees_the_chips_and_waits(start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = seated(start, TWO)
    tap_hand(keeper, high=0, low=0, jack="none", game=0)
    response = watcher.get(keeper.url)
    page = text(response)
    assert "Ana: 4 of 7 chips left" in page and "Playing hand 2…" in page
    html = response.get_data(as_text=True)
    assert "hand-form" not in html and "/hands/1" not in html
    assert watcher.post(f"{keeper.url}/hand", data={"version": keeper.version}).status_code == 403
    assert watcher.get(f"{keeper.url}/hands/1").status_code == 403


def test_htmx_gets_the_live_fragment(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    response = tap_hand(keeper, htmx=True, high=0, low=1, jack="none", game=0)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="game-live"') and "Save hand 2" in html


def test_a_stale_page_gets_the_game_as_it_is_and_keeps_the_taps(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    stale = keeper.version
    tap_hand(keeper, beg="run", jacks_run=1, redeal="pack")  # another phone: a redeal
    response = tap_hand(keeper, htmx=True, version=stale, high=1, low=1, jack=0, game=1)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Someone else just entered this round" in text(response)
    assert checked(html, "high", 1) and checked(html, "game", 1)  # still hand 1: kept
    assert len(keeper.stored().state.entries) == 1


def test_the_final_page_keeps_the_chips_and_the_hands(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, FOUR, [6, 6], dealer=1)
    assert tap_hand(keeper, high=3, low=0, jack=2, game=1).status_code == 303
    page = text(keeper.client.get(keeper.url))
    assert "Final standings" in page and "hand-form" not in page
    assert "Ben & Dev: 0 of 7 chips left" in page and "Ana & Cleo: 1 of 7 chips left" in page
    assert "High Ben & Dev (Dev) ★ 7: wins the game Low Ana & Cleo (Ana) not counted" in page
    assert "13 ✎ Ben dealt 0 6 +1 7" in page


def test_a_stale_correction_shows_the_game_as_it_is_and_keeps_the_taps(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO, [1, 1], dealer=0)
    stale = keeper.version
    add_hands(keeper, Hand(0, Beg.STAND, 0, 0, None, 0))  # someone else enters a hand meanwhile
    before = keeper.stored()
    response = keeper.post("hands/2", {"round": 2, "turn_up": "other", "beg": "run",
                                      "high": 1, "low": 1, "jack": "none", "game": 1},
                          version=stale)
    assert response.status_code == 409
    assert "Someone else just entered this round" in text(response)
    html = response.get_data(as_text=True)
    assert checked(html, "beg", "run") and checked(html, "high", 1)
    assert keeper.stored().state == before.state
