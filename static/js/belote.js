/*
 * Belote and Coinche: as the takers' card points are typed, the other team's are shown beside
 * them, 162 minus them (the server says the same once the hand is sent); choosing the taker
 * puts the cursor in the card points, so the numeric keypad opens without another tap.
 * Nothing else: every rule is the engine's.
 */
function sayOther(input) {
  const said = input.closest(".belote-points")?.querySelector("[data-belote-other]");
  if (!said) return;
  const total = Number(input.dataset.handPoints);
  const typed = input.value.trim();
  const points = /^\d+$/.test(typed) ? Number(typed) : NaN;
  if (Number.isInteger(points) && points >= 0 && points <= total) {
    said.textContent = said.dataset.words.replace("{points}", String(total - points));
  }
}

document.addEventListener("input", (event) => {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.matches("[data-belote-points]")) sayOther(input);
});

document.addEventListener("change", (event) => {
  const chip = event.target;
  if (!(chip instanceof HTMLInputElement) || chip.name !== "taker" || chip.value === "none") return;
  const points = chip.form?.querySelector("[data-belote-points]");
  if (points instanceof HTMLInputElement && points.value === "") points.focus();
});
