"""The HTML pages: a phone at the table keeps score, any phone with the share link watches.

Thin views call ``companion.storage.store`` and the rules engine; the URL map is in one place here.
"""

from flask import Blueprint
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import RequestEntityTooLarge

from companion.http import assets
from companion.http.import_door import ImportsFull
from companion.storage import idempotency
from companion.web import games, home, rules_page
from companion.web.game import corrections, looking_back, pages, responses, writes
from companion.web.new_game import views as new_game
from companion.web.shared import declaration, error_summary, following, messages, names
from companion.web.sharing import share
from companion.web.table import links as table_links
from companion.web.table import pages as table_pages
from companion.web.table import transfer as table_transfer

bp = Blueprint("web", __name__)


@bp.record_once
def _games_style_sheets(state: BlueprintSetupState) -> None:
    """Each game's style sheet bundle, and its part of the pages that start a game."""
    for game in games.GAMES:
        if game.stylesheet and game.styles:
            assets.add_bundle(state.app, game.stylesheet, game.styles)
        assets.add_to_bundle(state.app, "css/site-start.css", game.start_styles)


bp.add_app_template_filter(names.isolate, "isolate")
bp.add_app_template_filter(names.balanced, "balanced")
bp.add_app_template_filter(names.name_list, "name_list")
bp.add_app_template_filter(error_summary.field_errors, "field_errors")
bp.add_app_template_filter(messages.suit_name, "suit_name")
bp.add_app_template_filter(messages.word_bid, "word_bid")
bp.register_error_handler(RequestEntityTooLarge, table_transfer.body_too_large)
bp.register_error_handler(ImportsFull, table_transfer.imports_full)
# A creation that lost its key to another one sent at the same moment (storage raises it).
bp.register_error_handler(idempotency.KeyReused, responses.key_won_by_another)
bp.before_request(following.address_only)  # a waiting form's redirect, followed by fetch

bp.add_url_rule("/", "home", home.home)
bp.add_url_rule("/new", "new_game", new_game.page, methods=["GET"])
bp.add_url_rule("/new", "create_game", new_game.create, methods=["POST"])
bp.add_url_rule("/new/players", "edit_players", new_game.edit_players, methods=["POST"])
bp.add_url_rule("/rules/<ruleset>", "rules", rules_page.page)
bp.add_url_rule("/g/<id:game_id>", "game", pages.game)
bp.add_url_rule("/g/<id:game_id>/live", "live", pages.live)
bp.add_url_rule("/g/<id:game_id>/standings.png", "standings_image", share.standings_image)
bp.add_url_rule("/g/<id:game_id>/keep/<id:token>", "scorekeeper_link", pages.scorekeeper_link)
bp.add_url_rule("/g/<id:game_id>/rematch", "rematch", looking_back.rematch, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/delete", "delete_page", looking_back.delete_page)
bp.add_url_rule("/g/<id:game_id>/delete", "delete", looking_back.delete, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/forget", "forget", looking_back.forget, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/keep-table", "keep_table", table_links.keep, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/join-table", "join_table", table_links.join, methods=["POST"])
bp.add_app_template_global(looking_back.started_at, "started_at")
bp.add_app_template_global(looking_back.day_beside, "day_beside")
bp.add_app_template_global(table_pages.table_name_max, "table_name_max")
bp.add_app_template_global(idempotency.new_key, "form_key")
bp.add_app_template_global(declaration.of, "web_game")
bp.add_app_template_global(declaration.every, "web_games")
bp.add_url_rule("/g/<id:game_id>/bid", "bid", writes.bid, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/tricks", "tricks", writes.tricks, methods=["POST"])
bp.add_url_rule("/g/<id:game_id>/undo", "undo", writes.undo, methods=["POST"])
# Each game's own writes, pages and style sheets, as its package declares them (web/games/).
for _game in games.GAMES:
    for _route in _game.routes:
        bp.add_url_rule(f"/g/<id:game_id>{_route.path}", _route.endpoint, _route.view,
                        methods=list(_route.methods))
bp.add_url_rule("/g/<id:game_id>/rounds/<int:number>", "correction", corrections.page)
bp.add_url_rule("/g/<id:game_id>/rounds/<int:number>", "correct_round", corrections.correct,
                methods=["POST"])
bp.add_url_rule("/t", "create_table", table_pages.create, methods=["POST"])
bp.add_url_rule("/import", "import_table", table_transfer.import_table, methods=["POST"])
bp.add_url_rule("/t/<id:table_id>", "table", table_pages.page)
bp.add_url_rule("/t/<id:table_id>/live", "table_live", table_pages.live)
bp.add_url_rule("/t/<id:table_id>/standings.png", "table_standings_image", table_pages.standings_image)
bp.add_url_rule("/t/<id:table_id>/keep/<id:token>", "table_scorekeeper_link", table_pages.scorekeeper_link)
bp.add_url_rule("/t/<id:table_id>/rename", "rename_player", table_pages.rename, methods=["POST"])
bp.add_url_rule("/t/<id:table_id>/name", "rename_table", table_pages.rename_table, methods=["POST"])
bp.add_url_rule("/t/<id:table_id>/delete", "delete_table_page", table_pages.delete_page)
bp.add_url_rule("/t/<id:table_id>/delete", "delete_table", table_pages.delete, methods=["POST"])
