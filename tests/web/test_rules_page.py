"""The rules pages, /rules/<ruleset>: the rules as the engine enforces them, each house rule with
its values, effects and sources, the seed; in English, French and Italian; linked from the
new-game page and from the game page's banner."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from companion.rules import RULESETS

from .conftest import Scorekeeper, text


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_each_game_has_its_rules_page(client: FlaskClient, ruleset: str) -> None:
    response = client.get(f"/rules/{ruleset}")
    assert response.status_code == 200
    page = text(response)
    name = RULESETS[ruleset].name
    assert f"Rules of {name}" in page
    assert "Where these rules come from" in page
    html = response.get_data(as_text=True)
    assert re.search(rf'<a href="/rules/{ruleset}" aria-current="page">', html)
    assert f'href="/new?game={ruleset}"' in html
    if ruleset != "score-pad":  # any other game has no seed to quote
        # The seeds are French and Italian; Spades' sources (Pagat) are English.
        assert re.search(r'<blockquote lang="(fr|it|en)">', html)


def test_an_unknown_game_has_no_rules_page(client: FlaskClient) -> None:
    assert client.get("/rules/poker").status_code == 404
    assert client.get("/rules/").status_code == 404


def test_oh_hell_says_the_deal_bidding_the_hook_scoring_and_the_end(client: FlaskClient) -> None:
    page = text(client.get("/rules/oh-hell"))
    for sentence in (
        "The deal", "Bidding", "The hook", "Tricks", "Scoring", "The end",
        "the dealer bids last",
        "With 5 cards and bids 1, 2, and 0, the dealer may not bid 2 (1 + 2 + 0 + 2 = 5).",
        "Bids 1, 2, 0, 1 and tricks 1, 3, 0, 1 score 11, 0, 10, 11.",
        "equal totals share the win",
        # From the engine's schedule (docs/rules.md section 2: 19, 15 and 13 rounds).
        "3 to 5 players: 10 cards at most, 19 rounds",
        "6 players: 8 cards at most, 15 rounds",
        "7 players: 7 cards at most, 13 rounds",
        "Seed 001: the French Oh Hell rules",
    ):
        assert sentence in page, sentence
    assert "Card passing" not in page and "Rebids" not in page


def test_every_house_rule_is_listed_with_its_values_effects_and_sources(
        client: FlaskClient) -> None:
    page = text(client.get("/rules/oh-hell"))
    for sentence in (
        "The dealer's hook", "Every round default", "Never", "Not in the last round",
        "Source: traditionalgamerules.neocities.org, “Oh Hell”: in the last round all players, "
        "the dealer included, bid what they choose",
        "Largest hand", "By the number of players default", "This many cards (1 to 17 cards)",
        "Source: Wikipedia, “Oh Hell”: only up to 12 cards are dealt in a four-player match",
        "Scoring", "Tricks plus 5", "Squared", "Source: pagat.com and Wikipedia",
        "An exact zero", "5 plus the cards", "Source: Wikipedia, “Oh Hell”: the adjusted 0 bid",
        "Hand sizes", "Up and down",
        # The engine's deal limit, floor(51 / players) (docs/rules.md section 6).
        "3 players: up to 17 cards", "4 players: up to 12 cards", "7 players: up to 7 cards",
        "Source: Seed 001: the French Oh Hell rules",
    ):
        assert sentence in page, sentence
    assert page.count(" default ") >= 5  # one default marked per option


def test_elevator_says_its_scoring_is_fixed(client: FlaskClient) -> None:
    page = text(client.get("/rules/elevator"))
    assert "Fixed in Elevator: Scoring — Tricks plus 10" in page
    assert "bid 3, took 3 scores 13; bid 2, took 3 scores 3." in page
    assert "Source: Seed 003" in page


def test_oh_seven_and_seven_up_say_their_own_rules(client: FlaskClient) -> None:
    oh_seven = text(client.get("/rules/oh-seven"))
    for sentence in ("Card passing", "Rebids", "Bids that add up to exactly 7",
                     "After 7 failed bids", "Pass cards", "Source: Seeds 000 and 002"):
        assert sentence in oh_seven, sentence
    assert "The hook" not in oh_seven
    seven_up = text(client.get("/rules/seven-up"))
    for sentence in ("Stand or beg", "The points of a hand", "a game never ties",
                     "Low goes to", "Source: A table variant: seed 004 gives low to its holder",
                     "Source: Seed 004: ten chips instead of seven"):
        assert sentence in seven_up, sentence


@pytest.mark.parametrize(("lang", "sentences"), [
    ("fr", ["Règles du jeu : Oh Hell", "La restriction du donneur", "Règles maison",
            "Jamais", "Pas à la dernière manche", "D’où viennent ces règles",
            "3 à 5 joueurs : 10 cartes au plus, 19 manches"]),
    ("it", ["Regole del gioco: Oh Hell", "Il vincolo del mazziere", "Regole della casa",
            "Mai", "Non all’ultimo round", "Da dove vengono queste regole",
            "Da 3 a 5 giocatori: al massimo 10 carte, 19 round"]),
])
def test_the_rules_page_in_french_and_italian(client: FlaskClient, lang: str,
                                              sentences: list[str]) -> None:
    response = client.get("/rules/oh-hell", headers={"Accept-Language": lang})
    assert f'<html lang="{lang}">' in response.get_data(as_text=True)
    page = text(response).replace("\u00a0", " ")
    for sentence in sentences:
        assert sentence in page, sentence


def test_the_new_game_page_links_each_games_rules(client: FlaskClient) -> None:
    html = client.get("/new").get_data(as_text=True)
    for ruleset, rules in RULESETS.items():
        assert f'<a href="/rules/{ruleset}">Rules of {rules.name}</a>' in html


def test_the_game_page_links_its_rules_beside_the_banner(start: Callable[..., Scorekeeper],
                                                         client: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"])
    html = client.get(keeper.url).get_data(as_text=True)
    assert re.search(rf'<a class="rules-help" href="/rules/oh-hell\?game={keeper.id}" '
                     r'aria-label="Rules of Oh Hell">\?</a>', html)
    seven_up = start("seven-up", ["Ana", "Ben"])
    html = client.get(seven_up.url, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert (f'href="/rules/seven-up?game={seven_up.id}" '
            'aria-label="Règles du jeu\u00a0: Seven-Up"') in html


def test_from_a_game_its_house_rules_are_marked(start: Callable[..., Scorekeeper],
                                                client: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo", "Dev"], hook="never", scoring="squared",
                  max_hand="number", max_hand_number="12")
    response = client.get(f"/rules/oh-hell?game={keeper.id}")
    page = text(response)
    assert "Back to the game · Its house rules are marked “this game”." in page
    assert f'href="/g/{keeper.id}"' in response.get_data(as_text=True)
    for marked in ("Never this game", "Squared this game",
                   "This many cards (1 to 17 cards) this game: 12 cards",
                   "Down and up default this game", "As the scoring says default this game"):
        assert marked in page, marked
    assert page.count("this game") == 6  # the five options, and the line above them
    # Another game's id, or an unknown one, marks nothing.
    for other in (f"/rules/elevator?game={keeper.id}", "/rules/oh-hell?game=nope"):
        assert "this game" not in text(client.get(other))


def test_oh_sevens_facts_are_the_engines(client: FlaskClient) -> None:
    """Every number of Oh-Seven's rules page is asked of the engine (docs/rules.md section 1)."""
    from companion.rules import card_bids, cards, deck

    page = text(client.get("/rules/oh-seven"))
    ruleset = RULESETS["oh-seven"]
    for sentence in (
        f"{ruleset.min_players} to {ruleset.max_players} players. One deck of {len(deck())} "
        f"cards, {cards.LOWEST} to {cards.HIGHEST} in each suit",
        "two decks for 5 players or more",  # card_bids.decks: one deck up to 4
        f"{card_bids.ROUNDS} rounds of {card_bids.HAND_SIZE} cards each",
        "round 2, 1 card to the left; round 3, 2 cards to the right; round 4, 3 cards to the "
        "left; round 5, 2 cards to the right; round 6, 1 card to the left. None in rounds 1 and 7.",
        "equal values rank by suit, ♠ over ♥ over ♦ over ♣.",
        f"Bids that add up to exactly {card_bids.REBID_SUM} would let everyone make their bid",
        "The top bidder scores 1 point at once",
        f"After {card_bids.HAND_SIZE} failed bids every card has been used",
        f"Each player takes 0 to {card_bids.HAND_SIZE} tricks; together they make "
        f"{card_bids.HAND_SIZE}.",
        f"scores the bid plus {card_bids.oh_seven(3, 3).bonus} (bid 3, took 3: "
        f"{card_bids.oh_seven(3, 3).total}). A missed bid loses the difference (bid 3, took 1: −2).",
        f"After round {card_bids.ROUNDS} the highest total wins",
    ):
        assert sentence in page, sentence


def test_oh_sevens_page_follows_the_engine_when_a_rule_changes(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the engine's Oh-Seven to change, its rules page would say so: nothing is copied."""
    from companion.rules import card_bids

    monkeypatch.setattr(card_bids, "REBID_SUM", 9)
    monkeypatch.setattr(card_bids, "REBID_BONUS", 2)
    monkeypatch.setattr(card_bids, "ROUNDS", 8)
    monkeypatch.setattr(card_bids, "HAND_SIZE", 6)
    monkeypatch.setattr(card_bids, "PASSING", {3: (2, "left")})
    monkeypatch.setattr(card_bids, "ONE_DECK_PLAYERS", 3)
    page = text(client.get("/rules/oh-seven"))
    for sentence in ("exactly 9 would", "scores 2 points at once", "8 rounds of 6 cards each",
                     "all at once: round 3, 2 cards to the left. None in rounds 1, 2, 4, 5, 6, 7, "
                     "and 8.", "After 6 failed bids", "takes 0 to 6 tricks", "After round 8",
                     "two decks for 4 players or more"):
        assert sentence in page, sentence


@pytest.mark.parametrize(("lang", "sentences"), [
    ("fr", ["De 2 à 9 joueurs. Un jeu de 32 cartes, de 0 à 7 dans chaque couleur",
            "manche 2, 1 carte à gauche ; manche 3, 2 cartes à droite",
            "Aucun passage aux manches 1 et 7.", "♠ avant ♥ avant ♦ avant ♣",
            "égale à 7", "gagne tout de suite 1 point bonus", "(pari 3, 1 pli : −2)"]),
    ("it", ["Da 2 a 9 giocatori. Un mazzo di 32 carte, da 0 a 7 in ogni seme",
            "round 2, 1 carta a sinistra; round 3, 2 carte a destra",
            "Nessun passaggio nei round 1 e 7.", "♠ batte ♥ batte ♦ batte ♣",
            "offerte è 7,", "ottiene subito 1 punto", "(offerte 3, fatte 1: −2)"]),
])
def test_oh_sevens_facts_in_french_and_italian(client: FlaskClient, lang: str,
                                               sentences: list[str]) -> None:
    page = text(client.get("/rules/oh-seven", headers={"Accept-Language": lang}))
    page = page.replace("\u00a0", " ")
    for sentence in sentences:
        assert sentence in page, sentence


@pytest.mark.parametrize(("ruleset", "sentence"), [
    ("oh-hell", "A bid made exactly scores 10 plus the bid (10 for an exact zero); any miss scores 0."),
    ("elevator", "One point a trick, plus 10 for an exact bid: bid 3, took 3 scores 13; bid 2, took 3 "
                 "scores 3."),
])
def test_the_worked_examples_are_the_engines(client: FlaskClient,
                                             monkeypatch: pytest.MonkeyPatch,
                                             ruleset: str, sentence: str) -> None:
    """The hook and the scores of the in-turn games' pages come from the engine
    (docs/rules.md sections 2 and 3): the engine's answers today, and whatever it says instead."""
    from companion.rules import hook, scoring

    page = text(client.get(f"/rules/{ruleset}"))
    assert sentence in page and "the dealer may not bid 2 (1 + 2 + 0 + 2 = 5)" in page
    assert "3 to 7 players, one deck of 52 cards" in page
    monkeypatch.setattr(hook, "forbidden_bid", lambda hand_size, others: 4)
    monkeypatch.setattr(scoring, "made_by", lambda settings, bid, taken, size:
                        scoring.Made(scoring.Rule.TEN_PLUS_BID, 20 + bid, taken))
    changed = text(client.get(f"/rules/{ruleset}"))
    assert "the dealer may not bid 4 (1 + 2 + 0 + 4 = 5)" in changed
    if ruleset == "oh-hell":
        assert "scores 21 plus the bid (20 for an exact zero); any miss scores 21." in changed
    else:
        assert "plus 3 for an exact bid: bid 3, took 3 scores 26; bid 2, took 3 scores 25." in changed


def test_seven_ups_facts_are_the_engines(client: FlaskClient) -> None:
    """Seven-Up's page says the engine's numbers and order (docs/rules.md section 4): who plays
    alone or as partners, the hand, the jacks of a pack, the gift, the target, the counting."""
    from companion.rules import seven_up

    page = text(client.get("/rules/seven-up"))
    for sentence in (
        "2 or 3 players, each for themselves, or 4 in two partnerships: players 1 and 3 against "
        "players 2 and 4, in seating order. One deck of 52 cards.",
        "6 cards each, then one card turned up for trump.",
        "with 3 players both non-dealers score it", "(a pack has 4)",
        # docs/rules.md section 4 (Foster's Complete Hoyle): neither receiver may go out on a gift.
        "The dealer may not give a point that would put someone out: eldest's side, or with 3 "
        "players either non-dealer (a game started before Companion checked both keeps checking "
        "eldest alone).",
        f"runs the cards: {seven_up.RUN_CARDS} more cards each and a new card turned up",
        "The first side to the target wins (7 points unless the table chooses otherwise",
        "Points count in this order: Turned jack, Gift, High, Low, Jack, and Game; the first 2 "
        "come before play.",
        # The house rule's values are the registry's own (7 and 10).
        "7 points default The first side to 7 points wins.",
        "10 points A longer game: the first side to 10 wins.",
    ):
        assert sentence in page, sentence


def test_seven_ups_page_follows_the_engine_when_a_rule_changes(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were Seven-Up's engine to change, its rules page would say so: nothing is copied."""
    from dataclasses import replace

    from companion.rules import Option, seven_up
    from companion.rules.settings import Settings
    from companion.web import rules_page

    monkeypatch.setattr(seven_up, "HAND_SIZE", 9)
    monkeypatch.setattr(seven_up, "JACKS_IN_PACK", 8)
    monkeypatch.setattr(seven_up, "RUN_CARDS", 4)
    monkeypatch.setattr(seven_up, "COUNTING_ORDER", ("gift", *seven_up.PLAY_POINTS))
    monkeypatch.setattr(seven_up, "gift_receivers",
                        lambda settings, round_: (1, 2) if len(settings.players) > 2 else (1,))
    # Partners side by side: seats 0 and 1 against 2 and 3.
    monkeypatch.setattr(Settings, "side_of",
                        lambda self, seat: seat // 2 if self.has_teams else seat)
    ruleset = rules_page.RULESETS["seven-up"]
    options = {**ruleset.options, "target": Option(10, (10, 7))}
    monkeypatch.setattr(rules_page, "RULESETS",
                        {**rules_page.RULESETS, "seven-up": replace(ruleset, options=options)})
    page = text(client.get("/rules/seven-up"))
    for sentence in ("players 1 and 2 against players 3 and 4", "9 cards each",
                     "with 3 or 4 players both non-dealers score it", "(a pack has 8)",
                     "with 3 or 4 players either non-dealer",
                     "runs the cards: 4 more cards each",
                     "(10 points unless the table chooses otherwise",
                     "in this order: Gift, High, Low, Jack, and Game; the first 1 come before"):
        assert sentence in page, sentence


def test_the_deck_and_the_largest_hands_are_the_engines(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck, Elevator's largest hands and the deal limit on the in-turn games' pages and
    house rules are the engine's (docs/rules.md sections 2, 3 and 6)."""
    from companion.rules import settings, turn_bids

    page = text(client.get("/rules/elevator"))
    assert ("10 cards each, one fewer each round down to 1, then back up to 10. With 6 or 7 "
            "players a 52-card deck cannot deal 10 each and still turn a trump, so the largest "
            "hand is 8 or 7.") in page
    assert "at most 51 ÷ players (12 for 4)." in page
    monkeypatch.setattr(settings, "FULL_DECK", 60)
    monkeypatch.setattr(turn_bids, "LARGEST_HAND", {3: 9, 4: 9, 5: 9, 6: 9, 7: 8})
    changed = text(client.get("/rules/elevator"))
    for sentence in ("3 to 7 players, one deck of 60 cards.",
                     "9 cards each, one fewer each round down to 1, then back up to 9. With 7 "
                     "players a 60-card deck cannot deal 9 each and still turn a trump, so the "
                     "largest hand is 8.",
                     "9 cards for 3 to 6 players, 8 cards for 7 players.",
                     "at most 59 ÷ players (14 for 4).", "4 players: up to 14 cards"):
        assert sentence in changed, sentence
    assert "One deck of 60 cards." in text(client.get("/rules/seven-up"))


def test_the_house_rules_numbers_are_the_engines(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each house rule's label and effect says the engine's scores and passing (docs/rules.md
    section 6), on the rules page and the new-game page alike."""
    from companion.rules import Scoring, ZeroBid, card_bids, scoring

    page = text(client.get("/rules/oh-hell"))
    for sentence in ("Make your bid exactly: 10 plus the bid.", "Tricks plus 5",
                     "One point a trick, plus 5 for an exact bid.",
                     "Exact bid: 10 plus the bid squared. Miss it: minus the miss squared "
                     "(bid 3, took 1: −4).",
                     "An exact zero scores 5 plus the hand size (12 with 7 cards)."):
        assert sentence in page, sentence

    real = scoring.in_turn

    def doubled(rule: Scoring, zero: ZeroBid, bid: int, taken: int, hand: int) -> scoring.Made:
        made = real(rule, zero, bid, taken, hand)
        return scoring.Made(made.rule, 2 * made.base, 2 * made.bonus)

    monkeypatch.setattr(scoring, "in_turn", doubled)
    monkeypatch.setattr(card_bids, "PASSING", {4: (2, "right")})
    for url in ("/rules/oh-hell", "/new?game=oh-hell"):
        changed = text(client.get(url))
        for sentence in ("Make your bid exactly: 20 plus the bid.", "Tricks plus 10",
                         "One point a trick, plus 10 for an exact bid.",
                         "(bid 3, took 1: −8).", "An exact zero scores 10.",
                         "An exact zero scores 10 plus the hand size (24 with 7 cards)."):
            assert sentence in changed, (url, sentence)
    assert "Fixed in Elevator: Scoring — Tricks plus 20" in text(client.get("/rules/elevator"))
    assert ("Before bidding, everyone passes cards: round 4, 2 cards to the right."
            in text(client.get("/rules/oh-seven")))


@pytest.mark.parametrize(("lang", "sentences"), [
    ("fr", ["2 ou 3 joueurs, chacun pour soi, ou 4 en deux équipes : les joueurs 1 et 3 contre "
            "les joueurs 2 et 4", "6 cartes chacun", "à 3 joueurs, les deux non-donneurs",
            "Valet retourné, Point donné, Atout haut, Atout bas, Valet et Partie"]),
    ("it", ["2 o 3 giocatori, ognuno per sé, o 4 in due coppie: i giocatori 1 e 3 contro i "
            "giocatori 2 e 4", "6 carte a testa", "in 3 lo segnano",
            "Fante girato, Punto dato, Alta, Bassa, Fante e Punti"]),
])
def test_seven_ups_facts_in_french_and_italian(client: FlaskClient, lang: str,
                                               sentences: list[str]) -> None:
    page = text(client.get("/rules/seven-up", headers={"Accept-Language": lang}))
    page = page.replace("\u00a0", " ")
    for sentence in sentences:
        assert sentence in page, sentence
