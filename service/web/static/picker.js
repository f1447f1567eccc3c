// The card picker: a modal dialog with every standard card (a row per suit), the special cards of
// the variants, the recogniser's best guesses for an uncertain card, and a box to type any code
// (a wild card's declaration, e.g. "W=7H"). Arrow keys move through the grid; Escape closes.

import { RANKS, SPECIALS, SUITS, display, face, isRed, normalize, spoken, suitName } from "./cards.js";

function cardButton(code, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pick" + (isRed(code) ? " red" : "");
  button.dataset.code = code;
  button.textContent = display(code);
  button.setAttribute("aria-label", label || spoken(code));
  return button;
}

export class CardPicker {
  constructor(dialog) {
    this.dialog = dialog;
    this.options = null;
    this.grid = dialog.querySelector("#picker-grid");
    this.specials = dialog.querySelector("#picker-specials");
    this.candidates = dialog.querySelector("#picker-candidates");
    this.typed = dialog.querySelector("#picker-code");
    this.error = dialog.querySelector("#picker-error");
    for (const suit of SUITS) {
      const row = document.createElement("div");
      row.className = "picker-suit";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", suitName(suit));
      for (const rank of RANKS) row.append(cardButton(rank + suit));
      this.grid.append(row);
    }
    for (const special of SPECIALS) this.specials.append(cardButton(special.code, special.name));

    dialog.addEventListener("click", (event) => {
      const button = event.target.closest("button.pick");
      if (button && !button.disabled) this.choose(button.dataset.code);
    });
    this.grid.addEventListener("keydown", (event) => this.moveFocus(event));
    dialog.querySelector("#picker-code-use").addEventListener("click", () => this.chooseTyped());
    this.typed.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.chooseTyped();
      }
    });
    dialog.querySelector("#picker-starter").addEventListener("click", () => this.action("starter"));
    dialog.querySelector("#picker-remove").addEventListener("click", () => this.action("remove"));
    dialog.addEventListener("close", () => {
      const options = this.options;
      this.options = null;
      if (options && options.onClose) options.onClose();
    });
  }

  /**
   * Show the picker. ``options``: title, info, used (codes taken elsewhere, disabled), candidates
   * ([{code, confidence}]), actions ({starter, remove}: which buttons to offer), onChoose(code),
   * onAction(name), onClose(). onChoose may call open() again to keep the dialog up (manual entry).
   */
  open(options) {
    this.options = options;
    this.dialog.querySelector("#picker-title").textContent = options.title || "Choose a card";
    this.dialog.querySelector("#picker-info").textContent = options.info || "";
    const actions = options.actions || {};
    this.dialog.querySelector("#picker-starter").hidden = !actions.starter;
    this.dialog.querySelector("#picker-remove").hidden = !actions.remove;
    this.dialog.querySelector("#picker-actions").hidden = !actions.starter && !actions.remove;
    const used = new Set((options.used || []).map(face));
    for (const button of this.dialog.querySelectorAll("#picker-grid button.pick")) {
      const taken = used.has(button.dataset.code);
      button.disabled = taken;
      button.setAttribute("aria-label", spoken(button.dataset.code) + (taken ? " (already used)" : ""));
    }
    this.candidates.replaceChildren();
    for (const candidate of options.candidates || []) {
      const percent = Math.round((candidate.confidence || 0) * 100);
      const button = cardButton(candidate.code, `${spoken(candidate.code)}, ${percent}% likely`);
      button.textContent = `${display(candidate.code)} ${percent}%`;
      this.candidates.append(button);
    }
    this.candidates.hidden = this.candidates.childElementCount === 0;
    this.typed.value = "";
    this.showError("");
    if (!this.dialog.open) this.dialog.showModal();
    const first = this.candidates.querySelector("button") ||
      this.grid.querySelector("button.pick:not(:disabled)");
    if (first) first.focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  choose(code) {
    const options = this.options;
    if (!options) return;
    this.options = null; // onChoose may open the picker again with new options
    options.onChoose(code);
    if (!this.options) this.dialog.close();
  }

  chooseTyped() {
    const code = normalize(this.typed.value);
    if (!code) {
      this.showError(`"${this.typed.value.trim()}" is not a card. Ranks are A 2-10 J Q K, suits S H D C.`);
      this.typed.focus();
      return;
    }
    this.choose(code);
  }

  action(name) {
    const options = this.options;
    this.options = null;
    if (options && options.onAction) options.onAction(name);
    if (!this.options) this.dialog.close();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  moveFocus(event) {
    // Arrow keys move to the nearest free card in that direction, whatever the grid's layout.
    const directions = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    const direction = directions[event.key];
    const current = document.activeElement;
    if (!direction || !current.matches("button.pick")) return;
    event.preventDefault();
    const from = current.getBoundingClientRect();
    let best = null;
    let bestScore = Infinity;
    for (const button of this.grid.querySelectorAll("button.pick:not(:disabled)")) {
      if (button === current) continue;
      const box = button.getBoundingClientRect();
      const dx = box.left - from.left;
      const dy = box.top - from.top;
      const along = direction[0] * dx + direction[1] * dy; // distance in the direction of the key
      const across = Math.abs(direction[0] * dy + direction[1] * dx);
      if (along <= 2) continue;
      const score = across * 4 + along + (across > 2 && direction[0] ? 1e6 : 0);
      if (score < bestScore) {
        best = button;
        bestScore = score;
      }
    }
    if (best) best.focus();
  }
}
