"""The score pad's words (any other game): its names ("Score pad", "Any other game" on the
new-game page), description, seed and rules page, and a round's "why" as entered.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import PadScore, Ruleset
from companion.web.shared.game_words import DEAL, END, PLAYERS, ROUND, Words


def points(value: int) -> str:
    """A score as the page writes it: −2 with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def pad_line(score: PadScore) -> str:
    """A score pad's cell: the points as the table entered them, and the total after them."""
    return _("Round %(number)s: %(points)s as entered; total %(total)s", number=score.number,
             points=points(score.points), total=points(score.total))


def explain_round(settings: rules.Settings,
                  round_: rules.RoundExplanation) -> tuple[list[str], ...]:
    """Each side's cell of a round, indexed by side, as the pad's columns."""
    by_side: dict[int, list[str]] = {}
    for seat in round_.seats:
        assert isinstance(seat, PadScore)
        by_side.setdefault(seat.side, [pad_line(seat)])
    return tuple(by_side[side] for side in settings.sides)


def score_pad_facts(ruleset: Ruleset) -> dict[str, object]:
    """The score pad's numbers: its players and the range of a round's points."""
    return {"least": ruleset.min_players, "most": ruleset.max_players,
            "lowest": points(-rules.POINTS_MOST), "highest": points(rules.POINTS_MOST)}


WORDS = {
    "score-pad": Words(
        name=_l("Score pad"),
        seed=_l("The score pad: it knows no rule of your game and adds up what you enter"),
        description=_l("Hearts, Rummy, Tarot, a game you made up: type each round's points, the "
                       "app adds them up."),
        # "Any other game", its title asked first; who wins and when it ends asked beside it.
        offered_as=_l("Any other game"),
        asked=("winner", "target", "rounds"),
        sections=(
            (PLAYERS, (_l("%(least)s to %(most)s players, any game: Hearts, Rummy, Tarot, one you "
                          "made up. The score pad knows none of its rules: it adds up the points the "
                          "table announces, and enforces only what the options below say."),)),
            (DEAL, (_l("The first dealer is chosen at the start; the deal passes to the left each "
                       "round. The screen shows who deals; nothing else about the deal is "
                       "checked."),)),
            (ROUND, (_l("Every player's points for the round (a side's, with teams in pairs) are "
                        "entered at once: whole numbers from %(lowest)s to %(highest)s, zero "
                        "included. A round can be undone, or corrected from the scoreboard."),)),
            (END, (_l("The game ends with the round in which a total reaches the target, or after "
                      "the number of rounds chosen, whichever comes first; without either, when "
                      "the scorekeeper taps “We stop here” after a round (undo reopens it). The "
                      "highest total wins, or the lowest if the table chose so; equal totals share "
                      "the place."),)),
        ),
        facts=score_pad_facts,
    ),
}
