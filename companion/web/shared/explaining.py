"""Each score cell's "why", in the table's words and the person's language.

The engine says why (``rules.explain``: the rule, the bid, the tricks, the numbers); this module
only puts its values into translated sentences: "bid 3, took 3: exact, 10 + 3 = 13",
"bid 2, took 4: missed by 2, −2". A game whose cells say more, or otherwise, declares it in its
package (``WebGame.explain_round``, ``rebid_line``, ``rebid_lines``).
"""

from __future__ import annotations

from typing import Mapping

from flask_babel import LazyString, pgettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import BidScore, Rule
from companion.web.shared import declaration

#: What each scoring rule made of the bid, with the engine's numbers: its parts (``base``,
#: ``bonus``), never a copy of them, so that a changed rule changes its "why".
EXACT_PARTS = _l("exact, %(base)s + %(bonus)s = %(made)s")
HOW: Mapping[Rule, LazyString] = {
    Rule.TEN_PLUS_BID: EXACT_PARTS,
    Rule.TEN_PLUS_BID_SQUARED: _l("exact, %(base)s + %(bid)s² = %(made)s"),
    Rule.TRICKS_PLUS_TEN: EXACT_PARTS,
    Rule.TRICKS_PLUS_FIVE: EXACT_PARTS,
    Rule.ZERO_FIVE: _l("exact zero: %(made)s"),
    Rule.ZERO_FIVE_PLUS_HAND: _l("exact zero: %(base)s + %(hand_size)s cards = %(made)s"),
    Rule.BID_PLUS_TWO: EXACT_PARTS,
    Rule.MISSED_NOTHING: _l("missed by %(difference)s: %(made)s"),
    Rule.TRICKS_ONLY: _l("missed by %(difference)s: %(made)s, one a trick, no bonus"),
    Rule.MINUS_DIFFERENCE: _l("missed by %(difference)s, %(made)s"),
    Rule.MINUS_DIFFERENCE_SQUARED: _l("missed by %(difference)s, −%(difference)s² = %(made)s"),
    Rule.TWENTY_PLUS_TENS: EXACT_PARTS,  # exact, 20 + 30 = 50
    Rule.MINUS_TENS: _l("missed by %(difference)s, %(made)s"),
    Rule.TENS_MINUS_TENS: _l("missed by %(difference)s: %(base)s for the tricks, %(bonus)s = "
                             "%(made)s"),
}


def number(value: int) -> str:
    """A score as printed: a true minus sign for negatives (−2)."""
    return f"−{-value}" if value < 0 else str(value)


def bid_lines(settings: rules.Settings, score: BidScore) -> list[str]:
    """The sentences of one bid cell: the bid and its rule, each rebid bonus, the round total."""
    values = {
        "bid": score.bid, "taken": score.taken, "base": number(score.base),
        "bonus": number(score.bonus), "made": number(score.made),
        "difference": score.difference, "hand_size": score.hand_size,
    }
    how = HOW[score.rule] % values
    if score.card is not None:
        head = pgettext("oh-seven", "bid %(bid)s, took %(taken)s", bid=str(score.card),
                        taken=score.taken)
    else:
        head = _("bid %(bid)s, took %(taken)s", bid=score.bid, taken=score.taken)
    lines = [_("%(bid_and_tricks)s: %(how)s", bid_and_tricks=head, how=how)]
    rebid = declaration.of(settings).rebid_line
    lines += [rebid(settings, bonus) for bonus in score.rebids] if rebid is not None else []
    if score.rebids:
        lines.append(_("Round total: %(total)s", total=number(score.total)))
    return lines


def explanations(state: rules.GameState,
                 last: int | None = None) -> dict[int, tuple[list[str], ...]]:
    """For each scored round's number (with ``last``, each of the last ``last`` alone: what the
    board shows), the sentences of each seat's cell (a game scored by side, each side's,
    indexed by side: its package's ``explain_round``); for a round being bid whose bids forced
    rebids, its rebid bonuses so far."""
    settings = state.settings
    game = declaration.of(settings)
    explained: dict[int, tuple[list[str], ...]] = {}
    current = state.current
    if current is not None and current.attempts and game.rebid_lines is not None:
        explained[current.number] = game.rebid_lines(settings, current)
    for round_ in rules.explain(state, last):
        if game.explain_round is not None:
            explained[round_.number] = game.explain_round(settings, round_)
        else:
            explained[round_.number] = tuple(
                bid_lines(settings, seat) for seat in round_.seats if isinstance(seat, BidScore))
    return explained
