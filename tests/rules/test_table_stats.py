"""A table's figures (docs/rules.md section 7), worked by hand on small tables."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from companion import rules
from companion.rules import RuleError, table_stats
from companion.rules.table_games import (
    PlayedGame,
    PlayedRound,
    Renames,
    played_game,
    renamed,
    seats_refused,
)
from companion.rules.table_stats import figures
from companion.rules.table_tally import game_tally, total

T0 = datetime(2026, 12, 1, 19, 0, 0)


def game(gid: str, names: list[str], scores: list[int], *, hour: int = 0,
         finished: bool = True, ruleset: str = "oh-hell", sides: list[int] | None = None,
         rounds: list[tuple[list[int], list[bool]]] = (), hands: int = 0) -> PlayedGame:
    """A game with its ranks from the scores (equal scores share a rank, per side)."""
    # Ranks count places, not distinct scores: 30, 30, 10 ranks 1, 1, 3.
    ranks = [1 + sum(other > score for other in scores) for score in scores]
    return PlayedGame(
        id=gid, ruleset=ruleset, started=T0 + timedelta(hours=hour), names=tuple(names),
        sides=tuple(sides if sides is not None else range(len(names))), finished=finished,
        scores=tuple(scores), ranks=tuple(ranks),
        rounds=tuple(PlayedRound(i + 1, tuple(p), tuple(e)) for i, (p, e) in enumerate(rounds)),
        by_hands=ruleset == "seven-up", hands=hands)


def table(*games: PlayedGame, renames: Renames | None = None) -> table_stats.TableFigures:
    renames = Renames() if renames is None else renames
    return figures(total(game_tally(g, renames) for g in games), renames)


def by_name(found: table_stats.TableFigures) -> dict[str, table_stats.PlayerFigures]:
    return {p.name: p for p in found.players}


def test_a_tie_makes_two_winners() -> None:
    """Ana 30, Ben 30, Cleo 10: Ana and Ben both win; head to head they are level."""
    found = table(game("g1", ["Ana", "Ben", "Cleo"], [30, 30, 10]),
                  game("g2", ["Ana", "Ben", "Cleo"], [5, 20, 40], hour=1))
    players = by_name(found)
    assert (found.games, found.finished) == (2, 2)
    assert (players["Ana"].wins, players["Ben"].wins, players["Cleo"].wins) == (1, 1, 1)
    assert players["Ana"].win_rate == 0.5
    h2h = {h.players: h for h in found.head_to_head}
    # Every player has 2 games: the order is by name.
    assert [p.name for p in found.players] == ["Ana", "Ben", "Cleo"]
    ab = h2h[("Ana", "Ben")]
    assert (ab.games, ab.ahead, ab.level) == (2, (0, 1), 1)
    ac = h2h[("Ana", "Cleo")]
    assert (ac.games, ac.ahead, ac.level) == (2, (1, 1), 0)


def test_seven_up_partners_both_win_and_are_level() -> None:
    """Ana & Cleo (side 0) beat Ben & Dev 7–4 in five hands; then Ben & Dev win 7–3 in four."""
    names = ["Ana", "Ben", "Cleo", "Dev"]
    g1 = game("s1", names, [7, 4, 7, 4], ruleset="seven-up", sides=[0, 1, 0, 1], hands=5)
    g2 = game("s2", names, [3, 7, 3, 7], ruleset="seven-up", sides=[0, 1, 0, 1], hands=4,
              hour=1)
    found = table(g1, g2)
    players = by_name(found)
    assert [players[n].wins for n in names] == [1, 1, 1, 1]
    h2h = {h.players: h for h in found.head_to_head}
    assert (h2h[("Ana", "Cleo")].level, h2h[("Ana", "Cleo")].ahead) == (2, (0, 0))
    assert (h2h[("Ana", "Ben")].ahead, h2h[("Ana", "Ben")].level) == ((1, 1), 0)
    (seven_up,) = found.rulesets
    assert seven_up.records is None
    ana = seven_up.players[0]
    assert (ana.name, ana.hands, ana.points, ana.rounds, ana.best_score) == ("Ana", 9, 10, None, None)


def test_case_and_nfc_variants_are_one_player_shown_as_the_latest() -> None:
    """"Zoë" (composed) in the first game, "zoe" + combining diaeresis in the later one."""
    decomposed = "zoe\u0308"
    found = table(game("g1", ["Zo\u00eb", "Ben"], [10, 5]),
                  game("g2", [decomposed, "BEN "], [1, 5], hour=1))
    players = by_name(found)
    assert set(players) == {decomposed, "BEN "}
    assert players[decomposed].games == 2 and players[decomposed].wins == 1
    assert players["BEN "].wins == 1
    # A later game in the list but started earlier does not decide the spelling.
    found = table(game("g2", [decomposed, "BEN"], [1, 5], hour=1),
                  game("g3", ["ZOË", "ben"], [1, 5], hour=0))
    assert {p.name for p in found.players} == {decomposed, "BEN"}


def test_a_rename_merges_two_names() -> None:
    g1 = game("g1", ["Nonna", "Ana"], [40, 20])
    g2 = game("g2", ["Grandma", "Ana"], [10, 20], hour=1)
    renames = renamed([g1, g2], Renames(), "nonna", "Grandma")
    found = table(g1, g2, renames=renames)
    players = by_name(found)
    assert set(players) == {"Grandma", "Ana"}
    assert (players["Grandma"].games, players["Grandma"].wins) == (2, 1)
    (h2h,) = found.head_to_head
    assert (h2h.players, h2h.games, h2h.ahead) == (("Ana", "Grandma"), 2, (1, 1))
    # Renamed again: the whole player follows.
    again = renamed([g1, g2], renames, "Grandma", "Gran")
    assert {p.name for p in table(g1, g2, renames=again).players} == {"Gran", "Ana"}
    # A rename's name wins over the latest spelling even when only the case changes.
    cased = renamed([g1, g2], Renames(), "ana", "ANA")
    assert {p.name for p in table(g1, g2, renames=cased).players} == {"ANA", "Nonna", "Grandma"}


def test_a_merge_is_refused_when_one_game_has_both_names() -> None:
    g1 = game("g1", ["Nonna", "Grandma", "Ana"], [1, 2, 3])
    with pytest.raises(RuleError) as refused:
        renamed([g1], Renames(), "Nonna", "grandma")
    assert (refused.value.code, refused.value.reason, refused.value.field) == (
        "players", "rename-both", "to")
    with pytest.raises(RuleError) as unknown:
        renamed([g1], Renames(), "Zed", "Zack")
    assert unknown.value.reason == "rename-unknown"
    with pytest.raises(RuleError) as bad:
        renamed([g1], Renames(), "Ana", " ")
    assert (bad.value.code, bad.value.field) == ("players", "to")
    # A renamed name is no longer a player; a new game seating both names is refused.
    merged = renamed([game("g2", ["Nonna"], [1]), game("g3", ["Grandma"], [1])], Renames(),
                     "Nonna", "Grandma")
    with pytest.raises(RuleError):
        renamed([g1], merged, "Nonna", "X")
    assert seats_refused(["nonna", "GRANDMA"], merged) is not None
    assert seats_refused(["Ana", "Ben"], merged) is None


def test_records_and_per_ruleset_figures() -> None:
    """Oh Hell: two games. Round points (Ana, Ben):
    g1: (13, 0) exact/not, (11, 12) both exact, (0, 10) Ben exact → Ana 24, Ben 22, finished.
    g2 (later): (12, 13) both exact, (0, 0) neither → in progress.
    Ana: 5 rounds, 36 points, 3 exact; best score 24 (g1). Ben: 5 rounds, 35 points, 3 exact.
    Highest round: 13, set first by Ana in g1 round 1 (Ben equals it in g2).
    Longest exact run: 2, Ana's in g1 (rounds 1–2) before Ben's (rounds 2–3) and Ben's in g2
    (a later game: rounds 3 of g1 and 1 of g2 are not one run)."""
    g1 = game("g1", ["Ana", "Ben"], [24, 22],
              rounds=[([13, 0], [True, False]), ([11, 12], [True, True]), ([0, 10], [False, True])])
    g2 = game("g2", ["Ana", "Ben"], [12, 13], hour=1, finished=False,
              rounds=[([12, 13], [True, True]), ([0, 0], [False, False])])
    found = table(g2, g1)
    (oh_hell,) = found.rulesets
    ana, ben = oh_hell.players
    assert (ana.games, ana.finished, ana.wins, ana.win_rate) == (2, 1, 1, 1.0)
    assert (ana.rounds, ana.points_per_round, ana.success_rate) == (5, 36 / 5, 3 / 5)
    assert ana.best_score == table_stats.BestScore("g1", 24)
    assert (ben.rounds, ben.points_per_round, ben.success_rate) == (5, 35 / 5, 3 / 5)
    assert ben.wins == 0 and ben.win_rate == 0.0
    records = oh_hell.records
    assert records is not None
    assert records.highest_score == table_stats.ScoreRecord("Ana", "g1", 24)
    assert records.highest_round == table_stats.RoundRecord("Ana", "g1", 1, 13)
    assert records.longest_exact_run == table_stats.RunRecord("Ana", "g1", 2)
    # Head to head counts the finished game only.
    (h2h,) = oh_hell.head_to_head
    assert (h2h.games, h2h.ahead) == (1, (1, 0))


def test_rulesets_are_apart_and_rates_are_none_before_anything() -> None:
    found = table(game("g1", ["Ana", "Ben"], [0, 0], finished=False),
                  game("e1", ["Ana", "Ben"], [5, 1], ruleset="elevator", hour=1))
    players = by_name(found)
    assert players["Ana"].win_rate == 1.0  # one finished game, an elevator one
    assert [r.ruleset for r in found.rulesets] == ["oh-hell", "elevator"]
    oh_hell = found.rulesets[0]
    ana = oh_hell.players[0]
    assert (ana.win_rate, ana.points_per_round, ana.success_rate, ana.best_score) == (
        None, None, None, None)
    assert oh_hell.records == table_stats.Records(None, None, None)
    assert oh_hell.head_to_head == ()


def _oh_hell_one_card() -> rules.GameState:
    """Ana deals one card: Ben and Cleo bid 0, Ana (hooked from 1) bids 0; Ben takes it."""
    settings = rules.new_settings("oh-hell", ["Ana", "Ben", "Cleo"], 0,
                                  {"max_hand": 1, "schedule": "down"})
    state = rules.new_game(settings)
    for kind, data in (("bids", {"bids": [None, 0, None]}), ("bids", {"bids": [None, None, 0]}),
                       ("bids", {"bids": [0, None, None]}), ("tricks", {"tricks": [0, 1, 0]})):
        state = rules.apply(state, rules.parse_entry(settings, kind, data))
    return state


def test_a_corrected_round_changes_the_winner() -> None:
    """Ben took the trick: Ana and Cleo win (10, 0, 10). Corrected, Ana took it: Ben and Cleo
    win (0, 10, 10)."""
    state = _oh_hell_one_card()
    assert state.finished and state.scores == (10, 0, 10)
    players = by_name(table(played_game(state, "g1", T0)))
    assert [players[n].wins for n in ("Ana", "Ben", "Cleo")] == [1, 0, 1]
    settings = state.settings
    corrected = rules.correct_round(state, 1, [
        rules.parse_entry(settings, "bids", {"bids": [0, 0, 0]}),
        rules.parse_entry(settings, "tricks", {"tricks": [1, 0, 0]})])
    assert corrected.scores == (0, 10, 10)
    found = table(played_game(corrected, "g1", T0))
    players = by_name(found)
    assert [players[n].wins for n in ("Ana", "Ben", "Cleo")] == [0, 1, 1]
    oh_hell = found.rulesets[0]
    assert [p.success_rate for p in oh_hell.players] == [0.0, 1.0, 1.0]
    assert oh_hell.records is not None
    assert oh_hell.records.highest_score == table_stats.ScoreRecord("Ben", "g1", 10)


def test_a_deleted_game_is_gone_from_the_figures() -> None:
    g1 = game("g1", ["Ana", "Ben"], [30, 10])
    g2 = game("g2", ["Ana", "Cleo"], [50, 60], hour=1)
    assert by_name(table(g1, g2))["Ana"].games == 2
    found = table(g1)  # g2 deleted
    assert [(p.name, p.games, p.wins) for p in found.players] == [("Ana", 1, 1), ("Ben", 1, 0)]
    assert found.rulesets[0].records.highest_score == table_stats.ScoreRecord("Ana", "g1", 30)


def test_a_seven_up_game_from_the_engine() -> None:
    settings = rules.new_settings("seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    state = rules.new_game(settings)
    assert played_game(state, "s", T0).sides == (0, 1, 0, 1)
