"""The phone's script, one job per file (static/js/): one rule for what a poll is and when
polls pause, in ``live.js``; the others ask it (``window.Companion.isPoll``). Each file is an
IIFE that shares nothing but that namespace."""

from __future__ import annotations

import re
from pathlib import Path

from companion.http.assets import BUNDLES

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
OURS = sorted(SCRIPTS.glob("*.js"))


def test_only_live_js_decides_what_a_poll_is_and_when_polls_pause() -> None:
    live = (SCRIPTS / "live.js").read_text()
    assert "function isPoll(" in live and 'hasAttribute("data-live")' in live
    assert "htmx:beforeRequest" in live
    for path in OURS:
        if path.name == "live.js":
            continue
        source = path.read_text()
        assert "function isPoll" not in source, path.name
        assert 'hasAttribute("data-live")' not in source, path.name  # what a poll is
        assert "htmx:beforeRequest" not in source, path.name  # when a request is held
        assert "shouldSwap = false" not in source, path.name  # when an answer is held


def test_live_js_comes_first_in_every_script_bundle() -> None:
    for name, parts in BUNDLES.items():
        if name.endswith(".js"):
            assert parts[0] == "js/live.js", name
            assert set(parts) <= {f"js/{path.name}" for path in OURS}, name


def test_each_file_keeps_its_variables_to_itself() -> None:
    for path in OURS:
        source = path.read_text()
        body = re.sub(r"/\*.*?\*/", "", source, count=1, flags=re.S).strip()
        assert body.startswith("(function () {") and body.endswith("})();"), path.name
        # Shared only through the one namespace.
        assigned = set(re.findall(r"\bwindow\.(\w+)\s*=(?!=)", source))
        assert assigned <= {"Companion"}, (path.name, assigned)
