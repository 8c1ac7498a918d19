/*
 * A round's entry forms on the scorekeeper's pages (the game's live part, a round's correction).
 * Every form works without this module; it only saves taps. Listeners are on the document, so
 * a form swapped in by htmx or drawn by the tap queue is covered too.
 *
 * - Tricks: once every player but one is tapped, the last one's count is filled in, looked up
 *   in the engine's table the server renders (data-last-tricks: the count for each total of the
 *   others'); once the counts tapped make the hand, every player left shows 0 (data-rest-tricks).
 *   Filled-in counts are marked (data-auto); the server completes a form sent so the same way.
 * - Oh-Seven: a card tapped with a finger moves on to the next player's cards (then to
 *   "Reveal"); the server already disabled the cards the engine does not offer. (A form
 *   shown one player at a time moves on by steps.js.)
 * - Unsaved picks survive a reload: what was tapped in a round's form ([data-keep-picks]) is kept
 *   in localStorage under the form, round and game version, put back on load, and dropped once
 *   the round is saved (the version moves on). Without storage or JS nothing changes.
 */
/* --- tricks: the counts the others' decide ------------------------------------------- */

// Checks ``count`` in ``group``, marked as filled in (data-auto); with no count to fill in,
// a count filled in before is taken back. A count tapped by hand is never in an open group.
function fillIn(group, count) {
  var choice = count === null || count === undefined ? null : group.querySelector('input[value="' + count + '"]');
  var current = group.querySelector("input:checked");
  if (choice) {
    choice.checked = true;
    group.setAttribute("data-auto", "");
  } else if (current && group.hasAttribute("data-auto")) {
    current.checked = false;
    group.removeAttribute("data-auto");
  }
}

function fillLastTricks(form) {
  // The engine's tables, by the total of the counts tapped: the last player's count
  // (data-last-tricks), and every player's left when two or more are (data-rest-tricks: 0
  // once the hand is taken); null where the total decides nothing.
  var last = JSON.parse(form.getAttribute("data-last-tricks") || "[]");
  var rest = JSON.parse(form.getAttribute("data-rest-tricks") || "[]");
  var groups = Array.prototype.slice.call(form.querySelectorAll("[data-tricks-seat]"));
  var open = [];
  var taken = 0;
  groups.forEach(function (group) {
    var checked = group.querySelector("input:checked");
    if (!checked || group.hasAttribute("data-auto")) {
      open.push(group);
    } else {
      taken += parseInt(checked.value, 10);
    }
  });
  var count = open.length === 1 ? last[taken] : rest[taken];
  open.forEach(function (group) {
    fillIn(group, count);
  });
}

document.addEventListener("change", function (event) {
  var input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "radio") {
    return;
  }
  var group = input.closest("[data-tricks-seat]");
  var form = input.closest(".tricks-form");
  if (group && form) {
    group.removeAttribute("data-auto"); // tapped by hand: never overwritten
    fillLastTricks(form);
  }
  var card = input.closest("[data-card-seat]");
  if (card && tappedByFinger && !card.closest(".one-at-a-time")) { // steps.js moves on there
    nextCard(card);
  }
  keepPicks(input.form);
});

document.addEventListener("input", function (event) {
  if (event.target instanceof HTMLInputElement && event.target.type === "number") {
    keepPicks(event.target.form);
  }
});

/* --- Oh-Seven: on to the next player's card ----------------------------------------- */

// Only a tap or a click moves on: arrow keys walk the grid and must stay in it.
var tappedByFinger = false;
document.addEventListener("pointerdown", function () { tappedByFinger = true; }, true);
document.addEventListener("keydown", function () { tappedByFinger = false; }, true);

function nextCard(card) {
  var form = card.closest("form");
  var cards = Array.prototype.slice.call(form.querySelectorAll("[data-card-seat]"));
  // The next player still without a card (after this one, then from the top), else Reveal.
  var here = cards.indexOf(card);
  var next = cards.slice(here + 1).concat(cards.slice(0, here)).filter(function (c) {
    return !c.querySelector("input:checked");
  })[0];
  var target = next || form.querySelector('button[type="submit"]:not([tabindex])');
  if (!target) {
    return;
  }
  target.scrollIntoView({ block: next ? "start" : "center", behavior: "smooth" });
  var focus = next ? next.querySelector("input:not(:disabled)") : target;
  if (focus) {
    focus.focus({ preventScroll: true });
  }
}

/* --- unsaved picks survive a reload ------------------------------------------------- */

var STORE = "companion-picks:";

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null; // storage refused (private mode, settings): picks live only on the page
  }
}

function picksKey(form) {
  var round = form.querySelector('input[name="round"]');
  var version = form.querySelector('input[name="version"]');
  return STORE + form.getAttribute("action") + "|" + (round ? round.value : "") + "|" +
    (version ? version.value : "");
}

function keepPicks(form) {
  var store = storage();
  if (!store || !form || !form.hasAttribute("data-keep-picks")) {
    return;
  }
  var picks = {};
  form.querySelectorAll("input[type=radio]:checked, input[type=number]").forEach(function (input) {
    if (!input.closest("[data-auto]")) { // a count filled in for the last player is not a pick
      picks[input.name] = input.value;
    }
  });
  try {
    store.setItem(picksKey(form), JSON.stringify(picks));
  } catch (error) { /* full: nothing kept */ }
}

function restorePicks(form) {
  var store = storage();
  if (!store) {
    return;
  }
  var key = picksKey(form);
  var prefix = STORE + form.getAttribute("action") + "|";
  // Another round or version of this form was saved since: its picks are done with.
  for (var i = store.length - 1; i >= 0; i--) {
    var other = store.key(i);
    if (other && other.indexOf(prefix) === 0 && other !== key) {
      store.removeItem(other);
    }
  }
  var picks;
  tappedByFinger = false; // putting picks back moves nobody on
  try {
    picks = JSON.parse(store.getItem(key) || "{}");
  } catch (error) {
    return;
  }
  Object.keys(picks).forEach(function (name) {
    var fields = form.querySelectorAll('input[name="' + CSS.escape(name) + '"]');
    var radios = Array.prototype.filter.call(fields, function (f) { return f.type === "radio"; });
    if (radios.length) {
      // What the page shows (a refused form keeps what was sent) wins over the kept picks.
      if (radios.some(function (r) { return r.checked; })) {
        return;
      }
      radios.forEach(function (r) {
        if (r.value === picks[name] && !r.disabled) {
          r.checked = true;
          r.dispatchEvent(new Event("change", { bubbles: true }));
        }
      });
    } else if (fields.length === 1 && fields[0].type === "number") {
      fields[0].value = picks[name];
      fields[0].dispatchEvent(new Event("input", { bubbles: true }));
    }
  });
}

function prepare(root) {
  var forms = root.matches && root.matches("form[data-keep-picks]") ? [root] : [];
  forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-keep-picks]")))
    .forEach(function (form) {
      restorePicks(form);
      // Picks put back (the server's fragment swapped in over taps already made): the last
      // player's count follows them again, as it did when they were tapped.
      if (form.classList.contains("tricks-form")) {
        fillLastTricks(form);
      }
    });
}

document.addEventListener("DOMContentLoaded", function () { prepare(document); });
document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target instanceof Element) {
    prepare(event.target);
  }
});
// A form pad.js shows while the network is out (the round's tricks, every bid in).
document.addEventListener("companion:shown", function (event) {
  if (event.target instanceof Element) {
    prepare(event.target);
  }
});
