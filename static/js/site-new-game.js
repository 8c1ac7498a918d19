/*
 * The script of the new-game page (alone, or at a table): the page's one entry module
 * (templates/base.html), importing what it uses, in the order their listeners are to run.
 */
import "./live.js";
import "./app.js";
import "./new_game.js";
import "./board.js";
import "./waiting_forms.js";
