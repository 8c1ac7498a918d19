"""The production server keeps its own backups: at start, one (made by one of its two workers,
not both); while it runs, a restore is refused; once it stops, the restore goes through."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from .running import ROOT, production_server


def _restore(instance: Path, backup: Path) -> subprocess.CompletedProcess[str]:
    env = {"COMPANION_INSTANCE": str(instance), "SECRET_KEY": "server-test",
           "DATABASE_URL": f"sqlite:///{instance / 'companion.sqlite'}"}
    return subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "backup", "restore",
                           str(backup)], cwd=ROOT, env={**__import__("os").environ, **env},
                          capture_output=True, text=True, timeout=60)


def test_the_server_backs_up_at_start_and_the_restore_waits_for_it(tmp_path: Path) -> None:
    where = tmp_path / "backups"
    with production_server(tmp_path, WEB_CONCURRENCY="2"):
        deadline = time.monotonic() + 10
        while not list(where.glob("companion-*.sqlite")) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)  # the other worker had its chance too
        made = sorted(where.glob("companion-*.sqlite"))
        assert len(made) == 1, made
        refused = _restore(tmp_path, made[0])
        assert refused.returncode != 0
        assert "a server holds the database" in refused.stderr
    restored = _restore(tmp_path, made[0])
    assert restored.returncode == 0, restored.stderr
