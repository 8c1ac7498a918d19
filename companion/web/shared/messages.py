"""The table's words in the person's language: the games' names and a bid in each game's own
words (``bid_words``), as each game's package words them, and a refused entry.

The engine raises ``RuleError`` with a stable ``reason`` and the values to name (``params``);
this table turns each reason into a translatable sentence. Every reason the engine can raise has
a row (a test reads the engine's source to make sure).
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from companion.rules import RULESETS, RuleError, Settings, Suit
from companion.rules.cards import NoTrump
from companion.web.shared import declaration, game_words
from companion.web.shared.names import isolate

#: The parameters of a rule's message that hold a player's name (each one shown isolated).
NAME_PARAMS = ("player", "waiting", "other", "name", "side")

MESSAGES: Mapping[str, LazyString] = {
    # Bids in turn (Oh Hell, Elevator)
    "hook": _l("Dealer can't bid %(bid)s: bids would total %(hand_size)s — someone must miss."),
    "bid-range": _l("%(player)s can bid 0 to %(hand_size)s, not %(bid)s."),
    "already-bid": _l("%(player)s has already bid %(bid)s: take that bid back to change it."),
    "no-bid": _l("Tap a number to enter a bid."),
    "out-of-turn": _l("%(waiting)s bids before %(player)s: enter %(waiting)s's bid first."),
    "bids-complete": _l("Every bid of round %(round)s is in: enter the tricks."),
    # Oh-Seven bid cards
    "card-value": _l("%(player)s's card is worth %(lowest)s to %(highest)s, not %(value)s."),
    "card-suit": _l("Choose the suit of %(player)s's card."),
    "duplicate-card": _l("%(other)s and %(player)s both bid %(card)s, but one deck has only one "
                         "%(card)s."),
    "duplicate-card-decks": _l("%(count)s players bid %(card)s, but %(copies)s decks hold only "
                               "%(copies)s."),
    "card-reused": _l("%(player)s already put %(card)s forward in this deal: choose another card."),
    "card-gone": _l("%(card)s is set aside in this deal, so %(player)s can't hold it: choose "
                    "another card."),
    # Bids in words and sides' contracts (Spades)
    "bid-range-nil": _l("%(player)s can bid 1 to %(hand_size)s: for no trick at all, tap Nil."),
    "blind-nil-never": _l("This game has no blind nil."),
    "blind-nil-behind": _l("Blind nil only for a side %(needed)s or more behind: %(player)s's "
                           "side is %(gap)s behind."),
    "blind-nil-level": _l("Blind nil only for a side %(needed)s or more behind: %(player)s's "
                          "side is not behind."),
    "blind-nil-ahead": _l("Blind nil only for a side %(needed)s or more behind: %(player)s's "
                          "side leads by %(lead)s."),
    "side-bid": _l("%(side)s bid %(bid)s together: a side bids at least %(least)s."),
    "option-partners": _l("This house rule needs partners: four players in pairs."),
    # Tricks
    "tricks-before-bids": _l("Round %(round)s needs every bid before its tricks."),
    "tricks-range": _l("%(player)s can't take %(tricks)s tricks: 0 to %(hand_size)s this round."),
    "tricks-total": _l("The tricks add up to %(total)s, but %(hand_size)s were played."),
    # The game as a whole
    "entry-kind": _l("%(game)s doesn't record that kind of entry."),
    "finished": _l("The game is over: nothing more can be entered (undo still works)."),
    "nothing-to-undo": _l("Nothing to undo yet."),
    "round-open": _l("Round %(round)s is still being played: enter it, or undo."),
    "correction-incomplete": _l("With these values round %(round)s would not be finished: enter "
                                "every bid and every player's tricks."),
    "correction-rebid": _l("These bids force a rebid (they add up to %(rebid_sum)s, or share "
                           "the high card), so they can't be round %(round)s's bids."),
    "seat": _l("That player is not in this game."),
    # A new game
    "ruleset-unknown": _l("Choose one of the games."),
    "option-value": _l("Choose one of the settings offered."),
    "option-unknown": _l("This game has no such setting."),
    "options-type": _l("Choose one of the settings offered."),
    "option-range": _l("Choose a number from %(least)s to %(most)s."),
    # The trump a table records with its bids (docs/rules.md section 9).
    "trump-last-round": _l("Round %(round)s is the last: the whole deck is dealt, so there is "
                           "no trump. Choose none, or nothing."),
    "trump-second": _l("This round's trump is already recorded: undo its bids to change it."),
    # A game dealt until its deck runs out: its last round depends on the players.
    "hook-from-players": _l("With %(players)s players the game has %(most)s rounds: choose a "
                            "round from 1 to %(most)s."),
    "max-hand-players": _l("With %(players)s players the largest hand is %(most)s cards: "
                           "%(dealt)s cards dealt, %(kept)s kept to turn for trump."),
    "players-type": _l("Type the players' names."),
    "player-count": _l("%(game)s is for %(least)s to %(most)s players, not %(count)s."),
    "name-type": _l("Player %(position)s needs a name."),
    "name-empty": _l("Player %(position)s needs a name."),
    "name-long": _l("This name has %(length)s characters: the most is %(most)s."),
    "name-character": _l("This name holds a character that can't be shown."),
    "name-duplicate": _l("Two players are called %(name)s: give one another name."),
    "dealer-seat": _l("Choose who deals first among the players."),
    # Seven-Up hands
    "gift-would-win": _l("The dealer can't give one: it would put %(player)s's side out at "
                         "%(target)s. Run the cards."),
    "gift-would-put-out": _l("The dealer can't give one: it would put %(player)s out at "
                             "%(target)s. Run the cards."),
    "gift-would-put-out-both": _l("The dealer can't give one: it would put %(player)s and "
                                  "%(other)s out at %(target)s. Run the cards."),
    "jacks-count": _l("A pack has only %(jacks)s jacks."),
    "jacks-without-run": _l("Only one card is turned up unless the cards are run."),
    "low-without-high": _l("Low was scored, so someone held high: a lone trump is both high and "
                           "low."),
    "high-without-low": _l("High was scored, so someone held low: a lone trump is both high and "
                           "low."),
    "jack-without-trump": _l("The jack of trumps was in play, so someone held high."),
    "game-missing": _l("Who made game? Choose a player, or a tie."),
    # The score pad (docs/rules.md section 8)
    "points-range": _l("A round's points run from %(least)s to %(most)s, not %(value)s."),
    "points-total": _l("These add up to %(total)s; in a zero-sum game they must add up to 0."),
    "finish-before-round": _l("Enter the first round's points before you stop the game."),
    "pairs-count": _l("Teams in pairs need 4, 6 or 8 players, not %(count)s."),
    "title-ruleset": _l("Only “Any other game” takes a title: %(game)s has its own name."),
    "title-type": _l("Type the game's name, or leave it empty."),
    "title-empty": _l("This title is only spaces: type the game's name, or leave it empty."),
    "title-long": _l("This title has %(length)s characters: the most is %(most)s."),
    "title-character": _l("This title holds a character that can't be shown."),
    # Tables (docs/rules.md section 7)
    "table-same-player": _l("%(other)s and %(name)s are one player at this table: give one "
                            "another name."),
    "rename-type": _l("Choose the player to rename."),
    "rename-unknown": _l("%(name)s has not played at this table."),
    "rename-both": _l("One game has both %(name)s and %(other)s: they are two players, so "
                      "they can't be merged."),
    "table-players-max": _l("A table holds at most %(most)s players, and this game would bring "
                            "in more: start it at no table, or at a new table."),
    "table-renames-max": _l("A table keeps at most %(most)s renames, and this one has them all: "
                            "start a new table for the new names."),
}

#: A correction refused because a later round no longer adds up.
LATER_ROUND = _l("This correction would make round %(later_round)s impossible: %(reason)s")


def game_name(ruleset_id: str) -> str:
    """A game's name as the table says it, as its package words it."""
    words = game_words.find(ruleset_id)
    return ruleset_id if words is None else str(words.name)


def shown_name(settings: Settings) -> str:
    """A game's name wherever a page shows it: a score pad's title as typed (an untitled pad
    is "Score pad"), else the game's name."""
    return settings.title or game_name(settings.ruleset.id)


def _names_in_params(params: dict[str, Any], error: RuleError, settings: Settings | None) -> None:
    """Names and game names in the person's language; players by seat when the engine gave one."""
    if error.seat is not None:
        params.setdefault("position", error.seat + 1)
        if settings is not None and 0 <= error.seat < len(settings.players):
            params.setdefault("player", settings.players[error.seat])
    for key in NAME_PARAMS:
        if isinstance(params.get(key), str):
            params[key] = isolate(params[key])
    english = {rules.name: rules.id for rules in RULESETS.values()}
    if params.get("game") in english:
        params["game"] = game_name(english[params["game"]])
    elif settings is not None:
        params.setdefault("game", game_name(settings.ruleset.id))


def explain(error: RuleError, settings: Settings | None = None) -> str:
    """The refused entry's reason as a sentence for the person at the table."""
    params = dict(error.params)
    _names_in_params(params, error, settings)
    words = game_words.find(settings.ruleset.id) if settings is not None else None
    own = words.refusals if words is not None else {}
    template = own.get(error.reason) or MESSAGES.get(error.reason)
    if template is None:  # a reason newer than this table: the engine's English beats nothing
        return error.message
    try:
        sentence = str(template) % params
    except (KeyError, TypeError, ValueError):
        return error.message
    if "later_round" in params:  # a game may word it too (Spades: "hand")
        later = own.get("later-round") or LATER_ROUND
        return str(later) % {"later_round": params["later_round"], "reason": sentence}
    return sentence


def hook_reason(bid: int, hand_size: int) -> str:
    """Why the dealer's hooked number is disabled on the bid pad."""
    return str(MESSAGES["hook"]) % {"bid": bid, "hand_size": hand_size}


#: A bid, in the common words: the French and Italian tables say *annonce* / *dichiarazione*;
#: a game whose players say it otherwise words it in its package (``WebGame.bid_words``).
IN_TURN: Mapping[str, LazyString] = {
    "bid": _l("bid"),
    "bids": _l("Bids"),
    "key": _l("bid → tricks, points, total"),
    "average_bid": _l("Average bid"),
    "bid_made": _l("Bid made"),
    "over": _l("Over the bid"),
    "under": _l("Under the bid"),
    "zero_bids": _l("Zero bids"),
    "top_bid": _l("Rounds with the top bid"),  # a share of rounds, not a number of tricks
    "zero_bid_line": _l("Zero bids: %(rate)s of all bids"),
    "top_bid_line": _l("Average top bid: %(bid)s"),
}

#: A suit as the table says it (the trump in the banner, a card's name for screen readers).
SUIT_NAMES: Mapping[str, LazyString] = {
    "spades": _l("spades"), "hearts": _l("hearts"), "diamonds": _l("diamonds"), "clubs": _l("clubs"),
    "none": _l("no trump"),  # a trump recorded as none (a Jester turned up, or the last round)
}


def suit_name(suit: Suit | NoTrump) -> str:
    return str(SUIT_NAMES[suit.value])


def word_bid(bid: str) -> str:
    """A bid made in words (Spades' ``"nil"``), as its game's package says it."""
    for game in declaration.every():
        if bid in game.word_bids:
            return str(game.word_bids[bid])
    return bid


def bid_words(settings: Settings) -> Mapping[str, LazyString]:
    return declaration.of(settings).bid_words or IN_TURN
