/*
 * Companion's behaviour on every page: every page's entry module (site*.js) imports it, and
 * htmx, a classic deferred script before them, has run when it does. No inline script anywhere
 * (the Content-Security-Policy forbids it). Every page also works without it.
 *
 * - Sends the CSRF token (from <meta name="csrf-token">) as X-CSRFToken with each htmx request.
 * - Shows a small notice (#notice, its words translated in base.html) when an htmx request fails:
 *   an error status other than 409 and 422 (those swap: see the htmx-config meta), or no network.
 * - Keeps the screen awake while the page holds an element with `data-keep-awake` (a game being
 *   played), with the Screen Wake Lock API where the browser has it (HTTPS or localhost only);
 *   the browser drops the lock when the page is hidden, so it is asked again on return.
 * - Moves focus after a swap that a person asked for: to the first field marked
 *   aria-invalid="true", else to an element marked `data-focus` or `autofocus`. After any swap
 *   (polls too) that removed the focused element: to its namesake (same id) in the new content,
 *   else to the swapped content itself, so keyboard and screen-reader users keep their place.
 * - After an entry is stored ([data-saved] in the swapped content): the view starts at the
 *   swapped content's top (the banner: who deals, what comes next; the blank double_tap.js
 *   kept for a message gone is taken away first) and #said tells screen readers "Saved." A tap
 *   within a step (a bid, an undo: queue.js says so) leaves the view where it is: nothing moves
 *   under the finger.
 * - A refused entry: its first error and that error's field are brought on screen together,
 *   above a sticky Save or Reveal bar, and the field is focused (its aria-describedby reads the
 *   error). A full-page form that comes back refused ([data-error-summary]) also has a summary
 *   at its top, drawn by the server, linking to every error: it stays in view with the first
 *   error when both fit; a summary link does the same for its error.
 * - Exports for the other modules a write's fresh key (freshKey), the way to a refused page's
 *   first error (toFirstError), what follows an answered tap (afterAnswer: queue.js), and its
 *   notice, its words for screen readers and whether the focus was lost (showNotice, say,
 *   focusLost: forget.js).
 * - Registers the service worker (/sw.js) that lets the installed app start offline.
 */
import { isPoll } from "./live.js";

var csrf = document.querySelector('meta[name="csrf-token"]');

document.addEventListener("htmx:configRequest", function (event) {
  if (csrf) {
    event.detail.headers["X-CSRFToken"] = csrf.getAttribute("content");
  }
});

/* --- the notice when a request fails ------------------------------------------------ */

var notice = document.getElementById("notice");
var noticeTimer = null;

function hideNotice() {
  if (notice) {
    notice.hidden = true;
    notice.textContent = "";
  }
}

export function showNotice(kind) {
  if (!notice) {
    return;
  }
  var words = notice.getAttribute("data-" + kind) || notice.getAttribute("data-failed");
  notice.hidden = false;
  notice.textContent = "";
  // Written a frame after it is shown, so screen readers announce it.
  window.requestAnimationFrame(function () {
    notice.textContent = words;
  });
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(hideNotice, 8000);
}

// A poll of the live part that fails is not a person's request (isPoll): live.js says
// "Reconnecting…" quietly in the page instead.
document.addEventListener("htmx:responseError", function (event) {
  var xhr = event.detail && event.detail.xhr;
  if (!(isPoll(event) && xhr && xhr.status >= 500)) {
    showNotice("failed");
  }
});
document.addEventListener("htmx:sendError", function (event) {
  if (!isPoll(event)) {
    showNotice(navigator.onLine === false ? "offline" : "failed");
  }
});
document.addEventListener("htmx:timeout", function (event) {
  if (!isPoll(event)) {
    showNotice("failed");
  }
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (event.detail && event.detail.successful) {
    hideNotice();
  }
});
if (notice) {
  notice.addEventListener("click", hideNotice);
}

/* --- keep the screen awake during a game ------------------------------------------- */

var wakeLock = null;
var asking = false;

function keepAwake() {
  if (!("wakeLock" in navigator)) {
    return;
  }
  var wanted = document.visibilityState === "visible" &&
    document.querySelector("[data-keep-awake]") !== null;
  if (wanted && wakeLock === null && !asking) {
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      wakeLock = sentinel;
      sentinel.addEventListener("release", function () {
        if (wakeLock === sentinel) {
          wakeLock = null;
        }
      });
      keepAwake(); // the page may have changed while the browser answered
    }, function () {
      asking = false; // refused (battery saver, not allowed): the screen sleeps as usual
    });
  } else if (!wanted && wakeLock !== null) {
    var held = wakeLock;
    wakeLock = null;
    held.release().catch(function () {});
  }
}

document.addEventListener("visibilitychange", keepAwake);
window.addEventListener("pageshow", keepAwake);

/* --- focus after a swap ------------------------------------------------------------- */

var FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), " +
  "select:not([disabled]), textarea:not([disabled]), [tabindex]";

// A field or a group of buttons: its first focusable part. Swapped content: the content.
// ``placed``: the page was already scrolled to show it (and its error), so focus stays put.
function focusOn(element, inside, placed) {
  if (!element.matches(FOCUSABLE)) {
    var inner = inside ? element.querySelector(FOCUSABLE) : null;
    if (inner) {
      element = inner;
    } else {
      element.setAttribute("tabindex", "-1");
    }
  }
  element.focus({ preventScroll: Boolean(placed) || !inside });
}

// Where focus was when content was about to be swapped out (a poll may replace it too).
var focusWasInside = false;
var focusedId = "";

document.addEventListener("htmx:beforeSwap", function (event) {
  var target = event.detail && event.detail.target;
  var active = document.activeElement;
  focusWasInside = Boolean(target && active && active !== document.body && target.contains(active));
  focusedId = focusWasInside && active.id ? active.id : "";
});

export function focusLost() {
  var active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

// What follows a person's answered request: "Saved." said, a refusal's first error brought on
// screen with its field, else the next step. queue.js asks it too, for the taps it sends;
// ``stay`` for a tap within a step (a bid, an undo), where nothing may move under the finger.
export function afterAnswer(settled, stay) {
  settle(settled, true, Boolean(stay));
}

document.addEventListener("htmx:afterSettle", function (event) {
  var config = event.detail && event.detail.requestConfig;
  var trigger = config && config.triggeringEvent;
  // A tap or a key press asked for this; a poll did not, and must never move focus.
  settle(event.target, Boolean(trigger && trigger.isTrusted));
});

function settle(settled, byPerson, stay) {
  if (settled instanceof Element && settled.isConnected) {
    var invalid = settled.querySelector('[aria-invalid="true"]');
    var marked = settled.querySelector("[data-focus], [autofocus]");
    var same = focusedId ? document.getElementById(focusedId) : null;
    var saved = settled.querySelector("[data-saved]");
    if (byPerson && saved) {
      say(saved.getAttribute("data-saved"));
    }
    if (byPerson && invalid) {
      toError(settled.querySelector(".field-error"), invalid, null);
    } else if (byPerson && marked) {
      if (!stay) {
        // The next step, from its start: the blank that kept a gone message's place above
        // the form tapped (double_tap.js) has done its work.
        var kept = document.querySelector("main > .kept-space");
        if (kept) {
          kept.remove();
        }
        settled.scrollIntoView({ block: "start" });
      }
      focusOn(marked, false); // without scrolling
    } else if (focusWasInside && focusLost()) {
      if (same && settled.contains(same)) {
        same.focus({ preventScroll: true });
      } else {
        focusOn(settled, false);
      }
    }
  }
  keepAwake();
}

var said = document.getElementById("said");

export function say(words) {
  if (!said) {
    return;
  }
  said.textContent = "";
  window.requestAnimationFrame(function () { said.textContent = words.trim(); });
}

/* --- a refused entry: its error, and the field, in view ------------------------------ */

var FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), " +
  "textarea:not([disabled]), button:not([disabled])";

// The control an error belongs to: the one it describes in its own field (a card grid marked
// by another player's error describes that message too), else the first it describes; a
// group described as a whole (a fieldset): its first control; else the error itself.
function fieldOf(error) {
  var described = '[aria-describedby~="' + error.id + '"]:not([disabled])';
  var box = error.parentElement ? error.parentElement.closest(".field") : null;
  var field = (box && box.querySelector(described)) || document.querySelector(described);
  if (field && !field.matches(FIELD)) {
    field = field.querySelector(FIELD) || field;
  }
  if (field && field.type === "radio" && field.form) {
    // A group of radios: the one picked (what the error is about), where there is one.
    var picked = field.form.querySelector('input[type=radio][name="' + field.name + '"]:checked');
    field = picked && picked.matches(described) ? picked : field;
  }
  return field || error;
}

// How much of the screen's bottom a sticky bar covers (Save, Reveal: they follow the thumb).
function coveredBelow(form) {
  var covered = 0;
  if (form) {
    Array.prototype.forEach.call(form.children, function (child) {
      var style = window.getComputedStyle(child);
      if (style.position === "sticky" || style.position === "fixed") {
        var bottom = parseFloat(style.bottom) || 0;
        covered = Math.max(covered, child.getBoundingClientRect().height + bottom);
      }
    });
  }
  return covered;
}

// Scroll so that every one of ``parts`` is on screen, above the sticky bar, centred in what is
// left; parts taller than that start at the top (the first part is the one that matters).
function reveal(parts, form) {
  var top = Infinity;
  var bottom = -Infinity;
  parts.forEach(function (part) {
    var box = part.getBoundingClientRect();
    top = Math.min(top, box.top);
    bottom = Math.max(bottom, box.bottom);
  });
  var margin = 8;
  var roomTop = margin;
  var roomBottom = window.innerHeight - coveredBelow(form) - margin;
  var delta = bottom - top <= roomBottom - roomTop ?
    (top + bottom) / 2 - (roomTop + roomBottom) / 2 : top - roomTop;
  window.scrollBy({ top: delta, left: 0, behavior: "instant" });
}

// A refused entry: its first error and its field in view together (with the summary above
// them when it fits too), focus on the field, whose aria-describedby reads the error out.
function toError(error, fallback, summary) {
  var field = error ? fieldOf(error) : fallback;
  if (!field) {
    return;
  }
  var form = field.closest ? field.closest("form") : null;
  var parts = error && error !== field ? [field, error] : [field];
  var pick = field.closest ? field.closest(".pick") : null;
  if (pick) {
    parts.push(pick); // a radio drawn as a button: the button is what shows
  }
  if (summary) {
    var withSummary = parts.concat([summary]);
    var top = Infinity;
    var bottom = -Infinity;
    withSummary.forEach(function (part) {
      var box = part.getBoundingClientRect();
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    });
    if (bottom - top <= window.innerHeight - coveredBelow(form) - 16) {
      parts = [summary].concat(parts);
    }
  }
  reveal(parts, form);
  focusOn(field, true, true);
}

// The server drew the summary at the form's top (it is there without JavaScript too).
export function toFirstError() {
  var summary = document.querySelector("main form[data-error-summary] .error-summary");
  var link = summary ? summary.querySelector("a") : null;
  var error = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
  if (error) {
    toError(error, null, summary);
  }
}

document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest(".error-summary a") : null;
  var error = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
  if (error) {
    event.preventDefault();
    toError(error, null, null);
  }
});

document.addEventListener("DOMContentLoaded", toFirstError);

/* --- a write's key ------------------------------------------------------------------ */

// 128 random bits, in the characters an Idempotency-Key may hold (docs/api.md); plain HTTP
// has crypto.getRandomValues too. For the tap queue and the forms that wait.
export function freshKey() {
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode.apply(null, bytes))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/* --- the service worker ------------------------------------------------------------- */

if ("serviceWorker" in navigator) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  });
}

keepAwake();
