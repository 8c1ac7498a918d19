"""A Tarot hand's mark as the table says it (docs/rules.md, "Tarot", explain the score):
"Garde, 2 bouts: 49 of 41, made by 8: (25 + 8) × 2 = 66; poignée simple +20; Petit au bout for
the attack +10 × 2; 106 from each defender: Ana +318."

The parts come from the mark the engine kept (``Round.own``); ``lines`` gives them in order, each
a key and its numbers, for the pages to translate; ``sentence`` is the English.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..settings import Settings
from . import CONTRACT_POINTS, PETIT_AU_BOUT, Camp, Mark, taker_share


@dataclass(frozen=True)
class Line:
    """One part of the explanation: its key (what it says) and the numbers it names."""

    key: str
    values: tuple[object, ...]


def _number(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def lines(settings: Settings, scored: Mark) -> tuple[Line, ...]:
    """The mark's parts, in the order the table counts them."""
    hand = scored.hand
    if hand.taker is None:
        return (Line("passed", ()),)
    assert hand.contract is not None
    said = [Line(scored.result, (hand.contract.value, hand.bouts, hand.points, scored.needed,
                                 scored.margin)),
            Line("base", (CONTRACT_POINTS, scored.margin, scored.coefficient,
                          abs(scored.base)))]
    for poignee in hand.poignees:
        sign = 1 if scored.result == "made" else -1
        said.append(Line("poignee", (poignee.size.value, settings.players[poignee.seat],
                                     sign * poignee.size.prime)))
    if hand.petit_au_bout is not None:
        said.append(Line(f"petit-{hand.petit_au_bout.value}",
                         (PETIT_AU_BOUT, scored.coefficient)))
    if hand.chelem is Camp.TAKER:
        said.append(Line("chelem-announced" if hand.chelem_announced else "chelem",
                         (scored.chelem,)))
    elif hand.chelem_announced:
        said.append(Line("chelem-failed", (-200,)))
    if hand.chelem is Camp.DEFENCE:
        said.append(Line("chelem-defence", (200,)))
    n = len(settings.players)
    alone = scored.partner is None or scored.partner == hand.taker
    shares = [(settings.players[hand.taker], taker_share(n, alone) * scored.unit)]
    if not alone:
        assert scored.partner is not None
        shares.append((settings.players[scored.partner], scored.unit))
    said.append(Line("from-each" if scored.unit >= 0 else "to-each",
                     (abs(scored.unit), *(v for share in shares for v in share))))
    return tuple(said)


def sentence(settings: Settings, scored: Mark) -> str:
    """The explanation in English, as docs/rules.md words it.

    >>> from companion.rules.tarot import TarotHand, Contract, Poignee, Size, mark
    >>> from companion.rules.tarot.game import settings_for
    >>> s = settings_for(["Ana", "Ben", "Cleo", "Dev"])
    >>> print(sentence(s, mark(s, TarotHand(0, Contract.GARDE, 2, 98, petit_au_bout=Camp.TAKER,
    ...                                      poignees=(Poignee(0, Size.SIMPLE),)))))
    Garde, 2 bouts: 49 of 41, made by 8: (25 + 8) × 2 = 66; poignée simple +20; ...: Ana +318.
    """
    said = []
    for line in lines(settings, scored):
        v = line.values
        match line.key:
            case "passed":
                said.append("Everybody passed: no points")
            case "made" | "failed":
                contract = str(v[0]).replace("-", " ").capitalize()
                how = "made by" if line.key == "made" else "down by"
                bouts = "1 bout" if v[1] == 1 else f"{v[1]} bouts"
                said.append(f"{contract}, {bouts}: {v[2]} of {v[3]}, {how} {v[4]}")
            case "base":
                said[-1] += f": ({v[0]} + {v[1]}) × {v[2]} = {v[3]}"
            case "poignee":
                said.append(f"poignée {v[0]} {_number(v[2])}")
            case "petit-taker":
                said.append(f"Petit au bout for the attack +{v[0]} × {v[1]}")
            case "petit-defence":
                said.append(f"Petit au bout for the defence −{v[0]} × {v[1]}")
            case "chelem-announced":
                said.append(f"chelem announced and made {_number(v[0])}")
            case "chelem":
                said.append(f"chelem {_number(v[0])}")
            case "chelem-failed":
                said.append(f"chelem announced, not made {_number(v[0])}")
            case "chelem-defence":
                said.append(f"chelem by the defence +{v[0]} to each defender")
            case "from-each" | "to-each":
                shares = ", ".join(f"{name} {_number(points)}"
                                   for name, points in zip(v[1::2], v[2::2]))
                way = "from" if line.key == "from-each" else "to"
                said.append(f"{v[0]} {way} each defender: {shares}")
    return "; ".join(said) + "."
