/*
 * What a page that shows a game or a table does with what it shows, for the scorekeeper and
 * the watchers alike. Every page works without this module.
 *
 * - A long name cut with an ellipsis (.name-fit) shows whole on a tap.
 * - Open disclosures (the score chart, "why" explanations) stay open through a swap (when
 *   polls are sent and when they pause: live.js).
 * - Times ([data-local-time]) are shown in the phone's own time zone, in the page's language.
 */
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
