/*
 * Tarot's hand form: "Made by 8" or "Down by 3" shown as the card points are typed, before Save.
 * The answer is the engine's, looked up and never worked out here: data-margins holds, for each
 * number of bouts, the margin of every card-point value from 0 to 91 by halves (at the points
 * doubled), made by m as m and down by m as -m (rules.tarot.margins).
 */

function cardPoints(text) {
  const cleaned = text.trim().replace(",", ".").replace("½", ".5").replace(/\s/g, "");
  if (!/^\d{1,3}(\.(0|5|50))?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function showMargin(form) {
  const input = form.querySelector("input[data-margins]");
  const said = form.querySelector(".tarot-margin");
  if (!input || !said) return;
  const bouts = form.querySelector("input[name='bouts']:checked");
  const points = cardPoints(input.value);
  const row = bouts ? JSON.parse(input.dataset.margins)[Number(bouts.value)] : undefined;
  const margin = row && points !== null ? row[points * 2] : undefined;
  if (margin === undefined) {
    said.textContent = "";
    return;
  }
  const made = margin >= 0;
  said.textContent = (made ? said.dataset.made : said.dataset.down)
    .replace("{margin}", String(Math.abs(margin)));
  said.classList.toggle("is-made", made);
  said.classList.toggle("is-down", !made);
}

function watch(event) {
  const form = event.target.closest && event.target.closest(".tarot-form");
  if (form) showMargin(form);
}

document.addEventListener("input", watch);
document.addEventListener("change", watch);
document.addEventListener("htmx:afterSettle", () => {
  document.querySelectorAll(".tarot-form").forEach(showMargin);
});
document.querySelectorAll(".tarot-form").forEach(showMargin);
