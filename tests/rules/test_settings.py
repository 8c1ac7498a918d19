"""Rulesets, options and players (docs/rules.md section 5 "Names"; docs/api.md's rulesets and options)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules import (
    NAME_MAX,
    RULESETS,
    Hook,
    IntRange,
    RuleError,
    Scoring,
    TypedOptions,
    ZeroBid,
    get_ruleset,
    max_hand_range,
    new_settings,
    settings_from_json,
    settings_problems,
)

from .expected import NAMES, PLAYERS

# -- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        pytest.param("Ana", "Ana", id="RULES-5-plain"),
        pytest.param("  Ana  ", "Ana", id="RULES-5-trimmed"),
        pytest.param("\tBen\n", "Ben", id="RULES-5-trimmed-tabs"),
        pytest.param("A", "A", id="RULES-5-one-character"),
        pytest.param("x" * 24, "x" * 24, id="RULES-5-24-characters"),
        pytest.param("  " + "y" * 24 + "  ", "y" * 24, id="RULES-5-24-after-trimming"),
        pytest.param("Zoë", "Zoë", id="RULES-5-letters"),
        pytest.param("Jose\u0301", "José", id="RULES-5-composed"),
        pytest.param("李雷", "李雷", id="RULES-5-any-script"),
        pytest.param("Мария", "Мария", id="RULES-5-cyrillic"),
        pytest.param("🃏 Joker", "🃏 Joker", id="RULES-5-emoji"),
        pytest.param("👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦", id="RULES-5-emoji-zwj-sequence"),
        pytest.param("🩷", "🩷", id="RULES-5-emoji-newer-than-python-tables"),
        pytest.param("Ana Maria", "Ana Maria", id="RULES-5-inner-space"),
    ],
)
def test_names_accepted(given: str, kept: str) -> None:
    settings = new_settings("oh-hell", [given, "Other 1", "Other 2"])
    assert settings.players[0] == kept


@pytest.mark.parametrize(
    ("names", "reason", "seat"),
    [
        pytest.param(["", "B", "C"], "name-empty", 0, id="RULES-5-empty"),
        pytest.param(["A", "   ", "C"], "name-empty", 1, id="RULES-5-blank"),
        pytest.param(["A", "\u200b\u200d", "C"], "name-empty", 1, id="RULES-5-invisible-is-blank"),
        pytest.param(["A", "B", "z" * 25], "name-long", 2, id="RULES-5-25-characters"),
        pytest.param(["Ana", "Ben", "Ana"], "name-duplicate", 2, id="RULES-5-unique"),
        pytest.param(["Ana", "Ben", " Ana "], "name-duplicate", 2, id="RULES-5-unique-after-trimming"),
        pytest.param(["Ana", "ANA", "Cleo"], "name-duplicate", 1, id="RULES-5-unique-ignoring-case"),
        pytest.param(["José", "Jose\u0301", "C"], "name-duplicate", 1, id="RULES-5-unique-composed"),
        pytest.param(["A\x00B", "B", "C"], "name-character", 0, id="RULES-5-control-character"),
        pytest.param(["A", "B\u2028C", "D"], "name-character", 1, id="RULES-5-line-separator"),
        pytest.param(["A", 7, "C"], "name-type", 1, id="API-name-not-text"),
        pytest.param(["A", None, "C"], "name-type", 1, id="API-name-null"),
    ],
)
def test_names_refused(names: list[object], reason: str, seat: int) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("oh-hell", names)
    error = caught.value
    assert (error.code, error.reason, error.seat, error.field) == ("players", reason, seat, "players")


def test_name_limit() -> None:
    assert NAME_MAX == 24


@pytest.mark.parametrize("players", ["Ana, Ben, Cleo", None, 3, {"Ana": 1}], ids=["text", "null", "number", "object"])
def test_players_must_be_a_list(players: object) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("oh-hell", players)
    assert (caught.value.code, caught.value.reason) == ("players", "players-type")


@pytest.mark.parametrize(
    ("ruleset", "count"),
    [(r, n) for r in sorted(PLAYERS) for n in (min(PLAYERS[r]) - 1, max(PLAYERS[r]) + 1)],
)
def test_player_count_out_of_range(ruleset: str, count: int) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings(ruleset, [f"P{i}" for i in range(count)])
    assert (caught.value.code, caught.value.reason) == ("players", "player-count")
    assert caught.value.params["count"] == count


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_player_range_matches_rules(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    assert (rules.min_players, rules.max_players) == (min(PLAYERS[ruleset]), max(PLAYERS[ruleset]))


# -- first dealer ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [-1, 3, True, "0", 1.0, None])
def test_first_dealer_must_be_a_seat(dealer: object) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings("oh-hell", ["A", "B", "C"], dealer)
    assert (caught.value.code, caught.value.field) == ("seat", "first_dealer")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_first_dealer(dealer: int) -> None:
    assert new_settings("oh-hell", ["A", "B", "C"], dealer).first_dealer == dealer


# -- rulesets and options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "defaults"),
    [
        pytest.param("oh-seven", {"card_passing": False}, id="RULES-1-passing-off"),
        pytest.param("oh-hell", {"scoring": "exact", "schedule": "down-up", "hook": "always",
                                 "max_hand": None, "zero_bid": "standard"}, id="RULES-2-and-6"),
        pytest.param("elevator", {"scoring": "tricks-plus-bonus", "schedule": "down-up",
                                  "hook": "always", "max_hand": None, "zero_bid": "standard"},
                     id="RULES-3-and-6"),
        pytest.param("seven-up", {"target": 7, "game_tie": "nobody", "low_to": "holder"}, id="RULES-4"),
    ],
)
def test_defaults(ruleset: str, defaults: dict[str, object]) -> None:
    players = ["A", "B", "C"]
    settings = new_settings(ruleset, players)
    assert dict(settings.options) == defaults
    assert settings_from_json(settings.to_json()) == settings


@pytest.mark.parametrize(
    ("ruleset", "option", "choices"),
    [
        ("oh-seven", "card_passing", (False, True)),
        ("oh-hell", "scoring", ("exact", "tricks-plus-bonus", "tricks-plus-five", "squared")),
        ("oh-hell", "schedule", ("down-up", "down", "up", "up-down")),
        ("elevator", "schedule", ("down-up", "down", "up", "up-down")),
        ("oh-hell", "hook", ("always", "never", "not-last")),
        ("elevator", "hook", ("always", "never", "not-last")),
        ("oh-hell", "zero_bid", ("standard", "five", "five-plus-hand")),
        ("elevator", "zero_bid", ("standard", "five", "five-plus-hand")),
        ("seven-up", "target", (7, 10)),
        ("seven-up", "game_tie", ("nobody", "eldest")),
        ("seven-up", "low_to", ("holder", "winner")),
    ],
)
def test_every_option_choice(ruleset: str, option: str, choices: tuple[object, ...]) -> None:
    assert set(RULESETS[ruleset].options[option].choices) == set(choices)
    for choice in choices:
        settings = new_settings(ruleset, ["A", "B", "C"], options={option: choice})
        assert settings.options[option] == choice and type(settings.options[option]) is type(choice)
        assert settings_from_json(settings.to_json()) == settings


@pytest.mark.parametrize(
    ("ruleset", "options", "reason", "field"),
    [
        pytest.param("oh-hell", {"scoring": "fancy"}, "option-value", "options.scoring", id="value"),
        pytest.param("oh-hell", {"schedule": "sideways"}, "option-value", "options.schedule", id="schedule"),
        pytest.param("oh-hell", {"schedule": None}, "option-value", "options.schedule", id="null"),
        pytest.param("seven-up", {"target": 8}, "option-value", "options.target", id="target-8"),
        pytest.param("seven-up", {"target": "7"}, "option-value", "options.target", id="target-text"),
        pytest.param("seven-up", {"target": 7.0}, "option-value", "options.target", id="target-float"),
        pytest.param("seven-up", {"game_tie": "dealer"}, "option-value", "options.game_tie", id="game-tie"),
        pytest.param("seven-up", {"low_to": "nobody"}, "option-value", "options.low_to", id="low-to"),
        pytest.param("oh-seven", {"card_passing": 1}, "option-value", "options.card_passing", id="flag-as-1"),
        pytest.param("oh-seven", {"card_passing": "yes"}, "option-value", "options.card_passing", id="flag-text"),
        pytest.param("oh-seven", {"passing": True}, "option-unknown", "options.passing", id="unknown"),
        pytest.param("elevator", {"scoring": "tricks-plus-bonus"}, "option-unknown", "options.scoring", id="preset"),
        pytest.param("oh-hell", ["scoring"], "options-type", "options", id="not-an-object"),
        pytest.param("oh-hell", {"hook": "sometimes"}, "option-value", "options.hook", id="hook"),
        pytest.param("elevator", {"hook": None}, "option-value", "options.hook", id="hook-null"),
        pytest.param("oh-hell", {"zero_bid": 5}, "option-value", "options.zero_bid", id="zero-bid"),
        pytest.param("oh-hell", {"max_hand": 0}, "option-range", "options.max_hand", id="max-hand-0"),
        pytest.param("oh-hell", {"max_hand": 18}, "max-hand-players", "options.max_hand", id="max-hand-18"),
        pytest.param("oh-hell", {"max_hand": -2}, "option-range", "options.max_hand", id="max-hand-negative"),
        pytest.param("oh-hell", {"max_hand": "10"}, "option-range", "options.max_hand", id="max-hand-text"),
        pytest.param("oh-hell", {"max_hand": True}, "option-range", "options.max_hand", id="max-hand-flag"),
        pytest.param("elevator", {"max_hand": 9.0}, "option-range", "options.max_hand", id="max-hand-float"),
        pytest.param("oh-seven", {"hook": "never"}, "option-unknown", "options.hook", id="no-hook"),
    ],
)
def test_option_errors(ruleset: str, options: object, reason: str, field: str) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings(ruleset, ["A", "B", "C"], options=options)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.reason, caught.value.field) == ("ruleset", reason, field)


def test_bool_is_not_the_target_1() -> None:
    """``True == 1`` in Python: the target 10 or 7 must be given as a number, not a flag."""
    with pytest.raises(RuleError):
        new_settings("seven-up", ["A", "B"], options={"target": True})


@pytest.mark.parametrize("ruleset", ["bridge", "Oh-Hell", "", None, 7])
def test_unknown_ruleset(ruleset: object) -> None:
    with pytest.raises(RuleError) as caught:
        new_settings(ruleset, ["A", "B", "C"])
    assert (caught.value.code, caught.value.reason, caught.value.field) == ("ruleset", "ruleset-unknown", "ruleset")


def test_rulesets() -> None:
    assert sorted(RULESETS) == ["belote", "coinche", "elevator", "oh-hell", "oh-seven", "scopa",
                                "score-pad", "seven-up", "spades", "tarot", "wizard"]


# -- house rules (docs/rules.md section 6) ------------------------------------------------------------


def test_max_hand_is_a_range_defaulting_to_the_players() -> None:
    """docs/api.md: a range option lists {min, max}; its default null is decided by the players."""
    for ruleset in ("oh-hell", "elevator"):
        option = RULESETS[ruleset].options["max_hand"]
        assert (option.default, option.choices) == (None, IntRange(1, 17))


@pytest.mark.parametrize(
    ("players", "most"),
    # docs/rules.md section 6: 1 … floor(51 / players); "4 players reach 12" (Wikipedia, "Oh Hell").
    [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7)],
)
def test_max_hand_up_to_51_cards_over_the_players(players: int, most: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for ruleset in ("oh-hell", "elevator"):
        assert new_settings(ruleset, names, options={"max_hand": most}).typed.max_hand == most
        assert new_settings(ruleset, names, options={"max_hand": 1}).typed.max_hand == 1
        with pytest.raises(RuleError) as caught:
            new_settings(ruleset, names, options={"max_hand": most + 1})
        error = caught.value
        assert (error.code, error.reason, error.field) == ("ruleset", "max-hand-players",
                                                             "options.max_hand")
        # The cards dealt and the one kept for trump are said with the limit (not copied).
        assert error.params == {"option": "max_hand", "value": most + 1, "players": players,
                                "most": most, "dealt": 51, "kept": 1}
        assert f"{players} players" in error.message and "max_hand" in error.message


def test_options_are_parsed_once_into_typed_values() -> None:
    settings = new_settings("oh-hell", ["A", "B", "C"], options={
        "hook": "not-last", "scoring": "squared", "zero_bid": "five-plus-hand", "max_hand": 5})
    assert settings.typed == TypedOptions(scoring=Scoring.SQUARED, hook=Hook.NOT_LAST,
                                          zero_bid=ZeroBid.FIVE_PLUS_HAND, max_hand=5)
    # The JSON form stays as the API shows it.
    assert settings.to_json()["options"] == {"scoring": "squared", "schedule": "down-up",
                                             "hook": "not-last", "max_hand": 5,
                                             "zero_bid": "five-plus-hand"}
    assert settings_from_json(settings.to_json()).typed == settings.typed
    assert new_settings("elevator", ["A", "B", "C"]).typed.scoring is Scoring.TRICKS_PLUS_BONUS


@pytest.mark.parametrize("ruleset", ["oh-hell", "elevator"])
def test_games_stored_before_the_house_rules_play_as_before(ruleset: str) -> None:
    """A game stored without the section-6 options gets their defaults: the seeds' rules."""
    stored = {"ruleset": ruleset, "players": ["A", "B", "C"], "first_dealer": 0,
              "options": {"schedule": "down-up", **({"scoring": "exact"} if ruleset == "oh-hell"
                                                    else {"scoring": "tricks-plus-bonus"})}}
    settings = settings_from_json(stored)
    assert settings == new_settings(ruleset, ["A", "B", "C"])
    assert (settings.typed.hook, settings.typed.max_hand, settings.typed.zero_bid) == (
        Hook.ALWAYS, None, ZeroBid.STANDARD)


# -- sides ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "count"),
                         [(r, n) for r, counts in PLAYERS.items() for n in counts])
def test_sides_and_their_seats(ruleset: str, count: int) -> None:
    settings = new_settings(ruleset, NAMES[:count])
    teams = ruleset == "seven-up" and count == 4  # docs/rules.md: Seven-Up's four play in partners
    assert settings.has_teams is teams
    assert [settings.side_of(s) for s in settings.seats] == (
        [0, 1, 0, 1] if teams else list(range(count)))
    assert [settings.seats_of(side) for side in settings.sides] == (
        [(0, 2), (1, 3)] if teams else [(s,) for s in range(count)])


def test_settings_worked_out_once_are_the_same_value() -> None:
    """What settings cache once asked (``has_teams``, the seats of each side) is no part of their
    value: equal and the same repr, asked or not, and settings made again ask afresh."""
    asked, fresh = new_settings("seven-up", NAMES[:4]), new_settings("seven-up", NAMES[:4])
    assert asked.has_teams and asked.seats_of(1) == (1, 3)
    assert asked == fresh and repr(asked) == repr(fresh)
    assert vars(asked).keys() > vars(fresh).keys()  # cached beside the fields, not among them
    other = replace(asked, players=NAMES[:3])  # __init__ again: nothing cached carries over
    assert not other.has_teams and other.seats_of(2) == (2,)


@pytest.mark.parametrize(("players", "most"), [(2, 17), (3, 17), (4, 12), (5, 10), (7, 7), (8, 6)])
def test_max_hand_range_is_the_option_cut_to_the_deal(players: int, most: int) -> None:
    """docs/rules.md section 6: what the new-game page offers as the largest hand, by players."""
    assert max_hand_range(players) == IntRange(1, most)
    names = [f"P{i}" for i in range(players)]
    if 3 <= players <= 7:
        assert new_settings("oh-hell", names, options={"max_hand": most}).typed.max_hand == most


# -- every problem at once -----------------------------------------------------------------------

PROBLEM_CASES = [
    pytest.param(("oh-hell", ["Lucy", "x" * 25, "lucy"]), ["name-long", "name-duplicate"],
                 id="long-and-duplicate"),
    pytest.param(("oh-hell", ["Ana", "Ben", "Cleo", "Dev"], 0, {"max_hand": 13, "hook": "sometimes"}),
                 ["max-hand-players", "option-value"], id="two-options"),
    pytest.param(("oh-hell", ["Ana", " ", "ana"], 5), ["name-empty", "name-duplicate",
                                                       "dealer-seat"], id="names-and-dealer"),
    pytest.param(("oh-hell", ["Ana", "x" * 30]), ["player-count", "name-long"], id="count-and-name"),
    pytest.param(("whist", ["Ana", "", "Ben"]), ["ruleset-unknown", "name-empty"],
                 id="unknown-game-names-still-judged"),
    pytest.param(("oh-hell", "Ana"), ["players-type"], id="no-list"),
    pytest.param(("seven-up", ["Ana", "Ben"], 0, {"target": 99, "colour": "red"}),
                 ["option-value", "option-unknown"], id="option-and-unknown"),
    pytest.param(("oh-hell", ["Ana", "Ben", "Cleo"]), [], id="none"),
]


@pytest.mark.parametrize(("given", "reasons"), PROBLEM_CASES)
def test_settings_problems_are_all_of_them_the_first_as_new_settings_raises(
        given: tuple, reasons: list[str]) -> None:  # type: ignore[type-arg]
    found = settings_problems(*given)
    assert [e.reason for e in found] == reasons
    if not found:
        assert new_settings(*given).players == tuple(given[1])
        return
    with pytest.raises(RuleError) as caught:
        new_settings(*given)
    first = caught.value
    assert (first.code, first.reason, first.field, first.seat, first.params) == (
        found[0].code, found[0].reason, found[0].field, found[0].seat, found[0].params)
    assert first.message == found[0].message


def test_settings_problems_name_each_seat() -> None:
    found = settings_problems("oh-hell", ["Lucy", "Maximiliana-Josephine-Anne", "LUCY", "lucy"])
    assert [(e.reason, e.seat) for e in found] == [("name-long", 1), ("name-duplicate", 2),
                                                    ("name-duplicate", 3)]
