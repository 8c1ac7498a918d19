/*
 * The home page's file form ("Bring a table from a file"), posted by the browser itself (a file
 * cannot wait in the page's storage as the other forms do, waiting_forms.js), under the key the
 * page was drawn with. When its answer is lost (the connection cut after the server made the
 * table: an error page), a reload sends the same form again; but Back draws the home page anew,
 * with a new key, and the same file sent under it would make a second table that nobody keeps.
 * So the key a file was sent with is kept in this tab (sessionStorage) beside what names the
 * file (its name, size and time), and the same file sent again from this tab goes under that
 * key: the server answers it with the first table (docs/api.md, "Writes that are safe to
 * repeat"). Only the key is kept, never the file. An answer lets it go: the table's page the
 * import leads to, or the form's refusal at its field.
 */
var HELD = "companion-file-key";

function storage() {
  try {
    return window.sessionStorage;
  } catch (error) {
    return null;
  }
}

function named(file) {
  return [file.name, file.size, file.lastModified].join("/");
}

function answered() {
  var store = storage();
  if (store && (document.querySelector(".table-page") || document.getElementById("import-file-error"))) {
    try {
      store.removeItem(HELD);
    } catch (error) {
      // nothing kept, nothing to let go
    }
  }
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.classList.contains("import-table")) {
    return;
  }
  var input = form.querySelector('input[type="file"]');
  var key = form.querySelector('input[name="idempotency_key"]');
  var file = input && input.files ? input.files[0] : null;
  var store = storage();
  if (!file || !key || !store) {
    return;
  }
  try {
    var held = JSON.parse(store.getItem(HELD) || "null");
    if (held && held.file === named(file) && held.key) {
      key.value = held.key; // this file was sent from here before, its answer never seen
    } else {
      store.setItem(HELD, JSON.stringify({ file: named(file), key: key.value }));
    }
  } catch (error) {
    // storage refused (private mode): the page's own key, as without this script
  }
}, true);

document.addEventListener("DOMContentLoaded", answered);
