"""The game object of docs/api.md, built from the engine's state. Nothing is computed here: every
value is read from the state the engine folded."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from flask import Response

from companion import rules
from companion.storage import store


def dumps(value: Any) -> str:
    """JSON with every non-ASCII character and ``<``, ``>``, ``&`` escaped, so that a name such as
    ``<script>`` can never be read as markup, whatever a client does with the body."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def json_response(value: Any, status: int = 200) -> Response:
    return Response(dumps(value), status=status, mimetype="application/json")


def created(body: dict[str, Any], location: str) -> Response:
    """A creation's answer (201): it holds the new edit token once, so nothing may cache it."""
    response = json_response(body, 201)
    response.headers["Location"] = location
    response.headers["Cache-Control"] = "no-store"
    return response


def card_json(card: rules.Card | None) -> dict[str, Any] | None:
    return None if card is None else {"value": card.value, "suit": card.suit.value}


def _bid_json(bid: int | rules.Card | None) -> Any:
    return card_json(bid) if isinstance(bid, rules.Card) else bid


def _bids_json(bids: tuple[Any, ...] | None) -> list[Any] | None:
    # docs/api.md shows a round nobody has bid in yet with "bids": null.
    if bids is None or all(b is None for b in bids):
        return None
    return [_bid_json(b) for b in bids]


def _passing_json(passing: rules.Passing | None) -> dict[str, Any] | None:
    if passing is None:
        return None
    return {
        "count": passing.count,
        "direction": passing.direction,
        "passes": [{"giver": p.giver, "receiver": p.receiver, "count": p.count}
                   for p in passing.passes],
    }


def _attempt_json(attempt: rules.Attempt) -> dict[str, Any]:
    return {
        "deal": attempt.deal,
        "bids": [card_json(c) for c in attempt.bids],
        "high_bid": card_json(attempt.high_bid),
        "high_bidders": list(attempt.high_bidders),
        "sum_seven": attempt.sum_seven,
        "shared_high": attempt.shared_high,
        "bonus": list(attempt.bonus),
    }


def _award_json(award: rules.Award, settings: rules.Settings) -> dict[str, Any]:
    return {
        "point": award.point,
        "seat": award.seat,
        "team": award.side if settings.has_teams else None,
        "counted": award.counted,
    }


def pad_round_json(round_: rules.Round, settings: rules.Settings) -> dict[str, Any]:
    """A score pad's round: ``{number, dealer, phase, points}``, its points per side (per seat
    without teams), and the card games' fields ``null`` (docs/api.md, "The score pad")."""
    points = None
    if round_.points is not None:
        points = [round_.points[settings.seats_of(side)[0]] for side in settings.sides]
    return {
        "number": round_.number, "hand_size": None, "dealer": round_.dealer,
        "phase": round_.phase.value, "bidding_order": None, "forbidden_bid": None,
        "passing": None, "attempts": None, "redeals": None, "bids": None, "trump": None,
        "leader": None, "tricks": None, "points": points,
    }


def round_json(round_: rules.Round, settings: rules.Settings) -> dict[str, Any]:
    """One round (Seven-Up: one hand) with the fields docs/api.md names, then the extras: those
    its family fills (``GameFamily.round_fields``)."""
    fields = settings.family.round_fields
    if "points_per_side" in fields:
        return pad_round_json(round_, settings)
    bidding = round_.phase is rules.Phase.BIDDING
    value: dict[str, Any] = {
        "number": round_.number,
        "hand_size": round_.hand_size,
        "dealer": round_.dealer,
        "phase": round_.phase.value,
        "bidding_order": list(round_.bidding_order),
        "forbidden_bid": round_.forbidden_bid,
        "passing": _passing_json(round_.passing),
        "attempts": [_attempt_json(a) for a in round_.attempts],
        "redeals": round_.redeals,
        "bids": _bids_json(round_.bids),
        # docs/api.md: trump and leader are Oh-Seven's, once its bids are accepted; the trump
        # as recorded where the table records it (a suit or "none").
        "trump": round_.trump.value if "trump" in fields and round_.trump else None,
        "leader": round_.leader if "leader" in fields else None,
        "tricks": None if round_.tricks is None else list(round_.tricks),
        "points": None if round_.points is None else list(round_.points),
        # Extras.
        "next_bidder": round_.next_bidder,
        "legal_bids": (list(rules.legal_bids(round_)) if "legal_bids" in fields and bidding
                       else None),
        "bonus": list(round_.rebid_bonus or (0,) * len(settings.players)),
        "points_so_far": list(round_.points_so_far),
    }
    if "high_bid" in fields:
        value["high_bid"] = card_json(round_.high_bid)
    if "set_aside" in fields:
        value["set_aside"] = [[card_json(c) for c in cards] for cards in round_.set_aside]
    if "eldest" in fields:
        value["eldest"] = round_.eldest
    if "hands" in fields:
        value["hands"] = [rules.entry_to_json(h) for h in round_.hands]
    if "awards" in fields:
        value["awards"] = [_award_json(a, settings) for a in round_.awards]
    value.update(settings.family.round_json(settings, round_))  # its own fields (Spades' sides)
    return value


def _standings_json(state: rules.GameState) -> list[dict[str, Any]]:
    settings = state.settings
    if settings.has_teams:
        return [{"team": s.side, "seats": list(s.seats), "score": s.score, "rank": s.rank}
                for s in state.standings]
    return [{"seat": s.seats[0], "name": settings.players[s.seats[0]], "score": s.score,
             "rank": s.rank} for s in state.standings]


def game_json(game: store.StoredGame) -> dict[str, Any]:
    """The game object of docs/api.md (``links.share`` is the read-only HTML page)."""
    before, after = _around_rounds(game)
    settings = game.settings
    return {**before, "rounds": [round_json(r, settings) for r in game.state.rounds], **after}


def game_body(game: store.StoredGame) -> str:
    """The game object's JSON text, as the API sends it (cached per version by ``api.endpoints``)."""
    return dumps(game_json(game))


def _around_rounds(game: store.StoredGame) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game object's fields before ``rounds`` and after it, in docs/api.md's order."""
    state = game.state
    settings = state.settings
    teams = None
    if settings.has_teams:
        teams = [{"team": side, "seats": list(settings.seats_of(side)),
                  "score": state.side_scores[side]} for side in settings.sides]
    award = state.winning_award
    finished_by = state.finished_by
    players = [
        {"seat": seat, "name": name, "score": state.scores[seat],
         "team": settings.side_of(seat) if settings.has_teams else None}
        for seat, name in enumerate(settings.players)
    ]
    current = None if state.current is None else round_json(state.current, settings)
    # The family's own fields (Spades' bags, who may bid blind nil), merged in place.
    own = settings.family.game_json(state)
    for item, extra in zip(players, own.get("players", ())):
        item.update(extra)
    for item, extra in zip(teams or (), own.get("teams", ())):
        item.update(extra)
    if current is not None:
        current.update(own.get("current", {}))
    return {
        "id": game.id,
        "ruleset": settings.ruleset.id,
        "title": settings.title,
        # The options a client may set (they create the same game again); presets apart.
        "options": {k: v for k, v in settings.options.items() if k in settings.ruleset.options},
        "version": game.version,
        "links": _links(game),
        "status": state.status.value,
        "finished_by": None if finished_by is None else finished_by.value,
        "players": players,
        "teams": teams,
        "current": current,
    }, {
        "standings": _standings_json(state),
        # Extras.
        "ruleset_name": settings.ruleset.name,
        "preset_options": dict(settings.ruleset.presets),
        "first_dealer": settings.first_dealer,
        "total_rounds": state.total_rounds,
        "winners": list(state.winners),
        "winning_point": None if award is None else _award_json(award, settings),
        "created_at": _timestamp(game.created_at),
        "updated_at": _timestamp(game.updated_at),
    }


def _links(game: store.StoredGame) -> dict[str, str]:
    """The game's HTML page; its table's, for a game of a table (docs/api.md, "Tables"); and its
    latest rematch's once there is one (an added field: ``links.rematch``)."""
    links = {"share": f"/g/{game.id}"}
    if game.table_id is not None:
        links["table"] = f"/t/{game.table_id}"
    if game.rematch_id is not None:
        links["rematch"] = f"/g/{game.rematch_id}"
    return links


def _timestamp(moment: datetime) -> str:
    """UTC, ISO 8601 (SQLite hands datetimes back without their zone; they were stored in UTC)."""
    # The two a game's times come as (naive from SQLite, UTC from a write) skip the conversion,
    # two in every answer: their isoformat is already the UTC one, without its "+00:00".
    if moment.tzinfo is None:
        return moment.isoformat() + "Z"
    if moment.tzinfo is timezone.utc:
        return moment.replace(tzinfo=None).isoformat() + "Z"
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def _choices_json(choices: tuple[rules.OptionValue, ...] | rules.IntRange) -> Any:
    """A list of values, or a range as ``{"min", "max"}`` (docs/api.md)."""
    if isinstance(choices, rules.IntRange):
        return {"min": choices.min, "max": choices.max}
    return list(choices)


def ruleset_json(ruleset: rules.Ruleset) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "name": ruleset.name,
        "min_players": ruleset.min_players,
        "max_players": ruleset.max_players,
        "options": {name: {"default": option.default, "choices": _choices_json(option.choices)}
                    for name, option in ruleset.options.items()},
    }
