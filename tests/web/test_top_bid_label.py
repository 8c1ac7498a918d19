"""The statistics' "top bid" row is a share of rounds (the player had the round's top bid), so
its label says rounds, in each game's words and each language: not "Top bid 100%", which reads
as a number of tricks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Scorekeeper, text

LABELS = {
    ("en", "oh-hell"): "Rounds with the top bid 0% 0% 100%",
    ("fr", "oh-hell"): "Manches avec la plus haute annonce 0 % 0 % 100 %",
    ("it", "oh-hell"): "Mani con la dichiarazione più alta 0% 0% 100%",
    ("en", "oh-seven"): "Rounds with the top bid 100% 0%",
    ("fr", "oh-seven"): "Manches avec le plus fort pari 100 % 0 %",
    ("it", "oh-seven"): "Mani con l’offerta più alta 100% 0%",
}


def _played(start: Callable[..., Scorekeeper], game: str) -> Scorekeeper:
    if game == "oh-hell":
        keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], dealer=0)
        keeper.bids(3, 4, 2)  # in bidding order from Ben: Cleo's 4 is the top bid
        keeper.tricks(2, 3, 5)
    else:
        keeper = start("oh-seven", ["Ana", "Ben"], dealer=0)
        keeper.cards("4s", "2h")  # Ana's 4♠ is the top bid
        keeper.tricks(4, 3)
    return keeper


@pytest.mark.parametrize("language, game", sorted(LABELS))
def test_the_top_bid_row_says_it_counts_rounds(start: Callable[..., Scorekeeper], language: str,
                                               game: str) -> None:
    keeper = _played(start, game)
    page = text(keeper.client.get(keeper.url, headers={"Accept-Language": language}))
    assert LABELS[(language, game)] in page.replace("\u00a0", " ").replace("\u202f", " ")
