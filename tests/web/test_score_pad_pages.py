"""The score pad's pages (docs/rules.md section 8): "Any other game" on the new-game page, its
title and options, a round's points on one screen, refusals at the field with what was typed
kept, "We stop here" and its undo, corrections, the final standings of a lowest-wins game, the
statistics, a rematch, the title wherever the game is named, and the earlier titles as chips."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.conftest import Scorekeeper, new_game_form, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def pad_form(players: list[str], title: str = "", **options: str) -> dict[str, Any]:
    data = new_game_form("score-pad", players, 0, **options)
    data["title"] = title
    return data


def start_pad(client: FlaskClient, app: Any, players: list[str] = PLAYERS, title: str = "Hearts",
              **options: str) -> Scorekeeper:
    response = client.post("/new", data=pad_form(players, title, **options))
    assert response.status_code == 303, text(response)[:2000]
    match = re.fullmatch(r"/g/([\w-]+)", response.headers["Location"])
    assert match
    return Scorekeeper(app, client, match.group(1))


def points(game: Scorekeeper, *values: str | int | None, htmx: bool = True, **kwargs: Any) -> Any:
    current = game.stored().state.current
    data: dict[str, Any] = {"round": current.number if current else 0}
    data.update({f"points_{side}": v for side, v in enumerate(values) if v is not None})
    return game.post("points", data, htmx=htmx, **kwargs)


def test_the_new_game_page_offers_any_other_game_with_its_title_first(client: FlaskClient) -> None:
    page = client.get("/new")
    html = page.get_data(as_text=True)
    assert 'value="score-pad"' in html
    said = text(page)
    assert "Any other game" in said
    assert said.index("What are you playing?") < said.index("Who wins") < said.index(
        "When does it end?")
    # Who wins and when it ends are asked beside the game; teams and zero-sum are folded.
    house_rules = html[html.index('class="house-rules"'):]
    assert 'name="score_pad_teams"' in house_rules and 'name="score_pad_zero_sum"' in house_rules
    assert 'name="score_pad_winner"' not in house_rules


def test_a_hearts_pad_to_100_lowest_wins(app: Any, client: FlaskClient,
                                         watcher: FlaskClient) -> None:
    game = start_pad(client, app, winner="lowest", target_number="100")
    settings = game.stored().settings
    assert settings.title == "Hearts"
    assert settings.options["winner"] == "lowest" and settings.options["target"] == 100
    page = client.get(game.url)
    said = text(page)
    assert "Hearts · Ana, Ben, Cleo, Dev" in said
    assert "Round 1 · Ana deals · first to 100 · lowest wins" in said
    html = page.get_data(as_text=True)
    for side in range(4):  # one row a player, the numeric keypad, a ± beside it
        assert f'name="points_{side}" type="text" inputmode="numeric"' in html
    assert html.count('data-sign="points_') == 4
    assert "We stop here" not in said  # not before the first round

    answer = points(game, 13, 0, 0, 13)
    assert answer.status_code == 200, text(answer)[:1000]
    said = text(answer)
    assert "Round 2 · Ben deals" in said and "We stop here" in said
    assert "Undo round 1's points" in said
    assert points(game, 26, 0, 0, 0).status_code == 200
    # A watching phone's live part: the round being played and the board, no form.
    live = watcher.get(f"{game.url}/live?v=1")
    assert live.status_code == 200
    said = text(live)
    assert "Playing round 3…" in said and "Total 39 0 0 13" in said
    assert 'name="points_0"' not in live.get_data(as_text=True)
    # The scoreboard: the lowest total leads; a score explains itself.
    page = client.get(game.url)
    assert "The lowest total wins." in text(page)
    assert "Round 2: 26 as entered; total 39" in text(page, why=True)
    assert re.search(r'<th scope="col" class="player-col is-leader">\s*<bdi class="name name-fit" '
                     r'title="Ben">', page.get_data(as_text=True))
    answer = points(game, 62, 5, 10, 9)  # Ana reaches 101: the game ends, lowest first
    assert answer.status_code == 200
    state = game.stored().state
    assert state.finished and state.finished_by.value == "target"
    said = text(client.get(game.url))
    assert "Ben wins!" in said
    assert "A total reached 100. The lowest total wins: lowest first." in said
    standings = said[said.index("Final standings"):]
    assert [standings.index(name) for name in ("Ben", "Cleo", "Dev", "Ana")] == sorted(
        standings.index(name) for name in ("Ben", "Cleo", "Dev", "Ana"))
    # Statistics: the best round of a lowest-wins game is its lowest.
    assert "Rounds won" in said and "Best round" in said
    # A watcher's page, its link preview and image say the title, lowest first.
    watched = watcher.get(game.url).get_data(as_text=True)
    assert 'content="Hearts · Ben wins with 5"' in watched
    assert "Final standings · lowest wins: 1. Ben 5 · 2. Cleo 10 · 3. Dev 22 · 4. Ana 101" in watched
    assert watcher.get(f"{game.url}/standings.png").status_code == 200
    # The home page names the game by its title.
    assert "Hearts" in text(client.get("/"))


def test_a_negative_round_with_the_minus_sign_and_a_zero_sum_refusal(app: Any,
                                                                     client: FlaskClient) -> None:
    game = start_pad(client, app, ["Ana", "Ben", "Cleo"], "Tarot", zero_sum="true")
    html = client.get(game.url).get_data(as_text=True)
    assert "data-zero-sum" in html
    answer = points(game, "40", "−20", "-8")
    assert answer.status_code == 422
    said = text(answer)
    assert "These add up to 12; in a zero-sum game they must add up to 0." in said
    html = answer.get_data(as_text=True)
    # What was typed is still there, every row marked.
    for side, typed in enumerate(["40", "−20", "-8"]):
        assert re.search(rf'name="points_{side}"[^>]*value="{typed}"[^>]*aria-invalid="true"', html)
    assert game.stored().state.rounds == ()
    assert points(game, "40", "−20", "-20").status_code == 200
    assert game.stored().state.side_scores == (40, -20, -20)


def test_a_missing_or_broken_number_is_asked_for_at_its_row(app: Any, client: FlaskClient) -> None:
    game = start_pad(client, app, ["Ana", "Ben"], "")
    answer = points(game, "12", None)
    assert answer.status_code == 422
    assert "How many points did Ben score? Type 0 for none." in text(answer)
    answer = points(game, "1e3", "4")
    assert answer.status_code == 422
    assert "Type the points as a whole number: digits only, and ± for a minus." in text(answer)
    assert re.search(r'name="points_0"[^>]*value="1e3"[^>]*aria-invalid="true"',
                     answer.get_data(as_text=True))
    french = game.client.post(f"{game.url}/points", headers={"Accept-Language": "fr"}, data={
        "version": game.version, "round": 1, "points_0": "douze", "points_1": "4"})
    assert "Tapez les points en nombre entier" in french.get_data(as_text=True)
    answer = points(game, "100001", "4")
    assert answer.status_code == 422
    assert "A round's points run from -100000 to 100000, not 100001." in text(answer)
    assert re.search(r'name="points_0"[^>]*value="100001"', answer.get_data(as_text=True))
    # An untitled pad is a "Score pad".
    assert "Score pad · round 1 · Companion" in text(client.get(game.url))


def test_we_stop_here_and_undo_reopens(app: Any, client: FlaskClient) -> None:
    game = start_pad(client, app, ["Ana", "Ben"], "Rummy")
    assert game.post("finish", {}, htmx=True).status_code == 422  # not before a round
    assert points(game, 10, 3, htmx=False).status_code == 303
    answer = game.post("finish", {}, htmx=True)
    assert answer.status_code == 200
    said = text(answer)
    assert "Ana wins!" in said and "Stopped after 1 round." in said
    assert game.stored().state.finished_by.value == "scorekeeper"
    assert "Undo “We stop here”" in said
    assert game.post("undo", {}, htmx=True).status_code == 200
    state = game.stored().state
    assert not state.finished and state.current.number == 2


def test_teams_in_pairs_enter_a_side_a_row(app: Any, client: FlaskClient) -> None:
    refused = client.post("/new", data=pad_form(["Ana", "Ben", "Cleo", "Dev", "Eve"], "Belote",
                                                teams="pairs"))
    assert refused.status_code == 422
    assert "Teams in pairs need 4, 6 or 8 players, not 5." in text(refused)
    game = start_pad(client, app, PLAYERS, "Belote", teams="pairs", rounds_number="2")
    html = client.get(game.url).get_data(as_text=True)
    assert 'name="points_1"' in html and 'name="points_2"' not in html
    assert 'aria-label="Points for Ana &amp; Cleo"' in html
    assert "Round 1 of 2" in text(client.get(game.url))
    assert points(game, 90, 72).status_code == 200
    assert points(game, 100, 62).status_code == 200
    state = game.stored().state
    assert state.finished and state.finished_by.value == "rounds"
    assert "Ana and Cleo win!" in text(client.get(game.url))


def test_a_round_is_corrected_on_its_own_page(app: Any, client: FlaskClient) -> None:
    game = start_pad(client, app, ["Ana", "Ben"], "Yahtzee", target_number="200")
    points(game, 120, 90)
    points(game, 40, 50)
    page = client.get(f"{game.url}/rounds/1")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert re.search(r'name="points_0"[^>]*value="120"', html)
    # Ana's 120 was 210: at the target, the game would end before round 2: refused, naming it.
    answer = client.post(f"{game.url}/rounds/1", data={
        "version": game.version, "round": 1, "points_0": "210", "points_1": "90"})
    assert answer.status_code == 422
    assert "round 2" in text(answer)
    answer = client.post(f"{game.url}/rounds/1", data={
        "version": game.version, "round": 1, "points_0": "−20", "points_1": "90"})
    assert answer.status_code == 303
    assert game.stored().state.side_scores == (20, 140)


def test_a_rematch_keeps_the_title_and_options(app: Any, client: FlaskClient) -> None:
    game = start_pad(client, app, ["Ana", "Ben"], "Hearts", winner="lowest", rounds_number="1")
    points(game, 3, 23)
    answer = client.post(f"{game.url}/rematch", data={})
    assert answer.status_code == 303
    again = Scorekeeper(app, client, answer.headers["Location"].rsplit("/", 1)[1])
    settings = again.stored().settings
    assert settings.title == "Hearts"
    assert settings.options["winner"] == "lowest" and settings.options["rounds"] == 1


def test_a_title_chip_brings_back_its_options(app: Any, client: FlaskClient) -> None:
    start_pad(client, app, ["Ana", "Ben"], "Hearts", winner="lowest", target_number="100")
    page = client.get("/new")
    html = page.get_data(as_text=True)
    assert 'value="title-Hearts"' in html
    form = pad_form(["Ana", "Ben"], "")
    form["action"] = "title-hearts"  # as the table counts titles: one game
    answer = client.post("/new/players", data=form)
    html = answer.get_data(as_text=True)
    assert 'name="title" type="text" maxlength="40" value="Hearts"' in html
    assert re.search(r'value="lowest"\s+checked', html)
    assert re.search(r'name="score_pad_target_number" type="number"[^>]*value="100"', html)


def test_a_title_is_checked_as_a_name(app: Any, client: FlaskClient) -> None:
    answer = client.post("/new", data=pad_form(["Ana", "Ben"], "x" * 41))
    assert answer.status_code == 422
    assert "This title has 41 characters: the most is 40." in text(answer)
    answer = client.post("/new", data=pad_form(["Ana", "Ben"], "", target_number="many"))
    assert answer.status_code == 422
    assert "Type a whole number from 1 to 1,000,000, or leave it empty." in text(answer)


def test_its_rules_page_in_french(client: FlaskClient) -> None:
    page = client.get("/rules/score-pad", headers={"Accept-Language": "fr"})
    assert page.status_code == 200


def test_a_tables_chips_start_its_pads_again(app: Any, client: FlaskClient) -> None:
    answer = client.post("/t", data={"name": "Thursday cards"})
    table_id = answer.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f'href="/new?table={table_id}&amp;game=score-pad">Any other game</a>' in page
    form = {**pad_form(PLAYERS, "Hearts", winner="lowest", target_number="100"), "table": table_id}
    answer = client.post("/new", data=form)
    assert answer.status_code == 303
    hearts = Scorekeeper(app, client, answer.headers["Location"].rsplit("/", 1)[1])
    assert points(hearts, 100, 0, 13, 13).status_code == 200  # Ana reaches 100: Ben wins
    # The table names the game by its title, and counts its pads apart, lowest wins said.
    said = text(client.get(f"/t/{table_id}"))
    assert "Hearts" in said and "Won by Ben" in said
    assert "Hearts · lowest wins 1 game · 1 finished" in said
    assert "Best final score: 0 by Ben" in said
    french = text(client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}))
    assert "Hearts · le plus bas gagne 1 partie · 1 terminée" in french
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    chip = f'/new?table={table_id}&amp;title=Hearts'
    assert chip in page
    # The chip: the new-game page as Hearts was last played, at the table, seated as then.
    again = client.get(chip.replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'name="ruleset" value="score-pad"\s+checked', again)
    assert 'name="title" type="text" maxlength="40" value="Hearts"' in again
    assert re.search(r'value="lowest"\s+checked', again)
    for name in PLAYERS:
        assert f'type="text" value="{name}"' in again
    # "Any other game" at a table opens on the score pad, whatever was played last: a new one,
    # seated as last time, Hearts a chip (not its title and options typed in).
    fresh = client.get(f"/new?table={table_id}&game=score-pad").get_data(as_text=True)
    assert re.search(r'name="ruleset" value="score-pad"\s+checked', fresh)
    assert 'name="title" type="text" maxlength="40" value=""' in fresh
    assert not re.search(r'value="lowest"\s+checked', fresh)
    assert 'value="title-Hearts"' in fresh
    for name in PLAYERS:
        assert f'type="text" value="{name}"' in fresh


def test_a_lowest_wins_pads_chart_reads_lowest_first(app: Any, client: FlaskClient) -> None:
    """The chart of a lowest-wins pad (``Chart.lowest_first``): its legend and its description
    name the lowest total first, its summary names the lowest as the leader, and every line
    still ends at its true total (the lowest drawn lowest); the same rounds played highest-wins
    read the other way round."""
    from companion.web.shared.chart import score_chart

    rounds = [(13, 0, 0, 13), (5, 8, 4, 9)]  # totals: Ana 18, Ben 8, Cleo 4, Dev 22

    def read(**options: str) -> tuple[Any, list[str], str]:
        game = start_pad(client, app, **options)
        for values in rounds:
            assert points(game, *values).status_code == 200
        html = client.get(game.url).get_data(as_text=True)
        legend = html[html.index('<ul class="chart-legend">'):]
        legend = legend[:legend.index("</ul>")]
        names = [re.sub(r"<[^>]+>", "", name).strip("\u2068\u2069")
                 for name in re.findall(r'<span class="who">(.*?)</span>', legend)]
        with app.test_request_context():
            chart = score_chart(game.stored().state)
        return chart, names, text(client.get(game.url))

    chart, legend, said = read(winner="lowest")
    assert chart.lowest_first
    assert legend == ["Cleo", "Ben", "Ana", "Dev"]
    assert chart.description == ("Cleo has led since round 2. "
                                 "Totals after round 2: Cleo 4, Ben 8, Ana 18, Dev 22.")
    assert "Cleo has led since round 2." in said  # the summary under the chart, on the page
    ends = {s.name.strip("\u2068\u2069"): s.points[-1][1] for s in chart.series}
    value_at = {value: y for y, value in chart.y_ticks}
    assert ends["Cleo"] > ends["Ben"] > ends["Ana"] > ends["Dev"]  # y grows downwards
    assert ends["Dev"] > value_at[25] and ends["Cleo"] < value_at[0]  # on the grid's scale

    chart, legend, _said = read(winner="highest")
    assert not chart.lowest_first
    assert legend == ["Dev", "Ana", "Ben", "Cleo"]
    assert chart.description == ("Dev has led since round 2. "
                                 "Totals after round 2: Dev 22, Ana 18, Ben 8, Cleo 4.")
