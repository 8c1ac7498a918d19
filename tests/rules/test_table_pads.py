"""Score pads at a table (docs/rules.md sections 7 and 8), worked by hand: each title and
``winner`` option counted apart (two spellings of one title are one game), the best read by the
option, partners counting the side's result, records naming the side, the table's wins and head
to head counting the pads' finished games, the wins over time."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from companion.rules import Finish, Points, apply, fold, new_game, new_settings
from companion.rules.table_games import PlayedGame, Renames, played_game
from companion.rules.table_stats import figures, finished_winners, wins_over_time
from companion.rules.table_tally import game_tally, total

T0 = datetime(2026, 12, 1, 19, 0, 0)


def pad(gid: str, names: list[str], rounds: list[tuple[int, ...]], *, hour: int = 0,
        title: str | None = None, finish: bool = True, **options: Any) -> PlayedGame:
    state = new_game(new_settings("score-pad", names, 0, options, title))
    for points in rounds:
        state = apply(state, Points(points))
    if finish and not state.finished:
        state = apply(state, Finish())
    return played_game(state, gid, T0 + timedelta(hours=hour))


def table(*games: PlayedGame) -> Any:
    renames = Renames()
    return figures(total(game_tally(g, renames) for g in games), renames)


def test_each_title_and_winner_option_apart() -> None:
    """RULES-8 at a table: "Hearts" and "hearts" lowest-wins are one game, "Rummy" another, an
    untitled pad a third, "Hearts" highest-wins a fourth; none of them is a ruleset."""
    found = table(
        pad("h1", ["Ana", "Ben"], [(10, 30)], title="Hearts", winner="lowest"),
        pad("h2", ["Ana", "Ben"], [(40, 20)], title=" hearts", winner="lowest", hour=1),
        pad("h3", ["Ana", "Ben"], [(5, 6)], title="Hearts", hour=2),
        pad("r1", ["Ana", "Ben"], [(1, 2)], title="Rummy", hour=3),
        pad("u1", ["Ana", "Ben"], [(3, 3)], hour=4),
    )
    assert found.rulesets == ()
    assert [(p.title, p.lowest_wins, p.games) for p in found.score_pads] == [
        ("hearts", True, 2),  # most games first; its latest spelling, trimmed
        ("Hearts", False, 1), ("Rummy", False, 1), (None, False, 1)]
    hearts = found.score_pads[0]
    players = {p.name: p for p in hearts.players}
    # Ana won h1 (10 < 30), Ben won h2 (20 < 40).
    assert [(p.games, p.finished, p.wins, p.win_rate) for p in (players["Ana"], players["Ben"])] \
        == [(2, 2, 1, 0.5), (2, 2, 1, 0.5)]
    assert (players["Ana"].rounds, players["Ana"].points_per_round) == (2, 25.0)
    # The best final score of a lowest-wins pad is the lowest: Ana's 10 in h1, Ben's 20 in h2.
    assert (players["Ana"].best_score.game, players["Ana"].best_score.score) == ("h1", 10)  # type: ignore[union-attr]
    assert (players["Ben"].best_score.game, players["Ben"].best_score.score) == ("h2", 20)  # type: ignore[union-attr]
    assert players["Ana"].success_rate is None and players["Ana"].hands is None
    record = hearts.records.best_score
    assert (record.name, record.game, record.score) == ("Ana", "h1", 10)  # type: ignore[union-attr]
    best_round = hearts.records.best_round
    assert (best_round.name, best_round.game, best_round.round, best_round.points) == (  # type: ignore[union-attr]
        "Ana", "h1", 1, 10)
    h2h = hearts.head_to_head[0]
    assert (h2h.players, h2h.games, h2h.ahead, h2h.level) == (("Ana", "Ben"), 2, (1, 1), 0)
    # The table's own figures count the pads as any other game: 5 games, wins and head to head.
    table_players = {p.name: p for p in found.players}
    # Ana: h1, h3 (highest: 5 < 6, Ben), r1 Ben, u1 both (3, 3): Ana h1, u1; Ben h2, h3, r1, u1.
    assert (table_players["Ana"].wins, table_players["Ben"].wins) == (2, 4)
    assert (found.head_to_head[0].ahead, found.head_to_head[0].level) == ((1, 3), 1)


def test_highest_wins_best_and_a_game_in_progress() -> None:
    found = table(
        pad("g1", ["Ana", "Ben", "Cleo"], [(50, 20, 10), (5, 60, 0)], title="Yahtzee"),
        pad("g2", ["Ana", "Ben", "Cleo"], [(90, 0, 0)], title="yahtzee", hour=1, finish=False),
    )
    (yahtzee,) = found.score_pads
    assert (yahtzee.title, yahtzee.games, yahtzee.finished) == ("yahtzee", 2, 1)
    players = {p.name: p for p in yahtzee.players}
    # Rounds and points count every game; the best score and the wins finished games only.
    assert (players["Ana"].rounds, players["Ana"].points_per_round) == (3, 145 / 3)
    assert players["Ana"].best_score.score == 55  # type: ignore[union-attr]
    assert players["Ben"].best_score.score == 80 and players["Ben"].wins == 1  # type: ignore[union-attr]
    assert yahtzee.records.best_score.name == "Ben"  # type: ignore[union-attr]
    best_round = yahtzee.records.best_round  # 90 in a game not finished still counts
    assert (best_round.name, best_round.game, best_round.points) == ("Ana", "g2", 90)  # type: ignore[union-attr]


def test_partners_count_the_side_and_records_name_it() -> None:
    """RULES-8: with teams both partners count the side's result; a record names the side."""
    found = table(pad("b1", ["Ana", "Ben", "Cleo", "Dev"], [(162, 0), (20, 140)],
                      title="Belote", teams="pairs"))
    (belote,) = found.score_pads
    players = {p.name: p for p in belote.players}
    assert [players[n].wins for n in ("Ana", "Ben", "Cleo", "Dev")] == [1, 0, 1, 0]
    assert players["Cleo"].best_score.score == 182 and players["Cleo"].rounds == 2  # type: ignore[union-attr]
    assert players["Dev"].points_per_round == 70.0
    assert belote.records.best_score.name == "Ana & Cleo"  # type: ignore[union-attr]
    assert belote.records.best_round.name == "Ana & Cleo"  # type: ignore[union-attr]
    assert belote.records.best_round.points == 162  # type: ignore[union-attr]
    ac = [h for h in belote.head_to_head if h.players == ("Ana", "Cleo")][0]
    assert ac.level == 1  # partners are always level


def test_the_wins_over_time_include_the_pads() -> None:
    games = [pad("p1", ["Ana", "Ben"], [(1, 2)], title="Hearts", winner="lowest"),
             pad("p2", ["Ana", "Ben"], [(1, 2)], hour=1, finish=False),
             pad("p3", ["Ana", "Ben"], [(1, 2)], hour=2)]
    renames = Renames()
    winners = finished_winners(games, renames)
    assert winners == (("ana",), ("ben",))
    over = wins_over_time(winners, ["ana", "ben"], 10)
    assert over.rows == ((0, 0), (1, 0), (1, 1))


def test_a_correction_moves_the_figures() -> None:
    state = fold(new_settings("score-pad", ["Ana", "Ben"], 0, {"target": 50}, "Skat"),
                 [Points((20, 10)), Points((10, 10))])
    before = table(played_game(state, "s1", T0))
    assert before.score_pads[0].finished == 0
    from companion.rules import correct_round
    after = table(played_game(correct_round(state, 2, [Points((30, 10))]), "s1", T0))
    assert after.score_pads[0].finished == 1
    assert after.score_pads[0].records.best_score.score == 50  # type: ignore[union-attr]
