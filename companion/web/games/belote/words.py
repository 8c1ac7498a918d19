"""Belote's and Coinche's words: their names, descriptions, sources and rules pages, their house
rules' words, the hand's words (announcements, contracts, results), a hand's "why" per team,
and their own refusals.

Every number these sentences say is the engine's (``rules.belote``).
"""

from __future__ import annotations

from typing import Mapping

from flask_babel import LazyString
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.rules import Ruleset, Settings
from companion.rules import belote
from companion.rules.belote import Result, Scored
from companion.web.shared.game_words import DEAL, END, PLAYERS, SCORING, Quote, Words
from companion.web.shared.names import isolate

ANNOUNCEMENTS = _l("Announcements")
CAPOT = _l("Capot")
GENERALE = _l("Générale")

#: The announcements as the table says them.
ANNOUNCEMENT_NAMES: Mapping[str, LazyString] = {
    "tierce": _l("Tierce"), "cinquante": _l("Cinquante"), "cent": _l("Cent"),
    "carre-jacks": _l("Four jacks"), "carre-nines": _l("Four nines"),
    "carre-aces": _l("Four aces"), "carre-tens": _l("Four tens"),
    "carre-kings": _l("Four kings"), "carre-queens": _l("Four queens"),
}

#: A carré's kinds begin so; on a chip, a carré is its rank, as the table's cards say it.
CARRE = "carre-"
CARRE_RANKS: Mapping[str, LazyString | str] = {
    "carre-jacks": _l("J"), "carre-nines": "9", "carre-aces": _l("A"),
    "carre-tens": "10", "carre-kings": _l("K"), "carre-queens": _l("Q"),
}

#: A hand's result, as the table says it.
RESULT_NAMES: Mapping[Result, LazyString] = {
    Result.MADE: _l("made"), Result.DEDANS: _l("dedans"), Result.FAILED: _l("failed"),
    Result.LITIGE: _l("litige"), Result.PASSED: _l("passed"),
}

COINCHE_NAMES: Mapping[str, LazyString] = {
    "none": _l("No coinche"), "coinche": _l("Coinche ×2"), "surcoinche": _l("Surcoinche ×4"),
}

#: Coinche's trumps that are no suit, as the table says them.
TRUMP_WORDS: Mapping[str, LazyString] = {
    belote.NO_TRUMP: _l("No trumps"), belote.ALL_TRUMP: _l("All trumps"),
}


def contract_name(contract: int | str | None) -> str:
    if contract == belote.CAPOT_CONTRACT:
        return str(CAPOT)
    if contract == belote.GENERALE:
        return str(GENERALE)
    return "" if contract is None else str(contract)


def _facts(ruleset: Ruleset) -> dict[str, object]:
    options = ruleset.options
    return {
        "players": belote.PLAYERS, "points": belote.HAND_POINTS,
        "belote": belote.BELOTE_POINTS, "target": options["target"].default,
        "capot": options["capot"].default, "least": belote.CONTRACTS[0],
        "most": belote.CONTRACTS[-1], "generale": belote.GENERALE_VALUE,
        **{kind.replace("-", "_"): points for kind, points in belote.ANNOUNCEMENTS.items()},
    }


def _description_facts(ruleset: Ruleset) -> dict[str, object]:
    return {"target": ruleset.options["target"].default}


_PLAYERS = (PLAYERS, (_l("%(players)s players in two partnerships, partners sitting across: "
                         "players 1 and 3 against 2 and 4. 32 cards, 7 to ace. Every hand holds "
                         "%(points)s card points, the last trick's ten included."),))
_DEAL = (DEAL, (_l("The deal and the play go to the right, counter-clockwise: the player on "
                   "the dealer's right speaks and leads first, and deals next. A table that "
                   "deals clockwise chooses so in the house rules. A hand nobody takes scores "
                   "nothing, and the next dealer deals."),))
_ANNOUNCED = _l("Belote-rebelote (king and queen of trumps, announced): %(belote)s to the team "
                "of the player who held them, whatever happens. Announcements: tierce "
                "%(tierce)s, cinquante %(cinquante)s, cent %(cent)s, four jacks "
                "%(carre_jacks)s, four nines %(carre_nines)s, four aces, tens, kings or queens "
                "%(carre_aces)s. Only the team with the best announcement scores, all of its "
                "own: enter only that team's.")

REFUSALS: Mapping[str, LazyString] = {
    "points-one": _l("A side never holds %(value)s: the other would hold %(other)s, and no "
                     "card is worth 1."),
    "points-range": _l("Card points go from 0 to 162, not %(value)s."),
    "points-missing": _l("How many card points did the takers make? Type them, or choose a "
                         "capot."),
    "capot-points": _l("With that capot the takers hold %(expected)s card points, not "
                       "%(value)s."),
    "announcements-off": _l("This game plays without announcements."),
    "announcements-both-teams": _l("Only the team with the best announcement scores: enter only "
                                   "theirs."),
    "carre-twice": _l("There is only one carré of each rank."),
    "announcements-per-seat": _l("Eight cards hold at most two announcements."),
    "passed-with-field": _l("Nobody took: there is nothing else to enter."),
    "belote-no-trump": _l("There is no belote without trumps."),
    "generale-without-capot": _l("A générale is a générale bid whose taker took every trick "
                                 "alone."),
    "contract": _l("A contract is 80 to 160 by tens, capot or générale."),
    "finish-before-round": _l("The game can be finished only after its first hand."),
}

WORDS = {
    "belote": Words(
        name=_l("Belote"),
        seed=_l("The French rules: belotejeu.fr, contree.org, Pagat"),
        description=_l("Two partnerships, 162 card points a hand: the takers must make more "
                       "than the defence, or they are dedans. Play to %(target)s."),
        description_facts=_description_facts,
        sections=(
            _PLAYERS, _DEAL,
            (SCORING, (
                _l("Enter the taker, their team's card points (the other team's are 162 minus "
                   "them), the belote, the announcements and a capot."),
                _ANNOUNCED,
                _l("Each team's hand total is its card points, announcements and belote. The "
                   "takers are made with more than the defence: each team scores its total. "
                   "With less they are dedans: they keep their belote, and the defence scores "
                   "%(points)s plus every announcement and its belote."),
                _l("Litige: equal totals. The defence scores its total; the takers keep their "
                   "belote, and their points are held for whoever wins the next hand."),
                _l("Capot, all eight tricks: %(capot)s instead of the card points; the other "
                   "team keeps only its belote."),
            )),
            (END, (_l("The first team at %(target)s or more, ahead of the other, wins; equal "
                      "totals there play another hand. The scorekeeper may stop sooner."),)),
        ),
        facts=_facts,
        quotes=(Quote("fr", "La première équipe qui atteint 1000 points remporte la partie."),
                Quote("fr", "L’équipe preneuse se doit de totaliser plus de points que l’équipe "
                            "adverse.")),
        refusals=REFUSALS,
    ),
    "coinche": Words(
        name=_l("Coinche"),
        seed=_l("The French rules of the coinche: lacontree, coinchons.fr, Pagat"),
        description=_l("Belote with an auction: the takers bid a contract from 80 to 160, "
                       "capot or générale, and may be coinched. Play to %(target)s."),
        description_facts=_description_facts,
        sections=(
            _PLAYERS, _DEAL,
            (SCORING, (
                _l("Enter the taker, the contract (%(least)s to %(most)s by tens, capot, "
                   "générale %(generale)s), the coinche, the takers' card points, the belote "
                   "and a capot."),
                _l("The contract is made when the takers' total (card points and belote) is "
                   "at least the contract and more than the defence's: they score the "
                   "contract plus their total, the defence its own points. Failed: the defence "
                   "scores %(points)s plus the contract; the takers keep their belote."),
                _l("Coinched, everything is doubled (surcoinched, ×4) and goes to the winner; "
                   "the other team keeps only its belote. Scores are rounded to tens."),
            )),
            (END, (_l("The first team at %(target)s or more, ahead of the other, wins; equal "
                      "totals there play another hand."),)),
        ),
        facts=_facts,
        quotes=(Quote("fr", "La première équipe atteignant 2000 points ou plus gagne."),
                Quote("fr", "Les scores sont arrondis à la dizaine la plus proche.")),
        refusals=REFUSALS,
    ),
}


def _target_words(value: int) -> tuple[LazyString, LazyString]:
    return (_l("%(value)s points"),
            _l("The first team at %(value)s or more, ahead of the other, wins."))


#: What their own options decide.
OPTION_NAMES = {
    "redeal_by": _l("Nobody takes"),
    "announcements": _l("Announcements"),
    "capot": _l("A capot is worth"),
    "litige": _l("Equal totals"),
    "rounding": _l("Rounding"),
    "belote_for_contract": _l("The belote and the contract"),
}

#: Their house rules, where their words differ from the common ones.
OPTION_VALUES = {
    ("target", "1000"): _target_words(1000),
    ("target", "2000"): _target_words(2000),
    ("target", "number"): (_l("A target score"),
                           _l("The first team at the target, ahead of the other, wins "
                              "(%(least)s to %(most)s).")),
    ("announcements", "true"): (_l("With announcements"),
                                _l("Tierce, cinquante, cent and carrés score.")),
    ("announcements", "false"): (_l("No announcements"),
                                 _l("Only card points and the belote count.")),
    ("capot", "250"): (_l("%(value)s points"), _l("A capot is worth 250.")),
    ("capot", "252"): (_l("%(value)s points"), _l("A capot is worth 252: 162 + 90.")),
    ("litige", "held"): (_l("Held"), _l("On equal totals, the takers' points wait for the next "
                                        "hand won.")),
    ("litige", "dedans"): (_l("Dedans"), _l("On equal totals, the takers are dedans.")),
    ("rounding", "none"): (_l("Exact"), _l("Points are scored as counted.")),
    ("rounding", "tens"): (_l("To tens"), _l("Each team's points for a hand go to the nearest "
                                             "ten, a 5 up.")),
    ("scoring", "made-plus-contract"): (_l("Contract plus points"),
                                        _l("Made: the contract plus the takers' points.")),
    ("scoring", "contract-only"): (_l("Contract only"),
                                   _l("The winner scores the contract alone; belotes stay.")),
    ("belote_for_contract", "true"): (_l("Counts"), _l("The belote counts toward the "
                                                       "contract.")),
    ("belote_for_contract", "false"): (_l("Does not count"),
                                       _l("Only card points make the contract.")),
    ("redeal_by", "next"): (_l("The next dealer"),
                            _l("A hand nobody takes: the next player deals.")),
    ("redeal_by", "same"): (_l("The same dealer"),
                            _l("A hand nobody takes: the same player deals again.")),
}

OPTION_SOURCES = {
    ("target", "number"): _l("journaldesseniors.com: 501; iscool: 1000; contrée: 3000"),
    ("target", "1000"): _l("belotejeu.fr: the first team to 1000 wins"),
    ("announcements", "false"): _l("ffbelote.org: with or without announcements; "
                                   "coinchons.fr"),
    ("announcements", "true"): _l("ffbelote.org: with or without announcements"),
    ("capot", "252"): _l("belotejeu.fr, contree.org, ScoreIt: 162 + 90"),
    ("litige", "dedans"): _l("contree.org: the litige was removed from competitions"),
    ("rounding", "tens"): _l("lacontree.free.fr lesson 2.2; coinchons.fr"),
    ("rounding", "none"): _l("belotejeu.fr: points as counted"),
    ("scoring", "contract-only"): _l("Other score keepers' “points annoncés” (derived)"),
    ("belote_for_contract", "false"): _l("coinchons.fr: left to the table"),
    ("redeal_by", "same"): _l("Concours rules: the same dealer deals again"),
    ("deal_passes", "left"): _l("exoty.com: belote is often played clockwise"),
}


def team_name(settings: Settings, team: int) -> str:
    return " & ".join(isolate(settings.players[seat]) for seat in settings.seats_of(team))


def team_lines(settings: Settings, round_: object, team: int) -> list[str]:
    """A team's hand in the table's words: "took 92 against 90: made, 92"; "dedans: belote 20";
    "litige: 81 held"; "+81 from the litige"."""
    scored = getattr(round_, "own", None)
    assert isinstance(scored, Scored)
    hand = scored.hand
    if hand.taker is None:
        return [_("Nobody took: passed.")]
    names = settings.players
    lines: list[str] = []
    takers = belote.team_of(hand.taker)
    if team == takers:
        said = (_("%(player)s took, contract %(contract)s", player=isolate(names[hand.taker]),
                  contract=contract_name(hand.contract)) if hand.contract is not None
                else _("%(player)s took", player=isolate(names[hand.taker])))
        lines.append(said)
    lines.append(_("Total %(total)s against %(other)s: %(result)s",
                   total=scored.hand_totals[team], other=scored.hand_totals[1 - team],
                   result=RESULT_NAMES[scored.result]) if team == takers else
                 _("Total %(total)s", total=scored.hand_totals[team]))
    if scored.multiplier > 1:
        lines.append(str(COINCHE_NAMES[hand.coinche.value]))
    if scored.released is not None and scored.released[0] == team:
        lines.append(_("+%(points)s from the litige", points=scored.released[1]))
    if scored.result is Result.LITIGE and team == takers:
        lines.append(_("%(points)s held for the next hand won", points=scored.held))
    if scored.exact[team] != scored.scores[team]:
        lines.append(_("%(exact)s rounded to %(points)s", exact=scored.exact[team],
                       points=scored.scores[team]))
    lines.append(_("Hand: %(points)s", points=f"+{scored.scores[team]}"))
    return lines
