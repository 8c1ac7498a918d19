"""A bid, in each game's own words. English says "bid" everywhere; the French and Italian tables
say *annonce* / *dichiarazione* in Oh Hell and *pari* / *offerta* for an Oh-Seven bid card
(UX.md, "Words"; seeds 000 and 002). Oh-Seven's wording carries the message context
``oh-seven`` so that translators can tell the two apart."""

from __future__ import annotations

from typing import Mapping

from flask_babel import LazyString, lazy_pgettext
from flask_babel import lazy_gettext as _l

from companion.rules import Family, Settings

IN_TURN: Mapping[str, LazyString] = {
    "bid": _l("bid"),
    "bids": _l("Bids"),
    "key": _l("bid → tricks, points, total"),
    "average_bid": _l("Average bid"),
    "bid_made": _l("Bid made"),
    "over": _l("Over the bid"),
    "under": _l("Under the bid"),
    "zero_bids": _l("Zero bids"),
    "top_bid": _l("Rounds with the top bid"),  # a share of rounds, not a number of tricks
    "zero_bid_line": _l("Zero bids: %(rate)s of all bids"),
    "top_bid_line": _l("Average top bid: %(bid)s"),
}

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


def bid_words(settings: Settings) -> Mapping[str, LazyString]:
    return OH_SEVEN if settings.family is Family.CARD_BIDS else IN_TURN
