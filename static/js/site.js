/*
 * The script of every page but a game's and the new-game page's (home, a table, rules, a
 * deletion): the page's one entry module (templates/base.html), importing what such a page uses,
 * in the order their listeners are to run.
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./waiting_forms.js";
import "./forget.js";
