"""The rules page of each game, ``/rules/<ruleset>``: the rules as the engine enforces them
(docs/rules.md sections 1–5), short and in the table's words, then each house rule with its values,
effects and sources (``house_rules``), and the seed the game comes from.

The words are here; the numbers and orders that depend on the rules (who plays, the deck, hand
sizes and rounds by players, the option values, defaults and ranges, Oh-Seven's rounds, passing,
rebids and scores, the worked examples, Seven-Up's hand, partners, gift, target and counting
order) are asked of the engine and put into the sentences; a test changes the engine under the
page and reads the page follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from babel.lists import format_list
from flask import abort, make_response, render_template, request
from flask_babel import LazyString, get_locale, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import (
    RULESETS,
    Family,
    IntRange,
    Point,
    card_bids,
    cards,
    hook,
    scoring,
    seven_up,
)
from companion.rules import settings as engine_settings
from companion.storage import store
from companion.web.shared import house_rules
from companion.web.shared.explaining import POINT_NAMES
from companion.web.shared.messages import game_name


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    #: Lines of a small list under the paragraphs (hand sizes by players).
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionRules:
    key: str
    name: str
    values: tuple[house_rules.Wording, ...]
    #: A range option's bounds, for "1 to 17 cards".
    range: IntRange | None
    #: The largest hand each table can be dealt (the engine's deal limit), for ``max_hand``.
    limits: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quote:
    """A line of the seed in its own language (not translated: it is the source)."""

    lang: str
    text: str


PLAYERS = _l("Players and cards")
DEAL = _l("The deal")
PASSING = _l("Card passing")
BIDDING = _l("Bidding")
HOOK = _l("The hook")
REBIDS = _l("Rebids")
TRICKS = _l("Tricks")
SCORING = _l("Scoring")
END = _l("The end")
STAND_OR_BEG = _l("Stand or beg")
POINTS = _l("The points of a hand")
ROUND = _l("A round")

_TURN_BIDS_BIDDING = (
    _l("In turn, starting left of the dealer; the dealer bids last. A bid is how many tricks "
       "you will take, exactly: 0 up to the cards in hand. No passing; zero means not one "
       "trick."),
    _l("A bid may be changed only until the next player has bid: undo takes back the last "
       "bid."),
)
_TURN_BIDS_HOOK = (
    _l("The dealer may not bid the number that makes the bids add up to the cards in hand: "
       "someone must miss. With %(cards)s cards and bids %(others)s, the dealer may not bid "
       "%(hooked)s (%(sum)s = %(cards)s)."),
    _l("When that number is below 0 or above the cards in hand, the dealer bids freely."),
)
_TURN_BIDS_TRICKS = (
    _l("The player left of the dealer leads the first trick. Each player takes 0 up to the cards "
       "in hand; together the tricks make the cards in hand."),
)
_TURN_BIDS_END = (
    _l("After the last deal the highest total wins; equal totals share the win."),
)

#: Each game's rules, section by section (the deal's hand sizes are added from the engine).
TEXTS: Mapping[str, tuple[tuple[LazyString, tuple[LazyString, ...]], ...]] = {
    # Every number in these sentences is the engine's (``oh_seven_facts``).
    "oh-seven": (
        (PLAYERS, (_l("%(least)s to %(most)s players. One deck of %(deck)s cards, %(lowest)s to "
                      "%(highest)s in each suit (with ordinary cards a queen is the %(lowest)s); "
                      "two decks for %(two_decks)s players or more."),)),
        (DEAL, (_l("%(rounds)s rounds of %(cards)s cards each, %(cards)s tricks a round. The "
                   "first dealer is chosen at the start; the deal passes to the left each "
                   "round."),)),
        (PASSING, (_l("With card passing, before bidding everyone passes cards face down, all "
                      "at once: %(passes)s. None in rounds %(no_passing)s. The screen shows who "
                      "passes to whom."),)),
        (BIDDING, (
            _l("Everyone lays one card face down; all are turned up together. The card's value "
               "is the bid: how many tricks you will take. The highest card is the top bid; "
               "equal values rank by suit, %(suit_order)s. Its suit is trump and its player "
               "leads the first trick. Then everyone takes their card back to play."),
            _l("With one deck two players cannot bid the same card: the app refuses it as a "
               "mistake."),
        )),
        (REBIDS, (
            _l("Bids that add up to exactly %(rebid_sum)s would let everyone make their bid: "
               "everyone bids again. With two decks, two players bidding the very same top card "
               "(value and suit) bid again too."),
            _l("The top bidder scores %(bonus)s at once (with a shared top card, each of them "
               "does): one bonus per rebid. The new bids replace the old ones. A card put "
               "forward in this deal cannot be bid again (with two decks, a player holding two "
               "copies may bid it twice)."),
            _l("After %(cards)s failed bids every card has been used: the same dealer deals the "
               "round again, and the bonus points stay."),
        )),
        (TRICKS, (_l("Each player takes 0 to %(cards)s tricks; together they make %(cards)s."),)),
        (SCORING, (_l("A bid made exactly scores the bid plus %(made_bonus)s (bid %(bid)s, took "
                      "%(bid)s: %(made)s). A missed bid loses the difference (bid %(bid)s, took "
                      "%(taken)s: %(missed)s)."),)),
        (END, (_l("After round %(rounds)s the highest total wins; equal totals share the "
                  "place."),)),
    ),
    "oh-hell": (
        (PLAYERS, (_l("%(least)s to %(most)s players, one deck of %(deck)s cards."),)),
        (DEAL, (_l("Hands start with the most cards, go down one card a round to 1, then back "
                   "up to the start without repeating 1. The first dealer is chosen at the start "
                   "(or at random); the deal passes to the left. The next card is turned up for "
                   "trump."),)),
        (BIDDING, _TURN_BIDS_BIDDING),
        (HOOK, _TURN_BIDS_HOOK),
        (TRICKS, _TURN_BIDS_TRICKS),
        (SCORING, (_l("A bid made exactly scores %(base)s plus the bid (%(zero)s for an exact "
                      "zero); any miss scores %(miss)s. Bids %(bids)s and tricks %(tricks)s "
                      "score %(scores)s."),)),
        (END, _TURN_BIDS_END),
    ),
    "elevator": (
        (PLAYERS, (_l("%(least)s to %(most)s players, one deck of %(deck)s cards. Oh Hell as "
                      "cardgames.io plays it."),)),
        (DEAL, (_l("%(top)s cards each, one fewer each round down to 1, then back up to "
                   "%(top)s. With %(fewer_players)s players a %(deck)s-card deck cannot deal "
                   "%(top)s each and still turn a trump, so the largest hand is "
                   "%(fewer_hands)s. The first dealer is chosen at the start (or at random); "
                   "the deal passes to the left."),)),
        (BIDDING, _TURN_BIDS_BIDDING),
        (HOOK, _TURN_BIDS_HOOK),
        (TRICKS, _TURN_BIDS_TRICKS),
        (SCORING, (_l("One point a trick, plus %(bonus)s for an exact bid: bid 3, took 3 scores "
                      "%(exact)s; bid 2, took 3 scores %(missed)s."),)),
        (END, _TURN_BIDS_END),
    ),
    # Every number and order in these sentences is the engine's (``seven_up_facts``).
    "seven-up": (
        (PLAYERS, (_l("%(alone)s players, each for themselves, or %(teams)s in two partnerships: "
                      "players %(team_a)s against players %(team_b)s, in seating order. One deck "
                      "of %(deck)s cards."),)),
        (DEAL, (_l("%(cards)s cards each, then one card turned up for trump. A jack turned up "
                   "scores a point for the dealer."),)),
        (STAND_OR_BEG, (
            _l("The player left of the dealer (eldest) stands, and the turned suit is trump, "
               "or begs. To a beg the dealer gives one (eldest's side scores a point and the "
               "suit stays trump; with %(gift_both)s players both non-dealers score it) or runs "
               "the cards: %(run)s more cards each and a new card turned up, again while its suit "
               "stays the same. Each jack turned up scores a point for the dealer (a pack has "
               "%(jacks)s); if the pack runs out, the same dealer deals again."),
            _l("The dealer may not give a point that would put someone out: eldest's side, or "
               "with %(gift_both)s players either non-dealer (a game started before Companion "
               "checked both keeps checking eldest alone). Then the cards must be run. After a "
               "run anyone may call “bunch”: unless someone wants to play, the hand is dealt "
               "again, with no points."),
        )),
        (POINTS, (
            _l("High: who held the highest trump in play. Low: who held the lowest trump in "
               "play. Jack: who won the trick holding the jack of trumps (no point if it was "
               "not dealt). Game: the most card points in tricks won, 10 = %(ten)s, ace "
               "%(ace)s, king %(king)s, queen %(queen)s, jack %(jack)s. A single trump in play "
               "is both high and low. Partners score for their side."),
        )),
        (END, (_l("The first side to the target wins (%(target)s points unless the table "
                  "chooses otherwise; seed 004 plays for seven chips). Points count in this "
                  "order: %(order)s; the first %(before_play)s come before play. The first "
                  "side to reach the target wins, so a game never ties, and the points after "
                  "it do not count."),)),
    ),
    # Every number in these sentences is the engine's (``score_pad_facts``).
    "score-pad": (
        (PLAYERS, (_l("%(least)s to %(most)s players, any game: Hearts, Rummy, Tarot, one you "
                      "made up. The score pad knows none of its rules: it adds up the points the "
                      "table announces, and enforces only what the options below say."),)),
        (DEAL, (_l("The first dealer is chosen at the start; the deal passes to the left each "
                   "round. The screen shows who deals; nothing else about the deal is "
                   "checked."),)),
        (ROUND, (_l("Every player's points for the round (a side's, with teams in pairs) are "
                    "entered at once: whole numbers from %(lowest)s to %(highest)s, zero "
                    "included. A round can be undone, or corrected from the scoreboard."),)),
        (END, (_l("The game ends with the round in which a total reaches the target, or after "
                  "the number of rounds chosen, whichever comes first; without either, when "
                  "the scorekeeper taps “We stop here” after a round (undo reopens it). The "
                  "highest total wins, or the lowest if the table chose so; equal totals share "
                  "the place."),)),
    ),
}

#: A line of each game's seed, in its own words.
QUOTES: Mapping[str, tuple[Quote, ...]] = {
    "oh-seven": (
        Quote("fr", "Si la somme des paris est égal à 7, cela permet à tous les joueurs de "
                    "réussir leurs paris. Il faut donc parier à nouveau."),
        Quote("it", "Se la somma delle offerte è 7, anziché consentire la possibilità che tutti "
                    "ottengano ciò che vogliono, viene forzata una rideterminazione."),
    ),
    "oh-hell": (Quote("fr", "Le donneur parle dernier et ne peut égaler le total annoncé au "
                            "nombre de plis disponibles."),),
    "elevator": (Quote("fr", "Un joueur obtient 1 point pour chaque pli qu'il a pris, et un "
                             "bonus de 10 points s'il a réalisé son enchère exactement."),),
    "seven-up": (Quote("fr", "Chaque fois que vous marquez un point, mettez un de vos jetons "
                             "dans le pot central."),),
    "score-pad": (),  # no seed: the table's own game
}

HAND_SIZES = _l("%(players)s: %(cards)s at most, %(rounds)s rounds")
DEAL_LIMIT = _l("%(players)s: up to %(cards)s")
PRESET = _l("Fixed in %(game)s: %(value)s")


def _players(least: int, most: int) -> str:
    if least == most:
        return str(ngettext("%(num)s player", "%(num)s players", least))
    return str(_("%(least)s to %(most)s players", least=least, most=most))


def hand_sizes(ruleset_id: str) -> tuple[str, ...]:
    """The largest hand and the number of rounds for each number of players, from the engine's
    schedule (tables with the same numbers share a line)."""
    ruleset = RULESETS[ruleset_id]
    rows: list[tuple[int, int, int, int]] = []  # least, most players, largest hand, rounds
    for count in range(ruleset.min_players, ruleset.max_players + 1):
        settings = rules.new_settings(ruleset_id, [f"P{seat}" for seat in range(count)])
        sizes = rules.schedule(settings)
        if rows and rows[-1][2:] == (max(sizes), len(sizes)):
            rows[-1] = (rows[-1][0], count, *rows[-1][2:])
        else:
            rows.append((count, count, max(sizes), len(sizes)))
    return tuple(
        str(HAND_SIZES) % {"players": _players(least, most),
                           "cards": ngettext("%(num)s card", "%(num)s cards", top),
                           "rounds": rounds}
        for least, most, top, rounds in rows
    )


def _points(points: int) -> str:
    """A score as the page writes it: −2 with a true minus sign."""
    return f"−{-points}" if points < 0 else str(points)


def _suit_order() -> str:
    """``♠ over ♥ over ♦ over ♣``: the engine's suits, strongest first."""
    ranked = sorted(rules.Suit, key=lambda suit: suit.rank, reverse=True)
    said = ranked[0].symbol
    for weaker in ranked[1:]:
        said = _("%(stronger)s over %(weaker)s", stronger=said, weaker=weaker.symbol)
    return said


def oh_seven_facts() -> dict[str, object]:
    """The numbers Oh-Seven's rules say, each the engine's (docs/rules.md section 1): who plays,
    the deck, the rounds, the passing, the rebids and a worked score (bid 3, took 3 or 1)."""
    ruleset = RULESETS["oh-seven"]
    players = range(ruleset.min_players, ruleset.max_players + 1)
    made, missed = card_bids.oh_seven(3, 3), card_bids.oh_seven(3, 1)
    locale = get_locale() or "en"
    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "deck": len(cards.deck()), "lowest": cards.LOWEST, "highest": cards.HIGHEST,
        "two_decks": min(count for count in players if card_bids.decks(count) == 2),
        "rounds": card_bids.ROUNDS, "cards": card_bids.HAND_SIZE, "passes": house_rules.passes(),
        "no_passing": format_list([str(n) for n in range(1, card_bids.ROUNDS + 1)
                                   if n not in card_bids.PASSING], locale=locale),
        "suit_order": _suit_order(), "rebid_sum": card_bids.REBID_SUM,
        "bonus": ngettext("%(num)s point", "%(num)s points", card_bids.REBID_BONUS),
        "made_bonus": made.bonus, "bid": 3, "made": _points(made.total),
        "taken": 1, "missed": _points(missed.total),
    }


#: The seed's worked example (docs/rules.md section 2): 4 players, 5 cards, bids 1, 2, 0, 1
#: (the dealer's last), tricks 1, 3, 0, 1.
EXAMPLE_CARDS, EXAMPLE_BIDS, EXAMPLE_TRICKS = 5, (1, 2, 0, 1), (1, 3, 0, 1)


def in_turn_facts(ruleset_id: str) -> dict[str, object]:
    """The numbers Oh Hell's and Elevator's rules say (docs/rules.md sections 2 and 3): who
    plays, the deck, the largest hands by players, the dealer's hooked number in the worked
    example, and its scores, all the engine's (the game's own scoring, Elevator's fixed one
    included)."""
    ruleset = RULESETS[ruleset_id]
    settings = rules.new_settings(ruleset_id, [f"P{seat}" for seat in range(4)])
    size, others = EXAMPLE_CARDS, EXAMPLE_BIDS[:-1]
    hooked = hook.forbidden_bid(size, sum(others))
    locale = get_locale() or "en"
    largest = {count: max(rules.schedule(rules.new_settings(
                   ruleset_id, [f"P{seat}" for seat in range(count)])))
               for count in range(ruleset.min_players, ruleset.max_players + 1)}
    top = max(largest.values())
    fewer = [(count, hand) for count, hand in largest.items() if hand < top]

    def made(bid: int, taken: int) -> scoring.Made:
        return scoring.made_by(settings, bid, taken, size)

    return {
        "least": ruleset.min_players, "most": ruleset.max_players,
        "deck": engine_settings.FULL_DECK, "top": top,
        "fewer_players": format_list([str(count) for count, _hand in fewer], style="or",
                                     locale=locale),
        "fewer_hands": format_list([str(hand) for _count, hand in fewer], style="or",
                                   locale=locale),
        "cards": size, "others": format_list([str(b) for b in others], locale=locale),
        "hooked": hooked, "sum": " + ".join(str(b) for b in (*others, hooked)),
        "base": made(1, 1).base, "zero": made(0, 0).total, "miss": made(1, 0).total,
        "bids": ", ".join(map(str, EXAMPLE_BIDS)), "tricks": ", ".join(map(str, EXAMPLE_TRICKS)),
        "scores": ", ".join(_points(made(b, t).total) for b, t in zip(EXAMPLE_BIDS, EXAMPLE_TRICKS)),
        "bonus": made(3, 3).bonus, "exact": made(3, 3).total, "missed": made(2, 3).total,
    }


def seven_up_facts() -> dict[str, object]:
    """The numbers and the order Seven-Up's rules say, each the engine's (docs/rules.md
    section 4): who plays alone and who in partnerships (and which seats are partners), the
    hand, the cards a run deals, the jacks of a pack, what each card counts toward game, who
    scores a gift, the target's default and the counting order."""
    ruleset = RULESETS["seven-up"]
    locale = get_locale() or "en"
    tables = {count: rules.new_settings("seven-up", [f"P{seat}" for seat in range(count)])
              for count in range(ruleset.min_players, ruleset.max_players + 1)}
    alone = [count for count, table in tables.items() if not table.has_teams]
    teams = [count for count, table in tables.items() if table.has_teams]
    gift_both = [count for count, table in tables.items()
                 if len(seven_up.gift_receivers(table, seven_up.start_round(table, 1))) > 1]

    def players(seats: tuple[int, ...]) -> str:
        return format_list([str(seat + 1) for seat in seats], locale=locale)

    partnered = tables[teams[0]]
    before_play = len(seven_up.COUNTING_ORDER) - len(seven_up.PLAY_POINTS)
    return {
        "alone": format_list([str(n) for n in alone], style="or", locale=locale),
        "teams": format_list([str(n) for n in teams], style="or", locale=locale),
        "team_a": players(partnered.seats_of(0)), "team_b": players(partnered.seats_of(1)),
        "deck": engine_settings.FULL_DECK, "cards": seven_up.HAND_SIZE,
        "run": seven_up.RUN_CARDS, "jacks": seven_up.JACKS_IN_PACK, **seven_up.GAME_POINTS,
        "gift_both": format_list([str(n) for n in gift_both], style="or", locale=locale),
        "target": ruleset.options["target"].default,
        "order": format_list([str(POINT_NAMES[Point(point)]) for point in seven_up.COUNTING_ORDER],
                             locale=locale),
        "before_play": before_play,
    }


#: The engine's numbers for each game whose sentences hold them.
FACTS: Mapping[str, Callable[[str], dict[str, object]]] = {
    "oh-seven": lambda _ruleset: oh_seven_facts(), "oh-hell": in_turn_facts,
    "elevator": in_turn_facts, "seven-up": lambda _ruleset: seven_up_facts(),
    "score-pad": lambda _ruleset: score_pad_facts(),
}


def score_pad_facts() -> dict[str, object]:
    """The score pad's numbers: its players and the range of a round's points."""
    ruleset = RULESETS["score-pad"]
    return {"least": ruleset.min_players, "most": ruleset.max_players,
            "lowest": _points(-rules.POINTS_MOST), "highest": _points(rules.POINTS_MOST)}


def sections(ruleset_id: str) -> tuple[Section, ...]:
    family = RULESETS[ruleset_id].family
    facts = FACTS[ruleset_id](ruleset_id) if ruleset_id in FACTS else None
    found = []
    for title, paragraphs in TEXTS[ruleset_id]:
        items = hand_sizes(ruleset_id) if title is DEAL and family is Family.TURN_BIDS else ()
        said = tuple(str(p) if facts is None else str(p) % facts for p in paragraphs)
        found.append(Section(str(title), said, items))
    return tuple(found)


def deal_limits(ruleset_id: str) -> tuple[str, ...]:
    """The most cards a 52-card deck deals each table, keeping one to turn for trump."""
    ruleset = RULESETS[ruleset_id]
    return tuple(
        str(DEAL_LIMIT) % {"players": ngettext("%(num)s player", "%(num)s players", count),
                           "cards": ngettext("%(num)s card", "%(num)s cards",
                                             rules.deal_limit(count))}
        for count in range(ruleset.min_players, ruleset.max_players + 1)
    )


def options(ruleset_id: str) -> tuple[OptionRules, ...]:
    ruleset = RULESETS[ruleset_id]
    return tuple(
        OptionRules(name, house_rules.option_name(name), house_rules.wordings(ruleset_id, name),
                    option.choices if isinstance(option.choices, IntRange) else None,
                    deal_limits(ruleset_id) if name == "max_hand" else ())
        for name, option in ruleset.options.items()
    )


def presets(ruleset_id: str) -> Sequence[str]:
    """Options the game fixes (Elevator's scoring), said as such."""
    ruleset = RULESETS[ruleset_id]
    return [
        str(PRESET) % {"game": game_name(ruleset_id),
                       "value": f"{house_rules.option_name(name)} — "
                                f"{house_rules.value_label(ruleset_id, name, value)}"}
        for name, value in ruleset.presets.items()
    ]


@dataclass(frozen=True)
class InPlay:
    """The value one option has in the game the page was opened from."""

    token: str
    label: str


def in_play(ruleset_id: str, game_id: str | None) -> tuple[str | None, Mapping[str, InPlay]]:
    """The game the "?" beside its banner came from (``?game=<id>``, its public share id): its
    id and the house rules it plays, by option; nothing for another game or an unknown id."""
    if not game_id:
        return None, {}
    try:
        game = store.load_game(game_id)
    except store.GameNotFound:
        return None, {}
    if game.settings.ruleset.id != ruleset_id:
        return None, {}
    chosen = game.settings.options
    return game.id, {
        name: InPlay(house_rules.token_of(option, chosen.get(name, option.default)),
                     house_rules.value_label(ruleset_id, name, chosen.get(name, option.default)))
        for name, option in RULESETS[ruleset_id].options.items()
    }


def page(ruleset: str) -> Response:
    if ruleset not in RULESETS:
        abort(404)
    game_id, playing = in_play(ruleset, request.args.get("game"))
    body = render_template(
        "rules.html", ruleset=ruleset, game_name=game_name(ruleset), sections=sections(ruleset),
        options=options(ruleset), presets=presets(ruleset),
        seed=str(house_rules.SEEDS[ruleset]), quotes=QUOTES[ruleset],
        games=[(other, game_name(other)) for other in RULESETS],
        game_id=game_id, in_play=playing,
    )
    return make_response(body)
