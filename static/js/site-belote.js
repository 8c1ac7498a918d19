/*
 * The script of a Belote or Coinche scorekeeper (its page and a hand's correction): a card
 * game's scorekeeper's, with the other team's card points shown as the takers' are typed
 * (belote.js). The page's one entry module (templates/base.html), importing what such a page
 * uses, in the order their listeners are to run.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./round_forms.js";
import "./belote.js";
import "./double_tap.js";
import "./steps.js";
import "./queue.js";
import "./waiting_forms.js";
