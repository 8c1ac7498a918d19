/*
 * The taps waiting to be sent, kept on this phone: the tap queue's store (queue.js sends them,
 * pad.js draws them, double_tap.js guards the forms they come from; forget.js drops a game's,
 * by the same key).
 * No listener here: a module of data, which any page's script may import.
 *
 * One queue per game, in localStorage ("companion-queue:<game id>"), so a tap survives a failed
 * send, a reload and the browser closing; kept in memory as well, so with storage refused
 * (private mode) the queue still lives on the page.
 *
 * - sends(form): whether ``form`` is an entry form the queue sends (form[data-sent-by="queue"]
 *   in the live part, on a scorekeeper's page: one with a CSRF token).
 * - load(): the game's queue ({entries, stalled, refused}); each entry {action, fields, key,
 *   version, kind: "bid" | "undo" | "form", and for a bid its seat and bid}.
 * - save(queue): kept (an empty queue: dropped).
 */
var STORE = "companion-queue:";
var csrf = document.querySelector('meta[name="csrf-token"]');

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null;
  }
}

function gameId() {
  var section = document.getElementById("game-live");
  var match = section && /\/g\/([^/?]+)\/live/.exec(section.getAttribute("data-live") || "");
  return match ? match[1] : null;
}

export function sends(form) {
  return form instanceof HTMLFormElement && form.getAttribute("data-sent-by") === "queue" &&
    form.closest("[data-live]") !== null && csrf !== null;
}

var memory = {};

export function load() {
  var id = gameId();
  var store = storage();
  var queue = null;
  if (id && store) {
    try {
      queue = JSON.parse(store.getItem(STORE + id) || "null");
    } catch (error) {
      queue = null;
    }
  }
  queue = queue || memory[id] || { entries: [], stalled: false, refused: false };
  memory[id] = queue;
  return queue;
}

export function save(queue) {
  var id = gameId();
  var store = storage();
  memory[id] = queue;
  if (!id || !store) {
    return;
  }
  try {
    if (queue.entries.length) {
      store.setItem(STORE + id, JSON.stringify(queue));
    } else {
      store.removeItem(STORE + id);
    }
  } catch (error) { /* full: the queue lives on the page */ }
}

