"""The new-game form: the game, its options (one radio group per game and option, straight
from the engine's registry), the players' name rows, the first dealer and the score pad's title.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import FieldList, RadioField, StringField
from wtforms.validators import InputRequired

from companion.rules import RULESETS, IntRange, small_number
from companion.web.new_game.choices import number_field, option_field
from companion.web.shared.forms import PageForm
from companion.web.shared.house_rules import keys, token

#: The most name rows the new-game page offers (the largest table any game allows).
MOST_PLAYERS = max(rules.max_players for rules in RULESETS.values())
#: Name rows offered on a fresh new-game page.
FIRST_ROWS = 4
RANDOM_DEALER = "random"


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
    #: The score pad's title ("Hearts"); empty: an untitled pad.
    title = StringField(filters=[_strip])


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
