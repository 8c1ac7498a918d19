"""Seven-Up's words: its name, description, seed and rules page.

Every number and order these sentences say is the engine's (``rules.seven_up``): who plays
alone and who in partnerships, the hand, a run, the jacks of a pack, the points toward game,
who scores a gift, the target and the counting order.
"""

from __future__ import annotations

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import Point, Ruleset, new_settings, seven_up
from companion.rules import settings as engine_settings
from companion.web.games.seven_up.explaining import POINT_NAMES
from companion.web.shared.game_words import (
    DEAL,
    END,
    PLAYERS,
    POINTS,
    STAND_OR_BEG,
    Quote,
    Words,
)


def seven_up_facts(ruleset: Ruleset) -> dict[str, object]:
    """The numbers and the order Seven-Up's rules say, each the engine's (docs/rules.md
    section 4): who plays alone and who in partnerships (and which seats are partners), the
    hand, the cards a run deals, the jacks of a pack, what each card counts toward game, who
    scores a gift, the target's default and the counting order."""
    locale = get_locale() or "en"
    tables = {count: rules.new_settings("seven-up", [f"P{seat}" for seat in range(count)])
              for count in range(ruleset.min_players, ruleset.max_players + 1)}
    alone = [count for count, table in tables.items() if not table.has_teams]
    teams = [count for count, table in tables.items() if table.has_teams]
    gift_both = [count for count, table in tables.items()
                 if len(seven_up.gift_receivers(table, seven_up.start_round(table, 1))) > 1]

    def players(seats: tuple[int, ...]) -> str:
        return format_list([str(seat + 1) for seat in seats], locale=locale)

    partnered = tables[teams[0]]
    before_play = len(seven_up.COUNTING_ORDER) - len(seven_up.PLAY_POINTS)
    return {
        "alone": format_list([str(n) for n in alone], style="or", locale=locale),
        "teams": format_list([str(n) for n in teams], style="or", locale=locale),
        "team_a": players(partnered.seats_of(0)), "team_b": players(partnered.seats_of(1)),
        "deck": engine_settings.FULL_DECK, "cards": seven_up.HAND_SIZE,
        "run": seven_up.RUN_CARDS, "jacks": seven_up.JACKS_IN_PACK, **seven_up.GAME_POINTS,
        "gift_both": format_list([str(n) for n in gift_both], style="or", locale=locale),
        "target": ruleset.options["target"].default,
        "order": format_list([str(POINT_NAMES[Point(point)]) for point in seven_up.COUNTING_ORDER],
                             locale=locale),
        "before_play": before_play,
    }



def description_facts(ruleset: Ruleset) -> dict[str, object]:
    """The table that plays in pairs, and who partners whom."""
    locale = get_locale() or "en"
    tables = [new_settings(ruleset.id, [f"P{seat}" for seat in range(count)])
              for count in range(ruleset.min_players, ruleset.max_players + 1)]
    paired = next(table for table in tables if table.has_teams)

    def seats(side: int) -> str:
        return format_list([str(seat + 1) for seat in paired.seats_of(side)], locale=locale)

    return {"teams": len(paired.players), "team_a": seats(0), "team_b": seats(1)}


WORDS = {
    "seven-up": Words(
        name=_l("Seven-Up"),
        seed=_l("Seed 004: the French Seven-Up rules"),
        description=_l("All Fours: score high, low, jack and game. %(teams)s players play in "
                       "pairs (players %(team_a)s against players %(team_b)s). First to the "
                       "target wins."),
        description_facts=description_facts,
        sections=(
            (PLAYERS, (_l("%(alone)s players, each for themselves, or %(teams)s in two partnerships: "
                          "players %(team_a)s against players %(team_b)s, in seating order. One deck "
                          "of %(deck)s cards."),)),
            (DEAL, (_l("%(cards)s cards each, then one card turned up for trump. A jack turned up "
                       "scores a point for the dealer."),)),
            (STAND_OR_BEG, (
                _l("The player left of the dealer (eldest) stands, and the turned suit is trump, "
                   "or begs. To a beg the dealer gives one (eldest's side scores a point and the "
                   "suit stays trump; with %(gift_both)s players both non-dealers score it) or runs "
                   "the cards: %(run)s more cards each and a new card turned up, again while its suit "
                   "stays the same. Each jack turned up scores a point for the dealer (a pack has "
                   "%(jacks)s); if the pack runs out, the same dealer deals again."),
                _l("The dealer may not give a point that would put someone out: eldest's side, or "
                   "with %(gift_both)s players either non-dealer (a game started before Companion "
                   "checked both keeps checking eldest alone). Then the cards must be run. After a "
                   "run anyone may call “bunch”: unless someone wants to play, the hand is dealt "
                   "again, with no points."),
            )),
            (POINTS, (
                _l("High: who held the highest trump in play. Low: who held the lowest trump in "
                   "play. Jack: who won the trick holding the jack of trumps (no point if it was "
                   "not dealt). Game: the most card points in tricks won, 10 = %(ten)s, ace "
                   "%(ace)s, king %(king)s, queen %(queen)s, jack %(jack)s. A single trump in play "
                   "is both high and low. Partners score for their side."),
            )),
            (END, (_l("The first side to the target wins (%(target)s points unless the table "
                      "chooses otherwise; seed 004 plays for seven chips). Points count in this "
                      "order: %(order)s; the first %(before_play)s come before play. The first "
                      "side to reach the target wins, so a game never ties, and the points after "
                      "it do not count."),)),
        ),
        facts=seven_up_facts,
        quotes=(Quote("fr", "Chaque fois que vous marquez un point, mettez un de vos jetons "
                            "dans le pot central."),),
        refusals={"round-open": _l("Hand %(round)s is still being played: enter it, or undo.")},
    ),
}
