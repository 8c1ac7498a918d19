"""Names holding direction controls never reorder the text around them.

Every place a name is shown — pages, the title, the link-preview tags, the winner banner, the
chart and its summary, the rematch line, refused entries' messages, the standings image — is
read as the Unicode bidirectional algorithm reads it (explicit levels, rules X1–X8): outside
every isolate (a ``<bdi>``, or FSI…PDI) no embedding, override or mark may stand, no PDF or PDI
may close what the page opened, and nothing may be left open. A name "Ana⁩‮boB" once closed
its isolate early and reversed the rest of the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient

from companion.web.shared.names import balanced, isolate
from companion.web.sharing.standings_image import drawable

from .conftest import HTMX, Scorekeeper

LRE, RLE, PDF, LRO, RLO = "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
LRM, RLM = "\u200e", "\u200f"
CONTROLS = [LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM]
EMBEDDING_OPENERS = {LRE, RLE, LRO, RLO}
ISOLATE_OPENERS = {LRI, RLI, FSI}

#: Names to play with: one that closes its isolate early, a leading override, and one name for each
#: control inside and at either end.
NAMES = ["Ana\u2069\u202eboB", "\u202eBob", *(f"{c}Ed{i}{c}x" for i, c in enumerate(CONTROLS)),
         *(f"Z{i}{c}" for i, c in enumerate(CONTROLS))]


def escapes(text: str) -> list[str]:
    """What in ``text`` can reorder text outside the isolates: a control or mark standing at
    the top level, a closer with nothing of its own to close, anything left open."""
    problems: list[str] = []
    stack: list[str] = []  # "E" embedding or override, "I" isolate
    for index, ch in enumerate(text):
        where = f"{ch!r} at {index}: …{text[max(0, index - 30):index + 30]!r}…"
        if ch in EMBEDDING_OPENERS or ch in (LRM, RLM):
            if "I" not in stack:
                problems.append("outside any isolate " + where)
            if ch not in (LRM, RLM):
                stack.append("E")
        elif ch in ISOLATE_OPENERS:
            stack.append("I")
        elif ch == PDI:
            if "I" not in stack:
                problems.append("PDI closing nothing " + where)
                continue
            while stack.pop() != "I":
                pass
        elif ch == PDF:
            if stack and stack[-1] == "E":
                stack.pop()
            elif not stack:
                problems.append("PDF closing nothing " + where)
    if stack:
        problems.append(f"left open: {stack}")
    return problems


class _Page(HTMLParser):
    """A page's text as the bidi algorithm sees it (``<bdi>`` is FSI … PDI), and the text of
    each attribute that is shown or read out, each one a paragraph of its own."""

    SHOWN = ("content", "title", "aria-label", "alt", "data-share-title", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "bdi":
            self.text.append(FSI)
        for name, value in attrs:
            if name in self.SHOWN and value:
                self.attributes.append((f"<{tag} {name}>", value))

    def handle_endtag(self, tag: str) -> None:
        if tag == "bdi":
            self.text.append(PDI)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def page_escapes(html: str) -> list[str]:
    page = _Page()
    page.feed(html)
    problems = [f"text: {p}" for p in escapes("".join(page.text))]
    for where, value in page.attributes:
        problems += [f"{where}: {p}" for p in escapes(value)]
    return problems


def check(response: object, what: str) -> str:
    html = response.get_data(as_text=True)  # type: ignore[attr-defined]
    problems = page_escapes(html)
    assert not problems, (what, problems[:5])
    return html


# --- the helper ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES + ["Ana", "مريم", f"{RLI}ok{PDI}", f"{RLE}{LRI}x{PDF}y"])
def test_an_isolated_name_is_balanced(name: str) -> None:
    around = f"Before {isolate(name)} after {isolate(name)}."
    assert not escapes(around), escapes(around)
    assert not escapes(f"{FSI}{balanced(name)}{PDI}")
    # Nothing but controls is taken out or added: the name's letters are all there.
    assert [ch for ch in balanced(name) if ch not in CONTROLS] == [
        ch for ch in name if ch not in CONTROLS]


def test_the_finding_and_a_balanced_name() -> None:
    assert isolate("Ana\u2069\u202eboB") == f"{FSI}Ana{RLO}boB{PDF}{PDI}"
    assert isolate(f"{RLO}Bob") == f"{FSI}{RLO}Bob{PDF}{PDI}"
    assert balanced(f"a{RLI}b{PDI}c") == f"a{RLI}b{PDI}c"  # its own pair is kept
    assert balanced(f"a{RLI}b{RLO}c{PDI}d") == f"a{RLI}b{RLO}c{PDF}{PDI}d"
    assert isolate(isolate("Ana")) == isolate("Ana")


def test_the_image_draws_no_control() -> None:
    for name in NAMES:
        assert not set(drawable(isolate(name))) & set(CONTROLS), name


# --- every page a name shows on ------------------------------------------------------------


def _players(i: int, n: int = 3) -> list[str]:
    return [NAMES[(i + k) % len(NAMES)] for k in range(n)]


def _bid_round(keeper: Scorekeeper) -> list[int]:
    """Every bid of the round (Ana bids every trick, the others none, the dealer's hook kept);
    the tricks that make each bid."""
    current = keeper.stored().state.current
    assert current is not None
    seats = len(keeper.stored().settings.players)
    bids = [current.hand_size if s == 0 else 0 for s in range(seats)]
    if sum(bids) == current.hand_size:
        bids[current.dealer] = 1 if current.dealer != 0 else current.hand_size - 1
    for seat in current.bidding_order:
        assert keeper.bid(seat, bids[seat]).status_code == 303
    return [current.hand_size if s == 0 else 0 for s in range(seats)]


def _finish_oh_hell(keeper: Scorekeeper) -> None:
    while keeper.stored().state.current is not None:
        assert keeper.tricks(*_bid_round(keeper)).status_code == 303


@pytest.mark.parametrize("first", range(0, len(NAMES), 3))
def test_oh_hell_pages_isolate_every_name(start: Callable[..., Scorekeeper], watcher: FlaskClient,
                                          first: int) -> None:
    players = _players(first)
    keeper = start("oh-hell", players, dealer=0, schedule="up", max_hand="number",
                  max_hand_number="2")
    client = keeper.client
    check(client.get(keeper.url), "the game")
    current = keeper.stored().state.current
    assert current is not None
    # Out of turn: "<waiting> bids before <player>: enter <waiting>'s bid first."
    late = current.bidding_order[-1]
    refused = keeper.bid(late, 0)
    assert refused.status_code == 422
    check(refused, "an out-of-turn bid")
    check(keeper.bid(late, 0, htmx=True), "an out-of-turn bid, htmx")
    # A bid out of range: "<player> can bid 0 to 1, not 5."
    check(keeper.bid(current.bidding_order[0], 5), "a bid out of range")
    # Tricks that are missing: "How many tricks did <player> take?"
    tricks = _bid_round(keeper)
    check(keeper.tricks(None, None, None), "tricks missing")
    check(keeper.tricks(1, 1, 1), "tricks too many")
    assert keeper.tricks(*tricks).status_code == 303
    check(client.get(f"{keeper.url}/rounds/1"), "the correction page")
    check(client.get(f"{keeper.url}/live"), "the live fragment")
    _finish_oh_hell(keeper)
    finished = check(client.get(keeper.url), "the final page")
    assert "og:title" in finished and "chart-summary" in finished and "rematch" in finished
    check(watcher.get(keeper.url), "the final page, watched")
    check(client.get(keeper.url, headers=HTMX), "the final fragment")
    check(client.get(f"{keeper.url}/delete"), "the delete page")
    check(client.get("/"), "the home page")
    check(client.get("/", headers={"Accept-Language": "fr"}), "the home page, French")
    check(client.get(keeper.url, headers={"Accept-Language": "it"}), "the final page, Italian")


def test_oh_seven_messages_isolate_both_names(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", ["Ana\u2069\u202eboB", "\u202eBob", f"Cy{RLI}"], dealer=0)
    # Two players on one card of one deck: "<other> and <player> both bid 3♠…"
    refused = keeper.cards("3s", "3s", "0h")
    assert refused.status_code == 422
    check(refused, "a duplicate card")
    keeper.cards("3s", "2h", "1d")
    check(keeper.client.get(keeper.url), "the game")


def test_seven_up_pages_isolate_every_side(start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("seven-up", ["Ana\u2069\u202eboB", "\u202eBob", f"Cy{LRE}", f"{PDI}Dev"], dealer=0)
    check(keeper.client.get(keeper.url), "the Seven-Up game")
    response = keeper.post("hand", {"round": 1, "turn_up": "no", "beg": "stand", "jacks_run": 0,
                                   "high": "0", "low": "1", "jack": "none", "game": "tie"})
    assert response.status_code in (303, 422), response.status_code
    check(keeper.client.get(keeper.url), "the Seven-Up game after a hand")
    check(watcher.get(keeper.url), "the Seven-Up game, watched")
    check(keeper.client.get(f"{keeper.url}/hands/1"), "the hand correction")


def test_the_new_game_page_isolates_a_refused_name(client: FlaskClient) -> None:
    from .conftest import new_game_form

    refused = client.post("/new", data=new_game_form(
        "oh-hell", ["Ana\u2069\u202eboB", "ana\u2069\u202eboB", "Cleo"], 0))
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert re.search("Two players are called", html)
    problems = [p for p in page_escapes(html)]
    # The form's own fields hold the names as typed (values, not shown text): only the text.
    assert not problems, problems[:5]
