"""The pages' forms (Flask-WTF: CSRF on each). They parse what was tapped; the engine judges it.

Per-seat inputs are named ``<field>_<seat>`` (``tricks_2``, ``bids_0_value``) so that a player
who has not been tapped yet is simply absent, and a rule error can land on that player's field.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, Optional

from ..rules import RULESETS, Suit
from .choices import option_field, token

#: The most name rows the new-game page offers (the largest table any game allows).
MOST_PLAYERS = max(rules.max_players for rules in RULESETS.values())
#: Name rows offered on a fresh new-game page.
FIRST_ROWS = 4
RANDOM_DEALER = "random"


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class PageForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no type hints
    """A form whose rule errors can also belong to a group of fields (the players, the tricks)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}

    def add_error(self, field: str | None, seat: int | None, message: str) -> None:
        """Put ``message`` on the seat's own field when there is one, else on the group."""
        target: Field | None = None
        if seat is not None and field:
            target = self._fields.get(f"{field}_{seat}") or self._fields.get(f"{field}_{seat}_value")
        if target is not None:
            target.errors = [*target.errors, message]
        else:
            self.group_errors.setdefault(field or "", []).append(message)

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
    players = FieldList(StringField(_l("Name"), filters=[_strip]), min_entries=2,
                        max_entries=MOST_PLAYERS)
    first_dealer = StringField(default=RANDOM_DEALER)


# One radio group per game and option, straight from the engine's registry.
for _rules in RULESETS.values():
    for _name, _option in _rules.options.items():
        if not isinstance(_option.choices, tuple):
            continue  # a range (max_hand) is not offered on the page yet
        setattr(
            NewGameForm,
            option_field(_rules.id, _name),
            RadioField(choices=[token(c) for c in _option.choices],
                       default=token(_option.default), validate_choice=False),
        )


class VersionedForm(PageForm):
    """Every write names the game version it was based on (a stale one is a 409)."""

    version = IntegerField(validators=[InputRequired()])


class BidForm(VersionedForm):
    """One tap on the bid pad: ``seat`` bids ``bid``."""

    seat = IntegerField(validators=[InputRequired()])
    bid = IntegerField(validators=[InputRequired()])


class UndoForm(VersionedForm):
    pass


class RoundForm(VersionedForm):
    """A form for one round's values; ``round`` says which, so that typing survives a conflict
    only while it still belongs to the round on screen."""

    round = IntegerField(validators=[Optional()])

    def per_seat(self, field: str, seats: int) -> list[Field]:
        return [self[f"{field}_{seat}"] for seat in range(seats)]


def _seat_fields(field: str, seats: int) -> dict[str, Field]:
    return {f"{field}_{seat}": IntegerField(validators=[Optional()]) for seat in range(seats)}


def _card_fields(seats: int) -> dict[str, Field]:
    fields: dict[str, Field] = {}
    for seat in range(seats):
        fields[f"bids_{seat}_value"] = IntegerField(validators=[Optional()])
        fields[f"bids_{seat}_suit"] = RadioField(
            choices=[suit.value for suit in Suit], validators=[Optional()],
            validate_choice=False,
        )
    return fields


@cache
def tricks_form(seats: int) -> type[RoundForm]:
    return type("TricksForm", (RoundForm,), _seat_fields("tricks", seats))


@cache
def cards_form(seats: int) -> type[RoundForm]:
    return type("CardBidsForm", (RoundForm,), _card_fields(seats))


@cache
def correction_form(seats: int, cards: bool) -> type[RoundForm]:
    """A scored round's bids (numbers, or Oh-Seven cards) and tricks."""
    bids = _card_fields(seats) if cards else _seat_fields("bids", seats)
    return type("CorrectionForm", (RoundForm,), {**bids, **_seat_fields("tricks", seats)})
