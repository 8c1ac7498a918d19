"""Spades at the table: the bid pad (1 … the tricks in hand, Nil, and Blind nil for the seats the
engine lets bid it, the others told why), then each player's tricks; each side's contract and
bags on the board as a scorer writes them ("7 · 6 bags"). Its words are in ``words``, its
templates in templates/games/spades/.

What the pages show is the engine's answer (``rules.spades``): who may bid blind nil, a side's
contract and bags, the hand's points.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response
from wtforms import StringField
from wtforms.validators import InputRequired

from companion import rules
from companion.rules import Settings, Step, spades
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write, write_entry
from companion.web.games.spades.words import (OPTION_SOURCES, OPTION_VALUES, WORD_BIDS, WORDS,
                                              side_lines)
from companion.web.shared.declaration import GAME_STYLES, Route, WebGame
from companion.web.shared.forms import (NumberField, RoundForm, VersionedForm, _seat_fields,
                                        tricks_form)
from companion.web.shared.names import side_names


class WordBidForm(VersionedForm):
    """One tap on the Spades bid pad: ``seat`` bids a number, ``nil`` or ``blind-nil``."""

    seat = NumberField(validators=[InputRequired()])
    bid = StringField(validators=[InputRequired()])


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    if step is Step.TRICKS:
        return tricks_form(len(settings.players))
    if step is Step.BID:
        return WordBidForm
    return None


def _one_bid(settings: Settings, form: WordBidForm) -> rules.Entry:
    bids: list[object] = [None] * len(settings.players)
    seat = form.seat.data
    if seat is None or not 0 <= seat < len(bids):
        raise rules.ShapeError("seat", "not a seat of this game")
    tapped = form.bid.data
    bids[seat] = _bid_value(tapped)
    return rules.parse_entry(settings, "bids", {"bids": bids})


def _bid_value(tapped: str | None) -> object:
    """What a pad or a radio sent: a number, or a bid in words (the engine judges it)."""
    text = (tapped or "").strip()
    return int(text) if text.lstrip("-").isdigit() else text


def correction_form(settings: Settings) -> type[RoundForm]:
    """A scored hand's bids (numbers or words, one radio group a player) and tricks."""
    bids = {f"bids_{seat}": StringField() for seat in settings.seats}
    return type("SpadesCorrectionForm", (RoundForm,),
                {**bids, **_seat_fields("tricks", len(settings.players))})


def correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    """The hand's replacement, every player's bid and tricks filled in."""
    complete = True
    bids = [_bid_value(form[f"bids_{seat}"].data) or None for seat in settings.seats]
    for seat in (s for s, bid_ in enumerate(bids) if bid_ is None):
        form.add_error("bids", seat, _("Choose %(player)s's bid.", player=settings.players[seat]))
        complete = False
    taken = [form[f"tricks_{seat}"].data for seat in settings.seats]
    for seat in (s for s, count in enumerate(taken) if count is None):
        form.add_error("tricks", seat, _("How many tricks did %(player)s take?",
                                         player=settings.players[seat]))
        complete = False
    if not complete:
        return None
    return [rules.parse_entry(settings, "bids", {"bids": bids}),
            rules.parse_entry(settings, "tricks", {"tricks": taken})]


def prefill_correction(settings: Settings, round_: rules.Round, form: Any) -> None:
    for seat in settings.seats:
        form[f"bids_{seat}"].data = None if round_.bids is None else str(round_.bids[seat])
        form[f"tricks_{seat}"].data = round_.tricks[seat] if round_.tricks else None


def bid(game_id: str) -> Response:
    return write_entry(game_id, lambda _game: WordBidForm(),
                       lambda game, form: entry_write(_one_bid(game.settings, form)))


def blind_nil_why(settings: Settings, side_scores: Any, seat: int, needed: int) -> str:
    """Why this seat's side may not bid blind nil, as the table says it: a side ahead leads
    ("Ana and Cleo lead by 40"), one level is not behind, one not far enough is so far behind."""
    side = settings.side_of(seat)
    gap = spades.behind(settings, side_scores, side)
    said = {"num": len(settings.seats_of(side)), "needed": needed,
            "side": side_name(settings, side)}
    if gap < 0:
        return str(ngettext(
            "Blind nil only for a side %(needed)s or more behind: %(side)s leads by %(lead)s.",
            "Blind nil only for a side %(needed)s or more behind: %(side)s lead by %(lead)s.",
            lead=-gap, **said))
    if gap == 0:
        return str(ngettext(
            "Blind nil only for a side %(needed)s or more behind: %(side)s is not behind.",
            "Blind nil only for a side %(needed)s or more behind: %(side)s are not behind.",
            **said))
    return str(ngettext(
        "Blind nil only for a side %(needed)s or more behind: %(side)s is %(gap)s behind.",
        "Blind nil only for a side %(needed)s or more behind: %(side)s are %(gap)s behind.",
        gap=gap, **said))


def side_name(settings: Settings, side: int) -> str:
    """A side as its standings and records name it: "Ana & Cleo"."""
    return side_names(settings)[side]


def _sides(game: StoredGame) -> list[dict[str, Any]]:
    """Each side as the board writes it: its names, its contract so far in this hand (its
    members' number bids) and its bags now: "7 · 6 bags"."""
    state = game.state
    settings = game.settings
    held = spades.bags_held(state)
    bids = state.current.bids if state.current is not None and state.current.bids else ()
    sides = []
    for side in settings.sides:
        numbers = [bids[s] for s in settings.seats_of(side) if bids and isinstance(bids[s], int)]
        contract = sum(b for b in numbers if isinstance(b, int)) if numbers else None
        bags = ngettext("%(num)s bag", "%(num)s bags", held[side])
        sides.append({"name": side_name(settings, side), "contract": contract, "bags": bags,
                      "score": state.side_scores[side],
                      "line": f"{contract} · {bags}" if contract is not None else bags})
    return sides


def _context(game: StoredGame, _submitted: Any, _editable: bool) -> dict[str, Any]:
    state = game.state
    settings = game.settings
    current = state.current
    pad: list[tuple[str, str]] = []
    blind: dict[str, Any] = {}
    if current is not None and current.next_bidder is not None:
        pad = [(str(n), str(n)) for n in rules.bids_open(state, current.next_bidder)]
        seats = spades.blind_nil_seats(settings, state.side_scores)
        gap = spades.blind_nil_gap(spades.options_of(settings))
        seat = current.next_bidder
        why = None
        if seat not in seats:
            why = (_("This game has no blind nil.") if gap is None else
                   blind_nil_why(settings, state.side_scores, seat, gap))
        blind = {"open": seat in seats, "why": why}
    statistics = settings.family.statistics_json(state)
    return {"spades": {"sides": _sides(game), "pad": pad, "blind": blind,
                       "nil": str(WORD_BIDS[spades.NIL]),
                       "blind_nil": str(WORD_BIDS[spades.BLIND_NIL]),
                       "statistics": statistics,
                       "figure_columns": _figure_columns(settings, statistics)}}


def _figure_columns(settings: Settings, statistics: dict[str, Any]) -> dict[str, Any]:
    """The statistics' columns: with partners each side's figures, then each player's; a side
    of one is its player, so without partners one column a player holds both."""
    sides = {side["side"]: side for side in statistics["sides"]}
    partners = len(sides) < len(settings.players)
    players = [{"name": player["name"], "player": True,
                "figures": player if partners else
                {**player, **sides[settings.side_of(player["seat"])]}}
               for player in statistics["players"]]
    return {"sides": [{"name": side_name(settings, number), "figures": side}
                      for number, side in sides.items()] if partners else [],
            "players": players}


def explain_round(settings: Settings, explained: rules.RoundExplanation) -> tuple[list[str], ...]:
    """Each seat's cell says its side's hand (partners the same lines)."""
    assert explained.scored is not None
    return tuple(side_lines(settings, explained.scored, settings.side_of(seat))
                 for seat in settings.seats)


GAME = WebGame(
    family=spades.FAMILY_ID,
    entry_form=_entry_form,
    panel="games/spades/_panel.html",
    board="games/spades/_board.html",
    banner="games/spades/_banner.html",
    statistics="games/spades/_statistics.html",
    # Every card game's scorekeeper's sheets, and its own: the pad's words two columns wide.
    stylesheet="css/site-spades.css",
    styles=(*GAME_STYLES, "css/spades.css"),
    hands=True,
    hand_size=False,
    context=_context,
    words=WORDS,
    word_bids=WORD_BIDS,
    explain_round=explain_round,
    option_values=OPTION_VALUES,
    option_sources=OPTION_SOURCES,
    routes=(Route("/spades/bid", "spades_bid", bid),),
    correction_form=correction_form,
    correction_body="games/spades/_correction.html",
    correction_entries=correction_entries,
    prefill_correction=prefill_correction,
)
