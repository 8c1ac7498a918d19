/*
 * The game pages' small conveniences. Every page works without this file; it only saves taps.
 * Listeners are on the document, so content swapped in by htmx is covered too.
 *
 * - New game: Enter in a name field moves to the next name (the last one: to "Start the game").
 * - Tricks: once every player but one is tapped, the last one's count is filled in: what is
 *   left of the tricks to share, a number the server renders from the engine's answer (and the
 *   server completes a form sent with one player untapped the same way, asking the engine).
 * - Oh-Seven: only the cards the engine still offers (data-cards-open) can be picked.
 * - Share: "Copy link" buttons copy the link beside them.
 * - Live: the game's live part ([data-live]) polls every 1.5 s (answered 204 while nothing
 *   changed). No poll while the page is hidden; shown again, it catches up at once. While this
 *   phone's own form holds choices not yet sent (a second scorekeeper tapping tricks), polls
 *   wait, so nothing being entered is swapped away. Open "why" explanations stay open.
 * - Times ([data-local-time]) are shown in the phone's own time zone and language.
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
    var card = input.closest("[data-cards-open]");
    if (card) {
      offerOpenCards(card);
    }
  });

  /* --- Oh-Seven: the cards still open ------------------------------------------------- */

  function offerOpenCards(card) {
    var open = (card.getAttribute("data-cards-open") || "").split(" ").filter(Boolean);
    var value = card.querySelector('.values input:checked');
    var suit = card.querySelector('.suits input:checked');
    card.querySelectorAll(".suits input").forEach(function (input) {
      input.disabled = !!value && open.indexOf(value.value + "-" + input.value) === -1;
    });
    card.querySelectorAll(".values input").forEach(function (input) {
      input.disabled = !!suit && open.indexOf(input.value + "-" + suit.value) === -1;
    });
  }

  function prepare(root) {
    root.querySelectorAll("[data-cards-open]").forEach(offerOpenCards);
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

  /* --- live: polling the game ------------------------------------------------------ */

  // The request came from the live part itself (its poll), not from a form inside it. In
  // htmx:beforeSwap detail.elt is the swap's target: the requester is requestConfig.elt.
  function isPoll(event) {
    var detail = event.detail || {};
    var elt = detail.requestConfig && detail.requestConfig.elt ? detail.requestConfig.elt : detail.elt;
    return elt instanceof Element && elt.hasAttribute("data-live");
  }

  function liveSection() {
    return document.querySelector("[data-live]");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event) && (document.hidden || event.detail.elt.hasAttribute("data-dirty"))) {
      event.preventDefault();
    }
  });

  // Choices made in this phone's form and not yet sent.
  function markDirty(event) {
    var section = event.target instanceof Element ? event.target.closest("[data-live]") : null;
    if (section && event.target.closest("form")) {
      section.setAttribute("data-dirty", "");
    }
  }
  document.addEventListener("change", markDirty);
  document.addEventListener("input", markDirty);

  var openWhy = [];

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (isPoll(event) && target && target.hasAttribute("data-dirty")) {
      event.detail.shouldSwap = false; // typing began while the poll was on its way
      return;
    }
    if (target instanceof Element) {
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

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (isPoll(event) && xhr && xhr.status === 404) {
      window.location.reload(); // the game was deleted: show the page that says so
    }
  });

  document.addEventListener("visibilitychange", function () {
    var section = liveSection();
    if (!document.hidden && section && window.htmx) {
      window.htmx.trigger(section, "live-catch-up");
    }
  });

  /* --- times in the phone's time zone ------------------------------------------------ */

  function localTimes(root) {
    if (!window.Intl || !Intl.DateTimeFormat) {
      return;
    }
    var language = document.documentElement.lang || undefined;
    var format;
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    } catch (error) {
      return;
    }
    root.querySelectorAll("time[data-local-time]").forEach(function (time) {
      var moment = new Date(time.getAttribute("datetime"));
      if (!isNaN(moment.getTime())) {
        time.textContent = format.format(moment);
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
})();
