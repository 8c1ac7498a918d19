/*
 * What the page shows of the tap queue (queue.js), drawn over the server's last fragment of the
 * live part: the next seat's pad, offline, and the taps waiting. Loaded on the scorekeeper's
 * pages only. Nothing here decides a rule: it reads the engine's tables the page carries.
 *
 * - A bid is written into the bid list and the next seat's buttons are drawn from the round's
 *   bidding order and the engine's tables (data-offline-bids: the dealer's forbidden bid for
 *   each total of the others' bids, the words); every bid in, the round's tricks form the page
 *   carries (template[data-offline-tricks]) takes the pad's place.
 * - Oh Hell and Elevator go on past a round's tricks to the end of the game: the page carries
 *   every round's answers and words and a blank round's panels (template#offline-game, drawn
 *   with the page), fitted here to the round the taps reached; the scores since wait.
 * - Belote, Coinche, Tarot and Scopa go on hand after hand: their hand is one blank form every
 *   time, and the live part carries the hands after the server's as the engine starts them
 *   (template#hands-ahead: each one's banner line, the blank form); the next one is drawn, the
 *   line says the scores, and whether a hand ends the game, wait for the connection. Past the
 *   hands the engine could start (a dealer that hangs on the hand), the next hand waits.
 * - Oh-Seven's cards revealed are looked up in the engine's answers (reveal.js): cards that
 *   stand open the round's tricks form; cards that force a rebid are held, and the line says the
 *   rebid waits.
 * - Any other entry's form is shown as sent, held, and "waiting to be sent" while it waits; after
 *   a round's tricks (Oh-Seven), a Seven-Up hand or a score pad's round, the line says the next
 *   round waits (the server's words for the step it shows); after a pad's "We stop here", that
 *   the final standings wait, the round's form held with it. A pad's round that ends the game
 *   (looked up in the engine's answers on its form, data-offline-end: the last of its rounds,
 *   or points that take a side to the target) says the final standings wait too, and offers no
 *   "We stop here" (the game is over: the server would refuse it).
 * - The undo button names the newest tap waiting, which it takes back (queue.js), in the words
 *   the server will say once it is stored (data-undo-words).
 * - The newest fragment the server sent (an answer, a poll) is kept in the Cache API, for the
 *   service worker to draw a page it answers from the phone's cache with (static/sw.js).
 * - The line says how many taps wait, and after a refusal offers to send them again or drop them.
 * - A tap within a step grows nothing above the finger (the server's "Saved." line).
 * - "Saved." is said for a moment: after 6 s it fades, then goes without moving what is on
 *   the screen (not over a winner for good); the same fragment drawn again over the taps does
 *   not bring it back.
 *
 * What it exports (queue.js imports it):
 * - redraw(): the server's last fragment, with the queue drawn over it.
 * - show(html, stay, ok): the server's answer to a tap, swapped in (``stay``: a tap within a
 *   step; ``ok``: stored, so kept as the latest state for a reload offline).
 * - version(): the game's version in the server's last fragment.
 */
import { finger } from "./double_tap.js";
import { isPoll } from "./live.js";
import { revealCards } from "./reveal.js";
import { load } from "./waiting_taps.js";

function live() {
  return document.getElementById("game-live");
}

// The last fragment the server sent: the queue is drawn over it, so an undo or a refusal
// draws again from what the server said.
var served = null;
var overlaid = false; // the queue is drawn over the server's fragment
// A tap within a step grows nothing above the finger: the server's "Saved." at the top of
// the live part is shown where one was shown before (the same line, new words), not where
// none was (the page's first bid): the bid in its place says it is in.
var quietNote = false;

// "Saved." said for a moment: gone from the server's last fragment once it faded.
var SAID_FOR = 6000;
var noteGone = false;
var noteTimer = null;

// Faded (app.css), then gone with its room: what is in the middle of the screen stays where
// it is (the page scrolls by the room it took, where it can).
function fadeNote(atOnce) {
  var note = live() ? live().querySelector(".saved-note") : null;
  if (!note || note.hidden) {
    return;
  }
  note.setAttribute("data-gone", "");
  if (atOnce) {
    note.hidden = true; // drawn again within a draw held steady (double_tap.js)
    return;
  }
  window.setTimeout(function () {
    var seen = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    var before = seen ? seen.getBoundingClientRect().top : 0;
    note.hidden = true;
    var moved = seen && seen.isConnected ? seen.getBoundingClientRect().top - before : 0;
    if (moved) {
      window.scrollBy({ top: moved, left: 0, behavior: "instant" });
    }
  }, 600);
}

function noted() {
  var note = live() ? live().querySelector(".saved-note") : null;
  return Boolean(note && !note.hidden);
}

// The fragment in place of the live part; a person's focus on the bid pad stays on it, and
// the form under the finger stays where it was on the screen.
function put(html, redrawn) {
  finger.steady(function () { swapIn(html, redrawn); });
}

function swapIn(html, redrawn) {
  var section = live();
  if (!section || !window.htmx) {
    return;
  }
  var active = document.activeElement;
  var onPad = Boolean(active && active.closest && active.closest(".bid-pad") && section.contains(active));
  var inside = Boolean(active && active !== document.body && section.contains(active));
  // Marked when it is the server's last fragment drawn again (no news: live.js then offers
  // no rematch, and this file draws nothing over it a second time).
  window.htmx.swap(section, html, { swapStyle: "outerHTML" }, { eventInfo: { redrawn: Boolean(redrawn) } });
  var fresh = live();
  var note = fresh && quietNote ? fresh.querySelector(".saved-note") : null;
  if (note) {
    note.hidden = true; // said to screen readers all the same (app.js reads data-saved)
  }
  if (noteGone) {
    fadeNote(true);
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

export function redraw() {
  finger.steady(overlay);
  if (nextHand) {
    // The next hand offline, from its start, as the server's answer shows it online (app.js).
    nextHand = false;
    var kept = document.querySelector("main > .kept-space");
    if (kept) {
      kept.remove();
    }
    live().scrollIntoView({ block: "start" });
    var heading = live().querySelector(".round-panel[data-hand-ahead] [data-focus]");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }
}

function overlay() {
  var section = live();
  if (!section) {
    return;
  }
  // A hand ahead being filled in: kept as it is when the same hand is drawn again.
  var kept = section.querySelector(".round-panel[data-hand-ahead]");
  if (served && overlaid) {
    put(served, true);
    overlaid = false;
    section = live();
  }
  var queue = load();
  var waiting = queue.stalled || navigator.onLine === false;
  var plan = null;
  var hands = null;
  var revealed = null;
  var ended = false;
  if (queue.entries.length && !queue.refused) {
    overlaid = true;
    var saved = section.querySelector(".saved-note");
    if (saved && waiting) {
      saved.hidden = true; // the taps after it are not saved yet
    }
    var game = waiting && offlineGame();
    plan = game ? ahead(section, queue.entries) : null;
    hands = !plan && waiting ? handsAhead(section, queue.entries) : null;
    if (plan) {
      drawAhead(section, plan, waiting, game);
    } else if (hands) {
      drawHands(section, hands, queue.entries, waiting, kept);
    } else {
      drawBids(section, queue.entries, waiting);
      revealed = revealCards(section, queue.entries, writeBids);
      queue.entries.forEach(function (entry) {
        if (entry.kind !== "bid") {
          markForm(section, entry, waiting);
        }
        ended = ended || endsTheGame(section, entry);
      });
      if (ended) {
        section.querySelectorAll("form.finish-form").forEach(function (form) { form.hidden = true; });
      }
    }
    nameUndo(section, queue.entries[queue.entries.length - 1]);
  }
  drawLine(section, queue, waiting, plan, revealed, ended, hands);
}

// A score pad's round waiting that ends the game: the last of its rounds, or points that take
// a side to the target, looked up in the engine's answers its form carries (data-offline-end).
function endsTheGame(section, entry) {
  var form = /(^| )points-form( |$)/.test(entry.form || "") ?
    section.querySelector("form.points-form[data-offline-end]") : null;
  if (!form) {
    return false;
  }
  var end = JSON.parse(form.getAttribute("data-offline-end"));
  return end.last || entry.fields.some(function (field) {
    var side = /^points_(\d+)$/.exec(field[0]);
    var reaching = side ? end.reaching[parseInt(side[1], 10)] : null;
    var typed = String(field[1]).replace(/\s/g, "").replace("\u2212", "-"); // as score_pad.js reads it
    return typeof reaching === "number" && /^[+-]?\d+$/.test(typed) && parseInt(typed, 10) >= reaching;
  });
}

// The undo takes back the newest tap waiting (queue.js): named by the form it came from and
// its round, as the server will name it once stored. An undo waiting leaves the server's words.
function nameUndo(section, newest) {
  var form = section.querySelector("form.undo[data-undo-words]");
  var label = form ? form.querySelector("[data-undo-label]") : null;
  if (!label || !newest || newest.kind === "undo") {
    return;
  }
  var words = JSON.parse(form.getAttribute("data-undo-words"));
  var classes = String(newest.form || "").split(" ");
  var said = Object.keys(words).filter(function (name) { return classes.indexOf(name) >= 0; })[0];
  var round = newest.fields.filter(function (field) { return field[0] === "round"; })[0];
  if (said) {
    label.textContent = words[said].replace("{round}", round ? round[1] : "");
  }
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

// ``later``: a round ahead of the server's ({version, tricks, bidWord}), drawn even before its
// first bid, its tricks panel ready for when every bid is in.
function drawBids(section, entries, waiting, later) {
  var form = section.querySelector("form.bid-form[data-offline-bids]");
  var queued = entries.filter(function (entry) { return entry.kind === "bid"; });
  if (!form || !(queued.length || later)) {
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
    showTricks(section, form, round.round, bids, waiting ? pending : {}, note,
               (later ? later.version : queued[queued.length - 1].version) + 1);
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
function showTricks(section, form, number, bids, pending, note, version) {
  var game = offlineGame();
  var panel = form.closest(".round-panel");
  if (!game || !panel) {
    form.hidden = true;
    return;
  }
  var tricks = tricksPanel(game, number);
  var seen = tricks.querySelector('input[name="version"]');
  if (seen) {
    seen.value = String(version);
  }
  writeBids(tricks, game.template.getAttribute("data-bid-word"), function (seat) {
    return document.createTextNode(String(bids[seat]));
  }, pending, note);
  panel.replaceWith(tricks);
  if (window.htmx) {
    window.htmx.process(tricks);
  }
  // game.js puts back what was tapped in it before a reload.
  tricks.dispatchEvent(new CustomEvent("companion:shown", { bubbles: true }));
}

// The bids a tricks panel drawn here shows (the server writes them in its own): "· bid 2"
// in each player's legend and tile, "waiting to be sent" where the bid waits (``pending``).
// ``shown(seat)``: the bid as a node (a number, an Oh-Seven card).
function writeBids(tricks, bidWord, shown, pending, note) {
  tricks.querySelectorAll("fieldset[data-tricks-seat]").forEach(function (group) {
    var seat = parseInt(group.getAttribute("data-tricks-seat"), 10);
    var legend = group.querySelector("legend");
    if (legend && !legend.querySelector(".muted")) {
      var bid = document.createElement("span");
      bid.className = "muted";
      bid.append("· " + bidWord + " ", shown(seat));
      if (pending[seat] && note) {
        bid.append(" · " + note.getAttribute("data-waiting"));
      }
      legend.append(" ", bid);
    }
  });
  tricks.querySelectorAll("[data-step-to]").forEach(function (tile) {
    var what = tile.querySelector("[data-step-what]");
    if (what && !tile.querySelector(".step-bid")) {
      var bid = document.createElement("span");
      bid.className = "step-bid muted";
      bid.append(bidWord + " ", shown(parseInt(tile.getAttribute("data-step-to"), 10)));
      what.before(bid, " ");
    }
  });
}

// Sent as it was tapped: nothing changes a waiting form (an undo stays, to take it back).
function hold(form) {
  form.querySelectorAll("button, input:not([type=hidden])").forEach(function (field) {
    if (!form.classList.contains("undo") && !field.disabled) {
      field.disabled = true;
      field.setAttribute("data-held", ""); // held, not refused by a rule (offline.css)
    }
  });
}

function markForm(section, entry, waiting) {
  var form = Array.prototype.filter.call(section.querySelectorAll('form[data-sent-by="queue"]'), function (f) {
    return f.getAttribute("action") === entry.action;
  })[0];
  if (!form || form.hasAttribute("data-queued")) {
    return;
  }
  form.setAttribute("data-queued", "");
  // As it was tapped: the picks and the numbers typed it was sent with (a score pad's points:
  // the server's fragment drawn again has its rows empty, and the round waiting must show).
  entry.fields.forEach(function (field) {
    form.querySelectorAll('input[name="' + CSS.escape(field[0]) + '"]').forEach(function (input) {
      if (input.type === "radio") {
        input.checked = input.value === field[1];
      } else if (input.type === "text" || input.type === "number") {
        input.value = field[1];
      }
    });
  });
  hold(form);
  if (form.classList.contains("finish-form")) {
    // "We stop here" waiting: no round comes after it, so the round's form waits too.
    section.querySelectorAll("form.points-form").forEach(hold);
  }
  var note = words(section);
  if (waiting && note) {
    var said = document.createElement("p");
    said.className = "waiting-note";
    said.textContent = note.getAttribute("data-waiting");
    form.appendChild(said);
  }
}

// ``revealed``: Oh-Seven's cards waiting, looked up (reveal.js).
// ``ended``: a pad's round waiting ends the game (no round comes after it).
// ``hands``: hands of a game of its own forms going on offline (handsAhead).
function drawLine(section, queue, waiting, plan, revealed, ended, hands) {
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
  // The next seat's bid, and Oh-Seven's cards revealed, are drawn from the page's data; what
  // follows any other entry (a round's scores, a forced rebid's set-aside cards) only the
  // server can say.
  var newest = queue.entries[count - 1];
  // After a round's tricks, a hand or a pad's round, plainly: the next round needs the
  // engine's answer. A line that names a form (data-follows: a pad's "We stop here", after
  // which no round comes) is said instead when the newest tap is that form's.
  var next = (!plan && !hands || hands && hands.held) && waiting && !queue.refused && newest &&
    newest.kind === "form";
  var lines = holder.querySelectorAll(".tap-queue-next");
  // Oh-Seven's cards that stand open the tricks here: nothing waits for the server yet but
  // the taps; cards that force a rebid, the rebid does (data-follows="rebid").
  var follows = revealed && newest === revealed.entry ? (revealed.stands ? null : ["rebid"])
    : ended ? ["finish-form"] : String(newest && newest.form || "").split(" ");
  var named = next && follows ? Array.prototype.filter.call(lines, function (line) {
    return follows.indexOf(line.getAttribute("data-follows")) >= 0;
  })[0] : null;
  Array.prototype.forEach.call(lines, function (line) {
    line.hidden = !next || !follows || (named ? line !== named : line.hasAttribute("data-follows"));
  });
  // Oh Hell and Elevator going on offline: the rounds played since show no score yet.
  var scores = holder.querySelector(".tap-queue-scores");
  // A game going on hand after hand says the scores and the game's end wait, in one line.
  var end = holder.querySelector(".tap-queue-end");
  if (end) {
    end.hidden = !hands;
  }
  if (scores) {
    scores.hidden = !plan && !(hands && !end);
  }
}

/* --- hand after hand offline (Belote, Coinche, Tarot, Scopa) ----------------------- */

// A game whose hand is one blank form every time carries the hands after the server's, as the
// engine starts them (template#hands-ahead in its live part, as text: each one's banner line,
// and the blank form, its number "{hand}"). While only its hands wait, the next one is drawn:
// its banner, its blank form. Null when something else waits (an undo, "We stop here": only
// the server's answer says where the game is then), or in the other games.
function handsAhead(section, entries) {
  var carried = section.querySelector("template#hands-ahead[data-ahead]");
  if (!carried) {
    return null;
  }
  // Carried as text (data-ahead: not a second form in the page), made into nodes here.
  var template = document.createElement("template");
  template.innerHTML = carried.getAttribute("data-ahead");
  var form = template.content.querySelector("form[data-sent-by=queue]:not(.finish-form)");
  if (!form || entries.some(function (entry) { return entry.action !== form.getAttribute("action"); })) {
    return null;
  }
  var banners = template.content.querySelectorAll("[data-hand]");
  // Past the last hand the engine could start (its dealer hangs on the hand before), the
  // newest hand is held, and the next one waits for the connection, as in the other games.
  var at = Math.min(entries.length, banners.length);
  return at ? { template: template, banner: banners[at - 1], held: entries.length > banners.length } : null;
}

// The hand ahead last drawn, and whether a tap has just brought another (redraw shows it from
// its start; a page opened offline stays at its top).
var shownHand = null;
var nextHand = false;

function drawHands(section, hands, entries, waiting, kept) {
  var number = hands.banner.getAttribute("data-hand");
  var newest = entries[entries.length - 1];
  var panel = kept && !hands.held && kept.getAttribute("data-hand-ahead") === number ? kept : null;
  if (!panel) {
    var blank = hands.template.content.querySelector(".round-panel");
    var made = document.createElement("template");
    made.innerHTML = blank.outerHTML.split("{hand}").join(number);
    panel = made.content.firstElementChild;
    panel.setAttribute("data-hand-ahead", number);
    // The version it will be sent with (kept picks are kept under it, round_forms.js).
    panel.querySelectorAll('input[name="version"]').forEach(function (input) {
      input.value = String(newest.version + (hands.held ? 0 : 1));
    });
    // "We stop here" once the hands are counted: the game's end is the server's answer.
    panel.querySelectorAll("form.finish-form").forEach(function (form) { form.hidden = true; });
  }
  section.querySelector(".round-panel").replaceWith(panel);
  var line = section.querySelector("#banner .banner-line");
  if (line) {
    line.replaceChildren.apply(line, Array.prototype.map.call(hands.banner.childNodes, function (node) {
      return node.cloneNode(true);
    }));
  }
  // The board's "deals" is the server's hand's: the hand ahead's dealer is in the banner.
  section.querySelectorAll(".dealer-mark").forEach(function (mark) {
    mark.hidden = !panel.contains(mark);
  });
  if (hands.held) {
    markForm(section, newest, waiting);
  }
  if (panel === kept) {
    return;
  }
  nextHand = shownHand !== number && document.readyState === "complete";
  shownHand = number;
  if (window.htmx) {
    window.htmx.process(panel);
  }
  // round_forms.js puts back what was tapped in it before a redraw or a reload.
  panel.dispatchEvent(new CustomEvent("companion:shown", { bubbles: true }));
}

/* --- on to the end of the game offline (Oh Hell, Elevator) ------------------------- */

// Every round's answers and words (its bid pad's data-offline-bids, its tricks' tables, its
// banner) and blank panels (a bid panel for each dealer, a tricks panel), drawn with the page
// (template#offline-game): their rounds hang on the settings alone. Absent in the other
// games, whose next round waits.
function offlineGame() {
  var template = document.getElementById("offline-game");
  return template && { template: template, rounds: JSON.parse(template.getAttribute("data-rounds")) };
}

// Where the waiting taps take the game once they pass a round's tricks: the round they are in
// (``number``), its taps (``since``), the newest tap's version. Null while they stay in the server's round (or an undo waits: only the
// server's answer says where the game is then), or with no round in the server's fragment.
function ahead(section, entries) {
  var plan = null;
  if (!section.querySelector("form.bid-form[data-offline-bids], .round-panel .tricks-form")) {
    return null;
  }
  for (var i = 0; i < entries.length; i++) {
    var round = entries[i].fields.filter(function (pair) { return pair[0] === "round"; })[0];
    if (entries[i].kind === "undo") {
      return null;
    }
    if (round && /tricks-form/.test(entries[i].form)) {
      plan = { number: parseInt(round[1], 10) + 1, since: entries.slice(i + 1),
               version: entries[entries.length - 1].version };
    }
  }
  return plan;
}

// A round ahead: the blank bid panel of its dealer (its bidding order), fitted to its hand
// size and the engine's tables, in place of the server's round, and said in the banner; once
// every round is in, the final scores wait.
function drawAhead(section, plan, waiting, game) {
  var round = game.rounds[plan.number - 1];
  var panel = blank(game.template, round ? '[data-dealer="' + round.pad.dealer + '"] .bid-form' : ".all-entered");
  var banner = section.querySelector("#banner .banner-line");
  section.querySelector(".round-panel").replaceWith(panel);
  if (!round) {
    return;
  }
  banner.textContent = round.banner; // in the last round, with the house rule that frees it
  fit(panel, round);
  panel.querySelector(".bid-form").setAttribute("data-offline-bids", JSON.stringify(round.pad));
  drawBids(section, plan.since, waiting, plan);
}

// A round's tricks: the blank panel, its tables, its seats (and their tiles) in the round's order.
function tricksPanel(game, number) {
  var round = game.rounds[number - 1];
  var tricks = blank(game.template, ".tricks-form");
  var form = tricks.querySelector("form");
  Object.keys(round.tricks).forEach(function (name) { form.setAttribute(name, round.tricks[name]); });
  form.elements.round.value = number;
  tricks.querySelector(".bid-total").textContent = round.share;
  var tiles = form.querySelector("[data-step-tiles]");
  round.pad.order.forEach(function (seat) {
    form.insertBefore(form.querySelector('[data-tricks-seat="' + seat + '"]'), form.querySelector("[type=submit]"));
    if (tiles) { // the tiles of one player at a time (steps.js) in the same order
      tiles.appendChild(tiles.querySelector('[data-step-to="' + seat + '"]').closest("li"));
    }
  });
  fit(tricks, round);
  return tricks;
}

function blank(template, selector) {
  return template.content.querySelector(selector).closest(".round-panel").cloneNode(true);
}

// The blank round's numbers, up to the largest hand: those past this round's hand go.
function fit(panel, round) {
  panel.querySelectorAll(".bid-pad button, .pick input").forEach(function (number) {
    if (+number.value > round.pad.hand) {
      (number.closest("label") || number).remove();
    }
  });
}

// The version of the game the server last showed. Read from its fragment, not from the
// live part's attributes: for a moment after each swap htmx gives the new element the old
// one's attributes (its settling), and the version would be the one before.
export function version() {
  var found = served ? /data-version="(\d+)"/.exec(served) : null;
  var section = live();
  return found ? parseInt(found[1], 10) : section ? parseInt(section.getAttribute("data-version"), 10) : NaN;
}

// ``ok``: the entry was stored (a refusal's fragment, with its reason, is not kept).
export function show(html, stay, ok) {
  quietNote = stay && !noted();
  served = html;
  overlaid = false;
  if (ok) {
    keep(html);
  }
  noteGone = false;
  put(html, false);
  window.clearTimeout(noteTimer);
  noteTimer = window.setTimeout(function () {
    noteGone = true;
    fadeNote();
  }, SAID_FOR);
}

/* --- the latest state this phone saw, for a reload offline -------------------------- */

// The service worker keeps the page as the server last drew it whole, often at the game's
// start; the fragments since (entries' answers, polls) are kept beside it, and the worker
// serves the page offline with the newest of them in its live part (static/sw.js).
function keep(html) {
  if (window.caches) {
    caches.open("companion-live").then(function (kept) {
      return kept.put(location.pathname, new Response(html));
    }).catch(function () { /* no room: the page as the worker kept it */ });
  }
}

// A poll's fragment is the server's word too (live.js has already said whether it is swapped).
document.addEventListener("htmx:beforeSwap", function (event) {
  var detail = event.detail || {};
  if (isPoll(event) && detail.shouldSwap && detail.target && detail.target.id === "game-live" &&
      typeof detail.serverResponse === "string" && detail.serverResponse) {
    served = detail.serverResponse;
    overlaid = false;
    keep(served);
  }
});

// Any other fragment swapped in (a poll's, an answer's): the taps still waiting drawn over it.
document.addEventListener("htmx:afterSwap", function (event) {
  if (event.target instanceof Element && event.target.id === "game-live" &&
      !(event.detail && event.detail.redrawn) && load().entries.length &&
      document.querySelector('meta[name="csrf-token"]')) {
    redraw();
  }
});

document.addEventListener("DOMContentLoaded", function () {
  var section = live();
  served = section ? section.outerHTML : null;
});
