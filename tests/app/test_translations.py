"""The French and Italian catalogues are complete: every string the app shows (a fresh extraction
with babel.cfg, as ``scripts/translations extract`` does it) is translated, none is fuzzy, and
each translation keeps its placeholders. A string added later without a translation fails here."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
LANGUAGES = ["fr", "it"]

#: ``%(player)s``, ``%(rate).1f``, ``%%``; and ``{count}`` for strings formatted with str.format.
PERCENT = re.compile(r"%(?:\((\w+)\))?[#0 +-]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa%])")
BRACES = re.compile(r"(?<!\{)\{(\w*)\}(?!\})")


def _po(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


def _catalog(lang: str) -> Catalog:
    with _po(lang).open("rb") as f:
        return read_po(f, locale=lang)


def _messages(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]  # the header is the entry with an empty id


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def _placeholders(text: str) -> set[str]:
    named = {f"%({name})" for name, kind in PERCENT.findall(text) if name and kind != "%"}
    return named | {f"{{{name}}}" for name in BRACES.findall(text)}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[tuple[str | None, str]]:
    """Every msgid in the code and templates now, extracted exactly as the script does it."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
         "-k", "lazy_gettext", "-k", "_l", "-k", "lazy_pgettext:1c,2", "-o", str(pot), "."],
        cwd=ROOT, check=True, capture_output=True,
    )
    with pot.open("rb") as f:
        return {(m.context, _ids(m)[0]) for m in read_po(f) if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated_and_checked(lang: str) -> None:
    catalog = _catalog(lang)
    untranslated = [_ids(m)[0] for m in _messages(catalog) if not all(_forms(m))]
    fuzzy = [_ids(m)[0] for m in _messages(catalog) if m.fuzzy]
    assert not untranslated, f"{lang}: not translated: {untranslated}"
    assert not fuzzy, f"{lang}: marked fuzzy: {fuzzy}"
    assert not catalog.fuzzy, f"{lang}: the whole catalogue is marked fuzzy (compile would skip it)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_every_form(lang: str) -> None:
    catalog = _catalog(lang)
    for message in _messages(catalog):
        if message.pluralizable:
            assert len(_forms(message)) == catalog.num_plurals, _ids(message)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_their_placeholders(lang: str) -> None:
    problems = []
    for message in _messages(_catalog(lang)):
        ids = _ids(message)
        allowed = set().union(*(_placeholders(i) for i in ids))
        for n, form in enumerate(_forms(message)):
            # The first form answers the singular msgid; the others answer the plural one.
            wanted = _placeholders(ids[0] if n == 0 else ids[-1])
            found = _placeholders(form)
            if not wanted <= found:
                problems.append(f"{ids[0]!r} [{n}] lacks {sorted(wanted - found)}: {form!r}")
            if not found <= allowed:
                problems.append(f"{ids[0]!r} [{n}] adds {sorted(found - allowed)}: {form!r}")
            if message.python_format:
                values = {p[2:-1]: 1 for p in allowed if p.startswith("%(")}
                try:
                    form % values
                except (KeyError, TypeError, ValueError) as error:
                    problems.append(f"{ids[0]!r} [{n}] does not format ({error}): {form!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_covers_a_fresh_extraction(
        lang: str, extracted: set[tuple[str | None, str]]) -> None:
    translated = {(m.context, _ids(m)[0]) for m in _messages(_catalog(lang)) if all(_forms(m))}
    missing = sorted(extracted - translated)
    assert not missing, (
        f"{lang}: strings without a translation (run `bash scripts/translations update`, then "
        f"translate them): {missing}"
    )


@pytest.fixture(scope="module", autouse=True)
def compiled() -> Iterator[None]:
    """The app reads the .mo files (not kept in git): compile them if they are missing or stale."""
    stale = [lang for lang in LANGUAGES
             if not _po(lang).with_suffix(".mo").exists()
             or _po(lang).with_suffix(".mo").stat().st_mtime < _po(lang).stat().st_mtime]
    if stale:
        subprocess.run(["bash", str(ROOT / "scripts" / "translations"), "compile"], cwd=ROOT,
                       check=True, capture_output=True)
    yield


@pytest.mark.parametrize(
    ("accept", "words"),
    [
        ("fr-FR,fr;q=0.9", ["Nouvelle partie", "Tiens les scores à table", "Ascenseur"]),
        ("it-IT,it;q=0.9", ["Nuova partita", "Segna i punti al tavolo", "Ascensore"]),
    ],
)
def test_the_home_page_speaks_the_browser_language(client: FlaskClient, accept: str,
                                                   words: list[str]) -> None:
    page = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    for word in words:
        assert word in page
    assert "New game" not in page


@pytest.mark.parametrize(
    ("accept", "words"),
    [("fr", ["Quel jeu\u00a0?", "Passage de cartes", "Premier donneur"]),
     ("it", ["Quale gioco?", "Passaggio carte", "Primo mazziere"])],
)
def test_the_new_game_page_speaks_the_browser_language(client: FlaskClient, accept: str,
                                                       words: list[str]) -> None:
    page = client.get("/new", headers={"Accept-Language": accept}).get_data(as_text=True)
    for word in words:
        assert word in page
