"""docs/api.md, "Bounds": an export of anything importable imports again. An export carries the
same fields and the same characters as the document it came from, so it is no larger (a table
imported from 8 MiB came back from its export at about twice that, over the import's 16 MiB);
imported again, it makes the same games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion import rules

from .test_transfer import _ids_out

#: Names as families type them: accents, Greek, emoji, and a name with markup characters.
NAMES = ["Zoë", "Ἀθηνᾶ", "<Nonna & co>", "Jürgen 🂡"]


def _started(number: int) -> str:
    """The games one after the other, as they were played (an export is oldest first)."""
    return f"2025-03-01T{number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}.{number + 1:06d}Z"


def _hand_as_sent(hand: rules.Hand) -> dict[str, Any]:
    """A hand as a client may send it: the fields an import takes as 0, stand or nobody left
    out (the API fills them in)."""
    sent: dict[str, Any] = {"kind": "hands"}
    if hand.jacks_turned:
        sent["jacks_turned"] = hand.jacks_turned
    if hand.beg is not rules.Beg.STAND:
        sent["beg"] = hand.beg.value
    for point in ("high", "low", "jack", "game"):
        if getattr(hand, point) is not None:
            sent[point] = getattr(hand, point)
    return sent


def _seven_up(chance: random.Random, number: int) -> dict[str, Any]:
    players = NAMES[:3]
    state = rules.new_game(rules.new_settings("seven-up", players))
    sent = []
    while state.current is not None:
        seats = range(len(players))
        hand = rules.Hand(jacks_turned=0, beg=rules.Beg.STAND, high=chance.choice(seats),
                          low=chance.choice(seats), jack=chance.choice([None, *seats]),
                          game=chance.choice([*seats, rules.TIE]))
        state = rules.apply(state, hand)
        sent.append(_hand_as_sent(hand))
    return {"ruleset": "seven-up", "title": None,
            "options": {"target": 7, "game_tie": "nobody", "low_to": "holder"},
            "players": players, "first_dealer": 0,
            "started": _started(number),
            "entries": sent,
            # The edition of the gift rule a new game plays under: a game's own field, written
            # as every game field is (a game left without it is given it, as a creation is).
            "gift_rule": state.settings.gift_rule.value}


def _score_pad(number: int) -> dict[str, Any]:
    return {"ruleset": "score-pad", "title": "Scopa à quattro ♣",
            "options": {"teams": "none", "winner": "highest", "target": None, "rounds": None,
                        "zero_sum": False},
            "players": NAMES, "first_dealer": 1,
            "started": _started(number),
            "entries": [{"kind": "points", "points": [number % 7, 3, -2, 11]},
                        {"kind": "points", "points": [0, 5, 5, 1]}, {"kind": "finish"}]}


def _document(games: int) -> dict[str, Any]:
    chance = random.Random(39)
    return {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-07T10:00:00Z",
            "table": {"name": "Famiglia & Freunde", "renames": [{"from": "Zoe", "to": "Zoë"}]},
            "games": [_seven_up(chance, n) if n % 2 else _score_pad(n) for n in range(games)]}


def _without_date(text: bytes) -> dict[str, Any]:
    document = json.loads(text)
    del document["exported"]
    return document  # type: ignore[no-any-return]


def _imported(client: FlaskClient, body: bytes) -> str:
    made = client.post("/api/v1/tables/import", data=body, content_type="application/json")
    assert made.status_code == 201, made.get_json()
    return made.get_json()["table"]["id"]  # type: ignore[no-any-return]


def test_an_export_is_no_larger_than_the_import_it_came_from(
        make_app: Callable[..., Flask]) -> None:
    # Compact JSON in UTF-8, as a careful client writes it (and as the export does).
    sent = json.dumps(_document(400), ensure_ascii=False, separators=(",", ":")).encode()
    assert len(sent) > 150_000
    home, elsewhere = make_app().test_client(), make_app().test_client()
    table_id = _imported(home, sent)
    exported = home.get(f"/api/v1/tables/{table_id}/export").get_data()
    # The same fields and characters: no larger, but for the date of the export itself.
    assert len(exported) <= len(sent) + 8, (len(exported), len(sent))
    assert _without_date(exported) == _without_date(sent)

    # Imported again elsewhere: the same games, the same figures, and the same document.
    again_id = _imported(elsewhere, exported)
    assert elsewhere.get(f"/api/v1/tables/{again_id}/games.csv").get_data() == \
        home.get(f"/api/v1/tables/{table_id}/games.csv").get_data()
    assert _ids_out(elsewhere.get(f"/api/v1/tables/{again_id}/statistics").get_json()) == \
        _ids_out(home.get(f"/api/v1/tables/{table_id}/statistics").get_json())
    assert _without_date(elsewhere.get(f"/api/v1/tables/{again_id}/export").get_data()) == \
        _without_date(exported)
