"""The Scopa hand form and what it becomes for the engine: one hand, as the table says it after
counting its piles. Four rows of side chips (most cards, most coins, the settebello, the
primiera; "nobody" on the three that can tie), each side's scope on a − / + stepper, its napola
with the option. A missing answer is asked for at its field here; every rule is the engine's.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from wtforms import StringField
from wtforms.validators import Optional

from companion import rules
from companion.rules import Settings, scopa
from companion.rules.memo import memoized
from companion.web.shared.forms import NumberField, RoundForm, small_number
from companion.web.games.scopa.words import AWARD_NAMES
from companion.web.shared.names import isolate

NOBODY = "nobody"  # cards, coins, primiera: a tie, or nobody


class HandForm(RoundForm):
    """One hand. The chips send a side number or ``nobody``; ``step`` is a stepper's button
    without JavaScript (``scope-1-up``)."""

    cards = StringField()
    coins = StringField()
    settebello = StringField()
    primiera = StringField()
    step = StringField()


#: One form class a number of sides (2 or 3) and whether the napola is played: bound 8.
@memoized(8)
def hand_form(sides: int, napola: bool) -> type[HandForm]:
    fields: dict[str, Any] = {f"scope_{side}": NumberField(validators=[Optional()])
                              for side in range(sides)}
    if napola:
        fields.update({f"napola_{side}": NumberField(validators=[Optional()])
                       for side in range(sides)})
    # What the form's template draws, on the game page and the correction page alike: each
    # point with its words and whether it can tie, and whether the napola is played.
    fields["awards"] = tuple((name, AWARD_NAMES[name], name in scopa.MAY_TIE)
                             for name in scopa.AWARDS)
    fields["napola"] = napola
    return type("ScopaHandForm", (HandForm,), fields)


def form_class(settings: Settings) -> type[HandForm]:
    return hand_form(len(settings.sides), scopa.options_of(settings).napola)


def fresh(settings: Settings, number: int, watching: bool = False) -> HandForm:
    """A new hand's form: no point chosen, no scopa."""
    data: dict[str, Any] = {"round": number}
    for side in settings.sides:
        data[f"scope_{side}"] = 0
        if scopa.options_of(settings).napola:
            data[f"napola_{side}"] = 0
    return form_class(settings)(formdata=None, data=data,
                                meta={"csrf": False} if watching else None)


def side_name(settings: Settings, side: int) -> str:
    return " & ".join(isolate(settings.players[seat]) for seat in settings.seats_of(side))


def _side(raw: str) -> int | str | None:
    """A chip's value as the engine wants it: a side, ``None`` for nobody; anything else is
    passed on for the engine to refuse."""
    if raw == NOBODY:
        return None
    number = small_number(raw)
    return raw if number is None else number


QUESTIONS = {
    "cards": lambda: _("Who took the most cards? Or: nobody, on a tie."),
    "coins": lambda: _("Who took the most coins? Or: nobody, on a tie."),
    "settebello": lambda: _("Who took the settebello?"),
    "primiera": lambda: _("Who won the primiera? Or: nobody, on a tie."),
}


def hand_entry(settings: Settings, form: HandForm) -> rules.Entry | None:
    """The hand for the engine to judge; ``None``, with a question at each field, while a point
    has no answer (scope and napola left empty count 0)."""
    missing = [name for name in scopa.AWARDS if not (form[name].data or "")]
    for name in missing:
        form.add_error(name, None, QUESTIONS[name]())
    if missing or form.errors:
        return None
    body: dict[str, Any] = {name: _side(form[name].data) for name in scopa.AWARDS}
    body["scope"] = [form[f"scope_{side}"].data or 0 for side in settings.sides]
    if scopa.options_of(settings).napola:
        body["napola"] = [form[f"napola_{side}"].data or 0 for side in settings.sides]
    return rules.parse_entry(settings, "hand", body)


def step(settings: Settings, form: HandForm) -> bool:
    """A stepper's button without JavaScript (``scope-1-up``, ``napola-0-down``): one more or
    one fewer, never below 0. False when the button was not a stepper's."""
    parts = (form.step.data or "").split("-")
    if len(parts) != 3 or parts[0] not in ("scope", "napola") or parts[2] not in ("up", "down"):
        return False
    name = f"{parts[0]}_{parts[1]}"
    if name not in form._fields:
        return False
    field = form[name]
    field.data = max((field.data or 0) + (1 if parts[2] == "up" else -1), 0)
    field.raw_data = None
    field.errors = []
    return True


def prefill(settings: Settings, round_: rules.Round, form: Any) -> None:
    """A scored hand's correction: every point and count as entered."""
    hand = scopa.scored_of(round_).hand
    for name in scopa.AWARDS:
        side = hand.award(name)
        form[name].data = NOBODY if side is None else str(side)
    for side in settings.sides:
        form[f"scope_{side}"].data = hand.scope[side]
        if hand.napola:
            form[f"napola_{side}"].data = hand.napola[side]
