/*
 * The script of a Tarot scorekeeper: a card game's scorekeeper's, with the hand form's
 * "made by" as the points are typed (tarot.js). The page's one entry module
 * (templates/base.html), importing what such a page uses, in the order their listeners run.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./round_forms.js";
import "./tarot.js";
import "./double_tap.js";
import "./steps.js";
import "./queue.js";
import "./waiting_forms.js";
