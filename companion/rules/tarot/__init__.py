"""Tarot, the French Tarot Federation's rules (docs/rules.md, "Tarot"): 3, 4 or 5 players each
for themselves (a called partner at 5), one entry per hand after play, zero-sum marks.

What the table enters is what it says aloud: the taker, the contract, the taking side's bouts
and card points (to the half point), the partner at 5, then the primes (petit au bout, poignées,
chelem). From it the engine reckons the points needed, the margin, and the taking side's
*unit*, the mark each defender pays (or is paid); the taker's share is the rest, so every hand
adds up to 0.

The game's own files: its rules here; ``game`` declares it (its ruleset and family, registered
in ``rules/games.py``); ``explain`` (a hand's mark in the table's words) and ``sheet`` (the
API's statistics and score sheet).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Any, Mapping

from .. import seating
from ..entries import OwnEntry, ShapeError
from ..errors import RuleError, shown
from ..settings import Settings
from ..state import Phase, Round

#: The family's id (``GameFamily.id``): Tarot is a family of its own.
FAMILY_ID = "tarot"

#: The card points of a whole pack: 78 cards, counted to the half point.
CARD_POINTS = 91
#: What one bout (the 21, the Petit, the Excuse) is worth in card points.
BOUT_POINTS = 4.5
BOUTS = 3
#: The points the taking side needs, by its bouts (FFT: 56, 51, 41, 36).
NEEDED: tuple[int, ...] = (56, 51, 41, 36)
#: Every mark starts from this (FFT: "25 points + les points de différence").
CONTRACT_POINTS = 25
PETIT_AU_BOUT = 10
#: Chelem: announced and made, made unannounced, announced and failed (FFT).
CHELEM_ANNOUNCED, CHELEM_UNANNOUNCED, CHELEM_FAILED = 400, 200, -200
#: The trumps (the Excuse may stand for one) that poignées share between them.
TRUMPS_WITH_EXCUSE = 22
#: Cards in each hand, by players (78 cards less the dog: 6 cards, 3 with 5 players).
HAND_SIZE: Mapping[int, int] = {3: 24, 4: 18, 5: 15}


class Contract(enum.Enum):
    """The contracts, weakest first, with what each multiplies the mark by."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde-sans"
    GARDE_CONTRE = "garde-contre"

    @property
    def coefficient(self) -> int:
        return {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}[self.value]


class Camp(enum.Enum):
    """Who took the last trick with the Petit, or every trick: the attack or the defence."""

    TAKER = "taker"
    DEFENCE = "defence"


class Size(enum.Enum):
    """A poignée: how many trumps were shown."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def prime(self) -> int:
        return {"simple": 20, "double": 30, "triple": 40}[self.value]


#: The trumps each poignée shows, by players (FFT).
POIGNEE_TRUMPS: Mapping[int, Mapping[Size, int]] = {
    3: {Size.SIMPLE: 13, Size.DOUBLE: 15, Size.TRIPLE: 18},
    4: {Size.SIMPLE: 10, Size.DOUBLE: 13, Size.TRIPLE: 15},
    5: {Size.SIMPLE: 8, Size.DOUBLE: 10, Size.TRIPLE: 13},
}


@dataclass(frozen=True)
class Poignee:
    seat: int
    size: Size


@dataclass(frozen=True)
class TarotHand(OwnEntry):
    """One hand as the table says it. ``taker`` ``None``: everybody passed (or a petit sec), and
    every other field keeps its empty value. ``half_points``: the taking side's card points
    doubled, so that 40.5 is the whole number 81."""

    taker: int | None
    contract: Contract | None = None
    bouts: int = 0
    half_points: int = 0
    partner: int | None = None
    petit_au_bout: Camp | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: Camp | None = None
    chelem_announced: bool = False

    @property
    def points(self) -> int | float:
        """The card points as the table says them: 49, or 40.5."""
        return self.half_points // 2 if self.half_points % 2 == 0 else self.half_points / 2

    @property
    def kind(self) -> str:
        return "hand"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "hand",
            "taker": self.taker,
            "contract": None if self.contract is None else self.contract.value,
            "bouts": self.bouts,
            "points": self.points,
            "partner": self.partner,
            "petit_au_bout": None if self.petit_au_bout is None else self.petit_au_bout.value,
            "poignees": [{"seat": p.seat, "size": p.size.value} for p in self.poignees],
            "chelem": None if self.chelem is None else self.chelem.value,
            "chelem_announced": self.chelem_announced,
        }


PASSED = TarotHand(taker=None)


# --- reading a hand (a wrong shape is a ShapeError, an API 400) --------------------------


def _whole(value: object, field: str) -> int:
    if type(value) is not int:
        raise ShapeError(field, f"{field} must be a whole number, not {shown(value)}")
    return value


def _seat_or_none(value: object, field: str) -> int | None:
    return None if value is None else _whole(value, field)


def _choice(kind: type[enum.Enum], value: object, field: str, nullable: bool = True) -> Any:
    names = ", ".join(member.value for member in kind)
    if value is None and nullable:
        return None
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise ShapeError(field, f"{field} must be one of {names}, not {shown(value)}") from None


def _half_points(value: object) -> int:
    """The card points doubled. A number that is not a number is a wrong shape (400); a number
    off the half points is a rule (``points-range``, checked with the range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ShapeError("points", f"points must be a number, not {shown(value)}")
    doubled = value * 2
    if not math.isfinite(doubled) or doubled != int(doubled):
        raise _points_range(value)
    return int(doubled)


def _points_range(value: object) -> RuleError:
    return RuleError(
        "points-range", f"{shown(value)} card points? A hand holds 0 to {CARD_POINTS}, counted "
        "to the half point", reason="tarot-points-range", field="points", value=value,
        most=CARD_POINTS)


#: Every field a hand may hold, at its empty value (``parse`` fills what a body leaves out).
FIELDS: Mapping[str, Any] = {
    "taker": None, "contract": None, "bouts": None, "points": None, "partner": None,
    "petit_au_bout": None, "poignees": [], "chelem": None, "chelem_announced": False}


def parse(body: Mapping[str, Any]) -> TarotHand:
    """A hand from its fields (the API's body, the stored form, a form's data). The taker is
    required; with a taker, so are the contract, the bouts and the points."""
    if "taker" not in body:
        raise ShapeError("taker", "taker is required: a seat, or null when everybody passed")
    fields = {**FIELDS, **body}
    taker = _seat_or_none(fields["taker"], "taker")
    if taker is None:
        return PASSED
    for name in ("contract", "bouts", "points"):
        if fields[name] is None:
            raise ShapeError(name, f"{name} is required with a taker")
    poignees = fields["poignees"]
    if not isinstance(poignees, list):
        raise ShapeError("poignees", "poignees must be a list of {seat, size}")
    shown_ = []
    for i, item in enumerate(poignees):
        if not isinstance(item, Mapping) or set(item) != {"seat", "size"}:
            raise ShapeError(f"poignees[{i}]", f"poignees[{i}] must be {{seat, size}}")
        shown_.append(Poignee(_whole(item["seat"], f"poignees[{i}].seat"),
                              _choice(Size, item["size"], f"poignees[{i}].size", False)))
    announced = fields["chelem_announced"]
    if not isinstance(announced, bool):
        raise ShapeError("chelem_announced", "chelem_announced must be true or false")
    return TarotHand(
        taker=taker,
        contract=_choice(Contract, fields["contract"], "contract", False),
        bouts=_whole(fields["bouts"], "bouts"),
        half_points=_half_points(fields["points"]),
        partner=_seat_or_none(fields["partner"], "partner"),
        petit_au_bout=_choice(Camp, fields["petit_au_bout"], "petit_au_bout"),
        poignees=tuple(shown_),
        chelem=_choice(Camp, fields["chelem"], "chelem"),
        chelem_announced=announced,
    )


# --- the rules of a hand (a RuleError, an API 422) ----------------------------------------


def _seat(settings: Settings, seat: int, field: str) -> None:
    if seat not in settings.seats:
        last = len(settings.players) - 1
        raise RuleError("seat", f"{field}: {seat} is not a seat in this game (0–{last})",
                        reason="seat", field=field, value=seat, last=last)


def _impossible(reason: str, message: str, field: str, **params: Any) -> RuleError:
    return RuleError("hand", message, reason=reason, field=field, **params)


def points_bounds(bouts: int) -> tuple[int, int]:
    """The least and the most card points a side with ``bouts`` bouts can hold: each bout is
    4.5 points, loosened by half a point for the Excuse's exchange (docs/rules.md, Tarot).

    >>> points_bounds(0), points_bounds(3)
    ((0, 79), (12, 91))
    """
    return 4 * bouts, CARD_POINTS - 4 * (BOUTS - bouts)


def check(settings: Settings, hand: TarotHand) -> None:
    """Every rule a hand with a taker must keep, field by field in the order they are entered."""
    n = len(settings.players)
    assert hand.taker is not None and hand.contract is not None
    _seat(settings, hand.taker, "taker")
    if hand.partner is not None:
        _seat(settings, hand.partner, "partner")
    for poignee in hand.poignees:
        _seat(settings, poignee.seat, "poignees")
    if not 0 <= hand.bouts <= BOUTS:
        raise _impossible("bouts-range", f"{hand.bouts} bouts? There are {BOUTS}: the 21, the "
                          "Petit and the Excuse", "bouts", bouts=hand.bouts)
    if not 0 <= hand.half_points <= 2 * CARD_POINTS:
        raise _points_range(hand.points)
    least, most = points_bounds(hand.bouts)
    if not 2 * least <= hand.half_points <= 2 * most:
        raise _impossible("points-for-bouts", f"{hand.points} card points with {hand.bouts} "
                          f"bouts? They hold {least} to {most}", "points",
                          points=hand.points, bouts=hand.bouts, least=least, most=most)
    if hand.petit_au_bout is Camp.TAKER and hand.bouts == 0:
        raise _impossible("petit-without-bout", "petit au bout for the attack, with no bout? "
                          "The side that takes the last trick with the Petit holds it",
                          "petit_au_bout")
    if hand.petit_au_bout is Camp.DEFENCE and hand.bouts == BOUTS:
        raise _impossible("petit-with-three-bouts", "petit au bout for the defence, when the "
                          "attack holds all three bouts?", "petit_au_bout")
    if n < 5 and hand.partner is not None:
        raise _impossible("partner-not-five", f"a partner with {n} players? Only at 5 does the "
                          "taker call a king", "partner", players=n)
    if n == 5 and hand.partner is None:
        raise _impossible("partner-missing", "who held the called king? Choose the partner, or "
                          "the taker when alone", "partner")
    seats = [p.seat for p in hand.poignees]
    twice = next((seat for seat in seats if seats.count(seat) > 1), None)
    if twice is not None:
        raise _impossible("poignee-twice", f"{settings.players[twice]} shows one poignée a "
                          "hand", "poignees", seat=twice, player=settings.players[twice])
    trumps = sum(POIGNEE_TRUMPS[n][p.size] for p in hand.poignees)
    if trumps > TRUMPS_WITH_EXCUSE:
        raise _impossible("poignees-trumps", f"these poignées show {trumps} trumps; there are "
                          f"{TRUMPS_WITH_EXCUSE} with the Excuse", "poignees", trumps=trumps,
                          most=TRUMPS_WITH_EXCUSE)
    made = hand.half_points >= 2 * NEEDED[hand.bouts]
    if hand.chelem is Camp.TAKER and not made:
        raise _impossible("chelem-failed", "a chelem by the attack, with the contract failed?",
                          "chelem")
    if hand.chelem is Camp.DEFENCE and made:
        raise _impossible("chelem-made", "a chelem by the defence, with the contract made?",
                          "chelem")


# --- the mark -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A scored hand: the entry, what it was worth, and each seat's share (``Round.own``).
    Every amount is the taking side's, per defender, signed: negative when it pays."""

    hand: TarotHand
    #: ``made``, ``failed`` or ``passed``.
    result: str
    needed: int | None
    #: How far the points were from the needed, rounded for the side that scores (≥ 0).
    margin: int
    coefficient: int
    #: ``(25 + margin) × coefficient``, signed.
    base: int
    poignees: int
    petit_au_bout: int
    chelem: int
    #: The partner at 5 (the taker's own seat when alone), else ``None``.
    partner: int | None
    #: The sum: what each defender pays the taking side (negative: is paid).
    unit: int
    points: tuple[int, ...]


def made_by(bouts: int, half_points: int) -> tuple[bool, int]:
    """Whether the taking side made its contract with these bouts and card points (doubled),
    and by how much: the distance from the points needed, rounded for the side that scores
    (FFT: 40.5 of 41 is down by 1, 41.5 made by 1, 41 made by 0).

    >>> made_by(1, 102), made_by(2, 81), made_by(2, 83)
    ((True, 0), (False, 1), (True, 1))
    """
    difference = half_points - 2 * NEEDED[bouts]
    return difference >= 0, -(-abs(difference) // 2)


def margins() -> tuple[tuple[int, ...], ...]:
    """What the hand form says as the card points are typed ("made by 8", "down by 3"),
    answered here once for every hand: for each number of bouts, the margin of every card-point
    value a hand can have, 0 to 91 by halves (at the points doubled), signed: made by ``m`` is
    ``m`` (0 included), down by ``m`` is ``-m`` (never 0: a side that is down is down by 1 at
    least). The page ships it (``web/games/tarot``) and its script only looks the answer up.

    >>> [row[98] for row in margins()]  # 49 card points, with 0, 1, 2 and 3 bouts
    [-7, -2, 8, 13]
    """
    return tuple(
        tuple(margin if made else -margin
              for made, margin in (made_by(bouts, half) for half in range(2 * CARD_POINTS + 1)))
        for bouts in range(BOUTS + 1))


def taker_share(players: int, alone: bool) -> int:
    """How many units the taker scores: one from each defender, less the partner's one.

    >>> taker_share(3, True), taker_share(4, True), taker_share(5, False), taker_share(5, True)
    (2, 3, 2, 4)
    """
    return players - 1 if alone else players - 3


def chelem_prime(hand: TarotHand) -> int:
    """The chelem's part of the unit (FFT): the announcement and the defence's chelem both count."""
    prime = 0
    if hand.chelem is Camp.TAKER:
        prime += CHELEM_ANNOUNCED if hand.chelem_announced else CHELEM_UNANNOUNCED
    elif hand.chelem_announced:
        prime += CHELEM_FAILED
    if hand.chelem is Camp.DEFENCE:
        prime -= CHELEM_UNANNOUNCED
    return prime


def mark(settings: Settings, hand: TarotHand) -> Mark:
    """What a hand is worth to every seat (``check`` it first).

    >>> from companion.rules.tarot.game import settings_for
    >>> m = mark(settings_for(["Ana", "Ben", "Cleo", "Dev"]), TarotHand(
    ...     0, Contract.GARDE, 2, 98, petit_au_bout=Camp.TAKER,
    ...     poignees=(Poignee(0, Size.SIMPLE),)))
    >>> m.margin, m.base, m.unit, m.points
    (8, 66, 106, (318, -106, -106, -106))
    """
    n = len(settings.players)
    if hand.taker is None:
        return Mark(hand, "passed", None, 0, 0, 0, 0, 0, 0, None, 0, (0,) * n)
    assert hand.contract is not None
    needed = NEEDED[hand.bouts]
    made, margin = made_by(hand.bouts, hand.half_points)
    sign = 1 if made else -1
    coefficient = hand.contract.coefficient
    base = sign * (CONTRACT_POINTS + margin) * coefficient
    poignees = sign * sum(p.size.prime for p in hand.poignees)
    petit = {None: 0, Camp.TAKER: 1, Camp.DEFENCE: -1}[hand.petit_au_bout] \
        * PETIT_AU_BOUT * coefficient
    chelem = chelem_prime(hand)
    unit = base + poignees + petit + chelem
    partner = hand.partner if n == 5 else None
    alone = partner is None or partner == hand.taker
    points = [-unit] * n
    points[hand.taker] = taker_share(n, alone) * unit
    if not alone:
        assert partner is not None
        points[partner] = unit
    return Mark(hand, "made" if made else "failed", needed, margin, coefficient, base,
                poignees, petit, chelem, partner, unit, tuple(points))


# --- the rounds ---------------------------------------------------------------------------


def start_round(settings: Settings, number: int) -> Round:
    """Hand ``number`` awaiting its entry: the deal passes right unless the table says left."""
    n = len(settings.players)
    way = seating.passes(settings)
    dealer = seating.dealer(settings, number)
    return Round(
        number=number,
        hand_size=HAND_SIZE[n],
        dealer=dealer,
        phase=Phase.HAND,
        bidding_order=seating.bidding_order(dealer, n, way),
        points_so_far=(0,) * n,
        eldest=seating.eldest(dealer, n, way),
    )


def played_hands(rounds: tuple[Round, ...] | Any) -> int:
    """Hands played: passed hands are redealt, not played, and do not count toward ``rounds``."""
    return sum(1 for r in rounds if isinstance(r.own, Mark) and r.own.result != "passed")
