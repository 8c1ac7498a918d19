"""Every reason the engine can give has a sentence in the table's words, sent through the
translation machinery (Flask-Babel) in the person's language."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flask_babel
import pytest
from babel.support import NullTranslations
from flask import Flask

from companion import rules
from companion.web.shared import declaration
from companion.web.shared.messages import MESSAGES, explain

from .conftest import Scorekeeper, text

ENGINE = Path(rules.__file__).parent


def _engine_reasons() -> set[str]:
    """Every ``reason`` in the engine's source: a ``reason=`` keyword that is a string, the
    code of a ``RuleError`` without one (the reason defaults to the code), and the first
    argument of Seven-Up's ``_impossible(...)`` helper."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):  # a game may be a package
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if called == "_impossible" and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
            reason = next((k.value for k in node.keywords if k.arg == "reason"), None)
            if isinstance(reason, ast.Constant):
                found.add(reason.value)
            elif called == "RuleError" and reason is None and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    return found


def test_every_reason_the_engine_raises_has_a_message() -> None:
    reasons = _engine_reasons()
    assert {"hook", "tricks-total", "card-reused", "player-count"} <= reasons
    # Seven-Up's hand checks go through its helper: their reasons are found too.
    assert {"jacks-count", "jacks-without-run", "low-without-high", "high-without-low",
            "jack-without-trump", "game-missing"} <= reasons
    assert {"option-range", "max-hand-players"} <= reasons
    # A game may say its own refusals in its own words (``Words.refusals``) instead.
    own = {reason for game in declaration.every() for words in game.words.values()
           for reason in words.refusals}
    assert sorted(reasons - set(MESSAGES) - own) == []


def test_the_engine_raises_errors_with_the_params_the_message_names(app: Flask) -> None:
    settings = rules.new_settings("oh-hell", ["Ana", "Ben", "Cleo"], 0, {"schedule": "up"})
    state = rules.fold(settings, [rules.Bids((None, 0, 0))])
    with pytest.raises(rules.RuleError) as hooked:
        rules.apply(state, rules.Bids((1, None, None)))
    with app.test_request_context():
        assert explain(hooked.value, settings) == (
            "Dealer can't bid 1: bids would total 1 — someone must miss.")


def test_each_message_names_only_known_placeholders() -> None:
    known = {"bid", "hand_size", "player", "waiting", "round", "value", "other", "card",
             "tricks", "total", "game", "kind", "position", "name", "length", "most", "least",
             "count", "target", "players",
             # The engine's numbers a refusal says (tests/web/test_engine_numbers.py).
             "lowest", "highest", "copies", "rebid_sum", "dealt", "kept", "jacks",
             # Spades: the blind nil's gap needed and now (or the lead), a side's names.
             "needed", "gap", "lead", "side"}
    for reason, message in MESSAGES.items():
        names = {name for _, name, _, _ in string.Formatter().parse(
            re.sub(r"%\((\w+)\)s", r"{\1}", message._args[0])) if name}
        assert names <= known, reason


class Shouting(NullTranslations):  # type: ignore[misc]
    """A stand-in French catalogue: every translated string comes back marked."""

    def gettext(self, message: str) -> str:
        return "«FR» " + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "«FR» " + (singular if n == 1 else plural)

    ugettext = gettext
    ungettext = ngettext


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real = flask_babel.Domain.get_translations

    def translations(self: flask_babel.Domain) -> Any:
        if str(flask_babel.get_locale()) == "fr":
            return Shouting()
        return real(self)

    monkeypatch.setattr(flask_babel.Domain, "get_translations", translations)
    yield


FR = {"Accept-Language": "fr"}


def test_a_rule_error_is_said_in_french(start: Callable[..., Scorekeeper], french: None) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0, schedule="up")
    keeper.bids(0, 0)
    response = keeper.client.post(f"{keeper.url}/bid", headers=FR,
                                 data={"version": keeper.version, "seat": 0, "bid": 1})
    assert response.status_code == 422
    page = text(response)
    assert "«FR» Dealer can't bid 1: bids would total 1 — someone must miss." in page
    assert "«FR» Round 1 of 10" in page  # the banner too
    english = keeper.client.post(f"{keeper.url}/bid",
                                data={"version": keeper.version, "seat": 0, "bid": 1})
    assert "«FR»" not in text(english)


def test_tricks_and_new_game_errors_are_said_in_french(start: Callable[..., Scorekeeper],
                                                       client: Any, french: None) -> None:
    keeper = start("elevator", ["Ana", "Ben", "Cleo"], dealer=0)
    keeper.bids(1, 1, 1)
    response = keeper.client.post(f"{keeper.url}/tricks", headers=FR, data={
        "version": keeper.version, "round": 1, "tricks_0": 5, "tricks_1": 5, "tricks_2": 5})
    assert "«FR» The tricks add up to 15, but 10 were played." in text(response)
    created = client.post("/new", headers=FR, data={"ruleset": "oh-hell", "players-0": "Ana"})
    # The sentence and the game's name inside it are both translated.
    assert "«FR» «FR» Oh Hell is for 3 to 7 players, not 1." in text(created)


@pytest.mark.parametrize(
    ("ruleset", "french", "italian"),
    [("oh-seven", "pari", "ha offerto"), ("oh-hell", "annonce", "ha dichiarato")],
)
def test_a_bid_is_said_in_each_games_own_words(start: Callable[..., Scorekeeper], ruleset: str,
                                              french: str, italian: str) -> None:
    """The players' words: bid is *annonce* in Oh Hell but *pari* in Oh-Seven (*offerta* in
    Italian), with the real catalogues."""
    keeper = start(ruleset, ["Ana", "Ben", "Cleo"], dealer=0)
    if ruleset == "oh-seven":
        assert keeper.cards("5s", "1h", "0d").status_code == 303
    else:
        keeper.bids(1, 2, 0)
    for language, word in (("fr", french), ("it", italian)):
        page = text(keeper.client.get(keeper.url, headers={"Accept-Language": language}))
        assert f"{word} " in page, (language, word)
