"""A table of 1,000 games: its statistics and its JSON right after a write to one of its games,
against that game's own warm ``GET /api/v1/games/<id>``, side by side in one process.

The bound: each at most 20× the game's warm GET. The table is made in a fresh SQLite
database (1,000 finished three-round Oh Hell games of five players, inserted as rows, then one
game in progress written to through the API). Each repetition writes one entry to that game
(a bid, then the round's tricks, then undo of both, round and round) and times, in turn:

* ``statistics``: ``GET /api/v1/tables/<id>/statistics`` right after the write (a new table
  version: nothing of it is cached yet);
* ``table``: ``GET /api/v1/tables/<id>`` right after it (the newest 50 games);
* ``page``: the table's page ``GET /t/<id>`` right after it (its figures, the newest 20 games,
  the chart of wins over time, the link preview);
* ``game``: the game's own ``GET /api/v1/games/<id>``, warm (asked once before timing).

Figures are medians over the repetitions, in microseconds, and their ratios to ``game``: the
wall time, and the CPU time of the request's thread (on a shared machine the wall time also
counts waiting for a core other processes hold). A cold start (a fresh process: every game
folded once) is shown for reference.

Run from the project's root: ``.venv/bin/python bench/bench_tables.py`` (``--games N``,
``--repeat N``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask_migrate import upgrade  # noqa: E402  (the path above comes first)
from sqlalchemy import insert  # noqa: E402

from companion import create_app, rules  # noqa: E402
from companion.storage.models import Game, db  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]
OPTIONS = {"max_hand": 3, "schedule": "down"}


def finished_entries(players: list[str]) -> list[dict[str, Any]]:
    """A finished three-round Oh Hell game's entries: everyone bids 0 (never hooked) and the
    first bidder takes every trick."""
    settings = rules.new_settings("oh-hell", players, 0, OPTIONS)
    state = rules.new_game(settings)
    while state.current is not None:
        round_ = state.current
        state = rules.apply(state, rules.Bids((0,) * len(players)))
        tricks = [0] * len(players)
        tricks[round_.bidding_order[0]] = round_.hand_size
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
    return [rules.entry_to_json(e) for e in state.entries]


def fill(app: Any, table_id: str, count: int) -> None:
    start = datetime(2026, 1, 1, 19, 0)
    rows = []
    for i in range(count):
        players = [NAMES[(i + k) % len(NAMES)] for k in range(5)]
        settings = rules.new_settings("oh-hell", players, 0, OPTIONS)
        moment = start + timedelta(hours=i)
        rows.append({"id": f"bench-{i:05d}", "ruleset": "oh-hell", "settings": settings.to_json(),
                     "entries": finished_entries(players), "version": 7,
                     "edit_token_hash": "0" * 64, "created_at": moment, "updated_at": moment,
                     "table_id": table_id})
    with app.app_context():
        db.session.execute(insert(Game.__table__), rows)
        db.session.commit()


#: CPU time of each timed request (this thread's), beside its wall time: on a shared machine
#: the wall time also counts the waits for a core that other processes hold.
CPU: dict[str, list[float]] = {}


def timed(client: Any, path: str, name: str = "") -> float:
    started, cpu = time.perf_counter(), time.thread_time()
    response = client.get(path)
    elapsed, cpu_used = time.perf_counter() - started, time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    if name:
        CPU.setdefault(name, []).append(cpu_used * 1e6)
    return elapsed * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=60)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    made = client.post("/api/v1/tables", json={"name": "Bench"}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    fill(app, table_id, args.games)
    auth = {"Authorization": f"Bearer {token}"}
    game = client.post("/api/v1/games", headers=auth, json={
        "ruleset": "oh-hell", "players": NAMES[:5], "options": OPTIONS,
        "table": table_id}).get_json()["game"]
    game_path = f"/api/v1/games/{game['id']}"
    stats_path = f"/api/v1/tables/{table_id}/statistics"
    table_path = f"/api/v1/tables/{table_id}"

    cold = timed(client, stats_path)  # every game folded and cached once
    timed(client, table_path)
    figures = json.loads(client.get(stats_path).data)
    assert figures["games"] == args.games + 1, figures["games"]

    def write(kind: str, body: dict[str, Any]) -> None:
        nonlocal game
        response = client.post(f"{game_path}/{kind}", headers=auth,
                               json={"version": game["version"], **body})
        assert response.status_code == 200, response.get_json()
        game = response.get_json()

    def step(i: int) -> None:
        # A bid round, its tricks, then both undone: the game goes round and round.
        match i % 4:
            case 0:
                write("bids", {"bids": [0, 0, 0, 0, 1]})
            case 1:
                write("tricks", {"tricks": [0, 1, 0, 0, 2]})
            case _:
                write("undo", {})

    page_path = f"/t/{table_id}"
    timed(client, page_path)  # the templates compiled once
    samples: dict[str, list[float]] = {"game": [], "statistics": [], "table": [], "page": []}
    for i in range(args.repeat):
        # Each figure once per write, in turn, so that the machine's load weighs on each alike.
        step(3 * i)
        samples["statistics"].append(timed(client, stats_path, "statistics"))
        timed(client, game_path)  # warm (its body was made by the write)
        samples["game"].append(timed(client, game_path, "game"))
        step(3 * i + 1)
        samples["table"].append(timed(client, table_path, "table"))
        timed(client, game_path)
        samples["game"].append(timed(client, game_path, "game"))
        step(3 * i + 2)
        samples["page"].append(timed(client, page_path, "page"))
        timed(client, game_path)
        samples["game"].append(timed(client, game_path, "game"))
    game_us = statistics.median(samples["game"])
    game_cpu = statistics.median(CPU["game"])
    print(f"table of {args.games + 1} games, {args.repeat} repetitions (medians, µs)")
    print(f"{'request':<12}{'wall µs':>10}{'× game GET':>12}{'cpu µs':>10}{'× game GET':>12}")
    for name in ("game", "statistics", "table", "page"):
        median, cpu = statistics.median(samples[name]), statistics.median(CPU[name])
        print(f"{name:<12}{median:>10.0f}{median / game_us:>12.1f}{cpu:>10.0f}"
              f"{cpu / game_cpu:>12.1f}")
    print(f"{'cold stats':<12}{cold:>10.0f}{cold / game_us:>12.1f}   (a fresh process, once)")


if __name__ == "__main__":
    main()
