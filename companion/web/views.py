"""The pages that only read: home, the game (share link), its live fragment, the keep link."""

from __future__ import annotations

from flask import abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import store
from . import access
from .fragments import render_game
from .messages import game_name


def home() -> Response:
    """Start a game, or resume one this device created or opened."""
    games = store.load_games(access.recent_ids())
    body = render_template("home.html", games=games, game_name=game_name,
                           may_edit=access.may_edit)
    response = make_response(body)
    response.headers["Cache-Control"] = "no-store"
    return response


def keep(game_id: str, token: str) -> Response:
    """The scorekeeper link: this device may now write to the game. A wrong token changes nothing."""
    game = access.load_or_404(game_id)
    if not game.token_matches(token):
        abort(403)
    access.remember(game.id)
    access.keep(game.id, token)
    return redirect(url_for("web.game", game_id=game.id), code=303)


def game(game_id: str) -> Response:
    """The game: entry for a device that keeps score, a live read-only view for everyone else."""
    found = access.load_or_404(game_id)
    access.remember(found.id)
    return render_game(found)


def live(game_id: str) -> Response:
    """The live part for a watching phone, polled every few seconds: 204 while nothing changed."""
    found = access.load_or_404(game_id)
    if request.args.get("v", type=int) == found.version:
        return make_response("", 204)
    return render_game(found, fragment=True)
