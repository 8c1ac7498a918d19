/*
 * The game pages' small conveniences. Every page works without this file; it only saves taps.
 * Listeners are on the document, so content swapped in by htmx is covered too.
 *
 * - New game: Enter in a name field moves to the next name (the last one: to "Start the game").
 *   Typing the largest hand picks "this many cards"; picking another value clears the number.
 * - Tricks: once every player but one is tapped, the last one's count is filled in from the
 *   hand size (the server does the same for a form sent with one player untapped).
 * - Oh-Seven: a card a player set aside in this deal cannot be picked again (value and suit).
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

  /* --- new game: a typed number picks its radio ------------------------------------- */

  document.addEventListener("input", function (event) {
    var field = event.target;
    var pick = field instanceof HTMLInputElement && field.getAttribute("data-picks");
    var radio = pick && document.getElementById(pick);
    if (radio && field.value !== "") {
      radio.checked = true;
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

  /* --- tricks: the last player's count ------------------------------------------------ */

  function fillLastTricks(form) {
    var handSize = parseInt(form.getAttribute("data-hand-size"), 10);
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
    var rest = handSize - taken;
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
    var card = input.closest("[data-set-aside]");
    if (card) {
      blockSetAside(card);
    }
  });

  /* --- Oh-Seven: set-aside cards ------------------------------------------------------ */

  function blockSetAside(card) {
    var aside = (card.getAttribute("data-set-aside") || "").split(" ").filter(Boolean);
    if (!aside.length) {
      return;
    }
    var value = card.querySelector('.values input:checked');
    var suit = card.querySelector('.suits input:checked');
    card.querySelectorAll(".suits input").forEach(function (input) {
      input.disabled = !!value && aside.indexOf(value.value + "-" + input.value) !== -1;
    });
    card.querySelectorAll(".values input").forEach(function (input) {
      input.disabled = !!suit && aside.indexOf(input.value + "-" + suit.value) !== -1;
    });
  }

  function prepare(root) {
    root.querySelectorAll("[data-set-aside]").forEach(blockSetAside);
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
