"""A process that missed versions written by another (a second worker or app server on one
database) parses and applies only the entries past the latest state it knows, and still ends
at exactly the state a full fold of the row gives; after an undo or a correction there, it
folds again. The JSON a game stores of its entries is always the engine's JSON of its state's
entries, which is what the row holds, as the same text; its API body is the game object's."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.api.serialize import dumps, game_body, game_json
from companion.storage import store

Apps = tuple[Flask, Flask]


@pytest.fixture
def two_apps(tmp_path: Path, make_app: Callable[..., Flask]) -> Apps:
    """Two app instances on one database file, each with its own caches."""
    shared = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    return make_app(SQLALCHEMY_DATABASE_URI=shared), make_app(SQLALCHEMY_DATABASE_URI=shared)


def _row(app: Flask, game_id: str) -> tuple[dict[str, Any], str]:
    """The row's settings and the text of its entries, read past the app (and its store)."""
    path = str(app.config["SQLALCHEMY_DATABASE_URI"]).removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        found = connection.execute("SELECT settings, entries FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
    connection.close()
    return json.loads(found[0]), found[1]


def _full_fold(app: Flask, game_id: str) -> rules.GameState:
    settings_json, text = _row(app, game_id)
    settings = rules.settings_from_json(settings_json)
    return rules.fold(settings, [rules.entry_from_json(settings, e) for e in json.loads(text)])


def _agrees_with_its_row(app: Flask, game: store.StoredGame) -> None:
    _, text = _row(app, game.id)
    assert game._entries_json == [rules.entry_to_json(e) for e in game.state.entries]
    # The very text SQLAlchemy writes for that list.
    assert text == json.dumps(game._entries_json)
    assert game.state == _full_fold(app, game.id)
    with app.app_context():
        assert game_body(game) == dumps(game_json(game))


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many entries are parsed from JSON, and how many games folded from the start."""
    seen = {"parsed": 0, "folds": 0}
    parse, fold = rules.entry_from_json, rules.fold

    def parse_counted(*args: Any) -> rules.Entry:
        seen["parsed"] += 1
        return parse(*args)

    def fold_counted(*args: Any) -> rules.GameState:
        seen["folds"] += 1
        return fold(*args)

    with monkeypatch.context() as patch:
        patch.setattr(rules, "entry_from_json", parse_counted)
        patch.setattr(rules, "fold", fold_counted)
        yield seen


def _bid(state: rules.GameState) -> rules.Bids:
    """The next bidder's first legal bid, alone (as a table enters them, one at a time)."""
    assert state.current is not None and state.current.next_bidder is not None
    seat = state.current.next_bidder
    bids: list[int | None] = [None] * len(state.settings.players)
    bids[seat] = rules.bids_open(state, seat)[0]
    return rules.Bids(tuple(bids))


def _tricks(state: rules.GameState) -> rules.Tricks:
    assert state.current is not None
    tricks = [0] * len(state.settings.players)
    tricks[state.current.bidding_order[0]] = state.current.hand_size
    return rules.Tricks(tuple(tricks))


def _next(state: rules.GameState) -> rules.Entry:
    return _tricks(state) if rules.next_step(state) is rules.Step.TRICKS else _bid(state)


def _write(app: Flask, game_id: str, times: int = 1) -> store.StoredGame:
    with app.app_context():
        game = store.load_game(game_id)
        for _ in range(times):
            game = store.add_entry(game, game.version, _next(game.state))
        return game


def _load(app: Flask, game_id: str) -> store.StoredGame:
    with app.app_context():
        return store.load_game(game_id)


def test_a_missed_write_is_parsed_and_applied_alone(two_apps: Apps,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    one, other = two_apps
    with one.app_context():
        game_id = store.create_game("elevator", ["Ana", "Ben", "Cleo", "Dev", "Eli"])[0].id
    _write(one, game_id, 14)  # two rounds and a bid
    assert _load(other, game_id).version == 15  # the other server knows version 15 now
    _write(one, game_id, 2)
    with counted(monkeypatch) as seen:
        caught_up = _load(other, game_id)
    assert caught_up.version == 17
    assert seen == {"parsed": 2, "folds": 0}  # the two entries past version 15, nothing else
    _agrees_with_its_row(other, caught_up)
    with other.app_context():  # and its next write extends that state
        written = store.add_entry(caught_up, 17, _next(caught_up.state))
    _agrees_with_its_row(other, written)


def test_after_an_undo_or_a_correction_elsewhere_the_game_is_folded_again(
        two_apps: Apps, monkeypatch: pytest.MonkeyPatch) -> None:
    one, other = two_apps
    with one.app_context():
        game_id = store.create_game("oh-hell", ["Ana", "Ben", "Cleo"])[0].id
    _write(one, game_id, 9)
    known = _load(other, game_id)
    with one.app_context():  # undone, and the same bid entered again: the same entries' JSON
        game = store.undo_entry(store.load_game(game_id), 10)
        store.add_entry(game, game.version, known.state.entries[-1])
    with counted(monkeypatch) as seen:
        again = _load(other, game_id)
    assert again.version == 12 and seen == {"parsed": 0, "folds": 0}  # the state it knew
    assert again.state is known.state
    _agrees_with_its_row(other, again)

    with one.app_context():  # undone twice, one other bid: no longer what the other knows
        game = store.undo_entry(store.load_game(game_id), 12)
        game = store.undo_entry(game, 13)
        store.add_entry(game, game.version, _next(game.state))
    with counted(monkeypatch) as seen:
        refolded = _load(other, game_id)
    assert seen["folds"] == 1 and seen["parsed"] == len(refolded.state.entries)
    _agrees_with_its_row(other, refolded)

    _write(one, game_id, 5)
    with one.app_context():  # round 1's tricks taken by someone else
        game = store.load_game(game_id)
        scored = game.state.rounds[0]
        assert scored.tricks is not None
        moved = rules.Tricks((*scored.tricks[1:], scored.tricks[0]))
        bids = [e for e, n in zip(game.state.entries, game.state.entry_rounds)
                if n == 1 and isinstance(e, rules.Bids)]
        store.correct_round(game, game.version, 1, [*bids, moved])
    with counted(monkeypatch) as seen:
        corrected = _load(other, game_id)
    assert seen["folds"] == 1
    assert corrected.state.rounds[0].tricks == moved.tricks != scored.tricks
    _agrees_with_its_row(other, corrected)


# -- any writes, undos and corrections on either server ------------------------------------------


def _legal(data: st.DataObject, state: rules.GameState) -> rules.Entry:
    """A legal next entry of any family, offered at random until the engine takes one."""
    settings = state.settings
    current = state.current
    assert current is not None
    seats = st.sampled_from(list(settings.seats))
    for _ in range(50):
        step = rules.next_step(state)
        entry: rules.Entry
        if step is rules.Step.TRICKS:
            takers = data.draw(st.lists(seats, min_size=current.hand_size, max_size=current.hand_size))
            entry = rules.Tricks(tuple(takers.count(s) for s in settings.seats))
        elif step is rules.Step.HAND and settings.ruleset.id in ("belote", "coinche"):
            body: dict[str, object] = {"taker": data.draw(st.none() | seats),
                                       "points": data.draw(st.integers(0, 162))}
            if "contract" in settings.family.own_bodies["hand"].fields and \
                    settings.ruleset.id == "coinche":
                body["contract"] = data.draw(st.sampled_from([80, 120, 160]))
            if body["taker"] is None:
                body = {"taker": None, **({"contract": None} if "contract" in body else {})}
            entry = rules.parse_entry(settings, "hand", body)
        elif step is rules.Step.HAND and settings.ruleset.id == "scopa":
            sides = st.sampled_from(list(settings.sides))  # a hand of the game's own (Scopa)
            entry = rules.parse_entry(settings, "hand", {
                "cards": data.draw(st.none() | sides), "settebello": data.draw(sides),
                "scope": [data.draw(st.integers(0, 3)) for _ in settings.sides]})
        elif step is rules.Step.HAND and settings.ruleset.id == "tarot":  # Tarot's own hand
            taker = data.draw(st.none() | seats)
            tarot: dict[str, object] = {"taker": None} if taker is None else {
                "taker": taker, "contract": data.draw(st.sampled_from(["prise", "garde"])),
                "bouts": data.draw(st.integers(0, 3)), "points": data.draw(st.integers(0, 91)),
                "partner": taker if len(settings.seats) == 5 else None}  # alone at 5
            entry = rules.parse_entry(settings, "hand", tarot)
        elif step is rules.Step.HAND:
            entry = rules.Hand(data.draw(st.integers(0, 1)), data.draw(st.sampled_from(list(rules.Beg))),
                               data.draw(seats), data.draw(seats), data.draw(st.none() | seats),
                               data.draw(seats | st.just(rules.TIE)))
        elif step is rules.Step.POINTS:  # a score pad's round, or now and then "we stop here"
            entry = rules.Finish() if state.rounds and data.draw(st.integers(0, 9)) == 0 else \
                rules.Points(tuple(data.draw(st.integers(-50, 50)) for _ in settings.sides))
        elif settings.family is rules.Family.CARD_BIDS:
            entry = rules.Bids(tuple(data.draw(st.sampled_from(rules.cards_open(state, s)))
                                     for s in settings.seats))
        else:
            entry = _bid(state) if data.draw(st.booleans()) else rules.Bids(tuple(
                data.draw(st.sampled_from(rules.bids_open(state, s))) if s == current.next_bidder
                else None for s in settings.seats))
        try:
            rules.apply(state, entry)
        except rules.RuleError:
            continue
        return entry
    raise AssertionError(f"no legal entry found for {current}")


def _correction(data: st.DataObject, state: rules.GameState) -> tuple[int, list[rules.Entry]]:
    """A scored round and its result entries again: the tricks moved round the table when the
    engine allows it, else the same values (new objects: equal, not the same)."""
    number = data.draw(st.sampled_from([r.number for r in state.rounds]))
    again = [rules.entry_from_json(state.settings, rules.entry_to_json(state.entries[i]))
             for i in rules.result_entries(state, number)]
    moved = [rules.Tricks((*e.tricks[1:], e.tricks[0])) if isinstance(e, rules.Tricks) else e
             for e in again]
    try:
        rules.correct_round(state, number, moved)
        return number, moved
    except rules.RuleError:
        return number, again


@pytest.mark.slow
@settings(max_examples=50, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), ruleset=st.sampled_from(sorted(rules.RULESETS)))
def test_either_server_always_holds_the_row_s_state_its_json_and_its_body(
        two_apps: Apps, data: st.DataObject, ruleset: str) -> None:
    apps = list(two_apps)
    names = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
    count = data.draw(st.sampled_from([  # the counts the game is for (Scopa's 5 is not)
        n for n in range(rules.RULESETS[ruleset].min_players,
                         min(rules.RULESETS[ruleset].max_players, 5) + 1)
        if not rules.settings_problems(ruleset, names[:n])]))
    with apps[0].app_context():
        game_id = store.create_game(ruleset, names[:count])[0].id
    for _ in range(data.draw(st.integers(1, 30))):
        app = data.draw(st.sampled_from(apps))
        with app.app_context():
            game = store.load_game(game_id)
            _agrees_with_its_row(app, game)
            state = game.state
            moves = ["forget"]
            if state.current is not None:
                moves += ["add"] * 6
            if state.entries:
                moves.append("undo")
            if state.rounds:
                moves.append("correct")
            move = data.draw(st.sampled_from(moves))
            if move == "add":
                game = store.add_entry(game, game.version, _legal(data, state))
            elif move == "undo":
                game = store.undo_entry(game, game.version)
            elif move == "correct":
                game = store.correct_round(game, game.version, *_correction(data, state))
            else:  # a restart: this server knows nothing of the game any more
                for cached in app.extensions["companion.storage.caches"].values():
                    cached.clear()
                game = store.load_game(game_id)
            _agrees_with_its_row(app, game)
    for app in apps:
        _agrees_with_its_row(app, _load(app, game_id))
