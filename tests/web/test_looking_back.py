"""Looking back and explaining: each score's why, the statistics from round 1 on, the
start time, the score sheet link, rematch, forget and delete, and who may do what."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.storage import store

from .conftest import HTMX, Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo"]


def why(response: object) -> list[str]:
    """Every explanation line of a page, in order (most recent round first)."""
    html = response.get_data(as_text=True)  # type: ignore[attr-defined]
    return [re.sub(r"[\s\u00a0\u202f]+", " ", html_lib.unescape(line)).strip()
            for line in re.findall(r'<p class="why-line">(.*?)</p>', html, flags=re.S)]


def _add(keeper: Scorekeeper, entry: rules.Entry) -> None:
    game = keeper.stored()
    store.add_entry(game, game.version, entry)


def finish_oh_hell(keeper: Scorekeeper) -> None:
    """Play an Oh Hell game of three out: every round, everyone bids 0 but the dealer, who
    bids 1 unless hooked; the first bidder takes every trick."""
    with keeper.app.app_context():
        while True:
            game = store.load_game(keeper.id)
            current = game.state.current
            if current is None:
                return
            bids = [0] * 3
            game = store.add_entry(game, game.version, rules.Bids(tuple(bids)))
            tricks = [0] * 3
            tricks[current.bidding_order[0]] = current.hand_size
            store.add_entry(game, game.version, rules.Tricks(tuple(tricks)))


def test_each_score_cell_explains_itself(start: Callable[..., Scorekeeper]) -> None:
    """Oh Hell, exact scoring, Ana deals 10 cards: Ben 3, Cleo 4, Ana 2 (hook 3: free). Tricks
    Ana 2, Ben 3, Cleo 5."""
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(3, 4, 2)
    assert keeper.tricks(2, 3, 5).status_code == 303
    page = keeper.client.get(keeper.url)
    html = page.get_data(as_text=True)
    assert '<details class="why" id="why-1-0">' in html
    assert why(page) == ["bid 2, took 2: exact, 10 + 2 = 12",
                         "bid 3, took 3: exact, 10 + 3 = 13",
                         "bid 4, took 5: missed by 1: 0"]


def test_elevator_and_oh_seven_explain_in_their_own_rules(start: Callable[..., Scorekeeper]) -> None:
    elevator = start("elevator", PLAYERS, dealer=0)
    elevator.bids(3, 4, 2)
    elevator.tricks(2, 3, 5)
    assert why(elevator.client.get(elevator.url)) == [
        "bid 2, took 2: exact, 2 + 10 = 12",
        "bid 3, took 3: exact, 3 + 10 = 13",
        "bid 4, took 5: missed by 1: 5, one a trick, no bonus"]
    oh_seven = start("oh-seven", ["Ana", "Ben"], dealer=0)
    oh_seven.cards("4s", "3h")  # add up to 7: a forced rebid, +1 for Ana's 4♠
    assert why(oh_seven.client.get(oh_seven.url)) == [
        "+1: the bids added up to 7, Ana's 4♠ was high (forced rebid)"]  # the round being bid
    oh_seven.cards("2h", "4d")
    oh_seven.tricks(4, 3)
    assert why(oh_seven.client.get(oh_seven.url)) == [
        "bid 2♥, took 4: missed by 2, −2",
        "+1: the bids added up to 7, Ana's 4♠ was high (forced rebid)",
        "Round total: −1",
        "bid 4♦, took 3: missed by 1, −1"]


def test_seven_up_cells_name_the_points(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Ben"], dealer=0)
    with keeper.app.app_context():
        _add(keeper, rules.Hand(1, rules.Beg.STAND, 1, 0, None, 1))
    whole = "The hand: High: Ben · Low: Ana · Jack: not in play · Game: Ben"
    assert why(keeper.client.get(keeper.url)) == [
        "Turned jack: Ana deals · Low: Ana", "This hand: +2", whole,
        "High: Ben · Game: Ben", "This hand: +2", whole]


@pytest.mark.parametrize(("language", "whole"), [
    ("en", "The hand: High: Ana · Low: Ana · Jack: Ben · Game: tie"),
    ("fr", "La donne : Atout haut : Ana · Atout bas : Ana · Valet : Ben · Partie : égalité"),
    ("it", "La mano: Alta: Ana · Bassa: Ana · Fante: Ben · Punti: parità"),
])
def test_each_seven_up_hand_says_who_took_each_point(start: Callable[..., Scorekeeper], language: str,
                                                     whole: str) -> None:
    keeper = start("seven-up", ["Ana", "Ben"], dealer=0)
    with keeper.app.app_context():  # a lone trump (high and low), Ben's jack, game tied
        _add(keeper, rules.Hand(0, rules.Beg.STAND, 0, 0, 1, "tie"))
    lines = why(keeper.client.get(keeper.url, headers={"Accept-Language": language}))
    assert lines.count(whole) == 2, lines  # in each side's cell, where its score opens
    with keeper.app.app_context():  # nobody held a trump: no high, no low
        _add(keeper, rules.Hand(0, rules.Beg.STAND, None, None, None, 0))
    if language == "en":
        lines = why(keeper.client.get(keeper.url))
        assert "The hand: High: no trump · Low: no trump · Jack: not in play · Game: Ana" in lines


def test_explanations_in_french(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(3, 4, 2)
    keeper.tricks(2, 3, 5)
    lines = why(keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}))
    assert lines[1] == "annonce 3, 3 plis : réussi, 10 + 3 = 13"


def test_statistics_show_from_the_first_round(start: Callable[..., Scorekeeper],
                                              watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    before = text(watcher.get(keeper.url))
    assert "Statistics Players: 3 Rounds scored: 0" in before
    keeper.bids(3, 4, 2)
    keeper.tricks(2, 3, 5)
    page = text(watcher.get(keeper.url))
    assert "Players: 3 Rounds scored: 1 Zero bids: 0% of all bids Average top bid: 4.0" in page
    assert "Points a round 12.0 13.0 0.0" in page
    assert "Bid made 100% 100% 0%" in page and "Over the bid 0% 0% 100%" in page
    assert '<details class="panel stats">' in watcher.get(keeper.url).get_data(as_text=True)


def test_seven_up_statistics_on_the_page(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Ben"], dealer=0)
    with keeper.app.app_context():
        _add(keeper, rules.Hand(1, rules.Beg.GIVE, 1, 0, None, 1))
    page = text(keeper.client.get(keeper.url))
    assert "Players: 2 Hands played: 1 Redeals: 0 The eldest begged: 100% of hands" in page
    assert "High 0 1 Low 1 0 Jack 0 0 Game 0 1 Gifts received 0 1 Turned jacks (as dealer) 1 0" in page


def test_the_page_says_when_the_game_started_and_links_its_files(start: Callable[..., Scorekeeper],
                                                               client: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS)
    created = keeper.stored().created_at.replace(tzinfo=None).isoformat(timespec="seconds")
    for page in (client.get(keeper.url), client.get("/")):
        html = page.get_data(as_text=True)
        stamp = re.search(r'<time datetime="([^"]+)" data-local-time\s', html)
        assert stamp and stamp.group(1).startswith(created) and stamp.group(1).endswith("+00:00")
        # The words game.js needs to write it in the phone's time zone (the numbers are its own).
        assert re.search(r'data-day="\w{3} \d+, \d{4}"\s+data-day-after="\w{3} \d+, \d{4}"\s+'
                         r'data-clock-am="1:45\u202fAM"\s+data-clock-pm="1:45\u202fPM">', html)
    html = client.get(keeper.url).get_data(as_text=True)
    assert f'href="/api/v1/games/{keeper.id}/scores.csv" download>Download the score sheet (CSV)</a>' in html
    assert f'href="/api/v1/games/{keeper.id}" type="application/json">The game as JSON</a>' in html
    # Finished, the page is the table's keepsake: its score sheet still, the JSON no more.
    finish_oh_hell(keeper)
    for page in (client.get(keeper.url), keeper.client.get(keeper.url)):
        html = page.get_data(as_text=True)
        assert "Final standings" in html
        assert "Download the score sheet (CSV)" in html
        assert "The game as JSON" not in html and 'type="application/json"' not in html


def test_rematch_starts_the_next_game_with_the_next_dealer(start: Callable[..., Scorekeeper],
                                                          client: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=1, oh_hell_schedule="down")
    assert client.post(f"{keeper.url}/rematch").status_code == 409  # not over yet
    finish_oh_hell(keeper)
    final = keeper.client.get(keeper.url)
    assert "Rematch Same players, seats and options; Cleo deals first." in text(final)
    response = client.post(f"{keeper.url}/rematch")
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert new_id != keeper.id
    with keeper.app.app_context():
        new = store.load_game(new_id)
    old = keeper.stored()
    assert new.settings.players == old.settings.players
    assert dict(new.settings.options) == dict(old.settings.options)
    # Ben dealt round 1, so Ben dealt round 10 too (ten rounds, three players: 1 + 9 = 10th).
    assert old.state.rounds[-1].dealer == 1 and new.settings.first_dealer == 2
    assert "Cleo deals" in text(client.get(f"/g/{new_id}"))
    assert new.state.entries == () and "you keep score" in text(client.get("/"))


def test_a_watcher_can_neither_delete_nor_rematch(start: Callable[..., Scorekeeper],
                                                 watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS)
    finish_oh_hell(keeper)
    page = watcher.get(keeper.url).get_data(as_text=True)
    assert "Rematch" not in page and "Delete this game" not in page
    assert watcher.post(f"{keeper.url}/rematch").status_code == 403
    assert watcher.get(f"{keeper.url}/delete").status_code == 403
    assert watcher.post(f"{keeper.url}/delete").status_code == 403
    assert watcher.get(keeper.url).status_code == 200


def test_deleting_asks_once_then_the_game_is_404_for_everyone(start: Callable[..., Scorekeeper],
                                                             client: FlaskClient,
                                                             watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS)
    watcher.get(keeper.url)
    ask = client.get(f"{keeper.url}/delete")
    assert ask.status_code == 200
    assert "Delete this game? Oh Hell · Ana, Ben, Cleo" in text(ask)
    assert "It will be gone for everyone" in text(ask)
    done = client.post(f"{keeper.url}/delete")
    assert done.status_code == 303 and done.headers["Location"] == "/"
    home = text(client.get("/"))
    assert "The game was deleted." in home and "Ana, Ben, Cleo" not in home
    for phone in (client, watcher):
        for path in ("", "/live?v=1", "/delete", "/rounds/1"):
            assert phone.get(f"{keeper.url}{path}").status_code == 404, path
        assert phone.get(f"/api/v1/games/{keeper.id}").status_code == 404
        assert phone.get(f"/api/v1/games/{keeper.id}/scores.csv").status_code == 404
    assert client.post(f"{keeper.url}/delete").status_code == 404
    assert "Ana, Ben, Cleo" not in text(watcher.get("/"))


def test_forget_takes_a_game_off_this_phones_list_only(start: Callable[..., Scorekeeper],
                                                      client: FlaskClient,
                                                      watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS)
    watcher.get(keeper.url)
    assert "Ana, Ben, Cleo" in text(watcher.get("/"))
    response = watcher.post(f"{keeper.url}/forget")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "Ana, Ben, Cleo" not in text(watcher.get("/"))
    assert "Ana, Ben, Cleo" in text(client.get("/"))  # the scorekeeper's list keeps it
    assert watcher.get(keeper.url).status_code == 200  # the game is still there
    assert watcher.post(f"{keeper.url}/forget", headers=HTMX).status_code == 200
    # The home page's script says it is itself (static/js/forget.js), not htmx.
    assert watcher.post(f"{keeper.url}/forget", headers={"Companion-Forget": "1"}).status_code == 200


@pytest.mark.parametrize("path", ["", "/live", "/delete", "/keep/x"])
def test_an_unknown_game_is_404(client: FlaskClient, path: str) -> None:
    assert client.get(f"/g/no-such-game{path}").status_code == 404
    assert client.post("/g/no-such-game/rematch").status_code == 404
    assert client.post("/g/no-such-game/delete").status_code == 404


def test_the_live_part_answers_204_until_something_changes(start: Callable[..., Scorekeeper],
                                                           watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    version = keeper.version
    assert watcher.get(f"{keeper.url}/live?v={version}", headers=HTMX).status_code == 204
    keeper.bid(1, 2)
    fresh = watcher.get(f"{keeper.url}/live?v={version}", headers=HTMX)
    assert fresh.status_code == 200 and "Ben" in text(fresh)
    assert f"live?v={version + 1}" in fresh.get_data(as_text=True)
