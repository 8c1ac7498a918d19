"""Scopa: the most cards, the most coins, the settebello, the primiera and each scopa, side by
side, hand after hand to the target; a tie at the top plays another hand (docs/rules.md,
"Scopa").

A side is a player (2 or 3 players), or a team: 4 players in pairs facing (seats 0 & 2 against
1 & 3), 6 in two teams of three, alternating (0, 2, 4 against 1, 3, 5). The table has decided
every point before it speaks (its counts, its primiera values): the app records who won each
one, and checks what can be checked without the cards.

The game's own files: its rules here; ``game`` declares it (its ruleset and family, registered
in ``rules/games.py``); ``sheet`` (the API's statistics and score sheet).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .. import seating
from ..entries import OwnEntry, ShapeError, whole
from ..errors import RuleError, shown
from ..memo import WeighsOnce
from ..settings import Settings
from ..state import Phase, Round

#: The family's id (``GameFamily.id``): Scopa is a family of its own.
FAMILY_ID = "scopa"
#: The points the table names by who took them, in the order it counts them.
AWARDS = ("cards", "coins", "settebello", "primiera")
#: The awards that a tie (20 cards each, 5 coins each, equal primiere) gives to nobody.
MAY_TIE = ("cards", "coins", "primiera")
#: The targets offered (spazioinwind: "11 (o 16, o 21, o 31) punti").
TARGETS = (11, 16, 21, 31)
#: A napola: the ace, 2 and 3 of coins score 3, and each further coin in sequence one more.
NAPOLA_LEAST = 3
NAPOLA_MOST = 10
#: A napola this long holds six of the ten coins (so its side took the most coins), and one
#: this long holds the 7 of coins, the settebello.
NAPOLA_HOLDS_COINS = 6
NAPOLA_HOLDS_SETTEBELLO = 7
#: The players the scopone deals need: four, in pairs.
SCOPONE_PLAYERS = 4


class Deal(enum.Enum):
    """How the cards are dealt; the scoring is the same in all three (it.wikipedia)."""

    SCOPA = "scopa"  # 3 cards each, 4 on the table
    SCOPONE = "scopone"  # 4 players: 9 each, 4 on the table
    SCOPONE_SCIENTIFICO = "scopone-scientifico"  # 4 players: 10 each, none on the table


def most_scope(deal: Deal) -> int:
    """The most scope one hand can hold: a sweep empties the table, so the next play cannot
    sweep, and the last play's sweep does not count. 36 plays after a deal with 4 cards on the
    table make at most 18; the scientifico's 40, the first onto an empty table, 19.

    >>> most_scope(Deal.SCOPA), most_scope(Deal.SCOPONE_SCIENTIFICO)
    (18, 19)
    """
    return 19 if deal is Deal.SCOPONE_SCIENTIFICO else 18


@dataclass(frozen=True)
class ScopaOptions:
    """A Scopa game's options as its rules read them."""

    target: int
    deal: Deal
    napola: bool


def options_of(settings: Settings) -> ScopaOptions:
    given = settings.options
    target = given.get("target")
    return ScopaOptions(target=target if type(target) is int else TARGETS[0],
                        deal=Deal(given.get("deal", Deal.SCOPA.value)),
                        napola=given.get("napola") is True)


def in_teams(players: int) -> bool:
    """4 players play in pairs, 6 in two teams of three; 2 and 3 each alone."""
    return players in (4, 6)


@dataclass(frozen=True)
class ScopaHand(OwnEntry):
    """One hand as the table says it (an entry of kind ``hand``): the side that took the most
    cards, the most coins, the settebello and the primiera (``None``: a tie, or nobody), then
    per side its scope and, with the option, its napola (``()`` without it)."""

    cards: int | None
    coins: int | None
    settebello: int | None
    primiera: int | None
    scope: tuple[int, ...]
    napola: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        return "hand"

    def to_json(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"kind": "hand", "cards": self.cards, "coins": self.coins,
                                  "settebello": self.settebello, "primiera": self.primiera,
                                  "scope": list(self.scope)}
        if self.napola:
            fields["napola"] = list(self.napola)
        return fields

    def award(self, name: str) -> int | None:
        """The side that won ``name`` (one of ``AWARDS``)."""
        value: int | None = getattr(self, name)
        return value


def _side_or_none(value: object, field: str) -> int | None:
    return None if value is None else whole(value, field)


def _per_side(settings: Settings, value: object, field: str) -> tuple[int, ...]:
    sides = len(settings.sides)
    if not isinstance(value, list):
        raise ShapeError(field, f"{field} must be a list with one whole number per side")
    if len(value) != sides:
        raise ShapeError(field, f"{field} has {len(value)} values; this game has {sides} sides")
    return tuple(whole(v, f"{field}[{i}]") for i, v in enumerate(value))


def parse_hand(settings: Settings, body: Mapping[str, Any]) -> ScopaHand:
    """A hand from its JSON fields: a wrong shape is a ``ShapeError`` (400); the values are
    judged by ``check_hand`` (422). ``settebello`` and ``scope`` are required; the others may be
    left out when empty."""
    for required in ("settebello", "scope"):
        if required not in body:
            raise ShapeError(required, f"{required} is missing")
    napola_given = body.get("napola")
    if napola_given is None or napola_given == []:
        napola: tuple[int, ...] = ((0,) * len(settings.sides)
                                   if options_of(settings).napola else ())
    else:
        napola = _per_side(settings, napola_given, "napola")
    return ScopaHand(
        cards=_side_or_none(body.get("cards"), "cards"),
        coins=_side_or_none(body.get("coins"), "coins"),
        settebello=_side_or_none(body["settebello"], "settebello"),
        primiera=_side_or_none(body.get("primiera"), "primiera"),
        scope=_per_side(settings, body["scope"], "scope"),
        napola=napola,
    )


def _impossible(reason: str, message: str, field: str, **params: int) -> RuleError:
    return RuleError("hand", message, reason=reason, field=field, **params)


def check_shape(settings: Settings, hand: ScopaHand) -> None:
    """A hand built in Python held to the shape parsing guarantees (a ``ShapeError``)."""
    for name in AWARDS:
        value = hand.award(name)
        if value is not None and type(value) is not int:
            raise ShapeError(name, f"{name} must be a side or null, not {shown(value)}")
    _per_side(settings, list(hand.scope), "scope")
    if hand.napola:
        _per_side(settings, list(hand.napola), "napola")


def check_hand(settings: Settings, hand: ScopaHand) -> None:
    """Refuse a hand that cannot have been played (``RuleError``, its field named), in the
    order of docs/rules.md's table: the sides, the settebello, the scope, the napola."""
    check_shape(settings, hand)
    last = len(settings.sides) - 1
    for name in AWARDS:
        side = hand.award(name)
        if side is not None and not 0 <= side <= last:
            raise RuleError("seat", f"{name}: {side} is not a side in this game (0–{last})",
                            reason="side", field=name, value=side, last=last)
    if hand.settebello is None:
        raise _impossible("settebello-nobody", "every card is taken by the end of the hand, so "
                          "someone took the settebello", "settebello")
    options = options_of(settings)
    for side, count in enumerate(hand.scope):
        if count < 0:
            raise RuleError("hand", f"a side cannot make {count} scope", reason="scope-negative",
                            field="scope", seat=settings.seats_of(side)[0], side=side,
                            value=count)
    most = most_scope(options.deal)
    if sum(hand.scope) > most:
        raise _impossible("scope-most", f"{sum(hand.scope)} scope in one hand? A hand holds at "
                          f"most {most}", "scope", total=sum(hand.scope), most=most)
    _check_napola(settings, options, hand)


def _check_napola(settings: Settings, options: ScopaOptions, hand: ScopaHand) -> None:
    if not hand.napola:
        return
    if not options.napola:
        raise _impossible("napola-off", "this game is played without the napola", "napola")
    for side, value in enumerate(hand.napola):
        if value != 0 and not NAPOLA_LEAST <= value <= NAPOLA_MOST:
            raise RuleError("hand", f"a napola is worth {NAPOLA_LEAST} to {NAPOLA_MOST}, not "
                            f"{value}", reason="napola-value", field="napola",
                            seat=settings.seats_of(side)[0], side=side, value=value,
                            least=NAPOLA_LEAST, most=NAPOLA_MOST)
    holders = [side for side, value in enumerate(hand.napola) if value]
    if len(holders) > 1:
        raise _impossible("napola-two", "only one side can hold the ace, 2 and 3 of coins",
                          "napola")
    if not holders:
        return
    side, value = holders[0], hand.napola[holders[0]]
    seat = settings.seats_of(side)[0]
    if value >= NAPOLA_HOLDS_COINS and hand.coins != side:
        raise RuleError("hand", f"a napola of {value} holds {value} of the 10 coins: its side "
                        "took the most coins", reason="napola-coins", field="napola", seat=seat,
                        side=side, value=value)
    if value >= NAPOLA_HOLDS_SETTEBELLO and hand.settebello != side:
        raise RuleError("hand", f"a napola of {value} holds the 7 of coins: its side took the "
                        "settebello", reason="napola-settebello", field="napola", seat=seat,
                        side=side, value=value)


@dataclass(frozen=True)
class SidePoints:
    """What one side scored in a hand, point by point."""

    awards: tuple[str, ...]  # the AWARDS it won, in counting order
    scope: int
    napola: int

    @property
    def total(self) -> int:
        return len(self.awards) + self.scope + self.napola


def side_points(hand: ScopaHand, side: int) -> SidePoints:
    """``side``'s points in ``hand``: 1 for each award, 1 a scopa, its napola.

    goblindegook/scopa's example: the most cards, the settebello and two scope: 4.

    >>> side_points(ScopaHand(0, 1, 0, None, (2, 0)), 0).total
    4
    """
    return SidePoints(tuple(name for name in AWARDS if hand.award(name) == side),
                      hand.scope[side], hand.napola[side] if hand.napola else 0)


def hand_points(hand: ScopaHand, sides: int) -> tuple[int, ...]:
    """Each side's points in ``hand``."""
    return tuple(side_points(hand, side).total for side in range(sides))


@dataclass(frozen=True)
class Scored(WeighsOnce):
    """What a hand did (``Round.own``): the hand as accepted (its napola filled in with the
    option) and each side's points from it."""

    hand: ScopaHand
    side_points: tuple[int, ...]


def scored_of(round_: Round) -> Scored:
    """A scored round's own record."""
    assert isinstance(round_.own, Scored)
    return round_.own


def ended(options: ScopaOptions, side_scores: Sequence[int]) -> bool:
    """Whether the game ends at these totals: the highest at or above the target, and alone
    (two sides sharing the highest total play another hand, goblindegook's ``winner``).

    >>> o = ScopaOptions(11, Deal.SCOPA, False)
    >>> ended(o, (11, 13)), ended(o, (12, 12)), ended(o, (10, 9))
    (True, False, False)
    """
    best = max(side_scores)
    return best >= options.target and side_scores.count(best) == 1


def start_round(settings: Settings, number: int) -> Round:
    n = len(settings.players)
    way = seating.passes(settings)
    dealer = seating.dealer(settings, number)
    eldest = seating.eldest(dealer, n, way)
    return Round(
        number=number,
        hand_size=hand_size(options_of(settings).deal),
        dealer=dealer,
        phase=Phase.HAND,
        bidding_order=seating.bidding_order(dealer, n, way),
        leader=eldest,
        points_so_far=(0,) * n,
        eldest=eldest,
    )


def hand_size(deal: Deal) -> int:
    """The cards each player is dealt at a time: 3 in scopa, 9 or 10 in the scopone."""
    return {Deal.SCOPA: 3, Deal.SCOPONE: 9, Deal.SCOPONE_SCIENTIFICO: 10}[deal]


def option_problems(players: int, options: Mapping[str, object]) -> list[RuleError]:
    """What the number of players rules out: five (no two equal sides), and the scopone's deals
    without four players in pairs (it.wikipedia)."""
    if players == 5:
        return [RuleError("players", "Scopa is for 2, 3, 4 or 6 players, not 5: five make no "
                          "two equal sides", reason="scopa-five", field="players", count=5)]
    deal = options.get("deal", Deal.SCOPA.value)
    if deal != Deal.SCOPA.value and players != SCOPONE_PLAYERS:
        return [RuleError("ruleset", f"the deal {deal} is for {SCOPONE_PLAYERS} players, not "
                          f"{players}", reason="deal-players", field="deal", option="deal",
                          value=deal, players=players, needed=SCOPONE_PLAYERS)]
    return []
