"""The modules of ``companion`` import one another without a circle.

Every import counts, at module level or inside a function (an import moved into a function only
hides a circle until the day it runs first). Importing ``a.b.c`` also runs the packages ``a.b``
and ``a`` that the importer is not already inside, so those count too: a package whose
``__init__`` imports its views drags them in with any of its modules. An import under
``if TYPE_CHECKING:`` never runs, so it makes no circle (a game's family reads the settings,
which name their ruleset and so its family); it still counts where a module may not depend on
another at all (a generic module on a game's).
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (imports for the type checker, never run)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(inner) for part in node.body for inner in ast.walk(part))
    return found


def _imported(name: str, path: Path, types: bool = False) -> set[str]:
    """The ``companion`` modules that running ``name`` imports (any depth in the file); with
    ``types``, those it imports for the type checker alone too."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if types else _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                base += node.module.split(".") if node.module else []
            else:
                base = node.module.split(".") if node.module else []
            module = ".".join(base)
            targets.add(module)
            # ``from . import share`` imports the module ``share``; ``from .x import name``
            # a name of x (or a submodule: both are in MODULES only when a module).
            targets.update(f"{module}.{alias.name}" for alias in node.names)
    edges = set()
    for target in targets:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):
            ancestor = ".".join(parts[:end])
            if ancestor in MODULES and not (name == ancestor or name.startswith(ancestor + ".")):
                edges.add(ancestor)
    return edges


GRAPH = {name: _imported(name, path) for name, path in MODULES.items()}
#: With the imports made for the type checker alone.
TYPED_GRAPH = {name: _imported(name, path, types=True) for name, path in MODULES.items()}


def _circle() -> list[str] | None:
    """One circle of imports, as the modules along it, or None."""
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str] | None:
        if name in trail:
            return trail[trail.index(name):] + [name]
        if name in done:
            return None
        for target in sorted(GRAPH[name]):
            found = visit(target, trail + [name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(GRAPH):
        found = visit(name, [])
        if found:
            return found
    return None


def test_the_graph_sees_the_imports_it_must():
    # The walk itself: module-level, function-level, relative and package imports all found.
    assert "companion.web" in GRAPH["companion.app"]  # inside create_app
    assert GRAPH["companion"] == {"companion.app"}  # in __getattr__, for create_app alone
    assert "companion.rules" in GRAPH["companion.storage.store"]  # ``from . import rules``
    assert "companion.web.games" in GRAPH["companion.web"]  # the package it enters
    assert "companion.web.games.seven_up.hand_writes" in GRAPH["companion.web.games.seven_up"]
    # An import for the type checker alone runs nothing: in the typed graph only.
    assert "companion.rules.families" not in GRAPH["companion.rules.settings"]
    assert "companion.rules.families" in TYPED_GRAPH["companion.rules.settings"]


def test_no_circle_of_imports():
    circle = _circle()
    assert circle is None, "import circle: " + " → ".join(circle or [])


# --- the layers -------------------------------------------------------------------------------
#
# docs/architecture.md draws them: the engine at the bottom, then storage, then the HTTP
# plumbing, then the API and the pages side by side, then the app factory with its
# configuration, and the production server beside it. A module imports its own layer or those
# below, never one above, and the API and the pages never import each other.

#: The floors, from the bottom up.
FLOORS: list[set[str]] = [
    {"companion.rules"},
    {"companion.storage"},
    {"companion.http"},
    {"companion.api", "companion.web"},
    {"companion", "companion.app", "companion.config", "companion.paths", "companion.server"},
]
#: Across one floor, the imports allowed: the package finds the app factory, which reads its
#: configuration and paths; the server reads the configuration. Nothing else.
ACROSS = {("companion", "companion.app"), ("companion.app", "companion.config"),
          ("companion.app", "companion.paths"), ("companion.server", "companion.config")}
PARTS = {part: floor for floor, parts in enumerate(FLOORS) for part in parts}


def part_of(name: str) -> str:
    """The part a module belongs to: the longest of the floors' names it is or is inside."""
    found = [part for part in PARTS if name == part or name.startswith(part + ".")]
    assert found, f"{name} is in no layer: put it in a package of docs/architecture.md"
    return max(found, key=len)


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs up the floors, or across one where ACROSS does not allow it."""
    found = []
    for name, targets in graph.items():
        here = part_of(name)
        for target in sorted(targets):
            there = part_of(target)
            upward = PARTS[there] > PARTS[here]
            across = PARTS[there] == PARTS[here] and here != there and (here, there) not in ACROSS
            if upward or across:
                found.append(f"{name} → {target}")
    return found


def test_every_module_is_in_a_layer():
    for name in MODULES:
        part_of(name)


def test_no_import_runs_up_the_layers():
    assert wrong_way(GRAPH) == []


def test_an_upward_import_is_found():
    # The check itself: storage importing the pages, the engine importing storage, the pages
    # importing the API, and the HTTP plumbing importing the configuration are each refused.
    for name, target in [("companion.storage.store", "companion.web.game.pages"),
                         ("companion.rules.game", "companion.storage.store"),
                         ("companion.web.game.pages", "companion.api.endpoints"),
                         ("companion.http.security", "companion.config")]:
        graph = {**GRAPH, name: GRAPH[name] | {target}}
        assert wrong_way(graph) == [f"{name} → {target}"]


# --- storage knows no HTTP ----------------------------------------------------------------------
#
# A write can be made outside a request (an import job, a command): the storage imports Flask
# and werkzeug only where it must hold the app's database (``models``) or reach the app in
# context (``database``: its configuration and per-app state, which ``idempotency`` and
# ``caches`` ask it for). A key is an argument and a replay a value, never a request's.

#: The storage modules that may import flask, flask_sqlalchemy or werkzeug.
STORAGE_WITH_FLASK = {"companion.storage.models", "companion.storage.database"}
HTTP_PACKAGES = ("flask", "flask_sqlalchemy", "werkzeug", "click")


def _third_party(path: Path) -> set[str]:
    """The top-level packages a file imports (any depth in the file)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_storage_imports_no_http_but_where_listed():
    speaking = {name for name, path in MODULES.items()
                if part_of(name) == "companion.storage"
                and _third_party(path) & set(HTTP_PACKAGES)}
    assert speaking <= STORAGE_WITH_FLASK, sorted(speaking - STORAGE_WITH_FLASK)


# --- a game is one place ------------------------------------------------------------------------
#
# Each game is a module or package of the engine (its ``Ruleset`` and family) and a package of
# the pages (its ``WebGame``); ``rules/games.py`` and ``web/games/__init__.py`` list them and are
# the only modules that import one. A game imports generic parts, never another game; generic
# code asks the declaration.

from companion.rules import games  # noqa: E402


def game_of(name: str) -> str | None:
    """The game a module is or is inside: its engine's module or package under
    ``companion.rules``, or its pages' package under ``companion.web.games`` (the same name)."""
    for unit in GAMES:
        for home in (f"companion.rules.{unit}", f"companion.web.games.{unit}"):
            if name == home or name.startswith(home + "."):
                return unit
    return None


#: The games, by the name of their engine's module or package (their pages' package has it too).
GAMES = {type(game.family).__module__.split(".")[2] for game in games.GAMES}
#: The two lists of games: the engine's and the pages'.
LISTS = {"companion.rules.games", "companion.web.games"}


def test_the_games_are_found():
    assert {"seven_up", "score_pad", "card_bids", "turn_bids"} <= GAMES
    assert game_of("companion.rules.seven_up.chips") == "seven_up"
    assert game_of("companion.web.games.seven_up.hand_writes") == "seven_up"
    assert game_of("companion.rules.settings") is None
    assert game_of("companion.web.games") is None


def games_imported(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a game by generic code (the engine, storage, http, the API, the pages)
    but the lists of games', and of a game by another game."""
    found = []
    for name, targets in graph.items():
        for target in sorted(targets):
            game, importer = game_of(target), game_of(name)
            if game is None or importer == game or name in LISTS:
                continue
            found.append(f"{name} → {target}")
    return found


def test_only_the_list_of_games_imports_a_game():
    assert games_imported(TYPED_GRAPH) == []


def test_a_generic_or_a_games_import_of_a_game_is_found():
    for name, target in [("companion.rules.explain", "companion.rules.seven_up"),
                         ("companion.api.sheets", "companion.rules.score_pad.sheet"),
                         ("companion.rules.card_bids", "companion.rules.turn_bids"),
                         ("companion.rules.seven_up.game", "companion.rules.card_bids"),
                         ("companion.web.game.fragments", "companion.web.games.seven_up"),
                         ("companion.web.games.score_pad", "companion.rules.seven_up")]:
        graph = {**TYPED_GRAPH, name: TYPED_GRAPH[name] | {target}}
        assert games_imported(graph) == [f"{name} → {target}"]
