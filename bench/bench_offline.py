"""How long the engine takes to build a scorekeeper's offline answers (``rules.offline_round``),
which the game page carries on every draw, i.e. after every tap.

Rows, each cold (the engine's memos emptied first: the first page of a round, or of a game) and
warm (drawn again in the same round):

* ``oh-hell 7p``: Oh Hell, 7 players, the largest hand 7 allow (7 cards; ``max_hand`` 17 is
  refused with 7 players: 51 cards deal at most 7 each), round 1: the round's answers, and every
  round's (13 rounds, carried by the page from the start);
* ``oh-hell 3p/17``: Oh Hell, 3 players, ``max_hand`` 17 (the largest hand the engine deals),
  the same two: 33 rounds;
* ``oh-seven 9p``: Oh-Seven, 9 players (two decks), round 1: the round's answers and the cards
  revealed;
* ``pad 12p``: a score pad, 12 players, a target of 500: whether the round ends the game.

Beside them, two baselines measured in the same process and run: ``apply`` (one bid applied to
the round, the unit the answers are made of) and ``fold`` (the 7-player game folded from its
entries after two rounds, what a page draw costs at the least); figures are medians in µs and
ratios to the baselines (they travel between machines better than times).

``.venv/bin/python bench/bench_offline.py [--repeat N] [--base DIR]``: ``--base`` measures the
checkout at DIR (``git worktree add /tmp/offline-old <commit>``) too, each side in a process of
its own with its own ``companion.rules``, and prints after / before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

_SIDE = sys.argv[sys.argv.index("--side") + 1] if "--side" in sys.argv else None
sys.path.insert(0, _SIDE or str(Path(__file__).resolve().parents[1]))

from companion.rules import (  # noqa: E402  (after the path of the engine measured)
    Bids,
    Tricks,
    apply,
    every_round,
    fold,
    new_game,
    new_settings,
    offline_answers,
    pad_end,
    reveal_answers,
)
from companion.rules import offline_round  # noqa: E402
from companion.rules.memo import LRU  # noqa: E402

NAMES = [f"P{seat}" for seat in range(12)]


def forget() -> None:
    """Empty every memo of the offline answers (none before they were judged by apply)."""
    for value in vars(offline_round).values():
        if isinstance(value, LRU):
            value.clear()


def median_us(call: Callable[[], object], repeat: int, cold: bool) -> float:
    times = []
    for _ in range(repeat):
        if cold:
            forget()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def measure(repeat: int) -> dict[str, float]:
    hell7 = new_settings("oh-hell", NAMES[:7])
    hell3 = new_settings("oh-hell", NAMES[:3], options={"max_hand": 17})
    seven = new_settings("oh-seven", NAMES[:9])
    pad = new_settings("score-pad", NAMES[:12], options={"target": 500})
    rows: dict[str, Callable[[], object]] = {}
    for label, settings in (("oh-hell 7p", hell7), ("oh-hell 3p/17", hell3)):
        state = new_game(settings)
        rows[f"{label}: round"] = lambda state=state: offline_answers(state)
        rows[f"{label}: every round"] = lambda settings=settings: every_round(settings)
    seven_state = new_game(seven)
    rows["oh-seven 9p: round"] = lambda: offline_answers(seven_state)
    rows["oh-seven 9p: cards revealed"] = lambda: reveal_answers(seven_state)
    pad_state = new_game(pad)
    rows["pad 12p: its end"] = lambda: pad_end(pad_state)
    figures: dict[str, float] = {}
    start7 = new_game(hell7)
    first = start7.current
    assert first is not None
    bid = Bids(tuple(0 if seat == first.bidding_order[0] else None for seat in range(7)))
    figures["baseline: apply"] = median_us(lambda: apply(start7, bid), repeat * 20, cold=False)
    played = [Bids((0,) * 7), Tricks((7, 0, 0, 0, 0, 0, 0)), Bids((0,) * 7),
              Tricks((6, 0, 0, 0, 0, 0, 0))]
    figures["baseline: fold"] = median_us(lambda: fold(hell7, played), repeat * 20, cold=False)
    for label, call in rows.items():
        figures[f"{label}, cold"] = median_us(call, repeat, cold=True)
        figures[f"{label}, warm"] = median_us(call, repeat * 5, cold=False)
    return figures


def side(directory: str, repeat: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--side", directory, "--repeat", str(repeat),
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def show(figures: dict[str, float], before: dict[str, float] | None) -> None:
    apply_us, fold_us = figures["baseline: apply"], figures["baseline: fold"]
    print(f"{'row':40} {'µs':>10} {'/apply':>8} {'/fold':>7}" + (
        f" {'before µs':>10} {'/apply':>8} {'after/before':>13}" if before else ""))
    for label, us in figures.items():
        line = f"{label:40} {us:10,.0f} {us / apply_us:8.1f} {us / fold_us:7.2f}"
        if before and label in before:
            was = before[label]
            line += f" {was:10,.0f} {was / before['baseline: apply']:8.1f} {us / was:13.2f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--base", help="another checkout, measured in the same run")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.repeat)))
        return
    if not args.base:
        show(measure(args.repeat), None)
        return
    here = str(Path(__file__).resolve().parents[1])
    # The sides take turns, twice, and each row keeps its better median (less of the noise).
    runs = [(side(here, args.repeat), side(args.base, args.repeat)) for _ in range(2)]
    after = {k: min(run[0][k] for run in runs) for k in runs[0][0]}
    before = {k: min(run[1][k] for run in runs) for k in runs[0][1]}
    show(after, before)


if __name__ == "__main__":
    main()
