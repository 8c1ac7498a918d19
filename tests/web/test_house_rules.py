"""Every option of every game is worded: read generically from the engine's registry, each
value (a range option: its default and "this many cards") has a label, a one-line effect and a
source, in English, French and Italian. A new option or value without them fails here."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask_babel import LazyString, force_locale

from companion.rules import RULESETS, IntRange, Option, Ruleset
from companion.web.shared import house_rules

TRANSLATIONS = Path(__file__).resolve().parents[2] / "companion" / "translations"


def _msgid(text: LazyString) -> str:
    return str(text._args[0])  # lazy_gettext(msgid): the message id it will look up


def _words(ruleset: Ruleset) -> list[tuple[str, LazyString | None]]:
    """(what, its lazy string or None when missing) for every name, label, effect and source of
    one game's options and presets."""
    found: list[tuple[str, LazyString | None]] = []
    options: Mapping[str, Option] = ruleset.options
    for name, option in options.items():
        found.append((f"{name}: name", house_rules.option_name_words(name)))
        for key in house_rules.keys_of(option):
            label, effect = (house_rules.value_words(ruleset.id, name, key)
                             if ruleset.id in RULESETS else None) or (
                house_rules.VALUES.get((name, key), (None, None)))
            default = key == house_rules.token(option.default)
            source = (house_rules.SEEDS.get(ruleset.id) if default
                      else (house_rules.source_words(ruleset.id, name, key)
                            if ruleset.id in RULESETS else house_rules.SOURCES.get((name, key))))
            found += [(f"{name}={key}: label", label), (f"{name}={key}: effect", effect),
                      (f"{name}={key}: source", source)]
    for name, value in ruleset.presets.items():
        found.append((f"{name}={value}: preset", house_rules.VALUES.get(
            (name, house_rules.token(value)), (None,))[0]))
    return found


def unworded(rulesets: Mapping[str, Ruleset]) -> list[str]:
    """What lacks an English wording, or a French or Italian translation."""
    catalogues = {lang: read_po((TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb"))
                  for lang in ("fr", "it")}
    problems = []
    for ruleset in rulesets.values():
        for what, text in _words(ruleset):
            if text is None:
                problems.append(f"{ruleset.id} {what}: no wording")
                continue
            for lang, catalogue in catalogues.items():
                message = catalogue.get(_msgid(text))
                if message is None or not message.string or message.fuzzy:
                    problems.append(f"{ruleset.id} {what}: no {lang} translation")
    return problems


def test_every_option_value_of_every_game_is_worded_in_three_languages() -> None:
    assert unworded(RULESETS) == []


def test_a_value_the_engine_adds_without_words_is_caught() -> None:
    """The check above can fail: a registry with an unworded option and value is reported."""
    oh_hell = RULESETS["oh-hell"]
    grown = Ruleset(oh_hell.id, oh_hell.name, oh_hell.family, 3, 7, MappingProxyType({
        **oh_hell.options,
        "hook": Option("always", ("always", "never", "not-last", "first-only")),
        "jokers": Option(0, IntRange(0, 2)),
    }), oh_hell.presets)
    assert unworded({"oh-hell": grown}) == [
        f"oh-hell {what}: no wording" for what in (
            "hook=first-only: label", "hook=first-only: effect", "hook=first-only: source",
            "jokers: name", "jokers=0: label", "jokers=0: effect",
            "jokers=number: label", "jokers=number: effect",
            "jokers=number: source")
    ]


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_defaults_cite_the_seed_and_other_values_their_own_source(app: Flask,
                                                                  ruleset_id: str) -> None:
    with app.test_request_context():
        for name in RULESETS[ruleset_id].options:
            for wording in house_rules.wordings(ruleset_id, name):
                seed = str(house_rules.SEEDS[ruleset_id])
                assert (wording.source == seed) is wording.default, (name, wording)
                assert wording.label and wording.effect


def test_the_section_6_sources_are_named(app: Flask) -> None:
    """docs/rules.md section 6, source column."""
    with app.test_request_context():
        hook = {w.token: w.source for w in house_rules.wordings("oh-hell", "hook")}
        assert hook["always"].startswith("Seed 001")
        assert "traditionalgamerules.neocities.org" in hook["not-last"]
        assert {w.token: w.source for w in house_rules.wordings("elevator", "hook")}[
            "always"].startswith("Seed 003")
        scoring = {w.token: w.source for w in house_rules.wordings("oh-hell", "scoring")}
        assert scoring["exact"].startswith("Seed 001")
        assert scoring["tricks-plus-bonus"].startswith("Seed 003")
        assert "traditionalgamerules" in scoring["tricks-plus-five"]
        assert "pagat.com" in scoring["squared"]
        largest = {w.token: w.source for w in house_rules.wordings("oh-hell", "max_hand")}
        assert "only up to 12 cards are dealt in a four-player match" in largest["number"]
        zero = {w.token: w.source for w in house_rules.wordings("oh-hell", "zero_bid")}
        assert "reduced 0 bid" in zero["five"] and "adjusted 0 bid" in zero["five-plus-hand"]


def test_words_follow_the_language(app: Flask) -> None:
    with app.test_request_context():
        with force_locale("fr"):
            assert house_rules.option_name("hook") == "Restriction du donneur"
            assert house_rules.value_label("oh-hell", "hook", "never") == "Jamais"
            assert house_rules.value_label("oh-hell", "max_hand", 12) == "12 cartes"
        with force_locale("it"):
            assert house_rules.option_name("hook") == "Vincolo del mazziere"
            assert house_rules.value_label("elevator", "scoring", "tricks-plus-bonus") == (
                "Prese più 10")
        assert house_rules.value_label("oh-hell", "max_hand", None) == "By the number of players"
        assert house_rules.value_label("oh-hell", "max_hand", 1) == "1 card"
