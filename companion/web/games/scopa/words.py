"""Scopa's words: its name, description, sources and rules page, its house rules' words, a
hand's "why" per side, and its own refusals, in the table's words (carte, denari, settebello,
primiera, scopa).

Every number these sentences say is the engine's (``rules.scopa``).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.rules import Round, Ruleset, Settings
from companion.rules import scopa
from companion.web.shared.game_words import DEAL, END, PLAYERS, POINTS, SCORING, Quote, Words

#: The four points a hand names by who took them, as the table calls them.
AWARD_NAMES = {
    "cards": _l("Most cards"),
    "coins": _l("Most coins"),
    "settebello": _l("Settebello"),
    "primiera": _l("Primiera"),
}


def _facts(ruleset: Ruleset) -> dict[str, object]:
    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "target": ruleset.options["target"].default,
        "scope": scopa.most_scope(scopa.Deal.SCOPA),
        "scientifico": scopa.most_scope(scopa.Deal.SCOPONE_SCIENTIFICO),
        "napola": scopa.NAPOLA_LEAST, "napola_most": scopa.NAPOLA_MOST,
    }


def _description_facts(ruleset: Ruleset) -> dict[str, object]:
    return {"target": ruleset.options["target"].default}


WORDS = {
    "scopa": Words(
        name=_l("Scopa"),
        seed=_l("it.wikipedia, “Scopa”; dimensionecasino.com; goblindegook/scopa"),
        description=_l("Most cards, most coins, the settebello, the primiera and each scopa: "
                       "a point each. Play to %(target)s."),
        description_facts=_description_facts,
        sections=(
            (PLAYERS, (_l("2 or 3 players, each alone; 4 in two pairs, partners facing; 6 in "
                          "two teams of three, sitting alternately. 40 Italian cards: coins "
                          "(denari), cups, swords and clubs, ace to 7, jack, knight and "
                          "king."),)),
            (DEAL, (_l("The deal and the play go counter-clockwise: the deal passes to the "
                       "right every hand, and the dealer's right-hand neighbour plays first. "
                       "A redeal for three kings on the table is not recorded."),)),
            (POINTS, (_l("After each hand the table counts its piles and says who took the "
                         "most cards, the most coins, the settebello (the 7 of coins) and the "
                         "primiera, and each side's scope. A tie for cards (20 to 20), for "
                         "coins (5 to 5) or for the primiera scores for nobody; with three "
                         "players, a point goes only to the one who beats both others."),
                      _l("The primiera: the best card of each suit, 7 = 21, 6 = 18, ace = 16, "
                         "5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10. It needs a card of every "
                         "suit. The table decides who wins it."),
                      _l("A scopa sweeps the table; the last card of the hand never scores "
                         "one. A hand holds at most %(scope)s scope (%(scientifico)s in the "
                         "scopone scientifico)."))),
            (SCORING, (_l("1 point each for the most cards, the most coins, the settebello and "
                          "the primiera, and 1 for each scopa. With the napola, the side "
                          "holding the ace, 2 and 3 of coins scores %(napola)s, and 1 more for "
                          "each further coin in sequence, up to %(napola_most)s."),)),
            (END, (_l("After a hand, the highest total at %(target)s or more wins. If two "
                      "sides share the highest total, another hand is played. The scorekeeper "
                      "may stop earlier."),)),
        ),
        facts=_facts,
        quotes=(Quote("it", "Se si finisce in parità, 20 a 20, il punto non viene assegnato."),),
        refusals={
            "side": _l("That side is not in this game."),
            "settebello-nobody": _l("Someone took the settebello: every card is taken by the "
                                    "end of the hand."),
            "scope-negative": _l("Scope are counted from 0."),
            "scope-most": _l("%(total)s scope in one hand? A hand holds at most %(most)s."),
            "napola-off": _l("This game is played without the napola."),
            "napola-value": _l("A napola is worth %(least)s to %(most)s."),
            "napola-two": _l("Only one side can hold the ace, 2 and 3 of coins."),
            "napola-coins": _l("A napola of %(value)s holds %(value)s of the 10 coins: that "
                               "side took the most coins."),
            "napola-settebello": _l("A napola of %(value)s holds the 7 of coins: that side "
                                    "took the settebello."),
            "scopa-five": _l("Scopa is for 2, 3, 4 or 6 players: five make no two equal "
                             "sides."),
            "deal-players": _l("The scopone is dealt to 4 players."),
        },
    ),
}

#: What its own options decide (the common names say the target and the deal's direction).
OPTION_NAMES = {
    "deal": _l("The deal"),
    "napola": _l("Napola"),
}

#: Its house rules' words (the common ones say the deal's direction).
OPTION_VALUES = {
    **{("target", str(value)): (_l("%(value)s points"),
                                _l("The highest total at %(value)s or more wins."))
       for value in scopa.TARGETS},
    ("deal", "scopa"): (_l("Scopa"), _l("3 cards each, 4 on the table, dealt again as the "
                                        "hands run out.")),
    ("deal", "scopone"): (_l("Scopone"), _l("4 players: 9 cards each, 4 on the table.")),
    ("deal", "scopone-scientifico"): (_l("Scopone scientifico"),
                                      _l("4 players: 10 cards each, none on the table.")),
    ("napola", "false"): (_l("No napola"), _l("Only the usual points.")),
    ("napola", "true"): (_l("Napola"),
                         _l("The ace, 2 and 3 of coins together score 3, and 1 more for each "
                            "further coin in sequence.")),
}

OPTION_SOURCES = {
    ("target", "16"): _l("spazioinwind; lotoflaughs.com: 11 or 16 points"),
    ("target", "21"): _l("spazioinwind: 11, 16, 21 or 31 points"),
    ("target", "31"): _l("spazioinwind: 11, 16, 21 or 31 points"),
    ("deal", "scopone"): _l("it.wikipedia, “Scopone”"),
    ("deal", "scopone-scientifico"): _l("it.wikipedia, “Scopone scientifico”"),
    ("napola", "true"): _l("spazioinwind: the “napoletana”; Cuperativa: left as an option"),
    ("deal_passes", "left"): _l("A table variant: the sources deal counter-clockwise"),
}


def side_lines(settings: Settings, round_: Round, side: int) -> list[str]:
    """A side's hand as the table says it: "Most cards · Settebello", "2 scope", "Napola 4",
    then its points."""
    hand = scopa.scored_of(round_).hand
    won = scopa.side_points(hand, side)
    lines = []
    if won.awards:
        lines.append(" · ".join(str(AWARD_NAMES[name]) for name in won.awards))
    if won.scope:
        lines.append(ngettext("%(num)s scopa", "%(num)s scope", won.scope))
    if won.napola:
        lines.append(_("Napola: %(points)s", points=won.napola))
    lines.append(_("Hand: +%(points)s", points=won.total))
    return lines
