/*
 * Full-page forms that wait for the connection: a form that says so (form[data-sent-by="waiting"]:
 * a round's correction, a rematch, a table kept or joined, a new table, a new game) is sent by
 * this file, once, under its idempotency_key. Loaded on every page but a watcher's game page.
 * Without JavaScript the same form posts itself (POST, then 303).
 *
 * - No answer (offline, 8 s, 500/502/503/504): the form stays on the page as it was typed, held,
 *   and in localStorage ("companion-form:<action>"), says it waits (with the choice to drop
 *   it), survives a reload, and is sent again under the same key on the browser's "online",
 *   when the page is shown again, and on a backoff (1 s, 2 s, 4 s … 30 s).
 * - Answered, the page follows the answer, as the browser would have: a redirect (303) is
 *   followed to where it leads; any other answer (a refusal, 422, with the errors at their
 *   fields) is the page drawn in place of this one's main part. The form is never posted twice.
 *   The redirect's page must keep its one-time message (a flash, shown by the page it is drawn
 *   for): ``fetch`` follows the redirect by itself, so its GET says ``Companion-Follow`` and the
 *   server answers it with no page (companion/web/shared/following.py); then the browser goes
 *   there.
 * - A second tap while it is on its way or waits is the same write, not a second one; so is one
 *   after the answer came (the key is the one the page drew the form with, so the server
 *   answers it as the first).
 */
import { freshKey, toFirstError } from "./app.js";

var FORM = "companion-form:";
var TIMEOUT = 8000;
// A 500 or a 503 may come after the write was made (a commit whose answer failed, the
// database gone meanwhile): sent again under the same key, it is made once (as the queue).
var NETWORK = [500, 502, 503, 504];
var csrf = document.querySelector('meta[name="csrf-token"]');
var posting = {}; // by action: a send under way
var unstored = {}; // by action: what storage refused (private mode), kept while the page is open
var retry = null;
var failures = 0;

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null;
  }
}

function waits(form) {
  return form instanceof HTMLFormElement && form.getAttribute("data-sent-by") === "waiting" &&
    form.querySelector('input[name="idempotency_key"]') !== null;
}

function waitingForms() {
  return Array.prototype.filter.call(document.forms, waits);
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

// Said above the form's button, with the choice to drop it (the form's own words, from the
// template beside its key); the form held as it was sent: nothing changes it while it waits
// (a field the server disabled stays so).
function showWaiting(form, waiting) {
  var template = form.querySelector("template[data-form-waiting]");
  var line = form.querySelector(".form-waiting");
  form.toggleAttribute("data-queued", waiting);
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

/* --- sent once, the answer followed ------------------------------------------------ */

// The answer: {network: true} (none), {to: url} (a redirect, followed by fetch to its
// address only), or {html} (a page: a refusal, an error).
function post(action, held) {
  var body = new URLSearchParams();
  held.fields.forEach(function (field) {
    body.append(field[0], field[0] === "csrf_token" && csrf ? csrf.getAttribute("content") : field[1]);
  });
  var controller = typeof AbortController === "function" ? new AbortController() : null;
  var timer = window.setTimeout(function () {
    if (controller) {
      controller.abort();
    }
  }, TIMEOUT);
  var headers = { "Companion-Follow": "address" };
  if (csrf) {
    headers["X-CSRFToken"] = csrf.getAttribute("content");
  }
  return fetch(action, {
    method: "POST", body: body, headers: headers, credentials: "same-origin", cache: "no-store",
    signal: controller ? controller.signal : undefined
  }).then(function (response) {
    if (NETWORK.indexOf(response.status) !== -1) {
      return { network: true };
    }
    if (response.redirected) {
      return { to: response.url };
    }
    return response.text().then(function (html) { return { html: html }; });
  }).catch(function () {
    return { network: true };
  }).then(function (answer) {
    window.clearTimeout(timer);
    return answer;
  });
}

// The answered page in place of this one's main part (its title too), as the browser would
// have shown it; false when it has none (then the browser posts it, under the same key).
function drawPage(html) {
  var page = new DOMParser().parseFromString(html, "text/html");
  var main = page.getElementById("main");
  var here = document.getElementById("main");
  if (!main || !here) {
    return false;
  }
  document.title = page.title;
  main = document.importNode(main, true);
  here.replaceWith(main);
  if (window.htmx) {
    window.htmx.process(main);
  }
  main.dispatchEvent(new CustomEvent("companion:shown", { bubbles: true })); // round_forms.js
  window.scrollTo(0, 0);
  showHeld();
  toFirstError();
  return true;
}

function sendForm(form) {
  var action = form.getAttribute("action");
  var held = heldForm(action);
  if (!held || posting[action]) {
    return;
  }
  posting[action] = true;
  window.clearTimeout(retry);
  post(action, held).then(function (answer) {
    posting[action] = false;
    if (answer.network) {
      // The form now on the page: a finished game's live part (its rematch, its table) may
      // have been drawn again meanwhile.
      form = waitingForms().filter(function (f) { return f.getAttribute("action") === action; })[0];
      if (!form || !heldForm(action)) {
        return; // dropped while it was on its way
      }
      showWaiting(form, true);
      retry = window.setTimeout(sendForms, Math.min(30, Math.pow(2, failures)) * 1000);
      failures += 1;
      return;
    }
    // Answered (even if dropped meanwhile: the server has it), the page follows the answer.
    failures = 0;
    holdForm(action, null);
    if (answer.to) {
      window.location.assign(answer.to);
    } else if (!drawPage(answer.html)) {
      resubmit(action, held);
    }
  });
}

// The browser posts it itself, under the same key (the server answers it as the first).
function resubmit(action, held) {
  var form = waitingForms().filter(function (f) { return f.getAttribute("action") === action; })[0];
  if (!form) {
    return;
  }
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
}

function sendForms() {
  waitingForms().forEach(sendForm);
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!waits(form) || (event.submitter && event.submitter.hasAttribute("formaction"))) {
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
  // The key the page drew the form with: a second tap after the answer came, before the
  // next page shows, is the same write (the server answers it as the first).
  key.value = key.value || freshKey();
  var fields = [];
  var submitter = event.submitter && event.submitter.name ? [event.submitter.name, event.submitter.value] : null;
  new FormData(form).forEach(function (value, name) {
    if (typeof value === "string") {
      fields.push([name, value]);
    }
  });
  holdForm(action, { key: key.value, fields: submitter ? fields.concat([submitter]) : fields, submitter: submitter });
  failures = 0;
  sendForm(form);
}, true);

document.addEventListener("click", function (event) {
  var drop = event.target instanceof Element ? event.target.closest("[data-form-drop]") : null;
  var form = drop ? drop.closest("form") : null;
  if (form) {
    holdForm(form.getAttribute("action"), null);
    // Dropped: a tap after this is a new write, whatever became of the dropped one.
    form.querySelector('input[name="idempotency_key"]').value = freshKey();
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
  waitingForms().forEach(function (form) {
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

function again() {
  failures = 0;
  sendForms();
}

window.addEventListener("online", again);
window.addEventListener("pageshow", again);
document.addEventListener("visibilitychange", function () {
  if (!document.hidden) {
    again();
  }
});
document.addEventListener("htmx:afterSwap", function (event) {
  if (event.target instanceof Element && event.target.id === "game-live") {
    showHeld();
  }
});
document.addEventListener("DOMContentLoaded", function () {
  showHeld();
  sendForms();
});

/* --- the home page's file form ------------------------------------------------------ */

// Posted by the browser (a file cannot wait in storage); after a lost answer, Back draws a new
// key. The key a file went with is kept in the tab, and the same file goes again under it: one
// table. An answer seen (a table page, a refusal) lets it go.
var FILE_KEY = "companion-file-key";

function tabStorage() {
  try {
    return window.sessionStorage;
  } catch (error) {
    return null;
  }
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  var input = form instanceof HTMLFormElement && form.classList.contains("import-table") ?
    form.querySelector('input[type="file"]') : null;
  var file = input && input.files ? input.files[0] : null;
  var store = tabStorage();
  if (!file || !store) {
    return;
  }
  var key = form.querySelector('input[name="idempotency_key"]');
  var named = [file.name, file.size, file.lastModified].join("/");
  try {
    var held = JSON.parse(store.getItem(FILE_KEY) || "null");
    if (held && held.file === named) {
      key.value = held.key; // sent from here before, its answer never seen
    } else {
      store.setItem(FILE_KEY, JSON.stringify({ file: named, key: key.value }));
    }
  } catch (error) {
    // storage refused (private mode): the page's own key
  }
}, true);

document.addEventListener("DOMContentLoaded", function () {
  var store = tabStorage();
  if (store && document.querySelector(".table-page, #import-file-error")) {
    try {
      store.removeItem(FILE_KEY);
    } catch (error) {
      // nothing was kept
    }
  }
});
