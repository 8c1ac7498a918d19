/*
 * The score pad's round (any other game): every player's or side's points typed on the phone's
 * numeric keypad, one Save. Every form works without this file; it only saves taps.
 * Listeners are on the document, so a round swapped in by htmx or drawn by the tap queue is
 * covered too. Nothing here decides a rule: the engine judges the round when it is saved.
 *
 * - A sign that needs no minus key: a phone's numeric keypad often has none, so each row has a
 *   ± button that turns the number negative or back (an empty field starts with "−"), and keeps
 *   the keypad on the field.
 * - Enter (the keypad's "next") moves to the next row still empty or only filled in; on the
 *   last row it saves.
 * - Beside each row, its total after this round, as typed (data-total: the total before it).
 * - A zero-sum game (data-zero-sum): once every row but one is typed, that one is filled in
 *   with the others' opposite and marked (data-auto): a suggestion. Typing in it makes it the
 *   person's own; emptied by hand (data-cleared) it stays empty until another row changes.
 *   The line under the rows says what the typed points add up to.
 * - Points that are not a whole number stop the Save (the form is novalidate: no browser
 *   bubble in the browser's language) and are said at their row, in the page's words
 *   (data-not-whole); a row's error from the last Save leaves once the row holds a number.
 */
var MINUS = "-";
var WHOLE = /^[+-]?\d+$/;

function form(element) {
  // The entry form, or the rows of a round's correction inside its own form.
  return element instanceof Element ? element.closest("[data-points]") : null;
}

function fields(pad) {
  return Array.prototype.slice.call(pad.querySelectorAll("input[data-points-field]"));
}

function number(field) {
  var text = field.value.replace(/\s/g, "").replace("\u2212", MINUS);
  return WHOLE.test(text) ? parseInt(text, 10) : null;
}

// The typed number with a typographic minus, as the rest of the page shows numbers.
function shown(value) {
  return value < 0 ? "\u2212" + String(-value) : String(value);
}

function own(field) {
  return field.value.trim() !== "" && !field.hasAttribute("data-auto");
}

/* --- the round's totals, and a zero-sum game's last row ------------------------------- */

function follow(pad) {
  var rows = fields(pad);
  if (pad.hasAttribute("data-zero-sum")) {
    var open = rows.filter(function (field) { return !own(field); });
    var typed = rows.filter(own).map(number);
    var whole = typed.every(function (value) { return value !== null; });
    rows.forEach(function (field) {
      if (field.hasAttribute("data-auto") && (open.length !== 1 || open[0] !== field || !whole)) {
        field.value = "";
        field.removeAttribute("data-auto");
      }
    });
    // A row the person emptied is theirs to type: not filled again under their fingers.
    if (open.length === 1 && whole && typed.length && !open[0].hasAttribute("data-cleared")) {
      var rest = -typed.reduce(function (sum, value) { return sum + value; }, 0);
      open[0].value = String(rest === 0 ? 0 : rest);
      open[0].setAttribute("data-auto", "");
    }
  }
  var sum = 0;
  var counted = 0;
  rows.forEach(function (field) {
    var value = number(field);
    var row = field.closest("[data-points-row]");
    var after = row ? row.querySelector("[data-after]") : null;
    var sign = row ? row.querySelector("[data-sign]") : null;
    if (after) {
      var total = parseInt(after.getAttribute("data-total"), 10) || 0;
      after.textContent = value === null ? "" : after.getAttribute("data-words")
        .split("{total}").join(shown(total + value));
    }
    if (sign) {
      sign.setAttribute("aria-pressed", field.value.trim().charAt(0) === MINUS ? "true" : "false");
    }
    if (value !== null) {
      sum += value;
      counted += 1;
    }
  });
  var said = pad.querySelector("[data-points-sum]");
  if (said) {
    said.textContent = counted ? said.getAttribute("data-words").split("{sum}").join(shown(sum)) : "";
  }
}

document.addEventListener("input", function (event) {
  var field = event.target;
  var pad = form(field);
  if (!pad || !(field instanceof HTMLInputElement) || !field.hasAttribute("data-points-field")) {
    return;
  }
  field.removeAttribute("data-auto"); // typed by hand: never overwritten
  fields(pad).forEach(function (row) {
    row.toggleAttribute("data-cleared", row === field && field.value.trim() === "");
  });
  follow(pad);
  // A row now filled (typed, or filled in) no longer holds the last Save's error about it.
  fields(pad).forEach(function (row) {
    if ((row === field || row.hasAttribute("data-auto")) && number(row) !== null) {
      clearError(row);
    }
  });
});

/* --- a row's own error ------------------------------------------------------------------ */

// As the server draws it (game/_pad_macros.html): under the row, named by the field's
// aria-describedby; a round's error (#points-error) stays: it is about every row.
function errorsOf(field) {
  var row = field.closest("[data-points-row]");
  return row ? Array.prototype.slice.call(row.querySelectorAll(".field-error")) : [];
}

function describedBy(field, drop, add) {
  var ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) {
    return id && drop.indexOf(id) < 0;
  });
  if (add) {
    ids.unshift(add);
  }
  if (ids.length) {
    field.setAttribute("aria-describedby", ids.join(" "));
  } else {
    field.removeAttribute("aria-describedby");
  }
  return ids;
}

function clearError(field) {
  var said = errorsOf(field);
  if (!said.length) {
    return;
  }
  var ids = describedBy(field, said.map(function (p) { return p.id; }), null);
  said.forEach(function (p) { p.remove(); });
  if (ids.indexOf("points-error") < 0 || !document.getElementById("points-error")) {
    field.removeAttribute("aria-invalid");
  }
}

function showError(field, message) {
  var said = errorsOf(field);
  describedBy(field, said.map(function (p) { return p.id; }), field.id + "-error");
  said.forEach(function (p) { p.remove(); });
  var error = document.createElement("p");
  error.className = "field-error";
  error.id = field.id + "-error";
  error.textContent = message;
  field.closest("[data-points-row]").appendChild(error);
  field.setAttribute("aria-invalid", "true");
}

// Before anything sends the form (the tap queue, a waiting form: both on the document),
// points that are not a whole number are said at their rows and nothing is sent.
window.addEventListener("submit", function (event) {
  var sent = event.target;
  var pad = sent instanceof HTMLFormElement ? sent.querySelector("[data-points]") || form(sent) : null;
  if (!pad || (event.submitter && event.submitter.hasAttribute("formaction"))) {
    return;
  }
  var wrong = fields(pad).filter(function (field) {
    return field.value.trim() !== "" && number(field) === null && field.hasAttribute("data-not-whole");
  });
  if (!wrong.length) {
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  wrong.forEach(function (field) { showError(field, field.getAttribute("data-not-whole")); });
  wrong[0].focus();
}, true);

/* --- ±: a sign without a minus key ------------------------------------------------------ */

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("button[data-sign]") : null;
  var pad = form(button);
  var field = button && document.getElementById(button.getAttribute("data-sign"));
  if (!pad || !field) {
    return;
  }
  event.preventDefault();
  var text = field.value.trim();
  field.value = text.charAt(0) === MINUS ? text.slice(1) : MINUS + text.replace(/^\+/, "");
  // As typed: the row is the person's own, the totals follow, and polls hold (live.js).
  field.dispatchEvent(new Event("input", { bubbles: true }));
  // Back on the field, the keypad up again, the caret after the number.
  field.focus({ preventScroll: true });
  try {
    field.setSelectionRange(field.value.length, field.value.length);
  } catch (error) { /* a field type without a caret */ }
});

/* --- Enter moves on, the last row saves ------------------------------------------------- */

document.addEventListener("keydown", function (event) {
  var field = event.target;
  var pad = form(field);
  if (event.key !== "Enter" || !pad || !(field instanceof HTMLInputElement) || event.isComposing) {
    return;
  }
  event.preventDefault();
  var rows = fields(pad);
  var after = rows.slice(rows.indexOf(field) + 1);
  // A filled-in row is a suggestion: "next" stops on it, to read it or type over it.
  var next = after.filter(function (row) {
    return row.value.trim() === "" || row.hasAttribute("data-auto");
  })[0];
  if (next) {
    next.focus();
    if (next.hasAttribute("data-auto")) {
      next.select(); // a key typed replaces the suggestion
    }
  } else if (field.form && typeof field.form.requestSubmit === "function") {
    field.form.requestSubmit(); // the tap queue sends it, as a tap on Save
  } else if (field.form) {
    field.form.submit();
  }
});

function prepare(root) {
  if (!(root instanceof Element) && root !== document) {
    return;
  }
  var pads = root instanceof Element && root.matches("[data-points]") ? [root] : [];
  pads.concat(Array.prototype.slice.call(root.querySelectorAll("[data-points]")))
    .forEach(follow);
}

document.addEventListener("DOMContentLoaded", function () { prepare(document); });
document.addEventListener("htmx:afterSettle", function (event) { prepare(event.target); });
document.addEventListener("companion:shown", function (event) { prepare(event.target); });
