"""Sharing a game: the QR codes of its links, the standings image, the link-preview tags.

- QR codes are drawn here as inline SVG (``segno``): no script, no request, and a light square
  with its quiet zone, so a camera reads it in dark mode too.
- ``GET /g/<id>/standings.png`` draws the standings (``standings_image``), in the language the
  ``lang`` argument names (the share page's preview asks for its own), cached by game version:
  its ETag names the game's version and the language, and a copy is cached per version.
- The share page's Open Graph / Twitter-card tags say who wins (or leads) and show that image.
  Names in them are wrapped in first-strong isolates (U+2068 … U+2069) so a right-to-left name
  cannot reorder the sentence around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import segno
from flask import current_app, make_response, request, url_for
from flask_babel import force_locale, format_date, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from companion.http import conditional, downloads
from companion.rules import GameState
from companion.rules.memo import memoized
from companion.storage.caches import cache
from companion.storage.store import StoredGame
from companion.web.shared import access
from companion.web.shared.declaration import of
from companion.web.shared.messages import shown_name
from companion.web.shared.names import isolate, names_list, side_names
from companion.web.sharing.standings_image import Picture, Row, render_aside


#: Cached by link (a game's links never change), the last 256.
@memoized(256)
def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG: dark modules on white, a 4-module quiet zone, sized
    by CSS (``.qr-code``). segno writes presentation attributes only (no inline style).
    Drawing one takes about 20 ms and a game's links never change: cached by link."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                                  svgclass="qr-code", lineclass=None))


class LazyQR:
    """A QR code drawn only when a template shows it (the live fragment never does)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __html__(self) -> str:
        return str(qr_svg(self.url))


# --- what the image and the preview say ----------------------------------------------------


def headline(state: GameState) -> str | None:
    """"Ana wins with 142", "Ana and Ben share the win with 90", "Ana leads with 42"; None
    before any round was scored."""
    if not state.rounds:
        return None
    settings = state.settings
    sides = side_names(settings)
    top = [place for place in state.standings if place.rank == 1]
    players = names_list([sides[place.side] for place in top])
    seats = sum(len(place.seats) for place in top)
    score = top[0].score
    if state.finished:
        if len(top) > 1:
            return _("%(players)s share the win with %(score)s", players=players, score=score)
        return ngettext("%(players)s wins with %(score)s", "%(players)s win with %(score)s",
                        seats, players=players, score=score)
    if len(top) > 1:
        return _("%(players)s share the lead with %(score)s", players=players, score=score)
    return ngettext("%(players)s leads with %(score)s", "%(players)s lead with %(score)s",
                    seats, players=players, score=score)


def status(state: GameState) -> str:
    """"Final standings", "After round 6 of 19", "Not started yet"; a lowest-wins score pad
    says so ("Final standings · lowest wins"), its standings being lowest first."""
    said = _status(state)
    return _("%(status)s · lowest wins", status=said) if state.settings.lowest_wins else said


def _status(state: GameState) -> str:
    if state.finished:
        return _("Final standings")
    played = len(state.rounds)
    if not played:
        return _("Not started yet")
    if state.total_rounds:
        return _("After round %(number)s of %(total)s", number=played, total=state.total_rounds)
    if not of(state.settings).hands:
        return _("After round %(number)s", number=played)
    return _("After hand %(number)s", number=played)


def picture(game: StoredGame) -> Picture:
    settings = game.settings
    sides = side_names(settings)
    top_score = game.state.standings[0].score if game.state.rounds else None
    rows = tuple(
        Row(rank=place.rank, name=sides[place.side],
            fallback=" & ".join(_("Player %(number)s", number=s + 1) for s in place.seats),
            score=str(place.score),
            winner=place.score == top_score and bool(game.state.rounds),
            seat=" & ".join(str(s + 1) for s in place.seats))
        for place in game.state.standings
    )
    return Picture(game=shown_name(settings), status=status(game.state),
                   date=format_date(game.created_at, "long"),
                   headline=headline(game.state), rows=rows, footer="Companion")


@dataclass(frozen=True)
class Preview:
    """The share page's Open Graph and Twitter-card tags."""

    title: str
    description: str
    image: str
    url: str


def preview(game: StoredGame) -> Preview:
    state = game.state
    settings = game.settings
    name = isolate(shown_name(settings))  # a score pad's title is typed, as names are
    said = headline(state)
    sides = side_names(settings)
    if said:
        title = f"{name} · {said}"
        places = " · ".join(f"{place.rank}. {isolate(sides[place.side])} {place.score}"
                            for place in state.standings)
        description = f"{status(state)}: {places}"
    else:
        players = names_list(list(settings.players))
        title = f"{name} · {players}"
        description = f"{name} · {status(state)}"
    date = format_date(game.created_at, "long")
    return Preview(
        title=title,
        description=f"{description} · {date}",
        image=url_for("web.standings_image", game_id=game.id, v=game.version,
                      lang=str(get_locale() or "en"), _external=True),
        url=url_for("web.game", game_id=game.id, _external=True),
    )


# --- the standings image route --------------------------------------------------------------

def _cached(tag: str, lang: str, picture_of: Callable[[], Picture]) -> bytes:
    """The image of what ``tag`` names at one version ("<game>.<version>", a table's
    "t.<table>.<version>") in this language: drawn once, cached in the app's ``images`` cache by
    ``(tag, language)`` (an image changes only with what it shows)."""
    return cache("images").get_or_make(  # type: ignore[return-value]
        (tag, lang),
        lambda: render_aside(picture_of()))  # drawn aside, the worker's other requests go on


def image_answer(tag: str, picture_of: Callable[[], Picture], file_name: str) -> Response:
    """The standings image of what ``tag`` names at one version, as a 1200×630 PNG in the
    language the ``lang`` argument names (else the person's): ETag'd by the tag and the
    language, a 304 while they are the same; ``picture_of`` is asked only on a miss. Shown
    inline (a link's preview, the final screen), saved as ``file_name``."""
    lang = request.args.get("lang")
    if lang not in current_app.config["LANGUAGES"]:
        lang = str(get_locale() or "en")
    etag = f"{tag}.{lang}"
    # Revalidated on each use (the game moves on); the ETag makes that a 304 until it does.
    if conditional.client_holds(etag, weak=False):
        response = conditional.not_modified(etag, "image/png", "public, no-cache", weak=False)
    else:
        with force_locale(lang):
            body = _cached(tag, lang, picture_of)
        response = conditional.tagged(make_response(body), etag, "public, no-cache", weak=False)
        response.mimetype = "image/png"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return downloads.named(response, file_name, "inline")


def standings_image(game_id: str) -> Response:
    """``GET /g/<id>/standings.png``: the standings as a 1200×630 PNG."""
    game = access.load_or_404(game_id)
    return image_answer(f"{game.id}.{game.version}", lambda: picture(game), image_name(game))


def image_name(game: StoredGame) -> str:
    """The standings image's file name, as every download of the game is named."""
    return downloads.game_file_name(game.settings, game.created_at, "png")


def context(game: StoredGame, scorekeeper_url: str | None) -> dict[str, object]:
    """What the share panel and the page's head need."""
    share_url = url_for("web.game", game_id=game.id, _external=True)
    return {
        "share_qr": LazyQR(share_url),
        "scorekeeper_qr": LazyQR(scorekeeper_url) if scorekeeper_url else None,
        "preview": preview(game),
        "image_url": url_for("web.standings_image", game_id=game.id, v=game.version,
                             lang=str(get_locale() or "en")),
        "image_name": image_name(game),
        "by_hand": of(game.settings).hands,
    }
