"""The score pad's forms: a round's points, a side a row (``points_<side>``), and "We stop here"."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from wtforms.validators import Optional

from companion import rules
from companion.rules import Entry, Settings
from companion.rules.memo import memoized
from companion.web.shared.forms import NumberField, RoundForm, VersionedForm
from companion.web.shared.names import isolate

class PointsField(NumberField):
    """A score pad's points as typed: a number field that also reads a typographic minus (−),
    as a phone's keyboard or a pasted score may give it. Anything else is said as the pad says
    it at the row (``not_whole_points``, score_pad.js)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata([str(v).replace("\u2212", "-") for v in valuelist])
        except ValueError:
            raise ValueError(not_whole_points()) from None

def not_whole_points() -> str:
    """The score pad's points that are not a whole number, in the page's language."""
    return _("Type the points as a whole number: digits only, and ± for a minus.")

#: The score pad: one field a side (2–12): bound 16.
@memoized(16)
def points_form(sides: int) -> type[RoundForm]:
    fields = {f"points_{side}": PointsField(validators=[Optional()]) for side in range(sides)}
    return type("PointsForm", (RoundForm,), fields)

class FinishForm(VersionedForm):
    """The score pad's "We stop here"."""

def _side_name(settings: Settings, side: int) -> str:
    return " & ".join(isolate(settings.players[seat]) for seat in settings.seats_of(side))

def points(settings: Settings, form: RoundForm) -> Entry | None:
    """The score pad: every side's points for the round (a player's, or a pair's); ``None``,
    each missing one asked for at its field, while one is not typed."""
    typed = [form[f"points_{side}"].data for side in settings.sides]
    for side in (s for s, value in enumerate(typed) if value is None):
        if not form[f"points_{side}"].errors:  # "Enter a whole number." says it already
            form.add_error("points", side, _("How many points did %(player)s score? Type 0 for "
                                             "none.", player=_side_name(settings, side)))
    if any(value is None for value in typed):
        return None
    return rules.parse_entry(settings, "points", {"points": typed})
