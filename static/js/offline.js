/*
 * The Wi-Fi drops, the game goes on (docs/api.md "Writes that are safe to repeat").
 *
 * The scorekeeper's taps: every entry form in the game's live part ([data-live], a form with
 * hx-post) is sent by this file, not by htmx, through one queue kept in localStorage
 * ("companion-queue:<game id>"), so a tap survives a failed send, a reload and the browser
 * closing.
 *
 * - A tap fills the form's idempotency_key with a fresh key (crypto.getRandomValues, which plain
 *   HTTP has too) and joins the queue with the version it will have: the page's version plus
 *   its place in the queue. The server checks both; a write whose answer was lost is sent again
 *   under its key and is not counted twice.
 * - The tap shows at once: a bid is written into the bid list and the next seat's buttons are
 *   drawn from the round's bidding order and the engine's tables the page carries
 *   (data-offline-bids: the dealer's forbidden bid for each total of the others' bids, the
 *   words); any other form is marked as waiting. Nothing here decides a rule.
 * - Sent once, in order: the first entry is sent; its answer (the live fragment) is swapped in
 *   and the next one follows. No answer within 8 s, no network, or 502/503/504: the queue waits,
 *   says how many taps wait, and tries again on the browser's "online", when the page is shown
 *   again, and on a backoff (1 s, 2 s, 4 s … 30 s).
 * - A refusal (422, a rule; 409, another phone moved the game on) stops the queue there: the
 *   server's fragment shows the reason at the field, the later taps are kept, and the line
 *   offers to send them again (on the game as it now is) or drop them.
 * - Undo while taps wait takes the last one back from the queue, without the network.
 * - A double tap is one tap: a second touch close to the last one, in time and place, on an
 *   entry form is swallowed; nothing moves under the finger as the queue draws and the answers
 *   arrive (the form tapped stays where it was on the screen).
 * - Watchers (and the scorekeeper's own polls): a poll that cannot reach the server, or has no
 *   answer within 8 s, shows a quiet "Reconnecting…" (in place of a watcher's "Watching ·
 *   updates live") and keeps the last scores; htmx keeps polling and catches up.
 * - A finished game's page keeps asking for a rematch; when one is there ([data-rematch] in the
 *   live part), the page offers it and follows it after 10 s.
 * - A page the service worker answered from the phone's cache (<html data-from-cache>) says it
 *   shows the last known state.
 * - A full-page form with a key (a correction, a rematch, a table, a new game) that cannot reach
 *   the server stays on the page as typed, says it waits, and is sent under its key when it can.
 */
(function () {
  "use strict";

  var STORE = "companion-queue:";
  var TIMEOUT = 8000;
  var NETWORK = [502, 503, 504];
  var csrf = document.querySelector('meta[name="csrf-token"]');

  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }

  function live() {
    return document.getElementById("game-live");
  }

  function gameId() {
    var section = live();
    var match = section && /\/g\/([^/?]+)\/live/.exec(section.getAttribute("data-live") || "");
    return match ? match[1] : null;
  }

  // The version of the game the server last showed. Read from its fragment, not from the
  // live part's attributes: for a moment after each swap htmx gives the new element the old
  // one's attributes (its settling), and the version would be the one before.
  function pageVersion() {
    var found = served ? /data-version="(\d+)"/.exec(served) : null;
    var section = live();
    return found ? parseInt(found[1], 10) : section ? parseInt(section.getAttribute("data-version"), 10) : NaN;
  }

  /* --- the queue, in localStorage ----------------------------------------------------- */

  // Kept in memory as well: with storage refused (private mode) the queue still lives on the page.
  var memory = {};

  function load() {
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

  function save(queue) {
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

  // 128 random bits, in the characters an Idempotency-Key may hold (docs/api.md).
  function freshKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  /* --- a tap -------------------------------------------------------------------------- */

  function entryForm(form) {
    return form instanceof HTMLFormElement && form.hasAttribute("hx-post") &&
      form.closest("[data-live]") !== null && csrf !== null;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!entryForm(form)) {
      return;
    }
    // Ours, not htmx's: stopped before it reaches the form's own listeners.
    event.preventDefault();
    event.stopImmediatePropagation();
    tap(form, event.submitter || null);
  }, true);

  function tap(form, submitter) {
    lastTapped = form.classList[0] || null; // a key's submit too
    var queue = load();
    var newest = queue.entries[queue.entries.length - 1];
    if (form.classList.contains("undo") && newest && !(sending && sending.key === newest.key)) {
      queue.entries.pop(); // a tap not sent yet: taken back here, the server never hears of it
      if (!queue.entries.length) {
        queue.refused = false;
      }
      save(queue);
      redraw();
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
      action: form.getAttribute("hx-post"),
      fields: fields,
      key: key.value,
      version: newest ? newest.version + 1 : pageVersion(),
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
    redraw();
    flush();
  }

  /* --- a double tap is one tap ----------------------------------------------------------- */

  // A finger that taps twice in a hurry, or a tap that bounces, means one tap. But the first
  // tap changes what is under the finger at once (the next seat's pad drawn here, the answer
  // swapped in, the next round in place of Save), so the second touch would land on another
  // button and enter what nobody meant: Ben's 1, then Cleo's 1. So a touch on a control of an
  // entry form in the live part (its buttons, its picks, undo; every form this file sends, the
  // score pad's too) that comes close to the last tap let through, in time and on the screen,
  // is the same tap and is swallowed whole: its pointerdown (nothing takes it for a press, see
  // "a tap under way") and the click that follows it (nothing is tapped: a click is what
  // submits a form or picks a radio). Listened to on the window, capturing, before anything
  // else on the page. A mouse's second click is the system's to count (its own double-click
  // time and distance: the click's detail is 2). Anything else is let through: a touch
  // elsewhere or later, a key (Enter, Space: no pointer), a control that counts each tap
  // ([data-each-tap-counts]: +1, +1 is two).
  // A double tap's second touch comes 100–250 ms after the first ends; the scorekeeper's next
  // real tap, on the same number for the next player, comes after a look at the screen.
  var SAME_TAP_MS = 350;
  // A finger's wobble on one spot. The next button is 56 px away or more (48 px targets, 8 px
  // apart: UX.md), so a tap on it is never taken for this one.
  var SAME_TAP_PX = 24;
  var accepted = null; // the last tap let through: where it touched, when it ended
  var swallowed = false; // the touch going on is the same tap: its click is swallowed too
  var mouse = false; // the last press was a mouse's

  function guarded(target) {
    var control = target instanceof Element ? target.closest("button, label") : null;
    var form = control ? control.closest("form") : null;
    return form !== null && entryForm(form) && !control.hasAttribute("data-each-tap-counts") ? form : null;
  }

  function sameTap(event) {
    return accepted !== null && event.timeStamp - accepted.time < SAME_TAP_MS &&
      Math.hypot(event.clientX - accepted.x, event.clientY - accepted.y) <= SAME_TAP_PX;
  }

  function swallow(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  window.addEventListener("pointerdown", function (event) {
    swallowed = false;
    mouse = event.pointerType === "mouse";
    var form = event.isPrimary ? guarded(event.target) : null;
    if (!form) {
      return;
    }
    if (!mouse && sameTap(event)) {
      swallowed = true;
      swallow(event);
      return;
    }
    accepted = { x: event.clientX, y: event.clientY, time: event.timeStamp };
    lastTapped = form.classList[0];
  }, true);

  window.addEventListener("click", function (event) {
    if ((swallowed && event.detail > 0) || // a pointer's click (a key's has no detail)
        (mouse && event.detail > 1 && guarded(event.target))) {
      swallowed = false;
      swallow(event);
      release(); // no press goes on: an answer waiting for it is swapped in
    } else if (accepted && guarded(event.target)) {
      accepted.time = event.timeStamp; // the tap ends with its click: the time counts from here
    }
  }, true);

  // A touch that turned into a scroll was no tap.
  window.addEventListener("pointercancel", function (event) {
    if (event.isPrimary) {
      swallowed = false;
      accepted = null;
    }
  }, true);
  window.addEventListener("keydown", function () { swallowed = false; }, true);

  /* --- nothing moves under the finger ------------------------------------------------------ */

  // What the queue draws and the answers it swaps in change the live part above the form
  // tapped ("Saved." shown or hidden, the taps waiting said, a notice), and the form itself
  // (the bids drawn in, the tricks in place of the pad). The form last tapped (else the
  // round's panel, which the next step takes the place of) is kept where it was on the screen,
  // so the next seat's 1 is where Ben's 1 was and a quick next tap lands where it was aimed.
  // Only when a step is over (the tricks or a hand saved, the cards revealed) does the page
  // show the next one from its start (app.js, asked by ``answered``).
  var lastTapped = null; // the class of the entry form last tapped: "bid-form", "undo"…
  var steadying = false;

  // Where the form last tapped and the round's panel are on the screen (null: not there).
  function anchors() {
    var section = live();
    var form = section && lastTapped ? section.querySelector("form." + CSS.escape(lastTapped)) : null;
    var panel = section ? section.querySelector(".round-panel") : null;
    return [form, panel].map(function (element) {
      return element ? element.getBoundingClientRect().top : null;
    });
  }

  function steady(draw) {
    if (steadying) {
      draw(); // drawn within a draw already held steady
      return;
    }
    var before = anchors();
    steadying = true;
    try {
      draw();
    } finally {
      steadying = false;
    }
    var after = anchors();
    var kept = before[0] !== null && after[0] !== null ? 0 : 1; // the form, else the panel
    var moved = before[kept] !== null && after[kept] !== null ? after[kept] - before[kept] : 0;
    if (moved) {
      window.scrollBy({ top: moved, left: 0, behavior: "instant" });
    }
  }

  /* --- what the page shows of the queue ------------------------------------------------ */

  // The last fragment the server sent: the queue is drawn over it, so an undo or a refusal
  // draws again from what the server said.
  var served = null;
  var overlaid = false; // the queue is drawn over the server's fragment
  // A tap within a step grows nothing above the finger: the server's "Saved." at the top of
  // the live part is shown where one was shown before (the same line, new words), not where
  // none was (the page's first bid): the bid in its place says it is in.
  var quietNote = false;

  function noted() {
    var note = live() ? live().querySelector(".saved-note") : null;
    return Boolean(note && !note.hidden);
  }

  // The fragment in place of the live part; a person's focus on the bid pad stays on it, and
  // the form under the finger stays where it was on the screen.
  function put(html) {
    steady(function () { swapIn(html); });
  }

  function swapIn(html) {
    var section = live();
    if (!section || !window.htmx) {
      return;
    }
    var active = document.activeElement;
    var onPad = Boolean(active && active.closest && active.closest(".bid-pad") && section.contains(active));
    var inside = Boolean(active && active !== document.body && section.contains(active));
    window.htmx.swap(section, html, { swapStyle: "outerHTML" });
    var fresh = live();
    var note = fresh && quietNote ? fresh.querySelector(".saved-note") : null;
    if (note) {
      note.hidden = true; // said to screen readers all the same (app.js reads data-saved)
    }
    if (!fresh || !inside || (document.activeElement && fresh.contains(document.activeElement))) {
      return;
    }
    var target = (onPad && fresh.querySelector(".bid-pad button:not([disabled])")) ||
      fresh.querySelector("[data-focus]") || fresh;
    if (!target.matches("button, a[href], input")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({ preventScroll: true });
  }

  function redraw() {
    steady(overlay);
  }

  function overlay() {
    var section = live();
    if (!section) {
      return;
    }
    if (served && overlaid) {
      drawing = true;
      put(served);
      drawing = false;
      overlaid = false;
      section = live();
    }
    var queue = load();
    var waiting = queue.stalled || navigator.onLine === false;
    if (queue.entries.length && !queue.refused) {
      overlaid = true;
      var saved = section.querySelector(".saved-note");
      if (saved && waiting) {
        saved.hidden = true; // the taps after it are not saved yet
      }
      drawBids(section, queue.entries, waiting);
      queue.entries.forEach(function (entry) {
        if (entry.kind !== "bid") {
          markForm(section, entry, waiting);
        }
      });
    }
    drawLine(section, queue, waiting);
  }

  function words(section) {
    return section.querySelector("[data-tap-queue]");
  }

  function withName(element, template, name) {
    var parts = template.split("{player}");
    element.textContent = "";
    parts.forEach(function (part, index) {
      if (index > 0) {
        var who = document.createElement("bdi");
        who.textContent = name;
        element.appendChild(who);
      }
      element.appendChild(document.createTextNode(part));
    });
  }

  function drawBids(section, entries, waiting) {
    var form = section.querySelector("form.bid-form[data-offline-bids]");
    var queued = entries.filter(function (entry) { return entry.kind === "bid"; });
    if (!form || !queued.length) {
      return;
    }
    var round = JSON.parse(form.getAttribute("data-offline-bids"));
    var bids = round.bids.slice();
    var pending = {};
    queued.forEach(function (entry) {
      if (bids[entry.seat] === null) {
        bids[entry.seat] = entry.bid;
        pending[entry.seat] = true;
      }
    });
    var next = round.order.filter(function (seat) { return bids[seat] === null; })[0];
    var note = words(section);
    section.querySelectorAll(".bid-order li[data-seat]").forEach(function (item) {
      var seat = parseInt(item.getAttribute("data-seat"), 10);
      var what = item.querySelector(".what");
      item.classList.toggle("is-next", seat === next);
      item.classList.toggle("has-bid", bids[seat] !== null);
      item.classList.toggle("is-waiting", Boolean(pending[seat]));
      if (pending[seat]) {
        what.textContent = String(bids[seat]);
        if (waiting && note) {
          // "0 · waiting to be sent": the words under the number in the narrow bid card.
          var said = document.createElement("span");
          var dot = document.createElement("span");
          said.className = "waiting-word";
          dot.className = "waiting-dot";
          dot.textContent = " · ";
          said.appendChild(dot);
          said.appendChild(document.createTextNode(note.getAttribute("data-waiting")));
          what.appendChild(said);
        }
      } else if (seat === next) {
        what.textContent = round.to_bid;
      }
    });
    var total = bids.reduce(function (sum, bid) { return sum + (bid === null ? 0 : bid); }, 0);
    var totalLine = section.querySelector("#bids-title .bid-total");
    if (totalLine) {
      totalLine.textContent = round.total.replace("{bid}", String(total));
    }
    var fieldset = form.querySelector("fieldset");
    if (next === undefined) {
      showTricks(section, form, bids, waiting ? pending : {}, note, queued[queued.length - 1].version + 1);
      return;
    }
    var name = round.names[next];
    withName(form.querySelector("legend"), round.legend, name);
    form.querySelector('input[name="seat"]').value = String(next);
    // The engine's table: the dealer's forbidden number for the total of the others' bids.
    var others = total - (bids[next] || 0);
    var forbidden = next === round.dealer ? round.forbidden[others] : null;
    var reason = fieldset.querySelector(".hook-reason");
    if (forbidden !== null && forbidden !== undefined) {
      if (!reason) {
        reason = document.createElement("p");
        reason.className = "hook-reason";
        reason.id = "hook-reason";
        fieldset.querySelector(".bid-pad").insertAdjacentElement("afterend", reason);
      }
      reason.textContent = round.reasons[forbidden];
    } else if (reason) {
      reason.remove();
    }
    fieldset.querySelectorAll(".bid-pad button").forEach(function (button) {
      var bid = parseInt(button.value, 10);
      button.setAttribute("aria-label", round.label.replace("{player}", name).replace("{bid}", String(bid)));
      button.disabled = bid === forbidden;
      if (bid === forbidden) {
        button.setAttribute("aria-describedby", "hook-reason");
      } else {
        button.removeAttribute("aria-describedby");
      }
    });
  }

  // Every bid is in: the round's tricks form the server put in the page, each seat's bid
  // written into its legend, and the version the game will have once the bids are stored
  // (the last bid's version plus one). It is the version of the tricks form the server sends
  // after the last bid, so the picks tapped here (game.js keeps them under the form's round and
  // version) are the ones put back in that form, and in each copy drawn as the answers come.
  function showTricks(section, form, bids, pending, note, version) {
    var template = section.querySelector("template[data-offline-tricks]");
    var panel = form.closest(".round-panel");
    if (!template || !panel) {
      form.hidden = true;
      return;
    }
    var tricks = template.content.firstElementChild.cloneNode(true);
    var seen = tricks.querySelector('input[name="version"]');
    if (seen) {
      seen.value = String(version);
    }
    tricks.querySelectorAll("fieldset[data-tricks-seat]").forEach(function (group) {
      var seat = parseInt(group.getAttribute("data-tricks-seat"), 10);
      var legend = group.querySelector("legend");
      if (legend && !legend.querySelector(".muted")) {
        var bid = document.createElement("span");
        bid.className = "muted";
        bid.textContent = "· " + template.getAttribute("data-bid-word") + " " + bids[seat];
        legend.appendChild(document.createTextNode(" "));
        legend.appendChild(bid);
        if (pending[seat] && note) {
          bid.appendChild(document.createTextNode(" · " + note.getAttribute("data-waiting")));
        }
      }
    });
    panel.replaceWith(tricks);
    if (window.htmx) {
      window.htmx.process(tricks);
    }
    // game.js puts back what was tapped in it before a reload.
    tricks.dispatchEvent(new CustomEvent("companion:shown", { bubbles: true }));
  }

  function markForm(section, entry, waiting) {
    var form = Array.prototype.filter.call(section.querySelectorAll("form[hx-post]"), function (f) {
      return f.getAttribute("hx-post") === entry.action;
    })[0];
    if (!form || form.hasAttribute("data-queued")) {
      return;
    }
    form.setAttribute("data-queued", "");
    // As it was tapped: the picks it was sent with.
    entry.fields.forEach(function (field) {
      form.querySelectorAll('input[type="radio"][name="' + CSS.escape(field[0]) + '"]').forEach(function (radio) {
        radio.checked = radio.value === field[1];
      });
    });
    form.querySelectorAll("button, input:not([type=hidden])").forEach(function (field) {
      if (!form.classList.contains("undo") && !field.disabled) {
        field.disabled = true; // sent as it was tapped: nothing changes it while it waits
        field.setAttribute("data-held", ""); // held, not refused by a rule (offline.css)
      }
    });
    var note = words(section);
    if (waiting && note) {
      var said = document.createElement("p");
      said.className = "waiting-note";
      said.textContent = note.getAttribute("data-waiting");
      form.appendChild(said);
    }
  }

  function drawLine(section, queue, waiting) {
    var holder = words(section);
    if (!holder) {
      return;
    }
    var count = queue.entries.length;
    holder.hidden = !(count && (waiting || queue.refused));
    holder.toggleAttribute("data-pending", count > 0);
    var template = holder.getAttribute(count === 1 ? "data-one" : "data-other");
    holder.querySelector(".tap-queue-line").textContent = template.replace("{num}", String(count));
    holder.querySelector(".tap-queue-actions").hidden = !queue.refused;
    // The next seat's bid is drawn from the page's data; what follows any other entry (a
    // round's scores, the cards revealed) only the server can say.
    var newest = queue.entries[count - 1];
    var next = holder.querySelector(".tap-queue-next");
    if (next) {
      next.hidden = !(waiting && !queue.refused && newest && newest.kind === "form");
    }
  }

  /* --- sending, in order ------------------------------------------------------------- */

  var sending = null;
  var failures = 0;
  var retry = null;
  var drawing = false;

  // ``page``: a full-page form's, not htmx's (its answer is a page, and followed).
  function send(entry, page) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (field) {
      var value = field[1];
      if (field[0] === "version" && !page) {
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
    var headers = page ? {} : { "HX-Request": "true", "HX-Current-URL": window.location.href };
    if (csrf) {
      headers["X-CSRFToken"] = csrf.getAttribute("content");
    }
    return fetch(entry.action, {
      method: "POST", body: body, headers: headers, credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (NETWORK.indexOf(response.status) !== -1) {
        return { network: true };
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

  /* --- a tap under way is never swapped away ------------------------------------------ */

  // A browser drops a click whose element went away between the finger going down and coming
  // up: an answer swapped in during a tap (the tricks form drawn again while the bids are sent)
  // would lose it. An answer waits for the finger to come up and the tap to be handled.
  var pressed = false;
  var pressTimer = null;
  var afterPress = [];

  function release() {
    window.clearTimeout(pressTimer);
    if (!pressed) {
      return;
    }
    pressed = false;
    // After the click's own work (a radio changed, a form submitted), not before it.
    window.setTimeout(function () {
      var waiting = afterPress;
      afterPress = [];
      waiting.forEach(function (resolve) { resolve(); });
    }, 0);
  }

  document.addEventListener("pointerdown", function (event) {
    var section = live();
    if (section && event.target instanceof Node && section.contains(event.target)) {
      pressed = true;
      window.clearTimeout(pressTimer);
      pressTimer = window.setTimeout(release, 2000); // a finger resting on the screen
    }
  }, true);
  document.addEventListener("pointerup", function () {
    if (pressed) {
      window.clearTimeout(pressTimer);
      pressTimer = window.setTimeout(release, 300); // a press that makes no click (a scroll)
    }
  }, true);
  document.addEventListener("click", release, true);
  document.addEventListener("pointercancel", release, true);

  function afterTheTap(value) {
    return pressed ? new Promise(function (resolve) {
      afterPress.push(function () { resolve(value); });
    }) : value;
  }

  function flush() {
    var queue = load();
    if (sending || !queue.entries.length || queue.refused) {
      return;
    }
    window.clearTimeout(retry);
    var entry = queue.entries[0];
    sending = entry;
    send(entry).then(afterTheTap).then(function (answer) {
      sending = null;
      queue = load();
      if (queue.entries[0] === undefined || queue.entries[0].key !== entry.key) {
        return; // dropped while it was on its way
      }
      if (answer.network) {
        queue.stalled = true;
        save(queue);
        redraw();
        retry = window.setTimeout(flush, Math.min(30, Math.pow(2, failures)) * 1000);
        failures += 1;
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
        queue.refused = true; // 409 and the rest: kept, to send again on the game as it is
      }
      save(queue);
      if (answer.status === 200 || answer.status === 201 || answer.status === 409 || answer.status === 422) {
        // A bid or an undo leaves the page where it is; a form (the tricks, the cards, a hand)
        // ends a step, and the next is shown from its start.
        var stay = answer.ok && entry.kind !== "form";
        quietNote = stay && !noted();
        served = answer.html;
        overlaid = false;
        put(answer.html);
        if (!queue.entries.length || queue.refused) {
          answered(stay);
        }
      } else {
        showNotice();
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
    if (fresh && window.Companion && window.Companion.afterAnswer) {
      window.Companion.afterAnswer(fresh, stay);
    }
  }

  function showNotice() {
    var notice = document.getElementById("notice");
    if (notice) {
      notice.hidden = false;
      notice.textContent = notice.getAttribute("data-failed");
    }
  }

  // On the game as it now is: each kept tap takes the next version from the page's.
  function rebase(queue) {
    var base = pageVersion();
    queue.entries.forEach(function (entry, index) { entry.version = base + index; });
    queue.refused = false;
    queue.stalled = false;
  }

  function again() {
    failures = 0;
    flush();
    formFailures = 0;
    sendForms();
  }

  window.addEventListener("online", function () {
    again();
    var section = live();
    if (section && window.htmx) {
      window.htmx.trigger(section, "live-catch-up");
    }
  });
  window.addEventListener("offline", redraw);
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
    redraw();
    again();
  });

  /* --- polls: held while taps wait; quiet when the server is out of reach -------------- */

  function isPoll(event) {
    var detail = event.detail || {};
    var elt = detail.requestConfig && detail.requestConfig.elt ? detail.requestConfig.elt : detail.elt;
    return elt instanceof Element && elt.hasAttribute("data-live");
  }

  // htmx waits for ever by default, and while one poll waits the next ones queue behind it: a
  // poll whose answer never comes (a Wi-Fi that drops the packets, a server that went away
  // without closing) would freeze a watcher's page. No answer within 8 s is no connection.
  document.addEventListener("htmx:configRequest", function (event) {
    if (isPoll(event) && !event.detail.timeout) {
      event.detail.timeout = TIMEOUT;
    }
  });

  // A watcher's "Watching · updates live" gives way to it while the connection is down.
  function reconnecting(shown) {
    var note = document.querySelector("#game-live [data-reconnecting]");
    var watching = document.querySelector("#game-live [data-watching]");
    if (note) {
      note.hidden = !shown;
    }
    if (watching) {
      watching.hidden = shown;
    }
  }

  // While taps are on their way, this phone's own taps come first: their answers bring the
  // game. A queue stopped on a refusal waits for a person's choice, and the game must stay
  // current meanwhile (another phone goes on entering it): polls go on.
  function holdsPolls() {
    var queue = load();
    return Boolean(csrf && queue.entries.length && !queue.refused);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event) && holdsPolls()) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event) && holdsPolls()) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:sendError", function (event) {
    if (isPoll(event)) {
      reconnecting(true);
    }
  });
  document.addEventListener("htmx:timeout", function (event) {
    if (isPoll(event)) {
      reconnecting(true);
    }
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (isPoll(event) && xhr && NETWORK.indexOf(xhr.status) !== -1) {
      reconnecting(true);
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isPoll(event) && event.detail && event.detail.successful) {
      reconnecting(false);
      var cached = document.querySelector("#game-live [data-from-cache]");
      if (cached) {
        cached.hidden = true;
      }
      document.documentElement.removeAttribute("data-from-cache");
    }
  });

  /* --- a rematch: offered, then followed ------------------------------------------------ */

  // Followed when it arrives while the page watches (a live swap), not when a finished game's
  // page is opened later: that one only offers the link.
  var following = null;

  function offerRematch(section, arrived) {
    var link = section.querySelector("a[data-rematch]");
    var offer = section.querySelector("[data-rematch-offer]");
    window.clearTimeout(following);
    following = null;
    if (!link || !offer || !arrived) {
      return;
    }
    offer.hidden = false;
    following = window.setTimeout(function () {
      window.location.assign(link.href);
    }, 10000);
  }

  document.addEventListener("click", function (event) {
    var stay = event.target instanceof Element ? event.target.closest("[data-rematch-stay]") : null;
    var offer = stay ? stay.closest("[data-rematch-offer]") : null;
    if (offer) {
      window.clearTimeout(following);
      following = null;
      offer.hidden = true;
    }
  });

  /* --- every other form: kept on the phone while the server is out of reach ----------- */

  // A full-page form with a key (a correction, a rematch, a table, a new game) is sent here
  // first, under its key: no answer (offline, 8 s, 502/503/504) keeps it on the page and in
  // localStorage ("companion-form:<action>"), said as waiting, and sends it again on the
  // queue's occasions. Answered, the form is posted once more under the same key, by the
  // browser itself: the server answers it as the first (a replay), and the page is the
  // browser's own, with its history and its one-time "Saved" message.
  var FORM = "companion-form:";
  var posting = {}; // by action: a send under way (a second tap is the same write)
  var unstored = {}; // by action: what storage refused (private mode), kept while the page is open
  var formRetry = null;
  var formFailures = 0;

  function keyedForm(form) {
    return form instanceof HTMLFormElement && form.method === "post" && !entryForm(form) &&
      form.querySelector('input[name="idempotency_key"]') !== null;
  }

  function heldForm(action) {
    var store = storage();
    if (unstored[action]) {
      return unstored[action];
    }
    try {
      return JSON.parse((store && store.getItem(FORM + action)) || "null");
    } catch (error) {
      return null;
    }
  }

  function holdForm(action, held) {
    var store = storage();
    delete unstored[action];
    try {
      if (held) {
        store.setItem(FORM + action, JSON.stringify(held));
      } else {
        store.removeItem(FORM + action);
      }
    } catch (error) {
      if (held) {
        unstored[action] = held;
      }
    }
  }

  function keyedForms() {
    return Array.prototype.filter.call(document.forms, keyedForm);
  }

  // Said above the form's button, with the choice to drop it (the form's own words, from the
  // template beside its key); the form held as it was sent.
  function showWaiting(form, waiting) {
    var template = form.querySelector("template[data-form-waiting]");
    var line = form.querySelector(".form-waiting");
    form.toggleAttribute("data-queued", waiting);
    // Sent as it was typed: nothing changes it while it waits (a field the server disabled
    // stays so).
    form.querySelectorAll("button:not([data-form-drop]), input:not([type=hidden]), select, textarea").forEach(function (field) {
      if (waiting && !field.disabled) {
        field.disabled = true;
        field.setAttribute("data-held", "");
      } else if (!waiting && field.hasAttribute("data-held")) {
        field.disabled = false;
        field.removeAttribute("data-held");
      }
    });
    if (!waiting && line) {
      line.remove();
    } else if (waiting && !line && template) {
      line = template.content.firstElementChild.cloneNode(true);
      // Above the form's (last) button and its neighbours, such as "Back to the game".
      var buttons = form.querySelectorAll('button[type="submit"], button:not([type])');
      var button = buttons[buttons.length - 1];
      var place = button ? button.closest(".actions") || button : null;
      if (place && form.contains(place)) {
        place.insertAdjacentElement("beforebegin", line);
      } else {
        form.appendChild(line);
      }
    }
  }

  function sendForm(form) {
    var action = form.getAttribute("action");
    var held = heldForm(action);
    if (!held || posting[action]) {
      return;
    }
    posting[action] = true;
    window.clearTimeout(formRetry);
    send({ action: action, key: held.key, fields: held.fields }, true).then(function (answer) {
      posting[action] = false;
      // The form now on the page: a finished game's live part (its rematch, its table) may
      // have been drawn again meanwhile.
      form = keyedForms().filter(function (f) { return f.getAttribute("action") === action; })[0];
      if (!form) {
        return;
      }
      if (answer.network) {
        if (!heldForm(action)) {
          return; // dropped while it was on its way
        }
        showWaiting(form, true);
        formRetry = window.setTimeout(sendForms, Math.min(30, Math.pow(2, formFailures)) * 1000);
        formFailures += 1;
        return;
      }
      // Answered (even if dropped meanwhile: the server has it), the page follows the answer.
      formFailures = 0;
      holdForm(action, null);
      showWaiting(form, false); // a disabled field is not posted
      if (held.submitter) {
        var named = document.createElement("input");
        named.type = "hidden";
        named.name = held.submitter[0];
        named.value = held.submitter[1];
        form.appendChild(named);
      }
      form.querySelector('input[name="idempotency_key"]').value = held.key;
      HTMLFormElement.prototype.submit.call(form); // no submit event: straight to the server
    });
  }

  function sendForms() {
    keyedForms().forEach(sendForm);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!keyedForm(form) || (event.submitter && event.submitter.hasAttribute("formaction"))) {
      return; // a button posting elsewhere (the new-game page's rows): no write, the browser's
    }
    var action = form.getAttribute("action");
    var key = form.querySelector('input[name="idempotency_key"]');
    event.preventDefault();
    if (typeof window.fetch !== "function") {
      key.value = key.value || freshKey();
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    if (posting[action] || heldForm(action)) {
      sendForm(form); // a second tap while it waits: the same write, not a second one
      return;
    }
    key.value = freshKey();
    var fields = [];
    var submitter = event.submitter && event.submitter.name ? [event.submitter.name, event.submitter.value] : null;
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") {
        fields.push([name, value]);
      }
    });
    holdForm(action, { key: key.value, fields: submitter ? fields.concat([submitter]) : fields, submitter: submitter });
    formFailures = 0;
    sendForm(form);
  }, true);

  document.addEventListener("click", function (event) {
    var drop = event.target instanceof Element ? event.target.closest("[data-form-drop]") : null;
    var form = drop ? drop.closest("form") : null;
    if (form) {
      holdForm(form.getAttribute("action"), null);
      form.querySelector('input[name="idempotency_key"]').value = "";
      showWaiting(form, false);
      var buttons = form.querySelectorAll('button[type="submit"], button:not([type])');
      if (buttons.length) {
        buttons[buttons.length - 1].focus();
      }
    }
  });

  // A reload while it waits (or the live part drawn again): the form as it was sent, still
  // waiting.
  function showHeld() {
    keyedForms().forEach(function (form) {
      var held = heldForm(form.getAttribute("action"));
      if (!held) {
        return;
      }
      Array.prototype.forEach.call(form.elements, function (input) {
        var values = held.fields.filter(function (field) {
          return field[0] === input.name;
        }).map(function (field) { return field[1]; });
        if (!input.name || input.name === "csrf_token" || input.type === "submit" || !values.length) {
          return;
        }
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = values.indexOf(input.value) !== -1;
        } else {
          input.value = values[0];
        }
      });
      showWaiting(form, true);
    });
  }

  /* --- forgetting a game drops its waiting taps ------------------------------------------ */

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var match = form instanceof HTMLFormElement && /\/g\/([^/]+)\/(forget|delete)$/.exec(form.getAttribute("action") || "");
    var store = storage();
    if (match && store) {
      store.removeItem(STORE + match[1]);
    }
  });

  /* --- the page, and each fragment the server sends ------------------------------------ */

  function prepared(swapped) {
    var section = live();
    if (!section) {
      return;
    }
    if (document.documentElement.hasAttribute("data-from-cache")) {
      var cached = section.querySelector("[data-from-cache]");
      if (cached) {
        cached.hidden = false;
      }
    }
    offerRematch(section, swapped);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target instanceof Element && event.target.id === "game-live") {
      prepared(!drawing);
      showHeld();
      if (!drawing && csrf && load().entries.length) {
        redraw();
      }
    }
  });

  // A poll's fragment is the server's word too.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail || {};
    if (isPoll(event) && detail.shouldSwap && detail.target && detail.target.id === "game-live" &&
        typeof detail.serverResponse === "string" && detail.serverResponse) {
      served = detail.serverResponse;
      overlaid = false;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var section = live();
    served = section ? section.outerHTML : null;
    prepared(false);
    showHeld();
    sendForms();
    if (csrf && load().entries.length) {
      redraw();
      flush();
    }
  });
})();
