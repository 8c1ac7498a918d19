"""From what was tapped to the engine's entries.

A form that is missing a tap gets an error at that player's field here (nothing reaches the
engine); everything else, every rule included, is the engine's to judge through ``parse_entry``.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from companion import rules
from companion.rules import Entry, Settings
from companion.web.shared.forms import BidForm, RoundForm
from companion.web.shared.names import isolate, names_list


def one_bid(settings: Settings, form: BidForm) -> Entry:
    """One tap on the bid pad: that seat's bid, ``None`` for everyone else."""
    bids: list[int | None] = [None] * len(settings.players)
    seat = form.seat.data
    if seat is None or not 0 <= seat < len(bids):
        raise rules.ShapeError("seat", "not a seat of this game")
    bids[seat] = form.bid.data
    return rules.parse_entry(settings, "bids", {"bids": bids})


def _cards(settings: Settings, form: RoundForm) -> list[dict[str, object]] | None:
    cards: list[dict[str, object]] = []
    complete = True
    for seat, name in enumerate(settings.players):
        tapped = form[f"bids_{seat}"].data  # "3-spades"; anything else goes on for the engine
        if not tapped:
            form.add_error("bids", seat, _("Choose %(player)s's card.", player=name))
            complete = False
        cards.append(rules.from_token(tapped or ""))
    return cards if complete else None


def card_bids(settings: Settings, form: RoundForm) -> Entry | None:
    """Oh-Seven: every player's card, revealed together; ``None`` while one is missing."""
    cards = _cards(settings, form)
    return None if cards is None else rules.parse_entry(settings, "bids", {"bids": cards})


def _numbers(settings: Settings, form: RoundForm, field: str) -> list[int | None]:
    return [form[f"{field}_{seat}"].data for seat in settings.seats]


def tricks(state: rules.GameState, form: RoundForm) -> Entry | None:
    """Tricks per seat, the counts the entered ones decide filled in by the engine
    (``filled_in_tricks``: the last player's rest, or 0 for everyone left once the hand is
    taken). Players still missing while tricks are left to share are asked for in one message
    at the tricks; missing ones after the entered counts overtook the hand get 0, so that the
    engine says the total is wrong."""
    settings = state.settings
    taken = rules.filled_in_tricks(state, _numbers(settings, form, "tricks"))
    missing = [seat for seat, count in enumerate(taken) if count is None]
    left = rules.tricks_unshared(state, taken)
    if missing and left is not None:
        players = names_list([settings.players[seat] for seat in missing])
        form.add_error("tricks", None, ngettext(
            "%(players)s: how many tricks? %(num)s trick is left to share.",
            "%(players)s: how many tricks? %(num)s tricks are left to share.",
            left, players=players))
        for seat in missing:  # each row marked as asked for, pointing at that message
            form.marks[f"tricks_{seat}"] = "tricks"
        return None
    counts = [0 if count is None else count for count in taken]
    return rules.parse_entry(settings, "tricks", {"tricks": counts})


def correction(settings: Settings, form: RoundForm) -> list[Entry] | None:
    """A scored round's replacement: its bids and its tricks, every player's filled in."""
    complete = True
    if settings.family is rules.Family.CARD_BIDS:  # which form the page showed: cards
        cards = _cards(settings, form)
        complete = cards is not None
        bids_body: dict[str, object] = {"bids": cards}
    else:
        numbers = _numbers(settings, form, "bids")
        for seat in (s for s, bid in enumerate(numbers) if bid is None):
            form.add_error("bids", seat, _("Choose %(player)s's bid.",
                                           player=isolate(settings.players[seat])))
            complete = False
        bids_body = {"bids": numbers}
    taken = _numbers(settings, form, "tricks")
    for seat in (s for s, count in enumerate(taken) if count is None):
        form.add_error("tricks", seat, _("How many tricks did %(player)s take?",
                                         player=isolate(settings.players[seat])))
        complete = False
    if not complete:
        return None
    return [rules.parse_entry(settings, "bids", bids_body),
            rules.parse_entry(settings, "tricks", {"tricks": taken})]
