"""The game object's pieces that take shortcuts give what the plain formula gives."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from companion import rules, store
from companion.api import serialize
from companion.api.serialize import _timestamp

ZONES = st.sampled_from([None, timezone.utc, timezone(timedelta(hours=2)),
                         timezone(timedelta(hours=-5, minutes=-30))])


def _plain(moment: datetime) -> str:
    """The formula before the shortcuts: the zone set (UTC when none), converted, written."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


@given(st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(9999, 12, 30)), ZONES)
def test_a_timestamp_is_the_plain_formula_s(moment: datetime, zone: timezone | None) -> None:
    moment = moment.replace(tzinfo=zone)
    assert _timestamp(moment) == _plain(moment)


def test_timestamps_as_the_database_and_a_write_hand_them() -> None:
    assert _timestamp(datetime(2026, 3, 1, 9, 5, 7, 120)) == "2026-03-01T09:05:07.000120Z"
    assert _timestamp(datetime(2026, 3, 1, 9, 5, 7, tzinfo=timezone.utc)) == "2026-03-01T09:05:07Z"
    assert _timestamp(datetime(2026, 3, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))) == (
        "2026-02-28T23:30:00Z")


def test_a_body_takes_the_scored_rounds_text_from_the_last_answer(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[rules.Round] = []
    fresh = serialize.round_json

    def counted(round_: rules.Round, settings: rules.Settings) -> dict[str, Any]:
        made.append(round_)
        return fresh(round_, settings)

    with app.app_context():
        game, _ = store.create_game("oh-hell", ["Ana", "Ben", "Cleo"])
        for entry in (rules.Bids((None, 1, None)), rules.Bids((None, None, 0)),
                      rules.Bids((3, None, None)), rules.Tricks((5, 1, 4))):
            game = store.add_entry(game, game.version, entry)
        monkeypatch.setattr(serialize, "round_json", counted)
        first = serialize.game_body(game)
        assert made == [game.state.current, game.state.rounds[0]]
        made.clear()
        game = store.add_entry(game, game.version, rules.Bids((None, None, 2)))
        second = serialize.game_body(game)
        assert made == [game.state.current]  # round 1's text kept
        monkeypatch.setattr(serialize, "round_json", fresh)
        assert second != first and second == serialize.dumps(serialize.game_json(game))
        kept = app.extensions["companion.caches"]["rounds"].get(game.id)
        assert [text for _, text in kept] == [
            serialize.dumps(fresh(r, game.settings)) for r in game.state.rounds]
