"""A table of 1,000 games brought from its export document: ``POST /api/v1/tables/import``,
against the way a table moved before there was an import, in the same run: every game created
and every entry sent again through the API, one request each, on the code before (``--before``,
a checkout of main without the import; by default ``/work/wt-base``), in a fresh SQLite database.

The document: 1,000 finished games, the four card games in turn (Oh Hell of four players with
its 23 rounds, Elevator of five, Oh-Seven of four, Seven-Up of three), each played by the engine
with legal entries chosen at random (seeded): about 25,000 entries, a family's decade of
Thursdays. Timed: the import's request alone (its replay of every game, its one transaction),
then a read of the new table's statistics (every game folded again, as the first visit to the
table does). The bound: the import under a minute on this machine.

Run from the project's root: ``.venv/bin/python bench/bench_import.py`` (``--games N``,
``--before PATH``, ``--no-before``).

``--door CHECKOUT ...``: the import door on each checkout's production server (bench/README.md,
"The import door"): a 10,000-game table and the largest legal document imported while another
request probes the worker (seconds, the worker's peak RSS, the longest probe, whether the
worker was killed), and ``--connections`` (128) bodies of 16 MiB held (the workers' RSS).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask_migrate import upgrade  # noqa: E402  (the path above comes first)

from companion import create_app, rules  # noqa: E402
from companion.storage import transfer  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


def _turn_bids(chance: random.Random, ruleset: str, players: list[str]) -> rules.GameState:
    state = rules.new_game(rules.new_settings(ruleset, players))
    while state.current is not None:
        size = state.current.hand_size
        while state.current.phase is rules.Phase.BIDDING:  # one bid at a time, as phones do
            bids: list[Any] = [None] * len(players)
            bids[state.current.next_bidder] = chance.choice(rules.legal_bids(state.current))
            state = rules.apply(state, rules.Bids(tuple(bids)))
            assert state.current is not None
        cuts = sorted(chance.randint(0, size) for _ in range(len(players) - 1))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
    return state


def _oh_seven(chance: random.Random, players: list[str]) -> rules.GameState:
    state = rules.new_game(rules.new_settings("oh-seven", players))
    suits = list(rules.Suit)
    while state.current is not None:
        high = chance.randint(3, 7)
        bids = [rules.Card(high, suits[0]), rules.Card(1, suits[1]), rules.Card(0, suits[2]),
                rules.Card(0, suits[3])]
        if high == 6:  # never a sum of seven, which would force a rebid
            bids[1] = rules.Card(2, suits[1])
        state = rules.apply(state, rules.Bids(tuple(bids)))
        taker = chance.randrange(len(players))
        tricks = [0] * len(players)
        tricks[taker] = 7
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
    return state


def _seven_up(chance: random.Random, players: list[str]) -> rules.GameState:
    state = rules.new_game(rules.new_settings("seven-up", players))
    while state.current is not None:
        seats = range(len(players))
        hand = rules.Hand(jacks_turned=0, beg=rules.Beg.STAND, high=chance.choice(seats),
                          low=chance.choice(seats), jack=chance.choice([None, *seats]),
                          game=chance.choice([*seats, rules.TIE]))
        state = rules.apply(state, hand)
    return state


def document(games: int, seed: int = 7) -> dict[str, Any]:
    chance = random.Random(seed)
    made = []
    for number in range(games):
        kind = number % 4
        if kind == 0:
            state = _turn_bids(chance, "oh-hell", NAMES[:4])
        elif kind == 1:
            state = _turn_bids(chance, "elevator", NAMES[:5])
        elif kind == 2:
            state = _oh_seven(chance, NAMES[:4])
        else:
            state = _seven_up(chance, NAMES[:3])
        settings = state.settings
        made.append({
            "ruleset": settings.ruleset.id, "title": None,
            "options": {k: v for k, v in settings.options.items()
                        if k not in settings.ruleset.presets},
            "players": list(settings.players), "first_dealer": settings.first_dealer,
            "started": f"2016-01-01T19:{number // 60 % 60:02d}:{number % 60:02d}.{number:06d}Z",
            "entries": [transfer.entry_document(rules.entry_to_json(e)) for e in state.entries],
        })
    return {"format": transfer.FORMAT, "format_version": transfer.FORMAT_VERSION,
            "exported": "2026-12-03T20:00:00Z", "table": {"name": "Thursday cards", "renames": []},
            "games": made}


def _app(folder: str) -> Any:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite"})
    with app.app_context():
        upgrade()
    return app


#: The way before the import, run on the code before: each game created, each entry posted.
BEFORE = r"""
import json, sys, tempfile, time
from flask_migrate import upgrade
from companion import create_app
doc = json.load(open(sys.argv[1]))
folder = tempfile.mkdtemp()
app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                  "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/before.sqlite"})
with app.app_context():
    upgrade()
client = app.test_client()
paths = {"bids": "bids", "tricks": "tricks", "hands": "hands"}
began = time.perf_counter()
table = client.post("/api/v1/tables", json={"name": doc["table"]["name"]}).get_json()
bearer = {"Authorization": "Bearer " + table["edit_token"]}
for game in doc["games"]:
    made = client.post("/api/v1/games", headers=bearer, json={
        "ruleset": game["ruleset"], "players": game["players"], "options": game["options"],
        "first_dealer": game["first_dealer"], "table": table["table"]["id"]})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()["game"]
    for entry in game["entries"]:
        fields = {k: v for k, v in entry.items() if k != "kind"}
        answer = client.post(f"/api/v1/games/{body['id']}/{paths[entry['kind']]}",
                             headers=bearer, json={"version": body["version"], **fields})
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
print(json.dumps({"seconds": time.perf_counter() - began}))
"""


def before(path: Path, checkout: Path) -> float:
    done = subprocess.run([sys.executable, "-c", BEFORE, str(path)], cwd=checkout,
                          env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1])["seconds"])


def _import(text: str, games: int) -> float:
    """Seconds of ``POST /tables/import`` of ``text`` in a fresh database (its 201 answer holds
    the table object: its figures, every game folded once)."""
    with tempfile.TemporaryDirectory() as folder:
        client = _app(folder).test_client()
        began = time.perf_counter()
        answer = client.post("/api/v1/tables/import", data=text, content_type="application/json")
        seconds = time.perf_counter() - began
        assert answer.status_code == 201, answer.get_json()
        table_id = answer.get_json()["table"]["id"]
        assert client.get(f"/api/v1/tables/{table_id}/statistics").get_json()["games"] == games
    return seconds


# --- the import door: the production server, before and after ----------------------------------

DOOR_PATH = "/api/v1/tables/import"


def pads(games: int, rounds: int) -> bytes:
    """A table of ``games`` score pads of two, ``rounds`` rounds each, as compact JSON."""
    pad = {"ruleset": "score-pad", "title": None, "options": {}, "players": ["Ana", "Ben"],
           "first_dealer": 0, "started": "2016-01-01T19:00:00Z",
           "entries": [{"kind": "points", "points": [1, -1]}] * rounds}
    return json.dumps({"format": transfer.FORMAT, "format_version": transfer.FORMAT_VERSION,
                       "exported": "2026-12-03T20:00:00Z",
                       "table": {"name": "Thursday cards", "renames": []},
                       "games": [pad] * games}, separators=(",", ":")).encode()


def largest() -> bytes:
    """The largest legal document: as many 2,000-round pads as 16 MiB holds (255 games,
    509,999 entries)."""
    one = len(pads(1, 2000)) - len(pads(0, 2000))
    return pads((transfer.MAX_BYTES - len(pads(0, 0))) // one, 2000)


class Gunicorn:
    """The production server of ``checkout`` (gunicorn.conf.py, as scripts/start runs it) on a
    free port, its own SQLite database; its workers' memory read from /proc."""

    def __init__(self, checkout: Path, folder: Path, workers: int) -> None:
        import os
        import socket
        import urllib.request

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        env = {**os.environ, "COMPANION_INSTANCE": str(folder), "SECRET_KEY": "bench",
               "DATABASE_URL": f"sqlite:///{folder}/door.sqlite", "PORT": str(self.port),
               "LISTEN_ADDRESS": "127.0.0.1", "GAME_CREATION_LIMIT": "100000 per hour",
               "CONNECTIONS_PER_ADDRESS": "0", "WEB_CONCURRENCY": str(workers),
               "PYTHONPATH": str(checkout)}
        subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade"],
                       cwd=checkout, env=env, check=True, capture_output=True)
        self.log = open(folder / "server.log", "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=checkout, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(self.url("/api/v1/rulesets"), timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def workers(self) -> list[int]:
        found = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                               text=True).stdout.split()
        return [int(pid) for pid in found]

    def memory(self, field: str) -> int:
        """The workers' ``VmRSS`` or ``VmHWM`` (peak), added up, in bytes."""
        total = 0
        for pid in self.workers():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith(field + ":"):
                    total += int(line.split()[1]) * 1024
        return total

    def stop(self) -> None:
        import os
        import signal

        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def _timed_import(server: Gunicorn, data: bytes) -> dict[str, Any]:
    """One import on its own connection, while another probes the same worker every 0.25 s:
    its answer and seconds, the longest probe, whether the worker was replaced meanwhile."""
    import http.client
    import threading

    before = server.workers()
    done: dict[str, Any] = {}

    def bring() -> None:
        began = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
        try:
            connection.request("POST", DOOR_PATH, body=data,
                               headers={"Content-Type": "application/json"})
            done["status"] = connection.getresponse().status
        except OSError as error:
            done["status"] = type(error).__name__
        done["seconds"] = time.monotonic() - began
        connection.close()

    importing = threading.Thread(target=bring)
    importing.start()
    probes = []
    while importing.is_alive():
        asked = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
            connection.request("GET", "/api/v1/rulesets")
            connection.getresponse().read()
            connection.close()
        except OSError:
            pass
        probes.append(time.monotonic() - asked)
        time.sleep(0.25)
    importing.join()
    return {**done, "longest_probe": max(probes, default=0.0), "peak_rss": server.memory("VmHWM"),
            "worker_killed": server.workers() != before}


def _held_bodies(server: Gunicorn, connections: int, size: int) -> dict[str, Any]:
    """``connections`` imports of ``size`` bytes each, sent all but their last byte and held:
    the workers' memory then (and the answers that came meanwhile)."""
    import socket

    held = []
    resting = server.memory("VmRSS")
    head = (f"POST {DOOR_PATH} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            f"Content-Length: {size}\r\n\r\n").encode()
    body = b" " * (size - 1)
    answered = 0
    try:
        for _ in range(connections):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            s.sendall(head + body)
            held.append(s)
        time.sleep(3)
        rss = server.memory("VmRSS")
        for s in held:
            s.setblocking(False)
            try:
                answered += bool(s.recv(16))
            except OSError:
                pass
    finally:
        for s in held:
            s.close()
    return {"resting_rss": resting, "held_rss": rss, "answered_while_held": answered}


def door(checkouts: list[Path], connections: int) -> None:
    """The import door, each checkout in turn: a 10,000-game table, the largest legal
    document (one worker each), and ``connections`` 16 MiB bodies held (two workers)."""
    ten = pads(10_000, 3)
    big = largest()
    print(f"10,000 games of 3 rounds: {len(ten) / 2**20:.2f} MiB; largest legal document: "
          f"{len(big) / 2**20:.2f} MiB")
    for checkout in checkouts:
        for name, data in (("10,000 games", ten), ("largest", big)):
            with tempfile.TemporaryDirectory() as folder:
                server = Gunicorn(checkout, Path(folder), 1)
                try:
                    got = _timed_import(server, data)
                finally:
                    server.stop()
            print(f"{checkout} {name}: {got['status']} in {got['seconds']:.1f} s, worker peak "
                  f"{got['peak_rss'] / 2**20:.0f} MiB, longest probe meanwhile "
                  f"{got['longest_probe']:.2f} s, worker killed: {got['worker_killed']}",
                  flush=True)
        with tempfile.TemporaryDirectory() as folder:
            server = Gunicorn(checkout, Path(folder), 2)
            try:
                got = _held_bodies(server, connections, transfer.MAX_BYTES)
            finally:
                server.stop()
        print(f"{checkout} {connections} x 16 MiB held: workers {got['resting_rss'] / 2**20:.0f} "
              f"MiB at rest, {got['held_rss'] / 2**20:.0f} MiB holding them; answered early: "
              f"{got['answered_while_held']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--before-games", type=int, default=100,
                        help="games of the side-by-side run (the way before takes minutes)")
    parser.add_argument("--before", type=Path, default=Path("/work/wt-base"))
    parser.add_argument("--no-before", action="store_true")
    parser.add_argument("--door", type=Path, nargs="+", metavar="CHECKOUT",
                        help="the import door on each checkout's production server: a "
                             "10,000-game table, the largest legal document, 16 MiB bodies held")
    parser.add_argument("--connections", type=int, default=128)
    args = parser.parse_args()
    if args.door:
        door(args.door, args.connections)
        return
    made = document(args.games)
    text = json.dumps(made)
    entries = sum(len(g["entries"]) for g in made["games"])
    print(f"document: {args.games} games, {entries} entries, {len(text) / 2**20:.2f} MiB")
    print(f"import of {args.games} games: {_import(text, args.games):.2f} s")
    if args.no_before:
        return
    part = {**made, "games": made["games"][:args.before_games]}
    part_text = json.dumps(part)
    fast = _import(part_text, args.before_games)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.json"
        path.write_text(part_text)
        slow = before(path, args.before)
    count = sum(len(g["entries"]) for g in part["games"])
    print(f"side by side, {args.before_games} games ({count} entries): import {fast:.2f} s; "
          f"before ({args.before}), every game and entry posted: {slow:.2f} s; "
          f"ratio {fast / slow:.4f} ({slow / fast:.0f}x faster)")


if __name__ == "__main__":
    main()
