"""The phone's script, one job per file (static/js/), each a native ES module: one rule for what
a poll is and when polls pause, in ``live.js``; the others import it. Modules share what they
export and nothing else (no global namespace); a page loads one entry module (``site*.js``)."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
OURS = sorted(SCRIPTS.glob("*.js"))
#: A watcher's game page's entry module is the board's own (board.js).
ENTRIES = sorted([*SCRIPTS.glob("site*.js"), SCRIPTS / "board.js"])
IMPORT = re.compile(r"""^import\s+(?:[^"';]*?\s+from\s+)?["']\./([\w-]+\.js)["'];$""", re.M)


def _imports(name: str) -> list[str]:
    return IMPORT.findall((SCRIPTS / name).read_text())


def _graph(entry: str) -> set[str]:
    found: set[str] = set()
    waiting = [entry]
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting.extend(_imports(name))
    return found


def test_only_live_js_decides_what_a_poll_is_and_when_polls_pause() -> None:
    live = (SCRIPTS / "live.js").read_text()
    assert "export function isPoll(" in live and 'hasAttribute("data-live")' in live
    assert "htmx:beforeRequest" in live
    for path in OURS:
        if path.name == "live.js":
            continue
        source = path.read_text()
        assert "function isPoll" not in source, path.name
        assert 'hasAttribute("data-live")' not in source, path.name  # what a poll is
        assert "htmx:beforeRequest" not in source, path.name  # when a request is held
        assert "shouldSwap = false" not in source, path.name  # when an answer is held


def test_every_entry_module_imports_live_js_first() -> None:
    assert {path.name for path in ENTRIES} >= {"site.js", "site-game.js", "site-score-pad.js",
                                               "board.js"}
    for path in ENTRIES:
        assert _imports(path.name)[0] == "live.js", path.name


def test_each_file_is_a_module_that_shares_only_what_it_exports() -> None:
    for path in OURS:
        source = path.read_text()
        body = re.sub(r"/\*.*?\*/", "", source, count=1, flags=re.S).strip()
        assert not body.startswith("(function"), path.name  # a module's scope is its own
        assert "Companion." not in source and "window.Companion" not in source, path.name
        assigned = set(re.findall(r"\bwindow\.(\w+)\s*=(?!=)", source))
        assert not assigned, (path.name, assigned)
        for name in _imports(path.name):
            assert (SCRIPTS / name).is_file(), (path.name, name)  # an import names a file


def test_no_module_imports_itself_through_others() -> None:
    """No cycle: each module's listeners are set up after those of what it imports, in the order
    its entry module names them."""
    for path in OURS:
        for name in _imports(path.name):
            assert path.name not in _graph(name), (path.name, name)


def test_a_watchers_page_loads_only_what_watching_needs() -> None:
    watching = _graph("board.js")
    assert "live.js" in watching and "app.js" in watching
    scorekeeping = {"queue.js", "pad.js", "waiting_taps.js", "double_tap.js", "round_forms.js",
                    "steps.js", "reveal.js", "waiting_forms.js", "score_pad.js", "seven_up.js",
                    "new_game.js", "forget.js"}
    assert not watching & scorekeeping, watching & scorekeeping


def test_the_queue_says_what_it_is_never_posing_as_htmx() -> None:
    for path in OURS:
        assert "HX-Request" not in path.read_text(), path.name
    assert '"Companion-Queue": "1"' in (SCRIPTS / "queue.js").read_text()
    assert '"Companion-Forget": "1"' in (SCRIPTS / "forget.js").read_text()


def test_forget_drops_the_waiting_taps_where_the_queue_keeps_them() -> None:
    kept = re.search(r'var STORE = "([^"]+)";', (SCRIPTS / "waiting_taps.js").read_text())
    dropped = re.search(r'var WAITING_TAPS = "([^"]+)";', (SCRIPTS / "forget.js").read_text())
    assert kept and dropped and kept.group(1) == dropped.group(1)
