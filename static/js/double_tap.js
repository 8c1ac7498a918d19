/*
 * What is under the scorekeeper's finger, on the entry forms the tap queue sends (queue.js).
 * Loaded on the scorekeeper's pages only.
 *
 * - A double tap is one tap: a second touch close to the last one, in time and place, on an
 *   entry form is swallowed, its click too, and said so: a ring on the button, and words for
 *   screen readers (#same-tap).
 * - Nothing moves under the finger: what the queue draws, the answers it swaps in and a message
 *   that goes keep the form last tapped where it was on the screen; at the page's top, where
 *   the page cannot scroll up, the space is kept there instead (a blank .kept-space).
 * - A tap under way is never swapped away: an answer waits for the finger to come up.
 *
 * It exports ``finger``:
 * - tapped(form): the entry form a tap was for (a key's submit too): the one kept in place.
 * - steady(draw): runs ``draw`` (a change to the live part or above it) with that form kept in
 *   place.
 * - afterTheTap(value): ``value``, or a promise of it once the press going on has ended.
 */
import { sends } from "./waiting_taps.js";

function live() {
  return document.getElementById("game-live");
}

/* --- a double tap is one tap ----------------------------------------------------------- */

// A finger that taps twice in a hurry, or a tap that bounces, means one tap. But the first
// tap changes what is under the finger at once (the next seat's pad drawn here, the answer
// swapped in, the next round in place of Save), so the second touch would land on another
// button and enter what nobody meant: Ben's 1, then Cleo's 1. So a touch on a control of an
// entry form in the live part (its buttons, its picks, undo; every form the queue sends, the
// score pad's too) that comes close to the last tap let through, in time and on the screen,
// is the same tap and is swallowed whole: its pointerdown (nothing takes it for a press, see
// "a tap under way") and the click that follows it (nothing is tapped: a click is what
// submits a form or picks a radio). Listened to on the window, capturing, before anything
// else on the page. A mouse's second click is the system's to count (its own double-click
// time and distance: the click's detail is 2). Anything else is let through: a touch
// elsewhere or later, a key (Enter, Space: no pointer), a control that counts each tap
// ([data-each-tap-counts]: +1, +1 is two).
//
// Counted from the first tap's end (its click). An accidental double tap's second touch comes
// 20–200 ms after the first; a person entering the next player's same number (Ben 1, then
// Cleo 1) taps again 280 ms after or later, having looked at the screen. Between the two: a
// second touch within 240 ms is the same tap, one after it a tap of its own.
var SAME_TAP_MS = 240;
// A finger's wobble on one spot. The next button is 56 px away or more (48 px targets, 8 px
// apart, the app's smallest), so a tap on it is never taken for this one.
var SAME_TAP_PX = 24;
var accepted = null; // the last tap let through: where it touched, when it ended
var swallowed = false; // the touch going on is the same tap: its click is swallowed too
var mouse = false; // the last press was a mouse's
var lastTapped = null; // the class of the entry form last tapped: "bid-form", "undo"…

// The control of an entry form under a touch (a button, a pick's label), else null.
function guarded(target) {
  var control = target instanceof Element ? target.closest("button, label") : null;
  var form = control ? control.closest("form") : null;
  return form !== null && sends(form) && !control.hasAttribute("data-each-tap-counts") ? control : null;
}

function sameTap(event) {
  return accepted !== null && event.timeStamp - accepted.time < SAME_TAP_MS &&
    Math.hypot(event.clientX - accepted.x, event.clientY - accepted.y) <= SAME_TAP_PX;
}

function swallow(event) {
  event.preventDefault();
  event.stopImmediatePropagation();
}

// A touch taken for the same tap is never dropped without a sign: a ring around the control
// it touched, gone in a moment, and "Double tap: counted once." said to screen readers. The
// ring is drawn over the page, not in the live part, so an answer swapped in under it does
// not take it away before it is seen; it lets every touch through (pointer-events: none).
var MARK_MS = 800; // its ring's time (game.css)

function markTheSameTap(control) {
  var box = control.getBoundingClientRect();
  var mark = document.createElement("span");
  mark.className = "same-tap-mark";
  mark.setAttribute("aria-hidden", "true");
  // Placed through the CSSOM, which the Content-Security-Policy allows (a style attribute
  // written in markup it does not).
  mark.style.top = box.top + window.scrollY + "px";
  mark.style.left = box.left + window.scrollX + "px";
  mark.style.width = box.width + "px";
  mark.style.height = box.height + "px";
  document.body.appendChild(mark);
  window.setTimeout(function () { mark.remove(); }, MARK_MS); // without motion too
  var status = document.getElementById("same-tap");
  if (status) {
    status.textContent = "";
    // Written a frame later, so the same words are said again for the next double tap.
    window.requestAnimationFrame(function () {
      status.textContent = status.getAttribute("data-words");
    });
  }
}

window.addEventListener("pointerdown", function (event) {
  swallowed = false;
  mouse = event.pointerType === "mouse";
  if (!event.isPrimary) {
    return;
  }
  var control = guarded(event.target);
  if (control && !mouse && sameTap(event)) {
    swallowed = true;
    swallow(event);
    markTheSameTap(control);
    return;
  }
  // Any other touch is the last tap from now on, a field's too: after a touch elsewhere (the
  // points typed in a field, then Save), a touch back on the same spot is a new tap, however
  // quick the scorekeeper.
  accepted = { x: event.clientX, y: event.clientY, time: event.timeStamp };
  if (control) {
    lastTapped = control.closest("form").classList[0];
  }
}, true);

window.addEventListener("click", function (event) {
  var doubleClick = mouse && event.detail > 1 ? guarded(event.target) : null;
  if ((swallowed && event.detail > 0) || doubleClick) { // a pointer's click (a key's has no detail)
    swallowed = false;
    swallow(event);
    if (doubleClick) {
      markTheSameTap(doubleClick);
    }
    release(); // no press goes on: an answer waiting for it is swapped in
  } else if (accepted && event.detail > 0) {
    accepted.time = event.timeStamp; // the tap ends with its click: the time counts from here
  }
}, true);

// A touch that turned into a scroll was no tap.
window.addEventListener("pointercancel", function (event) {
  if (event.isPrimary) {
    swallowed = false;
    accepted = null;
  }
}, true);
window.addEventListener("keydown", function () { swallowed = false; }, true);

/* --- nothing moves under the finger ------------------------------------------------------ */

// What the queue draws and the answers it swaps in change the live part above the form
// tapped ("Saved." shown or hidden, the taps waiting said, a notice), and the form itself
// (the bids drawn in, the tricks in place of the pad); a message of the moment goes with the
// first entry ("Round 1 corrected…" at the page's top: queue.js). The form last tapped (else
// the round's panel, which the next step takes the place of) is kept where it was on the
// screen, so the next seat's 1 is where Ben's 1 was and a quick next tap lands where it was
// aimed. Only when a step is over (the tricks or a hand saved, the cards revealed) does the
// page show the next one from its start (app.js, asked by ``answered``).
//
// The page is scrolled to keep it there; but above its top there is nothing to scroll to: a
// message gone from a page seen from its top would take the bid pad 91 px up under the finger
// (the next tap, for Cleo's 1, entered 6). What scrolling cannot make up is kept as a blank
// at the top of the page, where the message was (.kept-space); content that comes back above
// the form fills it first, and the next step, shown from its start, takes it away (app.js).
var steadying = false;

function keptSpace() {
  return document.querySelector("main > .kept-space");
}

// The blank at the page's top, ``height`` px high (0: none).
function keepSpace(height) {
  var space = keptSpace();
  var main = document.querySelector("main");
  if (height <= 0 || !main) {
    if (space) {
      space.remove();
    }
    return;
  }
  if (!space) {
    space = document.createElement("div");
    space.className = "kept-space";
    space.setAttribute("aria-hidden", "true");
    main.insertBefore(space, main.firstChild);
  }
  space.style.height = height + "px"; // the CSSOM: allowed by the Content-Security-Policy
}

// Where the form last tapped and the round's panel are on the screen (null: not there).
function anchors() {
  var section = live();
  var form = section && lastTapped ? section.querySelector("form." + CSS.escape(lastTapped)) : null;
  var panel = section ? section.querySelector(".round-panel") : null;
  return [form, panel].map(function (element) {
    return element ? element.getBoundingClientRect().top : null;
  });
}

function steady(draw) {
  if (steadying) {
    draw(); // drawn within a draw already held steady
    return;
  }
  var before = anchors();
  steadying = true;
  try {
    draw();
  } finally {
    steadying = false;
  }
  var after = anchors();
  var kept = before[0] !== null && after[0] !== null ? 0 : 1; // the form, else the panel
  var moved = before[kept] !== null && after[kept] !== null ? after[kept] - before[kept] : 0;
  var space = keptSpace();
  var held = space ? space.getBoundingClientRect().height : 0;
  if (moved > 0 && held > 0) { // grown above the form: the blank kept there gives way first
    var given = Math.min(held, moved);
    held -= given;
    moved -= given;
    keepSpace(held);
  }
  if (moved < 0 && window.scrollY + moved < 0) { // gone from above it, the page at its top
    var missing = -(window.scrollY + moved);
    held += missing;
    moved += missing;
    keepSpace(held);
  }
  if (moved) {
    window.scrollBy({ top: moved, left: 0, behavior: "instant" });
  }
}

/* --- a tap under way is never swapped away ------------------------------------------ */

// A browser drops a click whose element went away between the finger going down and coming
// up: an answer swapped in during a tap (the tricks form drawn again while the bids are sent)
// would lose it. An answer waits for the finger to come up and the tap to be handled.
var pressed = false;
var pressTimer = null;
var afterPress = [];

function release() {
  window.clearTimeout(pressTimer);
  if (!pressed) {
    return;
  }
  pressed = false;
  // After the click's own work (a radio changed, a form submitted), not before it.
  window.setTimeout(function () {
    var waiting = afterPress;
    afterPress = [];
    waiting.forEach(function (resolve) { resolve(); });
  }, 0);
}

document.addEventListener("pointerdown", function (event) {
  var section = live();
  if (section && event.target instanceof Node && section.contains(event.target)) {
    pressed = true;
    window.clearTimeout(pressTimer);
    pressTimer = window.setTimeout(release, 2000); // a finger resting on the screen
  }
}, true);
document.addEventListener("pointerup", function () {
  if (pressed) {
    window.clearTimeout(pressTimer);
    pressTimer = window.setTimeout(release, 300); // a press that makes no click (a scroll)
  }
}, true);
document.addEventListener("click", release, true);
document.addEventListener("pointercancel", release, true);

function afterTheTap(value) {
  return pressed ? new Promise(function (resolve) {
    afterPress.push(function () { resolve(value); });
  }) : value;
}

export var finger = {
  tapped: function (form) { lastTapped = form.classList[0] || null; },
  steady: steady,
  afterTheTap: afterTheTap
};
