"""Oh-Seven's words: its name, description, seed and rules page, a bid in its own words (a
*pari*, an *offerta*), a forced rebid's bonus, and its card passing as its house rule says it.

Every number these sentences say is the engine's (``rules.card_bids``).
"""

from __future__ import annotations

from typing import Mapping

from babel.lists import format_list
from flask_babel import LazyString, get_locale, lazy_pgettext, ngettext, pgettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import RebidBonus, Ruleset, card_bids, cards
from companion.web.shared.game_words import (
    BIDDING,
    DEAL,
    END,
    PASSING,
    PLAYERS,
    REBIDS,
    SCORING,
    TRICKS,
    Quote,
    Words,
)
from companion.web.shared.names import names_list


def passes() -> str:
    """Oh-Seven's card passing, round by round, from the engine's table."""
    said = []
    for number, (count, direction) in sorted(card_bids.PASSING.items()):
        if direction == "left":
            said.append(ngettext("round %(round)s, %(num)s card to the left",
                                 "round %(round)s, %(num)s cards to the left", count, round=number))
        else:
            said.append(ngettext("round %(round)s, %(num)s card to the right",
                                 "round %(round)s, %(num)s cards to the right", count, round=number))
    return str(pgettext("between the rounds of card passing", "; ")).join(said)


def points(value: int) -> str:
    """A score as the page writes it: −2 with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _suit_order() -> str:
    """``♠ over ♥ over ♦ over ♣``: the engine's suits, strongest first."""
    ranked = sorted(rules.Suit, key=lambda suit: suit.rank, reverse=True)
    said = ranked[0].symbol
    for weaker in ranked[1:]:
        said = _("%(stronger)s over %(weaker)s", stronger=said, weaker=weaker.symbol)
    return said


def oh_seven_facts(ruleset: Ruleset) -> dict[str, object]:
    """The numbers Oh-Seven's rules say, each the engine's (docs/rules.md section 1): who plays,
    the deck, the rounds, the passing, the rebids and a worked score (bid 3, took 3 or 1)."""
    players = range(ruleset.min_players, ruleset.max_players + 1)
    made, missed = card_bids.oh_seven(3, 3), card_bids.oh_seven(3, 1)
    locale = get_locale() or "en"
    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "deck": len(cards.deck()), "lowest": cards.LOWEST, "highest": cards.HIGHEST,
        "two_decks": min(count for count in players if card_bids.decks(count) == 2),
        "rounds": card_bids.ROUNDS, "cards": card_bids.HAND_SIZE, "passes": passes(),
        "no_passing": format_list([str(n) for n in range(1, card_bids.ROUNDS + 1)
                                   if n not in card_bids.PASSING], locale=locale),
        "suit_order": _suit_order(), "rebid_sum": card_bids.REBID_SUM,
        "bonus": ngettext("%(num)s point", "%(num)s points", card_bids.REBID_BONUS),
        "made_bonus": made.bonus, "bid": 3, "made": points(made.total),
        "taken": 1, "missed": points(missed.total),
    }


def description_facts(_ruleset: Ruleset) -> dict[str, object]:
    """The numbers its description says: the rounds, the hand and the bonus for an exact bid."""
    return {"rounds": card_bids.ROUNDS, "cards": card_bids.HAND_SIZE,
            "bonus": card_bids.oh_seven(3, 3).bonus}


def _names(settings: rules.Settings, seats: tuple[int, ...]) -> str:
    return names_list([settings.players[s] for s in seats])


def rebid_lines(settings: rules.Settings, round_: rules.Round) -> tuple[list[str], ...]:
    """Per seat, a round's forced rebids so far in sentences (while it is still being bid)."""
    return tuple([rebid_line(settings, bonus) for bonus in bonuses]
                 for bonuses in card_bids.rebid_bonuses(round_))


def rebid_line(settings: rules.Settings, bonus: RebidBonus) -> str:
    """A forced rebid's bonus in a sentence, with the engine's sum that forces it."""
    card = str(bonus.high_bid)
    players = _names(settings, bonus.high_bidders)
    rebid_sum = card_bids.REBID_SUM  # the engine's, as it says on the rules page
    if bonus.sum_seven and bonus.shared_high:
        return _("+%(points)s: the bids added up to %(sum)s and %(players)s shared the high bid "
                 "%(card)s (forced rebid)", points=bonus.points, sum=rebid_sum, players=players,
                 card=card)
    if bonus.shared_high:
        return _("+%(points)s: %(players)s shared the high bid %(card)s (forced rebid)",
                 points=bonus.points, players=players, card=card)
    return _("+%(points)s: the bids added up to %(sum)s, %(player)s's %(card)s was high "
             "(forced rebid)", points=bonus.points, sum=rebid_sum, player=players, card=card)


#: A bid in Oh-Seven's own words. English says "bid" everywhere; the French and Italian tables
#: say *pari* / *offerta* for an Oh-Seven bid card, where Oh Hell says *annonce* /
#: *dichiarazione*: the message context ``oh-seven`` lets translators tell the two apart.
OH_SEVEN: Mapping[str, LazyString] = {
    "bid": lazy_pgettext("oh-seven", "bid"),
    "bids": lazy_pgettext("oh-seven", "Bids"),
    "key": lazy_pgettext("oh-seven", "bid → tricks, points, total"),
    "average_bid": lazy_pgettext("oh-seven", "Average bid"),
    "bid_made": lazy_pgettext("oh-seven", "Bid made"),
    "over": lazy_pgettext("oh-seven", "Over the bid"),
    "under": lazy_pgettext("oh-seven", "Under the bid"),
    "zero_bids": lazy_pgettext("oh-seven", "Zero bids"),
    "top_bid": lazy_pgettext("oh-seven", "Rounds with the top bid"),
    "zero_bid_line": lazy_pgettext("oh-seven", "Zero bids: %(rate)s of all bids"),
    "top_bid_line": lazy_pgettext("oh-seven", "Average top bid: %(bid)s"),
}

WORDS = {
    "oh-seven": Words(
        name=_l("Oh-Seven"),
        seed=_l("Seeds 000 and 002: the French and Italian Oh-Seven rules"),
        description=_l("%(rounds)s rounds of %(cards)s cards. Everyone bids at once with a card "
                       "face down; make your bid exactly to score it plus %(bonus)s."),
        description_facts=description_facts,
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players. One deck of %(deck)s cards, %(lowest)s to "
                          "%(highest)s in each suit (with ordinary cards a queen is the %(lowest)s); "
                          "two decks for %(two_decks)s players or more."),)),
            (DEAL, (_l("%(rounds)s rounds of %(cards)s cards each, %(cards)s tricks a round. The "
                       "first dealer is chosen at the start; the deal passes to the left each "
                       "round."),)),
            (PASSING, (_l("With card passing, before bidding everyone passes cards face down, all "
                          "at once: %(passes)s. None in rounds %(no_passing)s. The screen shows who "
                          "passes to whom."),)),
            (BIDDING, (
                _l("Everyone lays one card face down; all are turned up together. The card's value "
                   "is the bid: how many tricks you will take. The highest card is the top bid; "
                   "equal values rank by suit, %(suit_order)s. Its suit is trump and its player "
                   "leads the first trick. Then everyone takes their card back to play."),
                _l("With one deck two players cannot bid the same card: the app refuses it as a "
                   "mistake."),
            )),
            (REBIDS, (
                _l("Bids that add up to exactly %(rebid_sum)s would let everyone make their bid: "
                   "everyone bids again. With two decks, two players bidding the very same top card "
                   "(value and suit) bid again too."),
                _l("The top bidder scores %(bonus)s at once (with a shared top card, each of them "
                   "does): one bonus per rebid. The new bids replace the old ones. A card put "
                   "forward in this deal cannot be bid again (with two decks, a player holding two "
                   "copies may bid it twice)."),
                _l("After %(cards)s failed bids every card has been used: the same dealer deals the "
                   "round again, and the bonus points stay."),
            )),
            (TRICKS, (_l("Each player takes 0 to %(cards)s tricks; together they make %(cards)s."),)),
            (SCORING, (_l("A bid made exactly scores the bid plus %(made_bonus)s (bid %(bid)s, took "
                          "%(bid)s: %(made)s). A missed bid loses the difference (bid %(bid)s, took "
                          "%(taken)s: %(missed)s)."),)),
            (END, (_l("After round %(rounds)s the highest total wins; equal totals share the "
                      "place."),)),
        ),
        facts=oh_seven_facts,
        quotes=(
            Quote("fr", "Si la somme des paris est égal à 7, cela permet à tous les joueurs de "
                        "réussir leurs paris. Il faut donc parier à nouveau."),
            Quote("it", "Se la somma delle offerte è 7, anziché consentire la possibilità che "
                        "tutti ottengano ciò che vogliono, viene forzata una rideterminazione."),
        ),
        # Sentences that say "bid": Oh-Seven's own word for it, as its players say it.
        refusals={
            "tricks-before-bids": lazy_pgettext(
                "oh-seven", "Round %(round)s needs every bid before its tricks."),
            "correction-incomplete": lazy_pgettext(
                "oh-seven", "With these values round %(round)s would not be finished: enter "
                "every bid and every player's tricks."),
        },
    ),
}
