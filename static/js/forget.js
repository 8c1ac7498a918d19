/*
 * A game let go of on this phone: forgotten (the home page) or deleted (its delete page). Loaded
 * on the pages of js/site.js.
 *
 * - "Forget on this phone" ([data-forget]): the game goes from the list at once, with an Undo,
 *   and the forget is sent a few seconds later; leaving the page sends what waits at once, so
 *   nothing asked is lost. Without JavaScript the same form forgets at once.
 * - The game's taps still waiting on this phone (waiting_taps.js keeps them) go with
 *   it: once the forget is done (an Undo, or a forget that could not be sent, keeps them), or
 *   when the game's deletion is sent.
 */
import { focusLost, say, showNotice } from "./app.js";

var csrf = document.querySelector('meta[name="csrf-token"]');
// waiting_taps.js's store of a game's waiting taps: named here rather than imported, one
// request fewer on the home page's first visit (tests/app/test_script_files.py keeps them one).
var WAITING_TAPS = "companion-queue:";

function dropWaitingTaps(form) {
  var game = /\/g\/([^/]+)\/(forget|delete)$/.exec(form.getAttribute("action") || "");
  try {
    if (game) {
      window.localStorage.removeItem(WAITING_TAPS + game[1]);
    }
  } catch (error) {
    // No storage (private mode): no taps were kept either.
  }
}

// The home page's "Forget on this phone" waits FORGET_DELAY with an Undo before it posts
// (the same form, which without JavaScript forgets at once). Leaving the page sends what
// is waiting straight away, so nothing asked is lost.
var FORGET_DELAY = 5000;
var forgetting = [];

function sendForget(entry, leaving) {
  window.clearTimeout(entry.timer);
  forgetting = forgetting.filter(function (other) { return other !== entry; });
  var form = entry.form;
  // Says what it is (no redirect wanted: the list is changed here), never posing as htmx.
  var headers = { "Companion-Forget": "1" };
  if (csrf) {
    headers["X-CSRFToken"] = csrf.getAttribute("content");
  }
  var sent = window.fetch(form.action, {
    method: "POST", body: new FormData(form), headers: headers, credentials: "same-origin",
    keepalive: leaving
  });
  if (leaving) {
    dropWaitingTaps(form); // no answer will be read: the forget is the page's last word
    return sent;
  }
  return sent.then(function (response) {
    if (!response.ok) {
      throw new Error(String(response.status));
    }
    dropWaitingTaps(form);
    var list = entry.item.parentNode;
    entry.item.remove();
    if (list && !list.querySelector("[data-forget-item]")) {
      window.location.reload(); // the page's own words for an empty list
      return;
    }
    var heading = document.getElementById("games-title");
    if (heading && focusLost()) {
      heading.focus({ preventScroll: true });
    }
  }).catch(function () {
    showForgetItem(entry, false);
    showNotice(navigator.onLine === false ? "offline" : "failed");
  });
}

// Back as it was: the game, its Forget button (focused after an Undo).
function showForgetItem(entry, focus) {
  entry.item.classList.remove("is-forgetting");
  entry.link.hidden = false;
  entry.form.hidden = false;
  entry.undone.hidden = true;
  if (focus) {
    entry.form.querySelector("button").focus();
  }
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  var item = form instanceof Element && form.matches("form[data-forget]") ?
    form.closest("[data-forget-item]") : null;
  var undone = item ? item.querySelector("[data-forgotten]") : null;
  var link = item ? item.querySelector(".game-link") : null;
  if (!undone || !link || typeof window.fetch !== "function") {
    return; // posted as a plain form
  }
  event.preventDefault();
  var entry = { form: form, item: item, undone: undone, link: link, timer: null };
  item.classList.add("is-forgetting");
  link.hidden = true;
  form.hidden = true;
  undone.hidden = false;
  undone.querySelector("[data-forget-undo]").focus();
  say(undone.querySelector(".forgotten-what").textContent);
  entry.timer = window.setTimeout(function () { sendForget(entry, false); }, FORGET_DELAY);
  forgetting.push(entry);
});

document.addEventListener("click", function (event) {
  var undo = event.target instanceof Element ? event.target.closest("[data-forget-undo]") : null;
  if (!undo) {
    return;
  }
  forgetting.filter(function (entry) { return entry.undone.contains(undo); })
    .forEach(function (entry) {
      window.clearTimeout(entry.timer);
      forgetting = forgetting.filter(function (other) { return other !== entry; });
      showForgetItem(entry, true);
    });
});

// A link followed while a forget waits: the forget first, then the link (the next page's
// answer must not bring back the session the forget changes).
document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || !forgetting.length || event.defaultPrevented) {
    return;
  }
  event.preventDefault();
  Promise.all(forgetting.slice().map(function (entry) { return sendForget(entry, true); }))
    .catch(function () {})
    .then(function () { window.location.href = link.href; });
});

window.addEventListener("pagehide", function () {
  forgetting.slice().forEach(function (entry) { sendForget(entry, true); });
});

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form instanceof HTMLFormElement && /\/delete$/.test(form.getAttribute("action") || "")) {
    dropWaitingTaps(form);
  }
});
