/*
 * One player at a time: a round's form of one pick a player taller than the screen. Loaded on
 * the scorekeeper's pages only (after round_forms.js, which it imports: its listeners run first).
 *
 * Oh-Seven's cards (32 a player) or the tricks of a big hand, for everyone, run over several
 * screens: a quick scorekeeper scrolls for each player and again after a refusal. A round's form
 * ([data-step-tiles]) taller than the screen, from the banner to its last button, shows one
 * player's picks at a time instead, under tiles saying what each player has so far: a tap on a
 * pick moves on by itself to the next player still without one (as the bid pad does), then to
 * the form's button; a tap on a tile shows that player's. The next player's picks take the place
 * of the last one's, under the finger: a double tap there is one tap (double_tap.js). A form that
 * fits, or a page without this file: every player's picks at once, as the server draws them.
 * A refused form shows the first player it was refused for, its tile marked.
 */
import "./round_forms.js";

var STEP = "[data-card-seat], [data-tricks-seat]";

function steps(form) {
  return Array.prototype.slice.call(form.querySelectorAll(STEP));
}

function seatOf(step) {
  return step.getAttribute("data-card-seat") || step.getAttribute("data-tricks-seat");
}

function tooTall(form) {
  var banner = document.querySelector(".game-banner");
  var top = (banner || form).getBoundingClientRect().top;
  return form.getBoundingClientRect().bottom - top > window.innerHeight;
}

function oneAtATime(form) {
  var tiles = form.querySelector("[data-step-tiles]");
  if (!tiles || (!form.classList.contains("one-at-a-time") && !tooTall(form))) {
    return;
  }
  form.classList.add("one-at-a-time");
  tiles.hidden = false;
  var all = steps(form);
  function first(selector) {
    return all.filter(function (step) { return step.querySelector(selector); })[0];
  }
  // Refused: the player whose message it is (two on one card: the message is at one of
  // them, the others marked), with focus on their pick if the page's went to a hidden one.
  var refused = first(".field-error") || first('[aria-invalid="true"]');
  var shown = refused || all.filter(function (step) { return !step.querySelector("input:checked"); })[0] ||
    all[all.length - 1];
  show(form, shown);
  var active = document.activeElement;
  var lost = !active || active === document.body || (form.contains(active) && !shown.contains(active));
  var invalid = refused ? refused.querySelector('input[aria-invalid="true"]') : null;
  if (invalid && lost) {
    invalid.focus({ preventScroll: true });
  }
}

function show(form, shown) {
  steps(form).forEach(function (step) {
    step.classList.toggle("is-shown", step === shown);
  });
  sayPicks(form);
}

// Each tile says its player's pick (the card or count as its button shows it, in its suit's
// colour) and whose picks are shown; a refused pick is marked.
function sayPicks(form) {
  steps(form).forEach(function (step) {
    var tile = form.querySelector('[data-step-to="' + seatOf(step) + '"]');
    if (!tile) {
      return;
    }
    var checked = step.querySelector("input:checked");
    var face = checked ? checked.parentElement.querySelector(".btn") : null;
    var what = tile.querySelector("[data-step-what]");
    what.textContent = face ? face.textContent.trim() : "–";
    what.className = "step-what" + (face ? " " + Array.prototype.filter.call(face.classList,
      function (name) { return name.indexOf("suit-") === 0; }).join(" ") : "");
    tile.classList.toggle("is-invalid", Boolean(step.querySelector('[aria-invalid="true"]')));
    if (step.classList.contains("is-shown")) {
      tile.setAttribute("aria-current", "step");
    } else {
      tile.removeAttribute("aria-current");
    }
  });
}

// On to the next player still without a pick (after this one, then from the top), else to
// the form's button; focus follows, the page does not move.
function nextStep(step) {
  var form = step.closest("form");
  var all = steps(form);
  var here = all.indexOf(step);
  var next = all.slice(here + 1).concat(all.slice(0, here)).filter(function (s) {
    return !s.querySelector("input:checked");
  })[0];
  var focus = next ? next.querySelector("input:not(:disabled)")
    : form.querySelector('button[type="submit"]:not([tabindex])');
  if (next) {
    show(form, next);
  }
  if (focus) {
    focus.focus({ preventScroll: true });
  }
}

// Only a pick tapped with a finger moves on: arrow keys walk a player's picks and stay
// there, and picks put back by game.js (a reload, a swap) are not taps (their events are
// the page's own, not trusted).
var byFinger = false;
document.addEventListener("pointerdown", function () { byFinger = true; }, true);
document.addEventListener("keydown", function () { byFinger = false; }, true);

document.addEventListener("change", function (event) {
  var input = event.target;
  var step = input instanceof HTMLInputElement && input.type === "radio" ? input.closest(STEP) : null;
  var form = step ? step.closest(".one-at-a-time") : null;
  if (!form) {
    return;
  }
  if (event.isTrusted && byFinger) {
    nextStep(step);
  }
  sayPicks(form);
});

document.addEventListener("click", function (event) {
  var tile = event.target instanceof Element ? event.target.closest("[data-step-to]") : null;
  var form = tile ? tile.closest("form") : null;
  var seat = tile ? tile.getAttribute("data-step-to") : null;
  var step = form ? form.querySelector('[data-card-seat="' + seat + '"], [data-tricks-seat="' + seat + '"]') : null;
  if (step) {
    show(form, step);
  }
});

function prepare(root) {
  if (root instanceof Element || root === document) {
    root.querySelectorAll("form[data-keep-picks]").forEach(oneAtATime);
    if (root instanceof HTMLFormElement) {
      oneAtATime(root);
    }
  }
}

// A form swapped in shows one player at a time from its first frame; settled (its picks put
// back by game.js), and shown by pad.js while offline, it is set up again.
document.addEventListener("DOMContentLoaded", function () { prepare(document); });
document.addEventListener("htmx:afterSwap", function () {
  var live = document.getElementById("game-live");
  if (live) {
    prepare(live);
  }
});
document.addEventListener("htmx:afterSettle", function (event) { prepare(event.target); });
document.addEventListener("companion:shown", function (event) { prepare(event.target); });
