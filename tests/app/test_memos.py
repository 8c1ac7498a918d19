"""One memo type (``companion.rules.memo``): the LRU's own behaviour, and no other memo in the
code (no module-level dict, ``OrderedDict``, ``WeakKeyDictionary`` or ``functools`` cache
filled at run time)."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pytest

from companion.rules.memo import LRU, memoized, weight

COMPANION = Path(__file__).resolve().parents[2] / "companion"
MEMO = COMPANION / "rules" / "memo.py"


def test_it_keeps_at_most_its_size_dropping_the_least_recently_used() -> None:
    memo: LRU[str, int] = LRU(2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # "a" is now the most recently used
    memo.put("c", 3)
    assert len(memo) == 2
    assert memo.get("b") is None and memo.get("a") == 1 and memo.get("c") == 3
    memo.put("a", 10)  # put again: replaced, and most recent
    memo.put("d", 4)
    assert memo.get("c") is None and memo.get("a") == 10 and memo.get("d") == 4


def test_a_size_of_zero_keeps_nothing_and_none_is_never_kept() -> None:
    empty: LRU[str, int] = LRU(0)
    empty.put("a", 1)
    assert empty.get("a") is None and len(empty) == 0
    memo: LRU[str, int | None] = LRU(4)
    memo.put("a", None)
    assert len(memo) == 0


def test_get_or_make_makes_once_and_clear_empties() -> None:
    memo: LRU[int, str] = LRU(8)
    made: list[int] = []
    for _ in range(3):
        assert memo.get_or_make(7, lambda: made.append(7) or "seven") == "seven"
    assert made == [7]
    memo.clear()
    assert len(memo) == 0 and memo.get(7) is None


def test_threads_sharing_one_never_see_it_beyond_its_bound() -> None:
    memo: LRU[tuple[int, int], int] = LRU(50)
    errors: list[BaseException] = []

    def work(thread: int) -> None:
        try:
            for i in range(2_000):
                memo.put((thread, i), i)
                found = memo.get((thread, i - 1))
                assert found is None or found == i - 1
                assert len(memo) <= 50
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(memo) == 50


def test_a_budget_bounds_the_bytes_kept_whatever_the_entries() -> None:
    memo: LRU[int, bytes] = LRU(1000, budget=10_000)
    for key in range(50):
        memo.put(key, bytes(1000))  # about 1 KB each: some 9 fit
        assert memo.bytes <= 10_000
    assert 5 <= len(memo) <= 10 and memo.get(49) is not None and memo.get(0) is None
    memo.put(7, bytes(20_000))  # heavier than the whole budget: not kept, nothing dropped for it
    assert memo.get(7) is None and memo.get(49) is not None
    memo.put(49, b"small")  # put again: weighed again
    assert memo.bytes <= 10_000 - 900
    memo.clear()
    assert memo.bytes == 0 and len(memo) == 0


def test_weight_counts_what_a_value_holds() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Held:
        rows: tuple[str, ...]

    class Slotted:
        __slots__ = ("held",)

        def __init__(self, held: object) -> None:
            self.held = held

    big = Slotted({"a": Held(tuple("x" * 1000 + str(n) for n in range(100)))})
    assert weight(big) > 100 * 1000
    shared = "y" * 10_000
    assert weight([shared, shared]) < 11_000  # one object counted once
    assert weight(Slotted) < 2_000 and weight(len) < 200  # code is not counted


def test_a_value_that_weighs_once_is_weighed_once_and_as_much() -> None:
    """A round shared by every later version of its game is weighed once, not with each version
    (``WeighsOnce``); it weighs what the same fields weigh, their names aside. Small integers and
    an enum's members are the process's, nobody's bytes."""
    import enum
    from dataclasses import dataclass

    from companion.rules import memo

    class Phase(enum.Enum):
        BIDDING = "bidding"

    @dataclass(frozen=True)
    class Plain:
        names: tuple[str, ...]
        phase: Phase

    @dataclass(frozen=True)
    class Once(memo.WeighsOnce):
        names: tuple[str, ...]
        phase: Phase

    names = tuple("n" * 500 + str(i) for i in range(20))
    once = Once(names, Phase.BIDDING)
    assert abs(weight(once) - weight(Plain(names, Phase.BIDDING))) < 400
    weighed: list[object] = []
    real = memo.weight
    memo.weight = lambda value: weighed.append(value) or real(value)  # type: ignore[assignment]
    try:
        first, second = weight([once]), weight([once])
    finally:
        memo.weight = real
    assert first == second and len(weighed) == 0  # the answer kept on it: nothing walked again
    assert weight((1, 2, 3)) == weight(()) + 3 * 8  # the tuple's slots, not the small ints
    assert weight(Phase.BIDDING) == 0


def test_get_or_make_makes_once_while_others_wait() -> None:
    memo: LRU[str, str] = LRU(8)
    started, release = threading.Event(), threading.Event()
    made: list[int] = []
    got: list[str] = []

    def slow() -> str:
        made.append(1)
        started.set()
        release.wait(5)
        return "drawn"

    def ask() -> None:
        got.append(memo.get_or_make("image", slow))

    threads = [threading.Thread(target=ask) for _ in range(6)]
    threads[0].start()
    started.wait(5)
    for thread in threads[1:]:
        thread.start()
    release.set()
    for thread in threads:
        thread.join(5)
    assert made == [1] and got == ["drawn"] * 6


def test_a_failed_make_lets_a_waiting_one_make_it() -> None:
    memo: LRU[str, str] = LRU(8)
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    def failing() -> str:
        calls.append(1)
        started.set()
        release.wait(5)
        raise RuntimeError("broke")

    errors: list[BaseException] = []

    def first() -> None:
        try:
            memo.get_or_make("k", failing)
        except RuntimeError as error:
            errors.append(error)

    thread = threading.Thread(target=first)
    thread.start()
    started.wait(5)
    second: list[str] = []
    waiter = threading.Thread(target=lambda: second.append(memo.get_or_make("k", lambda: "ok")))
    waiter.start()
    release.set()
    thread.join(5)
    waiter.join(5)
    assert len(errors) == 1 and second == ["ok"] and calls == [1]


def test_memoized_keeps_answers_by_arguments_none_included() -> None:
    calls: list[tuple[object, ...]] = []

    @memoized(2)
    def answer(a: int, b: int = 0) -> int | None:
        calls.append((a, b))
        return None if a < 0 else a + b

    assert answer(1) == 1 and answer(1) == 1
    assert answer(-1) is None and answer(-1) is None
    assert answer(1, b=2) == 3
    assert calls == [(1, 0), (-1, 0), (1, 2)]
    assert len(answer.memo) == 2  # type: ignore[attr-defined]
    answer.cache_clear()  # type: ignore[attr-defined]
    assert answer(1) == 1 and calls[-1] == (1, 0)


# --- no memo but this one -------------------------------------------------------------------

FORBIDDEN_IMPORTS = {("functools", "lru_cache"), ("functools", "cache"),
                     ("collections", "OrderedDict"), ("weakref", "WeakKeyDictionary"),
                     ("weakref", "WeakValueDictionary")}
EMPTY_CALLS = {"dict", "OrderedDict", "defaultdict", "WeakKeyDictionary", "WeakValueDictionary"}
#: Module-level state that is no memo: each entry lives exactly as long as its connection.
NOT_MEMOS = {("server/worker.py", "_HEADS")}


def _modules() -> list[Path]:
    return sorted(path for path in COMPANION.rglob("*.py") if path != MEMO)


def _is_empty_mapping(node: ast.expr | None) -> bool:
    if isinstance(node, ast.Dict):
        return not node.keys
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name in EMPTY_CALLS
    return False


def _ad_hoc_memos(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if (node.module, alias.name) in FORBIDDEN_IMPORTS:
                    found.append(f"imports {node.module}.{alias.name}")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                node.value.id, node.attr) in FORBIDDEN_IMPORTS:
            found.append(f"uses {node.value.id}.{node.attr}")
    # A module-level mapping made empty, to be filled at run time.
    globals_ = set()
    for statement in tree.body:
        targets: list[ast.expr] = []
        value = None
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign):
            targets, value = [statement.target], statement.value
        for target in targets:
            if isinstance(target, ast.Name):
                globals_.add(target.id)
                if _is_empty_mapping(value):
                    found.append(f"{target.id} starts empty at module level")
    # A module-level mapping written to from inside a function.
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            written = []
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                written = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in written:
                if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
                        and target.value.id in globals_):
                    found.append(f"{function.name} writes into the module's {target.value.id}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in globals_
                    and node.func.attr in {"setdefault", "update"}):
                found.append(f"{function.name} fills the module's {node.func.value.id}")
    return found


def test_the_checker_sees_an_ad_hoc_memo(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("from functools import lru_cache\n_SEEN: dict[str, int] = {}\n"
                      "KNOWN = {'a': 1}\n\ndef f(x):\n    KNOWN[x] = 2\n    return _SEEN.setdefault(x, 1)\n")
    assert _ad_hoc_memos(module) == [
        "imports functools.lru_cache", "_SEEN starts empty at module level",
        "f writes into the module's KNOWN", "f fills the module's _SEEN"]


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(COMPANION)))
def test_no_module_keeps_a_memo_of_its_own(path: Path) -> None:
    allowed = {name for module, name in NOT_MEMOS if module == str(path.relative_to(COMPANION))}
    found = [problem for problem in _ad_hoc_memos(path)
             if not any(problem.endswith(f" {name}") or problem.startswith(f"{name} ")
                        for name in allowed)]
    assert found == []
