"""Wizard at a table (docs/rules.md sections 7 and 9): its own ruleset's figures, never added to
Oh Hell's, counted as a bid-and-trick game (rounds, success rate, records, head to head)."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import ONE_CARD, Tables

THREE = ["Ana", "Ben", "Cleo"]


def test_a_wizard_game_counts_on_its_own_shelf(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, THREE, "wizard")
    rounds = 0
    while game.body["status"] == "in_progress":
        size = game.body["current"]["hand_size"]
        # Ana bids every card and takes them; the others bid 0: every bid exact.
        at_table.api.write(game, "bids", {"bids": [size, 0, 0]})
        at_table.api.write(game, "tricks", {"tricks": [size, 0, 0]})
        rounds += 1
    assert rounds == 20
    oh_hell = at_table.game(table_id, token, THREE, options=ONE_CARD)
    at_table.play_one_card(oh_hell, 1)

    figures = at_table.statistics(table_id)
    assert set(figures["rulesets"]) == {"wizard", "oh-hell"}
    wizard = figures["rulesets"]["wizard"]
    assert (wizard["games"], wizard["finished"]) == (1, 1)
    ana = next(p for p in wizard["players"] if p["name"] == "Ana")
    assert (ana["rounds"], ana["wins"], ana["success_rate"]) == (20, 1, 1.0)
    assert ana["best_score"]["score"] == 20 * 20 + 10 * sum(range(1, 21))
    records = wizard["records"]
    assert records["highest_score"]["name"] == "Ana"
    assert (records["highest_round"]["name"], records["highest_round"]["points"]) == ("Ana", 220)
    assert records["longest_exact_run"]["rounds"] == 20
    assert wizard["head_to_head"] and figures["players"][0]["games"] == 2
