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

``--base DIR`` compares this checkout with another one (``git worktree add /tmp/fold-old main``)
in the same run: each side folds, in a process of its own with its own ``companion.rules``,
score pads of 500, 2,000 and 5,000 rounds, and this side alone 50,000 (the fold before the
change takes minutes on it) (time per entry: flat when applying an entry costs the same at any
length) and cold reads of the long card games (the Oh Hell game above, the
Oh-Seven game above, the longest Seven-Up game without a bunch: three players to 10, one point
a hand, every side at 9 before the last: 28 hands). The sides take turns, ``--rounds`` times, and
the ratios after / before of the medians are printed. ``--cpu`` times the engine by the
thread's CPU time instead of the wall clock (on a shared machine).

``--api`` (with or without ``--base``) goes through the app instead (``api_side``): a score pad
of four played round by round through ``POST …/points`` (the Flask test client, a fresh SQLite
file) to 500, 1,000 and 2,000 rounds, each then read cold (``GET /api/v1/games/<id>`` with
every cache emptied), and the import of that game's export cut to 250 and to 2,000 rounds; the
thread's CPU time. Each side's flatness is printed: per entry at the longest against the
shortest (1.0 is flat), and the import's time for 8× the rounds (issue 39: at most 16×).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
import timeit
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

# ``--side DIR``: this process measures the engine of the checkout at DIR (see ``compare``).
_SIDE = sys.argv[sys.argv.index("--side") + 1] if "--side" in sys.argv else None
sys.path.insert(0, _SIDE or str(Path(__file__).resolve().parents[1]))

from companion.rules import (  # noqa: E402  (after the path of the engine measured)
    Beg,
    Bids,
    Hand,
    Points,
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


#: The clock of ``median_us``: the wall clock, or with ``--cpu`` this thread's CPU time (which
#: other processes on a shared machine move far less).
CLOCK = time.thread_time if "--cpu" in sys.argv else time.perf_counter


def median_us(call: Callable[[], object], repeat: int) -> float:
    """Median microseconds per call, each repeat timing enough calls to last ~0.1 s."""
    timer = timeit.Timer(call, timer=CLOCK)
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


def score_pad(rounds: int) -> tuple[Settings, list[Entry]]:
    """A score pad of four with no end but "we stop here": ``rounds`` rounds of points."""
    settings = new_settings("score-pad", NAMES[:4])
    entries: list[Entry] = [Points((r % 7, -(r % 5), 3, 0)) for r in range(rounds)]
    return settings, entries


def seven_up_game() -> tuple[Settings, list[Entry]]:
    """Three players (four play as two teams) to 10, the higher target, one game point a hand:
    every side reaches 9, then the first wins with its tenth: 28 hands, the longest game
    without a bunch (a bunch, a hand dealt again, scores nothing: no game is longest)."""
    settings = new_settings("seven-up", NAMES[:3], options={"target": 10})
    point: list[Entry] = [Hand(0, Beg.STAND, None, None, None, seat) for seat in range(3)]
    return settings, [point[seat] for _ in range(9) for seat in range(3)] + [point[0]]


def cases() -> dict[str, tuple[Settings, list[Entry]]]:
    oh_hell, oh_seven = oh_hell_game(), oh_seven_game()
    return {
        "score pad, 500 rounds": score_pad(500),
        "score pad, 1,000 rounds": score_pad(1_000),
        "score pad, 2,000 rounds": score_pad(2_000),
        "score pad, 5,000 rounds": score_pad(5_000),
        "score pad, 50,000 rounds": score_pad(50_000),
        "Oh Hell, 5 players, 19 rounds": (oh_hell[0], build(oh_hell[1])),
        "Oh-Seven, 9 players, 3 rebids a round": (oh_seven[0], build(oh_seven[1])),
        "Seven-Up, 3 players to 10, 28 hands": seven_up_game(),
    }


#: The quadratic fold (before the change) takes minutes on this one: measured after it alone.
LONGEST = "score pad, 50,000 rounds"
#: Oh Hell folded one entry at a time beside a fast replay (a checkout before the one fold).
FOLD_EACH = "Oh Hell by fold_each (no fast path)"


def side(repeat: int, longest: bool, api: bool = False) -> None:
    """One side of ``compare``: µs per fold of each case (with ``api``, through the app: see
    ``api_side``), as JSON on stdout."""
    import json

    if api:
        print(json.dumps(api_side(repeat)))
        return

    from importlib import import_module

    game = import_module("companion.rules.game")
    timed: dict[str, tuple[int, float]] = {}
    made = cases()
    oh_hell = made["Oh Hell, 5 players, 19 rounds"]
    # A checkout from before the one fold kept a fast replay beside ``fold_each``: its one by
    # one fold is timed too, what the one fold is now.
    fold_each = getattr(game, "fold_each", None)
    if fold_each is not None:
        timed[FOLD_EACH] = (len(oh_hell[1]), median_us(lambda: fold_each(*oh_hell), repeat))
    for label, (settings, entries) in made.items():
        if label == LONGEST and not longest:
            continue
        assert fold(settings, entries).entries == tuple(entries)
        if len(entries) > 10_000:  # one fold is long enough (seconds on the quadratic fold)
            runs = [timeit.timeit(lambda s=settings, e=entries: fold(s, e), number=1,
                                  timer=CLOCK) * 1e6
                    for _ in range(max(1, repeat // 3))]
            timed[label] = (len(entries), statistics.median(runs))
        else:
            timed[label] = (len(entries), median_us(lambda s=settings, e=entries: fold(s, e), repeat))
    print(json.dumps(timed))


#: Score pads played through the API, one round a request (``--api``).
API_ROUNDS = (500, 1_000, 2_000)
#: Imports timed: 8× the rounds may take at most 16× the time (issue 39).
IMPORT_ROUNDS = (250, 2_000)


def api_side(repeat: int) -> dict[str, tuple[int, float]]:
    """One side of ``--api``: a score pad of 4 played through the app's API (the Flask test
    client on a fresh SQLite file), each round its own ``POST …/points``, then a cold read of it
    (every cache of the app emptied), for each length of ``API_ROUNDS``; and the import of one
    game's export of each length of ``IMPORT_ROUNDS``. µs per game for each, as ``side``: the
    CPU time of this thread (the test client runs the app in it), which other processes on a
    shared machine move far less than the wall clock (load averages of 10 on 2 cores here)."""
    import tempfile
    import time

    from flask_migrate import upgrade

    from companion import create_app

    folder = Path(tempfile.mkdtemp(prefix="bench-fold-api-"))
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    caches = app.extensions["companion.storage.caches"]
    timed: dict[str, tuple[int, float]] = {}
    documents: dict[int, object] = {}
    for rounds in API_ROUNDS:
        made = client.post("/api/v1/games", json={"ruleset": "score-pad",
                                                  "players": NAMES[:4]}).get_json()
        game_id, version = made["game"]["id"], made["game"]["version"]
        token = {"Authorization": f"Bearer {made['edit_token']}"}
        started = time.thread_time()
        for r in range(rounds):
            answer = client.post(f"/api/v1/games/{game_id}/points", headers=token, json={
                "version": version, "points": [r % 7, -(r % 5), 3, 0]})
            assert answer.status_code == 200, (rounds, r, answer.get_data(as_text=True)[:200])
            version = answer.get_json()["version"]
        timed[f"API: {rounds:,} rounds posted"] = (rounds, (time.thread_time() - started) * 1e6)
        reads = []
        for _ in range(repeat):
            caches.clear()
            started = time.thread_time()
            body = client.get(f"/api/v1/games/{game_id}").get_json()
            reads.append((time.thread_time() - started) * 1e6)
            assert len(body["rounds"]) >= rounds, len(body["rounds"])
        timed[f"API: {rounds:,} rounds, cold read"] = (rounds, statistics.median(reads))
        if rounds == max(API_ROUNDS):
            documents[rounds] = client.get(f"/api/v1/games/{game_id}/export").get_json()
    longest = documents[max(API_ROUNDS)]
    for rounds in IMPORT_ROUNDS:
        document = json_copy(longest)
        document["games"][0]["entries"] = document["games"][0]["entries"][:rounds]
        runs = []
        for _ in range(repeat):
            started = time.thread_time()
            answer = client.post("/api/v1/tables/import", json=document)
            runs.append((time.thread_time() - started) * 1e6)
            assert answer.status_code == 201, answer.get_data(as_text=True)[:200]
        timed[f"import: {rounds:,} rounds"] = (rounds, statistics.median(runs))
    return timed


def json_copy(value: object) -> Any:
    import json

    return json.loads(json.dumps(value))


def compare(base: str | None, rounds: int, repeat: int, api: bool = False) -> None:
    """This checkout against ``base`` (or alone), the sides taking turns ``rounds`` times; with
    ``api``, through the app (``api_side``) rather than the engine alone."""
    import json
    import subprocess

    here = str(Path(__file__).resolve().parents[1])
    runs: dict[str, list[dict[str, list[float]]]] = {"before": [], "after": []}
    sides = (("after", here),) if base is None else (("before", base), ("after", here))
    for _ in range(rounds):
        for name, root in sides:
            longest = ["--longest"] if name == "after" else []
            out = subprocess.run([sys.executable, __file__, "--side", root, "--repeat", str(repeat),
                                  *longest, *(["--api"] if api else []),
                                  *(["--cpu"] if "--cpu" in sys.argv else [])],
                                 check=True, capture_output=True, text=True).stdout
            runs[name].append(json.loads(out))
    if base is None:
        runs["before"] = [{}]
    print(f"median of {rounds} turns each side, {repeat} repeats a turn; ratio after / before")
    print(f"{'':40} {'entries':>8} {'before µs/entry':>16} {'after µs/entry':>15} {'ratio':>6}")
    for label in runs["after"][0]:
        n = runs["after"][0][label][0]
        after = statistics.median(r[label][1] for r in runs["after"]) / n
        if label not in runs["before"][0]:
            print(f"{label:40} {n:8} {'(not run)':>16} {after:15.2f}")
            continue
        before = statistics.median(r[label][1] for r in runs["before"]) / n
        print(f"{label:40} {n:8} {before:16.2f} {after:15.2f} {after / before:6.2f}")
    for name in sides:
        flat(name[0], runs[name[0]])
    if api:
        return
    # Each side's one by one fold of the same game, where the sides have one.
    label = "Oh Hell, 5 players, 19 rounds"
    n = runs["after"][0][label][0]
    for name, side_runs in runs.items():
        if FOLD_EACH in side_runs[0]:
            each = statistics.median(r[FOLD_EACH][1] for r in side_runs) / n
            print(f"{FOLD_EACH + ', ' + name:40} {n:8} {each:16.2f}")
    if FOLD_EACH in runs["before"][0] and FOLD_EACH not in runs["after"][0]:
        each = statistics.median(r[FOLD_EACH][1] for r in runs["before"])
        one = statistics.median(r[label][1] for r in runs["after"])
        print(f"Oh Hell by the one fold after / by fold_each before: {one / each:.2f}")


def flat(name: str, side_runs: list[dict[str, list[float]]]) -> None:
    """How flat a side's time per entry is: the longest of each kind of measure against its
    shortest (1.0 is flat), and an import of 8× the rounds against the shortest (issue 39: at
    most 16×)."""
    def median(label: str) -> float:
        return statistics.median(r[label][1] for r in side_runs)

    import re

    kinds: dict[str, list[str]] = {}
    for label in side_runs[0]:  # "score pad, 500 rounds", "API: 500 rounds, cold read", …
        if re.search(r"[\d,]+ rounds", label):
            kinds.setdefault(re.sub(r"[\d,]+ rounds", "n rounds", label), []).append(label)
    for labels in kinds.values():
        if len(labels) < 2:
            continue
        short, long = labels[0], labels[-1]
        n_short, n_long = side_runs[0][short][0], side_runs[0][long][0]
        per_entry = (median(long) / n_long) / (median(short) / n_short)
        print(f"{name}: {long} / {short}: per entry {per_entry:.2f}, "
              f"time {median(long) / median(short):.1f}× for {n_long / n_short:g}× the entries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="repeats; the median is reported")
    parser.add_argument("--base", help="another checkout to compare with, in the same run")
    parser.add_argument("--rounds", type=int, default=3, help="with --base: turns of each side")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--longest", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cpu", action="store_true",
                        help="time the engine by this thread's CPU time, not the wall clock")
    parser.add_argument("--api", action="store_true",
                        help="score pads through the app's API and imports, not the engine alone")
    args = parser.parse_args()
    if args.side:
        side(args.repeat, args.longest, args.api)
        return
    if args.base or args.api:
        compare(args.base, args.rounds, args.repeat, args.api)
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
          f"median of {args.repeat} repeats")
    measure("(a) Oh Hell, 5 players, 19 rounds", *oh_hell_game(), repeat=args.repeat)
    measure("(b) Oh-Seven, 9 players, 3 forced rebids a round", *oh_seven_game(), repeat=args.repeat)


if __name__ == "__main__":
    main()
