/*
 * The script of a score pad's scorekeeper (its page and a round's correction): a card game's
 * scorekeeper's, with the round's keypad (score_pad.js). The page's one entry module
 * (templates/base.html), importing what such a page uses, in the order their listeners are to run.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./round_forms.js";
import "./double_tap.js";
import "./steps.js";
import "./queue.js";
import "./waiting_forms.js";
import "./score_pad.js";
