"""A 10,000-game table's export and ``games.csv``: the time of each download and the most memory
the process reached while it was written, this checkout against another (``--base``), in the
same run on the same database.

The table: 10,000 Oh Hell games of three players, three rounds each (hands of 3, 2, 1: every
bid, then the tricks), imported once (``POST /api/v1/tables/import``) into a SQLite file by this
checkout. Each measure runs in a fresh process of the checkout measured (its code first on the
path): the app opened on a copy of that file, the download asked once through the test client
and its body read piece by piece and let go (as a server sends it), cold as after a restart.
Printed: seconds, the body's size, the peak RSS of the process (``VmHWM``: Linux's
``ru_maxrss`` keeps the parent's, the bench's own) and how far it rose over the RSS before the
request, then each figure's ratio, this checkout over the base.

Run from the project's root: ``.venv/bin/python bench/bench_export.py --base /tmp/stream-base``
(a clean ``git worktree add --detach /tmp/stream-base main``); ``--games N``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: One game: three rounds (hands of 3, 2 and 1), bids one entry, tricks the next.
ENTRIES = [entry for size in (3, 2, 1) for entry in (
    {"kind": "bids", "bids": [0, 0, 0]}, {"kind": "tricks", "tricks": [size, 0, 0]})]


def document(games: int) -> dict[str, Any]:
    return {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-07T12:00:00Z", "table": {"name": "Ten thousand", "renames": []},
            "games": [{"ruleset": "oh-hell", "title": None,
                       "options": {"max_hand": 3, "schedule": "down"},
                       "players": ["Ana", "Ben", "Cleo"], "first_dealer": 0,
                       "started": f"2000-01-01T{n // 3600:02d}:{n // 60 % 60:02d}:"
                                  f"{n % 60:02d}.{n + 1:06d}Z",
                       "entries": ENTRIES} for n in range(games)]}


#: Run in the checkout measured: opens the app on the database, asks once, reads the body.
MEASURE = r"""
import json, sys, time
from companion import create_app
database, table_id, path = sys.argv[1:4]
app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                  "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
client = app.test_client()
def status(name):  # in kB; VmHWM: this process's peak RSS (ru_maxrss keeps the parent's)
    for line in open("/proc/self/status"):
        if line.startswith(name + ":"):
            return int(line.split()[1])
before = status("VmRSS")
began = time.perf_counter()
response = client.get(f"/api/v1/tables/{table_id}/{path}", buffered=False)
assert response.status_code == 200, response.status_code
size = 0
for piece in response.response:
    size += len(piece)
response.close()
seconds = time.perf_counter() - began
peak = status("VmHWM")
print(json.dumps({"seconds": seconds, "bytes": size, "peak_kb": peak, "rose_kb": peak - before,
                  "streamed": "Content-Length" not in response.headers}))
"""


def _imported(folder: Path, games: int) -> tuple[Path, str]:
    """The table imported by this checkout into a SQLite file: the file and the table's id."""
    sys.path.insert(0, str(ROOT))
    from flask_migrate import upgrade

    from companion import create_app

    database = folder / "table.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        upgrade()
    began = time.perf_counter()
    made = app.test_client().post("/api/v1/tables/import", data=json.dumps(document(games)),
                                  content_type="application/json")
    assert made.status_code == 201, made.get_json()
    print(f"table: {games} games imported in {time.perf_counter() - began:.1f} s")
    with app.app_context():
        from companion.storage.models import db

        db.engine.dispose()
    return database, made.get_json()["table"]["id"]


def measure(checkout: Path, database: Path, table_id: str, path: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "copy.sqlite"
        shutil.copyfile(database, copy)
        done = subprocess.run([sys.executable, "-c", MEASURE, str(copy), table_id, path],
                              cwd=checkout, env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--base", type=Path, required=True, help="the checkout to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database, table_id = _imported(Path(folder), args.games)
        for path in ("export", "games.csv"):
            now = measure(ROOT, database, table_id, path)
            base = measure(args.base, database, table_id, path)
            for name, found in (("this", now), ("base", base)):
                print(f"{path:9} {name}: {found['seconds']:6.2f} s, {found['bytes'] / 2**20:6.2f} "
                      f"MiB, peak RSS {found['peak_kb'] / 1024:6.1f} MB (rose "
                      f"{found['rose_kb'] / 1024:6.1f} MB), streamed: {found['streamed']}")
            print(f"{path:9} ratio this/base: time {now['seconds'] / base['seconds']:.2f}, "
                  f"peak RSS {now['peak_kb'] / base['peak_kb']:.2f}, rise "
                  f"{now['rose_kb'] / max(base['rose_kb'], 1):.2f}, bytes "
                  f"{now['bytes'] / base['bytes']:.3f}")


if __name__ == "__main__":
    main()
