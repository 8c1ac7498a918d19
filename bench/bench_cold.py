"""A cold read of the longest Oh Hell game, through the app: its API body and its page, every
cache of the app emptied before each read (a game's first read in a worker, or after its cache
let it go), this checkout against another.

The game is ``bench_fold.py``'s: 5 players, 19 rounds, each bid entered on its own (114
entries), stored in a fresh SQLite database. Each side runs in a process of its own with its
own ``companion`` and times, in turn, ``GET /api/v1/games/<id>`` and ``GET /g/<id>`` after
``app.extensions["companion.storage.caches"].clear()``; a warm read of each is timed too, for
scale. The sides take turns ``--rounds`` times (the machine's load weighs on both alike) and
the medians' ratios after / before are printed.

Run from the project's root, against a checkout of the commit to compare with
(``git worktree add /tmp/one-fold-base <commit>``)::

    .venv/bin/python bench/bench_cold.py --base /tmp/one-fold-base --rounds 5 --repeat 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
READS = ("api cold", "page cold", "api warm", "page warm")
#: Each read's wall time and its thread's CPU time: on a shared machine the wall time also
#: counts the waits for a core that other processes hold.
CLOCKS = ("wall", "cpu")


def side(root: str, repeat: int) -> dict[str, list[float]]:
    """One side: µs of each read, ``repeat`` times, with the engine and app of ``root``."""
    sys.path.insert(0, root)
    sys.path.insert(1, str(HERE / "bench"))
    from flask_migrate import upgrade
    from sqlalchemy import update

    from bench_fold import build, oh_hell_game
    from companion import create_app, rules
    from companion.storage.models import Game, db

    folder = Path(tempfile.mkdtemp(prefix="bench-cold-"))
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    settings, raw = oh_hell_game()
    made = client.post("/api/v1/games", json={
        "ruleset": "oh-hell", "players": list(settings.players)}).get_json()["game"]
    game_id = made["id"]
    stored = [rules.entry_to_json(entry) for entry in build(raw)]
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id)
                           .values(entries=stored, version=len(stored) + 1))
        db.session.commit()
    caches = app.extensions["companion.storage.caches"]
    paths = {"api": f"/api/v1/games/{game_id}", "page": f"/g/{game_id}"}

    samples: dict[str, list[float]] = {f"{read} {clock}": [] for read in READS for clock in CLOCKS}

    def timed(path: str, read: str) -> None:
        started, cpu = time.perf_counter(), time.thread_time()
        response = client.get(path)
        elapsed, cpu_used = time.perf_counter() - started, time.thread_time() - cpu
        assert response.status_code == 200, (path, response.status_code)
        samples[f"{read} wall"].append(elapsed * 1e6)
        samples[f"{read} cpu"].append(cpu_used * 1e6)

    body = client.get(paths["api"]).get_json()
    assert body["status"] == "finished" and len(body["rounds"]) == 19, body.get("status")
    for _ in range(repeat):
        for kind, path in paths.items():
            caches.clear()
            timed(path, f"{kind} cold")
            timed(path, f"{kind} warm")
    return samples


def compare(base: str, rounds: int, repeat: int) -> None:
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(rounds):
        for name, root in (("before", base), ("after", str(HERE))):
            out = subprocess.run([sys.executable, __file__, "--side", root, "--repeat", str(repeat)],
                                 check=True, capture_output=True, text=True).stdout
            for read, values in json.loads(out).items():
                runs[name].setdefault(read, []).extend(values)
    print(f"Oh Hell, 5 players, 19 rounds (114 entries); {rounds} turns a side, "
          f"{repeat} reads a turn; medians in µs; ratio after / before")
    print(f"{'read':<12}{'clock':<6}{'before':>10}{'after':>10}{'ratio':>8}")
    for read in READS:
        for clock in CLOCKS:
            before = statistics.median(runs["before"][f"{read} {clock}"])
            after = statistics.median(runs["after"][f"{read} {clock}"])
            print(f"{read:<12}{clock:<6}{before:>10.0f}{after:>10.0f}{after / before:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="turns of each side")
    parser.add_argument("--repeat", type=int, default=30, help="reads of each kind a turn")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(json.dumps(side(args.side, args.repeat)))
        return
    if not args.base:
        parser.error("--base DIR: the checkout to compare with")
    compare(args.base, args.rounds, args.repeat)


if __name__ == "__main__":
    main()
