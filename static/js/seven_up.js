/*
 * Seven-Up's hand form, a little quicker. The form works without this file (the stepper's
 * buttons then post and come back with the count changed; the server finds turned jacks that
 * end the game on its own).
 *
 * - The jacks stepper counts on the phone: -1 / +1 change the number at once, never below 0,
 *   and a screen reader hears the new count.
 * - Jacks turned while running that win the game end the hand there: the form says so, offers
 *   to save at once, and hides the rest of the hand. Whether a count wins is looked up in the
 *   engine's table (data-jacks-win-table: for 0 to 4 jacks turned, the turn-up's included).
 */
function count(input) {
  var value = parseInt(input.value, 10);
  return isNaN(value) || value < 0 ? 0 : value;
}

function update(form) {
  var input = form.querySelector('input[name="jacks_run"]');
  if (!input) {
    return;
  }
  var run = form.querySelector('input[name="beg"][value="run"]');
  var turned = form.querySelector('input[name="turn_up"][value="jack"]');
  var table = JSON.parse(form.getAttribute("data-jacks-win-table") || "[]");
  var total = (turned && turned.checked ? 1 : 0) + count(input);
  var wins = !!run && run.checked && count(input) > 0 && table[total] === true;
  form.toggleAttribute("data-jacks-win", wins);
  var box = form.querySelector(".run-wins");
  if (box) {
    box.hidden = !wins;
  }
  var fewer = form.querySelector('[data-jacks-step="-1"]');
  if (fewer) {
    fewer.disabled = count(input) === 0;
  }
}

function say(form, value) {
  var live = form.querySelector("[data-jacks-said]");
  if (live) {
    live.textContent = live.getAttribute("data-jacks-said").replace("{count}", String(value));
  }
}

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-jacks-step]") : null;
  var form = button ? button.closest(".hand-form") : null;
  if (!form) {
    return;
  }
  event.preventDefault(); // counted here: no request
  var input = form.querySelector('input[name="jacks_run"]');
  var value = Math.max(count(input) + parseInt(button.getAttribute("data-jacks-step"), 10), 0);
  input.value = String(value);
  input.removeAttribute("aria-invalid");
  say(form, value);
  update(form);
  input.dispatchEvent(new Event("input", { bubbles: true })); // game.js keeps the count
});

function changed(event) {
  var form = event.target instanceof Element ? event.target.closest(".hand-form") : null;
  if (form) {
    update(form);
  }
}

document.addEventListener("change", changed);
document.addEventListener("input", changed);

function prepare(root) {
  root.querySelectorAll(".hand-form").forEach(update);
}

document.addEventListener("DOMContentLoaded", function () { prepare(document); });
document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target instanceof Element) {
    prepare(event.target);
  }
});
