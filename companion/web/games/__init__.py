"""The games the pages know: each family's package (its forms, writes, board and words),
declared here once, the one place the web names them. Adding a game: its package beside these,
its templates in templates/games/<its family's module>/, and its name in ``GAMES``."""

from companion.web.games import (belote, card_bids, score_pad, scopa, seven_up, spades, tarot,
                              turn_bids, wizard)
from companion.web.shared.declaration import declare

GAMES = (turn_bids.GAME, wizard.GAME, card_bids.GAME, seven_up.GAME, score_pad.GAME, spades.GAME,
         belote.GAME, scopa.GAME, tarot.GAME)
declare(*GAMES)
