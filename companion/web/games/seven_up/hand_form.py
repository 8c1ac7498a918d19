"""The Seven-Up hand form and what it becomes for the engine: one ``Hand``, in the order the
hand happens at the table (the turn-up, stand or beg, running the cards, then high, low, jack and
game). A missing answer is asked for at its field here; every rule is the engine's to judge.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from wtforms import StringField
from wtforms.validators import Optional

from companion import rules
from companion.rules import TIE, Beg, GameState, Hand, Settings, seven_up
from companion.web.shared.forms import NumberField, RoundForm, small_number
from companion.web.shared.names import isolate

TURNED_JACK = "jack"  # turn_up: the turned card was a jack
NOT_A_JACK = "other"  # turn_up: any other card
NOT_IN_PLAY = "none"  # high: no trump in play; jack: the jack of trumps was not dealt
LONE_TRUMP = "same"  # low: the player who held high (a lone trump is both)
REDEALS = ("pack", "bunch")  # the two buttons that redeal (the pack ran out; a bunch)


class HandForm(RoundForm):
    """One hand. Radios send strings: a seat number, or one of the words above."""

    turn_up = StringField()
    beg = StringField()
    jacks_run = NumberField(validators=[Optional()])
    high = StringField()
    low = StringField()
    jack = StringField()
    game = StringField()
    redeal = StringField()  # the redeal button that was pressed
    step = StringField()  # "up" / "down": the jacks stepper without JavaScript

    @classmethod
    def fresh(cls, number: int, watching: bool = False) -> HandForm:
        """A form for a new hand: no jack turned, the eldest stands (the usual hand). A watcher's
        is only read, never shown: it makes no CSRF token (its page holds nothing of the session)."""
        return cls(formdata=None, data={"round": number, "turn_up": NOT_A_JACK, "beg": Beg.STAND.value,
                                        "jacks_run": 0}, meta={"csrf": False} if watching else None)


def _seat(raw: str) -> int | str:
    """A seat number as the engine wants it; anything else is passed on for it to refuse."""
    seat = small_number(raw)
    return raw if seat is None else seat


def jacks_only(jacks: int, beg: Beg, redeal: bool) -> Hand:
    """A hand that counts only its turned jacks: a redeal, or turned jacks that end the game
    before play (the engine then needs no high, low, jack or game)."""
    return Hand(jacks_turned=jacks, beg=beg, high=None, low=None, jack=None, game=None,
                redeal=redeal)


def hand_entry(state: GameState, form: HandForm, redeal_allowed: bool = True) -> Hand | None:
    """The hand as the table played it, for the engine to judge; ``None``, with a question at
    each field, while an answer is missing. Turned jacks that end the game end the hand there:
    nothing after them was played."""
    settings = state.settings
    redeal = redeal_allowed and form.redeal.data in REDEALS
    beg_word = Beg.RUN.value if redeal else form.beg.data
    if beg_word not in {b.value for b in Beg}:
        form.add_error("beg", None, _("Did %(player)s stand or beg?", player=eldest_name(state)))
        return None
    beg = Beg(beg_word)
    turned = 1 if form.turn_up.data == TURNED_JACK else 0
    # The jacks counted while running belong to the run: with a stand or a gift they are moot.
    ran = (form.jacks_run.data or 0) if beg is Beg.RUN else 0
    if ran < 0:
        form.add_error("jacks_run", None, _("Count the jacks turned while running: 0 or more."))
        return None
    if redeal:
        return jacks_only(turned + ran, beg, redeal=True)
    if turned and seven_up.jacks_win(state, 1):
        return jacks_only(1, Beg.STAND, redeal=False)  # the turned jack won: no beg, no play
    if ran and seven_up.jacks_win(state, turned + ran):
        return jacks_only(turned + ran, Beg.RUN, redeal=False)
    answers = _play_answers(settings, form)
    if answers is None:
        return None
    entry = rules.parse_entry(settings, "hand", {"jacks_turned": turned + ran, "beg": beg.value,
                                                 **answers})
    assert isinstance(entry, Hand)
    return entry


def _play_answers(settings: Settings, form: HandForm) -> dict[str, Any] | None:
    high, low, jack, game = (form[point].data or "" for point in seven_up.PLAY_POINTS)
    no_trump = high == NOT_IN_PLAY
    questions = {
        "high": "" if high else _("Who held high? Or: no trump in play."),
        "low": "" if low or no_trump else (
            _("Who won low?") if settings.typed.low_to is rules.LowTo.WINNER
            else _("Who held low?")),
        "jack": "" if jack or no_trump else _("Who won the jack? Or: not in play."),
        "game": "" if game else _("Who made game? Or: a tie."),
    }
    for point, question in questions.items():
        if question:
            form.add_error(point, None, question)
    if any(questions.values()):
        return None
    high_seat = None if no_trump else _seat(high)
    return {
        "high": high_seat,
        "low": high_seat if low == LONE_TRUMP else _seat(low) if low else None,
        "jack": None if jack in ("", NOT_IN_PLAY) else _seat(jack),
        "game": TIE if game == TIE else _seat(game),
    }


def prefill(settings: Settings, hand: Hand, number: int) -> HandForm:
    """The correction form of a played hand. Run jacks are all counted on the stepper (where the
    first of them was turned does not change the score)."""
    ran = hand.beg is Beg.RUN
    data: dict[str, Any] = {
        "round": number,
        "turn_up": TURNED_JACK if hand.jacks_turned and not ran else NOT_A_JACK,
        "beg": hand.beg.value,
        "jacks_run": hand.jacks_turned if ran else 0,
    }
    if hand.game is not None:  # a hand ended by its turned jacks was not played
        data["high"] = NOT_IN_PLAY if hand.high is None else str(hand.high)
        data["low"] = "" if hand.low is None else str(hand.low)
        data["jack"] = NOT_IN_PLAY if hand.jack is None else str(hand.jack)
        if isinstance(hand.game, int) and settings.has_teams:
            data["game"] = str(settings.side_of(hand.game))  # a team's button sends its first seat
        else:
            data["game"] = "" if hand.game is None else str(hand.game)
    return HandForm(formdata=None, data=data)


def step_jacks(form: HandForm) -> None:
    """The stepper without JavaScript: one jack more or fewer, never below none."""
    count = (form.jacks_run.data or 0) + (1 if form.step.data == "up" else -1)
    form.jacks_run.data = max(count, 0)
    form.jacks_run.raw_data = None


def eldest_name(state: GameState) -> str:
    current = state.current
    return isolate(state.settings.players[current.eldest]) if current and current.eldest is not None else ""
