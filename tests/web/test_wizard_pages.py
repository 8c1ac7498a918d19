"""Wizard's pages (docs/rules.md section 9): its bid pad with the trump chips under it, the trump
sent with a bid and shown in the banner, no suit in the last round, the Canadian rule's hooked
number struck through with why, a correction keeping the trump, the scores explained, the new
game with its house rules and the generic parts every game has (statistics, chart, sheet,
standings image, share panel, rematch)."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask.testing import FlaskClient

from .conftest import HTMX, Scorekeeper, text

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _chips(html: str) -> list[str]:
    return re.findall(r'aria-label="Trump: ([^"]+)"', html)


def test_the_bid_pad_offers_the_trump_and_a_bid_records_it(
        start: Callable[..., Scorekeeper]) -> None:
    game = start("wizard", FOUR)
    page = game.client.get(game.url).get_data(as_text=True)
    # The round's chips (then the blank rounds the phone draws offline, each with its own).
    assert _chips(page)[:5] == ["spades", "hearts", "diamonds", "clubs", "no trump"]
    assert "Round 1 of 15 · 1 card · Ana deals · Ben bids first" in text(game.client.get(game.url))
    assert game.post("bid", {"seat": 1, "bid": 0, "trump": "hearts"}).status_code == 303
    assert game.stored().state.current.trump.value == "hearts"
    shown = text(game.client.get(game.url))
    assert "Trump ♥ hearts" in shown
    assert re.search(r'value="hearts"\s+aria-label="Trump: hearts" checked', game.client.get(
        game.url).get_data(as_text=True))
    # Another trump in the same round: refused at its field, nothing changes.
    refused = game.post("bid", {"seat": 2, "bid": 0, "trump": "clubs"}, htmx=True)
    assert refused.status_code == 422
    assert "This round's trump is already recorded: undo its bids to change it." in text(refused)
    assert game.stored().state.current.bids == (None, 0, None, None)


def test_the_last_round_offers_no_suit(start: Callable[..., Scorekeeper]) -> None:
    game = start("wizard", ["A", "B", "C", "D", "E", "F"])
    for _ in range(9):
        current = game.stored().state.current
        game.bids(*([current.hand_size] + [0] * 5))
        taker = current.bidding_order[0]
        assert game.tricks(*[current.hand_size if s == taker else 0 for s in range(6)]
                           ).status_code == 303
    page = game.client.get(game.url).get_data(as_text=True)
    assert "Last round: the whole deck is dealt, so there is no trump." in page
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        assert re.search(rf'value="{suit}"\s+aria-label="Trump: {suit}" disabled', page)
    refused = game.post("bid", {"seat": 4, "bid": 0, "trump": "spades"}, htmx=True)
    assert refused.status_code == 422
    assert "Round 10 is the last: the whole deck is dealt, so there is no trump." in text(refused)


def test_the_canadian_rule_strikes_the_leading_dealer_s_number(
        start: Callable[..., Scorekeeper]) -> None:
    game = start("wizard", ["Thomas", "Ute", "Kevin"], hook="canadian")
    game.bids(1, 0, 0)  # Ute bids 1 and takes it: 30, the others 20
    game.tricks(0, 1, 0)
    game.bids(1, 0)  # round 2, Ute deals: Kevin 1, Thomas 0
    page = game.client.get(game.url)
    html = page.get_data(as_text=True)
    assert re.search(r'aria-label="Ute bids 1"\s+disabled aria-describedby="hook-reason"', html)
    assert "Dealer can't bid 1: bids would total 2 — someone must miss." in text(page)
    assert game.bid(1, 1, htmx=True).status_code == 422


def test_scores_are_explained_and_a_correction_keeps_the_trump(
        start: Callable[..., Scorekeeper]) -> None:
    game = start("wizard", ["Thomas", "Ute", "Kevin"], scoring="tricks-always")
    assert game.post("bid", {"seat": 1, "bid": 1, "trump": "clubs"}).status_code == 303
    assert game.bid(2, 0).status_code == 303
    assert game.bid(0, 0).status_code == 303
    assert game.tricks(0, 0, 1).status_code == 303  # Ute bid 1, took 0; Kevin bid 0, took 1
    why = text(game.client.get(game.url), why=True)
    assert "bid 1, took 0: missed by 1: 0 for the tricks, −10 = −10" in why
    assert "bid 0, took 1: missed by 1: 10 for the tricks, −10 = 0" in why
    assert "bid 0, took 0: exact, 20 + 0 = 20" in why
    form = game.client.get(f"{game.url}/rounds/1").get_data(as_text=True)
    assert re.search(r'value="clubs"\s+aria-label="Trump: clubs" checked', form)
    # The trump with the bids, as on the round's page: after the last bid, before the tricks.
    assert (form.index('name="bids_0"') < form.index('name="trump"')
            < form.index("<h2>Tricks</h2>") < form.index('name="tricks_1"'))
    data = {"round": 1, "bids_0": 0, "bids_1": 1, "bids_2": 0,
            "tricks_0": 0, "tricks_1": 1, "tricks_2": 0, "trump": "clubs"}
    assert game.post("rounds/1", data).status_code == 303
    corrected = game.stored().state.rounds[0]
    assert (corrected.trump.value, corrected.points) == ("clubs", (20, 30, 20))


def test_the_new_game_page_folds_its_house_rules(client: FlaskClient,
                                                 start: Callable[..., Scorekeeper]) -> None:
    page = text(client.get("/new"))
    assert "Wizard 3–6 players" in page
    assert "Canadian rule — Only a dealer clearly in the lead" in page
    assert "20 plus 10 a trick — Exact bid: 20 plus 10 a trick. Each trick off: −10." in page
    game = start("wizard", FOUR, hook="canadian", hook_from="number", hook_from_number="15")
    assert game.stored().settings.options == {"hook": "canadian", "hook_from": 15,
                                              "scoring": "standard"}
    refused = client.post("/new", data={"ruleset": "wizard", "first_dealer": "0",
                                        **{f"players-{i}": n for i, n in enumerate(FOUR)},
                                        "wizard_hook": "always", "wizard_hook_from": "number",
                                        "wizard_hook_from_number": "16"})
    assert refused.status_code == 422
    assert "With 4 players the game has 15 rounds: choose a round from 1 to 15." in text(refused)


def test_the_rules_page_names_the_sources(client: FlaskClient) -> None:
    page = text(client.get("/rules/wizard"))
    assert "The Wizard rules of Amigo and US Games Systems" in page
    assert "wizardcards.com, “The Canadian Rule” (tournament rule, 2007)" in page
    assert "20 (3), 15 (4), 12 (5), 10 (6)" in page


def test_a_finished_game_has_every_game_s_parts(start: Callable[..., Scorekeeper],
                                                watcher: FlaskClient) -> None:
    game = start("wizard", ["A", "B", "C", "D", "E", "F"])
    while game.stored().state.current is not None:
        current = game.stored().state.current
        game.bids(*([current.hand_size] + [0] * 5))
        taker = current.bidding_order[0]
        game.tricks(*[current.hand_size if s == taker else 0 for s in range(6)])
    page = game.client.get(game.url)
    html = page.get_data(as_text=True)
    assert "Score chart" in text(page) and "Statistics" in text(page)
    assert f"/g/{game.id}/standings.png" in html  # the share panel's picture
    image = watcher.get(f"/g/{game.id}/standings.png")
    assert (image.status_code, image.mimetype) == (200, "image/png")
    sheet = watcher.get(f"/api/v1/games/{game.id}/scores.csv").get_data(as_text=True)
    assert sheet.splitlines()[0].startswith('"round","hand_size","dealer","trump"')
    assert "Play again" in text(page) or "rematch" in html
    assert watcher.get(game.url, headers=HTMX).status_code == 200
