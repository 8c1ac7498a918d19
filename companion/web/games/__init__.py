"""The games the pages know: each one's package, declared once (the one place the web names
them). Adding a game: its package here, and its line below."""

from companion.web.games import card_bids, score_pad, seven_up, turn_bids
from companion.web.shared.declaration import declare

declare(turn_bids.GAME, card_bids.GAME, seven_up.GAME, score_pad.GAME)
