"""Replaying a game's stored entries fast: Oh Hell and Elevator, bids in turn.

``fold`` applies one entry at a time through ``apply``, which checks every rule and builds a new
frozen state and round for each entry: right for an entry the table has just made, but a cold
read of the longest game (114 entries) paid 1.4 ms for it. Stored entries were checked when they
were recorded, so the common case is a clean game: this walks it with a few local values per
entry (the bids so far, their total, whose turn) and builds each frozen round once, when it is
scored.

It is held to the exact path, not trusted: every rule is still checked, and anything off the
common path (a bid out of turn, the hooked number, a bid given twice, tricks that do not add up,
a wrong shape, an entry after the end) makes it answer ``None``; ``fold`` then applies the
entries one by one and raises the exact ``RuleError``. A Hypothesis property
(``tests/rules/test_replay.py``) holds it equal to ``fold_each`` on random games, legal and not.
It asks the rules' one home each time, not a copy: ``seating`` for the dealers and bidding
orders, ``hook`` for the hooked number, the family's ``score`` (through ``Plan.points``).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from operator import add, getitem
from typing import Any, Callable, Sequence

from . import seating
from .chain import Chain
from .entries import Bids, Entry, Tricks
from .hook import forbidden_bid
from .options import Scoring, ZeroBid
from .settings import Settings
from .state import GameState, Phase, Round, Status

#: A round's points for one player, as the ``scoring`` and ``zero_bid`` options say.
Score = Callable[[Scoring, ZeroBid, int, int, int], int]


@dataclass(frozen=True)
class Plan:
    """What a game's settings fix before any entry: per round its hand size, dealer, bidding
    order and whether the hook holds; the points for each (bid, tricks) at each hand size."""

    hand_sizes: tuple[int, ...]
    dealers: tuple[int, ...]
    orders: tuple[tuple[int, ...], ...]
    hooks: tuple[bool, ...]
    #: Per round, the fields of its ``Round`` that no entry changes.
    rounds: tuple[dict[str, Any], ...]
    #: ``points[hand size][bid][tricks taken]``
    points: dict[int, tuple[tuple[int, ...], ...]]


def _defaults(cls: type) -> dict[str, Any]:
    return {f.name: f.default for f in fields(cls) if f.default is not MISSING}


_WHOLE = {int}
_ROUND = _defaults(Round)
_STATE = _defaults(GameState)


def plan(settings: Settings, hand_sizes: Sequence[int], hooked: Callable[[Settings, int], bool],
         score: Score) -> Plan:
    n = len(settings.players)
    dealers = tuple(seating.dealer(settings, number) for number in range(1, len(hand_sizes) + 1))
    scoring, zero_bid = settings.typed.scoring, settings.typed.zero_bid
    orders = tuple(seating.bidding_order(dealer, n) for dealer in dealers)
    return Plan(
        hand_sizes=tuple(hand_sizes),
        dealers=dealers,
        orders=orders,
        rounds=tuple({**_ROUND, "number": number, "hand_size": size, "dealer": dealer,
                      "bidding_order": order, "leader": order[0]}
                     for number, size, dealer, order
                     in zip(range(1, len(hand_sizes) + 1), hand_sizes, dealers, orders)),
        hooks=tuple(hooked(settings, number) for number in range(1, len(hand_sizes) + 1)),
        points={size: tuple(tuple(score(scoring, zero_bid, bid, taken, size)
                                  for taken in range(size + 1)) for bid in range(size + 1))
                for size in set(hand_sizes)},
    )


def _frozen(cls: type[Any], values: dict[str, Any]) -> Any:
    """An instance of the frozen dataclass ``cls`` from every one of its fields' values, as
    ``__init__`` would make it (the engine's dataclasses have no ``__post_init__``)."""
    made = object.__new__(cls)
    made.__dict__.update(values)
    return made


def in_turn(settings: Settings, entries: Sequence[Entry], plan: Plan) -> GameState | None:
    """The state after ``entries`` of an in-turn game, or ``None`` to let ``fold`` apply them
    one by one (an entry off the common path, legal or not)."""
    n = len(settings.players)
    scores = [0] * n
    rounds: list[Round] = []
    running: list[tuple[int, ...]] = []
    leaders: list[tuple[int, ...]] = []
    entry_rounds: list[int] = []
    following = iter(entries)
    current = None
    for number, size, dealer, order, hook in zip(range(1, len(plan.hand_sizes) + 1),
                                                 plan.hand_sizes, plan.dealers, plan.orders,
                                                 plan.hooks):
        hooked = dealer if hook else -1  # the seat the hook binds, if any
        bids: list[int | None] = [None] * n
        made = 0  # how many have bid, in bidding order
        bid_total = 0
        count = 0  # the round's entries so far
        for entry in following:
            count += 1
            if type(entry) is Bids:
                given = entry.bids
                if made == n or len(given) != n:
                    return None
                seat = order[made]
                value = given[seat]
                if type(value) is int and given.count(None) == n - 1:
                    # One bid, the one awaited: how the table enters them.
                    if not 0 <= value <= size or (
                            seat == hooked and value == forbidden_bid(size, bid_total)):
                        return None
                    bids[seat] = value
                    bid_total += value
                    made += 1
                    continue
                new = _several_bids(given, bids, order, made)
                if not new:
                    return None
                for seat in order[made:made + new]:
                    value = given[seat]
                    assert isinstance(value, int)
                    if not 0 <= value <= size or (
                            seat == hooked and value == forbidden_bid(size, bid_total)):
                        return None
                    bids[seat] = value
                    bid_total += value
                made += new
                continue
            if type(entry) is not Tricks:
                return None  # a Seven-Up hand: the exact path refuses it
            tricks = entry.tricks
            # Whole numbers, none below 0, adding up to the hand size (so none above it).
            if (made != n or len(tricks) != n or sum(tricks) != size or min(tricks) < 0
                    or set(map(type, tricks)) != _WHOLE):
                return None
            # map() over C functions: a comprehension costs a frame per round.
            points = tuple(map(getitem, map(plan.points[size].__getitem__, bids), tricks))  # type: ignore[arg-type]
            after = tuple(map(add, scores, points))
            scores = list(after)
            rounds.append(_frozen(Round, {
                **plan.rounds[number - 1], "phase": Phase.DONE, "points_so_far": points,
                "bids": tuple(bids), "tricks": tricks, "points": points,
            }))
            running.append(after)
            best = max(after)
            leaders.append((after.index(best),) if after.count(best) == 1 else
                           tuple([side for side, score in enumerate(after) if score == best]))
            break
        else:  # the entries end in this round
            entry_rounds += [number] * count
            forbidden = forbidden_bid(size, bid_total) if made == n - 1 and hook else None
            current = _frozen(Round, {
                **plan.rounds[number - 1], "phase": Phase.BIDDING if made < n else Phase.TRICKS,
                "points_so_far": (0,) * n, "next_bidder": order[made] if made < n else None,
                "forbidden_bid": forbidden, "bids": tuple(bids),
            })
            break
        entry_rounds += [number] * count
    else:
        if next(following, None) is not None:
            return None  # after the last round: the exact path refuses it
    totals = tuple(scores)
    state: GameState = _frozen(GameState, {
        **_STATE, "settings": settings, "entries": Chain(entries),
        "entry_rounds": Chain(entry_rounds), "rounds": Chain(rounds), "current": current,
        "scores": totals, "side_scores": totals,
        "status": Status.IN_PROGRESS if current is not None else Status.FINISHED,
        "winning_award": None, "total_rounds": len(plan.hand_sizes),
        "running_totals": Chain(running), "leaders_after": Chain(leaders),
    })
    return state


def _several_bids(given: Sequence[object], bids: Sequence[int | None], order: Sequence[int],
                  made: int) -> int:
    """How many new bids ``given`` makes when it is not a single awaited one: the next players
    in order, and any earlier bid only repeated as it was. 0 when it is anything else (no new
    bid, a bid out of turn, a changed bid, a value that is not a whole number)."""
    new = 0
    while made + new < len(order) and given[order[made + new]] is not None:
        new += 1
    for seat in order[made + new:]:
        if given[seat] is not None:
            return 0
    for seat in order[:made]:
        if given[seat] is not None and given[seat] != bids[seat]:
            return 0
    if any(value is not None and type(value) is not int for value in given):
        return 0
    return new
