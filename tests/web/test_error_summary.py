"""A refused full-page form carries, at its top, a summary that links to every error: drawn by
the server, so it is there without JavaScript (these tests run none)."""

from __future__ import annotations

import html as entities
import re
from collections.abc import Callable

from flask.testing import FlaskClient

from companion.web.shared.error_summary import field_errors

from .conftest import Scorekeeper, new_game_form

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def summary_links(html: str) -> list[tuple[str, str]]:
    """The summary's links, as (target id, words), checking it sits at the form's top."""
    box = re.search(r'<div class="error-summary" role="alert">(.*?)</div>', html, re.S)
    assert box is not None, "no error summary"
    assert "Fix these first:" in box.group(1)
    form = html.index("data-error-summary")
    assert html.index('class="error-summary"') - form < 200  # the form's first part
    return [(target, entities.unescape(words))
            for target, words in re.findall(r'<a href="#([^"]+)">([^<]+)</a>', box.group(1))]


def assert_every_error_linked(html: str) -> list[tuple[str, str]]:
    links = summary_links(html)
    shown = field_errors(html[html.index("</div>", html.index('class="error-summary"')):])
    assert links == shown and links  # each error at a field, once, in page order
    for target, _ in links:
        assert html.count(f'id="{target}"') == 1
    return links


def test_a_new_game_sums_up_every_error_with_a_link_to_each(client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form("oh-hell", ["Ana", "", "Ben", "ana"]))
    assert response.status_code == 422
    links = assert_every_error_linked(response.get_data(as_text=True))
    assert ("players-3-error", "Two players are called ana: give one another name.") in links


def test_a_refused_house_rule_is_in_the_summary(client: FlaskClient) -> None:
    data = new_game_form("oh-hell", FOUR, 0, max_hand="number")
    data["oh_hell_max_hand_number"] = "99"
    response = client.post("/new", data=data)
    assert response.status_code == 422
    links = assert_every_error_linked(response.get_data(as_text=True))
    assert [target for target, _ in links] == ["oh_hell_max_hand-error"]


def test_a_refused_correction_sums_up_its_errors(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", FOUR, dealer=0)
    keeper.bids(3, 3, 2, 1)
    keeper.tricks(1, 3, 2, 4)
    data: dict[str, object] = {"version": keeper.version, "round": 1}
    data.update({f"bids_{seat}": b for seat, b in enumerate([2, 3, 3, 2])})
    data.update({f"tricks_{seat}": t for seat, t in enumerate([1, 3, 3, 3])})
    response = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert response.status_code == 422
    links = assert_every_error_linked(response.get_data(as_text=True))
    assert len(links) >= 1


def test_a_refused_seven_up_correction_sums_up_its_errors(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Ben"], dealer=0)
    # A hand scored, then corrected with high and game left out.
    keeper.post("hand", {"round": 1, "turn_up": "other", "beg": "stand", "jacks_run": 0,
                        "high": 0, "low": "same", "jack": "none", "game": 0})
    response = keeper.post("hands/1", {"round": 1, "turn_up": "other", "beg": "stand",
                                      "jacks_run": 0})
    assert response.status_code == 422
    links = assert_every_error_linked(response.get_data(as_text=True))
    assert {target for target, _ in links} >= {"high-error", "game-error"}


def test_a_page_with_nothing_refused_has_no_summary(client: FlaskClient,
                                                    start: Callable[..., Scorekeeper]) -> None:
    assert 'class="error-summary"' not in client.get("/new").get_data(as_text=True)
    keeper = start("oh-hell", FOUR, dealer=0)
    keeper.bids(3, 3, 2, 1)
    keeper.tricks(1, 3, 2, 4)
    page = keeper.client.get(f"{keeper.url}/rounds/1").get_data(as_text=True)
    assert 'class="error-summary"' not in page


def test_the_live_seven_up_form_has_no_summary(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Ben"], dealer=0)
    response = keeper.post("hand", {"round": 1, "turn_up": "other", "beg": "stand"})
    assert 'class="error-summary"' not in response.get_data(as_text=True)
