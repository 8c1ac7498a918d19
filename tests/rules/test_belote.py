"""Belote and Coinche (docs/rules.md section 11): the worked examples of the rulebooks and of
other projects, each row citing its source; every refusal with its code and field; the litige's
pot held, given and moved by a correction; the target, another hand on a tie; who deals."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import GameState, RuleError, Settings, apply, correct_round, new_game
from companion.rules.belote import BeloteHand, parse_hand
from companion.rules.belote.game import BELOTE as BELOTE_RULES
from companion.rules.belote.game import COINCHE as COINCHE_RULES
from companion.rules.belote.game import pot
from companion.rules.options import TypedOptions
from companion.rules.entries import Finish, ShapeError

FOUR = ["Ana", "Ben", "Cleo", "Dev"]  # Ana & Cleo (team 0) against Ben & Dev (team 1)


def game(ruleset: str = "belote", **options: Any) -> GameState:
    return new_game(settings(ruleset, options))


def settings(ruleset: str, options: dict[str, Any], players: int = 4) -> Settings:
    """A game's settings as ``new_settings`` checks them."""
    rules = {"belote": BELOTE_RULES, "coinche": COINCHE_RULES}[ruleset]
    if not rules.min_players <= players <= rules.max_players:
        raise RuleError("players", "four players", reason="player-count", field="players")
    resolved = rules.resolve_options(options)
    return Settings(rules, tuple(FOUR), 0, resolved, TypedOptions.parse(resolved))


def hand(state: GameState, **body: Any) -> GameState:
    return apply(state, parse_hand(state.settings, body))


def scores(state: GameState) -> tuple[int, ...]:
    """The last hand's points, per team."""
    points = state.rounds[-1].points
    assert points is not None
    return points[0], points[1]


# Each row: its source, options, the hand's body, the result, the two teams' points.
BELOTE = [
    # docs/rules.md section 11, worked examples (belotejeu.fr's counting; ScoreIt compares
    # totals with belote and announcements).
    ("72 with belote: 92 against 90, made", {},
     dict(taker=0, points=72, belote=2), "made", (92, 90)),
    ("70 with a tierce: dedans, 162 + 20", {},
     dict(taker=0, points=70, announcements=[{"seat": 0, "kind": "tierce"}]), "dedans", (0, 182)),
    # belotejeu.fr / ScoreIt: the belote is imprenable, kept by a team that is dedans.
    ("dedans keeps its belote", {}, dict(taker=1, points=60, belote=3), "dedans", (162, 20)),
    # sexy-belote.com, twiki coinche: capot 250; contree.org: the defence keeps its belote only.
    ("capot 250, the defence's belote", {}, dict(taker=0, capot=0, belote=1), "made", (250, 20)),
    # belotejeu.fr, contree.org, ScoreIt: capot 252 (= 162 + 90).
    ("capot 252", {"capot": 252}, dict(taker=2, capot=0, points=162), "made", (252, 0)),
    # docs/rules.md: a taking team capot'd by the defence is dedans whatever its announcements;
    # the defence scores the capot value and every announcement.
    ("capot by the defence", {},
     dict(taker=0, capot=1, announcements=[{"seat": 0, "kind": "cent"}]), "dedans", (0, 350)),
    # belotegame.fr, regledujeu.fr: only the best team scores, all of its own announcements.
    ("a carré of jacks and a tierce", {},
     dict(taker=1, points=90, announcements=[{"seat": 1, "kind": "carre-jacks"},
                                             {"seat": 3, "kind": "tierce"}]), "made", (72, 310)),
    # lacontree.free.fr lesson 2.2 / coinchons.fr: to the nearest ten, a 5 up.
    ("rounding: 85 and 77", {"rounding": "tens"}, dict(taker=0, points=85), "made", (90, 80)),
    ("rounding: 252 to 250", {"rounding": "tens", "capot": 252},
     dict(taker=0, capot=0), "made", (250, 0)),
    # contree.org: the litige removed from competitions, a tie is dedans.
    ("litige: dedans", {"litige": "dedans"}, dict(taker=0, points=81), "dedans", (0, 162)),
    # contree.org/marque: the defence scores its points, the takers' are held.
    ("litige held", {}, dict(taker=0, points=71, belote=0), "litige", (20, 91)),
]


@pytest.mark.parametrize(("source", "options", "body", "result", "expected"), BELOTE,
                         ids=[row[0] for row in BELOTE])
def test_belote_hands(source: str, options: dict[str, Any], body: dict[str, Any], result: str,
                      expected: tuple[int, int]) -> None:
    state = hand(game(**options), **body)
    assert state.rounds[-1].own.result.value == result  # type: ignore[union-attr]
    assert scores(state) == expected


def test_litige_pot_goes_to_the_next_hand_won() -> None:
    """docs/rules.md's worked example: litige 81/81, then the other team takes and makes 100:
    0/81, then 62/181; a passed hand leaves the pot waiting, and litiges in a row add up."""
    state = hand(game(), taker=0, points=81)
    assert scores(state) == (0, 81) and pot(state) == (81, 1)
    state = hand(state, taker=None)
    assert pot(state) == (81, 1)
    state = hand(state, taker=1, points=100)
    assert scores(state) == (62, 181) and pot(state) == (0, None)
    assert state.rounds[-1].own.released == (1, 81)  # type: ignore[union-attr]
    twice = hand(hand(game(), taker=0, points=81), taker=3, points=81)
    assert pot(twice) == (162, 1)
    given = hand(twice, taker=1, points=40)  # dedans: the pot goes to the defence
    assert scores(given) == (162 + 162, 0)


def test_rounding_adds_the_pot_before_it_rounds() -> None:
    state = hand(game(rounding="tens"), taker=0, points=81)
    assert scores(state) == (0, 80) and pot(state)[0] == 81
    state = hand(state, taker=0, points=100)
    assert scores(state) == (180, 60)  # 100 + 81 = 181 → 180


def test_a_correction_moves_the_pot() -> None:
    state = hand(hand(game(), taker=0, points=81), taker=1, points=100)
    assert state.side_scores == (62, 262)
    corrected = correct_round(state, 1, [parse_hand(state.settings, {"taker": 0, "points": 90})])
    assert corrected.side_scores == (90 + 62, 72 + 100)
    assert pot(corrected) == (0, None)


def test_target_and_a_tie_at_the_target() -> None:
    """belotejeu.fr: the first team at the target wins; equal best totals play another hand."""
    state = hand(game(target=100), taker=0, points=110)
    assert state.finished and state.finished_by.value == "target"  # type: ignore[union-attr]
    assert state.winners == (0, 2)
    short = hand(game(target=100), taker=0, points=90)
    assert not short.finished
    both = hand(hand(game(target=162), taker=0, points=82), taker=1, points=82)
    assert both.side_scores == (162, 162) and not both.finished
    assert hand(both, taker=1, points=100).finished


def test_finish_by_the_scorekeeper() -> None:
    with pytest.raises(RuleError) as refused:
        apply(game(), Finish())
    assert refused.value.code == "phase"
    state = apply(hand(game(), taker=0, points=100), Finish())
    assert state.finished and state.finished_by.value == "scorekeeper"  # type: ignore[union-attr]


def test_deal_passes_right_and_redeal_by() -> None:
    state = game()
    assert state.current is not None and (state.current.dealer, state.current.eldest) == (0, 3)
    state = hand(state, taker=None)
    assert state.current is not None and state.current.dealer == 3
    same = hand(game(redeal_by="same"), taker=None)
    assert same.current is not None and same.current.dealer == 0
    played = hand(same, taker=1, points=100)
    assert played.current is not None and played.current.dealer == 3
    left = hand(game(deal_passes="left"), taker=0, points=100)
    assert left.current is not None and left.current.dealer == 1


def test_a_rematch_deals_on_to_the_right() -> None:
    """The next game's first dealer is the next one the way the deal passes."""
    from companion.rules.rematch import rematch_settings
    state = hand(hand(game(), taker=0, points=100), taker=1, points=100)  # Ana, then Dev dealt
    assert state.rounds[-1].dealer == 3
    assert rematch_settings(state).first_dealer == 2
    assert rematch_settings(game()).first_dealer == 3  # after the dealer of the hand begun
    left = hand(game(deal_passes="left"), taker=0, points=100)
    assert rematch_settings(left).first_dealer == 1  # Ana dealt the last hand; Ben next


# --- Coinche ---------------------------------------------------------------------------------

COINCHE = [
    # lacontree lesson 2.2: 110 ♥, 103 + dix de der = 113 ≥ 110: 113 + 110 = 223 → 220; 49 → 50.
    ("lacontree 2.2: 110 made", {}, dict(taker=0, contract=110, points=113), "made", (220, 50)),
    # tournoidebelote.com, coincheur.fr, ScoreIt: an 80 needs 82; 81-81 fails.
    ("80 made with 82", {"rounding": "none"}, dict(taker=0, contract=80, points=82), "made",
     (162, 80)),
    ("81 fails an 80", {"rounding": "none"}, dict(taker=0, contract=80, points=81), "failed",
     (0, 242)),
    # lacontree 2.4 / coinchons.fr: coinched, all points doubled to the winner, but belotes.
    ("lacontree 2.4: 120 coinched made with 130", {"rounding": "none"},
     dict(taker=0, contract=120, points=130, coinche="coinche"), "made", (564, 0)),
    ("surcoinche failed, belotes kept", {"rounding": "none"},
     dict(taker=0, contract=100, points=70, coinche="surcoinche", belote=0, trump="hearts"),
     "failed", (20, 4 * (162 + 100))),
    # coinchons.fr: capot bid and made, 500.
    ("capot bid and made", {}, dict(taker=1, contract="capot", capot=1), "made", (0, 500)),
    ("capot bid and failed: 162 + 250", {"rounding": "none"},
     dict(taker=1, contract="capot", points=150), "failed", (412, 0)),
    # ScoreIt: a capot made without being bid counts its value: 252 + 140.
    ("capot not bid", {"capot": 252, "rounding": "none"},
     dict(taker=0, contract=140, capot=0), "made", (392, 0)),
    # docs/rules.md: the générale, 500 + 250 made, 162 + 500 failed (derived).
    ("générale made", {}, dict(taker=0, contract="generale", capot=0, generale=True), "made",
     (750, 0)),
    ("générale failed", {}, dict(taker=0, contract="generale", capot=0), "failed", (0, 660)),
    # docs/rules.md: contract-only, the contract × level to the winner, belotes kept.
    ("contract only", {"scoring": "contract-only"},
     dict(taker=0, contract=90, points=100, belote=1), "made", (90, 20)),
    # lacontree counts the belote toward the contract; option off: it does not.
    ("belote not for the contract", {"belote_for_contract": False, "rounding": "none"},
     dict(taker=0, contract=100, points=90, belote=0), "failed", (20, 262)),
]


@pytest.mark.parametrize(("source", "options", "body", "result", "expected"), COINCHE,
                         ids=[row[0] for row in COINCHE])
def test_coinche_hands(source: str, options: dict[str, Any], body: dict[str, Any], result: str,
                       expected: tuple[int, int]) -> None:
    state = hand(game("coinche", **options), **body)
    assert state.rounds[-1].own.result.value == result  # type: ignore[union-attr]
    assert scores(state) == expected


# --- refusals --------------------------------------------------------------------------------

REFUSED = [
    ("belote", {"taker": 0, "points": 161}, "points-range", "points"),
    ("belote", {"taker": 0, "points": 1}, "points-range", "points"),
    ("belote", {"taker": 0, "points": 163}, "points-range", "points"),
    ("belote", {"taker": 4, "points": 100}, "seat", "taker"),
    ("belote", {"taker": 0, "points": 100, "belote": 7}, "seat", "belote"),
    ("belote", {"taker": 0, "points": 100, "announcements": [{"seat": 5, "kind": "tierce"}]},
     "seat", "announcements[0].seat"),
    ("belote", {"taker": 0, "capot": 2}, "seat", "capot"),
    ("belote", {"taker": 0, "capot": 0, "points": 150}, "hand", "points"),
    ("belote", {"taker": 0, "capot": 1, "points": 162}, "hand", "points"),
    ("belote", {"taker": 0}, "hand", "points"),
    ("belote", {"taker": 0, "points": 100, "announcements": [
        {"seat": 0, "kind": "tierce"}, {"seat": 1, "kind": "tierce"}]}, "hand", "announcements"),
    ("belote", {"taker": 0, "points": 100, "announcements": [
        {"seat": 0, "kind": "carre-aces"}, {"seat": 2, "kind": "carre-aces"}]},
     "hand", "announcements"),
    ("belote", {"taker": 0, "points": 100, "announcements": [
        {"seat": 0, "kind": "tierce"}, {"seat": 0, "kind": "tierce"},
        {"seat": 0, "kind": "cinquante"}]}, "hand", "announcements"),
    ("coinche", {"taker": 0, "contract": 100, "points": 100, "announcements": [
        {"seat": 0, "kind": "tierce"}]}, "hand", "announcements"),
    ("belote", {"taker": None, "points": 100}, "hand", "points"),
    ("belote", {"taker": None, "belote": 1}, "hand", "belote"),
    ("coinche", {"taker": 0, "contract": 85, "points": 100}, "bid-range", "contract"),
    ("coinche", {"taker": 0, "contract": 170, "points": 100}, "bid-range", "contract"),
    ("coinche", {"taker": 0, "contract": None, "points": 100}, "bid-range", "contract"),
    ("coinche", {"taker": 0, "contract": 100, "points": 100, "belote": 0, "trump": "no-trump"},
     "hand", "belote"),
    ("coinche", {"taker": 0, "contract": 100, "capot": 0, "generale": True}, "hand", "generale"),
    ("coinche", {"taker": 0, "contract": "generale", "points": 120, "generale": True},
     "hand", "generale"),
]


@pytest.mark.parametrize(("ruleset", "body", "code", "field"), REFUSED)
def test_refusals(ruleset: str, body: dict[str, Any], code: str, field: str) -> None:
    state = game(ruleset)
    with pytest.raises(RuleError) as refused:
        hand(state, **body)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_after_the_end_and_players() -> None:
    over = hand(game(target=100), taker=0, points=100)
    with pytest.raises(RuleError) as refused:
        hand(over, taker=0, points=100)
    assert refused.value.code == "phase"
    for count in (3, 5):
        with pytest.raises(RuleError) as wrong:
            settings("belote", {}, count)
        assert wrong.value.code == "players"


@pytest.mark.parametrize(("ruleset", "body", "field"), [
    ("belote", {"points": 100}, "taker"),
    ("belote", {"taker": 0, "points": 100, "announcements": [{"seat": 0, "kind": "quinte"}]},
     "announcements[0].kind"),
    ("belote", {"taker": 0, "points": "100"}, "points"),
    ("belote", {"taker": 0, "points": 100, "trump": "no-trump"}, "trump"),
    ("belote", {"taker": 0, "points": 100, "contract": 100}, "contract"),
    ("coinche", {"taker": 0, "points": 100}, "contract"),
    ("coinche", {"taker": 0, "contract": "big", "points": 100}, "contract"),
    ("coinche", {"taker": 0, "contract": 100, "points": 100, "coinche": "double"}, "coinche"),
])
def test_wrong_shapes(ruleset: str, body: dict[str, Any], field: str) -> None:
    with pytest.raises(ShapeError) as wrong:
        parse_hand(game(ruleset).settings, body)
    assert wrong.value.field == field


def test_stored_form_round_trips() -> None:
    settings = game("coinche").settings
    entry = parse_hand(settings, {"taker": 1, "contract": 110, "points": 94, "belote": 3,
                                  "trump": "hearts", "coinche": "coinche"})
    assert isinstance(entry, BeloteHand)
    assert parse_hand(settings, entry.to_json()) == entry
