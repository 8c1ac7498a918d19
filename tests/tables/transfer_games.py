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


def wizard(play: Play) -> None:
    """The trump recorded, an undo and a correction carrying a trump; then six players with the
    Canadian rule, played to the end of their 10 rounds."""
    game = play("wizard", ["Ana", "Ben", "Cleo"], options={"scoring": "tricks-always"})
    game.write("bids", bids=[None, 1, None], trump="hearts")
    game.undo()
    game.write("bids", bids=[None, 0, 1], trump="none")
    game.write("bids", bids=[0, None, None])
    game.write("tricks", tricks=[1, 0, 0])
    game.correct(1, bids=[0, 0, 1], tricks=[0, 0, 1], trump="clubs")
    game.write("bids", bids=[None, None, 2], trump="spades")
    assert game.current["trump"] == "spades"
    six = play("wizard", ["Dev", "Ana", "Ben", "Cleo", "Eve", "Fay"],
               options={"hook": "canadian", "hook_from": 2})
    while six.game.body["status"] == "in_progress":
        size = six.current["hand_size"]
        first = six.current["bidding_order"][0]
        six.write("bids", bids=[size if seat == first else 0 for seat in range(6)])
        six.write("tricks", tricks=[size if seat == first else 0 for seat in range(6)])


def spades(play: Play) -> None:
    """Partners to 200 with a nil, a blind nil offered to the side behind, an undo and a hand
    corrected; a cutthroat game for three left in progress."""
    game = play("spades", ["Ana", "Ben", "Cleo", "Dev"], options={"target": 200})

    def bids_in_turn(bids: list[Any]) -> None:
        for seat in game.current["bidding_order"]:
            one: list[Any] = [None] * 4
            one[seat] = bids[seat]
            game.write("bids", bids=one)

    bids_in_turn([5, 1, "nil", 1])
    game.write("tricks", tricks=[6, 5, 0, 2])  # 151; Ben & Dev 27
    assert game.current["blind_nil_seats"] == [1, 3]
    game.write("bids", bids=[None, None, 3, None])
    game.undo()
    bids_in_turn([3, "blind-nil", 3, 4])
    game.write("tricks", tricks=[3, 0, 3, 7])  # 60; 200 + 43
    game.correct(2, bids=[3, 4, 3, 4], tricks=[3, 4, 3, 3])  # 60; 70: Ana & Cleo reach 211
    assert game.game.body["status"] == "finished"
    three = play("spades", ["Cleo", "Ana", "Ben"])
    for seat in three.current["bidding_order"]:
        one: list[Any] = [None] * 3
        one[seat] = "nil" if seat == 0 else 5
        three.write("bids", bids=one)
    three.write("tricks", tricks=[1, 8, 8])
    assert three.game.body["status"] == "in_progress"


def belote(play: Play) -> None:
    """A litige held and given, an undo and the litige corrected (its pot moves); "we stop
    here" after three hands."""
    game = play("belote", ["Ana", "Ben", "Cleo", "Dev"])
    game.write("hands", taker=0, points=81)  # litige: 81 held
    game.write("hands", taker=None)
    game.undo()
    game.write("hands", taker=3, points=90, belote=1,
               announcements=[{"seat": 3, "kind": "tierce"}])  # made: the pot goes to Ben & Dev
    game.correct(1, taker=0, points=100)
    game.write("hands", taker=2, capot=0)
    game.write("finish")
    assert game.game.body["finished_by"] == "scorekeeper"


def scopa(play: Play) -> None:
    """Partners with the napola: a hand, an undo, a hand corrected, and "we stop here"."""
    game = play("scopa", ["Ana", "Ben", "Cleo", "Dev"], options={"napola": True})
    game.write("hands", cards=0, coins=0, settebello=0, primiera=None, scope=[1, 0],
               napola=[3, 0])  # 7 to 0
    game.write("hands", settebello=1, scope=[0, 2])
    game.undo()
    game.write("hands", cards=1, settebello=1, primiera=1, scope=[0, 2])  # 7; 5
    game.correct(2, cards=1, coins=None, settebello=0, primiera=1, scope=[0, 1])  # 8; 3
    game.write("finish")
    assert game.game.body["finished_by"] == "scorekeeper"


def coinche(play: Play) -> None:
    """A contract made, one coinched and failed; left in progress."""
    game = play("coinche", ["Cleo", "Ana", "Dev", "Ben"], options={"rounding": "none"})
    game.write("hands", taker=1, contract=110, points=113, belote=3)
    game.write("hands", taker=0, contract=120, points=90, coinche="coinche")
    assert game.game.body["status"] == "in_progress"


def tarot(play: Play) -> None:
    """Five players with a called partner, a passed hand, half points, an undo, a hand corrected
    and the scorekeeper's finish; a game for three left in progress."""
    game = play("tarot", ["Ana", "Ben", "Cleo", "Dev", "Eli"])
    game.write("hands", taker=0, contract="garde", bouts=2, points=49, partner=1,
               petit_au_bout="taker", poignees=[{"seat": 3, "size": "simple"}])
    game.write("hands", taker=None)
    game.write("hands", taker=2, contract="prise", bouts=1, points=50.5, partner=2)
    game.undo()
    game.write("hands", taker=2, contract="garde-sans", bouts=1, points=50.5, partner=4)
    game.correct(1, taker=0, contract="garde", bouts=2, points=40.5, partner=1)
    game.write("finish")
    assert game.game.body["finished_by"] == "scorekeeper"
    three = play("tarot", ["Cleo", "Ana", "Ben"], options={"rounds": 3, "deal_passes": "left"})
    three.write("hands", taker=1, contract="garde-contre", bouts=3, points=91, chelem="taker",
                chelem_announced=True)
    assert three.game.body["status"] == "in_progress"


#: One builder per ruleset (``GET /api/v1/rulesets`` lists them all).
BUILDERS: dict[str, Callable[[Play], None]] = {
    "oh-hell": oh_hell,
    "elevator": elevator,
    "oh-seven": oh_seven,
    "seven-up": seven_up,
    "score-pad": score_pad,
    "wizard": wizard,
    "spades": spades,
    "belote": belote,
    "coinche": coinche,
    "scopa": scopa,
    "tarot": tarot,
}
