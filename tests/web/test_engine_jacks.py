"""Seven-Up's turned-jack rule is the engine's (``rules.seven_up.jacks_win``): the page hands the
script the engine's answer for each count of jacks turned, 0 to 4 (``data-jacks-win-table``, the
attribute the script reads: whether they win), shows the turn-up's "wins" box exactly when one
jack wins, and the form ends the hand on the jacks exactly when the engine says they win
(docs/rules.md section 4, "winning")."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from companion import rules
from companion.rules import Beg, Hand, seven_up

from .conftest import Scorekeeper
from .test_seven_up_hands import TWO, last_entry, seated, tap_hand

#: The dealer's score before the hand → the counts of jacks that win at 7, written out by hand.
WINNING_JACKS = {0: (), 2: (), 3: (4,), 4: (3, 4), 5: (2, 3, 4), 6: (1, 2, 3, 4)}


def page_answers(keeper: Scorekeeper) -> list[bool] | None:
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    found = re.search(r'data-jacks-win-table="([^"]+)"', html)
    return None if found is None else json.loads(found.group(1).replace("&#34;", '"'))


@pytest.mark.parametrize("score", sorted(WINNING_JACKS))
def test_the_page_holds_the_engines_answers(start: Callable[..., Scorekeeper], score: int) -> None:
    keeper = seated(start, TWO, [score, 0], dealer=0)
    state = keeper.stored().state
    expected = [jacks in WINNING_JACKS[score] for jacks in range(5)]
    assert list(seven_up.jacks_win_by_count(state)) == expected
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    assert page_answers(keeper) == (expected if any(expected) else None)
    assert ("data-turned-jack-wins" in html) is seven_up.jacks_win(state, 1)


@pytest.mark.parametrize(("score", "ran"), [(4, 2), (4, 3), (5, 1), (5, 2), (3, 3), (3, 4)])
def test_the_form_ends_the_hand_when_the_engine_says_the_jacks_win(
        start: Callable[..., Scorekeeper], score: int, ran: int) -> None:
    keeper = seated(start, TWO, [score, 0], dealer=0)
    before = keeper.stored().state
    wins = seven_up.jacks_win(before, ran)
    # High, low and game are tapped too: they count only when the jacks did not win.
    response = tap_hand(keeper, beg="run", jacks_run=ran, high=1, low=1, jack="none", game=1)
    assert response.status_code == 303
    after = keeper.stored().state
    assert after.finished is wins
    if wins:
        assert last_entry(keeper) == Hand(ran, Beg.RUN, None, None, None, None, redeal=False)
    else:
        assert last_entry(keeper).high == 1


def test_in_a_finished_game_no_count_of_jacks_wins() -> None:
    settings = rules.new_settings("seven-up", TWO)
    state = rules.new_game(settings)
    for _ in range(2):
        state = rules.apply(state, Hand(0, Beg.STAND, 0, 0, 0, 0))
    assert state.finished and seven_up.jacks_win_by_count(state) == (False,) * 5
