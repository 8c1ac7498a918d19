"""A table's figures beyond the counts (docs/rules.md section 7): who is ahead, who won each
game, the wins over time for the table's chart, and renames that chain. Worked by hand."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.rules import RuleError, table_tally
from companion.rules.table_games import PlayedGame, Renames, player_key, renamed
from companion.rules.table_stats import (
    PlayerFigures,
    ahead,
    finished_winners,
    game_winners,
    wins_over_time,
)
from companion.rules.table_tally import game_tally, total


def player(name: str, wins: int, finished: int, games: int) -> PlayerFigures:
    return PlayerFigures(name, games, finished, wins, wins / finished if finished else None)


def four(finished: bool = True, ranks: tuple[int, ...] = (1, 2, 1, 2),
         ruleset: str = "seven-up") -> PlayedGame:
    """Seven-Up with partners: seats 0 and 2 against 1 and 3."""
    return PlayedGame(id="g1", ruleset=ruleset, started=datetime(2026, 12, 1, 19),
                      names=("Ana", "Ben", "Cleo", "Dev"), sides=(0, 1, 0, 1), finished=finished,
                      scores=(7, 5, 7, 5), ranks=ranks, by_hands=ruleset == "seven-up")


@pytest.mark.parametrize(("players", "places"), [
    # Most wins first, whatever the rate.
    ([player("Ana", 2, 8, 8), player("Ben", 3, 9, 9)], [("Ben", 1), ("Ana", 2)]),
    # Equal wins: the better win rate (2 of 4 beats 2 of 8).
    ([player("Ana", 2, 8, 8), player("Ben", 2, 4, 4)], [("Ben", 1), ("Ana", 2)]),
    # Equal wins and rate: more games.
    ([player("Ana", 1, 2, 2), player("Ben", 1, 2, 5)], [("Ben", 1), ("Ana", 2)]),
    # Equal on all three: one place shared, the next place counts them both (1, 1, 3).
    ([player("Ana", 1, 2, 3), player("Ben", 1, 2, 3), player("Cleo", 0, 2, 3)],
     [("Ana", 1), ("Ben", 1), ("Cleo", 3)]),
    # No finished game: no rate counts as the lowest.
    ([player("Ana", 0, 0, 4), player("Ben", 0, 1, 1)], [("Ana", 1), ("Ben", 2)]),
])
def test_who_is_ahead(players: list[PlayerFigures], places: list[tuple[str, int]]) -> None:
    """docs/rules.md section 7: wins, then win rate (none the lowest), then games; equal on all
    three share a place."""
    assert [(p.name, place) for place, p in ahead(players)] == places


def test_partners_both_win_and_stand_side_by_side() -> None:
    game = four()
    assert game_winners(game, Renames()) == (player_key("Ana"), player_key("Cleo"))
    assert game.standing_seats() == [0, 2, 1, 3]
    assert game_winners(four(finished=False), Renames()) == ()


@pytest.mark.parametrize(("most_points", "numbers", "rows"), [
    (10, (0, 1, 2, 3), ((0, 0), (1, 0), (1, 1), (2, 2))),
    # More games than points: every second game, and the last one always.
    (2, (0, 2, 3), ((0, 0), (1, 1), (2, 2))),
    (1, (0, 3), ((0, 0), (2, 2))),
])
def test_wins_over_time(most_points: int, numbers: tuple[int, ...],
                        rows: tuple[tuple[int, ...], ...]) -> None:
    """The running wins after each game; a winner not charted (Cleo) counts for nobody."""
    won = [("a",), ("b", "cleo"), ("a", "b")]
    counted = wins_over_time(won, ["a", "b"], most_points)
    assert (counted.keys, counted.numbers, counted.rows) == (("a", "b"), numbers, rows)


def test_the_chart_steps_are_the_finished_games() -> None:
    """docs/rules.md section 7: wins count finished games only, so a game in progress is no
    step of the chart of wins: three games, the second in progress, are two steps."""
    games = [four(), four(finished=False), four(ranks=(2, 1, 2, 1))]
    won = finished_winners(games, Renames())
    ana, ben, cleo, dev = (player_key(name) for name in ("Ana", "Ben", "Cleo", "Dev"))
    assert won == ((ana, cleo), (ben, dev))
    counted = wins_over_time(won, [ana, ben], 40)
    assert (counted.numbers, counted.rows) == ((0, 1, 2), ((0, 0), (1, 0), (1, 1)))
    assert finished_winners([four(finished=False)], Renames()) == ()


def test_no_games_is_one_point_at_zero() -> None:
    assert wins_over_time([], ["a"], 40).rows == ((0,),)


def test_renames_chain() -> None:
    """Nonna → Grandma, then Grandma → Gran: Nonna is Gran too; Ben's rename stays his."""
    renames = Renames().then("Ben", "Benny").then("Nonna", "Grandma").then("Grandma", "Gran")
    assert renames.key("nonna") == renames.key("GRAN") == player_key("Gran")
    assert renames.key("ben") == player_key("Benny")
    assert renames.shown(player_key("Gran")) == "Gran"


def test_a_rename_from_no_name_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        renamed([four()], Renames(), 7, "Gran")
    assert (refused.value.code, refused.value.reason, refused.value.field) == (
        "players", "rename-type", "from")


def test_a_game_taken_out_of_a_sum_it_is_not_in_is_an_error() -> None:
    """``replaced`` takes out only what was added: anything else is a bug, said at once."""
    whole = total([game_tally(four(ruleset="oh-hell"), Renames())])
    other = game_tally(four(), Renames())
    with pytest.raises(ValueError, match="is not in the sum"):
        table_tally.replaced(whole, [other], [], lambda: [])

