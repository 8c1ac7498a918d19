"""The pages' forms (Flask-WTF: CSRF on each). They parse what was tapped, and make of it the
engine's entries (the end of this module); the engine judges them.

Per-seat inputs are named ``<field>_<seat>`` (``tricks_2``, ``bids_0``) so that a player who has
not been tapped yet is simply absent, and a rule error can land on that player's field. A bid
card is one tap: ``bids_0=3-spades`` (the engine's ``Card.token``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import Field, IntegerField, RadioField
from wtforms.validators import InputRequired, Optional

from companion import rules
from companion.rules import Entry, RuleError, Settings, small_number
from companion.rules.memo import memoized
from companion.web.shared.names import isolate, names_list

class NumberField(IntegerField):  # type: ignore[misc]  # WTForms has no type hints
    """A whole number of at most ``rules.MOST_DIGITS`` digits, with an optional sign. Anything else
    (10**5000, "1e3", "²", "١٢") is the field's error."""

    data: Any  # a number once validated (as WTForms' own fields, untyped)

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        number = small_number(text[1:] if text[:1] in ("-", "+") else text)
        if number is None:
            self.data = None
            raise ValueError(_("Enter a whole number."))
        self.data = -number if text.startswith("-") else number


class PageForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no type hints
    """A form whose rule errors can also belong to a group of fields (the players, the tricks)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}
        #: A field marked wrong by another's error (``bids_3`` -> ``bids_1``): every player on
        #: a card that too many bid is at fault, its message said once.
        self.marks: dict[str, str] = {}

    def add_error(self, field: str | None, seat: int | None, message: str) -> None:
        """Put ``message`` on the seat's own field when there is one, else on the group."""
        target: Field | None = None
        if seat is not None and field:
            target = self._fields.get(f"{field}_{seat}")
        if target is not None:
            target.errors = [*target.errors, message]
        else:
            self.group_errors.setdefault(field or "", []).append(message)

    def add_rule_error(self, error: RuleError, message: str) -> None:
        """The engine's error at its seat's field; the other seats it names (``seats``) are
        marked as wrong too, pointing at that message."""
        self.add_error(error.field, error.seat, message)
        own = f"{error.field}_{error.seat}"
        if error.seat is None or own not in self._fields:
            return
        for seat in error.params.get("seats", ()):
            other = f"{error.field}_{seat}"
            if seat != error.seat and other in self._fields:
                self.marks.setdefault(other, own)

    def errors_at(self, field: str) -> list[str]:
        """The errors of one input (``tricks_2``) or of a group (``tricks``)."""
        own = self._fields.get(field)
        return [*(own.errors if own is not None else ()), *self.group_errors.get(field, ())]


class VersionedForm(PageForm):
    """Every write names the game version it was based on (a stale one is a 409)."""

    version = NumberField(validators=[InputRequired()])


class BidForm(VersionedForm):
    """One tap on the bid pad: ``seat`` bids ``bid``; ``trump``, where the game records one,
    the trump chip chosen beside the bids (a suit or ``none``; empty: not recorded)."""

    seat = NumberField(validators=[InputRequired()])
    bid = NumberField(validators=[InputRequired()])
    trump = RadioField(choices=[], validators=[Optional()], validate_choice=False)


class UndoForm(VersionedForm):
    pass


class RoundForm(VersionedForm):
    """A form for one round's values; ``round`` says which, so that typing survives a conflict
    only while it still belongs to the round on screen."""

    round = NumberField(validators=[Optional()])


def _seat_fields(field: str, seats: int) -> dict[str, Field]:
    return {f"{field}_{seat}": NumberField(validators=[Optional()]) for seat in range(seats)}


def card_fields(seats: int) -> dict[str, Field]:
    # One radio group a player (the engine's deck); the engine reads and judges the card.
    return {f"bids_{seat}": RadioField(choices=[], validators=[Optional()], validate_choice=False)
            for seat in range(seats)}


#: One form class per number of seats (2–10): bound 16.
@memoized(16)
def tricks_form(seats: int) -> type[RoundForm]:
    return type("TricksForm", (RoundForm,), _seat_fields("tricks", seats))


#: By seats and whether bids are cards: bound 32.
@memoized(32)
def correction_form(seats: int, cards: bool) -> type[RoundForm]:
    """A scored round's bids (numbers, or cards) and tricks."""
    bids = card_fields(seats) if cards else _seat_fields("bids", seats)
    return type("CorrectionForm", (RoundForm,), {**bids, **_seat_fields("tricks", seats)})

# --- from what was tapped to the engine's entries ----------------------------------------------
#
# A form that is missing a tap gets an error at that player's field here (nothing reaches the
# engine); everything else, every rule included, is the engine's to judge through
# ``parse_entry``.


def one_bid(settings: Settings, form: BidForm) -> Entry:
    """One tap on the bid pad: that seat's bid, ``None`` for everyone else."""
    bids: list[int | None] = [None] * len(settings.players)
    seat = form.seat.data
    if seat is None or not 0 <= seat < len(bids):
        raise rules.ShapeError("seat", "not a seat of this game")
    bids[seat] = form.bid.data
    body: dict[str, object] = {"bids": bids}
    if form.trump.data:  # the engine judges it, and refuses it for a game that records none
        body["trump"] = form.trump.data
    return rules.parse_entry(settings, "bids", body)


def tapped_cards(settings: Settings, form: RoundForm) -> list[dict[str, object]] | None:
    cards: list[dict[str, object]] = []
    complete = True
    for seat, name in enumerate(settings.players):
        tapped = form[f"bids_{seat}"].data  # "3-spades"; anything else goes on for the engine
        if not tapped:
            form.add_error("bids", seat, _("Choose %(player)s's card.", player=name))
            complete = False
        cards.append(rules.from_token(tapped or ""))
    return cards if complete else None


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


def correction(settings: Settings, form: RoundForm, cards_bid: bool = False) -> list[Entry] | None:
    """A scored round's replacement: its bids (cards, if ``cards_bid``: the form the page
    showed) and its tricks, every player's filled in."""
    complete = True
    if cards_bid:
        cards = tapped_cards(settings, form)
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


def prefill_round(settings: Settings, round_: rules.Round, form: RoundForm) -> None:
    """A scored round's correction form, as the round was entered: its bids (numbers or
    cards) and its tricks."""
    for seat in settings.seats:
        bid_ = round_.bids[seat] if round_.bids else None
        if isinstance(bid_, rules.Card):
            form[f"bids_{seat}"].data = bid_.token
        else:
            form[f"bids_{seat}"].data = bid_
        form[f"tricks_{seat}"].data = round_.tricks[seat] if round_.tricks else None

