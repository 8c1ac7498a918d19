"""The description's request bodies are made from the declarations the server reads them with
(``api.bodies``), the rulesets' options from the registry and the entries each game takes from its
family: a game, an option or a field added there is described without a line of ``openapi.py``."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.api import bodies, openapi

PREFIX = "/api/v1"


def schemas() -> dict[str, Any]:
    return openapi.description()["components"]["schemas"]


def test_every_declared_body_is_described_as_the_server_reads_it() -> None:
    described = schemas()
    for body in bodies.BODIES:
        schema = described[body.name]
        assert set(schema["properties"]) == body.names, body.name
        assert schema["required"] == list(body.required), body.name
        assert schema["additionalProperties"] is False, body.name


def _with(monkeypatch: pytest.MonkeyPatch, rulesets: dict[str, rules.Ruleset]) -> None:
    monkeypatch.setattr(rules, "RULESETS", MappingProxyType(rulesets))


def test_an_option_added_to_a_ruleset_is_described(monkeypatch: pytest.MonkeyPatch,
                                                   client: FlaskClient) -> None:
    before = dict(rules.RULESETS)
    seven_up = before["seven-up"]
    kitty = rules.Option(False, (False, True))
    _with(monkeypatch, {**before, "seven-up": dataclasses.replace(
        seven_up, options=MappingProxyType({**seven_up.options, "kitty": kitty}))})
    served = client.get(f"{PREFIX}/openapi.json").get_json()["components"]["schemas"]
    for options in (served["NewGame"]["properties"]["options"],
                    served["ExportGame"]["properties"]["options"]):
        assert "seven-up: target, game_tie, low_to, kitty." in options["description"]
        assert options["properties"]["kitty"] == {
            "description": "seven-up: one of false, true (default false)"}


def test_a_game_added_to_the_registry_is_described(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset of an existing family: its id among the rulesets, its name on the entries it
    takes, its options described, its presets too."""
    pad = rules.RULESETS["score-pad"]
    rummy = dataclasses.replace(pad, id="rummy", name="Rummy",
                                 options=MappingProxyType({"target": rules.Option(
                                     1000, rules.IntRange(500, 2000))}),
                                 presets=MappingProxyType({"teams": "pairs"}))
    _with(monkeypatch, {**rules.RULESETS, "rummy": rummy})
    described = openapi.description()
    found = described["components"]["schemas"]
    assert "rummy" in found["NewGame"]["properties"]["ruleset"]["enum"]
    assert "rummy" in found["Game"]["properties"]["ruleset"]["enum"]
    options = found["NewGame"]["properties"]["options"]
    assert "rummy: target (teams is pairs)." in options["description"]
    assert "rummy: a whole number 500–2000 (default 1000)" in (
        options["properties"]["target"]["description"])
    assert "Rummy: teams pairs" in found["Game"]["properties"]["preset_options"]["description"]
    points = described["paths"]["/games/{game_id}/points"]["post"]
    assert points["summary"].endswith("(Score pad, Rummy)")
    correction = described["paths"]["/games/{game_id}/rounds/{number}"]["put"]
    assert "{version, points} (Score pad, Rummy)" in correction["description"]


def test_a_field_declared_on_a_body_is_described(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field added to an entry's body: in its write's body, the correction's and the export's
    entries; an entry kind added, its own route."""
    points = bodies.ENTRY_WRITE["points"]
    noted = dataclasses.replace(points.body, fields={
        **points.body.fields, "note": bodies.Field({"type": "string"}, required=False)})
    writes = tuple(dataclasses.replace(w, body=noted) if w is points else w
                   for w in bodies.ENTRY_WRITES)
    monkeypatch.setattr(bodies, "ENTRY_WRITES", writes)
    monkeypatch.setattr(bodies, "ENTRY_WRITE", {w.kind: w for w in writes})
    monkeypatch.setattr(bodies, "BODIES", tuple(noted if b is points.body else b
                                                for b in bodies.BODIES))
    found = schemas()
    assert found["PointsBody"]["properties"]["note"] == {"type": "string"}
    assert found["PointsBody"]["required"] == ["version", "points"]
    assert {"$ref": "#/components/schemas/PointsBody"} in found["RoundBody"]["anyOf"]
    entry, = (e for e in found["ExportEntry"]["anyOf"] if e["properties"]["kind"]["const"] == "points")
    assert set(entry["properties"]) == {"kind", "points", "note"}


def test_an_entry_kind_declared_gets_its_route(monkeypatch: pytest.MonkeyPatch) -> None:
    bid = bodies.ENTRY_WRITE["bids"]
    shout = dataclasses.replace(bid, path="shouts", summary="Shout")
    monkeypatch.setattr(bodies, "ENTRY_WRITES", (*bodies.ENTRY_WRITES, shout))
    described = openapi.description()
    assert described["paths"]["/games/{game_id}/shouts"]["post"]["summary"].startswith("Shout")
    assert any(e["properties"]["kind"] == {"const": "shouts"}
               for e in described["components"]["schemas"]["ExportEntry"]["anyOf"])


def test_the_description_names_no_game() -> None:
    """Every game comes from the registry: ``openapi.py`` spells none of them."""
    source = Path(openapi.__file__).read_text(encoding="utf-8")
    for ruleset in rules.RULESETS.values():
        assert not re.search(re.escape(ruleset.id), source, re.IGNORECASE), ruleset.id
        assert ruleset.name not in source, ruleset.name
