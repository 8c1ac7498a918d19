"""Each score cell's "why", in the table's words and the person's language.

The engine says why (``rules.explain``: the rule, the bid, the tricks, the numbers); this module
only puts its values into translated sentences: "bid 3, took 3: exact, 10 + 3 = 13",
"bid 2, took 4: missed by 2, −2", "+1: the bids added up to 7, Ana's 5♥ was high (forced
rebid)", "High: Ben · Low: Ana".
"""

from __future__ import annotations

from itertools import groupby
from typing import Iterable, Mapping

from flask_babel import LazyString, ngettext, pgettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import (
    BidScore,
    Family,
    HandScore,
    PadScore,
    Point,
    PointWon,
    RebidBonus,
    Rule,
    card_bids,
)
from companion.web.shared.names import isolate, names_list, side_names

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
}

POINT_NAMES: Mapping[Point, LazyString] = {
    Point.JACK_TURNED: _l("Turned jack"),
    Point.GIFT: _l("Gift"),
    Point.HIGH: _l("High"),
    Point.LOW: _l("Low"),
    Point.JACK: _l("Jack"),
    Point.GAME: _l("Game"),
}


def number(value: int) -> str:
    """A score as printed: a true minus sign for negatives (−2)."""
    return f"−{-value}" if value < 0 else str(value)


def _names(settings: rules.Settings, seats: tuple[int, ...]) -> str:
    return names_list([settings.players[s] for s in seats])


def _rebid(settings: rules.Settings, bonus: RebidBonus) -> str:
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
    lines += [_rebid(settings, bonus) for bonus in score.rebids]
    if score.rebids:
        lines.append(_("Round total: %(total)s", total=number(score.total)))
    return lines


def _winner(settings: rules.Settings, won: PointWon) -> str:
    """Who won a point: its player; a team's Game is the side's, both partners ("Ana & Cleo"),
    as the board and the score sheet name it (the engine keeps one seat of the side for it)."""
    if won.point is Point.GAME and settings.has_teams:
        return side_names(settings)[won.side]  # each name isolated there
    return isolate(settings.players[won.seat])


def _point(settings: rules.Settings, won: PointWon, dealer: int, times: int = 1) -> str:
    name = str(POINT_NAMES[won.point])
    player = _winner(settings, won)
    if won.point is Point.JACK_TURNED and times > 1:
        text = ngettext("%(num)s turned jack: %(player)s deals",
                        "%(num)s turned jacks: %(player)s deals", times, player=player)
    elif won.point is Point.JACK_TURNED:
        text = _("%(point)s: %(player)s deals", point=name, player=player)
    elif won.on_tie:
        text = _("%(point)s: %(player)s (a tie, to the eldest)", point=name, player=player)
    else:
        text = _("%(point)s: %(player)s", point=name, player=player)
    if not won.counted:
        text = _("%(point)s (not counted: the game was already won)", point=text)
    return text


def _points(settings: rules.Settings, points: Iterable[PointWon], dealer: int) -> list[str]:
    """Each point in words, the dealer's turned jacks said once with their number ("2 turned
    jacks: Ana deals"), not once a jack."""
    said: list[str] = []
    for _key, group in groupby(points, key=lambda p: (p.point, p.seat, p.counted)):
        same = list(group)
        if same[0].point is Point.JACK_TURNED:
            said.append(_point(settings, same[0], dealer, times=len(same)))
        else:
            said += [_point(settings, won, dealer) for won in same]
    return said


#: The four points of play, in counting order, as the hand's summary line names them.
PLAYED = (Point.HIGH, Point.LOW, Point.JACK, Point.GAME)


def hand_summary(settings: rules.Settings, summary: rules.HandSummary) -> str | None:
    """The whole hand in one line, "High: Ben · Low: Ana · Jack: Cleo · Game: Dev" (names only:
    the app records no cards for Seven-Up); None for a hand that ended before play."""
    if not summary.played:
        return None
    parts = []
    for point in PLAYED:
        name = str(POINT_NAMES[point])
        won = [w for w in summary.points if w.point is point]
        if won:
            parts += _points(settings, won, summary.dealer)
        elif point in (Point.HIGH, Point.LOW) and summary.no_trump:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("no trump")))
        elif point is Point.JACK and summary.jack_out:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("not in play")))
        elif point is Point.GAME and summary.game_tied:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("tie")))
    return _("The hand: %(points)s", points=" · ".join(parts)) if parts else None


def hand_saved(state: rules.GameState) -> str:
    """What the page says once a Seven-Up hand is saved: who scored in the last hand, its
    counted points in counting order ("Saved. High: Ben · Low: Ana · Game: Ben & Dev")."""
    last = rules.explain(state)[-1].hand if state.rounds else None
    if last is None or not any(won.counted for won in last.points):
        return _("Saved.")
    counted = [won for won in last.points if won.counted]
    return _("Saved. %(points)s", points=" · ".join(_points(state.settings, counted, last.dealer)))


def hand_lines(settings: rules.Settings, score: HandScore, summary: rules.HandSummary) -> list[str]:
    """The sentences of one Seven-Up side's cell: the points it won, one by one, then its gain,
    then what the whole hand gave (so one cell says who took high, low, jack and game)."""
    whole = hand_summary(settings, summary)
    if not score.won:
        lines = [_("No point this hand.")]
    else:
        points = " · ".join(_points(settings, score.won, summary.dealer))
        lines = [points, _("This hand: +%(points)s", points=score.total)]
    return lines + ([whole] if whole else [])


def pad_line(score: PadScore) -> str:
    """A score pad's cell: the points as the table entered them, and the total after them."""
    return _("Round %(number)s: %(points)s as entered; total %(total)s", number=score.number,
             points=number(score.points), total=number(score.total))


def explanations(state: rules.GameState) -> dict[int, tuple[list[str], ...]]:
    """For each scored round's number, the sentences of each seat's cell (Seven-Up and the score
    pad: each side's, indexed by side); for the Oh-Seven round being bid, its rebid bonuses so
    far."""
    settings = state.settings
    explained: dict[int, tuple[list[str], ...]] = {}
    current = state.current
    if current is not None and current.attempts:
        explained[current.number] = tuple(
            [_rebid(settings, bonus) for bonus in bonuses] for bonuses in rules.rebid_bonuses(current))
    for round_ in rules.explain(state):
        if settings.family is Family.SCORE_PAD:  # indexed by side, as the pad's columns
            by_side = {}
            for seat in round_.seats:
                assert isinstance(seat, PadScore)
                by_side.setdefault(seat.side, [pad_line(seat)])
            explained[round_.number] = tuple(by_side[side] for side in settings.sides)
        elif settings.family is Family.SEVEN_UP:
            assert round_.hand is not None
            summary = round_.hand
            by_side = {}
            for seat in round_.seats:
                assert isinstance(seat, HandScore)
                by_side.setdefault(seat.side, hand_lines(settings, seat, summary))
            explained[round_.number] = tuple(by_side[side] for side in settings.sides)
        else:
            explained[round_.number] = tuple(
                bid_lines(settings, seat) for seat in round_.seats if isinstance(seat, BidScore))
    return explained
