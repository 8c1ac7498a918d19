/*
 * Share and copy, on a game's and a table's pages (every one with a share panel: the
 * scorekeeper's and the watchers'). Without this module the buttons stay hidden and the link
 * shows as text.
 *
 * - "Share link" opens the phone's share sheet (Web Share API); where there is none, "Copy
 *   link" copies the link (Clipboard API, or select-and-copy over plain HTTP).
 * - The final screen's standings image is shared as a file where the browser can, else
 *   downloaded.
 */

// Share where the browser has a share sheet; else Copy (which works over plain HTTP too).
function prepare(root) {
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

document.addEventListener("DOMContentLoaded", function () { prepare(document); });
document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target instanceof Element) {
    prepare(event.target);
  }
});
document.addEventListener("companion:shown", function (event) {
  if (event.target instanceof Element) {
    prepare(event.target);
  }
});
