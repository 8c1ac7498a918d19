/*
 * The script of a watcher's game page (no edit right: it sends no form): the live poll and what
 * the board does with what it shows, nothing of the scorekeeper's (no tap queue, offline pad,
 * double-tap guard, round forms or waiting forms). The page's one entry module
 * (templates/base.html).
 */
import "./live.js";
import "./app.js";
import "./board.js";
import "./share.js";
