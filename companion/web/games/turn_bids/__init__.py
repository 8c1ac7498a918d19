"""Oh Hell and Elevator on the pages: a bid a tap in turn (the bid pad), then the tricks;
their words (``words``); its templates are in templates/games/turn_bids/."""

from __future__ import annotations

from typing import Any

from companion.rules import Settings, Step
from companion.web.games.turn_bids.words import WORDS, option_facts
from companion.web.shared.declaration import WebGame
from companion.web.shared import forms
from companion.web.shared.forms import BidForm, correction_form, prefill_round, tricks_form


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    if step is Step.TRICKS:
        return tricks_form(len(settings.players))
    if step is Step.BID:
        return BidForm
    return None


GAME = WebGame(
    family="turn-bids",
    entry_form=_entry_form,
    panel="games/turn_bids/_panel.html",
    banner="games/turn_bids/_banner.html",
    offline_bids="games/turn_bids/_bids.html",
    correction_form=lambda settings: correction_form(len(settings.players), False),
    correction_entries=lambda settings, form: forms.correction(settings, form),
    prefill_correction=prefill_round,
    words=WORDS,
    option_facts=option_facts,
)
