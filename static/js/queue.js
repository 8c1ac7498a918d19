/*
 * The tap queue: the Wi-Fi drops, the game goes on (docs/api.md "Writes that are safe to
 * repeat"). Loaded on the scorekeeper's pages only.
 *
 * Every entry form in the game's live part that says so (form[data-sent-by="queue"]: the bids,
 * the cards, the tricks, a Seven-Up hand, undo) is sent by this module, through one queue kept
 * in localStorage (waiting_taps.js), so a tap survives a failed send, a reload and the browser
 * closing. Without JavaScript the same form posts itself (POST, then 303).
 *
 * Its posts say what they are with their own header, ``Companion-Queue: 1``: the server answers
 * them with the live part, as it answers htmx (companion/web/game/responses.py).
 *
 * - A tap fills the form's idempotency_key with a fresh key and joins the queue with the
 *   version it will have: the page's version plus its place in the queue. The server checks
 *   both; a write whose answer was lost is sent again under its key and is not counted twice.
 * - The tap shows at once (pad.js draws it over the server's last fragment).
 * - Sent once, in order: the first entry is sent; its answer (the live fragment) is swapped in
 *   and the next one follows. No answer within 8 s, no network, or 500/502/503/504: the queue
 *   waits, says how many taps wait, and tries again under the same key: at once on the
 *   browser's "online" and when the page is shown again (a send still on its way then is sent
 *   again the moment it fails); every second while the phone says it is online but no answer
 *   comes (the Wi-Fi back before the server can be reached, a page reloaded offline: the
 *   "online" event is not always there to say so); on a backoff (1 s, 2 s, 4 s … 30 s) while
 *   the phone says it is offline (its "online" will come) or the server answers an error. A
 *   500 or a 503 (the database restarting) may come after the write was in fact saved: sent
 *   again under its key, it is answered as the first, never counted twice.
 * - A refusal (422, a rule; 409, another phone moved the game on) stops the queue there: the
 *   server's fragment shows the reason at the field, the later taps are kept, and the line
 *   offers to send them again (on the game as it now is) or drop them.
 * - Undo while taps wait takes the last one back from the queue, without the network.
 * - While taps are on their way polls pause (live.js asks ``waiting`` here): their answers
 *   bring the game. A queue stopped on a refusal waits for a person's choice, and polls go on.
 * - A game forgotten on this phone or deleted takes its waiting taps with it (forget.js).
 * - A message of the moment (a flashed one at the page's top, a conflict's, a failed request's)
 *   goes when the next entry is made, or when the taps a refusal stopped are sent or dropped,
 *   without moving the form under the finger (double_tap.js).
 */
import { freshKey, afterAnswer } from "./app.js";
import { finger } from "./double_tap.js";
import { holdPolls } from "./live.js";
import * as pad from "./pad.js";
import { load, save, sends } from "./waiting_taps.js";

var TIMEOUT = 8000;
var LOOK_AGAIN = 1000; // no answer while the phone says it is online: tried again this often
var NETWORK = [500, 502, 503, 504];
var csrf = document.querySelector('meta[name="csrf-token"]');

function live() {
  return document.getElementById("game-live");
}

/* --- a tap -------------------------------------------------------------------------- */

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!sends(form)) {
    return;
  }
  // Ours, not the browser's: stopped before it reaches the form's own listeners.
  event.preventDefault();
  event.stopImmediatePropagation();
  tap(form, event.submitter || null);
}, true);

function tap(form, submitter) {
  finger.tapped(form);
  var queue = load();
  var newest = queue.entries[queue.entries.length - 1];
  if (form.classList.contains("undo") && newest && !(sending && sending.key === newest.key)) {
    queue.entries.pop(); // a tap not sent yet: taken back here, the server never hears of it
    if (!queue.entries.length) {
      queue.refused = false;
    }
    save(queue);
    pad.redraw();
    return;
  }
  var key = form.querySelector('input[name="idempotency_key"]');
  if (!key) {
    key = document.createElement("input");
    key.type = "hidden";
    key.name = "idempotency_key";
    form.appendChild(key);
  }
  key.value = freshKey();
  var fields = [];
  new FormData(form, submitter).forEach(function (value, name) {
    fields.push([name, String(value)]);
  });
  var entry = {
    action: form.getAttribute("action"),
    fields: fields,
    key: key.value,
    version: newest ? newest.version + 1 : pad.version(),
    kind: form.classList.contains("bid-form") ? "bid" : form.classList.contains("undo") ? "undo" : "form",
    form: form.className
  };
  if (entry.kind === "bid") {
    entry.seat = parseInt(form.querySelector('input[name="seat"]').value, 10);
    entry.bid = parseInt(submitter ? submitter.value : "", 10);
  }
  if (queue.refused) {
    // Tapped again after a refusal: the corrected tap goes first, the kept ones after it,
    // each on the game as it now is.
    queue.entries.unshift(entry);
    rebase(queue);
  } else {
    queue.entries.push(entry);
  }
  save(queue);
  pad.redraw();
  flush();
}

/* --- sending, in order ------------------------------------------------------------- */

var sending = null;
var failures = 0;
var retry = null;
var soon = false; // the connection came back while a send was on its way: again once it fails

// When to try again after a send that brought no answer: soon while the phone says it is
// online (only a send that gets through says the server can be reached again), on the
// backoff while it says it is offline or the server answered an error.
function delay(answer) {
  if (!answer.status && navigator.onLine !== false) {
    return LOOK_AGAIN;
  }
  var wait = Math.min(30, Math.pow(2, failures)) * 1000;
  failures += 1;
  return wait;
}

function send(entry) {
  var body = new URLSearchParams();
  entry.fields.forEach(function (field) {
    var value = field[1];
    if (field[0] === "version") {
      value = String(entry.version);
    } else if (field[0] === "csrf_token" && csrf) {
      value = csrf.getAttribute("content");
    }
    body.append(field[0], value);
  });
  var controller = typeof AbortController === "function" ? new AbortController() : null;
  var timer = window.setTimeout(function () {
    if (controller) {
      controller.abort();
    }
  }, TIMEOUT);
  var headers = { "Companion-Queue": "1" };
  if (csrf) {
    headers["X-CSRFToken"] = csrf.getAttribute("content");
  }
  return fetch(entry.action, {
    method: "POST", body: body, headers: headers, credentials: "same-origin",
    signal: controller ? controller.signal : undefined
  }).then(function (response) {
    if (NETWORK.indexOf(response.status) !== -1) {
      return { network: true, status: response.status }; // the server reached, not ready
    }
    return response.text().then(function (html) {
      return { status: response.status, ok: response.ok, html: html };
    });
  }).catch(function () {
    return { network: true };
  }).then(function (answer) {
    window.clearTimeout(timer);
    return answer;
  });
}

function flush() {
  var queue = load();
  if (sending || !queue.entries.length || queue.refused) {
    return;
  }
  window.clearTimeout(retry);
  var entry = queue.entries[0];
  sending = entry;
  send(entry).then(finger.afterTheTap).then(function (answer) {
    sending = null;
    var hurry = soon;
    soon = false;
    queue = load();
    if (queue.entries[0] === undefined || queue.entries[0].key !== entry.key) {
      return; // dropped while it was on its way
    }
    if (answer.network) {
      var news = !queue.stalled; // tried again each second: drawn once, not under the finger each time
      queue.stalled = true;
      save(queue);
      if (news) {
        pad.redraw();
      }
      window.clearTimeout(retry);
      retry = window.setTimeout(flush, hurry ? 0 : delay(answer));
      return;
    }
    failures = 0;
    if (answer.status === 404) {
      save({ entries: [], stalled: false, refused: false });
      window.location.reload(); // the game was deleted: the page that says so
      return;
    }
    if (answer.ok) {
      queue.entries.shift();
      queue.stalled = queue.stalled && queue.entries.length > 0; // the count goes down to 0
    } else if (answer.status === 422) {
      queue.entries.shift(); // the rule's reason is at the field, with what was tapped
      queue.refused = queue.entries.length > 0;
    } else {
      queue.refused = true; // 409, 507 (the server's disk full) and the rest: kept, not retried
    }
    save(queue);
    if (answer.status === 200 || answer.status === 201 || answer.status === 409 || answer.status === 422) {
      // A bid or an undo leaves the page where it is; a form (the tricks, the cards, a hand)
      // ends a step, and the next is shown from its start.
      var stay = answer.ok && entry.kind !== "form";
      pad.show(answer.html, stay, answer.ok);
      if (!queue.entries.length || queue.refused) {
        answered(stay);
      }
    } else {
      pad.redraw(); // the taps kept, with the line's "send again" and "drop"
      showNotice(answer.status === 507 ? "data-full" : "data-failed");
    }
    if (queue.entries.length && !queue.refused) {
      flush();
    }
  });
}

// The last tap answered, as after a person's htmx request (app.js): "Saved." said, the first
// refused field brought on screen above the sticky bar and focused, else the next step
// (``stay``: focused where it is, the page not moved).
function answered(stay) {
  var fresh = live();
  if (fresh) {
    afterAnswer(fresh, stay);
  }
}

function showNotice(words) {
  var notice = document.getElementById("notice");
  if (notice) {
    notice.hidden = false;
    notice.textContent = notice.getAttribute(words);
  }
}

// On the game as it now is: each kept tap takes the next version from the page's.
function rebase(queue) {
  var base = pad.version();
  queue.entries.forEach(function (entry, index) { entry.version = base + index; });
  queue.refused = false;
  queue.stalled = false;
}

function again() {
  failures = 0;
  soon = sending !== null;
  flush();
}

window.addEventListener("online", again);
window.addEventListener("offline", function () { pad.redraw(); });
window.addEventListener("pageshow", again);
document.addEventListener("visibilitychange", function () {
  if (!document.hidden) {
    again();
  }
});

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-queue-resend], [data-queue-drop]") : null;
  if (!button) {
    return;
  }
  var queue = load();
  if (button.hasAttribute("data-queue-drop")) {
    queue.entries = [];
  } else {
    rebase(queue);
  }
  save(queue);
  pad.redraw();
  again();
});

holdPolls(function () {
  var queue = load();
  return Boolean(csrf && queue.entries.length && !queue.refused);
});

document.addEventListener("DOMContentLoaded", function () {
  if (csrf && load().entries.length) {
    pad.redraw();
    flush();
  }
});

/* --- messages belong to the moment ------------------------------------------------- */

// "Round 3 corrected…" (flashed at the top of the page), a conflict's red "Someone else just
// entered…" and the failed request's notice say what just happened: the next entry made in
// the game (or the choice made about taps a refusal stopped) takes them away. On window, in
// the capture phase: before this file takes the tap for its own (a scorekeeper's page alone).
// They stand above the form tapped: it is kept where it was under the finger (double_tap.js).
function moveOn() {
  finger.steady(function () {
    document.querySelectorAll("main > .flash, #game-live .flash.conflict").forEach(function (said) {
      said.remove();
    });
  });
  var notice = document.getElementById("notice");
  if (notice) {
    notice.hidden = true;
    notice.textContent = "";
  }
}
window.addEventListener("submit", function (event) {
  if (event.target instanceof Element && event.target.closest("#game-live")) {
    moveOn();
  }
}, true);
window.addEventListener("click", function (event) {
  if (event.target instanceof Element && event.target.closest("[data-queue-drop], [data-queue-resend]")) {
    moveOn();
  }
}, true);
