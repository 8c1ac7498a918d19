"""The table's pages (docs/rules.md section 7): the table (its share link, read-only for
anyone holding it), its scorekeeper link, starting a table, renaming a player, deleting it.

The figures are the engine's, cached by the store (``companion.storage.table_store``); these views only ask
and show. Writes are the scorekeeper's: a device holding the table's right
(``access.grant_table``), else 403 and nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from babel import numbers
from flask import (
    abort,
    flash,
    get_template_attribute,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_date, get_locale, get_timezone
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block
from markupsafe import Markup
from werkzeug.wrappers import Response

from companion.http import conditional, downloads
from companion.http.extensions import game_creation_limit, table_write_limit
from companion.rules import RULESETS, RuleError, shows_something, table_games, table_stats
from companion.rules.memo import memoized
from companion.rules.rematch import rematch_settings
from companion.rules.table_games import PlayedGame
from companion.rules.table_stats import HeadToHead, PlayerFigures
from companion.storage import idempotency, store, table_store
from companion.storage.caches import cache
from companion.web.game.responses import keyed_form, replayed
from companion.web.home import home
from companion.web.new_game import titles
from companion.web.shared import access, declaration
from companion.web.shared.messages import explain, game_name
from companion.web.shared.names import isolate
from companion.web.sharing.share import LazyQR, image_answer
from companion.web.table import share as table_share

#: Games shown per page of the table's list.
PAGE = 20
#: Players shown per page of "who is ahead" and of each game's figures.
PLAYERS_PAGE = 20
#: Pairs shown per page of the head to head: every pair of 12 players.
PAIRS_PAGE = 12 * 11 // 2


def _load_or_404(table_id: str) -> table_store.StoredTable:
    try:
        return table_store.load_table(table_id)
    except table_store.TableNotFound:
        abort(404)


def _require_keeper(table: table_store.StoredTable) -> access.Rights:
    """403 for a device that does not keep the table's score; else its rights."""
    rights = access.table_rights(table)
    if not rights.keeps_score:
        abort(403)
    return rights


def ahead_first(players: tuple[PlayerFigures, ...]) -> list[PlayerFigures]:
    """Who is ahead, first to last (``table_stats.ahead``)."""
    return [player for _place, player in table_stats.ahead(players)]


def leader_first(pairs: Sequence[HeadToHead]) -> list[tuple[str, str, int, int, int]]:
    """The head to head as rows "Cleo – Ana 3–1, 1 tie": each pair's names, how often each
    finished ahead of the other, the one more often ahead named first (as the engine counted
    them), and how often they finished level."""
    rows = []
    for pair in pairs:
        (first, second), (first_ahead, second_ahead) = pair.players, pair.ahead
        if second_ahead > first_ahead:
            first, second, first_ahead, second_ahead = second, first, second_ahead, first_ahead
        rows.append((first, second, first_ahead, second_ahead, pair.level))
    return rows


def _offset(name: str) -> int:
    """A page's start from the query (``?players=20``): a whole number, else 0."""
    raw = request.args.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) < 7 else 0


@dataclass(frozen=True)
class Paged:
    """One page of a list the table shows: its rows, where it starts, and the next page's start
    and the previous one's (``None`` at an end)."""

    rows: Sequence[Any]
    start: int
    total: int
    next: int | None
    previous: int | None


def paged(items: Sequence[Any], start: int, size: int) -> Paged:
    start = min(start, max(0, len(items) - 1)) // size * size
    end = start + size
    return Paged(items[start:end], start, len(items), end if end < len(items) else None,
                 max(0, start - size) if start else None)


def table_name_max() -> int:
    """The longest table name, for the name fields' ``maxlength`` (the store's rule)."""
    return table_store.NAME_MAX


def _no_store(body: str, status: int = 200) -> Response:
    response = make_response(body, status)
    # The page says whether this phone keeps score, and posts with this session's CSRF token.
    response.headers["Cache-Control"] = "no-store"
    return response


def render_table(table: table_store.StoredTable, status: int = 200,
                 rename_errors: dict[str, list[str]] | None = None,
                 typed: dict[str, str] | None = None, fragment: bool = False,
                 rights: access.Rights | None = None) -> Response:
    """The table's page, or its live part, for a device with ``rights`` (the view's; without
    them worked out here, once: nothing drawn checks a token)."""
    rights = access.table_rights(table) if rights is None else rights
    state = table_store.table_state(table)
    before, since = request.args.get("before"), request.args.get("started")
    if before is not None and not store.is_id(before):
        before = None
    try:
        page = table_store.games_page(state, before, PAGE,
                                      table_store.moment_of(since) if since else None)
    except (ValueError, table_store.UnknownCursor):  # no place to start from: the newest
        before, since = None, None
        page = table_store.games_page(state, None, PAGE)
    figures = state.figures
    leaders = paged(_ahead_first(state), _offset("players"), PLAYERS_PAGE)
    pairs = paged(figures.head_to_head, _offset("pairs"), PAIRS_PAGE)
    context = dict(
        table=table, figures=figures, state=state, before=before, since=since,
        leaders=leaders, game_rows=_game_rows(state, page.games),
        older=page.before,
        older_since=page.started and table_store.moment_text(page.started),
        game_name=game_name, figure=figure, game_url=_game_url(),
        keeps=rights.keeps_score, rename_errors=rename_errors or {}, typed=typed or {},
        # The keeper's chips for a new game: the table's score pads by title, as last played.
        pad_titles=pad_titles(table) if rights.keeps_score else [],
        started=table_store.started, pairs=pairs, pair_rows=leader_first(pairs.rows),
        players_max=table_games.PLAYERS_MAX, players_page=PLAYERS_PAGE,
        page_args={"before": before, "started": since, "players": leaders.start or None,
                   "pairs": pairs.start or None},
        **table_share.context(state),
        games_by_id=_record_games(state),
        # The games whose run of bids counts bids made, not matched (Spades).
        runs_made={r.id for r in RULESETS.values() if r.family.runs_made},
        # The games whose rounds are hands (Spades): their records say "hand".
        in_hands={r.id for r in RULESETS.values()
                  if any(g.hands and g.family == r.family.value for g in declaration.every())},
        # The words of a game's own count per hand (its ``table_count`` template), by ruleset.
        count_words={r.id: g.table_count for r in RULESETS.values() for g in declaration.every()
                     if g.family == r.family.value and g.table_count})
    if rights.keeps_score and not fragment:
        # The scorekeeper link, shown to a phone that keeps score: how another phone (or this
        # one, its right let go) gets the table's right again.
        url = url_for("web.table_scorekeeper_link", table_id=table.id, token=rights.token,
                      _external=True)
        context.update(scorekeeper_url=url, scorekeeper_qr=LazyQR(url),
                       keep_title=table.name, keep_hint=_(
                           "Whoever opens this link or scans this code keeps score of this table "
                           "and its games. A phone that lost this table's right gets it back the "
                           "same way: any phone that keeps score of the table shows this link "
                           "here."))
    if fragment:
        return _no_store(render_block("table/page.html", "live", **context), status)
    return _no_store(render_template("table/page.html", **context), status)


def _ahead_first(state: table_store.TableState) -> list[PlayerFigures]:
    """Who is ahead, first to last, sorted once per table version."""
    found = cache("table-ahead").get_or_make((state.table.id, state.table.version),
                                             lambda: ahead_first(state.figures.players))
    return found  # type: ignore[return-value]


#: Key: (value, kind, locale); bound: 4,096 (a table's few rates and averages, in 3 languages).
@memoized(4096)
def _figure_in(value: float | None, kind: str, locale: str) -> str:
    if value is None:
        return "–"
    if kind == "percent":
        return str(numbers.format_percent(value, locale=locale))
    return str(numbers.format_decimal(value, "0.0", locale=locale))


def figure(value: float | None, kind: str = "decimal") -> str:
    """A figure as the table shows it ("50%", "5.0", "–" for none) in the page's language,
    cached by value: the same few rates come back on every row of every request."""
    return _figure_in(value, kind, str(get_locale() or "en"))


def _game_url() -> Callable[[str], str]:
    """A game's page from its id, the route built once a request (ids are URL-safe)."""
    prefix = url_for("web.game", game_id="-").removesuffix("-")
    return lambda game_id: prefix + game_id


def _game_rows(state: table_store.TableState, games: list[PlayedGame]) -> list[Markup]:
    """Each game's row in the list (``table/_macros.html``), drawn once per game version, the
    names the table shows and the language: after a write, only the changed game's row is
    drawn again (a row costs as much as the rest of the page's figures)."""
    cached = cache("table-page-rows")
    where = (str(get_locale() or "en"), str(get_timezone()))
    draw = None
    rows = []
    for game in games:
        names = tuple(table_store.table_names(state, game))
        key = (game, names, where)
        row = cached.get(key)
        if not isinstance(row, Markup):
            draw = draw or get_template_attribute("table/_macros.html", "game_row")
            row = Markup(draw(game, names, url_for("web.game", game_id=game.id),
                              _played_name(game),
                              format_date(table_store.started(game), "medium")))
            cached.put(key, row)
        rows.append(row)
    return rows


def _played_name(game: PlayedGame) -> str:
    """A game's name in the table's list: a score pad's title ("Score pad" untitled), else
    the game's name."""
    return game.title or game_name(game.ruleset)


def _record_games(state: table_store.TableState) -> dict[str, PlayedGame]:
    """The games the records name (for their dates), read from the cached games alone: the
    page never goes through all of a long table's games."""
    named = {record.game for r in state.figures.rulesets if r.records is not None
             for record in (r.records.highest_score, r.records.highest_round,
                            r.records.longest_exact_run, r.records.most_counted)
             if record is not None}
    for declared in declaration.every():  # a game's own records too (its figures link them alike)
        named |= declared.table_records(state.figures)
    versions = [key for key in state.versions if key[0] in named]
    return {game.id: game for game in table_store.played_games(versions)}


def page(table_id: str) -> Response:
    return render_table(_load_or_404(table_id))


def standings_image(table_id: str) -> Response:
    """``GET /t/<id>/standings.png``: who is ahead, as a 1200×630 PNG, cached by the table's
    version (``share.image_answer``: drawn aside on a miss)."""
    state = table_store.table_state(_load_or_404(table_id))  # cached by the table's version
    return image_answer(f"t.{state.table.id}.{state.table.version}",
                        lambda: table_share.picture(state), downloads.table_file_name(state, "png"))


def live(table_id: str) -> Response:
    """The live part for a watching phone, polled every 1.5 s: 204 while the table's version
    is the one it has (answered from the version alone), else the part as it is now."""
    version = table_store.table_version(table_id)
    if version is None:
        abort(404)
    if conditional.poll_is_current(version):
        return conditional.nothing_new()
    return render_table(_load_or_404(table_id), fragment=True)


def scorekeeper_link(table_id: str, token: str) -> Response:
    """The table's scorekeeper link: this device keeps score of the table and its games. A
    wrong token changes nothing."""
    table = _load_or_404(table_id)
    if not table.token_matches(token):
        abort(403)
    gone = access.grant_table(table.id, token, linked=True)
    if gone is not None:
        _say_let_go(gone)
    return redirect(url_for("web.table", table_id=table.id), code=303)


def _say_let_go(table_id: str) -> None:
    """Say which table's right this phone let go (it keeps ``access.TABLES_MAX``), and how to
    get it back."""
    try:
        name = table_store.load_table(table_id).name
    except table_store.TableNotFound:
        return
    flash(_("This phone keeps score of %(most)s tables at most, so it let go of %(table)s. To "
            "keep its score here again, open its scorekeeper link: any phone that keeps score "
            "of it shows the link on the table's page.", most=access.TABLES_MAX,
            table=isolate(name)))


def name_refused(error: table_store.TableRefused, typed: str) -> str:
    """What the name field says when a table's name is refused: an empty one is asked for,
    a long one is told the rule's length."""
    if error.unshowable:
        return _("This name holds a character that can't be shown.")
    if not shows_something(typed.strip()):
        return _("Give the table a name.")
    return _("A table's name is 1 to %(most)s characters long.", most=table_store.NAME_MAX)


def open_created_table(record: idempotency.Record) -> Response:
    """The table this very form made, sent again under its key (a second tap, or a first answer
    lost on the way): this phone keeps its score, and its page opens."""
    if record.resource is None or record.token is None:
        abort(404)
    access.grant_table(record.resource, record.token)
    return redirect(url_for("web.table", table_id=record.resource), code=303)


@game_creation_limit
def create() -> Response:
    """Start a table from the home page: its page, this phone its scorekeeper. The form's
    ``idempotency_key`` makes a second tap (or a resend) open the same table, never a second."""
    typed = request.form.get("name", "")
    key = keyed_form(request.path, open_created_table,
                     lambda message: home(table_error=message, table_name=typed, status=422),
                     creation=True)
    if isinstance(key, Response):
        return key
    try:
        made = table_store.create_table(typed, key=key)
    except table_store.TableRefused as error:  # the home page again, the error at the name, the typing kept
        return home(table_error=name_refused(error, typed), table_name=typed, status=422)
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return replayed(made, open_created_table)
    table, token = made
    gone = access.grant_table(table.id, token)
    if gone is not None:
        _say_let_go(gone)
    return redirect(url_for("web.table", table_id=table.id), code=303)


@table_write_limit
def rename(table_id: str) -> Response:
    table = _load_or_404(table_id)
    rights = _require_keeper(table)
    source, target = request.form.get("from", ""), request.form.get("to", "")
    try:
        table_store.rename(table, source, target)
    except RuleError as error:
        field = error.field if error.field in ("from", "to") else "to"
        return render_table(table, 422, {field: [explain(error)]},
                            {"from": source, "to": target}, rights=rights)
    return redirect(url_for("web.table", table_id=table.id) + "#players", code=303)


@table_write_limit
def rename_table(table_id: str) -> Response:
    """The table under the name typed; a refused one at its field, the typing kept. Limited as
    the API's ``PATCH /tables/<id>`` is: the same write, the same budget."""
    table = _load_or_404(table_id)
    rights = _require_keeper(table)
    typed = request.form.get("name", "")
    try:
        table_store.rename_table(table, typed)
    except table_store.TableRefused as error:
        return render_table(table, 422, {"name": [name_refused(error, typed)]}, {"name": typed},
                            rights=rights)
    return redirect(url_for("web.table", table_id=table.id) + "#table-rename", code=303)


def delete_page(table_id: str) -> Response:
    table = _load_or_404(table_id)
    _require_keeper(table)
    state = table_store.table_state(table)
    return _no_store(render_template("table/delete.html", table=table,
                                     games=len(state.versions)))


def delete(table_id: str) -> Response:
    table = _load_or_404(table_id)
    _require_keeper(table)
    table_store.delete_table(table)
    access.forget_table(table.id)
    return redirect(url_for("web.home"), code=303)


# --- a new game at the table ----------------------------------------------------------------

def scorekeeper_table(table_id: object) -> table_store.StoredTable | None:
    """The table a new game is to join (``None`` without one); 404 for no such table, 403
    for a device that does not keep it."""
    if not table_id:
        return None
    table = _load_or_404(str(table_id))
    _require_keeper(table)
    return table


def players_of(table: table_store.StoredTable) -> list[str]:
    """The table's players as chips for the new-game page, most games first."""
    return [p.name for p in table_store.table_state(table).figures.players]


def last_time(table: table_store.StoredTable) -> dict[str, object]:
    """The new-game form's values for "the same table as last time": the last game's type,
    house rules and seating, the player left of its last dealer dealing first."""
    newest = table_store.game_versions(table.id)[-1:]
    if not newest:
        return {}
    try:
        game = store.load_game(newest[0][0])
    except store.GameNotFound:
        return {}
    settings = rematch_settings(game.state)
    data: dict[str, object] = {"ruleset": settings.ruleset.id, "players": list(settings.players),
                               "first_dealer": str(settings.first_dealer),
                               **titles.option_data(settings)}
    if settings.title:  # a score pad: its title too
        data["title"] = settings.title
    return data


#: How many of a table's newest games are looked through for its score pads' titles.
TITLES_FROM = 60


def pad_titles(table: table_store.StoredTable) -> list[titles.EarlierTitle]:
    """The table's earlier score-pad titles, newest first, each with its last options."""
    newest = [game_id for game_id, _version in table_store.game_versions(table.id)[-TITLES_FROM:]]
    return titles.earlier_titles(reversed(store.load_games(newest)))
