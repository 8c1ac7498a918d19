"""Each game says "bid" with one word in each language, on every page of a round (its players'
word: Oh-Seven *pari* / *offerta*, Oh Hell *annonce* / *dichiarazione*; Oh-Seven's rebid is *nouveau
pari* / *nuova dichiarazione*), and Italian Seven-Up's Game point, "Punti", is not next to a
target worded "7 punti"."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask_babel import force_locale

from companion.rules import RuleError, new_settings
from companion.web.shared import messages

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
#: The other game's word, which must not show: (language, game) -> pattern.
#: Its own word, which must show: (language, game) -> pattern.
OWN = {("fr", "oh-seven"): r"\bpari", ("it", "oh-seven"): r"\boffert",
       ("fr", "oh-hell"): r"\bannonc", ("it", "oh-hell"): r"\bdichiar"}
FOREIGN = {
    ("fr", "oh-seven"): r"\bannonc",
    ("it", "oh-seven"): r"(?<!nuova )(?<!nuove )\bdichiar",  # but the rebid's own words
    ("fr", "oh-hell"): r"\bpari",
    ("it", "oh-hell"): r"\bofferta|\boffert|\boffr",
}


def _pages(keeper: Scorekeeper, language: str) -> list[str]:
    headers = {"Accept-Language": language}
    return [text(keeper.client.get(keeper.url, headers=headers)),
            text(keeper.client.get(f"{keeper.url}/rounds/1", headers=headers))]


@pytest.mark.parametrize("language", ["fr", "it"])
def test_oh_seven_says_its_own_word_for_a_bid(start: Callable[..., Scorekeeper], language: str) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0, card_passing="true")
    keeper.cards("3s", "2h", "4d", "0c")
    keeper.tricks(3, 2, 2, 0)
    keeper.cards("1s", "2s", "3s", "1h")  # adds up to 7: a forced rebid, explained
    keeper.cards("3s", "2h", "4d", "0c")  # refused: 3♠ was set aside (its error shows)
    for page in _pages(keeper, language):
        assert re.search(OWN[(language, "oh-seven")], page, re.I)
        found = re.findall(FOREIGN[(language, "oh-seven")] + r"\w*", page, re.I)
        assert not found, found
        assert "nuova offerta" not in page.lower()
    rebid = {"fr": "nouveau pari", "it": "nuova dichiarazione"}[language]
    assert rebid in _pages(keeper, language)[0].lower()  # the game page, with the forced rebid


@pytest.mark.parametrize("language", ["fr", "it"])
def test_oh_hell_says_its_own_word_for_a_bid(start: Callable[..., Scorekeeper], language: str) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(1, 1, 1)
    keeper.bid(0, 7)  # the dealer's hook: refused, with its reason
    for page in _pages(keeper, language)[:1]:
        assert re.search(OWN[(language, "oh-hell")], page, re.I)
        found = re.findall(FOREIGN[(language, "oh-hell")] + r"\w*", page, re.I)
        assert not found, found


def test_italian_seven_up_keeps_punti_for_the_game_point(app: object, client: object) -> None:
    page = text(client.get("/new", headers={"Accept-Language": "it"}))  # type: ignore[attr-defined]
    assert "7 punti" not in page and "10 punti" not in page
    assert "A 7" in page and "A 10" in page


# Every refusal that says "bid", in each bid game's own word: the sentences Oh Hell and
# Oh-Seven share ("Round N needs every bid…", "With these values…") included.
SAMPLE = {"bid": 2, "hand_size": 7, "player": "Ana", "waiting": "Ben", "round": 3, "value": 9,
          "other": "Ben", "card": "3♠", "count": 3, "tricks": 2, "total": 6}
SHARED = ["tricks-before-bids", "correction-incomplete"]
#: The refusals each game can meet, besides the shared ones.
OWN_REFUSALS = {
    "oh-hell": ["hook", "bid-range", "already-bid", "no-bid", "out-of-turn", "bids-complete"],
    "oh-seven": ["card-value", "card-suit", "duplicate-card", "duplicate-card-decks",
                 "card-reused", "card-gone", "correction-rebid"],
}


@pytest.mark.parametrize("language", ["fr", "it"])
@pytest.mark.parametrize("game", ["oh-seven", "oh-hell"])
def test_every_refusal_says_the_games_own_word(app: Flask, game: str, language: str) -> None:
    settings = new_settings(game, PLAYERS)
    said = []
    with app.test_request_context(), force_locale(language):
        for reason in OWN_REFUSALS[game] + SHARED:
            english = messages.MESSAGES[reason]
            error = RuleError("phase", str(english), reason=reason, **SAMPLE)
            sentence = messages.explain(error, settings)
            said.append((reason, sentence))
            found = re.findall(FOREIGN[(language, game)] + r"\w*", sentence, re.I)
            assert not found, (reason, sentence)
    shared = dict(said)
    for reason in SHARED:  # these two name the bid: in this game's word
        assert re.search(OWN[(language, game)], shared[reason], re.I), shared[reason]
