"""How the game's pages answer: the game page (or its live part) as a response, and the two ways
a scorekeeper's write is answered, an entry (``write_entry``) and a correction
(``save_correction``).

Not a view: the views (``pages``, ``writes``, ``corrections``, the games' own in ``web/games/``)
import it, it imports none of them. Without htmx a write is POST -> 303 -> GET, so the back button never sends
an entry twice (and a replay carries a stale version, which is refused). With htmx an entry's
answer is the live fragment: 200 once stored, 422 with the rule at the field, 409 with the fresh
game and ``CONFLICT``, keeping what was typed either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import format_number
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from companion import rules
from companion.http import replays
from companion.rules import RuleError, ShapeError
from companion.storage import idempotency, store, writes
from companion.storage.store import StoredGame
from companion.web.game.fragments import render_body
from companion.web.shared import access
from companion.web.shared.declaration import of as web_game
from companion.web.shared.messages import explain

#: The notice over a page whose write met a newer version of the game (409).
CONFLICT = _l("Someone else just entered this round: here is the game as it is now.")
#: A form's Idempotency-Key (the hidden ``idempotency_key``) that is not one, or that was used
#: with another entry: nothing is written.
KEY_MALFORMED = _l("This form's safety key is not valid, so nothing was saved. Reload the page "
                   "and try again.")
KEY_REUSED = _l("This form's safety key was already used for another entry, so nothing was "
                "saved. Reload the page and try again.")
#: A write that would take the game past its bound of entries (``rules.bounds``), said at the
#: entry's field. (Here, beside the write that meets it, rather than among the engine's
#: reasons: it is the store's bound, not a rule of any game.)
GAME_FULL = _l("This game is full: a game keeps at most %(most)s entries. Start a new game to "
               "play on.")
#: The fields a form's key does not compare: its CSRF token changes with each page.
_NOT_COMPARED = ("csrf_token", "idempotency_key")


#: What a form sent again under its key answers, from the first write's record.
Answer = Callable[[idempotency.Record], Response]


def keyed_form(scope: str, answer: Answer, refuse: Callable[[str], Response],
               creation: bool = False, compared: Callable[[], str] | None = None
               ) -> idempotency.Key | Response | None:
    """The form's ``idempotency_key``, as the API's ``Idempotency-Key`` (docs/api.md, "Writes
    that are safe to repeat"), checked after the device's right and before the form is read:
    the key for the store to record with the write (``None``: an empty field, no key), or the
    answer already: a replay's (``answer`` of the first write's record, the page a success
    shows) or a refused key's (``refuse`` with its message, nothing written). ``scope``: the
    game's id, or for a creation (a new game, a rematch, a table) its path; ``compared``: what
    tells the same write again (the form's fields, unless said otherwise)."""
    try:
        key = idempotency.key_for(scope, request.form.get("idempotency_key") or None,
                                  compared or _fingerprint, creation=creation)
        found = idempotency.first_write(key)
    except idempotency.MalformedKey:
        return refuse(str(KEY_MALFORMED))
    except idempotency.KeyReused:
        return refuse(str(KEY_REUSED))
    return key if found is None else replayed(found, answer)


def key_won_by_another(_error: idempotency.KeyReused) -> Response:
    """A creation whose key another creation took a moment before, both sent before either was
    seen (a form resent after an edit can meet it): refused in words, nothing made."""
    body = render_template("error.html", status=422, title=_("Nothing was saved"),
                           message=str(KEY_REUSED))
    return make_response(body, 422)


def replayed(done: idempotency.Replayed, answer: Answer) -> Response:
    """A form sent again under its key (a second tap, a resend, or its twin that won the race):
    ``answer`` of the first write's record, marked ``Idempotent-Replayed: true``."""
    return replays.marked(answer(done.record))


#: The header the phone's tap queue (static/js/queue.js) sends with each entry it posts: it
#: swaps the answer in itself, so it wants the live part, as htmx does, without posing as htmx.
QUEUE = "Companion-Queue"


def wants_fragment() -> bool:
    """A request that swaps a part of the page: htmx's (not a history restore), or the tap
    queue's."""
    if request.headers.get(QUEUE) == "1":
        return True
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def render_game(game: StoredGame, submitted: Any = None, notice: Any = None,
                status: int = 200, fragment: bool | None = None,
                saved: str | None = None, rights: access.Rights | None = None) -> Response:
    """The whole game page, or only its live part (for htmx, or when ``fragment`` says so);
    ``saved`` says an entry was just stored. ``rights``: the device's, as the view established
    them; without them they are worked out here, once, before anything is drawn."""
    rights = access.game_rights(game) if rights is None else rights
    body = render_body(game, rights, submitted, notice,
                       wants_fragment() if fragment is None else fragment, saved=saved)
    return make_response(body, status)


def editable_game(game_id: str) -> StoredGame:
    """The game a write is for: 404 if there is none, 403 for a device without its edit token."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    return game


def open_created(record: idempotency.Record) -> Response:
    """A creation sent again under its key (a new game, a rematch): this device keeps score of
    the game it made (the first answer, which said so, may never have arrived), and opens it."""
    if record.resource is None or record.token is None:
        abort(404)
    access.remember(record.resource)
    access.grant_scorekeeping(record.resource, record.token)
    return redirect(url_for("web.game", game_id=record.resource), code=303)


def form_key() -> writes.Key | None:
    """The form's ``idempotency_key``, as the API's ``Idempotency-Key`` (docs/api.md, "Writes
    that are safe to repeat"); an empty field is no key. Its CSRF token changes with each page,
    so the fields compared leave it out."""
    sent = request.form.get("idempotency_key") or None
    return None if sent is None else writes.Key(sent, _fingerprint)


def _fingerprint() -> str:
    """The form's write, as a key compares it (without the fields ``_NOT_COMPARED``)."""
    fields = sorted((name, value) for name, value in request.form.items(multi=True)
                    if name not in _NOT_COMPARED)
    return idempotency.fingerprint(request.method, request.path, fields)


def entry_write(entry: rules.Entry | None) -> writes.Entry | None:
    """A form's entry as the one write path takes it (``None``: the form is incomplete)."""
    return None if entry is None else writes.Entry(entry)


Form = Callable[[StoredGame], Any]
Change = Callable[[StoredGame, Any], writes.Change | None]


def _recorded(game_id: str, make_form: Form, change: Change,
              refused: Callable[[StoredGame, Any, int, str | None], Response],
              ) -> writes.Written | writes.Replayed | Response:
    """A page's form through the one write path (``storage.writes``): opened (the game loaded,
    this device's right, the key), the form read (``make_form`` of the game, its fields from the
    request, ``change`` of both), committed. What it recorded or replayed, else the refusal's
    page (``refused`` of the game, the form, a status and a notice): 422 for a form or a key
    refused or a rule broken (at its field), 409 with the game as it now is; 404, 403 and 400
    as aborts."""
    form: Any = None
    try:
        opened = writes.open(game_id, credential=access.credential(game_id), key=form_key())
        if isinstance(opened, writes.Replayed):
            return opened
        form = make_form(opened.game)
        if not form.validate():
            if form.version.errors:
                abort(400)
            return refused(store.load_game(game_id), form, 422, None)
        made = change(opened.game, form)
        if made is None:
            return refused(store.load_game(game_id), form, 422, None)
        return writes.commit(opened, form.version.data, made)
    except store.GameNotFound:
        access.not_found(game_id)
    except writes.NotAllowed:
        abort(403)
    except (idempotency.MalformedKey, idempotency.KeyReused) as error:
        game = store.load_game(game_id)
        notice = KEY_MALFORMED if isinstance(error, idempotency.MalformedKey) else KEY_REUSED
        return refused(game, make_form(game), 422, str(notice))
    except store.VersionConflict as conflict:
        return refused(conflict.game, form, 409, str(CONFLICT))
    except ShapeError:
        abort(400)
    except RuleError as error:
        game = store.load_game(game_id)
        form = form if form is not None else make_form(game)
        form.add_rule_error(error, _refusal(error, game))
        return refused(game, form, 422, None)


def _refusal(error: RuleError, game: StoredGame) -> str:
    """A refused write in the person's words: the game's bound, or the engine's reason."""
    if error.reason == "game-full":
        return str(GAME_FULL) % {"most": format_number(error.params["most"])}
    return explain(error, game.settings)


def write_entry(game_id: str, make_form: Form, change: Change,
                said: str | Callable[[StoredGame], str] | None = None) -> Response:
    """Record ``change`` of the game and its form (``make_form`` of the game; ``change``
    returns ``None`` when the form is incomplete) and answer; once it is stored the page says so
    (``said``, or what it makes of the game written, else "Saved."), where the next step starts.
    The same entry sent again under its key is answered so again, with the game as it is now."""
    done = _recorded(game_id, make_form, change, lambda game, form, status, notice: render_game(
        game, form, notice=notice, status=status))
    if isinstance(done, (writes.Written, writes.Replayed)):
        return _answered(done, _saved(done.game, said))
    return done


def _answered(done: writes.Written | writes.Replayed, response: Response) -> Response:
    """A replay's answer is the success's, marked ``Idempotent-Replayed: true``."""
    return replays.marked(response) if isinstance(done, writes.Replayed) else response


def _saved(written: StoredGame, said: str | Callable[[StoredGame], str] | None) -> Response:
    """A stored entry's answer: the live part saying so (htmx), else back to the game."""
    said = said(written) if callable(said) else said or _("Saved.")
    if wants_fragment():
        return render_game(written, saved=said)
    flash(said, "saved")
    return redirect(url_for("web.game", game_id=written.id), code=303)


def save_correction(game: StoredGame, number: int, form: Any,
                    replacement: Callable[[], Sequence[rules.Entry] | None],
                    render: Callable[[StoredGame, int, str | None], Response]) -> Response:
    """Store a correction the engine accepts (303 to the game). Otherwise the form comes back
    with what was typed: the rule at its field (422), or the game as it now is (409).

    ``replacement`` reads the form into entries (``None``: an answer is missing); ``render``
    draws the correction page of a game with a status and a notice (a round's, or a hand's).
    The same correction sent again under its key is answered as the first was."""
    def change(_game: StoredGame, _form: Any) -> writes.Change | None:
        entries_ = replacement()
        return None if entries_ is None else writes.Correction(number, tuple(entries_))

    done = _recorded(game.id, lambda _game: form, change,
                     lambda at, _form, status, notice: render(at, status, notice))
    if isinstance(done, (writes.Written, writes.Replayed)):
        return _answered(done, _corrected(game, number))
    return done


def _corrected(game: StoredGame, number: int) -> Response:
    if web_game(game.settings).hands:
        flash(_("Hand %(number)s corrected: the scores after it are counted again.", number=number))
    else:
        flash(_("Round %(number)s corrected: the scores after it are counted again.",
                number=number))
    return redirect(url_for("web.game", game_id=game.id), code=303)
