// The pegging helper: the plays entered in order (a card, or "go"), each one's points and the
// running count as the service (/v1/play) works them out, and each player's total so far.

import { ApiError, postJSON } from "./api.js";
import { display, isRed, spoken } from "./cards.js";
import { kindName } from "./result.js";

export class PeggingHelper {
  constructor(root, picker, rules) {
    this.root = root;
    this.picker = picker;
    this.rules = rules;
    this.players = 2;
    this.plays = [];
    this.next = 0;
    this.serial = 0;
    this.$ = (selector) => root.querySelector(selector);
    this.$("#peg-players").addEventListener("change", (event) => {
      this.players = Number(event.target.value);
      this.plays = this.plays.filter((play) => play.player < this.players);
      this.next = this.next % this.players;
      this.renderTurn();
      this.update();
    });
    this.$("#peg-card").addEventListener("click", () => this.playCard());
    this.$("#peg-go").addEventListener("click", () => this.add({ player: this.next, go: true }));
    this.$("#peg-undo").addEventListener("click", () => this.undo());
    this.$("#peg-clear").addEventListener("click", () => {
      this.plays = [];
      this.next = 0;
      this.renderTurn();
      this.update();
    });
    this.renderTurn();
    this.update();
  }

  renderTurn() {
    const fieldset = this.$("#peg-turn");
    fieldset.querySelectorAll("label").forEach((label) => label.remove());
    for (let player = 0; player < this.players; player += 1) {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "peg-player";
      radio.value = player;
      radio.checked = player === this.next;
      radio.addEventListener("change", () => { this.next = player; });
      label.append(radio, ` Player ${player + 1}`);
      fieldset.append(label);
    }
  }

  playCard() {
    const played = this.plays.filter((play) => play.card).map((play) => play.card);
    this.picker.open({
      title: `Player ${this.next + 1} plays`,
      info: "Choose the card played.",
      used: played,
      onChoose: (code) => this.add({ player: this.next, card: code }),
      onClose: () => this.$("#peg-card").focus(),
    });
  }

  add(play) {
    this.plays.push(play);
    this.next = (play.player + 1) % this.players;
    this.renderTurn();
    this.update();
  }

  undo() {
    const last = this.plays.pop();
    if (last) this.next = last.player;
    this.renderTurn();
    this.update();
  }

  showError(text) {
    const error = this.$("#peg-error");
    error.textContent = text || "";
    error.hidden = !text;
  }

  async update() {
    const serial = ++this.serial;
    this.$("#peg-undo").disabled = this.plays.length === 0;
    if (this.plays.length === 0) {
      this.showError("");
      this.render(null);
      return;
    }
    const body = { players: this.players, plays: this.plays };
    const rules = this.rules();
    if (rules && rules !== "standard") body.rules = rules;
    try {
      const data = await postJSON("/v1/play", body);
      if (serial !== this.serial) return;
      this.showError("");
      this.render(data);
    } catch (error) {
      if (serial !== this.serial) return;
      this.showError(`${error instanceof ApiError ? error.message : error} (Undo the last play to fix it.)`);
    }
  }

  render(data) {
    const body = this.$("#peg-table tbody");
    body.replaceChildren();
    const scored = (data && data.plays) || [];
    this.plays.forEach((play, index) => {
      const result = scored[index] || {};
      const row = document.createElement("tr");
      const number = document.createElement("td");
      number.textContent = String(index + 1);
      const player = document.createElement("td");
      player.textContent = `P${play.player + 1}`;
      player.setAttribute("aria-label", `Player ${play.player + 1}`);
      row.append(number, player);
      const card = document.createElement("td");
      if (play.card) {
        card.textContent = display(play.card);
        card.setAttribute("aria-label", spoken(play.card));
        if (isRed(play.card)) card.className = "red";
      } else {
        card.textContent = "Go";
      }
      const count = document.createElement("td");
      count.textContent = result.count ?? "";
      const points = document.createElement("td");
      points.className = "peg-points";
      points.textContent = result.points ?? "";
      const why = document.createElement("td");
      why.textContent = (result.items || [])
        .map((item) => item.reason || `${kindName(item.kind)} ${item.points}`).join(", ");
      for (const flag of result.flags || []) {
        const warning = document.createElement("strong");
        warning.className = "peg-flag";
        warning.textContent = flag.message || flag.code;
        why.append(why.textContent ? " " : "", warning);
      }
      if (index > 0 && result.series && scored[index - 1] && result.series !== scored[index - 1].series) {
        row.className = "new-series";
      }
      row.append(card, count, points, why);
      body.append(row);
    });
    const last = scored[scored.length - 1];
    this.$("#peg-count").textContent = `Count: ${last && last.count != null ? last.count : 0}`;
    const totals = data && data.totals;
    let text = "";
    if (Array.isArray(totals)) {
      text = totals.map((points, player) => `Player ${player + 1}: ${points}`).join(" · ");
    } else if (totals && typeof totals === "object") {
      text = Object.entries(totals).map(([player, points]) => `Player ${Number(player) + 1}: ${points}`).join(" · ");
    }
    if (data && Array.isArray(data.sides)) {
      text += ` (partners 1 and 3: ${data.sides[0]}, partners 2 and 4: ${data.sides[1]})`;
    }
    this.$("#peg-totals").textContent = text ? `Pegged so far: ${text}` : "";
  }
}
