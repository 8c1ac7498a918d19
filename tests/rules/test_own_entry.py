"""A game's own entry (``entries.OwnEntry``) must say its kind and its stored form: one that
leaves either out cannot be made, so generic code never meets an entry it cannot store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from companion.rules.entries import OwnEntry, entry_to_json, field_of


def test_an_own_entry_without_its_stored_form_cannot_be_made() -> None:
    @dataclass(frozen=True)
    class Half(OwnEntry):
        @property
        def kind(self) -> str:
            return "hand"

    with pytest.raises(TypeError):
        Half()  # type: ignore[abstract]


def test_an_own_entry_is_stored_and_named_by_its_kind() -> None:
    @dataclass(frozen=True)
    class Whole(OwnEntry):
        points: int = 3

        @property
        def kind(self) -> str:
            return "hand"

        def to_json(self) -> dict[str, Any]:
            return {"kind": self.kind, "points": self.points}

    assert entry_to_json(Whole()) == {"kind": "hand", "points": 3}
    assert field_of(Whole()) == "hand"
