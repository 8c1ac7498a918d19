/*
 * Scopa's hand form, a little quicker. The form works without this file (a stepper's buttons
 * then post and come back with the count changed).
 *
 * - The scope (and napola) steppers count on the phone: − / + change the number at once,
 *   never below 0 (the field itself says its new value).
 */
function count(input) {
  var value = parseInt(input.value, 10);
  return isNaN(value) || value < 0 ? 0 : value;
}

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-count-step]") : null;
  var input = button ? document.getElementById(button.getAttribute("aria-controls")) : null;
  if (!input) {
    return;
  }
  event.preventDefault(); // counted here: no request
  var value = Math.max(count(input) + parseInt(button.getAttribute("data-count-step"), 10), 0);
  input.value = String(value);
  input.removeAttribute("aria-invalid");
  input.dispatchEvent(new Event("input", { bubbles: true })); // the page keeps the count
});
