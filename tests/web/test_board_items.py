"""Around the scoreboards: a team's Game names the side, in
the explanation and the score sheet; the dealer's turned jacks said once; a saved Seven-Up hand
says who scored; equal totals never drawn as one line; a deleted game's watchers told so (and
its record of deleted ids migrates up and down); forgetting says what it takes away."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable

import pytest
from flask import Flask, get_template_attribute
from flask.testing import FlaskClient
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from companion import rules
from companion.storage.models import db
from companion.web.shared.chart import LEVEL_GROWTH, marker_scale, score_chart

from .conftest import HTMX, Scorekeeper, text
from .test_looking_back import why
from .test_seven_up_hands import FOUR, TWO, add_hands, tap_hand


def test_a_teams_game_point_names_the_side_in_the_explanation(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", FOUR, dealer=0)  # Ana & Cleo against Ben & Dev
    add_hands(keeper, rules.Hand(0, rules.Beg.STAND, 1, 0, None, 1))  # the form keeps seat 1
    lines = why(keeper.client.get(keeper.url))
    whole = "The hand: High: Ben · Low: Ana · Jack: not in play · Game: Ben & Dev"
    assert lines == ["Low: Ana", "This hand: +1", whole,
                     "High: Ben · Game: Ben & Dev", "This hand: +2", whole]


def test_a_teams_game_point_names_the_side_in_the_score_sheet(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", FOUR, dealer=0)
    add_hands(keeper, rules.Hand(0, rules.Beg.STAND, 1, 0, None, 1),
              rules.Hand(0, rules.Beg.STAND, 2, 2, 3, "tie"))
    body = keeper.client.get(f"/api/v1/games/{keeper.id}/scores.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [row["game"] for row in rows] == ["Ben & Dev", "tie"]
    # With partners every point goes to the seat's team (docs/rules.md section 4): the sheet
    # names the side for high, low and jack too (the explanation says who held the card).
    assert [row["high"] for row in rows] == ["Ben & Dev", "Ana & Cleo"]
    two = start("seven-up", TWO, dealer=0)
    add_hands(two, rules.Hand(0, rules.Beg.STAND, 1, 0, None, 1))
    body = two.client.get(f"/api/v1/games/{two.id}/scores.csv").get_data(as_text=True)
    assert next(csv.DictReader(io.StringIO(body)))["game"] == "Ben"


def test_the_dealers_turned_jacks_are_said_once_with_their_number(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Tante 🐈"], dealer=1)
    add_hands(keeper, rules.Hand(2, rules.Beg.RUN, 0, 0, None, 0))
    lines = why(keeper.client.get(keeper.url))
    assert "2 turned jacks: Tante 🐈 deals" in lines
    assert not any(line.count("Turned jack") > 1 for line in lines)
    french = why(keeper.client.get(keeper.url, headers={"Accept-Language": "fr"}))
    assert "2 valets retournés : Tante 🐈 donne" in french  # why() reads a no-break space as one


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Saved. High: Ben · Low: Ana · Game: Ben & Dev"),
    ("fr", "Enregistré. Atout haut\u00a0: Ben · Atout bas\u00a0: Ana · Partie\u00a0: Ben & Dev"),
    ("it", "Salvato. Alta: Ben · Bassa: Ana · Punti: Ben & Dev"),
])
def test_a_saved_hand_says_who_scored(start: Callable[..., Scorekeeper], language: str,
                                      said: str) -> None:
    keeper = start("seven-up", FOUR, dealer=0)
    hand = {"round": 1, "turn_up": "other", "beg": "stand", "jacks_run": "0", "high": "1",
            "low": "0", "jack": "none", "game": "1"}
    spoken = {"Accept-Language": language}
    answer = keeper.client.post(f"{keeper.url}/hand", data={"version": keeper.version, **hand},
                               headers={**HTMX, **spoken})
    assert answer.status_code == 200
    assert f'data-saved="{said}"' in answer.get_data(as_text=True).replace("&amp;", "&")
    # Without htmx: the same words, flashed over the next page.
    hand["round"] = 2
    again = keeper.client.post(f"{keeper.url}/hand", data={"version": keeper.version, **hand},
                              headers=spoken)
    assert again.status_code == 303
    assert said.replace("\u00a0", " ") in text(keeper.client.get(keeper.url, headers=spoken))


def test_a_redeal_only_says_saved(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", TWO, dealer=0)
    answer = tap_hand(keeper, htmx=True, beg="run", jacks_run=1, redeal="pack")
    assert 'data-saved="Saved."' in answer.get_data(as_text=True)


def test_equal_totals_are_drawn_at_their_values_and_all_seen(
        start: Callable[..., Scorekeeper]) -> None:
    """Level lines are not nudged apart (a nudge reads as a point the side never had): every
    point sits on its side's true total, and where totals are equal the markers are drawn one
    inside another, the earlier seat's larger, so each side shows."""
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
    keeper.bids(0, 0, 0)  # everyone bids none, and Ana takes all ten: Ben and Cleo level at 10
    keeper.tricks(10, 0, 0)
    state = keeper.stored().state
    with keeper.app.test_request_context():
        chart = score_chart(state)
        drawn = get_template_attribute("game/_chart.html", "score_chart")(chart, "c")
    assert chart is not None
    assert state.scores == (0, 10, 10)
    value_at = {value: y for y, value in chart.y_ticks}
    assert [s.points[0][1] for s in chart.series] == [chart.zero] * 3  # all start at 0
    ends = [s.points[-1][1] for s in chart.series]
    assert ends == [chart.zero, value_at[10], value_at[10]]  # Ben and Cleo exactly at 10
    assert chart.series[1].path == chart.series[2].path  # one course: the same totals
    assert chart.series[1].dash != chart.series[2].dash  # told apart by their dashes,
    assert [s.markers[-1][2] for s in chart.series] == [1, 1 + LEVEL_GROWTH, 1]  # and markers
    assert 'r="3.5"' in drawn and "rect x=" in drawn  # Ana's circle; Ben's square, larger:
    assert f'width="{round(6.4 * (1 + LEVEL_GROWTH), 1)}"' in drawn
    assert "Ben 10, Cleo 10, Ana 0." in chart.description  # the true totals
    assert marker_scale((5, 3, 7), 1) == 1  # a total nobody shares: the usual size
    assert [marker_scale((4, 4, 4), side) for side in range(3)] == [
        1 + 2 * LEVEL_GROWTH, 1 + LEVEL_GROWTH, 1]
    assert marker_scale((0,) * 9, 0) <= 3.4  # however many are level, a marker stays small


def test_a_deleted_games_watchers_are_told_it_was_deleted(start: Callable[..., Scorekeeper],
                                                          client: FlaskClient,
                                                          watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
    assert watcher.get(keeper.url).status_code == 200
    assert client.post(f"{keeper.url}/delete").status_code == 303
    for path in ("", "/live?v=1", "/standings.png"):
        gone = watcher.get(f"{keeper.url}{path}", headers=HTMX if "live" in path else {})
        assert gone.status_code == 404, path
        assert "This game was deleted by its scorekeeper" in text(gone)
        assert gone.headers["Cache-Control"] == "no-store"
    assert ("Questa partita è stata eliminata da chi teneva i punti"
            in text(watcher.get(keeper.url, headers={"Accept-Language": "it"})))
    # The API's 404 keeps its shape; an id never used is the plain 404 page.
    api = watcher.get(f"/api/v1/games/{keeper.id}")
    assert api.status_code == 404 and api.get_json()["error"]["code"] == "not-found"
    unknown = watcher.get("/g/no-such-game")
    assert unknown.status_code == 404 and "deleted" not in text(unknown)


def test_the_deleted_games_migration_goes_up_and_down(app: Flask) -> None:
    with app.app_context():
        assert "deleted_games" in inspect(db.engine).get_table_names()
        downgrade(revision="f28f393e8cd9")
        db.session.remove()
        assert "deleted_games" not in inspect(db.engine).get_table_names()
        assert "games" in inspect(db.engine).get_table_names()
        upgrade()
        columns = {c["name"] for c in inspect(db.engine).get_columns("deleted_games")}
        assert columns == {"id", "deleted_at"}


def test_forget_says_it_takes_this_phones_scorekeeping(start: Callable[..., Scorekeeper],
                                                       client: FlaskClient,
                                                       watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
    home = text(client.get("/"))
    assert "this phone stops keeping score for it" in home
    assert "Oh Hell forgotten on this phone, with its scorekeeping." in home  # the Undo's words
    watcher.get(keeper.url)
    assert "The game stays for everyone with its link." in text(watcher.get("/"))
    html = client.get("/").get_data(as_text=True)
    described = re.search(r'aria-describedby="(forget-what-[^"]+)"', html)
    assert described and f'id="{described.group(1)}"' in html
    assert client.post(f"{keeper.url}/forget").status_code == 303
    assert "Forgotten on this phone." in text(client.get("/"))
    assert "Undo round" not in text(client.get(keeper.url))  # no longer its scorekeeper
