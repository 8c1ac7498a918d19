"""What the scorekeeper's page carries so that game.js and pad.js can go on offline.

The engine's answers (``rules.offline_answers``) and the round's words, as JSON for data
attributes: the page looks answers up in them and never works a rule out itself. Not a view.
The live fragment carries the current round's (``page_data``; in Oh-Seven, what says whether
the cards revealed stand, and a blank tricks panel for when they do; in a score pad, whether
its round ends the game); the full page, in Oh Hell and
Elevator, every round's and a blank round's panels (``game_data``), drawn once with the page and
never on an entry's answer, so the game goes on to its end while the taps wait. A game whose
hand is one blank form every time (``hands_ahead``: Belote, Tarot, Scopa) carries in its live
fragment the hands after the current one, as the engine starts them, and the blank form.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _
from flask_babel import get_locale, ngettext

from companion import rules
from companion.rules import Phase
from companion.rules.memo import LRU
from companion.web.shared.declaration import of
from companion.web.shared.forms import BidForm, tricks_form
from companion.web.shared.messages import hook_reason, suit_name
from companion.web.shared.names import isolate

#: The name and the number in the words below, filled in by game.js.
PLAYER, BID = "{player}", "{bid}"


def page_data(state: rules.GameState) -> dict[str, Any]:
    """The data attributes' JSON: ``bids`` for the bid form (in-turn games, bidding), ``tricks``
    for the tricks form (the last player's count for each total of the others'), ``rest_tricks``
    (every missing player's count, once the entered total decides it), ``reveal`` for
    Oh-Seven's cards (whether the cards revealed stand, ``rules.reveal_answers``). The tricks form the page
    shows once every bid is in without the server is the full page's (``game_data``). A score
    pad's ``pad_end``: whether its round ends the game (``rules.pad_end``), the last of its
    rounds or the points that take each side to the target."""
    end = rules.pad_end(state)
    if end is not None:
        return {"pad_end": json.dumps({"last": end.last_round, "reaching": list(end.reaching)})}
    answers = rules.offline_answers(state)
    current = state.current
    if answers is None or current is None:
        return {}
    data: dict[str, Any] = {"tricks": json.dumps(answers.last_tricks),
                            "rest_tricks": json.dumps(answers.rest_tricks)}
    if of(state.settings).offline_bids is not None and current.phase is Phase.BIDDING:
        data["bids"] = json.dumps(_bidding(state, answers), ensure_ascii=False)
    reveal = rules.reveal_answers(state)
    if reveal is not None:
        data["reveal"] = json.dumps(_revealing(state, reveal), ensure_ascii=False)
        # The blank tricks form of this round, for when the cards revealed stand.
        data["tricks_form"] = tricks_form(len(state.settings.players))(formdata=None)
    return data


def undo_words(hands: bool = False) -> str:
    """The undo button's words for an entry still waiting on the phone, which it takes back
    (pad.js names the newest): by the form the entry came from, ``{round}`` for its round. The
    words the server says for the same entry once stored (``fragments._undo_label``); a game
    whose rounds are hands (``hands``) says "hand"."""
    number = "{round}"
    return json.dumps({
        "bid-form": _("Take back the last bid"),
        "cards-form": _("Take back round %(round)s's bids", round=number),
        "tricks-form": (_("Undo hand %(round)s's tricks", round=number) if hands else
                        _("Undo round %(round)s's tricks", round=number)),
        "points-form": _("Undo round %(round)s's points", round=number),
        "finish-form": _("Undo “We stop here”"),
        "hand-form": _("Undo the last hand"),
    }, ensure_ascii=False)


def _bidding(state: rules.GameState, answers: rules.OfflineAnswers) -> dict[str, Any]:
    current = state.current
    assert current is not None and current.bids is not None
    size = answers.hand_size
    return {
        "round": current.number,
        "names": list(state.settings.players),
        "order": list(answers.bidding_order),
        "dealer": answers.dealer,
        "bids": list(current.bids),
        "forbidden": list(answers.forbidden_bids),
        # Why each number would be the dealer's forbidden one, in the page's language.
        "reasons": [hook_reason(bid, size) for bid in range(size + 1)],
        "legend": _("%(player)s bids", player=PLAYER),
        "label": _("%(player)s bids %(bid)s", player=PLAYER, bid=BID),
        "total": _("Total bid: %(bids)s of %(cards)s", bids=BID, cards=size),
        "to_bid": _("to bid"),
    }


def _revealing(state: rules.GameState, reveal: rules.RevealAnswers) -> dict[str, Any]:
    """Oh-Seven's cards revealed offline: the answers, each card's words, and the banner of the
    round once they stand (as game/_banner.html says it, with the trump and who leads)."""
    current = state.current
    assert current is not None and state.total_rounds is not None
    names = state.settings.players
    return {
        "rebid": list(reveal.rebid_totals),
        "shared": reveal.shared_high_rebids,
        # [token, value, suit's symbol, suit, suit's name], the weakest card first (reveal.js draws
        # each as game/_macros.html's card).
        "cards": [[token, value, suit.symbol, suit.value, suit_name(suit)]
                  for token, value, suit in zip(reveal.order, reveal.values, reveal.suits)],
        "names": list(names),
        "banner": " · ".join((
            _("Round %(number)s of %(total)s", number=current.number, total=state.total_rounds),
            ngettext("%(num)s card", "%(num)s cards", current.hand_size),
            _("%(player)s deals", player=isolate(names[current.dealer])),
            _("Trump") + " {trump}", _("%(player)s leads", player=PLAYER))),
    }


def game_data(state: rules.GameState) -> dict[str, Any] | None:
    """Oh Hell and Elevator under way: ``rounds``, every round's answers and words as JSON
    (``rules.every_round``): its bid pad's data (as ``page_data``'s ``bids``), its tricks form's
    attributes, its banner (the last round's with the house rule that frees it); and blank
    rounds with the largest hand (``dealt``: one for each dealer, whose bidding order it has;
    ``bid_form``, ``bid_pad``, ``tricks_form``) for the page's panels, which pad.js fits to each
    round."""
    settings = state.settings
    if of(settings).offline_bids is None or state.finished:  # a game played on offline
        return None
    if not rules.every_round(settings):  # its next round hangs on this one's scores: it waits
        return None
    key = (settings.ruleset.id, settings.players, settings.first_dealer, settings.typed,
           str(get_locale()))
    rounds, dealt = _ROUNDS.get_or_make(key, lambda: _every_round(settings))
    largest = dealt[0]["hand_size"]
    return {
        "rounds": rounds,
        "dealt": dealt,
        "bid_form": (of(settings).entry_form(settings, rules.Step.BID) or BidForm)(formdata=None),
        "bid_pad": [(bid, None) for bid in range(largest + 1)],
        "tricks_form": tricks_form(len(settings.players))(formdata=None),
    }


#: ``game_data``'s rounds by what they depend on: the game, its players, first dealer and house
#: rules, and the page's language (a page drawn again need not work them out again).
_ROUNDS: LRU[tuple[Any, ...], tuple[str, list[dict[str, Any]]]] = LRU(64)


def _every_round(settings: rules.Settings) -> tuple[str, list[dict[str, Any]]]:
    ahead = rules.every_round(settings)
    names = settings.players
    seats = len(names)
    reasons = {size: [hook_reason(bid, size) for bid in range(size + 1)]
               for size in {a.hand_size for a in ahead}}
    said = {"legend": _("%(player)s bids", player=PLAYER),
            "label": _("%(player)s bids %(bid)s", player=PLAYER, bid=BID), "to_bid": _("to bid")}
    rounds = [{
        "pad": {
            "round": a.number,
            "hand": a.hand_size,
            "names": list(names),
            "order": list(a.bidding_order),
            "dealer": a.dealer,
            "bids": [None] * seats,
            "forbidden": list(a.forbidden_bids),
            # Why each number would be the dealer's forbidden one, in the page's language.
            "reasons": reasons[a.hand_size],
            "total": _("Total bid: %(bids)s of %(cards)s", bids=BID, cards=a.hand_size),
            **said,
        },
        # Its tricks form's attributes (as ``page_data``'s ``tricks`` and ``rest_tricks``).
        "tricks": {"data-last-tricks": json.dumps(a.last_tricks),
                   "data-rest-tricks": json.dumps(a.rest_tricks),
                   "data-tricks-to-share": a.hand_size},
        "banner": " · ".join((
            _("Round %(number)s of %(total)s", number=a.number, total=len(ahead)),
            ngettext("%(num)s card", "%(num)s cards", a.hand_size),
            _("%(player)s deals", player=isolate(names[a.dealer])),
            _("%(player)s bids first", player=isolate(names[a.bidding_order[0]])),
            # The last round's house rule; "no hook this game" is said for every round already.
            *((_("Last round: the dealer bids freely."),)
              if settings.typed.hook is rules.Hook.NOT_LAST and not a.hooked else ()))),
        "share": ngettext("%(num)s trick to share", "%(num)s tricks to share", a.hand_size),
    } for a in ahead]
    # A blank round with the largest hand for each dealer (the bidding order follows the dealer).
    largest = max(a.hand_size for a in ahead)
    orders = {a.dealer: list(a.bidding_order) for a in ahead}
    dealt = [{"number": 0, "hand_size": largest, "dealer": dealer, "next_bidder": order[0],
              "bidding_order": order, "bids": [None] * seats}
             for dealer, order in sorted(orders.items())]
    return json.dumps(rounds, ensure_ascii=False, separators=(",", ":")), dealt


#: The hand's number in the blank form of the hands ahead, filled in by pad.js.
HAND = "{hand}"


class _AnyHand:
    """The round a hand ahead's blank form is drawn with: the first hand ahead's, its number
    left for pad.js to fill in (``HAND``)."""

    number = HAND

    def __init__(self, round_: rules.Round) -> None:
        self._round = round_

    def __getattr__(self, name: str) -> Any:
        return getattr(self._round, name)


def hands_ahead(state: rules.GameState) -> dict[str, Any] | None:
    """For a game whose hand is one blank form every time, what the phone draws offline for
    the hands after the current one (``rules.hands_ahead``): ``rounds``, each as the engine
    starts it (its banner says who deals), and ``blank``, the round its blank form is drawn
    with. ``None`` for the other games."""
    ahead = rules.hands_ahead(state)
    if not ahead:
        return None
    return {"rounds": ahead, "blank": _AnyHand(ahead[0])}
