"""The server's entry point freezes what start-up made out of the garbage collector's sight: a
full collection then scans only the objects made since (the share page's tail, bench/README.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_entry_point_freezes_what_start_up_made(tmp_path: Path) -> None:
    script = ("import gc, wsgi; frozen = gc.get_freeze_count(); "
              "print(frozen, len(gc.get_objects()), len(wsgi.app.jinja_env.cache), "
              "len(wsgi.app.jinja_env.list_templates()))")
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path), "SECRET_KEY": "test",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite'}"}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    frozen, left, compiled, templates = (int(word) for word in out)
    assert frozen > 50_000 and left < frozen / 10  # the app's objects are out of the scan
    # Every template compiled at start, frozen with the rest: no request compiles one.
    assert compiled == templates > 50
