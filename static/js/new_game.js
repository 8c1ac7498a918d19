/*
 * The new-game page's small conveniences. The page works without this module; it only saves
 * taps. Listeners are on the document.
 *
 * - Enter in a name field moves to the next name (the last one: to "Start the game").
 * - A row's buttons are named for the name typed ("Remove Ana").
 * - The house rules' summary line says the rules changed from the usual ones.
 * - Typing the largest hand picks "this many cards"; picking another value clears the number.
 *   Its hint ("1 to 12 cards") follows the number of names typed, from ranges the server renders.
 */
/* --- new game: Enter moves to the next name ----------------------------------------- */

document.addEventListener("keydown", function (event) {
  var field = event.target;
  if (event.key !== "Enter" || !(field instanceof HTMLInputElement) ||
      !field.hasAttribute("data-name-row") || event.isComposing) {
    return;
  }
  event.preventDefault();
  var names = Array.prototype.slice.call(document.querySelectorAll("[data-name-row]"));
  var next = names[names.indexOf(field) + 1];
  if (!next && field.form) {
    next = field.form.querySelector(".start");
  }
  if (next) {
    next.focus();
  }
});

/* --- new game: a row's buttons say the name typed ---------------------------------- */

// The server's words with a {key} put in, taken as typed (no "$&" patterns of replace()).
function fill(words, key, value) {
  return words.split(key).join(value);
}

// "Ana deals first", "Remove Ana": the server's words, with {name} for the name
// (data-named) and the row's number while it has none (data-unnamed).
var MOVING = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/; // right-to-left letters
function nameRow(field) {
  var row = field instanceof HTMLInputElement && field.hasAttribute("data-name-row") &&
    field.closest(".player-row");
  if (!row) {
    return;
  }
  var name = field.value.trim();
  if (MOVING.test(name)) {
    name = "\u2068" + name + "\u2069"; // isolated, as the server does (names.isolate)
  }
  row.querySelectorAll("[data-named]").forEach(function (control) {
    control.setAttribute("aria-label", name ? fill(control.getAttribute("data-named"), "{name}", name)
      : control.getAttribute("data-unnamed"));
  });
}
document.addEventListener("input", function (event) { nameRow(event.target); });
// A name typed before this script ran (a slow phone, the page still loading) or put back by
// the browser (back, autofill) fired no input here: the rows are named from what they hold.
document.querySelectorAll("[data-name-row]").forEach(nameRow);

/* --- new game: the house rules' line says the ones changed ---------------------------- */

function sayHouseRules(event) {
  var rules = event.target instanceof Element && event.target.closest(".house-rules-of");
  var said = rules && rules.closest(".house-rules").querySelector(
    '.house-rules-said[data-game="' + rules.getAttribute("data-game") + '"]');
  if (!said) {
    return;
  }
  var changed = [];
  rules.querySelectorAll("fieldset[data-usual]").forEach(function (option) {
    var checked = option.querySelector("input[type=radio]:checked");
    if (!checked || checked.value === option.getAttribute("data-usual")) {
      return;
    }
    // A largest hand typed is said in cards, as the server says it ("5 cards").
    var number = checked.closest(".option-choice").querySelector("[data-picks]");
    var typed = number && /^\s*\d+\s*$/.test(number.value) ? parseInt(number.value, 10) : 0;
    var value = typed > 0 ? fill(number.getAttribute(typed === 1 ? "data-one" : "data-many"), "{num}", String(typed))
      : checked.closest("label").querySelector("strong").textContent.trim();
    changed.push(fill(fill(said.getAttribute("data-rule"), "{rule}", option.querySelector("legend").textContent.trim()),
      "{value}", value));
  });
  said.textContent = changed.length ? fill(said.getAttribute("data-changed"), "{changes}", changed.join("; "))
    : said.getAttribute("data-usual");
}
document.addEventListener("change", sayHouseRules);
document.addEventListener("input", sayHouseRules); // the largest hand, as it is typed

/* --- new game: a typed number picks its radio ------------------------------------- */

document.addEventListener("input", function (event) {
  var field = event.target;
  var pick = field instanceof HTMLInputElement && field.getAttribute("data-picks");
  var radio = pick && document.getElementById(pick);
  if (radio && field.value !== "" && !radio.checked) {
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true })); // the house rules' line follows
  }
});

document.addEventListener("change", function (event) {
  var radio = event.target;
  if (!(radio instanceof HTMLInputElement) || radio.type !== "radio" || !radio.form) {
    return;
  }
  radio.form.querySelectorAll("[data-picks]").forEach(function (number) {
    var own = document.getElementById(number.getAttribute("data-picks"));
    if (own && own.name === radio.name && own !== radio) {
      number.value = "";
    }
  });
});

/* --- new game: the largest hand's range follows the names typed -------------------- */

// The server renders every number of players' range (the engine's, with its words); this
// only counts the names typed, as the server does: the named rows, or every row while none is.
document.addEventListener("input", function (event) {
  var field = event.target;
  if (!(field instanceof HTMLInputElement) || !field.hasAttribute("data-name-row")) {
    return;
  }
  var rows = Array.prototype.slice.call(document.querySelectorAll("[data-name-row]"));
  var named = rows.filter(function (row) { return row.value.trim() !== ""; }).length;
  document.querySelectorAll("[data-hand-ranges]").forEach(function (number) {
    var ranges = JSON.parse(number.getAttribute("data-hand-ranges"));
    var counts = Object.keys(ranges).map(Number);
    var count = Math.min(Math.max(named || rows.length, Math.min.apply(null, counts)),
      Math.max.apply(null, counts));
    var range = ranges[String(count)];
    var hint = document.getElementById(number.id + "-hint");
    number.min = range.min;
    number.max = range.max;
    if (hint && hint.textContent !== range.hint) {
      hint.textContent = range.hint;
    }
  });
});
