"""Tarot's words: its name, description, sources and rules page, its house rules' words, the
contracts and sides as the table says them, a hand's "why" and its own refusals.

Every number these sentences say is the engine's (``rules.tarot``).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.rules import Ruleset, Settings
from companion.rules import tarot
from companion.rules.tarot import Mark
from companion.rules.tarot.explain import lines
from companion.web.shared.game_words import BIDDING, DEAL, END, PLAYERS, SCORING, Quote, Words


def _facts(ruleset: Ruleset) -> dict[str, object]:
    needed = tarot.NEEDED
    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "points": tarot.CARD_POINTS, "zero": needed[0], "one": needed[1], "two": needed[2],
        "three": needed[3], "base": tarot.CONTRACT_POINTS, "petit": tarot.PETIT_AU_BOUT,
        "simple": tarot.Size.SIMPLE.prime, "double": tarot.Size.DOUBLE.prime,
        "triple": tarot.Size.TRIPLE.prime, "announced": tarot.CHELEM_ANNOUNCED,
        "unannounced": tarot.CHELEM_UNANNOUNCED, "failed": -tarot.CHELEM_FAILED,
    }


WORDS = {
    "tarot": Words(
        name=_l("Tarot"),
        seed=_l("The French Tarot Federation's official rules (FFT)"),
        description=_l("French Tarot for 3, 4 or 5, each for themselves (a called partner at "
                       "5): the taker's contract, bouts and card points; every hand adds up "
                       "to 0."),
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, each for themselves; with 5 the taker "
                          "calls a king and plays with whoever holds it. 78 cards, %(points)s "
                          "card points, counted to the half point."),)),
            (DEAL, (_l("The deal and the play go to the right, counter-clockwise: the player "
                       "right of the dealer speaks first and leads, and deals next. If everybody "
                       "passes, the hand is entered as passed: no points, and the next dealer "
                       "deals."),)),
            (BIDDING, (_l("The contracts, weakest first: prise ×1, garde ×2, garde sans ×4, "
                          "garde contre ×6."),)),
            (SCORING, (_l("The attack needs %(zero)s card points with no bout, %(one)s with 1, "
                          "%(two)s with 2, %(three)s with 3; exactly that is made by 0. Half "
                          "points are rounded for the side that scores: 40.5 with 2 bouts is "
                          "down by 1."),
                       _l("Each defender pays (%(base)s + the margin) × the contract, or is "
                          "paid it when the contract fails; a poignée adds %(simple)s, "
                          "%(double)s or %(triple)s for the side that won the hand; petit au "
                          "bout %(petit)s × the contract for the side that took it; a chelem "
                          "%(announced)s announced, %(unannounced)s unannounced, −%(failed)s "
                          "announced and missed."),
                       _l("The taker takes what the defenders pay: 2 shares with 3 players, 3 "
                          "with 4; with 5, 2 shares and the partner 1, or 4 alone."))),
            (END, (_l("The table stops when it likes (“We stop here”), or after the number of "
                      "hands it chose; passed hands do not count. Totals always add up to 0; "
                      "equal totals share the place."),)),
        ),
        facts=_facts,
        quotes=(Quote("fr", "La prime est acquise au camp vainqueur de la donne."),),
        refusals={
            "tarot-points-range": _l("Card points run from 0 to 91, in half points: not "
                                     "%(value)s."),
            "bouts-range": _l("There are 3 bouts: the 21, the Petit and the Excuse."),
            "points-for-bouts": _l("With %(bouts)s bouts the attack holds %(least)s to "
                                   "%(most)s card points, not %(points)s."),
            "petit-without-bout": _l("Petit au bout for the attack needs the Petit: the "
                                     "attack has no bout."),
            "petit-with-three-bouts": _l("The attack holds all three bouts: the Petit was not "
                                         "the defence's."),
            "partner-not-five": _l("Only at 5 does the taker call a partner."),
            "partner-missing": _l("Who held the called king? Or the taker, alone."),
            "poignee-twice": _l("%(player)s shows one poignée a hand."),
            "poignees-trumps": _l("These poignées show %(trumps)s trumps; there are %(most)s "
                                  "with the Excuse."),
            "chelem-failed": _l("A chelem by the attack, with the contract failed?"),
            "chelem-made": _l("A chelem by the defence, with the contract made?"),
            "round-open": _l("Hand %(round)s is still being played: enter it, or undo."),
        },
    ),
}

#: The contracts as the table says them (the same words in every language: the FFT's).
CONTRACTS = {"prise": _l("Prise"), "garde": _l("Garde"), "garde-sans": _l("Garde sans"),
             "garde-contre": _l("Garde contre")}
#: The poignées' sizes.
SIZES = {"simple": _l("Simple"), "double": _l("Double"), "triple": _l("Triple")}

#: Its house rules' words.
OPTION_VALUES = {
    ("rounds", "by-players"): (_l("We stop when we like"),
                               _l("Free deals: the game goes on until you tap “We stop "
                                  "here”.")),
    ("rounds", "number"): (_l("This many hands"),
                           _l("The game ends after this many hands played (%(least)s to "
                              "%(most)s); passed hands do not count.")),
}

OPTION_SOURCES = {
    ("rounds", "number"): _l("FFT: tournaments play a fixed number of deals"),
    ("deal_passes", "left"): _l("A table variant: the FFT deals counter-clockwise"),
}


def hand_lines(settings: Settings, scored: Mark) -> list[str]:
    """A hand's mark in the table's words: "Garde, 2 bouts: 49 of 41, made by 8: (25 + 8) × 2
    = 66", "poignée simple +20", "Petit au bout for the attack +10 × 2", "106 from each
    defender: Ana +318"."""
    said: list[str] = []
    for line in lines(settings, scored):
        v = line.values
        match line.key:
            case "passed":
                said.append(_("Everybody passed: no points."))
            case "made" | "failed":
                words = dict(contract=CONTRACTS[str(v[0])], points=v[2], needed=v[3],
                             margin=v[4])
                bouts = int(str(v[1]))  # "1 bout", "2 bouts"
                said.append(ngettext("%(contract)s, %(num)s bout: %(points)s of %(needed)s, "
                                     "made by %(margin)s",
                                     "%(contract)s, %(num)s bouts: %(points)s of %(needed)s, "
                                     "made by %(margin)s", bouts, **words)
                            if line.key == "made" else
                            ngettext("%(contract)s, %(num)s bout: %(points)s of %(needed)s, "
                                     "down by %(margin)s",
                                     "%(contract)s, %(num)s bouts: %(points)s of %(needed)s, "
                                     "down by %(margin)s", bouts, **words))
            case "base":
                said[-1] += f": ({v[0]} + {v[1]}) × {v[2]} = {v[3]}"
            case "poignee":
                said.append(_("poignée %(size)s (%(player)s) %(points)s", size=SIZES[str(v[0])],
                              player=v[1], points=_signed(v[2])))
            case "petit-taker":
                said.append(_("Petit au bout for the attack +%(petit)s × %(times)s", petit=v[0],
                              times=v[1]))
            case "petit-defence":
                said.append(_("Petit au bout for the defence −%(petit)s × %(times)s", petit=v[0],
                              times=v[1]))
            case "chelem-announced":
                said.append(_("chelem announced and made %(points)s", points=_signed(v[0])))
            case "chelem":
                said.append(_("chelem %(points)s", points=_signed(v[0])))
            case "chelem-failed":
                said.append(_("chelem announced, not made %(points)s", points=_signed(v[0])))
            case "chelem-defence":
                said.append(_("chelem by the defence: +%(points)s to each defender",
                              points=v[0]))
            case "from-each" | "to-each":
                shares = ", ".join(f"{name} {_signed(points)}"
                                   for name, points in zip(v[1::2], v[2::2]))
                said.append(_("%(unit)s from each defender: %(shares)s", unit=v[0], shares=shares)
                            if line.key == "from-each" else
                            _("%(unit)s to each defender: %(shares)s", unit=v[0], shares=shares))
    return said


def _signed(value: object) -> str:
    number = int(str(value))
    return f"+{number}" if number >= 0 else f"−{-number}"
