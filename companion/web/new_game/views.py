"""The new-game page: the game and its options, the players in seating order, the first dealer.

Name rows are added, removed and moved by submit buttons (``/new/players``), so the page works
without JavaScript and nothing typed is lost. Creating (``POST /new``) shares the per-address
budget with the API; the edit token goes to this device's session, and the game to its list.
"""

from __future__ import annotations

import functools
import secrets
from typing import Any

from flask import make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.http.extensions import game_creation_limit
from companion.rules import (
    RULESETS,
    TITLE_MAX,
    RuleError,
    max_hand_range,
    settings_problems,
    small_number,
)
from companion.storage import idempotency, store, table_store
from companion.web.game.responses import keyed_form, open_created, replayed
from companion.web.new_game import choices, titles
from companion.web.new_game.form import FIRST_ROWS, MOST_PLAYERS, RANDOM_DEALER, NewGameForm
from companion.web.shared import access
from companion.web.shared.declaration import of_family
from companion.web.shared.messages import explain
from companion.web.table import pages as table_pages
from companion.web.table.links import table_full


def _known_names() -> list[str]:
    """Names from this device's earlier games, offered as the names are typed."""
    names = {name for game in store.load_games(access.recent_ids()) for name in game.settings.players}
    return sorted(names, key=str.casefold)


def _hand_ranges(form: NewGameForm) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """The largest hand each number of players allows (the engine's ``max_hand_range``), as
    the page's script reads it when a name is typed, and the one for the names on the form (its
    named rows, or all its rows while none is named; game.js counts the same way)."""
    ranges: dict[str, dict[str, Any]] = {}
    for count in range(1, MOST_PLAYERS + 1):
        offered = max_hand_range(count)
        ranges[str(count)] = {"max": offered.max, "min": offered.min,
                              "hint": _("%(least)s to %(most)s cards", least=offered.min,
                                        most=offered.max)}
    named = sum(1 for entry in form.players.entries if (entry.data or "").strip())
    count = min(max(named or len(form.players.entries), 1), MOST_PLAYERS)
    return ranges, ranges[str(count)]


def render_form(form: NewGameForm, status: int = 200, focus: str | None = None) -> Response:
    hand_ranges, hand_range = _hand_ranges(form)
    # A game at a table (``table`` in the query or the form): its players offered as chips.
    table = table_pages.scorekeeper_table(request.values.get("table"))
    body = render_template(
        "new_game.html", form=form, games=choices.games(), known_names=_known_names(),
        most_players=MOST_PLAYERS, random_dealer=RANDOM_DEALER, focus=focus,
        hand_ranges=hand_ranges, hand_range=hand_range,
        table=table, chips=table_pages.players_of(table) if table is not None else [],
        titles=_earlier_titles(table), title_max=TITLE_MAX,
    )
    return make_response(body, status)


def _earlier_titles(table: table_store.StoredTable | None) -> list[titles.EarlierTitle]:
    """The score pads' earlier titles offered as chips: the table's, else this phone's."""
    if table is not None:
        return table_pages.pad_titles(table)
    return titles.earlier_titles(store.load_games(access.recent_ids()))


def page() -> Response:
    chosen = request.args.get("game")
    data: dict[str, Any] = {
        "players": [""] * FIRST_ROWS,
        "ruleset": chosen if chosen in RULESETS else None,
    }
    table = table_pages.scorekeeper_table(request.args.get("table"))
    if table is not None:  # the same table as last time, preselected (the game asked wins)
        last = table_pages.last_time(table)
        if chosen in RULESETS and of_family(RULESETS[chosen].family.value).titled:
            # "Any other game": a new pad, seated as last time; the last pad's title and
            # options are its chip's (below), not typed into this one.
            last = {key: last[key] for key in ("players", "first_dealer") if key in last}
        data.update(last)
        if chosen in RULESETS:
            data["ruleset"] = chosen
    # A score pad's title chip on the table's page: that game again, as last played.
    again = titles.chosen(_earlier_titles(table), request.args.get("title") or "")
    if again is not None:
        data.update(again.data)
    return render_form(NewGameForm(formdata=None, data=data))


def _dealer_row(form: NewGameForm) -> int | None:
    """The row chosen to deal first, or ``None`` for "pick at random"."""
    row = small_number(form.first_dealer.data)
    return row if row is not None and row < len(form.players.entries) else None


def _place(form: NewGameForm, error: RuleError, rows: list[int]) -> None:
    message = explain(error)
    field = error.field or ""
    if field == "players" and error.seat is not None and error.seat < len(rows):
        entry = form.players.entries[rows[error.seat]]
        entry.errors = [*entry.errors, message]
    elif field.startswith("options.") or field in _options(form):
        # An option's field (the API names some bare, as ``hook_from``): at its house rule.
        form.add_error(choices.option_field(str(form.ruleset.data), field.removeprefix("options.")),
                       None, message)
    else:
        form.add_error(field or "players", None, message)


def _options(form: NewGameForm) -> tuple[str, ...]:
    """The options of the game chosen (none while no game is)."""
    rules = RULESETS.get(str(form.ruleset.data))
    return tuple(rules.options) if rules is not None else ()


def _no_blank_names(form: NewGameForm) -> bool:
    """An empty row is left out, but a row of spaces was meant as a name: say so at it."""
    valid = True
    for entry in form.players.entries:
        typed = entry.raw_data[0] if entry.raw_data else ""
        if typed and not typed.strip():
            entry.errors = [*entry.errors, _("This name is only spaces: type a name, or leave "
                                             "the row empty.")]
            valid = False
    return valid


@game_creation_limit
def create() -> Response:
    form = NewGameForm()
    # At a table, this phone's right to it first: the form's key alone opens no game.
    table = table_pages.scorekeeper_table(request.form.get("table"))
    key = keyed_form(request.path, open_created, lambda message: _key_refused(form, message),
                     creation=True)
    if isinstance(key, Response):
        return key  # the game this very form made already (its answer was lost), or a bad key
    valid = form.validate() & _no_blank_names(form)  # both, so every error shows
    names = [entry.data or "" for entry in form.players.entries]
    dealer = _dealer_row(form)
    # A row of spaces, already said at its row, still counts as a player (meant as a name): so
    # the engine judges the others as they will be once it is typed, not a table without it.
    spaces = {row for row, entry in enumerate(form.players.entries) if entry.errors}
    # Empty rows are left out; the dealer's row stays, so that its missing name is pointed out.
    rows = [row for row, name in enumerate(names) if name or row == dealer or row in spaces]
    players = [names[row] for row in rows]
    if dealer is None:
        first_dealer = secrets.randbelow(len(players)) if players else 0
    else:
        first_dealer = rows.index(dealer)
    rules = RULESETS.get(str(form.ruleset.data))
    # The score pad's title; the field is offered with it only (an untitled pad: None).
    title = ((form.title.data or None) if rules is not None and of_family(rules.family.value).titled
             else None)
    options: dict[str, Any] = {}
    for name in rules.options if rules is not None else ():
        field = choices.option_field(rules.id, name)
        typed = form._fields.get(choices.number_field(field))
        try:
            value = choices.option_value(rules, name, form[field].data,
                                         typed.data if typed is not None else None,
                                         max_hand_range(max(len(players), 1)))
        except choices.Unclear as error:
            form.add_error(field, None, str(error))
            valid = False
            continue
        # A value chosen may be null itself (Spades' "no floor", "bags never penalized"): a
        # token sent is the table's choice even when its value is None.
        if value is not None or form[field].data not in (None, ""):
            options[name] = value
    # Every rule the table broke, at its field, in one answer (the API says only the first).
    for problem in settings_problems(form.ruleset.data, players, first_dealer, options, title):
        valid = False
        if problem.field == "ruleset" and form.ruleset.errors:
            continue  # already asked: which game?
        if problem.field == "players" and problem.seat is not None and rows[problem.seat] in spaces:
            continue  # its row already says so
        _place(form, problem, rows)
    if not valid:
        return render_form(form, 422)
    try:
        room = None
        if table is not None:
            table_store.check_seats(table, players)
            room = functools.partial(table_store.hold_seats, table, players)  # again, held
        made = store.create_game(form.ruleset.data, players, first_dealer, options,
                                 table_id=table.id if table is not None else None,
                                 title=title, key=key, room=room)
    except RuleError as error:
        _place(form, error, rows)
        return render_form(form, 422)
    except table_store.TableRefused:  # the table holds all the games it may
        form.add_error("players", None, table_full())
        return render_form(form, 422)
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return replayed(made, open_created)
    game, token = made
    access.remember(game.id)
    access.grant_scorekeeping(game.id, token)
    return redirect(url_for("web.game", game_id=game.id), code=303)


def _key_refused(form: NewGameForm, message: str) -> Response:
    form.add_error("idempotency_key", None, message)
    return render_form(form, 422)


def edit_players() -> Response:
    """Add, remove or move a name row; the dealer's choice follows its player."""
    form = NewGameForm()
    names = [entry.data or "" for entry in form.players.entries]
    dealer = _dealer_row(form)
    verb, _, index_text = request.form.get("action", "").partition("-")
    row = small_number(index_text)
    row = row if row is not None and row < len(names) else None
    focus = None
    data: dict[str, Any] = {}
    if verb == "title":  # an earlier score pad's title: that game, as it was last played
        table = table_pages.scorekeeper_table(request.form.get("table"))
        again = titles.chosen(_earlier_titles(table), index_text)
        if again is not None:
            data.update(again.data)
    elif verb == "seat":  # a table's player tapped: into the first empty seat
        empty = [i for i, name in enumerate(names) if not name.strip()]
        if empty:
            names[empty[0]] = index_text
        elif len(names) < MOST_PLAYERS:
            names.append(index_text)
    elif verb == "add" and len(names) < MOST_PLAYERS:
        names.append("")
        focus = f"players-{len(names) - 1}"
    elif verb == "remove" and row is not None and len(names) > 2:
        del names[row]
        dealer = None if dealer == row else dealer - 1 if dealer is not None and dealer > row else dealer
        focus = f"players-{min(row, len(names) - 1)}"
    elif verb in ("up", "down") and row is not None:
        other = row - 1 if verb == "up" else row + 1
        if 0 <= other < len(names):
            names[row], names[other] = names[other], names[row]
            dealer = other if dealer == row else row if dealer == other else dealer
            edge = (verb == "up" and other == 0) or (verb == "down" and other == len(names) - 1)
            focus = f"{'down' if verb == 'up' else 'up'}-{other}" if edge else f"{verb}-{other}"
    data = {**form.data, **data, "players": names,
            "first_dealer": RANDOM_DEALER if dealer is None else str(dealer)}
    return render_form(NewGameForm(formdata=None, data=data), focus=focus)
