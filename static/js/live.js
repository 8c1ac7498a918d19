/*
 * The live part, on every page that has one (a game's #game-live, a table's #table-live: an
 * element with data-live, which htmx polls every 1.5 s, a finished game every 10 s, and which
 * the server answers 204 while nothing changed). The scorekeeper's and the watchers' pages both
 * load this module first: what a poll is and when polls pause are decided here and nowhere else.
 *
 * What it exports (the other modules import it):
 * - isPoll(event): whether an htmx event belongs to the live part's own poll (a request the
 *   live element made), not to a form inside it. Every module asks this function.
 * - holdPolls(waiting): adds a reason for polls to pause, a function that says whether taps
 *   are waiting to be sent (queue.js: their answers bring the game, a poll would draw it
 *   without them).
 *
 * The rule: a poll is not sent, and a poll's answer is not swapped in, while the page is hidden
 * (shown again, it catches up at once), while this phone's own form in the live part holds
 * choices not yet sent (data-dirty: a second scorekeeper tapping tricks), or while taps wait.
 *
 * Also here: a poll has 8 s to be answered (htmx would wait for ever, and the next polls queue
 * behind it); one that cannot reach the server says "Reconnecting…" quietly in the page (in
 * place of a watcher's "Watching · updates live") and keeps the last scores until a poll is
 * answered; a 404 (the game deleted) reloads the page, which says so; the connection back or a
 * page shown from the history asks at once. A page the service worker answered from the
 * phone's cache (<html data-from-cache>) says it shows the last known state. A finished game's
 * rematch ([data-rematch]) arriving while the page watches is offered, then followed after 10 s.
 */
var TIMEOUT = 8000;
var NETWORK = [502, 503, 504];
var holds = [];

// In htmx:beforeSwap detail.elt is the swap's target: the requester is requestConfig.elt.
export function isPoll(event) {
  var detail = (event && event.detail) || {};
  var elt = detail.requestConfig && detail.requestConfig.elt ? detail.requestConfig.elt : detail.elt;
  return elt instanceof Element && elt.hasAttribute("data-live");
}

function paused(section) {
  return document.hidden || Boolean(section && section.hasAttribute("data-dirty")) ||
    holds.some(function (waiting) { return waiting(); });
}

export function holdPolls(waiting) {
  holds.push(waiting);
}

function section() {
  return document.querySelector("[data-live]");
}

function catchUp() {
  var live = section();
  if (live && window.htmx) {
    window.htmx.trigger(live, "live-catch-up");
  }
}

/* --- when polls pause ------------------------------------------------------------- */

document.addEventListener("htmx:beforeRequest", function (event) {
  if (isPoll(event) && paused(event.detail.elt)) {
    event.preventDefault();
  }
});

// The answer of a poll that left before the pause (typing began while it was on its way).
document.addEventListener("htmx:beforeSwap", function (event) {
  if (isPoll(event) && paused(event.detail.target)) {
    event.detail.shouldSwap = false;
  }
});

// Choices made in this phone's form and not yet sent.
function markDirty(event) {
  var live = event.target instanceof Element ? event.target.closest("[data-live]") : null;
  if (live && event.target.closest("form")) {
    live.setAttribute("data-dirty", "");
  }
}
document.addEventListener("change", markDirty);
document.addEventListener("input", markDirty);

document.addEventListener("visibilitychange", function () {
  if (!document.hidden) {
    catchUp();
  }
});
window.addEventListener("online", catchUp);

// A game page may be kept by the browser (it is revalidated on every visit, but the back
// button shows the kept copy as it was): ask whether the game moved on since (204: no).
window.addEventListener("pageshow", function (event) {
  var live = document.getElementById("game-live");
  var navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  var back = event.persisted || (navigation && navigation.type === "back_forward");
  if (live && back && window.htmx && live.getAttribute("data-live")) {
    window.htmx.ajax("GET", live.getAttribute("data-live"), { target: live, swap: "outerHTML" });
  }
});

/* --- a poll unanswered: quiet, and on --------------------------------------------- */

document.addEventListener("htmx:configRequest", function (event) {
  if (isPoll(event) && !event.detail.timeout) {
    event.detail.timeout = TIMEOUT;
  }
});

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
  if (!isPoll(event) || !xhr) {
    return;
  }
  if (xhr.status === 404) {
    window.location.reload(); // the game was deleted: show the page that says so
  } else if (NETWORK.indexOf(xhr.status) !== -1) {
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

/* --- the page from the phone's cache; a rematch, offered then followed ------------ */

// Followed when it arrives while the page watches (a live swap), not when a finished game's
// page is opened later, nor when the tap queue draws the server's last fragment again
// (pad.js marks those swaps): then it is only offered as a link.
var following = null;

function offerRematch(live, arrived) {
  var link = live.querySelector("a[data-rematch]");
  var offer = live.querySelector("[data-rematch-offer]");
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

function prepared(arrived) {
  var live = document.getElementById("game-live");
  if (!live) {
    return;
  }
  if (document.documentElement.hasAttribute("data-from-cache")) {
    var cached = live.querySelector("[data-from-cache]");
    if (cached) {
      cached.hidden = false;
    }
  }
  offerRematch(live, arrived);
}

document.addEventListener("htmx:afterSwap", function (event) {
  if (event.target instanceof Element && event.target.id === "game-live") {
    prepared(!(event.detail && event.detail.redrawn));
  }
});
document.addEventListener("DOMContentLoaded", function () { prepared(false); });
