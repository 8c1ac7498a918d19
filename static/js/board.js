/*
 * What a page that shows a game or a table does with what it shows, for the scorekeeper and
 * the watchers alike. Every page works without this module (the share and copy buttons then
 * stay hidden, the link shows as text).
 *
 * It is also a watcher's game page's entry module (no edit right: it sends no form;
 * templates/base.html): the live poll and every page's behaviour, which it imports, and the
 * board, nothing of the scorekeeper's (no tap queue, offline pad, double-tap guard, round forms
 * or waiting forms). One module fewer for the phone to ask for, on the page that most often
 * opens first (a share link). The other entry modules import it after live.js and app.js.
 *
 * - A long name cut with an ellipsis (.name-fit) shows whole on a tap.
 * - Open disclosures (the score chart, "why" explanations) stay open through a swap (when
 *   polls are sent and when they pause: live.js).
 * - Times ([data-local-time]) are shown in the phone's own time zone, in the page's language.
 * - Share: "Share link" opens the phone's share sheet (Web Share API); where there is none,
 *   "Copy link" copies the link (Clipboard API, or select-and-copy over plain HTTP). The final
 *   screen's standings image is shared as a file where the browser can, else downloaded.
 */
import "./live.js";
import "./app.js";

/* --- a long name, cut: a tap shows it whole ----------------------------------------- */

document.addEventListener("click", function (event) {
  var name = event.target instanceof Element ? event.target.closest(".name-fit") : null;
  // Cut at its end, or past its second line (the scoreboard's and the bid tiles' names).
  if (name && (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight ||
               name.classList.contains("is-open"))) {
    name.classList.toggle("is-open");
  }
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

document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target instanceof Element) {
    localTimes(event.target);
  }
});

/* --- share and copy a link ---------------------------------------------------------- */

// Share where the browser has a share sheet; else Copy (which works over plain HTTP too).
function showShareButtons(root) {
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

document.addEventListener("DOMContentLoaded", function () { showShareButtons(document); });
document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target instanceof Element) {
    showShareButtons(event.target);
  }
});
document.addEventListener("companion:shown", function (event) {
  if (event.target instanceof Element) {
    showShareButtons(event.target);
  }
});
