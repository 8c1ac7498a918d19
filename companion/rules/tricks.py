"""Tricks taken: what every game with tricks checks of them, once its bids are in."""

from __future__ import annotations

from .errors import RuleError
from .settings import Settings
from .state import Phase, Round


def check_tricks(settings: Settings, round_: Round, tricks: tuple[int, ...]) -> None:
    """Tricks 0..hand size each, adding up to the hand size (every game with tricks)."""
    if round_.phase is not Phase.TRICKS:
        raise RuleError("phase", f"round {round_.number} needs every bid before its tricks",
                        reason="tricks-before-bids", field="tricks", round=round_.number)
    for seat, taken in enumerate(tricks):
        if not 0 <= taken <= round_.hand_size:
            name = settings.players[seat]
            raise RuleError(
                "tricks-range", f"{name} cannot take {taken} tricks: 0–{round_.hand_size} in this round",
                reason="tricks-range", field="tricks", seat=seat, player=name, tricks=taken,
                hand_size=round_.hand_size,
            )
    total = sum(tricks)
    if total != round_.hand_size:
        raise RuleError(
            "tricks-total",
            f"tricks add up to {total}, but {round_.hand_size} were played",
            reason="tricks-total", field="tricks", total=total, hand_size=round_.hand_size,
        )
