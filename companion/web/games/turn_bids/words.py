"""Oh Hell's and Elevator's words: their names, descriptions, seeds and rules pages, and the
numbers their house rules say (the scores of each scoring and zero rule, the largest hands, the
deal limit).

Every number these sentences say is the engine's (``rules.turn_bids``, ``rules.scoring``,
``rules.hook``).
"""

from __future__ import annotations

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import Ruleset, deal_limit, hook, new_settings, scoring, turn_bids
from companion.rules import settings as engine_settings
from companion.rules.options import Scoring, ZeroBid
from companion.web.shared.game_words import (
    BIDDING,
    DEAL,
    END,
    HOOK,
    PLAYERS,
    SCORING,
    TRICKS,
    Quote,
    Words,
)


def points(value: int) -> str:
    """A score as the page writes it: −2 with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


_TURN_BIDS_BIDDING = (
    _l("In turn, starting left of the dealer; the dealer bids last. A bid is how many tricks "
       "you will take, exactly: 0 up to the cards in hand. No passing; zero means not one "
       "trick."),
    _l("A bid may be changed only until the next player has bid: undo takes back the last "
       "bid."),
)
_TURN_BIDS_HOOK = (
    _l("The dealer may not bid the number that makes the bids add up to the cards in hand: "
       "someone must miss. With %(cards)s cards and bids %(others)s, the dealer may not bid "
       "%(hooked)s (%(sum)s = %(cards)s)."),
    _l("When that number is below 0 or above the cards in hand, the dealer bids freely."),
)
_TURN_BIDS_TRICKS = (
    _l("The player left of the dealer leads the first trick. Each player takes 0 up to the cards "
       "in hand; together the tricks make the cards in hand."),
)
_TURN_BIDS_END = (
    _l("After the last deal the highest total wins; equal totals share the win."),
)


#: The seed's worked example (docs/rules.md section 2): 4 players, 5 cards, bids 1, 2, 0, 1
#: (the dealer's last), tricks 1, 3, 0, 1.
EXAMPLE_CARDS, EXAMPLE_BIDS, EXAMPLE_TRICKS = 5, (1, 2, 0, 1), (1, 3, 0, 1)


def in_turn_facts(ruleset: Ruleset) -> dict[str, object]:
    """The numbers Oh Hell's and Elevator's rules say (docs/rules.md sections 2 and 3): who
    plays, the deck, the largest hands by players, the dealer's hooked number in the worked
    example, and its scores, all the engine's (the game's own scoring, Elevator's fixed one
    included)."""
    ruleset_id = ruleset.id
    settings = rules.new_settings(ruleset_id, [f"P{seat}" for seat in range(4)])
    size, others = EXAMPLE_CARDS, EXAMPLE_BIDS[:-1]
    hooked = hook.forbidden_bid(size, sum(others))
    locale = get_locale() or "en"
    largest = {count: max(rules.schedule(rules.new_settings(
                   ruleset_id, [f"P{seat}" for seat in range(count)])))
               for count in range(ruleset.min_players, ruleset.max_players + 1)}
    top = max(largest.values())
    fewer = [(count, hand) for count, hand in largest.items() if hand < top]

    def made(bid: int, taken: int) -> scoring.Made:
        return scoring.made_by(settings, bid, taken, size)

    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "deck": engine_settings.FULL_DECK, "top": top,
        "fewer_players": format_list([str(count) for count, _hand in fewer], style="or",
                                     locale=locale),
        "fewer_hands": format_list([str(hand) for _count, hand in fewer], style="or",
                                   locale=locale),
        "cards": size, "others": format_list([str(b) for b in others], locale=locale),
        "hooked": hooked, "sum": " + ".join(str(b) for b in (*others, hooked)),
        "base": made(1, 1).base, "zero": made(0, 0).total, "miss": made(1, 0).total,
        "bids": ", ".join(map(str, EXAMPLE_BIDS)), "tricks": ", ".join(map(str, EXAMPLE_TRICKS)),
        "scores": ", ".join(points(made(b, t).total) for b, t in zip(EXAMPLE_BIDS, EXAMPLE_TRICKS)),
        "bonus": made(3, 3).bonus, "exact": made(3, 3).total, "missed": made(2, 3).total,
    }



def _largest() -> str:
    """The seeds' largest hand by players, from the engine's table (tables with the same hand
    share a part): ``10 cards for 3 to 5 players, 8 cards for 6 players``."""
    groups: list[tuple[int, int, int]] = []  # least, most players, hand
    for count, hand in sorted(turn_bids.LARGEST_HAND.items()):
        if groups and groups[-1][2] == hand:
            groups[-1] = (groups[-1][0], count, hand)
        else:
            groups.append((count, count, hand))
    said = []
    for least, most, hand in groups:
        cards = ngettext("%(num)s card", "%(num)s cards", hand)
        if least == most:
            said.append(ngettext("%(cards)s for %(num)s player", "%(cards)s for %(num)s players",
                                 least, cards=cards))
        else:
            said.append(_("%(cards)s for %(least)s to %(most)s players", cards=cards, least=least,
                          most=most))
    return ", ".join(said)


def option_facts() -> dict[str, object]:
    """The engine's numbers their house rules' labels and effects say (docs/rules.md section
    6): the scores of each scoring and zero rule, the largest hands and the deal limit."""

    def made(rule: Scoring, zero: ZeroBid, bid: int, taken: int, hand: int) -> scoring.Made:
        return scoring.in_turn(rule, zero, bid, taken, hand)

    squared_miss = made(Scoring.SQUARED, ZeroBid.STANDARD, 3, 1, 5).total
    return {
        "exact_base": made(Scoring.EXACT, ZeroBid.STANDARD, 3, 3, 5).base,
        "bonus": made(Scoring.TRICKS_PLUS_BONUS, ZeroBid.STANDARD, 3, 3, 5).bonus,
        "five": made(Scoring.TRICKS_PLUS_FIVE, ZeroBid.STANDARD, 3, 3, 5).bonus,
        "squared_base": made(Scoring.SQUARED, ZeroBid.STANDARD, 3, 3, 5).base,
        "squared_miss": f"−{-squared_miss}" if squared_miss < 0 else str(squared_miss),
        "largest": _largest(), "limit": deal_limit(4), "kept": engine_settings.KEPT_FOR_TRUMP,
        "dealt": engine_settings.FULL_DECK - engine_settings.KEPT_FOR_TRUMP,
        "zero": made(Scoring.EXACT, ZeroBid.FIVE, 0, 0, 7).total,
        "zero_base": made(Scoring.EXACT, ZeroBid.FIVE_PLUS_HAND, 0, 0, 7).base,
        "zero_seven": made(Scoring.EXACT, ZeroBid.FIVE_PLUS_HAND, 0, 0, 7).total,
    }


def description_facts(ruleset: Ruleset) -> dict[str, object]:
    """An exact bid under the game's default scoring (Elevator's fixed one included)."""
    table = new_settings(ruleset.id, [f"P{seat}" for seat in range(ruleset.min_players)])
    exact = scoring.made_by(table, 3, 3, 5)  # any exact bid: bid 3 of 5 cards, took 3
    return {"base": exact.base, "bonus": exact.bonus}


WORDS = {
    "oh-hell": Words(
        name=_l("Oh Hell"),
        seed=_l("Seed 001: the French Oh Hell rules"),
        description=_l("Hands shrink to one card and grow back. Bid in turn; the dealer may not "
                       "make the bids add up to the cards. An exact bid scores %(base)s plus the "
                       "bid."),
        description_facts=description_facts,
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, one deck of %(deck)s cards."),)),
            (DEAL, (_l("Hands start with the most cards, go down one card a round to 1, then back "
                       "up to the start without repeating 1. The first dealer is chosen at the start "
                       "(or at random); the deal passes to the left. The next card is turned up for "
                       "trump."),)),
            (BIDDING, _TURN_BIDS_BIDDING),
            (HOOK, _TURN_BIDS_HOOK),
            (TRICKS, _TURN_BIDS_TRICKS),
            (SCORING, (_l("A bid made exactly scores %(base)s plus the bid (%(zero)s for an exact "
                          "zero); any miss scores %(miss)s. Bids %(bids)s and tricks %(tricks)s "
                          "score %(scores)s."),)),
            (END, _TURN_BIDS_END),
        ),
        facts=in_turn_facts,
        quotes=(Quote("fr", "Le donneur parle dernier et ne peut égaler le total annoncé au "
                            "nombre de plis disponibles."),),
        hand_sizes=True,
    ),
    "elevator": Words(
        name=_l("Elevator"),
        seed=_l("Seed 003: the French Ascenseur (Elevator) rules of cardgames.io"),
        description=_l("Oh Hell as played online: one point a trick, plus %(bonus)s for an "
                       "exact bid."),
        description_facts=description_facts,
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, one deck of %(deck)s cards. Oh Hell as "
                          "cardgames.io plays it."),)),
            (DEAL, (_l("%(top)s cards each, one fewer each round down to 1, then back up to "
                       "%(top)s. With %(fewer_players)s players a %(deck)s-card deck cannot deal "
                       "%(top)s each and still turn a trump, so the largest hand is "
                       "%(fewer_hands)s. The first dealer is chosen at the start (or at random); "
                       "the deal passes to the left."),)),
            (BIDDING, _TURN_BIDS_BIDDING),
            (HOOK, _TURN_BIDS_HOOK),
            (TRICKS, _TURN_BIDS_TRICKS),
            (SCORING, (_l("One point a trick, plus %(bonus)s for an exact bid: bid 3, took 3 scores "
                          "%(exact)s; bid 2, took 3 scores %(missed)s."),)),
            (END, _TURN_BIDS_END),
        ),
        facts=in_turn_facts,
        quotes=(Quote("fr", "Un joueur obtient 1 point pour chaque pli qu'il a pris, et un "
                            "bonus de 10 points s'il a réalisé son enchère exactement."),),
        hand_sizes=True,
    ),
}
