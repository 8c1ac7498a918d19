"""Tarot (docs/rules.md, "Tarot"): the worked examples of the FFT and of other projects' test
suites, each row citing its source; the half point rounded for the side that scores; every
refusal with its code and field; passed hands, the end by hands played or by the scorekeeper;
the deal passing right; statistics, the score sheet and the explanation of a mark."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import Finish, RuleError, ShapeError, correct_round, entry_to_json, undo
from companion.rules.game import apply, fold, new_game
from companion.rules.tarot import (CARD_POINTS, PASSED, Contract, Mark, TarotHand, margins,
                                   mark, parse)
from companion.rules.tarot.explain import sentence
from companion.rules.tarot.game import FAMILY, settings_for
from companion.rules.tarot.sheet import sheet_rows, statistics_json

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


def table(players: int, **options: Any) -> Any:
    return settings_for(NAMES[:players], options=options)


def hand(**fields: Any) -> TarotHand:
    """A hand from the API's fields (``parse``), as a body would send it."""
    return parse(fields)


GARDE_2_BOUTS_49 = dict(taker=0, contract="garde", bouts=2, points=49)

#: (players, the hand's fields, each seat's points, the source).
GOLDEN = [
    (4, {**GARDE_2_BOUTS_49, "petit_au_bout": "taker",
         "poignees": [{"seat": 0, "size": "simple"}]},
     (318, -106, -106, -106), "FFT worked example, (25 + 8) × 2 + 20 + 10 × 2 = 106 "
     "(docs/rules.md, Tarot; ScoreHub's official example)"),
    (3, dict(taker=0, contract="prise", bouts=0, points=58), (54, -27, -27),
     "ScoreIt TarotSolverTest: trois joueurs, prise, aucun bout, 58: (2 + 25) × 1"),
    (3, dict(taker=0, contract="prise", bouts=0, points=50), (-62, 31, 31),
     "ScoreIt TarotSolverTest: trois joueurs, prise chutée, aucun bout, 50: (6 + 25) × 1"),
    (3, dict(taker=0, contract="garde", bouts=1, points=58), (128, -64, -64),
     "ScoreIt TarotSolverTest: trois joueurs, garde, un bout, 58: (7 + 25) × 2"),
    (3, dict(taker=1, contract="garde-sans", bouts=2, points=56), (-160, 320, -160),
     "ScoreIt TarotSolverTest: trois joueurs, garde sans, deux bouts, 56: (15 + 25) × 4"),
    (3, dict(taker=2, contract="garde-contre", bouts=3, points=64), (-318, -318, 636),
     "ScoreIt TarotSolverTest: trois joueurs, garde contre, trois bouts, 64: (28 + 25) × 6"),
    (4, dict(taker=0, contract="prise", bouts=0, points=62), (93, -31, -31, -31),
     "ScoreIt TarotSolverTest: quatre joueurs, prise, aucun bout, 62: (6 + 25) × 1"),
    (4, dict(taker=1, contract="prise", bouts=2, points=38), (28, -84, 28, 28),
     "ScoreIt TarotSolverTest: quatre joueurs, prise chutée, deux bouts, 38: (3 + 25) × 1"),
    (4, dict(taker=1, contract="garde", bouts=1, points=57), (-62, 186, -62, -62),
     "ScoreIt TarotSolverTest: quatre joueurs, garde, un bout, 57: (6 + 25) × 2"),
    (4, dict(taker=2, contract="garde-sans", bouts=2, points=56), (-160, -160, 480, -160),
     "ScoreIt TarotSolverTest: quatre joueurs, garde sans, deux bouts, 56"),
    (4, dict(taker=3, contract="garde-contre", bouts=3, points=66), (-330, -330, -330, 990),
     "ScoreIt TarotSolverTest: quatre joueurs, garde contre, trois bouts, 66: (30 + 25) × 6"),
    (5, dict(taker=0, contract="prise", bouts=0, points=59, partner=1), (56, 28, -28, -28, -28),
     "ScoreIt TarotSolverTest: cinq joueurs, prise avec un partenaire, 59: 2/3 and 1/3"),
    (5, dict(taker=2, contract="garde", bouts=1, points=46, partner=3),
     (60, 60, -120, -60, 60),
     "ScoreIt TarotSolverTest: cinq joueurs, garde chutée avec un partenaire, 46: (5 + 25) × 2"),
    (5, dict(taker=2, contract="prise", bouts=2, points=46, partner=2),
     (-30, -30, 120, -30, -30),
     "ScoreIt TarotSolverTest: cinq joueurs, prise seul, 46: the taker alone scores 4 units"),
    (3, dict(taker=0, contract="garde", bouts=1, points=58, petit_au_bout="taker"),
     (168, -84, -84),
     "ScoreIt TarotSolverTest: garde, petit au bout: (7 + 25 + 10) × 2"),
    (3, dict(taker=0, contract="prise", bouts=0, points=60, petit_au_bout="defence"),
     (38, -19, -19),
     "ScoreIt TarotSolverTest: prise faite, petit au bout perdu: (4 + 25 − 10) × 1"),
    (3, dict(taker=1, contract="garde", bouts=1, points=48, petit_au_bout="defence"),
     (76, -152, 76),
     "ScoreIt TarotSolverTest: garde chutée, petit au bout perdu: (3 + 25 + 10) × 2"),
    (4, dict(taker=0, contract="prise", bouts=3, points=91, chelem="taker",
             chelem_announced=True), (1440, -480, -480, -480),
     "ScoreIt TarotSolverTest: prise, chelem annoncé et réalisé: 55 + 25 + 400"),
    (4, dict(taker=0, contract="prise", bouts=2, points=87, chelem="taker",
             chelem_announced=True), (1413, -471, -471, -471),
     "ScoreIt TarotSolverTest: prise, chelem annoncé sans l'Excuse, 87: 46 + 25 + 400"),
    (4, dict(taker=0, contract="prise", bouts=3, points=91, chelem="taker"),
     (840, -280, -280, -280),
     "FFT: chelem non annoncé et réalisé +200 (docs/rules.md, Tarot): 55 + 25 + 200"),
    (4, dict(taker=0, contract="garde", bouts=2, points=60, chelem_announced=True),
     (-336, 112, 112, 112),
     "FFT: chelem annoncé non réalisé −200 (docs/rules.md, Tarot): (19 + 25) × 2 + 200, against"),
    (4, dict(taker=0, contract="garde", bouts=0, points=0, chelem="defence"),
     (-1086, 362, 362, 362),
     "FFT: chelem réalisé par la défense, 200 à chaque défenseur (docs/rules.md, Tarot): "
     "(25 + 56) × 2 + 200"),
]


@pytest.mark.parametrize("players, fields, points, source", GOLDEN,
                         ids=[row[3][:60] for row in GOLDEN])
def test_golden_marks(players: int, fields: dict[str, Any], points: tuple[int, ...],
                      source: str) -> None:
    state = apply(new_game(table(players)), hand(**fields))
    assert state.rounds[0].points == points, source
    assert sum(points) == 0


def test_the_fft_example_explained() -> None:
    """The explanation as docs/rules.md words it, from the mark the engine kept."""
    settings = table(4)
    state = apply(new_game(settings), hand(**GARDE_2_BOUTS_49, petit_au_bout="taker",
                                           poignees=[{"seat": 0, "size": "simple"}]))
    scored = state.rounds[0].own
    assert isinstance(scored, Mark)
    assert (scored.needed, scored.margin, scored.unit, scored.result) == (41, 8, 106, "made")
    assert sentence(settings, scored) == (
        "Garde, 2 bouts: 49 of 41, made by 8: (25 + 8) × 2 = 66; poignée simple +20; Petit au "
        "bout for the attack +10 × 2; 106 from each defender: Ana +318.")


def test_one_bout_is_said_in_the_singular() -> None:
    settings = table(4)
    state = apply(new_game(settings), hand(taker=0, contract="prise", bouts=1, points=48))
    scored = state.rounds[0].own
    assert isinstance(scored, Mark)
    assert sentence(settings, scored).startswith("Prise, 1 bout: 48 of 51, down by 3: ")


@pytest.mark.parametrize("points, result, margin, unit", [
    (40.5, "failed", 1, -26),  # FFT, 3 and 5 players: "s'il fait 40,5 … chute de 1 point"
    (41.5, "made", 1, 26),  # FFT: "41,5 … gagné de 1"
    (41, "made", 0, 25),  # FFT: exactly needed is "juste fait", made by 0
    (40, "failed", 1, -26),
])
def test_half_points_rounded_for_the_side_that_scores(points: float, result: str, margin: int,
                                                      unit: int) -> None:
    scored = mark(table(4), hand(taker=0, contract="prise", bouts=2, points=points))
    assert (scored.result, scored.margin, scored.unit) == (result, margin, unit)


def test_a_poignee_goes_to_the_side_that_won_whoever_showed_it() -> None:
    """FFT: "La prime est acquise au camp vainqueur de la donne"; two poignées add up."""
    shown = [{"seat": 1, "size": "double"}, {"seat": 0, "size": "simple"}]
    made = mark(table(4), hand(taker=0, contract="prise", bouts=1, points=51, poignees=shown))
    failed = mark(table(4), hand(taker=0, contract="prise", bouts=1, points=50, poignees=shown))
    assert (made.poignees, failed.poignees) == (50, -50)


def test_announced_chelem_made_by_the_defence_counts_both() -> None:
    scored = mark(table(4), hand(taker=0, contract="prise", bouts=0, points=0,
                                 chelem="defence", chelem_announced=True))
    assert scored.chelem == -400 and scored.unit == -(25 + 56) - 400


# --- refusals: the code and the field --------------------------------------------------------

REFUSED = [
    (4, dict(taker=0, contract="prise", bouts=1, points=92), "points-range", "points"),
    (4, dict(taker=0, contract="prise", bouts=1, points=-0.5), "points-range", "points"),
    (4, dict(taker=0, contract="prise", bouts=1, points=40.25), "points-range", "points"),
    (4, dict(taker=0, contract="prise", bouts=4, points=60), "hand", "bouts"),
    (4, dict(taker=0, contract="prise", bouts=-1, points=60), "hand", "bouts"),
    (4, dict(taker=0, contract="prise", bouts=2, points=7.5), "hand", "points"),
    (4, dict(taker=0, contract="prise", bouts=0, points=79.5), "hand", "points"),
    (4, dict(taker=0, contract="prise", bouts=0, points=40, petit_au_bout="taker"),
     "hand", "petit_au_bout"),
    (4, dict(taker=0, contract="prise", bouts=3, points=40, petit_au_bout="defence"),
     "hand", "petit_au_bout"),
    (4, dict(taker=0, contract="prise", bouts=1, points=60, partner=1), "hand", "partner"),
    (3, dict(taker=0, contract="prise", bouts=1, points=60, partner=0), "hand", "partner"),
    (5, dict(taker=0, contract="prise", bouts=1, points=60), "hand", "partner"),
    (4, dict(taker=0, contract="prise", bouts=1, points=60,
             poignees=[{"seat": 1, "size": "simple"}, {"seat": 1, "size": "double"}]),
     "hand", "poignees"),
    (4, dict(taker=0, contract="prise", bouts=1, points=60,
             poignees=[{"seat": 1, "size": "simple"}, {"seat": 2, "size": "double"}]),
     "hand", "poignees"),  # 10 + 13 trumps: more than 22
    (3, dict(taker=0, contract="prise", bouts=1, points=60,
             poignees=[{"seat": 1, "size": "simple"}, {"seat": 2, "size": "simple"}]),
     "hand", "poignees"),  # 13 + 13: with 3 players only one poignée fits
    (4, dict(taker=0, contract="prise", bouts=1, points=40, chelem="taker"), "hand", "chelem"),
    (4, dict(taker=0, contract="prise", bouts=1, points=60, chelem="defence"), "hand", "chelem"),
    (4, dict(taker=4, contract="prise", bouts=1, points=60), "seat", "taker"),
    (5, dict(taker=0, contract="prise", bouts=1, points=60, partner=5), "seat", "partner"),
    (4, dict(taker=0, contract="prise", bouts=1, points=60,
             poignees=[{"seat": 7, "size": "simple"}]), "seat", "poignees"),
]


@pytest.mark.parametrize("players, fields, code, field", REFUSED,
                         ids=[f"{r[2]}-{r[3]}-{i}" for i, r in enumerate(REFUSED)])
def test_refused_at_the_field(players: int, fields: dict[str, Any], code: str,
                              field: str) -> None:
    with pytest.raises(RuleError) as refused:
        apply(new_game(table(players)), hand(**fields))
    assert (refused.value.code, refused.value.field) == (code, field)


def test_three_bouts_and_thirty_points_is_a_fall_accepted() -> None:
    scored = mark(table(4), hand(taker=0, contract="prise", bouts=3, points=30))
    assert (scored.result, scored.margin) == ("failed", 6)


def test_two_simple_poignees_fit_with_four_players() -> None:
    state = apply(new_game(table(4)), hand(
        taker=0, contract="prise", bouts=1, points=60,
        poignees=[{"seat": 1, "size": "simple"}, {"seat": 2, "size": "simple"}]))
    assert state.rounds[0].points is not None


@pytest.mark.parametrize("fields, field", [
    (dict(contract="petite", bouts=1, points=60), "contract"),
    (dict(contract="prise", bouts="1", points=60), "bouts"),
    (dict(contract="prise", bouts=1, points="60"), "points"),
    (dict(contract="prise", bouts=1, points=True), "points"),
    (dict(contract="prise", bouts=1), "points"),
    (dict(contract="prise", bouts=1, points=60, poignees=[{"seat": 0, "size": "petite"}]),
     "poignees[0].size"),
    (dict(contract="prise", bouts=1, points=60, poignees={"seat": 0}), "poignees"),
    (dict(contract="prise", bouts=1, points=60, petit_au_bout="attack"), "petit_au_bout"),
    (dict(contract="prise", bouts=1, points=60, chelem_announced=1), "chelem_announced"),
])
def test_a_wrong_shape_is_invalid(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(ShapeError) as refused:
        FAMILY.parse_entry(table(4), "hand", {"taker": 0, **fields})
    assert refused.value.field == field


def test_the_taker_is_required() -> None:
    with pytest.raises(ShapeError) as refused:
        FAMILY.parse_entry(table(4), "hand", {"contract": "prise"})
    assert refused.value.field == "taker"


# --- the game: passed hands, the deal, the end ----------------------------------------------


def test_a_passed_hand_scores_nothing_and_the_deal_passes_right() -> None:
    state = fold(table(4), [hand(taker=None)])
    assert state.rounds[0].points == (0, 0, 0, 0)
    assert state.rounds[0].dealer == 0 and state.current is not None
    assert (state.current.dealer, state.current.eldest) == (3, 2)  # FFT: to the right


def test_the_deal_passes_left_when_the_table_says_so() -> None:
    state = new_game(table(4, deal_passes="left"))
    assert state.current is not None and state.current.eldest == 1
    state = apply(state, PASSED)
    assert state.current is not None and state.current.dealer == 1


def test_rounds_counts_hands_played_not_passed() -> None:
    made = hand(taker=0, contract="prise", bouts=1, points=60)
    state = fold(table(3, rounds=2), [made, PASSED, made])
    assert state.finished and state.finished_by is not None
    assert state.finished_by.value == "rounds" and len(state.rounds) == 3
    with pytest.raises(RuleError) as refused:
        apply(state, made)
    assert refused.value.code == "phase"


def test_the_scorekeeper_finishes_and_an_undo_reopens() -> None:
    with pytest.raises(RuleError) as refused:
        apply(new_game(table(3)), Finish())
    assert (refused.value.code, refused.value.field) == ("phase", "finish")
    state = fold(table(3), [hand(taker=0, contract="garde", bouts=2, points=50), Finish()])
    assert state.finished and state.finished_by is not None
    assert state.finished_by.value == "scorekeeper"
    assert [s.rank for s in state.standings] == [1, 2, 2]  # equal totals share the place
    assert not undo(state).finished


def test_a_correction_that_would_end_the_game_before_a_later_hand_is_refused() -> None:
    made = hand(taker=0, contract="prise", bouts=1, points=60)
    state = fold(table(3, rounds=1), [PASSED, made])
    with pytest.raises(RuleError) as refused:
        correct_round(state, 1, [made])
    assert refused.value.code == "phase"
    corrected = correct_round(state, 2, [hand(taker=1, contract="garde", bouts=1, points=40)])
    assert corrected.scores == (72, -144, 72) and corrected.finished


def test_an_entry_is_stored_and_read_back_the_same() -> None:
    entry = hand(taker=2, contract="garde-contre", bouts=2, points=40.5, partner=4,
                 petit_au_bout="defence", poignees=[{"seat": 1, "size": "triple"}],
                 chelem_announced=True)
    stored = entry_to_json(entry)
    assert stored["kind"] == "hand" and stored["points"] == 40.5
    assert FAMILY.parse_entry(table(5), "hand", stored) == entry
    assert entry_to_json(hand(taker=0, contract="prise", bouts=1, points=60))["points"] == 60


def test_the_round_object_carries_needed_margin_and_unit() -> None:
    settings = table(4)
    state = fold(settings, [hand(**GARDE_2_BOUTS_49), PASSED])
    assert FAMILY.round_json(settings, state.rounds[0]) == {
        "hand": {**GARDE_2_BOUTS_49, "partner": None, "petit_au_bout": None, "poignees": [],
                 "chelem": None, "chelem_announced": False},
        "result": "made", "needed": 41, "margin": 8, "unit": 66}
    assert FAMILY.round_json(settings, state.rounds[1])["result"] == "passed"
    assert state.current is not None
    assert FAMILY.round_json(settings, state.current)["hand"] is None


def test_the_table_of_margins_the_page_ships_is_the_engines_scoring() -> None:
    """The hand form's "made by 8" / "down by 3" is looked up in ``margins`` (shipped as a data
    attribute): for every bouts and every card-point value a hand can have, 0 to 91 by halves,
    it says what scoring that hand says, made (by 0 too) or down, and by how much."""
    table_ = margins()
    assert len(table_) == 4 and all(len(row) == 2 * CARD_POINTS + 1 for row in table_)
    settings = table(4)
    for bouts, row in enumerate(table_):
        for half_points, shipped in enumerate(row):
            scored = mark(settings, TarotHand(0, Contract.PRISE, bouts, half_points))
            said = scored.margin if scored.result == "made" else -scored.margin
            assert (shipped, shipped >= 0) == (said, scored.result == "made"), (
                bouts, half_points / 2)
    # FFT: 49 of 41 made by 8; 40.5 of 41 down by 1, 41 made by 0; 0 of 56 down by 56.
    assert (table_[2][98], table_[2][81], table_[2][82], table_[0][0]) == (8, -1, 0, -56)


def test_statistics_and_the_score_sheet() -> None:
    settings = table(5)
    state = fold(settings, [
        hand(taker=0, contract="garde", bouts=2, points=49, partner=1, petit_au_bout="taker",
             poignees=[{"seat": 3, "size": "simple"}]),
        PASSED,
        hand(taker=2, contract="prise", bouts=1, points=40, partner=2),
    ])
    stats = statistics_json(state)
    assert stats["table"] == {"players": 5, "hands": 3, "passed": 1, "contracts": {
        "prise": 1, "garde": 1, "garde-sans": 0, "garde-contre": 0}}
    ana, ben, cleo = stats["players"][:3]
    assert (ana["taken"], ana["made"], ana["success_rate"]) == (1, 1, 1.0)
    assert ana["by_contract"]["garde"] == {"taken": 1, "made": 1}
    assert (ben["called"], ben["petit_au_bout"], ana["petit_au_bout"]) == (1, 1, 1)
    assert (cleo["taken"], cleo["made"], cleo["called"]) == (1, 0, 0)
    assert stats["players"][3]["poignees"] == 1
    assert sum(p["points_per_hand"] * 3 for p in stats["players"]) == pytest.approx(0)
    rows = list(sheet_rows(state))
    assert rows[0][:13] == ["round", "dealer", "taker", "contract", "partner", "bouts", "points",
                            "needed", "result", "petit_au_bout", "poignees", "chelem",
                            "Ana points"]
    assert rows[1][:12] == [1, "Ana", "Ana", "garde", "Ben", 2, 49, 41, "made", "taker",
                            "simple (Dev)", ""]
    assert rows[2][:9] == [2, "Eli", "", "", "", "", "", "", "passed"]
    assert rows[3][16] == -(25 + 11) * 4  # Cleo alone, down by 11: she pays 4 units
