/*
 * The script of a Scopa scorekeeper (its page and a hand's correction): a card game's
 * scorekeeper's, with the hand's scope counted on the phone (scopa.js). The page's one entry
 * module (templates/base.html), importing what such a page uses, in the order their listeners
 * are to run.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./round_forms.js";
import "./scopa.js";
import "./double_tap.js";
import "./steps.js";
import "./queue.js";
import "./waiting_forms.js";
