"""Wizard's words: its name, description, sources and rules page, its own refusals, and the
numbers its house rules say. Every number these sentences say is the engine's
(``rules.wizard``, ``rules.scoring``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.rules import Ruleset, new_settings, scoring, wizard
from companion.rules.options import Scoring, ZeroBid
from companion.web.shared.house_rules import NUMBER
from companion.web.shared.game_words import (BIDDING, DEAL, END, HOOK, PLAYERS, SCORING, TRICKS,
                                             Quote, Words)


def points(value: int) -> str:
    """A score as the page writes it: −20 with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _made(rule: Scoring, bid: int, taken: int) -> scoring.Made:
    return scoring.in_turn(rule, ZeroBid.STANDARD, bid, taken, max(bid, taken))


def wizard_facts(ruleset: Ruleset) -> dict[str, object]:
    """The numbers of the rules page: the deck, the rounds by players, the scores of the
    worked example (docs/rules.md section 9), all the engine's."""
    by_players = ", ".join(f"{wizard.rounds_for(n)} ({n})"
                           for n in range(ruleset.min_players, ruleset.max_players + 1))
    table = new_settings(ruleset.id, ["Thomas", "Ute", "Kevin"])
    exact = scoring.made_by(table, 3, 3, 3)
    return {
        "least": ruleset.min_players, "most": ruleset.max_players, "deck": wizard.DECK,
        "rounds": by_players, "base": exact.base, "ten": exact.bonus // 3,
        "zero": scoring.made_by(table, 0, 0, 1).total,
        "exact": exact.total, "missed": points(scoring.made_by(table, 1, 3, 3).total),
    }


def description_facts(ruleset: Ruleset) -> dict[str, object]:
    exact = _made(Scoring.TWENTY_PLUS_TENS, 1, 1)
    return {"deck": wizard.DECK, "base": exact.base, "ten": exact.bonus}


def option_facts() -> dict[str, object]:
    """The numbers its house rules' labels and effects say (docs/rules.md section 9)."""
    exact = _made(Scoring.TWENTY_PLUS_TENS, 1, 1)
    return {
        "tens_base": exact.base, "tens_trick": exact.bonus, "tens_deck": wizard.DECK,
        "tens_always": points(_made(Scoring.TRICKS_ALWAYS, 1, 3).total),
    }


WORDS = {
    "wizard": Words(
        name=_l("Wizard"),
        seed=_l("The Wizard rules of Amigo and US Games Systems"),
        description=_l("%(deck)s cards, one more each round until the deck is dealt. An exact bid "
                       "scores %(base)s plus %(ten)s a trick; each trick off costs %(ten)s."),
        description_facts=description_facts,
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, one Wizard deck of %(deck)s cards: 52 "
                          "cards, 4 Wizards and 4 Jesters."),)),
            (DEAL, (_l("Round 1 deals 1 card each, round 2 deals 2, and so on until the whole deck "
                       "is dealt: rounds by players %(rounds)s. The first dealer is chosen at the "
                       "start (or at random); the deal passes to the left."),
                    _l("The next card is turned up for trump: a suit is trump; a Jester means no "
                       "trump; a Wizard lets the dealer choose a suit. In the last round no card is "
                       "left: no trump. Recording the trump is optional: tap its chip beside the "
                       "bids."))),
            (BIDDING, (_l("In turn, starting left of the dealer; the dealer bids last. A bid is how "
                          "many tricks you will take: 0 up to the cards in hand. No passing."),
                       _l("A bid may be changed only until the next player has bid: undo takes "
                          "back the last bid."))),
            (HOOK, (_l("No hook: the bids may add up to the cards in hand. A house rule can hook "
                       "the dealer, always or by the Canadian rule."),)),
            (TRICKS, (_l("The player left of the dealer leads the first trick. Together the tricks "
                         "make the cards in hand."),)),
            (SCORING, (_l("An exact bid scores %(base)s plus %(ten)s a trick (%(zero)s for an exact "
                          "zero, %(exact)s for 3 of 3); a miss scores −%(ten)s a trick off, over "
                          "or under (bid 1, took 3: %(missed)s)."),)),
            (END, (_l("After the last round the highest total wins; equal totals share the "
                      "win."),)),
        ),
        facts=wizard_facts,
        quotes=(Quote("en", "The total number of tricks bid may or may not equal the total "
                            "number of tricks available."),
                Quote("en", "The last round has no Trump.")),
    ),
}


#: Wizard's house rules in the new-game page's and the rules page's words (its scorings, the
#: Canadian rule, the hook's first round; docs/rules.md section 9), before every game's.
OPTION_VALUES = {
    ("scoring", "standard"): (
        _l("%(tens_base)s plus %(tens_trick)s a trick"),
        _l("Exact bid: %(tens_base)s plus %(tens_trick)s a trick. Each trick off: "
           "−%(tens_trick)s."),
    ),
    ("scoring", "tricks-always"): (
        _l("Tricks always count"),
        _l("Every trick taken earns %(tens_trick)s, even on a miss; each trick off still costs "
           "%(tens_trick)s (bid 1, took 3: %(tens_always)s)."),
    ),
    ("hook", "canadian"): (
        _l("Canadian rule"),
        _l("Only a dealer clearly in the lead (ahead of everyone) is hooked, and a zero bid is "
           "always allowed."),
    ),
    ("hook_from", "1"): (_l("From the first round"),
                         _l("When the hook holds, it holds from round 1.")),
    ("hook_from", NUMBER): (
        _l("From this round"),
        _l("The hook holds from this round on, up to the last: round %(tens_deck)s ÷ "
           "players."),
    ),
}

#: Where each of them comes from, shown on the rules page.
OPTION_SOURCES = {
    ("scoring", "tricks-always"): _l("BuildmodeOne/wizard_points: “always reward tricks”, its "
                                     "default"),
    ("hook", "always"): _l("Wikipedia, “Wizard (card game)”: the common variant; the German "
                           "tables' rule"),
    ("hook", "canadian"): _l("wizardcards.com, “The Canadian Rule” (tournament rule, 2007)"),
    ("hook_from", NUMBER): _l("hvkooten/wizard-scoreboard: the bid-total rule's first round; "
                              "wizardcards.com (2020): the Canadian rule in the last round only"),
}
