"""The Tarot hand form and what it becomes for the engine: one ``TarotHand``, in the order the
table says it aloud (the taker, the contract, the bouts, the points, the partner at 5), then the
primes most hands never have (petit au bout, poignées, chelem). A missing answer is asked for at
its field here; every rule is the engine's to judge."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from wtforms import BooleanField, StringField

from companion import rules
from companion.rules import Settings, ShapeError, small_number
from companion.rules.memo import memoized
from companion.rules.tarot import PASSED, Mark, TarotHand
from companion.web.shared.forms import RoundForm

NOBODY = "nobody"  # taker: everybody passed (or a petit sec)


class TarotHandForm(RoundForm):
    """One hand. Radios send strings: a seat number, a contract, a side, or ``nobody``."""

    taker = StringField()
    contract = StringField()
    bouts = StringField()
    points = StringField()
    partner = StringField()
    petit_au_bout = StringField()
    chelem = StringField()
    chelem_announced = BooleanField()


@memoized(4)
def hand_form(players: int) -> type[TarotHandForm]:
    """The form for ``players`` seats: one poignée choice a player (``poignees_<seat>``)."""
    return type("TarotHandForm", (TarotHandForm,),
                {f"poignees_{seat}": StringField() for seat in range(players)})


def fresh(settings: Settings, number: int, watching: bool = False) -> TarotHandForm:
    """A form for a new hand: nothing chosen yet. A watcher's makes no CSRF token."""
    return hand_form(len(settings.players))(
        formdata=None, data={"round": number}, meta={"csrf": False} if watching else None)


def _points(text: str) -> int | float | None:
    """The card points as typed: "49", "40.5", "40,5" or "40½"; ``None`` when not a number."""
    cleaned = text.strip().replace(",", ".").replace("½", ".5").replace(" ", "")
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    whole, _dot, half = cleaned.partition(".")
    if not whole.isdigit() or len(whole) > 3 or half not in ("", "0", "5", "50"):
        return None
    return int(whole) + 0.5 if half.startswith("5") else int(whole)


def _number(text: str) -> int | str:
    """A seat or a count as the engine wants it; anything else is passed on for it to refuse."""
    number = small_number(text)
    return text if number is None else number


def hand_entry(settings: Settings, form: Any) -> TarotHand | None:
    """The hand as the table said it, for the engine to judge; ``None``, with a question at
    each field, while an answer is missing."""
    taker = form.taker.data or ""
    if not taker:
        form.add_error("taker", None, _("Who took? Or: everybody passed."))
        return None
    if taker == NOBODY:
        return PASSED
    questions = {
        "contract": "" if form.contract.data else _("Which contract?"),
        "bouts": "" if form.bouts.data else _("How many bouts did the attack hold?"),
        "points": "" if (form.points.data or "").strip() else _(
            "How many card points did the attack make?"),
    }
    points = _points(form.points.data or "")
    if not questions["points"] and points is None:
        questions["points"] = _("Card points are a number from 0 to 91, halves allowed: 40.5.")
    for field, question in questions.items():
        if question:
            form.add_error(field, None, question)
    if any(questions.values()):
        return None
    body: dict[str, Any] = {
        "taker": _number(taker),
        "contract": form.contract.data,
        "bouts": _number(form.bouts.data),
        "points": points,
        "petit_au_bout": form.petit_au_bout.data or None,
        "chelem": form.chelem.data or None,
        "chelem_announced": bool(form.chelem_announced.data),
        "poignees": [{"seat": s, "size": form[f"poignees_{s}"].data}
                     for s in settings.seats if form[f"poignees_{s}"].data],
    }
    if form.partner.data:
        body["partner"] = _number(form.partner.data)
    try:
        entry = rules.parse_entry(settings, "hand", body)
    except ShapeError as error:  # a tampered radio: said at its field
        form.add_error(error.field.split("[")[0], None, error.message)
        return None
    assert isinstance(entry, TarotHand)
    return entry


def prefill(settings: Settings, round_: rules.Round, form: Any) -> None:
    """The correction form of a scored hand, as it was entered."""
    scored = round_.own
    assert isinstance(scored, Mark)
    hand = scored.hand
    form.round.data = round_.number
    if hand.taker is None:
        form.taker.data = NOBODY
        return
    assert hand.contract is not None
    form.taker.data = str(hand.taker)
    form.contract.data = hand.contract.value
    form.bouts.data = str(hand.bouts)
    form.points.data = str(hand.points)
    form.partner.data = "" if hand.partner is None else str(hand.partner)
    form.petit_au_bout.data = "" if hand.petit_au_bout is None else hand.petit_au_bout.value
    form.chelem.data = "" if hand.chelem is None else hand.chelem.value
    form.chelem_announced.data = hand.chelem_announced
    for poignee in hand.poignees:
        form[f"poignees_{poignee.seat}"].data = poignee.size.value
