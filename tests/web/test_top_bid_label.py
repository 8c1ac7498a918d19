"""The statistics' "top bid" row is a share of rounds (the player had the round's top bid), so
its label says rounds, in each game's words and each language: not "Top bid 100%", which reads
as a number of tricks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Table, text

LABELS = {
    ("en", "oh-hell"): "Rounds with the top bid 0% 0% 100%",
    ("fr", "oh-hell"): "Manches avec la plus haute annonce 0 % 0 % 100 %",
    ("it", "oh-hell"): "Mani con la dichiarazione più alta 0% 0% 100%",
    ("en", "oh-seven"): "Rounds with the top bid 100% 0%",
    ("fr", "oh-seven"): "Manches avec le plus fort pari 100 % 0 %",
    ("it", "oh-seven"): "Mani con l’offerta più alta 100% 0%",
}


def _played(start: Callable[..., Table], game: str) -> Table:
    if game == "oh-hell":
        table = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
        table.bids(3, 4, 2)  # in bidding order from Ben: Cleo's 4 is the top bid
        table.tricks(2, 3, 5)
    else:
        table = start("oh-seven", ["Ana", "Ben"], dealer=0)
        table.cards("4s", "2h")  # Ana's 4♠ is the top bid
        table.tricks(4, 3)
    return table


@pytest.mark.parametrize("language, game", sorted(LABELS))
def test_the_top_bid_row_says_it_counts_rounds(start: Callable[..., Table], language: str,
                                               game: str) -> None:
    table = _played(start, game)
    page = text(table.client.get(table.url, headers={"Accept-Language": language}))
    assert LABELS[(language, game)] in page.replace("\u00a0", " ").replace("\u202f", " ")
