"""The pages' forms (Flask-WTF: CSRF on each). They parse what was tapped; the engine judges it.

Per-seat inputs are named ``<field>_<seat>`` (``tricks_2``, ``bids_0``) so that a player who has
not been tapped yet is simply absent, and a rule error can land on that player's field. An
Oh-Seven card is one tap: ``bids_0=3-spades`` (the engine's ``Card.token``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, Optional

from companion.rules import RULESETS, IntRange, RuleError
from companion.rules.memo import memoized
from companion.web.shared.choices import number_field, option_field
from companion.web.shared.house_rules import keys, token
from companion.web.shared.numbers import small_number

#: The most name rows the new-game page offers (the largest table any game allows).
MOST_PLAYERS = max(rules.max_players for rules in RULESETS.values())
#: Name rows offered on a fresh new-game page.
FIRST_ROWS = 4
RANDOM_DEALER = "random"
class NumberField(IntegerField):  # type: ignore[misc]  # WTForms has no type hints
    """A whole number of at most ``numbers.MOST_DIGITS`` digits, with an optional sign. Anything else
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


class NameRows(FieldList):  # type: ignore[misc]
    """The players' name rows (``players-<row>``); a row number that is not a small plain
    number is no row (``int()`` of 5,000 digits or of "²" raised a 500)."""

    def _extract_indices(self, prefix: str, formdata: Any) -> Any:
        offset = len(prefix) + 1
        for key in formdata:
            if key.startswith(prefix + self._separator):
                row = small_number(key[offset:].split(self._field_separator, 1)[0])
                if row is not None:
                    yield row


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


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


class NewGameForm(PageForm):
    ruleset = RadioField(
        _l("Game"),
        choices=list(RULESETS),
        validators=[InputRequired(message=_l("Choose which game you are playing."))],
        validate_choice=False,  # the engine names an unknown game
    )
    players = NameRows(StringField(_l("Name"), filters=[_strip]), min_entries=2,
                       max_entries=MOST_PLAYERS)
    first_dealer = StringField(default=RANDOM_DEALER)


# One radio group per game and option, straight from the engine's registry; a range option
# (the largest hand) also has the number typed beside its "this many cards".
for _rules in RULESETS.values():
    for _name, _option in _rules.options.items():
        _field = option_field(_rules.id, _name)
        setattr(NewGameForm, _field,
                RadioField(choices=list(keys(_rules.id, _name)), default=token(_option.default),
                           validate_choice=False))
        if isinstance(_option.choices, IntRange):
            setattr(NewGameForm, number_field(_field), StringField(filters=[_strip]))


class VersionedForm(PageForm):
    """Every write names the game version it was based on (a stale one is a 409)."""

    version = NumberField(validators=[InputRequired()])


class BidForm(VersionedForm):
    """One tap on the bid pad: ``seat`` bids ``bid``."""

    seat = NumberField(validators=[InputRequired()])
    bid = NumberField(validators=[InputRequired()])


class UndoForm(VersionedForm):
    pass


class RoundForm(VersionedForm):
    """A form for one round's values; ``round`` says which, so that typing survives a conflict
    only while it still belongs to the round on screen."""

    round = NumberField(validators=[Optional()])


def _seat_fields(field: str, seats: int) -> dict[str, Field]:
    return {f"{field}_{seat}": NumberField(validators=[Optional()]) for seat in range(seats)}


def _card_fields(seats: int) -> dict[str, Field]:
    # One radio group a player (the engine's deck); the engine reads and judges the card.
    return {f"bids_{seat}": RadioField(choices=[], validators=[Optional()], validate_choice=False)
            for seat in range(seats)}


#: One form class per number of seats (2–10): bound 16.
@memoized(16)
def tricks_form(seats: int) -> type[RoundForm]:
    return type("TricksForm", (RoundForm,), _seat_fields("tricks", seats))


@memoized(16)
def cards_form(seats: int) -> type[RoundForm]:
    return type("CardBidsForm", (RoundForm,), _card_fields(seats))


#: By seats and whether bids are cards: bound 32.
@memoized(32)
def correction_form(seats: int, cards: bool) -> type[RoundForm]:
    """A scored round's bids (numbers, or Oh-Seven cards) and tricks."""
    bids = _card_fields(seats) if cards else _seat_fields("bids", seats)
    return type("CorrectionForm", (RoundForm,), {**bids, **_seat_fields("tricks", seats)})
