"""Spades' words: its name, description, sources and rules page, its house rules' words, a bid
in words (nil, blind nil), a hand's "why" per side, and its own refusals.

Every number these sentences say is the engine's (``rules.spades``).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.rules import Round, Ruleset, Settings
from companion.rules import spades
from companion.web.shared.game_words import (BIDDING, DEAL, END, PLAYERS, SCORING, TRICKS, Quote,
                                             Words)


def _facts(ruleset: Ruleset) -> dict[str, object]:
    options = ruleset.options
    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "cards": spades.DECK_TRICKS[4], "three": spades.DECK_TRICKS[3],
        "trick": spades.CONTRACT_TRICK, "nil": options["nil_value"].default,
        "blind": spades.BLIND_NIL_TIMES * int(str(options["nil_value"].default)),
        "bags": options["bag_limit"].default, "penalty": spades.BAG_PENALTY,
        "target": options["target"].default, "floor": f"−{-int(str(options['floor'].default))}",
        "behind": 100,
    }


def _description_facts(ruleset: Ruleset) -> dict[str, object]:
    return {"target": ruleset.options["target"].default}


WORDS = {
    "spades": Words(
        name=_l("Spades"),
        seed=_l("Pagat, “Spades”; Bicycle / Hoyle; MSN Zone"),
        description=_l("Partners add their bids and must take at least that many tricks; "
                       "nil, blind nil and bags. Play to %(target)s."),
        description_facts=_description_facts,
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, one deck. With 4, two sides of "
                          "partners sitting across; with 2 or 3, each plays alone (cutthroat). "
                          "%(cards)s tricks a hand, %(three)s with 3 players. Spades are always "
                          "trump."),)),
            (DEAL, (_l("The first dealer is chosen at the start (or at random); the deal passes "
                       "to the left every hand."),)),
            (BIDDING, (_l("In turn from the dealer's left, one round only: a number from 1 to the "
                          "tricks in hand, nil (no trick at all), or blind nil, a nil bid before "
                          "looking at the cards. No passing."),
                       _l("Blind nil only for a side at least %(behind)s points behind the "
                          "highest other side when the hand begins; nobody in the first "
                          "hand."))),
            (TRICKS, (_l("Each player's tricks are entered, since a nil is judged alone; they "
                         "add up to the tricks in hand."),)),
            (SCORING, (_l("A side's contract is its number bids together. Made: %(trick)s a "
                          "trick of it, and 1 point and 1 bag for each trick over. Set: minus "
                          "%(trick)s a trick of it."),
                       _l("Nil made: +%(nil)s; failed: −%(nil)s, and its tricks are bags. A "
                          "blind nil counts twice: ±%(blind)s."),
                       _l("Bags add up over the game: at %(bags)s the side loses %(penalty)s "
                          "and counts on from what is left over."))),
            (END, (_l("After each hand: a side at %(target)s or more, or at %(floor)s or less, "
                      "ends the game and the highest side wins. If the highest is shared, "
                      "another hand is played."),)),
        ),
        facts=_facts,
        quotes=(Quote("en", "It is not possible to bid no tricks without bidding a Nil."),),
        refusals={
            "bid-range": _l("%(player)s can bid 1 to %(hand_size)s, nil or blind nil, not "
                            "%(bid)s."),
            # Spades is played in hands (donne, mani), not rounds.
            "bids-complete": _l("Every bid of hand %(round)s is in: enter the tricks."),
            "tricks-before-bids": _l("Hand %(round)s needs every bid before its tricks."),
            "round-open": _l("Hand %(round)s is still being played: enter it, or undo."),
            "correction-incomplete": _l("With these values hand %(round)s would not be "
                                        "finished: enter every bid and every player's tricks."),
            "later-round": _l("This correction would make hand %(later_round)s impossible: "
                              "%(reason)s"),
        },
    ),
}

#: Its bids in words, as the table says them.
WORD_BIDS = {spades.NIL: _l("Nil"), spades.BLIND_NIL: _l("Blind nil")}


#: Its house rules, where its words differ from the common ones.
OPTION_VALUES = {
    ("teams", "by-players"): (_l("By the number of players"),
                              _l("Partners with 4 players, each alone with 2 or 3.")),
    ("teams", "pairs"): (_l("Partners"), _l("Four players, two sides: each with the player "
                                            "across the table.")),
    ("teams", "none"): (_l("Cutthroat"), _l("Everyone plays alone, four players too.")),
    **{("target", str(value)): (_l("%(value)s points"),
                                _l("The game ends when a side reaches %(value)s."))
       for value in (500, 300, 250, 200)},
    **{("floor", str(value)): (_l("%(value)s points"),
                               _l("A side at %(value)s or less ends the game."))
       for value in (-200, -300, -350, -500)},
    ("floor", "by-players"): (_l("No floor"), _l("No score is too low to end the game.")),
    ("nil_value", "100"): (_l("100 points"), _l("A nil wins or loses 100; blind nil 200.")),
    ("nil_value", "50"): (_l("50 points"), _l("A nil wins or loses 50; blind nil 100.")),
    ("blind_nil", "behind-100"): (_l("100 behind"),
                                  _l("Only a side at least 100 points behind may bid it.")),
    ("blind_nil", "behind-200"): (_l("200 behind"),
                                  _l("Only a side at least 200 points behind may bid it.")),
    ("blind_nil", "always"): (_l("Anyone"), _l("Anyone may bid blind nil, any hand.")),
    ("blind_nil", "never"): (_l("Never"), _l("Nobody bids blind nil.")),
    ("bag_limit", "10"): (_l("10 bags: −100"), _l("Every 10 bags cost 100 points.")),
    ("bag_limit", "7"): (_l("7 bags: −100"), _l("Every 7 bags cost 100 points.")),
    ("bag_limit", "5"): (_l("5 bags: −100"), _l("Every 5 bags cost 100 points.")),
    ("bag_limit", "by-players"): (_l("Never penalized"),
                                  _l("Bags score a point each and never cost anything.")),
    ("failed_nil", "bags"): (_l("Bags"), _l("They are bags, and do not help the partner's "
                                            "bid.")),
    ("failed_nil", "partner"): (_l("Toward the partner"),
                                _l("They count toward the side's bid; bags only beyond it.")),
    ("failed_nil", "ignore"): (_l("Nothing"), _l("They count for nothing.")),
    ("min_side_bid", "by-players"): (_l("Any"), _l("A side may bid as little as it likes.")),
    ("min_side_bid", "number"): (_l("At least"),
                                 _l("A side's number bids together reach this (%(least)s to "
                                    "%(most)s); a nil's partner reaches it alone.")),
}

OPTION_SOURCES = {
    ("teams", "pairs"): _l("Pagat: partnerships"),
    ("teams", "none"): _l("Wikipedia, “Spades (card game)”: solo or cutthroat; "
                          "onlinespades.net"),
    ("target", "300"): _l("RMWinslow's Spades rules"),
    ("target", "250"): _l("OpenSpiel's Spades test: win_threshold 250"),
    ("target", "200"): _l("Bicycle: 200 points is suitable for a short game"),
    ("floor", "-300"): _l("A table variant of MSN Zone's −200"),
    ("floor", "-350"): _l("OpenSpiel: mercy_threshold −350"),
    ("floor", "-500"): _l("A table variant of MSN Zone's −200"),
    ("floor", "by-players"): _l("OpenSpiel: use_mercy_rule false"),
    ("nil_value", "50"): _l("Bicycle's rules: a 50-point nil"),
    ("blind_nil", "behind-200"): _l("holdingthecards.com: down by at least 200"),
    ("blind_nil", "always"): _l("Hoyle's Double Nil, with no condition"),
    ("blind_nil", "never"): _l("Pagat: some players allow a bid of blind nil"),
    ("bag_limit", "7"): _l("RMWinslow: every 7th bag"),
    ("bag_limit", "5"): _l("A table variant for short games"),
    ("bag_limit", "by-players"): _l("A scorekeeper's penalizeBags: false"),
    ("failed_nil", "partner"): _l("Wikipedia, “Spades”; OpenSpiel; mreishus/spades"),
    ("failed_nil", "ignore"): _l("matt-ortiz's Spades scorer: no_effect"),
    ("min_side_bid", "number"): _l("The house rule of a minimum team bid, or “board”"),
}


def side_lines(settings: Settings, round_: Round, side: int) -> list[str]:
    """A side's hand in a scorer's words: "bid 5, took 7: 50 + 2 bags"; a nil; the penalty."""
    hand = round_.side_hands[side]
    bids, tricks = round_.bids or (), round_.tricks or ()
    seats = settings.seats_of(side)
    lines = []
    if hand.has_contract:
        taken = sum(tricks[s] for s in seats if isinstance(bids[s], int))
        if hand.made:
            over = taken - hand.contract
            lines.append(ngettext("bid %(bid)s, took %(taken)s: %(base)s + %(num)s bag",
                                  "bid %(bid)s, took %(taken)s: %(base)s + %(num)s bags",
                                  over, bid=hand.contract, taken=taken,
                                  base=spades.CONTRACT_TRICK * hand.contract))
        else:
            lines.append(_("bid %(bid)s, took %(taken)s: set, −%(lost)s", bid=hand.contract,
                           taken=taken, lost=spades.CONTRACT_TRICK * hand.contract))
    for seat in seats:
        bid = bids[seat]
        if isinstance(bid, str) and bid in spades.NIL_BIDS:
            kind = str(WORD_BIDS[bid])
            if tricks[seat] == 0:
                lines.append(_("%(bid)s made", bid=kind))
            else:
                lines.append(ngettext("%(bid)s failed: %(num)s trick",
                                      "%(bid)s failed: %(num)s tricks", tricks[seat], bid=kind))
    if hand.bag_penalty:
        lines.append(_("%(bags)s bags reached: %(penalty)s",
                       bags=settings.options.get("bag_limit"), penalty=f"−{-hand.bag_penalty}"))
    total = f"−{-hand.points}" if hand.points < 0 else f"+{hand.points}"
    lines.append(_("Hand: %(points)s", points=total))
    return lines
