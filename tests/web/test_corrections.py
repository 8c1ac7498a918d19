"""Correcting a past round from the scoreboard: totals recomputed; a refused correction shows
the rule at the field and keeps what was typed."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def _two_rounds(start: Callable[..., Scorekeeper]) -> Scorekeeper:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(3, 3, 2, 1)            # round 1, 10 cards: Ben, Cleo, Dev, Ana
    keeper.tricks(1, 3, 2, 4)
    keeper.bids(2, 2, 2, 2)            # round 2, 9 cards: Cleo, Dev, Ana, Ben (dealer)
    keeper.tricks(2, 2, 3, 2)
    return keeper


def _correction(keeper: Scorekeeper, number: int, bids: list[int], tricks: list[int]) -> dict[str, object]:
    data: dict[str, object] = {"version": keeper.version, "round": number}
    data.update({f"bids_{seat}": b for seat, b in enumerate(bids)})
    data.update({f"tricks_{seat}": t for seat, t in enumerate(tricks)})
    return data


def test_each_scored_round_links_to_its_correction(start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert f'href="/g/{keeper.id}/rounds/1"' in html
    assert 'aria-label="Correct round 1"' in html
    page = keeper.client.get(f"{keeper.url}/rounds/1")
    assert page.status_code == 200
    form = page.get_data(as_text=True)
    # Prefilled with the round as scored.
    assert re.search(r'name="bids_1" value="3"\s+aria-label="Ben bids 3"\s+checked', form)
    assert re.search(r'name="tricks_3" value="4"\s+aria-label="Dev took 4" checked', form)
    assert "Correct round 1" in text(page)


def test_a_correction_recomputes_the_totals(start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    assert keeper.stored().state.scores == (23, 25, 0, 12)
    response = keeper.client.post(f"{keeper.url}/rounds/1",
                                 data=_correction(keeper, 1, [1, 3, 3, 2], [1, 3, 3, 3]))
    assert response.status_code == 303
    assert response.headers["Location"] == keeper.url
    state = keeper.stored().state
    assert state.rounds[0].points == (11, 13, 13, 0)
    assert state.scores == (23, 25, 13, 12)
    totals = keeper.client.get(keeper.url).get_data(as_text=True).split('<tr class="totals">')[1]
    assert re.findall(r'<td class="num[^"]*">(-?\d+)</td>', totals.split("</tr>")[0]) == [
        "23", "25", "13", "12"]


def test_a_refused_correction_shows_the_rule_and_keeps_the_typing(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    before = keeper.stored()
    # Ana deals round 1: 3 + 3 + 2 = 8 of 10, so Ana may not bid 2.
    response = keeper.client.post(f"{keeper.url}/rounds/1",
                                 data=_correction(keeper, 1, [2, 3, 3, 2], [1, 3, 3, 3]))
    assert response.status_code == 422
    assert "Dealer can't bid 2: bids would total 10 — someone must miss." in text(response)
    html = response.get_data(as_text=True)
    assert re.search(r'name="bids_0" value="2"\s+aria-label="Ana bids 2"\s+checked'
                     r'\s+aria-invalid="true"', html)
    assert re.search(r'name="tricks_2" value="3"\s+aria-label="Cleo took 3" checked', html)
    assert keeper.stored().state.entries == before.state.entries


def test_tricks_that_do_not_add_up_are_refused(start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    response = keeper.client.post(f"{keeper.url}/rounds/2",
                                 data=_correction(keeper, 2, [2, 2, 2, 2], [2, 2, 2, 2]))
    assert response.status_code == 422
    assert "The tricks add up to 8, but 9 were played." in text(response)


def test_a_missing_value_is_asked_for(start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    data = _correction(keeper, 1, [1, 3, 3, 2], [1, 3, 3, 3])
    del data["bids_2"]
    response = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert response.status_code == 422
    assert "Choose Cleo's bid." in text(response)


def test_a_stale_correction_is_a_conflict_that_keeps_the_typing(start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    data = _correction(keeper, 1, [1, 3, 3, 2], [1, 3, 3, 3])
    keeper.bid(3, 1)
    response = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert response.status_code == 409
    assert "Someone else just entered this round" in text(response)
    html = response.get_data(as_text=True)
    assert f'name="version" value="{keeper.version}"' in html
    assert re.search(r'name="tricks_3" value="3"\s+aria-label="Dev took 3" checked', html)


def test_an_oh_seven_round_is_corrected_with_its_cards(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", PLAYERS, dealer=0)
    keeper.cards("3s", "2h", "4d", "0c")
    keeper.tricks(3, 2, 2, 0)
    page = keeper.client.get(f"{keeper.url}/rounds/1").get_data(as_text=True)
    assert re.search(r'name="bids_2" value="4-diamonds"\s+aria-label="Cleo bids 4 of diamonds"'
                     r' checked', page)
    data: dict[str, object] = {"version": keeper.version, "round": 1}
    for seat, (value, suit) in enumerate([(3, "spades"), (2, "hearts"), (2, "diamonds"),
                                          (0, "clubs")]):
        data[f"bids_{seat}"] = f"{value}-{suit}"
    data.update({"tricks_0": 3, "tricks_1": 2, "tricks_2": 2, "tricks_3": 0})
    # 3 + 2 + 2 + 0 = 7: those bids would force a rebid, so the round would not be scored.
    refused = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert refused.status_code == 422
    assert ("These bids force a rebid (they add up to 7, or share the high card), so they can't "
            "be round 1's bids.") in refused.get_data(as_text=True).replace("&#39;", "'")
    assert keeper.stored().state.rounds[0].bids[2].value == 4
    data["bids_2"] = "1-diamonds"
    assert keeper.client.post(f"{keeper.url}/rounds/1", data=data).status_code == 303
    scored = keeper.stored().state.rounds[0]
    assert scored.points == (5, 4, -1, 2)
    assert scored.leader == 0  # 3♠ is now the high bid


def test_rounds_not_yet_scored_have_no_correction(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    being_played = keeper.client.get(f"{keeper.url}/rounds/1")  # entered, or undone: the reason
    assert being_played.status_code == 422
    assert "Round 1 is still being played: enter it, or undo." in text(being_played)
    assert keeper.client.get(f"{keeper.url}/rounds/7").status_code == 404  # not reached


def test_a_stale_correction_shows_the_game_as_it_is_and_keeps_the_typing(
        start: Callable[..., Scorekeeper]) -> None:
    keeper = _two_rounds(start)
    data = _correction(keeper, 1, [1, 3, 3, 2], [1, 3, 3, 3])
    keeper.bid(keeper.stored().state.current.bidding_order[0], 1)  # type: ignore[union-attr]
    before = keeper.stored()
    response = keeper.client.post(f"{keeper.url}/rounds/1", data=data)
    assert response.status_code == 409
    assert "Someone else just entered this round" in text(response)
    html = response.get_data(as_text=True)
    assert re.search(r'name="bids_2" value="3"\s+aria-label="Cleo bids 3"\s+checked', html)
    assert f'name="version" value="{before.version}"' in html  # the next save is based on now
    assert keeper.stored().state == before.state


def test_every_error_of_a_correction_is_said_at_once_each_at_its_field(
        start: Callable[..., Scorekeeper]) -> None:
    """Ana deals round 1 (10 cards): her 2 makes the bids 10 (the hook), and the tricks add up
    to 9. Both are said in one answer, the hook at Ana's bid and the total at the tricks, and
    both are in the summary; the API would answer the hook alone (the engine's first)."""
    keeper = _two_rounds(start)
    before = keeper.stored()
    response = keeper.client.post(f"{keeper.url}/rounds/1",
                                 data=_correction(keeper, 1, [2, 3, 3, 2], [1, 3, 3, 2]))
    assert response.status_code == 422
    words = text(response)
    hook = "Dealer can't bid 2: bids would total 10 — someone must miss."
    total = "The tricks add up to 9, but 10 were played."
    assert words.count(hook) == 2 and words.count(total) == 2  # at the field, and in the summary
    html = response.get_data(as_text=True)
    summary = html[html.index('class="error-summary"'):]
    summary = summary[:summary.index("</ul>")]
    assert summary.index('href="#bids-0-error"') < summary.index('href="#tricks-error"')
    assert re.search(r'<p class="field-error" id="bids-0-error">[^<]*</p>', html)
    # The total under the Tricks heading, after every bid.
    assert html.index('id="tricks-error"') > html.index("<h2>Tricks</h2>") > html.index('id="bids-0-error"')
    assert re.search(r'name="bids_0" value="2"\s+aria-label="Ana bids 2"\s+checked'
                     r'\s+aria-invalid="true"', html)
    assert keeper.stored().state.entries == before.state.entries
