"""Every read of the largest legal objects, cold: its time and how much it grows a worker.

The objects (docs/api.md, "Bounds"), built as rows in a fresh SQLite database (the engine makes
one game's entries, which every copy shares, and its summary where the checkout keeps one, as
every write at a table does; no write path, no import):

* ``pad``: a score pad of 2,000 rounds (the most entries a game holds), six players;
* ``games``: a table of 10,000 finished three-round Oh Hell games, five players of 20 names;
* ``renames``: a table of 10,000 such games of seven players among 100 names (the most a table
  holds), with 100 renames (the most it keeps), each name renamed once.

Each read runs in a process of its own, a new app on that database (cold: nothing cached, as a
worker's first read of the object), after one small request (the home page: the app's imports,
templates and database connection are warm, not the object). It prints the read's wall and
thread-CPU milliseconds, its bytes, the worker's resident memory growth (peak ``VmHWM`` after
the read less ``VmRSS`` before it) and, for scale, a second (warm) read's milliseconds.

The reads: the game's share page and the scorekeeper's page (``/g/<id>``), its JSON, statistics
and standings image; each table's share page and the scorekeeper's, its JSON, statistics and
standings image. (The CSV and the exports are streamed elsewhere; the charts are in the pages.)

Run from the project's root; ``--base DIR`` measures another checkout too (its ``companion``
first on the path, its own database), side by side::

    git worktree add /tmp/reads-base main
    .venv/bin/python bench/bench_big_reads.py --base /tmp/reads-base
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
OPTIONS = {"max_hand": 3, "schedule": "down"}
ROUNDS = 2000
GAMES = 10_000
#: Each read: (object, name, path pattern, as the scorekeeper).
READS = (
    ("pad", "share page", "/g/{id}", False),
    ("pad", "keeper page", "/g/{id}", True),
    ("pad", "json", "/api/v1/games/{id}", False),
    ("pad", "statistics", "/api/v1/games/{id}/statistics", False),
    ("pad", "image", "/g/{id}/standings.png", False),
    ("games", "share page", "/t/{id}", False),
    ("games", "keeper page", "/t/{id}", True),
    ("games", "json", "/api/v1/tables/{id}", False),
    ("games", "statistics", "/api/v1/tables/{id}/statistics", False),
    ("games", "image", "/t/{id}/standings.png", False),
    ("renames", "share page", "/t/{id}", False),
    ("renames", "keeper page", "/t/{id}", True),
    ("renames", "json", "/api/v1/tables/{id}", False),
    ("renames", "statistics", "/api/v1/tables/{id}/statistics", False),
    ("renames", "image", "/t/{id}/standings.png", False),
)


def _memory() -> dict[str, float]:
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) / 1024
    return found


def _app(tree: Path, database: Path) -> Any:
    sys.path.insert(0, str(tree))
    os.chdir(tree)
    from companion import create_app

    app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    try:  # as wsgi.py starts a server (a base checkout from before it may not have it)
        from companion.app import compile_templates
    except ImportError:
        return app
    compile_templates(app)
    return app


def _oh_hell_game(rules: Any, players: int) -> Any:
    """A finished three-round Oh Hell game: everyone bids 0, the first bidder takes all."""
    names = [f"P{k}" for k in range(players)]
    state = rules.new_game(rules.new_settings("oh-hell", names, 0, OPTIONS))
    while state.current is not None:
        round_ = state.current
        state = rules.apply(state, rules.Bids((0,) * players))
        tricks = [0] * players
        tricks[round_.bidding_order[0]] = round_.hand_size
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
    return state


def _fill(app: Any, table_id: str, tag: str, seats: int, names: int) -> None:
    from sqlalchemy import insert

    from companion import rules
    from companion.storage.models import Game, db

    state = _oh_hell_game(rules, seats)
    entries = [rules.entry_to_json(e) for e in state.entries]
    # A checkout that keeps each game's summary in its row (as every write at a table writes
    # it): the same game's, with each game's names.
    summary = rules.table_games.summary(state) if hasattr(Game, "summary") else None
    start = datetime(2020, 1, 1, 19, 0)
    rows = []
    for i in range(GAMES):
        players = [f"{tag} {(i * seats + k) % names:03d}" for k in range(seats)]
        moment = start + timedelta(hours=i)
        rows.append({"id": f"{tag}-{i:05d}", "ruleset": "oh-hell",
                     "settings": rules.new_settings("oh-hell", players, 0, OPTIONS).to_json(),
                     "entries": entries, "version": len(entries) + 2,
                     "edit_token_hash": "0" * 64, "created_at": moment, "updated_at": moment,
                     "table_id": table_id}
                    | ({} if summary is None else {"summary": {**summary, "names": players}}))
    with app.app_context():
        for at in range(0, len(rows), 1000):
            db.session.execute(insert(Game.__table__), rows[at:at + 1000])
        db.session.execute(db.text("UPDATE tables SET version = version + 1 WHERE id = :id"),
                           {"id": table_id})
        db.session.commit()


def build(tree: Path, database: Path) -> dict[str, Any]:
    """The three objects in a fresh database: their ids and edit tokens."""
    app = _app(tree, database)
    from flask_migrate import upgrade
    from sqlalchemy import update

    from companion.storage.models import Game, db

    with app.app_context():
        upgrade()
    client = app.test_client()
    made: dict[str, Any] = {}
    pad = client.post("/api/v1/games", json={
        "ruleset": "score-pad", "players": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]})
    assert pad.status_code == 201, pad.get_json()
    body = pad.get_json()
    entries = [{"kind": "points", "points": [r % 7, -(r % 5), 3, 0, r % 11, -2]}
               for r in range(ROUNDS)]
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == body["game"]["id"])
                           .values(entries=entries, version=ROUNDS + 1))
        db.session.commit()
    made["pad"] = {"id": body["game"]["id"], "token": body["edit_token"]}
    for tag, seats, names in (("games", 5, 20), ("renames", 7, 100)):
        table = client.post("/api/v1/tables", json={"name": tag.title()}).get_json()
        table_id, token = table["table"]["id"], table["edit_token"]
        _fill(app, table_id, tag.title(), seats, names)
        made[tag] = {"id": table_id, "token": token}
        if tag == "renames":  # each of the 100 names renamed once: 100 renames
            pairs = [[f"Renames {n:03d}", f"Player {n:03d}"] for n in range(names)]
            with app.app_context():
                db.session.execute(db.text(
                    "UPDATE tables SET renames = :pairs, version = version + 1 WHERE id = :id"),
                    {"pairs": json.dumps(pairs), "id": table_id})
                db.session.commit()
    return made


def read(tree: Path, database: Path, made: dict[str, Any], index: int) -> dict[str, Any]:
    """One read, cold, in this fresh process; then once more, warm."""
    kind, _name, pattern, keeper = READS[index]
    app = _app(tree, database)
    client = app.test_client()
    thing = made[kind]
    assert client.get("/").status_code == 200
    if keeper:
        prefix = "/g" if kind == "pad" else "/t"
        granted = client.get(f"{prefix}/{thing['id']}/keep/{thing['token']}")
        assert granted.status_code in (302, 303), granted.status_code
    path = pattern.format(id=thing["id"])
    before = _memory()["VmRSS"]
    started, cpu = time.perf_counter(), time.thread_time()
    response = client.get(path)
    body = response.get_data()
    wall, used = time.perf_counter() - started, time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    grown = _memory()["VmHWM"] - before
    started = time.perf_counter()
    again = client.get(path)
    again.get_data()
    warm = time.perf_counter() - started
    return {"wall_ms": wall * 1000, "cpu_ms": used * 1000, "bytes": len(body),
            "grown_mb": grown, "warm_ms": warm * 1000}


def _run(*args: str, timeout: float) -> dict[str, Any] | None:
    out = Path(tempfile.mkstemp(suffix=".json")[1])
    try:
        subprocess.run([sys.executable, __file__, *args, "--out", str(out)], check=True,
                       timeout=timeout)
    except (subprocess.TimeoutExpired, subprocess.CalledProcessError) as error:
        print(f"  {args[-1]}: {type(error).__name__}", file=sys.stderr)
        return None
    return json.loads(out.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, help="another checkout to measure too")
    parser.add_argument("--only", help="the reads whose object or name holds this word")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a read may take")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--made", help=argparse.SUPPRESS)
    parser.add_argument("--read", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tree:
        if args.read is None:
            result = build(args.tree, args.database)
        else:
            result = read(args.tree, args.database, json.loads(args.made), args.read)
        args.out.write_text(json.dumps(result))
        return
    sides = {"before": args.base, "after": HERE} if args.base else {"after": HERE}
    folder = Path(tempfile.mkdtemp(prefix="bench-big-reads-"))
    made = {}
    for side, tree in sides.items():
        database = folder / f"{side}.sqlite"
        started = time.perf_counter()
        made[side] = _run("--tree", str(tree.resolve()), "--database", str(database),
                          timeout=3600)
        print(f"{side}: built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    results: dict[str, dict[int, dict[str, Any] | None]] = {side: {} for side in sides}
    for index, (kind, name, _path, _keeper) in enumerate(READS):
        if args.only and args.only not in f"{kind} {name}":
            continue
        for side, tree in sides.items():  # side by side: the machine's load weighs on both
            results[side][index] = _run(
                "--tree", str(tree.resolve()), "--database", str(folder / f"{side}.sqlite"),
                "--made", json.dumps(made[side]), "--read", str(index), timeout=args.timeout)
        print(_row(kind, name, {side: results[side][index] for side in sides}), flush=True)


def _row(kind: str, name: str, found: dict[str, dict[str, Any] | None]) -> str:
    def one(result: dict[str, Any] | None) -> str:
        if result is None:
            return f"{'(failed or over the timeout)':>44}"
        return (f"{result['wall_ms']:>9.0f}{result['cpu_ms']:>9.0f}{result['bytes']:>11,}"
                f"{result['grown_mb']:>8.1f}{result['warm_ms']:>7.0f}")
    row = f"{kind:<8}{name:<12}" + "".join(one(result) for result in found.values())
    before, after = found.get("before"), found.get("after")
    if before and after:
        row += (f"   wall ×{after['wall_ms'] / before['wall_ms']:.3f}"
                f"  MB ×{after['grown_mb'] / max(before['grown_mb'], 0.1):.2f}")
    return row


if __name__ == "__main__":
    main()
