"""A game is one place: how many of the product's files name a game outside the game's own.

The product's files are its code, templates, style sheets and scripts (``companion/``,
``templates/``, ``static/``), without what a person reads or a reader skips: translations,
comments, docstrings, descriptions and the words put through ``_()``. A game's own files are
those whose path names the game or its family's module (docs/architecture.md, "Adding a game").
Outside them, a game is named in two files only: the engine's list of games and the pages'.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
PRODUCT = ("companion", "templates", "static")
KINDS = {".py", ".html", ".js", ".css", ".svg", ".json", ".txt"}

#: What names each game in code (its id, its family's name, in any case and joining).
NAMED_BY = {
    "oh-seven": r"oh[-_ ]?seven|card[-_]?bids",
    "oh-hell, elevator": r"oh[-_ ]?hell|elevator|turn[-_]?bids",
    "seven-up": r"seven[-_ ]?up",
    "score-pad": r"score[-_ ]?pad",
    # "spades" is a suit too (cards.Suit): Spades is named by its module and its parts.
    "spades": r"(?:rules|games)[./]spades\b|\bspades[._](?:game|sheet|GAME|FAMILY|SPADES)\b"
              r"|\bspades_game\b|\bimport\s+spades\b",
    "wizard": r"wizard",
    "belote, coinche": r"belote|coinche",
    "scopa": r"scopa",
    "tarot": r"tarot",
}
#: What a path of the game's own files holds (its id, with ``_`` or ``-``).
OWN = {
    "oh-seven": r"oh[_-]seven|card[_-]bids",
    "oh-hell, elevator": r"oh[_-]hell|elevator|turn[_-]bids",
    "seven-up": r"seven[_-]up",
    "score-pad": r"score[_-]pad",
    "wizard": r"wizard",
    "spades": r"spades",
    "belote, coinche": r"belote",
    "scopa": r"scopa",
    "tarot": r"tarot",
}
#: The two files outside its own that name a game: the engine's list of games and the pages'.
MOST_OUTSIDE = 2
LISTS = ["companion/rules/games.py", "companion/web/games/__init__.py"]

#: A call that translates its words (``_l`` and ``lazy_pgettext`` too), with its string
#: arguments, however many literals each is written in ("Oh " "Hell").
_TRANSLATED = re.compile(
    r"""\b(?:_l?|gettext|lazy_gettext|ngettext|pgettext|lazy_pgettext)\s*\(\s*"""
    r"""(?:(['"]).*?(?<!\\)\1\s*,?\s*)+""", re.S)


#: The keys whose text is a description a person reads (the API's document), not code.
_COPY_KEYS = {"description", "summary"}


def _python_code(text: str) -> str:
    """The file without comments, docstrings (a string that is a statement of its own) and the
    text given as a description (``"description": "…"``, ``description="…"``)."""
    kept: list[str] = []
    depth, line_start, copy_next, skipping = 0, True, False, False
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind, string = token.type, token.string
        if kind in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            continue
        if kind == tokenize.NEWLINE:
            line_start = True
            continue
        if kind == tokenize.STRING and (skipping or copy_next or (line_start and depth == 0)):
            skipping, copy_next, line_start = True, False, False
            continue
        skipping = False
        copy_next = kind == tokenize.OP and string in (":", "=") and bool(kept) and (
            kept[-1].strip("\'\"") in _COPY_KEYS)
        if kind == tokenize.OP:
            depth += string in "([{"
            depth -= string in ")]}"
        line_start = False
        kept.append(string)
    return " ".join(kept)


def _template_code(text: str) -> str:
    """The template without its comments, its translated words and the text between tags."""
    text = re.sub(r"\{#.*?#\}", " ", text, flags=re.S)
    text = re.sub(r"\{%-?\s*trans\b.*?endtrans\s*-?%\}", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    return re.sub(r">[^<{]*<", "><", text)  # the words a person reads between tags


def _script_code(text: str) -> str:
    return re.sub(r"/\*.*?\*/|(?<![:'\"\\])//[^\n]*", " ", text, flags=re.S)


def code_of(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        text = _python_code(text)
    elif path.suffix in (".html", ".svg"):
        text = _template_code(text)
    elif path.suffix in (".js", ".css"):
        text = _script_code(text)
    return _TRANSLATED.sub(" ", text)


def product_files() -> list[Path]:
    return sorted(
        path for folder in PRODUCT for path in (REPOSITORY / folder).rglob("*")
        if path.is_file() and path.suffix in KINDS and "translations" not in path.parts
        and "vendor" not in path.parts and "__pycache__" not in path.parts)


def naming_outside(game: str) -> list[str]:
    """The product's files outside the game's own that name it in code."""
    named = re.compile(NAMED_BY[game], re.I)
    own = re.compile(OWN[game])
    return [str(path.relative_to(REPOSITORY)) for path in product_files()
            if not own.search(str(path.relative_to(REPOSITORY))) and named.search(code_of(path))]


def test_the_measure_skips_what_a_person_reads() -> None:
    code = _python_code('"""Seven-Up."""\nx = 1  # seven-up\ny = _("Seven-Up")\n')
    assert not re.search(NAMED_BY["seven-up"], _TRANSLATED.sub(" ", code), re.I)
    lazy = _python_code('x = _l("A pad: " "the score pad")\ny = lazy_pgettext("oh-seven", "bid")\n')
    assert not re.search(NAMED_BY["score-pad"], _TRANSLATED.sub(" ", lazy), re.I)
    assert not re.search(NAMED_BY["oh-seven"], _TRANSLATED.sub(" ", lazy), re.I)
    assert re.search(NAMED_BY["seven-up"], _python_code('family = "seven-up"\n'), re.I)
    assert re.search(NAMED_BY["seven-up"], _python_code('x = {\n    "seven-up": 1,\n}\n'), re.I)
    described = '{"description": "a score pad" " only", "n": 1}\nf(description="score pad")\n'
    assert not re.search(NAMED_BY["score-pad"], _python_code(described), re.I)
    assert not re.search(NAMED_BY["score-pad"], _template_code("<p>Score pad</p>{# score pad #}"),
                         re.I)
    assert re.search(NAMED_BY["score-pad"], _template_code('<div class="score-pad">'), re.I)


@pytest.mark.parametrize("game", sorted(NAMED_BY))
def test_a_game_is_named_outside_its_own_files_only_in_the_lists_of_games(game: str) -> None:
    outside = naming_outside(game)
    assert len(outside) <= MOST_OUTSIDE and set(outside) <= set(LISTS), "\n".join(outside)


if __name__ == "__main__":  # the counts today: python tests/app/test_game_is_one_place.py
    for game in sorted(NAMED_BY):
        files = naming_outside(game)
        print(f"{game}: {len(files)}")
        for name in files:
            print("   ", name)
