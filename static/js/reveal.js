/*
 * Oh-Seven's cards revealed offline, drawn over the server's last fragment by pad.js, which
 * imports it (on a score pad's page it finds no cards form and draws nothing). Nothing here
 * decides a rule: the cards form carries the engine's answers (template[data-offline-reveal],
 * web/game/offline.py): which totals force a rebid, the cards in the engine's order, whether
 * two decks make a shared high card a rebid. Cards that stand open the round's tricks form (its
 * trump and leader in the banner); cards that force a rebid are held as they were tapped.
 *
 * It exports revealCards(section, entries, writeBids), where ``writeBids`` is pad.js's writer
 * of the bids into a tricks panel drawn offline.
 */
// The cards waiting to be sent, looked up in the engine's answers the cards form carries
// (template[data-offline-reveal]): their total, and with two decks the strongest bid twice,
// say whether they force a rebid. Standing, the round's tricks panel (in the template) takes
// the cards' place, each card in its player's legend, the banner naming the trump and who
// leads, as the server draws the round once it has them. Null when no cards wait, an undo
// waits, or the cards are not all there or not all in the deck (the server's answer says).
export function revealCards(section, entries, writeBids) {
  var template = section.querySelector("template[data-offline-reveal]");
  var form = section.querySelector("form.cards-form");
  if (!template || !form || entries.some(function (entry) { return entry.kind === "undo"; })) {
    return null;
  }
  var entry = entries.filter(function (e) { return e.action === form.getAttribute("action"); })[0];
  if (!entry) {
    return null;
  }
  var answers = JSON.parse(template.getAttribute("data-offline-reveal"));
  var tokens = answers.cards.map(function (card) { return card[0]; });
  var picked = {};
  entry.fields.forEach(function (field) {
    var seat = /^bids_(\d+)$/.exec(field[0]);
    if (seat) {
      picked[seat[1]] = tokens.indexOf(field[1]);
    }
  });
  var seats = answers.names.map(function (name, seat) { return picked[seat]; });
  var copies = answers.shared ? 2 : 1;
  var unknown = seats.some(function (at) {
    return at === undefined || at < 0 || seats.filter(function (other) { return other === at; }).length > copies;
  });
  if (unknown) {
    return null;
  }
  var strongest = Math.max.apply(null, seats);
  var total = seats.reduce(function (sum, at) { return sum + answers.cards[at][1]; }, 0);
  var shared = seats.filter(function (at) { return at === strongest; }).length > 1;
  if (answers.rebid[total] || (answers.shared && shared)) {
    return { entry: entry, stands: false }; // its form is held as it was tapped (pad.js)
  }
  var tricks = template.content.querySelector(".round-panel").cloneNode(true);
  tricks.querySelector('input[name="version"]').value = String(entry.version + 1);
  writeBids(tricks, template.getAttribute("data-bid-word"), function (seat) {
    return cardFace(answers.cards[seats[seat]]);
  }, {}, null); // one tap holds every card: the queue's line says it waits
  form.closest(".round-panel").replaceWith(tricks);
  var banner = section.querySelector("#banner");
  if (banner) {
    banner.querySelectorAll(".passing, .redeal").forEach(function (said) { said.remove(); });
    var line = banner.querySelector(".banner-line");
    var trump = answers.cards[strongest];
    var leader = document.createElement("bdi");
    leader.className = "name";
    leader.textContent = answers.names[seats.indexOf(strongest)];
    line.textContent = "";
    answers.banner.split(/(\{trump\}|\{player\})/).forEach(function (part) {
      line.append(part === "{trump}" ? suitFace(trump) : part === "{player}" ? leader : part);
    });
  }
  if (window.htmx) {
    window.htmx.process(tricks);
  }
  tricks.dispatchEvent(new CustomEvent("companion:shown", { bubbles: true })); // round_forms.js, steps.js
  return { entry: entry, stands: true };
}

// A card as game/_macros.html draws it: its value, its suit's symbol in colour, its name for
// screen readers. ``card``: [token, value, symbol, suit, suit's name] (offline.py).
function cardFace(card) {
  var face = document.createElement("span");
  face.className = "card-face";
  face.append(String(card[1]), suitFace(card));
  return face;
}

function suitFace(card) {
  var symbol = document.createElement("span");
  var name = document.createElement("span");
  symbol.className = "suit suit-" + card[3];
  symbol.setAttribute("aria-hidden", "true");
  symbol.textContent = card[2];
  name.className = "visually-hidden";
  name.textContent = " " + card[4];
  var both = document.createDocumentFragment();
  both.append(symbol, name);
  return both;
}
