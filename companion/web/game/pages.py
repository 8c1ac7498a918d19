"""The game's pages that only read: the game (share link), its live fragment, the scorekeeper link."""

from __future__ import annotations

from flask import abort, redirect, url_for
from werkzeug.wrappers import Response

from companion.http import conditional
from companion.storage.store import GameHead
from companion.web.game.fragments import render_body
from companion.web.game.responses import render_game, wants_fragment
from companion.web.shared import access, caching


def scorekeeper_link(game_id: str, token: str) -> Response:
    """The scorekeeper link: this device may now write to the game. A wrong token changes nothing."""
    game = access.load_or_404(game_id)
    if not game.token_matches(token):
        abort(403)
    access.remember(game.id)
    access.grant_scorekeeping(game.id, token)
    return redirect(url_for("web.game", game_id=game.id), code=303)


def game(game_id: str) -> Response:
    """The game: entry for a device that keeps score, a live read-only view for everyone else."""
    head = access.head_or_404(game_id)
    access.remember(head.id)
    return _shown(head, wants_fragment())


def live(game_id: str) -> Response:
    """The live part for a watching phone, polled every few seconds: 204 while nothing changed
    (answered from the version alone)."""
    head = access.head_or_404(game_id)
    if conditional.poll_is_current(head.version):
        return conditional.nothing_new()
    return _shown(head, fragment=True)


def _shown(head: GameHead, fragment: bool) -> Response:
    """The page (or its live part): 304 when the browser has it, a watcher's from the cache.
    The device's rights are worked out here, once, and handed to all that follows."""
    rights = access.game_rights(head)
    if not caching.may_answer_304():  # a flashed message to show once: no cache either way
        return render_game(access.load_or_404(head.id), fragment=fragment, rights=rights)
    if rights.keeps_score:
        tag = caching.etag(head, rights, fragment)
        if conditional.client_holds(tag):
            return caching.not_modified(tag)
        game = access.load_or_404(head.id)
        # The ETag again: rendering may just have given this session its CSRF secret.
        return caching.conditional(render_game(game, fragment=fragment, rights=rights), game,
                                   rights, fragment)
    page = caching.watcher_page(head, fragment)
    tag = page.etag if page else caching.etag(head, rights, fragment)
    if conditional.client_holds(tag):
        return caching.not_modified(tag)
    if page is None:
        game = access.load_or_404(head.id)  # the version it is now, which the page is cached by
        page = caching.remember_watcher_page(game, fragment, render_body(
            game, rights, fragment=fragment, csrf_token=lambda: caching.CSRF_PLACEHOLDER))
        if page is None:  # it drew a CSRF token: this session's page, rendered for it, not cached
            return render_game(game, fragment=fragment, rights=rights)
    return caching.send_watcher_page(page)
