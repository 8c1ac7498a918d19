"""A table of 1,000 games and many names, before and after, in one run: a worker's memory, the
table page's and its live part's size and time, the statistics and the CSV, and the standings
image with 1,000 players tied for the lead.

Each side runs in a fresh process of its own (``--tree DIR``: that checkout's ``companion``
first on the path), on the same two tables, inserted as rows in a fresh SQLite database (so
that a side which refuses such a table still meets one made before its bounds):

* ``many``: 1,000 finished three-round Oh Hell games of 7 players, every name new (7,000
  players, 21,000 pairs), as the table that grew a worker past a gigabyte;
* ``bounded``: 1,000 such games among 100 names (the most a table may now hold).

At each table, one game in progress is written to through the API (a bid, its tricks, undo,
undo, round and round), and after each write: the table page (``GET /t/<id>``), its live part
(``GET /t/<id>/live`` with the version before, as a watcher's poll after a write), the
statistics and the CSV. Each figure is the median of the repetitions: bytes, and the CPU time
of the request's thread (the machine is shared: wall time counts other processes' waits).
The worker's resident memory (``VmRSS``, and its peak ``VmHWM``) is read after the table's
repetitions. The image: ``render`` of a picture whose headline names 1,000 players tied, once;
and 8 requests at once for one table image not yet drawn (how many drawings they made).

Run from the project's root:
``.venv/bin/python bench/bench_scale.py --base ../before`` (``--repeat N``, ``--games N``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
OPTIONS = {"max_hand": 3, "schedule": "down"}


def _memory() -> dict[str, float]:
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) / 1024
    return found


def _entries(rules: Any, players: list[str]) -> list[dict[str, Any]]:
    """A finished three-round Oh Hell game: everyone bids 0, the first bidder takes all."""
    state = rules.new_game(rules.new_settings("oh-hell", players, 0, OPTIONS))
    while state.current is not None:
        round_ = state.current
        state = rules.apply(state, rules.Bids((0,) * len(players)))
        tricks = [0] * len(players)
        tricks[round_.bidding_order[0]] = round_.hand_size
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
    return [rules.entry_to_json(e) for e in state.entries]


def _fill(app: Any, table_id: str, games: int, names: int, tag: str) -> None:
    from sqlalchemy import insert

    from companion import rules
    from companion.storage.models import Game, db

    start = datetime(2026, 1, 1, 19, 0)
    rows = []
    for i in range(games):
        players = [f"{tag} {(i * 7 + k) % names:04d}" for k in range(7)]
        moment = start + timedelta(hours=i)
        rows.append({"id": f"{tag}-{i:05d}", "ruleset": "oh-hell",
                     "settings": rules.new_settings("oh-hell", players, 0, OPTIONS).to_json(),
                     "entries": _entries(rules, players), "version": 7,
                     "edit_token_hash": "0" * 64, "created_at": moment, "updated_at": moment,
                     "table_id": table_id})
    with app.app_context():
        db.session.execute(insert(Game.__table__), rows)
        db.session.execute(db.text("UPDATE tables SET version = version + 1 WHERE id = :id"),
                           {"id": table_id})
        db.session.commit()


def _timed(client: Any, path: str) -> tuple[float, int]:
    cpu = time.thread_time()
    response = client.get(path)
    used = time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    return used * 1000, len(response.get_data())


def _table(client: Any, app: Any, games: int, names: int, tag: str,
           repeat: int) -> dict[str, Any]:
    made = client.post("/api/v1/tables", json={"name": tag}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    _fill(app, table_id, games, names, tag)
    auth = {"Authorization": f"Bearer {token}"}
    players = [f"{tag} {k:04d}" for k in range(5)]
    game = client.post("/api/v1/games", headers=auth, json={
        "ruleset": "oh-hell", "players": players, "options": OPTIONS,
        "table": table_id}).get_json()["game"]
    path = f"/api/v1/games/{game['id']}"
    steps = [("bids", {"bids": [0, 0, 0, 0, 1]}), ("tricks", {"tricks": [0, 1, 0, 0, 2]}),
             ("undo", {}), ("undo", {})]
    figures: dict[str, list[tuple[float, int]]] = {}
    for i in range(repeat):
        version = client.get(f"/api/v1/tables/{table_id}").get_json()["version"]
        kind, body = steps[i % 4]
        answer = client.post(f"{path}/{kind}", headers=auth,
                             json={"version": game["version"], **body})
        assert answer.status_code == 200, answer.get_json()
        game = answer.get_json()
        for name, url in (("page", f"/t/{table_id}"),
                          ("live", f"/t/{table_id}/live?v={version}"),
                          ("statistics", f"/api/v1/tables/{table_id}/statistics"),
                          ("csv", f"/api/v1/tables/{table_id}/games.csv")):
            figures.setdefault(name, []).append(_timed(client, url))
    found: dict[str, Any] = {name: {"ms": statistics.median(t for t, _ in rows),
                                    "bytes": statistics.median(b for _, b in rows)}
                             for name, rows in figures.items()}
    found["memory"] = _memory()
    found["table_id"] = table_id
    return found


def _image(app: Any, client: Any, table_id: str) -> dict[str, Any]:
    from companion.web.sharing import standings_image
    from companion.web.sharing.standings_image import Picture, Row

    names = ", ".join(f"Player {n}" for n in range(999)) + " and Player 999"
    picture = Picture("Thursday", "1,000 games · 1,000 finished", "1 January 2026",
                      f"{names} share the lead with 1 win",
                      tuple(Row(1, f"Player {n}", f"Player {n}", "1 win", True, str(n + 1))
                            for n in range(10)), "Companion")
    cpu = time.process_time()
    standings_image.render(picture)
    tied = (time.process_time() - cpu) * 1000
    drawn = []
    real = standings_image.render

    def counting(picture: Any) -> bytes:
        drawn.append(1)
        return real(picture)

    standings_image.render = counting  # type: ignore[assignment]
    codes: list[int] = []

    def ask() -> None:
        codes.append(app.test_client().get(f"/t/{table_id}/standings.png?lang=en").status_code)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"tied_ms": tied, "drawings": len(drawn), "eight_s": time.perf_counter() - started,
            "codes": sorted(set(codes))}


def side(tree: Path, games: int, repeat: int, out: Path) -> None:
    sys.path.insert(0, str(tree))
    os.chdir(tree)
    from flask_migrate import upgrade

    from companion import create_app

    folder = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    result: dict[str, Any] = {"start": _memory()}
    result["bounded"] = _table(client, app, games, 100, "Bounded", repeat)
    result["many"] = _table(client, app, games, games * 7, "Many", max(4, repeat // 3))
    result["image"] = _image(app, client, result["bounded"]["table_id"])
    out.write_text(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, required=False)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=24)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tree:
        side(args.tree, args.games, args.repeat, args.out)
        return
    results = {}
    for name, tree in (("before", args.base), ("after", HERE)):
        if tree is None:
            continue
        out = Path(tempfile.mkstemp(suffix=".json")[1])
        subprocess.run([sys.executable, __file__, "--tree", str(tree.resolve()), "--out", str(out),
                        "--games", str(args.games), "--repeat", str(args.repeat)], check=True)
        results[name] = json.loads(out.read_text())
    print(json.dumps(results, indent=1))
    if "before" not in results:
        return
    before, after = results["before"], results["after"]
    print(f"\n{'table':<9}{'figure':<12}{'before':>14}{'after':>14}{'after/before':>14}")
    for table in ("many", "bounded"):
        for name in ("page", "live", "statistics", "csv"):
            for unit in ("bytes", "ms"):
                b, a = before[table][name][unit], after[table][name][unit]
                print(f"{table:<9}{name + ' ' + unit:<12}{b:>14.0f}{a:>14.0f}{a / b:>14.3f}")
        b, a = before[table]["memory"]["VmRSS"], after[table]["memory"]["VmRSS"]
        print(f"{table:<9}{'RSS MB':<12}{b:>14.0f}{a:>14.0f}{a / b:>14.3f}")
    for name in ("tied_ms", "drawings", "eight_s"):
        b, a = before["image"][name], after["image"][name]
        print(f"{'image':<9}{name:<12}{b:>14.2f}{a:>14.2f}{a / b:>14.3f}")


if __name__ == "__main__":
    main()
