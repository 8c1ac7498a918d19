"""Games for the export round trip, one builder per ruleset, each played through the API at a
table the way a table plays it: undo, corrections, Oh-Seven's forced rebids and redeal,
Seven-Up's gift and redeal, finished games and one left in progress.

A builder is ``build(play)`` where ``play(ruleset, players, **options)`` starts a game at the
table and returns a ``Playing``. A new ruleset joins the round trip with one more builder in
``BUILDERS``: the test walks them all and checks that every ruleset has one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.api.client import Api, Game


@dataclass
class Playing:
    """A game being played at the table, through the API, with the table's token."""

    api: Api
    game: Game

    def write(self, kind: str, **fields: Any) -> dict[str, Any]:
        return self.api.write(self.game, kind, fields)

    def undo(self) -> dict[str, Any]:
        return self.api.write(self.game, "undo", {})

    def correct(self, number: int, **fields: Any) -> dict[str, Any]:
        return self.api.write(self.game, f"rounds/{number}", fields, method="PUT")

    @property
    def current(self) -> dict[str, Any]:
        return self.game.body["current"]  # type: ignore[no-any-return]


Play = Callable[..., Playing]


def card(value: int, suit: str) -> dict[str, Any]:
    return {"value": value, "suit": suit}


def hand(**fields: Any) -> dict[str, Any]:
    return {"jacks_turned": 0, "beg": "stand", "high": None, "low": None, "jack": None,
            "game": None, **fields}


def oh_hell(play: Play) -> None:
    """Two rounds (2 cards, then 1), bids one at a time with an undo, round 1 corrected."""
    game = play("oh-hell", ["Ana", "Ben", "Cleo", "Dev"], options={"max_hand": 2,
                                                                   "schedule": "down"})
    game.write("bids", bids=[None, 1, None, None])
    game.undo()
    game.write("bids", bids=[None, 0, None, None])
    game.write("bids", bids=[None, None, 1, None])
    game.write("bids", bids=[None, None, None, 0])
    game.write("bids", bids=[0, None, None, None])
    game.write("tricks", tricks=[0, 0, 2, 0])
    game.correct(1, bids=[0, 0, 1, 0], tricks=[0, 1, 1, 0])
    game.write("bids", bids=[0, 0, 0, 0])
    game.write("tricks", tricks=[0, 0, 0, 1])
    assert game.game.body["status"] == "finished"


def elevator(play: Play) -> None:
    """One round scored, the next one half bid: a game left in progress."""
    game = play("elevator", ["Ben", "Cleo", "Ana"])
    size = game.current["hand_size"]
    game.write("bids", bids=[0, 0, 0])
    game.write("tricks", tricks=[size, 0, 0])
    game.write("bids", bids=[None, None, 1])
    assert game.game.body["status"] == "in_progress"


def oh_seven(play: Play) -> None:
    """A forced rebid (a sum of seven) and its bonus, a round corrected; then, two players, seven
    failed bids and the redeal, finished by playing out."""
    game = play("oh-seven", ["Ana", "Ben", "Cleo"])
    game.write("bids", bids=[card(3, "spades"), card(2, "hearts"), card(2, "clubs")])
    game.write("bids", bids=[card(4, "spades"), card(1, "hearts"), card(0, "clubs")])
    game.write("tricks", tricks=[4, 1, 2])
    game.correct(1, bids=[card(5, "spades"), card(1, "hearts"), card(0, "clubs")],
                 tricks=[5, 1, 1])
    game.write("bids", bids=[card(1, "diamonds"), card(2, "diamonds"), card(3, "diamonds")])
    game.undo()
    pair = play("oh-seven", ["Dev", "Ana"])
    for value in range(7):
        pair.write("bids", bids=[card(value, "spades"), card(7 - value, "hearts")])
    assert pair.current["redeals"] == 1
    while pair.game.body["status"] == "in_progress":
        pair.write("bids", bids=[card(5, "spades"), card(1, "hearts")])
        pair.write("tricks", tricks=[5, pair.current["hand_size"] - 5])


def seven_up(play: Play) -> None:
    """Three players: a gift, a redeal, an undo, a hand corrected; then a finished game of
    teams."""
    game = play("seven-up", ["Cleo", "Ana", "Ben"])
    game.write("hands", **hand(beg="give", high=0, low=0, game="tie"))
    game.write("hands", **hand(jacks_turned=1, beg="run", redeal=True))
    game.write("hands", **hand(high=1, low=2, jack=1, game=0))
    game.undo()
    game.write("hands", **hand(high=1, low=2, jack=None, game=0))
    game.correct(1, **hand(beg="give", high=1, low=0, game=2))
    teams = play("seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    while teams.game.body["status"] == "in_progress":
        teams.write("hands", **hand(high=0, low=0, jack=0, game=0))


def score_pad(play: Play) -> None:
    """A titled Hearts pad, lowest wins, to its target, with an undo and a round corrected; a
    zero-sum pad of teams in pairs that the table stops; an untitled pad left in progress."""
    hearts = play("score-pad", ["Ana", "Ben", "Cleo", "Dev"], title="Hearts",
                  options={"winner": "lowest", "target": 50})
    hearts.write("points", points=[10, 6, 5, 5])
    hearts.write("points", points=[0, 26, 0, 0])
    hearts.undo()
    hearts.write("points", points=[0, 13, 13, 0])
    hearts.correct(1, points=[10, 6, 4, 6])
    for points in ([26, 0, 0, 0], [0, 0, 26, 0], [5, 6, 15, 0]):
        hearts.write("points", points=points)
    assert (hearts.game.body["status"], hearts.game.body["finished_by"]) == ("finished", "target")
    pairs = play("score-pad", ["Ben", "Dev", "Ana", "Cleo"], title="Tarot",
                 options={"teams": "pairs", "zero_sum": True}, first_dealer=1)
    pairs.write("points", points=[30, -30])
    pairs.write("points", points=[-10, 10])
    pairs.write("finish")
    assert (pairs.game.body["status"], pairs.game.body["finished_by"]) == (
        "finished", "scorekeeper")
    untitled = play("score-pad", ["Cleo", "Ana", "Ben"], options={"rounds": 5})
    untitled.write("points", points=[12, -3, 0])
    untitled.write("points", points=[4, 9, 100_000])
    assert untitled.game.body["status"] == "in_progress"


#: One builder per ruleset (``GET /api/v1/rulesets`` lists them all).
BUILDERS: dict[str, Callable[[Play], None]] = {
    "oh-hell": oh_hell,
    "elevator": elevator,
    "oh-seven": oh_seven,
    "seven-up": seven_up,
    "score-pad": score_pad,
}
