/*
 * The script of a card game's scorekeeper (its page and a round's correction): the page's one
 * entry module (templates/base.html), importing what such a page uses, in the order their
 * listeners are to run. The tap queue (queue.js) brings what it draws and guards with it.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./round_forms.js";
import "./double_tap.js";
import "./steps.js";
import "./queue.js";
import "./waiting_forms.js";
