/*
 * Companion's behaviour on every page. Loaded with `defer` after htmx; no inline script anywhere
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
 *   swapped content's top (the banner: who deals, what comes next) and #said tells screen
 *   readers "Saved.".
 * - A full-page form that comes back refused ([data-error-summary]): the server put a summary at
 *   its top that links to every error; the first error's field is focused and in view, and a
 *   summary link focuses its field (not only the error's words).
 * - Registers the service worker (/sw.js) that lets the installed app start offline.
 */
(function () {
  "use strict";

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

  function showNotice(kind) {
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

  // A poll of the live part that fails is not a person's request: offline.js says
  // "Reconnecting…" quietly in the page instead.
  function isPoll(event) {
    var elt = event.detail && event.detail.elt;
    return elt instanceof Element && elt.hasAttribute("data-live");
  }

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
  function focusOn(element, inside) {
    if (!element.matches(FOCUSABLE)) {
      var inner = inside ? element.querySelector(FOCUSABLE) : null;
      if (inner) {
        element = inner;
      } else {
        element.setAttribute("tabindex", "-1");
      }
    }
    element.focus({ preventScroll: !inside });
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

  function focusLost() {
    var active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var settled = event.target;
    var config = event.detail && event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    // A tap or a key press asked for this; a poll did not, and must never move focus.
    var byPerson = Boolean(trigger && trigger.isTrusted);
    if (settled instanceof Element && settled.isConnected) {
      var invalid = settled.querySelector('[aria-invalid="true"]');
      var marked = settled.querySelector("[data-focus], [autofocus]");
      var same = focusedId ? document.getElementById(focusedId) : null;
      var saved = settled.querySelector("[data-saved]");
      if (byPerson && saved) {
        say(saved.getAttribute("data-saved"));
      }
      if (byPerson && invalid) {
        focusOn(invalid, true);
      } else if (byPerson && marked) {
        settled.scrollIntoView({ block: "start" }); // the next step, from its start
        focusOn(marked, false);
      } else if (focusWasInside && focusLost()) {
        if (same && settled.contains(same)) {
          same.focus({ preventScroll: true });
        } else {
          focusOn(settled, false);
        }
      }
    }
    keepAwake();
  });

  /* --- back to a game page ----------------------------------------------------------- */

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

  var said = document.getElementById("said");

  function say(words) {
    if (!said) {
      return;
    }
    said.textContent = "";
    window.requestAnimationFrame(function () { said.textContent = words.trim(); });
  }

  /* --- a refused full-page form: the summary, and the first error ------------------- */

  // The field an error belongs to: the input it describes, else the error itself.
  function fieldOf(error) {
    var field = document.querySelector('[aria-describedby~="' + error.id + '"]:not([disabled])');
    return field || error;
  }

  // The server drew the summary at the form's top (it is there without JavaScript too):
  // bring the first error's field into view and focus it.
  function toFirstError() {
    var link = document.querySelector("main form[data-error-summary] .error-summary a");
    var error = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
    if (error) {
      var first = fieldOf(error);
      first.scrollIntoView({ block: "center" });
      focusOn(first, true); // a group of radios: its first one
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest(".error-summary a") : null;
    var error = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
    if (error) {
      event.preventDefault();
      var field = fieldOf(error);
      field.scrollIntoView({ block: "center" });
      focusOn(field, true);
    }
  });

  document.addEventListener("DOMContentLoaded", toFirstError);

  /* --- the service worker ------------------------------------------------------------- */

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  keepAwake();
})();
