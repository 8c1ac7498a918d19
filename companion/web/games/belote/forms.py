"""The Belote and Coinche hand form, and the hand it makes for the engine: the taker, their card
points, the belote, the announcements (a line each: who, what), a capot; Coinche's contract,
its trump if said, and the coinche level. Chips send strings (a seat, a team, a word); a
missing answer is asked for at its field here, and every rule is the engine's to judge.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _
from wtforms import StringField
from wtforms.validators import Optional

from companion import rules
from companion.rules import Settings
from companion.rules import belote
from companion.rules.belote import Coinche, options_of
from companion.rules.belote.game import scored
from companion.rules.cards import Suit
from companion.rules.memo import memoized
from companion.web.games.belote.words import (ANNOUNCEMENT_NAMES, CAPOT, CARRE, CARRE_RANKS,
                                              COINCHE_NAMES, GENERALE, TRUMP_WORDS)
from companion.web.shared.messages import SUIT_NAMES
from companion.web.shared.forms import NumberField, RoundForm, VersionedForm, small_number

NOBODY = "none"  # taker: nobody took (the hand is passed); belote, capot: nobody


#: The announcement lines on the page, each a seat and a kind: one team scores, and each of its
#: two players' eight cards hold at most two announcements.
ANNOUNCEMENT_LINES = tuple(range(1, 2 * belote.MOST_PER_SEAT + 1))


def _line_fields() -> dict[str, StringField]:
    fields = {}
    for line in ANNOUNCEMENT_LINES:
        fields[f"announcer_{line}"] = StringField()
        fields[f"announced_{line}"] = StringField()
    return fields


class HandForm(RoundForm):
    """One hand; its announcements are lines, each ``announcer_<n>`` (a seat, or none) and
    ``announced_<n>`` (a kind). ``form_for`` makes it for a game: ``chips`` says what its
    fields offer."""

    chips: Mapping[str, Any] = {}

    taker = StringField()
    points = NumberField(validators=[Optional()])
    belote = StringField(default=NOBODY)
    capot = StringField(default=NOBODY)
    contract = StringField()
    coinche = StringField(default=Coinche.NONE.value)
    generale = StringField()
    trump = StringField()

    def announced(self) -> int:
        """How many announcement lines hold a kind: the fold opens on them."""
        return sum(1 for line in ANNOUNCEMENT_LINES if self[f"announced_{line}"].data)


def _chips(coinche: bool, announcements: bool) -> dict[str, Any]:
    return {
        "coinche": coinche, "announcements": announcements,
        "teams": ((0, 2), (1, 3)),
        "lines": ANNOUNCEMENT_LINES,
        # The sequences with their points; the carrés by their rank, named in full for
        # screen readers: (kind, shown, name, points).
        "sequences": tuple((kind, ANNOUNCEMENT_NAMES[kind], ANNOUNCEMENT_NAMES[kind], points)
                           for kind, points in belote.ANNOUNCEMENTS.items()
                           if not kind.startswith(CARRE)),
        "carres": tuple((kind, CARRE_RANKS[kind], ANNOUNCEMENT_NAMES[kind], points)
                        for kind, points in belote.ANNOUNCEMENTS.items()
                        if kind.startswith(CARRE)),
        "contracts": (*((str(c), str(c)) for c in belote.CONTRACTS),
                      (belote.CAPOT_CONTRACT, CAPOT), (belote.GENERALE, GENERALE)),
        "levels": tuple(COINCHE_NAMES.items()),
        # Coinche's trump, optional: (value, symbol or None, name). A suit shows its symbol and
        # is named for screen readers; no-trump and all-trump are their words.
        "trumps": (*((suit.value, suit.symbol, SUIT_NAMES[suit.value]) for suit in Suit),
                   *((word, None, TRUMP_WORDS[word]) for word in (belote.NO_TRUMP,
                                                                   belote.ALL_TRUMP))),
        "hand_points": belote.HAND_POINTS,
    }


@memoized(4)
def _form_class(coinche: bool, announcements: bool) -> type[HandForm]:
    return type("BeloteHandForm", (HandForm,),
                {"chips": _chips(coinche, announcements), **_line_fields()})


def form_for(settings: Settings) -> type[HandForm]:
    """The hand form of a game: Coinche's contract, the announcements where they are played."""
    options = options_of(settings)
    return _form_class(options.coinche, options.announcements)


class FinishForm(VersionedForm):
    """"We stop here"."""


def _number(raw: str | None) -> int | str | None:
    """A seat, team or contract as the engine wants it; a word is passed on (it judges it)."""
    if raw in (None, "", NOBODY):
        return None
    number = small_number(raw)
    return raw if number is None else number


def _announcements(form: HandForm) -> list[dict[str, Any]] | None:
    """The lines the table filled in, as the engine takes them; ``None``, with a question at
    the announcements, when a line has a kind without its player or a player without a kind.
    A line set to "none" is left out."""
    made = []
    for line in ANNOUNCEMENT_LINES:
        seat = form[f"announcer_{line}"].data or ""
        kind = form[f"announced_{line}"].data or ""
        if seat == NOBODY or not (seat or kind):
            continue
        if not seat:
            form.add_error("announcements", None, _("Who announced it?"))
            return None
        if not kind:
            form.add_error("announcements", None, _("Which announcement?"))
            return None
        made.append({"seat": _number(seat), "kind": kind})
    return made


def hand_entry(settings: Settings, form: HandForm) -> rules.Entry | None:
    """The hand as the table said it, for the engine to judge; ``None``, with a question at
    its field, while the taker is not chosen."""
    coinche = options_of(settings).coinche
    taker = form.taker.data or ""
    if not taker:
        form.add_error("taker", None, _("Who took? Or: nobody took."))
        return None
    if taker == NOBODY:
        body: dict[str, Any] = {"taker": None}
        if coinche:
            body["contract"] = None
        return rules.parse_entry(settings, "hand", body)
    announcements = _announcements(form)
    if announcements is None:
        return None
    body = {"taker": _number(taker), "points": form.points.data,
            "belote": _number(form.belote.data), "capot": _number(form.capot.data),
            "announcements": announcements}
    if coinche:
        if not form.contract.data:
            form.add_error("contract", None, _("Which contract?"))
            return None
        body.update(contract=_number(form.contract.data),
                    coinche=form.coinche.data or Coinche.NONE.value,
                    generale=form.generale.data == "yes",
                    trump=form.trump.data or None)
    return rules.parse_entry(settings, "hand", body)


def _chip(value: int | None) -> str:
    return NOBODY if value is None else str(value)


def prefill(settings: Settings, round_: rules.Round, form: HandForm) -> None:
    """A scored hand, as it was entered, for its correction."""
    played = scored(round_).hand
    form.taker.data = _chip(played.taker)
    form.points.data = played.points
    form.belote.data = _chip(played.belote)
    form.capot.data = _chip(played.capot)
    for line, announcement in zip(ANNOUNCEMENT_LINES, played.announcements):
        form[f"announcer_{line}"].data = str(announcement.seat)
        form[f"announced_{line}"].data = announcement.kind
    if played.coinche_game:
        form.contract.data = "" if played.contract is None else str(played.contract)
        form.coinche.data = played.coinche.value
        form.generale.data = "yes" if played.generale else ""
        form.trump.data = played.trump or ""
