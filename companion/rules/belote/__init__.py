"""Belote and Coinche (docs/rules.md section 11): four players in two partnerships, 162 card
points in every hand, belote-rebelote, announcements, capot, and Belote's litige held for the
next hand won. Coinche is Belote with a contract: the same hand, scored against the bid.

The game's own files: the rules of a hand here (its entry, its checks, its scoring); ``game``
declares the two rulesets and their family (registered in ``rules/games.py``); ``sheet`` writes
the API's statistics and score sheet.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, assert_never

from ..entries import OwnEntry, ShapeError, whole
from ..errors import RuleError, shown
from ..memo import WeighsOnce
from ..options import values
from ..ruleset import IntRange, Option
from ..settings import Settings

#: The family's id (``GameFamily.id``): Belote and Coinche share it.
FAMILY_ID = "belote"
PLAYERS = 4
#: Card points in every hand, the last trick's ten (dix de der) included.
HAND_POINTS = 162
#: Nobody can hold 1 or 161: no card is worth 1.
IMPOSSIBLE_POINTS = (1, HAND_POINTS - 1)
BELOTE_POINTS = 20
#: What each announcement scores (docs/rules.md section 11, "announcements").
ANNOUNCEMENTS: Mapping[str, int] = {
    "tierce": 20, "cinquante": 50, "cent": 100,
    "carre-jacks": 200, "carre-nines": 150, "carre-aces": 100, "carre-tens": 100,
    "carre-kings": 100, "carre-queens": 100,
}
#: Eight cards hold at most two announcements.
MOST_PER_SEAT = 2
SUITS = ("spades", "hearts", "diamonds", "clubs")
#: Coinche's trump may also be none, or all.
NO_TRUMP, ALL_TRUMP = "no-trump", "all-trump"
COINCHE_TRUMPS = (*SUITS, NO_TRUMP, ALL_TRUMP)
#: Coinche's contracts: 80 to 160 by tens, capot, générale (its value is 500).
CONTRACTS = tuple(range(80, 161, 10))
CAPOT_CONTRACT, GENERALE = "capot", "generale"
CAPOT_CONTRACT_VALUE, GENERALE_VALUE = 250, 500


class Result(enum.Enum):
    MADE = "made"
    DEDANS = "dedans"  # Belote: the takers fell short
    FAILED = "failed"  # Coinche: the contract fell
    LITIGE = "litige"  # Belote: equal totals, the takers' points held
    PASSED = "passed"  # nobody took


class Litige(enum.Enum):
    HELD = "held"
    DEDANS = "dedans"


class Rounding(enum.Enum):
    NONE = "none"
    TENS = "tens"


class CoincheScoring(enum.Enum):
    MADE_PLUS_CONTRACT = "made-plus-contract"
    CONTRACT_ONLY = "contract-only"


class Coinche(enum.Enum):
    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"

    @property
    def multiplier(self) -> int:
        return {"none": 1, "coinche": 2, "surcoinche": 4}[self.value]


class RedealBy(enum.Enum):
    NEXT = "next"  # a hand nobody took: the next dealer deals
    SAME = "same"  # the same dealer deals again


TARGET_RANGE = IntRange(100, 10_000)
CAPOT_VALUES = (250, 252)
REDEAL_BY = Option(RedealBy.NEXT.value, values(RedealBy))


@dataclass(frozen=True)
class BeloteOptions:
    """A game's options as its rules read them."""

    target: int
    announcements: bool
    capot: int
    litige: Litige
    rounding: Rounding
    redeal_by: RedealBy
    #: Coinche only (``None`` in Belote): how a contract scores, and whether the belote counts
    #: toward it.
    scoring: CoincheScoring | None = None
    belote_for_contract: bool = True

    @property
    def coinche(self) -> bool:
        return self.scoring is not None


def options_of(settings: Settings) -> BeloteOptions:
    o = settings.options
    scoring = o.get("scoring")
    return BeloteOptions(
        target=int(o["target"] or 0),
        announcements=o["announcements"] is True,
        capot=int(o["capot"] or 0),
        litige=Litige(o.get("litige", Litige.DEDANS.value)),  # Coinche has none: a tie fails
        rounding=Rounding(o["rounding"]),
        redeal_by=RedealBy(o["redeal_by"]),
        scoring=CoincheScoring(scoring) if isinstance(scoring, str) else None,
        belote_for_contract=o.get("belote_for_contract", True) is True,
    )


@dataclass(frozen=True)
class Announcement:
    seat: int
    kind: str

    @property
    def points(self) -> int:
        return ANNOUNCEMENTS[self.kind]


@dataclass(frozen=True)
class BeloteHand(OwnEntry):
    """One hand as the table says it (docs/api.md, "Belote"): the taker (``None``: nobody
    took), the takers' card points (``None`` only with a capot), who announced belote, the
    scoring announcements, the team that took every trick. Coinche adds its contract, coinche
    level and générale; ``contract`` is ``None`` in Belote."""

    taker: int | None
    points: int | None = None
    belote: int | None = None
    announcements: tuple[Announcement, ...] = ()
    capot: int | None = None
    trump: str | None = None
    contract: int | str | None = None
    coinche: Coinche = Coinche.NONE
    generale: bool = False
    #: Whether the game is Coinche (its stored form carries the contract's fields).
    coinche_game: bool = False

    @property
    def kind(self) -> str:
        return "hand"

    def to_json(self) -> dict[str, Any]:
        stored: dict[str, Any] = {
            "kind": "hand", "taker": self.taker, "points": self.points, "belote": self.belote,
            "announcements": [{"seat": a.seat, "kind": a.kind} for a in self.announcements],
            "capot": self.capot, "trump": self.trump}
        if self.coinche_game:
            stored.update(contract=self.contract, coinche=self.coinche.value,
                          generale=self.generale)
        return stored


#: A hand's fields and their values when left out (docs/api.md: "a phone sends only what
#: happened").
HAND_DEFAULTS: Mapping[str, Any] = {
    "points": None, "belote": None, "announcements": [], "capot": None, "trump": None}
COINCHE_DEFAULTS: Mapping[str, Any] = {"coinche": "none", "generale": False}


def _optional_int(value: object, field: str) -> int | None:
    return None if value is None else whole(value, field)


def _choice(value: object, field: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ShapeError(field, f"{field} must be one of {', '.join(choices)}, not {shown(value)}")
    return value


def parse_hand(settings: Settings, body: Mapping[str, Any]) -> BeloteHand:
    """A hand from the API's body or its stored form (a wrong shape: ``ShapeError``, 400)."""
    coinche = options_of(settings).coinche
    given = {k: v for k, v in body.items() if k not in ("kind", "version")}
    known = {"taker", *HAND_DEFAULTS, *(("contract", *COINCHE_DEFAULTS) if coinche else ())}
    for name in sorted(set(given) - known):
        raise ShapeError(name, f"unknown field {name!r}")
    if "taker" not in given:
        raise ShapeError("taker", "taker is missing: a seat, or null when nobody took")
    if coinche and "contract" not in given:
        raise ShapeError("contract", "contract is missing: 80–160, capot or generale")
    raw_announcements = given.get("announcements", [])
    if raw_announcements is None:
        raw_announcements = []
    if not isinstance(raw_announcements, list):
        raise ShapeError("announcements", "announcements must be a list of {seat, kind}")
    announcements = []
    for i, item in enumerate(raw_announcements):
        field = f"announcements[{i}]"
        if not isinstance(item, Mapping) or set(item) != {"seat", "kind"}:
            raise ShapeError(field, f"{field} must be {{seat, kind}}")
        announcements.append(Announcement(whole(item["seat"], f"{field}.seat"),
                                          _choice(item["kind"], f"{field}.kind",
                                                  tuple(ANNOUNCEMENTS))))
    trump = given.get("trump")
    if trump is not None:
        trump = _choice(trump, "trump", COINCHE_TRUMPS if coinche else SUITS)
    contract: int | str | None = None
    level, generale = Coinche.NONE, False
    if coinche:
        contract = given["contract"]
        if contract is not None and not isinstance(contract, str):
            contract = whole(contract, "contract")
        if isinstance(contract, str) and contract not in (CAPOT_CONTRACT, GENERALE):
            raise ShapeError("contract", f"contract must be 80–160, capot or generale, not "
                                         f"{shown(contract)}")
        level = Coinche(_choice(given.get("coinche", "none") or "none", "coinche",
                                values(Coinche)))
        generale = given.get("generale", False)
        if generale is None:
            generale = False
        if not isinstance(generale, bool):
            raise ShapeError("generale", "generale must be true or false")
    return BeloteHand(
        taker=_optional_int(given.get("taker"), "taker"),
        points=_optional_int(given.get("points"), "points"),
        belote=_optional_int(given.get("belote"), "belote"),
        announcements=tuple(announcements),
        capot=_optional_int(given.get("capot"), "capot"),
        trump=trump, contract=contract, coinche=level, generale=generale,
        coinche_game=coinche)


# --- the checks: every refusal of docs/rules.md section 11 ------------------------------------


def _hand_error(message: str, reason: str, field: str, **params: Any) -> RuleError:
    return RuleError("hand", message, reason=reason, field=field, **params)


def _check_seat(value: int | None, field: str, last: int = PLAYERS - 1) -> None:
    if value is not None and not 0 <= value <= last:
        raise RuleError("seat", f"{field}: {value} is not a {'team' if last == 1 else 'seat'} "
                                f"in this game (0–{last})",
                        reason="seat", field=field, value=value, last=last)


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def check_hand(options: BeloteOptions, hand: BeloteHand) -> None:
    """Refuse a hand that cannot be (``RuleError``), in the order a table would catch it."""
    _check_seat(hand.taker, "taker")
    if hand.taker is None:
        for name, given in (("points", hand.points is not None),
                            ("belote", hand.belote is not None),
                            ("announcements", bool(hand.announcements)),
                            ("capot", hand.capot is not None),
                            ("contract", hand.contract is not None),
                            ("coinche", hand.coinche is not Coinche.NONE),
                            ("generale", hand.generale)):
            if given:
                raise _hand_error(f"nobody took, so there is no {name} to enter",
                                  "passed-with-field", name, name=name)
        return
    _check_seat(hand.belote, "belote")
    _check_seat(hand.capot, "capot", last=1)
    for i, announcement in enumerate(hand.announcements):
        _check_seat(announcement.seat, f"announcements[{i}].seat")
    if options.coinche:
        _check_contract(hand)
    _check_points(hand)
    _check_announcements(options, hand)
    if hand.belote is not None and hand.trump == NO_TRUMP:
        raise _hand_error("there is no belote without trumps", "belote-no-trump", "belote")
    if options.coinche and hand.generale and (
            hand.contract != GENERALE or hand.capot != team_of(hand.taker)):
        raise _hand_error("a générale is the taker taking every trick of a générale bid",
                          "generale-without-capot", "generale")


def _check_contract(hand: BeloteHand) -> None:
    contract = hand.contract
    if contract in (CAPOT_CONTRACT, GENERALE) or contract in CONTRACTS:
        return
    raise RuleError("bid-range", f"the contract {shown(contract)} is not one of 80–160 by tens, "
                                 "capot or generale",
                    reason="contract", field="contract", value=contract)


def _check_points(hand: BeloteHand) -> None:
    assert hand.taker is not None
    points = hand.points
    if points is not None and (not 0 <= points <= HAND_POINTS or points in IMPOSSIBLE_POINTS):
        reason = "points-one" if points in IMPOSSIBLE_POINTS else "points-range"
        raise RuleError("points-range", f"card points are 0–{HAND_POINTS}, never 1 or 161: "
                                        f"not {points}",
                        reason=reason, field="points", value=points, other=HAND_POINTS - points)
    if hand.capot is None:
        if points is None:
            raise _hand_error("how many card points did the takers make?", "points-missing",
                              "points")
        return
    expected = HAND_POINTS if hand.capot == team_of(hand.taker) else 0
    if points is not None and points != expected:
        raise _hand_error(f"with a capot the takers hold {expected}, not {points}",
                          "capot-points", "points", value=points, expected=expected)


def _check_announcements(options: BeloteOptions, hand: BeloteHand) -> None:
    made = hand.announcements
    if not made:
        return
    if not options.announcements:
        raise _hand_error("this game plays without announcements", "announcements-off",
                          "announcements")
    if len({team_of(a.seat) for a in made}) > 1:
        raise _hand_error("only the team with the best announcement scores: enter only theirs",
                          "announcements-both-teams", "announcements")
    carres = [a.kind for a in made if a.kind.startswith("carre-")]
    if len(carres) != len(set(carres)):
        raise _hand_error("there is only one carré of each rank", "carre-twice",
                          "announcements")
    for seat in {a.seat for a in made}:
        if sum(1 for a in made if a.seat == seat) > MOST_PER_SEAT:
            raise _hand_error(f"eight cards hold at most {MOST_PER_SEAT} announcements",
                              "announcements-per-seat", "announcements", seat=seat)


# --- the scoring ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scored(WeighsOnce):
    """What a hand did (``Round.own``): its result, each team's hand total as compared, each
    team's score for the hand (rounded where the game rounds), and the litige pot: held after
    the hand, since which round, and given in it."""

    hand: BeloteHand
    result: Result
    #: Per team: card points + announcements + belote, as compared (Coinche: the takers'
    #: belote only with ``belote_for_contract``).
    hand_totals: tuple[int, int]
    #: Per team: the card points counted (the capot value for a capot).
    card_points: tuple[int, int]
    #: Per team: what it scores for the hand, before rounding, then after.
    exact: tuple[int, int]
    scores: tuple[int, int]
    #: The pot after the hand (0 when none), the round whose litige started it, and what it
    #: gave in this hand: ``(team, points)`` or ``None``.
    held: int = 0
    held_since: int | None = None
    released: tuple[int, int] | None = None
    #: Coinche: the contract's value (capot 250, générale 500) and the coinche level's factor.
    contract_value: int | None = None
    multiplier: int = 1

    @property
    def taker_team(self) -> int | None:
        return None if self.hand.taker is None else team_of(self.hand.taker)


def rounded(points: int, rounding: Rounding) -> int:
    """To the nearest ten, a 5 rounding up (85 → 90, 162 → 160, 252 → 250); or as it is.

    >>> rounded(85, Rounding.TENS), rounded(77, Rounding.TENS), rounded(252, Rounding.TENS)
    (90, 80, 250)
    """
    match rounding:
        case Rounding.NONE:
            return points
        case Rounding.TENS:
            return (points + 5) // 10 * 10
        case unknown:
            assert_never(unknown)


def contract_value(contract: int | str | None) -> int:
    if contract == CAPOT_CONTRACT:
        return CAPOT_CONTRACT_VALUE
    if contract == GENERALE:
        return GENERALE_VALUE
    assert isinstance(contract, int)
    return contract


def score_hand(options: BeloteOptions, hand: BeloteHand, number: int, pot: int,
               pot_since: int | None) -> Scored:
    """A hand's scores (after ``check_hand``), given the pot a litige left waiting."""
    if hand.taker is None:
        return Scored(hand, Result.PASSED, (0, 0), (0, 0), (0, 0), (0, 0), pot, pot_since)
    takers = team_of(hand.taker)
    defence = 1 - takers
    cards = [0, 0]
    if hand.capot is not None:
        cards[hand.capot] = options.capot
    else:
        assert hand.points is not None
        cards[takers], cards[defence] = hand.points, HAND_POINTS - hand.points
    announced = [sum(a.points for a in hand.announcements if team_of(a.seat) == team)
                 for team in (0, 1)]
    belotes = [BELOTE_POINTS if hand.belote is not None and team_of(hand.belote) == team else 0
               for team in (0, 1)]
    totals = [cards[t] + announced[t] + belotes[t] for t in (0, 1)]
    every_announcement = sum(announced)
    if options.coinche:
        return _score_contract(options, hand, number, takers, cards, announced, belotes, totals,
                               every_announcement)
    capot_by_defence = hand.capot == defence
    if capot_by_defence or totals[takers] < totals[defence]:
        result = Result.DEDANS
    elif totals[takers] > totals[defence]:
        result = Result.MADE
    else:
        match options.litige:
            case Litige.HELD:
                result = Result.LITIGE
            case Litige.DEDANS:
                result = Result.DEDANS
            case unknown:
                assert_never(unknown)
    exact = [0, 0]
    released: tuple[int, int] | None = None
    held, since = pot, pot_since
    match result:
        case Result.MADE:
            exact = list(totals)
            winner: int | None = takers
        case Result.DEDANS:
            exact[takers] = belotes[takers]
            exact[defence] = cards[defence] if capot_by_defence else HAND_POINTS
            exact[defence] += every_announcement + belotes[defence]
            winner = defence
        case Result.LITIGE:
            exact[defence] = totals[defence]
            exact[takers] = belotes[takers]
            held = pot + cards[takers] + announced[takers]
            since = pot_since if pot_since is not None else number
            winner = None
        case Result.FAILED | Result.PASSED:
            raise AssertionError("Belote has no failed or passed hand here")
        case never:
            assert_never(never)
    if winner is not None and pot:
        exact[winner] += pot
        released, held, since = (winner, pot), 0, None
    return Scored(hand, result, (totals[0], totals[1]), (cards[0], cards[1]),
                  (exact[0], exact[1]), _rounded(exact, options.rounding), held, since, released)


def _rounded(exact: list[int], rounding: Rounding) -> tuple[int, int]:
    return rounded(exact[0], rounding), rounded(exact[1], rounding)


def _score_contract(options: BeloteOptions, hand: BeloteHand, number: int, takers: int,
                    cards: list[int], announced: list[int], belotes: list[int],
                    totals: list[int], every_announcement: int) -> Scored:
    """Coinche: the contract made or failed, scored by the game's scale and coinche level."""
    defence = 1 - takers
    value = contract_value(hand.contract)
    compared = list(totals)
    if not options.belote_for_contract:
        compared[takers] -= belotes[takers]
    if hand.contract == GENERALE:
        made = hand.generale
    elif hand.contract == CAPOT_CONTRACT:
        made = hand.capot == takers
    else:
        made = (hand.capot != defence and compared[takers] >= value
                and compared[takers] > compared[defence])
    winner = takers if made else defence
    loser = 1 - winner
    k = hand.coinche.multiplier
    exact = [0, 0]
    match options.scoring:
        case CoincheScoring.CONTRACT_ONLY:
            exact[winner] = value * k + belotes[winner]
            exact[loser] = belotes[loser]
        case CoincheScoring.MADE_PLUS_CONTRACT:
            if k > 1:
                all_tricks = hand.capot == winner
                exact[winner] = (k * ((options.capot if all_tricks else HAND_POINTS) + value
                                      + every_announcement) + belotes[winner])
                exact[loser] = belotes[loser]
            elif made:
                exact[takers] = value + totals[takers]
                exact[defence] = totals[defence]
            else:
                exact[takers] = belotes[takers]
                exact[defence] = ((cards[defence] if hand.capot == defence else HAND_POINTS)
                                  + value + every_announcement + belotes[defence])
        case None:
            raise AssertionError("a Coinche game has its scoring")
        case unknown:
            assert_never(unknown)
    return Scored(hand, Result.MADE if made else Result.FAILED,
                  (compared[0], compared[1]), (cards[0], cards[1]), (exact[0], exact[1]),
                  _rounded(exact, options.rounding), contract_value=value, multiplier=k)
