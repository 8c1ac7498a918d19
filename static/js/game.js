/*
 * The game pages' small conveniences. Every page works without this file; it only saves taps.
 * Listeners are on the document, so content swapped in by htmx is covered too.
 *
 * - New game: Enter in a name field moves to the next name (the last one: to "Start the game").
 * - Tricks: once every player but one is tapped, the last one's count is filled in: what is
 *   left of the tricks to share, a number the server renders from the engine's answer (and the
 *   server completes a form sent with one player untapped the same way, asking the engine).
 * - Oh-Seven: a card tapped with a finger moves on to the next player's cards (then to
 *   "Reveal"); the server already disabled the cards the engine does not offer.
 * - Unsaved picks survive a reload: what was tapped in a round's form ([data-keep-picks]) is kept
 *   in localStorage under the form, round and game version, put back on load, and dropped once
 *   the round is saved (the version moves on). Without storage or JS nothing changes.
 * - A long name cut with an ellipsis (.name-fit) shows whole on a tap.
 * - Share: "Copy link" buttons copy the link beside them.
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

  /* --- tricks: the last player's count ------------------------------------------------ */

  function fillLastTricks(form) {
    var toShare = parseInt(form.getAttribute("data-tricks-to-share"), 10);
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
    if (open.length !== 1) {
      return;
    }
    var last = open[0];
    var rest = toShare - taken;
    var choice = last.querySelector('input[value="' + rest + '"]');
    var current = last.querySelector("input:checked");
    if (choice) {
      choice.checked = true;
      last.setAttribute("data-auto", "");
    } else if (current && last.hasAttribute("data-auto")) {
      current.checked = false; // the others already add up to more than the hand
    }
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
    if (card && tappedByFinger) {
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
    if (name && (name.scrollWidth > name.clientWidth || name.classList.contains("is-open"))) {
      name.classList.toggle("is-open");
    }
  });

  function prepare(root) {
    var forms = root.matches && root.matches("form[data-keep-picks]") ? [root] : [];
    forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-keep-picks]")))
      .forEach(restorePicks);
    root.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.hidden = !(navigator.clipboard && window.isSecureContext);
    });
  }

  /* --- copy a link -------------------------------------------------------------------- */

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
    if (!button) {
      return;
    }
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) {
      return;
    }
    navigator.clipboard.writeText(source.value).then(function () {
      var words = button.textContent;
      button.textContent = button.getAttribute("data-copied");
      window.setTimeout(function () { button.textContent = words; }, 2000);
    }, function () {
      source.select();
    });
  });

  document.addEventListener("DOMContentLoaded", function () { prepare(document); });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target instanceof Element) {
      prepare(event.target);
    }
  });
})();
