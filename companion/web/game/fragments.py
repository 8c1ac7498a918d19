"""Rendering the game page or its live fragment (the banner, the round panel, the scoreboard),
as text; ``responses.render_game`` makes the response.

One template, ``game/page.html``, serves both: a full page for a plain request, its ``live``
block for htmx (``jinja2-fragments``' ``render_block``). What the panel shows is read from the
engine's state and its answers (``rules.next_step``, ``rules.bids_open``, the running totals…):
nothing here works a rule out.
"""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block

from companion import rules
from companion.rules import Bids, Finish, Points, Tricks
from companion.storage.store import StoredGame
from companion.web.game import offline
from companion.web.shared.access import Rights
from companion.web.shared.board import BOARD_ROUNDS, board_rows, rounds_before
from companion.web.shared.chart import score_chart
from companion.web.shared.explaining import explanations
from companion.web.shared.declaration import of as web_game
from companion.web.shared.forms import RoundForm, UndoForm
from companion.web.shared.messages import bid_words, hook_reason, shown_name
from companion.web.shared.names import names_list
from companion.web.sharing import share
from companion.web.table import on_game_page as game_table


def _entry_form(game: StoredGame, submitted: Any) -> Any:
    """The form for the round's phase: the one just submitted while it still fits (so nothing
    typed is lost on a refusal or a conflict), else a fresh one."""
    current = game.state.current
    if current is None:
        return None
    kind = web_game(game.settings).entry_form(game.settings, rules.next_step(game.state))
    if kind is None:  # the game's own form (a hand), kept as submitted
        return submitted
    if isinstance(submitted, kind) and (
        not isinstance(submitted, RoundForm) or submitted.round.data == current.number
    ):
        return submitted
    return kind(formdata=None)


def _undo_label(state: rules.GameState) -> str | None:
    """What the undo button takes back, in the table's words."""
    if not state.entries:
        return None
    last = state.entries[-1]
    number = state.entry_rounds[-1]
    if isinstance(last, Bids):
        if web_game(state.settings).bids_are_cards:
            return str(_("Take back round %(round)s's bids", round=number))
        return str(_("Take back the last bid"))
    if isinstance(last, Tricks):
        if web_game(state.settings).hands:  # a game whose rounds are hands says so
            return str(_("Undo hand %(round)s's tricks", round=number))
        return str(_("Undo round %(round)s's tricks", round=number))
    if isinstance(last, Points):
        return str(_("Undo round %(round)s's points", round=number))
    if isinstance(last, Finish):
        return str(_("Undo “We stop here”"))
    return str(_("Undo the last hand"))


def _bid_pad(state: rules.GameState) -> list[tuple[int, str | None]]:
    """The numbers on the bid pad, each with the reason it is disabled (the dealer's hook)."""
    round_ = state.current
    if round_ is None or round_.next_bidder is None:
        return []
    open_ = set(rules.bids_open(state, round_.next_bidder))
    return [
        (bid, None if bid in open_ else hook_reason(bid, round_.hand_size))
        for bid in range(round_.hand_size + 1)
    ]


def _stray_errors(submitted: Any, used: Any) -> list[str]:
    """Errors of a submitted form that the panel no longer shows (its phase is over)."""
    if submitted is None or submitted is used:
        return []
    messages = [m for field in submitted for m in field.errors if isinstance(m, str)]
    return messages + [m for group in submitted.group_errors.values() for m in group]


def game_context(game: StoredGame, rights: Rights, submitted: Any = None, notice: Any = None,
                 saved: str | None = None, fragment: bool = False) -> dict[str, Any]:
    """What game/page.html shows to a device with these ``rights`` (worked out by the view:
    nothing here checks a token); for its live part alone (``fragment``) the share panel's
    links, QR codes and preview are left out unless the final standings show the picture."""
    state = game.state
    settings = game.settings
    current = state.current
    editable = rights.keeps_score
    token = rights.token
    form = _entry_form(game, submitted) if editable else None
    scorekeeper_url = (url_for("web.scorekeeper_link", game_id=game.id, token=token,
                               _external=True) if token else None)
    return {
        "game": game,
        "state": state,
        "settings": settings,
        "names": settings.players,
        "words": bid_words(settings),
        "family": settings.family.value,
        "game_web": web_game(settings),
        "game_name": shown_name(settings),
        "round": current,
        "editable": editable,
        "watching": not editable,  # base.html: no CSRF token in a page that posts nothing
        "form": form,
        "stray_errors": _stray_errors(submitted, form),
        "undo_form": UndoForm(formdata=None) if editable else None,
        "undo_label": _undo_label(state) if editable else None,
        "undo_words": offline.undo_words(web_game(settings).hands) if editable else None,
        "notice": str(notice) if notice else None,
        "saved": saved,
        "step": rules.next_step(state).value,
        "hook_lifted": hook.value if (hook := rules.hook_lifted(state)) else None,
        "redealt": rules.redealt(state),
        "bid_pad": _bid_pad(state),
        "bids_so_far": rules.bids_so_far(state),
        "tricks_to_share": rules.tricks_to_share(state),
        # The board's last rounds; the earlier ones are in the score sheet it links to.
        "rows": board_rows(state),
        "rounds_before": rounds_before(state),
        "leaders": set(state.leaders),
        "statistics": rules.statistics(state),
        "why": explanations(state, BOARD_ROUNDS),
        "rematch_dealer": rules.rematch_settings(state).first_dealer if state.finished else None,
        "rematch_url": (url_for("web.game", game_id=game.rematch_id)
                        if game.rematch_id else None),
        "winners_text": names_list([settings.players[s] for s in state.winners]),
        "deck": rules.deck(),
        "share_url": url_for("web.game", game_id=game.id, _external=True),
        "scorekeeper_url": scorekeeper_url,
        "chart": score_chart(state),
        "offline": offline.page_data(state) if editable else {},
        "offline_game": offline.game_data(state) if editable and not fragment else None,
        "hands_ahead": offline.hands_ahead(state) if editable else None,
        **(share.context(game, scorekeeper_url) if not fragment or state.finished else {}),
        **game_table.context(game, rights),
        **web_game(settings).context(game, submitted, editable),  # the game's own parts
    }


def render_body(game: StoredGame, rights: Rights, submitted: Any = None, notice: Any = None,
                fragment: bool = False, **extra: Any) -> str:
    """The page, or its live part, as text, for a device with these ``rights`` (``extra`` adds
    to the template's context)."""
    context = {**game_context(game, rights, submitted, notice, fragment=fragment), **extra}
    if fragment:
        return render_block("game/page.html", "live", **context)
    return render_template("game/page.html", **context)

