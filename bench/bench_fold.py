"""How long the rules engine takes to fold a whole game's entries into its state.

Every page view and API read folds the stored entries again (state is derived, entries are
stored), so this is the engine's cost per request. Two games:

(a) the longest Oh Hell game: 5 players, 19 rounds, each bid entered on its own (114 entries);
(b) a full 9-player Oh-Seven game (two decks) with three forced rebids in every round.

Figures are the median of several repeats, in microseconds per game, beside two baselines
measured in the same run on the same entries, and the ratios to them (the house wants ratios:
they travel between machines better than absolute times):

* ``build``: constructing the entry list from plain values (what reading a game's stored JSON
  costs at the least);
* ``loop``: a trivial Python loop that touches every value of every entry.

Run from the project's root: ``.venv/bin/python bench/bench_fold.py`` (``--repeat N``).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import timeit
from collections import Counter
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules import (
    Bids,
    Card,
    Entry,
    Phase,
    Settings,
    Suit,
    Tricks,
    fold,
    new_settings,
)

Raw = tuple[str, tuple[object, ...]]

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo"]
ALL_CARDS = [Card(value, suit) for value in range(8) for suit in Suit]


def oh_hell_game() -> tuple[Settings, list[Raw]]:
    """5 players, the default schedule (10 … 1 … 10): 19 rounds, one bid per entry."""
    settings = new_settings("oh-hell", NAMES[:5])
    raw: list[Raw] = []
    state = fold(settings, [])
    while state.current is not None:
        current = state.current
        size, n = current.hand_size, len(settings.players)
        made: dict[int, int] = {}
        for seat in current.bidding_order:
            bid = (seat + current.number) % (size + 1)
            if seat == current.dealer and bid == size - sum(made.values()):
                bid = (bid + 1) % (size + 1)  # never the hooked number
            made[seat] = bid
            raw.append(("bids", tuple(bid if s == seat else None for s in range(n))))
        tricks, left = [0] * n, size
        for seat in current.bidding_order[:-1]:
            tricks[seat] = min(made[seat], left)
            left -= tricks[seat]
        tricks[current.dealer] = left
        raw.append(("tricks", tuple(tricks)))
        state = fold(settings, build(raw))
    return settings, raw


def oh_seven_game(rebids: int = 3) -> tuple[Settings, list[Raw]]:
    """9 players, two decks: in every round ``rebids`` failed bids (seats 0 and 1 share the high
    card), then accepted bids and the tricks."""
    settings = new_settings("oh-seven", NAMES[:9])
    n = len(settings.players)
    raw: list[Raw] = []
    for _round in range(7):
        copies = Counter({card: 2 for card in ALL_CARDS})  # this deal's cards not yet set aside
        weakest_first = sorted(ALL_CARDS, key=lambda c: c.strength)
        for _ in range(rebids):
            high = next(c for c in reversed(weakest_first) if copies[c] == 2)
            bid = [high, high]
            for _seat in range(2, n):
                low = next(c for c in weakest_first if copies[c] - bid.count(c) > 0 and c != high)
                bid.append(low)
            copies.subtract(bid)
            raw.append(("bids", tuple(bid)))
        high = next(c for c in reversed(weakest_first) if copies[c] > 0)
        bid = [high]
        for _seat in range(1, n):
            bid.append(next(c for c in weakest_first if copies[c] - bid.count(c) > 0 and c != high))
        if sum(c.value for c in bid) == 7:  # would force a rebid: take another low card
            bid[-1] = next(c for c in weakest_first if copies[c] - bid.count(c) > 0
                           and c.value != bid[-1].value and c != high)
        raw.append(("bids", tuple(bid)))
        tricks = [0] * n
        left = 7
        for seat, card in enumerate(bid):
            tricks[seat] = min(card.value, left)
            left -= tricks[seat]
        tricks[-1] += left
        raw.append(("tricks", tuple(tricks)))
    return settings, raw


def build(raw: Sequence[Raw]) -> list[Entry]:
    """The entries from plain values: the ``build`` baseline."""
    return [Bids(values) if kind == "bids" else Tricks(values) for kind, values in raw]  # type: ignore[arg-type]


def loop(entries: Sequence[Entry]) -> int:
    """Touch every value of every entry: the ``loop`` baseline."""
    seen = 0
    for entry in entries:
        for value in entry.bids if isinstance(entry, Bids) else entry.tricks:  # type: ignore[union-attr]
            if value is not None:
                seen += 1
    return seen


def median_us(call: Callable[[], object], repeat: int) -> float:
    """Median microseconds per call, each repeat timing enough calls to last ~0.1 s."""
    timer = timeit.Timer(call)
    number, _ = timer.autorange()
    number = max(1, number // 2)
    runs = timer.repeat(repeat=repeat, number=number)
    return statistics.median(runs) / number * 1e6


def measure(label: str, settings: Settings, raw: list[Raw], repeat: int) -> None:
    entries = build(raw)
    state = fold(settings, entries)
    assert state.finished, "the benchmark game must be complete"
    rebids = sum(len(r.attempts) for r in state.rounds)
    assert all(r.phase is Phase.DONE for r in state.rounds)
    fold_us = median_us(lambda: fold(settings, entries), repeat)
    build_us = median_us(lambda: build(raw), repeat)
    loop_us = median_us(lambda: loop(entries), repeat)
    extra = f", {rebids} forced rebids" if rebids else ""
    print(f"{label}: {len(entries)} entries, {len(state.rounds)} rounds{extra}")
    print(f"  fold   {fold_us:10.1f} µs/game  ({fold_us / len(entries):6.2f} µs/entry)")
    print(f"  build  {build_us:10.1f} µs/game  fold/build = {fold_us / build_us:6.1f}x")
    print(f"  loop   {loop_us:10.1f} µs/game  fold/loop  = {fold_us / loop_us:6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="repeats; the median is reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
          f"median of {args.repeat} repeats")
    measure("(a) Oh Hell, 5 players, 19 rounds", *oh_hell_game(), repeat=args.repeat)
    measure("(b) Oh-Seven, 9 players, 3 forced rebids a round", *oh_seven_game(), repeat=args.repeat)


if __name__ == "__main__":
    main()
