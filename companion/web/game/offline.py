"""What the scorekeeper's page carries so that game.js can go on with the round offline.

The engine's answers (``rules.offline_answers``) and the round's words, as JSON for data
attributes: the page looks answers up in them and never works a rule out itself. Not a view.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _

from companion import rules
from companion.rules import Family, Phase
from companion.web.shared.forms import tricks_form
from companion.web.shared.messages import hook_reason

#: The name and the number in the words below, filled in by game.js.
PLAYER, BID = "{player}", "{bid}"


def page_data(state: rules.GameState) -> dict[str, Any]:
    """The data attributes' JSON: ``bids`` for the bid form (in-turn games, bidding), ``tricks``
    for the tricks form (the last player's count for each total of the others'), ``rest_tricks``
    (every missing player's count, once the entered total decides it). While bids
    are due, also the round's empty tricks form (``tricks_form``, with the tricks to share), for
    the page to show once every bid is in without the server."""
    answers = rules.offline_answers(state)
    current = state.current
    if answers is None or current is None:
        return {}
    data: dict[str, Any] = {"tricks": json.dumps(answers.last_tricks),
                            "rest_tricks": json.dumps(answers.rest_tricks)}
    if state.settings.family is Family.TURN_BIDS and current.phase is Phase.BIDDING:
        data["bids"] = json.dumps(_bidding(state, answers), ensure_ascii=False)
        data["tricks_form"] = tricks_form(len(state.settings.players))(formdata=None)
        data["tricks_to_share"] = answers.hand_size
    return data


def _bidding(state: rules.GameState, answers: rules.OfflineAnswers) -> dict[str, Any]:
    current = state.current
    assert current is not None and current.bids is not None
    size = answers.hand_size
    return {
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
