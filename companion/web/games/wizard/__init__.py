"""Wizard on the pages: Oh Hell's bid pad and tricks (the hook struck through when a house rule
holds it), with the trump beside the bids as four suit chips and "none", optional, sent with the
next bid; its words (``words``); its templates are in templates/games/wizard/."""

from __future__ import annotations

from typing import Any

from wtforms import RadioField
from wtforms.validators import Optional

from companion import rules
from companion.rules import Settings, Step
from companion.rules.cards import NoTrump, Suit
from companion.rules.memo import memoized
from companion.web.games.wizard.words import OPTION_SOURCES, OPTION_VALUES, WORDS, option_facts
from companion.web.shared import forms
from companion.web.shared.declaration import GAME_STYLES, WebGame
from companion.web.shared.forms import BidForm, RoundForm, correction_form, prefill_round, tricks_form

#: The trumps a table may record, as the chips show them: the four suits, then none.
TRUMPS: tuple[Suit | NoTrump, ...] = (*Suit, NoTrump.NONE)


class TrumpBidForm(BidForm):
    """A tap on the bid pad, with the trump chip chosen beside it."""

    trumps = TRUMPS


#: One class per number of seats (3–6).
@memoized(8)
def _correction_form(seats: int) -> type[RoundForm]:
    plain = correction_form(seats, False)
    trump = RadioField(choices=[], validators=[Optional()], validate_choice=False)
    return type("TrumpCorrectionForm", (plain,), {"trumps": TRUMPS, "trump": trump})


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    if step is Step.TRICKS:
        return tricks_form(len(settings.players))
    if step is Step.BID:
        return TrumpBidForm
    return None


def _correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    """The round's bids and tricks as every bid game's, the bids carrying the trump chosen."""
    entries = forms.correction(settings, form)
    if entries is None or not form.trump.data:
        return entries
    bids = rules.parse_entry(settings, "bids", {
        "bids": [form[f"bids_{seat}"].data for seat in settings.seats],
        "trump": form.trump.data})
    return [bids if isinstance(entry, rules.Bids) else entry for entry in entries]


def _prefill(settings: Settings, round_: rules.Round, form: Any) -> None:
    prefill_round(settings, round_, form)
    form.trump.data = round_.trump.value if round_.trump is not None else None


GAME = WebGame(
    family="wizard",
    entry_form=_entry_form,
    panel="games/wizard/_panel.html",
    banner="games/wizard/_banner.html",
    offline_bids="games/wizard/_bids.html",
    correction_form=lambda settings: _correction_form(len(settings.players)),
    correction_body="games/wizard/_correction.html",
    correction_entries=_correction_entries,
    prefill_correction=_prefill,
    words=WORDS,
    option_facts=option_facts,
    option_values=OPTION_VALUES,
    option_sources=OPTION_SOURCES,
    stylesheet="css/site-wizard.css",
    styles=(*GAME_STYLES, "css/wizard.css"),
)
