/*
 * The game pages' small conveniences. Every page works without this file; it only saves taps.
 * Listeners are on the document, so content swapped in by htmx is covered too.
 *
 * - New game: Enter in a name field moves to the next name (the last one: to "Start the game").
 *   A row's buttons are named for the name typed ("Remove Ana"). The house rules' summary line
 *   says the rules changed from the usual ones.
 *   Typing the largest hand picks "this many cards"; picking another value clears the number.
 *   Its hint ("1 to 12 cards") follows the number of names typed, from ranges the server renders.
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
 * - A long name cut with an ellipsis (.name-fit) shows whole on a tap.
 * - Share: "Share link" opens the phone's share sheet (Web Share API); where there is none,
 *   "Copy link" copies the link (Clipboard API, or select-and-copy over plain HTTP). The final
 *   screen's standings image is shared as a file where the browser can, else downloaded.
 * - Open disclosures (the score chart, "why" explanations) stay open through a swap (when
 *   polls are sent and when they pause: live.js).
 * - Times ([data-local-time]) are shown in the phone's own time zone, in the page's language.
 */
(function () {
  "use strict";

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

  /* --- a long name, cut: a tap shows it whole ----------------------------------------- */

  document.addEventListener("click", function (event) {
    var name = event.target instanceof Element ? event.target.closest(".name-fit") : null;
    // Cut at its end, or past its second line (the scoreboard's and the bid tiles' names).
    if (name && (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight ||
                 name.classList.contains("is-open"))) {
      name.classList.toggle("is-open");
    }
  });

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
    // Share where the browser has a share sheet; else Copy (which works over plain HTTP too).
    var canShare = typeof navigator.share === "function";
    root.querySelectorAll("button[data-share]").forEach(function (button) {
      button.hidden = !canShare;
    });
    root.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.hidden = canShare;
    });
    root.querySelectorAll("button[data-share-file]").forEach(function (button) {
      button.hidden = !canShareFiles();
    });
  }

  function canShareFiles() {
    if (typeof navigator.canShare !== "function" || typeof File !== "function") {
      return false;
    }
    try {
      return navigator.canShare({ files: [new File([""], "standings.png", { type: "image/png" })] });
    } catch (error) {
      return false;
    }
  }

  /* --- share and copy a link ---------------------------------------------------------- */

  function flash(button, words) {
    var before = button.textContent;
    button.textContent = words;
    window.setTimeout(function () { button.textContent = before; }, 2000);
  }

  // The Clipboard API needs a secure context (HTTPS or localhost); on the home network's plain
  // HTTP select the link's text and copy the selection instead.
  function copyText(source) {
    var text = source.textContent.trim();
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    var selection = window.getSelection();
    selection.removeAllRanges();
    var range = document.createRange();
    range.selectNodeContents(source);
    selection.addRange(range);
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function closestButton(event, attribute) {
    return event.target instanceof Element ? event.target.closest("button[" + attribute + "]") : null;
  }

  document.addEventListener("click", function (event) {
    var button = closestButton(event, "data-copy");
    var source = button && document.getElementById(button.getAttribute("data-copy"));
    if (!source) {
      return;
    }
    copyText(source).then(function () {
      flash(button, button.getAttribute("data-copied"));
    }, function () {
      flash(button, button.getAttribute("data-copy-failed"));
    });
  });

  document.addEventListener("click", function (event) {
    var button = closestButton(event, "data-share");
    var source = button && document.getElementById(button.getAttribute("data-share"));
    if (!source) {
      return;
    }
    navigator.share({ title: button.getAttribute("data-share-title"), url: source.textContent.trim() })
      .catch(function () { /* closed the sheet: nothing to do */ });
  });

  // The standings image as a file for the share sheet; if that fails, it is downloaded.
  document.addEventListener("click", function (event) {
    var button = closestButton(event, "data-share-file");
    if (!button) {
      return;
    }
    var download = button.parentElement.querySelector("[data-download-image]");
    fetch(button.getAttribute("data-share-file"), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("no image");
        }
        return response.blob();
      })
      .then(function (blob) {
        var file = new File([blob], button.getAttribute("data-file-name"), { type: "image/png" });
        return navigator.share({ files: [file], title: button.getAttribute("data-share-title") });
      })
      .catch(function (error) {
        if (!(error && error.name === "AbortError") && download) {
          download.click();
        }
      });
  });

  /* --- open disclosures stay open through a swap ------------------------------------- */

  // The score chart, a score's "why": a poll's or an entry's fragment comes with them closed.
  var openWhy = [];

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target instanceof Element && event.detail.shouldSwap) {
      openWhy = Array.prototype.map.call(target.querySelectorAll("details[id][open]"),
                                         function (details) { return details.id; });
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    openWhy.forEach(function (id) {
      var details = document.getElementById(id);
      if (details) {
        details.open = true;
      }
    });
    openWhy = [];
  });

  /* --- times in the phone's time zone ------------------------------------------------ */

  // Without Intl, whose first formatter loads ICU's time-zone and locale data (a long task on a
  // phone, paid by every share link opened): the phone's clock gives the numbers, and the
  // server's words in the page's language (see the "started" macro) the rest.
  function pad(number) {
    return (number < 10 ? "0" : "") + number;
  }

  function localTime(time) {
    var moment = new Date(time.getAttribute("datetime"));
    var am = time.getAttribute("data-clock-am") || ""; // 01:45: "1:45 AM", "01:45"
    var pm = time.getAttribute("data-clock-pm") || ""; // 13:45: "1:45 PM", "13:45"
    var pmHour = /\d+/.exec(pm);
    if (isNaN(moment.getTime()) || !pmHour || !/\d+\D+\d+/.test(am)) {
      return null;
    }
    // The phone's date is the UTC date, or the day before or after.
    var shift = Math.round((Date.UTC(moment.getFullYear(), moment.getMonth(), moment.getDate()) -
      Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate())) / 86400000);
    var day = time.getAttribute(["data-day-before", "data-day", "data-day-after"][shift + 1]);
    var hours = moment.getHours();
    var hour = pmHour[0] === "13" ? hours : hours % 12 || 12;
    var clock = (hours < 12 ? am : pm).replace(/(\d+)(\D+)(\d+)/, function (all, h, between) {
      return (h.length === 2 ? pad(hour) : String(hour)) + between + pad(moment.getMinutes());
    });
    return day ? day + ", " + clock : null;
  }

  function localTimes(root) {
    root.querySelectorAll("time[data-local-time]").forEach(function (time) {
      var shown = localTime(time);
      if (shown) {
        time.textContent = shown;
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    prepare(document);
    localTimes(document);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target instanceof Element) {
      prepare(event.target);
      localTimes(event.target);
    }
  });
  // A form pad.js shows while the network is out (the round's tricks, every bid in).
  document.addEventListener("companion:shown", function (event) {
    if (event.target instanceof Element) {
      prepare(event.target);
    }
  });
})();
