"""Looking back: when a game started, a rematch for the same table, forgetting a game on this
device, deleting it for everyone.

Every POST here carries the page's CSRF token (checked app-wide by CSRFProtect). Rematch and
delete are the scorekeeper's (403 for a watching phone). Deleting asks once, on its
own page (the one confirmation the app asks: every other entry is undone instead); afterwards
the game is 404 for everyone, pages and API, and its pages say it was deleted
(``store.was_deleted``); the phone goes back to the game's table, or home. Forgetting only takes
the game off this device's list, with this device's right to keep its score.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta, timezone

from flask import (
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.http.extensions import game_creation_limit
from companion.storage import idempotency, store, table_store
from companion.storage.store import StoredGame
from companion.web.game.responses import keyed_form, open_created, render_game, replayed
from companion.web.shared import access
from companion.web.shared.messages import shown_name
from companion.web.table.links import table_full


def started_at(game: StoredGame) -> datetime:
    """When the game was created, in UTC (SQLite hands datetimes back without their zone)."""
    moment = game.created_at
    return (moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None
            else moment.astimezone(timezone.utc))


def day_beside(moment: datetime, days: int) -> datetime:
    """The same moment ``days`` days away (the words of "yesterday" and "tomorrow" for the
    phone's clock), or the moment itself at the calendar's ends: a game stored before starts
    were bounded may have started on 1 January of year 1 or 31 December 9999."""
    try:
        return moment + timedelta(days=days)
    except OverflowError:
        return moment


@game_creation_limit
def rematch(game_id: str) -> Response:
    """The same players, seating and options again, the next dealer dealing first."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    key = keyed_form(request.path, open_created,
                     lambda message: render_game(game, notice=message, status=422), creation=True)
    if isinstance(key, Response):
        return key  # the rematch this very form made already, or a bad key
    if not game.state.finished:
        abort(409)
    settings = rules.rematch_settings(game.state)
    room = None
    if game.table_id is not None:  # one more game at the table: the room a new game needs
        table = table_store.load_table(game.table_id)
        try:
            table_store.check_seats(table, settings.players)
        except table_store.TableRefused:
            return render_game(game, notice=table_full(), status=422)
        room = functools.partial(table_store.hold_seats, table, settings.players)  # again, held
    options = {k: v for k, v in settings.options.items() if k in settings.ruleset.options}
    try:
        made = store.create_game(settings.ruleset.id, list(settings.players),
                                 settings.first_dealer, options, table_id=game.table_id,
                                 title=settings.title, key=key, room=room)  # a pad's title, kept
    except table_store.TableRefused:  # the last place taken by another game meanwhile
        return render_game(game, notice=table_full(), status=422)
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return replayed(made, open_created)
    new, token = made
    store.record_rematch(game.id, new.id)  # its watchers are offered the new game
    access.remember(new.id)
    access.grant_scorekeeping(new.id, token)
    return redirect(url_for("web.game", game_id=new.id), code=303)


def delete_page(game_id: str) -> Response:
    """The one confirmation before a game is deleted."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    body = render_template("game/delete.html", game=game,
                           game_name=shown_name(game.settings), started=started_at(game))
    return make_response(body)


def delete(game_id: str) -> Response:
    """Delete the game for everyone, then go back where it was kept: its table's page (the
    table stays, without it), or home for a game at no table."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    try:
        store.delete_game(game.id)
    except store.GameNotFound:
        abort(404)
    access.forget(game.id)
    flash(_("The game was deleted."))
    if game.table_id is not None:
        return redirect(url_for("web.table", table_id=game.table_id), code=303)
    return redirect(url_for("web.home"), code=303)


def forget(game_id: str) -> Response:
    """Take a game off this device's list (it stays, for everyone holding its link)."""
    access.forget(game_id)
    # Sent by the home page's script (static/js/forget.js, which says so with its own header),
    # or by htmx: no page to go to, the script takes the game off the list itself.
    headers = request.headers
    if headers.get("Companion-Forget") == "1" or headers.get("HX-Request") == "true":
        return make_response("", 200)
    flash(_("Forgotten on this phone."))
    return redirect(url_for("web.home"), code=303)
