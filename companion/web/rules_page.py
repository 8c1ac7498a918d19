"""The rules page of each game, ``/rules/<ruleset>``: the rules as the engine enforces them
(docs/rules.md sections 1–5), short and in the table's words, then each house rule with its values,
effects and sources (``house_rules``), and the seed the game comes from.

Each game's sentences, the seed's own lines and the numbers they say are its package's
(``game_words.Words``: ``web/games/<its family's module>/words.py``); the numbers that depend on
the rules (who plays, the deck, hand sizes and rounds by players, the option values, defaults and
ranges, the worked examples…) are asked of the engine there and put into the sentences here; a
test changes the engine under the page and reads the page follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from flask import abort, make_response, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import RULESETS, IntRange
from companion.storage import store
from companion.web.shared import game_words, house_rules
from companion.web.shared.game_words import DEAL
from companion.web.shared.messages import game_name


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    #: Lines of a small list under the paragraphs (hand sizes by players).
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionRules:
    key: str
    name: str
    values: tuple[house_rules.Wording, ...]
    #: A range option's bounds, for "1 to 17 cards".
    range: IntRange | None
    #: The largest hand each table can be dealt (the engine's deal limit), for ``max_hand``.
    limits: tuple[str, ...] = ()


HAND_SIZES = _l("%(players)s: %(cards)s at most, %(rounds)s rounds")
DEAL_LIMIT = _l("%(players)s: up to %(cards)s")
PRESET = _l("Fixed in %(game)s: %(value)s")


def _players(least: int, most: int) -> str:
    if least == most:
        return str(ngettext("%(num)s player", "%(num)s players", least))
    return str(_("%(least)s to %(most)s players", least=least, most=most))


def hand_sizes(ruleset_id: str) -> tuple[str, ...]:
    """The largest hand and the number of rounds for each number of players, from the engine's
    schedule (tables with the same numbers share a line)."""
    ruleset = RULESETS[ruleset_id]
    rows: list[tuple[int, int, int, int]] = []  # least, most players, largest hand, rounds
    for count in range(ruleset.min_players, ruleset.max_players + 1):
        settings = rules.new_settings(ruleset_id, [f"P{seat}" for seat in range(count)])
        rounds = settings.family.total_rounds(settings) or 0
        sizes = [settings.family.start_round(settings, number).hand_size
                 for number in range(1, rounds + 1)]
        if rows and rows[-1][2:] == (max(sizes), len(sizes)):
            rows[-1] = (rows[-1][0], count, *rows[-1][2:])
        else:
            rows.append((count, count, max(sizes), len(sizes)))
    return tuple(
        str(HAND_SIZES) % {"players": _players(least, most),
                           "cards": ngettext("%(num)s card", "%(num)s cards", top),
                           "rounds": rounds}
        for least, most, top, rounds in rows
    )


def sections(ruleset_id: str) -> tuple[Section, ...]:
    """The game's rules, section by section, as its package words them, with the engine's
    numbers put in (and, for a game whose hands change size, its hand sizes under the deal)."""
    words = game_words.of(ruleset_id)
    facts = words.facts(RULESETS[ruleset_id])
    found = []
    for title, paragraphs in words.sections:
        items = hand_sizes(ruleset_id) if title is DEAL and words.hand_sizes else ()
        said = tuple(str(p) % facts for p in paragraphs)
        found.append(Section(str(title), said, items))
    return tuple(found)


def deal_limits(ruleset_id: str) -> tuple[str, ...]:
    """The most cards a 52-card deck deals each table, keeping one to turn for trump."""
    ruleset = RULESETS[ruleset_id]
    return tuple(
        str(DEAL_LIMIT) % {"players": ngettext("%(num)s player", "%(num)s players", count),
                           "cards": ngettext("%(num)s card", "%(num)s cards",
                                             rules.deal_limit(count))}
        for count in range(ruleset.min_players, ruleset.max_players + 1)
    )


def options(ruleset_id: str) -> tuple[OptionRules, ...]:
    ruleset = RULESETS[ruleset_id]
    return tuple(
        OptionRules(name, house_rules.option_name(name), house_rules.wordings(ruleset_id, name),
                    option.choices if isinstance(option.choices, IntRange) else None,
                    deal_limits(ruleset_id) if name == "max_hand" else ())
        for name, option in ruleset.options.items()
    )


def presets(ruleset_id: str) -> Sequence[str]:
    """Options the game fixes (Elevator's scoring), said as such."""
    ruleset = RULESETS[ruleset_id]
    return [
        str(PRESET) % {"game": game_name(ruleset_id),
                       "value": f"{house_rules.option_name(name)} — "
                                f"{house_rules.value_label(ruleset_id, name, value)}"}
        for name, value in ruleset.presets.items()
    ]


@dataclass(frozen=True)
class InPlay:
    """The value one option has in the game the page was opened from."""

    token: str
    label: str


def in_play(ruleset_id: str, game_id: str | None) -> tuple[str | None, Mapping[str, InPlay]]:
    """The game the "?" beside its banner came from (``?game=<id>``, its public share id): its
    id and the house rules it plays, by option; nothing for another game or an unknown id."""
    if not game_id:
        return None, {}
    try:
        game = store.load_game(game_id)
    except store.GameNotFound:
        return None, {}
    if game.settings.ruleset.id != ruleset_id:
        return None, {}
    chosen = game.settings.options
    return game.id, {
        name: InPlay(house_rules.token_of(option, chosen.get(name, option.default)),
                     house_rules.value_label(ruleset_id, name, chosen.get(name, option.default)))
        for name, option in RULESETS[ruleset_id].options.items()
    }


def page(ruleset: str) -> Response:
    if ruleset not in RULESETS:
        abort(404)
    game_id, playing = in_play(ruleset, request.args.get("game"))
    body = render_template(
        "rules.html", ruleset=ruleset, game_name=game_name(ruleset), sections=sections(ruleset),
        options=options(ruleset), presets=presets(ruleset),
        seed=str(house_rules.SEEDS[ruleset]), quotes=game_words.of(ruleset).quotes,
        games=[(other, game_name(other)) for other in RULESETS],
        game_id=game_id, in_play=playing,
    )
    return make_response(body)
