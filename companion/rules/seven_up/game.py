"""Seven-Up declared: its ruleset (players, options) and its family, which the engine and every
generic module ask (``families.GameFamily``); ``rules/games.py`` registers it."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import entries
from ..entries import Entry, Hand
from ..errors import RuleError
from ..explain import RoundExplanation
from ..families import GameFamily
from ..options import GameTie, LowTo, values
from ..ruleset import Option, Ruleset, frozen
from ..settings import Settings
from ..sheets import Rows
from ..state import GameState, Played, Round
from . import FAMILY_ID, apply, start_round
from . import explain as explained
from . import sheet


class SevenUp(GameFamily):
    """Seven-Up: one hand after another, to the target."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("hand",)
    #: The gift rule's edition a game began under (``editions.GiftRule``).
    editions = True
    round_fields = frozenset({"eldest", "hands", "awards"})
    statistics_schemas = sheet.STATISTICS_SCHEMAS

    def total_rounds(self, settings: Settings) -> int | None:
        return None  # played to a target

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        return entries.hand(settings, body)

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if not isinstance(entry, Hand):
            kind = entries.field_of(entry)
            raise RuleError("phase", "Seven-Up records hands, not bids or tricks",
                            reason="entry-kind", field=kind, kind=kind, game=settings.ruleset.name)
        round_, side_scores, award = apply(settings, current, entry, state.side_scores)
        return Played(round_, side_scores, award)

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions[-1:]  # the hand that was played; its redeals stay

    def has_teams(self, settings: Settings) -> bool:
        return len(settings.players) == 4  # seats 0 and 2 against 1 and 3

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        return explained.explain(settings, round_, before)

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)


FAMILY = SevenUp()

SEVEN_UP = Ruleset(
    "seven-up", "Seven-Up", FAMILY, 2, 4,
    frozen({
        "target": Option(7, (7, 10)),
        "game_tie": Option(GameTie.NOBODY.value, values(GameTie)),
        "low_to": Option(LowTo.HOLDER.value, values(LowTo)),
    }),
    frozen({}),
)
