"""Properties of a table's sum: any grouping and order of its games gives the same figures, and
a rename to a new name changes the names alone."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import table_games, table_stats, table_tally
from companion.rules.table_games import PlayedGame, PlayedRound, Renames, renamed
from companion.rules.table_stats import figures
from companion.rules.table_tally import game_tally, replaced, total

#: Hypothesis properties over whole tables of games: left out of the quick loop.
pytestmark = pytest.mark.slow

NAMES = ["Ana", "ana", "Ben", "BEN", "Cleo", "Dev", "Zoë", "zoe\u0308"]
RULESETS = ["oh-hell", "elevator", "oh-seven", "seven-up", "score-pad", "belote", "scopa"]
#: Games counted hand by hand: Belote's hands have a taker, Scopa's a count (its scope).
EACH_HAND = {"belote", "scopa"}


@st.composite
def played_games(draw: st.DrawFn, gid: str) -> PlayedGame:
    ruleset = draw(st.sampled_from(RULESETS))
    count = draw(st.integers(2, 4))
    # Distinct players per game (as a table allows): one spelling of each chosen key.
    keys = draw(st.lists(st.sampled_from(["ana", "ben", "cleo", "dev", "zoë"]), min_size=count,
                         max_size=count, unique=True))
    names = [draw(st.sampled_from([n for n in NAMES if table_games.player_key(n) == k]))
             for k in keys]
    pad = ruleset == "score-pad"
    each_hand = ruleset in EACH_HAND
    teams = (ruleset in ("seven-up", "belote") or (pad or ruleset == "scopa")
             and draw(st.booleans())) and count == 4
    sides = [s % 2 for s in range(count)] if teams else list(range(count))
    side_scores = draw(st.lists(st.integers(-20, 60), min_size=max(sides) + 1,
                                max_size=max(sides) + 1))
    scores = [side_scores[s] for s in sides]
    lowest = pad and draw(st.booleans())
    ranks = [1 + sum((other < side_scores[s]) if lowest else (other > side_scores[s])
                     for other in side_scores) for s in sides]
    rounds: list[PlayedRound] = []
    if ruleset != "seven-up":
        for number in range(1, draw(st.integers(0, 5)) + 1):
            by_side = [draw(st.integers(-5, 20)) for _ in range(max(sides) + 1)]
            if each_hand:
                taker = draw(st.none() | st.integers(0, count - 1)) if ruleset == "belote" else None
                scope = [draw(st.integers(0, 3)) for _ in range(max(sides) + 1)]
                rounds.append(PlayedRound(
                    number, tuple(by_side[s] for s in sides), (False,) * count, taker,
                    taker is not None and draw(st.booleans()),
                    tuple(scope[s] for s in sides) if ruleset == "scopa" else ()))
                continue
            rounds.append(PlayedRound(number, tuple(by_side[s] for s in sides),
                                      tuple(not pad and draw(st.booleans()) for _ in names)))
    return PlayedGame(
        id=gid, ruleset=ruleset,
        started=datetime(2026, 1, 1) + timedelta(minutes=draw(st.integers(0, 5))),
        names=tuple(names), sides=tuple(sides), finished=draw(st.booleans()),
        scores=tuple(scores), ranks=tuple(ranks), rounds=tuple(rounds),
        by_hands=ruleset == "seven-up" or each_hand,
        hands=draw(st.integers(0, 9)) if ruleset == "seven-up" else len(rounds) if each_hand else 0,
        pad=pad, title=draw(st.sampled_from(["Hearts", "hearts ", "Rummy", None])) if pad else None,
        lowest_wins=lowest, each_hand=each_hand)


@st.composite
def tables(draw: st.DrawFn) -> list[PlayedGame]:
    count = draw(st.integers(1, 8))
    return [draw(played_games(f"g{i}")) for i in range(count)]


@settings(max_examples=60, deadline=None)
@given(games=tables(), data=st.data())
def test_any_grouping_and_order_gives_the_same_figures(games: list[PlayedGame],
                                                       data: st.DataObject) -> None:
    renames = Renames()
    expected = figures(total(game_tally(g, renames) for g in games), renames)
    shuffled = data.draw(st.permutations(games))
    cut = data.draw(st.integers(0, len(games)))
    blocks = [total(game_tally(g, renames) for g in shuffled[:cut]),
              total(game_tally(g, renames) for g in shuffled[cut:])]
    parts = data.draw(st.permutations(blocks))
    assert figures(total(parts), renames) == expected
    # Adding never changes a part: the same parts add up the same again.
    assert figures(total(parts), renames) == expected
    assert expected.games == len(games)
    assert sum(p.games for p in expected.players) == sum(len(g.names) for g in games)


@settings(max_examples=60, deadline=None)
@given(games=tables(), data=st.data())
def test_a_rename_to_a_new_name_changes_the_names_alone(games: list[PlayedGame],
                                                        data: st.DataObject) -> None:
    renames = Renames()
    before = figures(total(game_tally(g, renames) for g in games), renames)
    player = data.draw(st.sampled_from([p.name for p in before.players]))
    after_renames = renamed(games, renames, player, "Newcomer")
    after = figures(total(game_tally(g, after_renames) for g in games), after_renames)

    def named(found: table_stats.TableFigures) -> object:
        # Figures with the renamed player's name replaced, in a stable order.
        def swap(name: str) -> str:
            return "Newcomer" if name == player else name
        players = sorted((dataclasses.replace(p, name=swap(p.name)) for p in found.players),
                         key=lambda p: p.name)
        pairs = sorted((tuple(sorted(((swap(h.players[0]), h.ahead[0]),
                                      (swap(h.players[1]), h.ahead[1])))), h.games, h.level)
                       for h in found.head_to_head)
        return players, pairs, found.games, found.finished

    assert named(after) == named(before)
    assert "Newcomer" in {p.name for p in after.players}
    assert player not in {p.name for p in after.players} or player == "Newcomer"


@settings(max_examples=80, deadline=None)
@given(games=tables(), changed=tables(), data=st.data())
def test_replacing_parts_equals_adding_up_again(games: list[PlayedGame],
                                                changed: list[PlayedGame],
                                                data: st.DataObject) -> None:
    """A sum with some games taken out and others put in (a write makes a game's new version,
    a deletion takes one out, a new game puts one in) equals the sum made again."""
    renames = Renames()
    parts = [game_tally(g, renames) for g in games]
    removed = data.draw(st.lists(st.sampled_from(range(len(parts))), unique=True))
    added = [game_tally(dataclasses.replace(g, id=f"new{i}"), renames)
             for i, g in enumerate(changed[:data.draw(st.integers(0, len(changed)))])]
    # A removed game may come back as its next version (a write: the same game, more done).
    again_games = [dataclasses.replace(games[i], finished=True,
                                       scores=tuple(x + data.draw(st.integers(-3, 3))
                                                    for x in games[i].scores))
                   for i in removed if data.draw(st.booleans())]
    added += [game_tally(g, renames) for g in again_games]
    after = [p for i, p in enumerate(parts) if i not in removed] + added
    whole = total(parts)
    asked: list[bool] = []

    def again() -> list[table_tally.Tally]:
        asked.append(True)
        return after

    result = replaced(whole, [parts[i] for i in removed], added, again)
    assert result == total(after)
    assert figures(result, renames) == figures(total(after), renames)
    assert whole == total(parts)  # the sum it started from is left as it was
    if not removed:
        assert not asked  # nothing taken out: no maximum is looked for again


@settings(max_examples=60, deadline=None)
@given(games=tables(), merged=st.booleans(), data=st.data())
def test_a_sum_added_up_in_place_equals_the_sum_of_each_games_tally(
        games: list[PlayedGame], merged: bool, data: st.DataObject) -> None:
    """``sum_of`` (a large table's first read) adds the games up without a tally for each: the
    same sum, also when a rename made two seats of one game one player."""
    renames = Renames()
    if merged:  # one player renamed to another: games where both sat count them as one
        source, target = data.draw(st.permutations(["Ana", "Ben", "Cleo", "Dev", "Zoë"]))[:2]
        renames = renames.then(source, target)
    expected = total(game_tally(g, renames) for g in games)
    assert table_tally.sum_of(games, renames) == expected
    # It changed no game's tally: each made again is still the one added up.
    assert total(game_tally(g, renames) for g in games) == expected


@settings(max_examples=30, deadline=None)
@given(games=tables())
def test_a_tally_is_weighed_from_its_shape_erring_high(games: list[PlayedGame]) -> None:
    """A cached tally is weighed from its shape (``Tally.__weight__``), not walked: within a
    factor of two of what the walk of its parts counts (it counts a pair's names once, with
    its players'; and a record's numbers each, small or not)."""
    from companion.rules import memo

    tally = table_tally.sum_of(games, Renames())
    walked = memo.weight((tally.spelling, tally.players, tally.pairs, tally.rulesets))
    assert walked / 2 <= tally.__weight__() <= 2 * walked
