// The result of a count: the total in large type, every combination with its cards, and, when a
// claim was made, the audit verdict (points missed, Muggins-eligible points, over-claim).
// It draws a /v1/show body, or a /v1/audit/show body whose "score" is a /v1/show body.

import { display, isRed, spoken } from "./cards.js";

const KIND_NAMES = { fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "His nobs" };

export function kindName(kind) {
  if (KIND_NAMES[kind]) return KIND_NAMES[kind];
  const words = String(kind).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function cardSpan(code) {
  const span = document.createElement("span");
  span.className = "card-face" + (isRed(code) ? " red" : "");
  span.textContent = display(code);
  span.setAttribute("aria-label", spoken(code));
  span.setAttribute("role", "img");
  return span;
}

function itemRow(item) {
  const row = document.createElement("li");
  row.className = "item";
  row.dataset.kind = item.kind;
  const kind = document.createElement("span");
  kind.className = "item-kind";
  kind.textContent = kindName(item.kind);
  const cards = document.createElement("span");
  cards.className = "item-cards";
  for (const code of item.cards || []) cards.append(cardSpan(code));
  const points = document.createElement("span");
  points.className = "item-points";
  points.textContent = plural(item.points, "point");
  row.append(kind, cards, points);
  return row;
}

function verdictText(audit) {
  const { verdict, claimed, canonical, missed, overclaimed } = audit;
  const what = audit.score && audit.score.crib ? "crib" : "hand";
  const eligible = audit.muggins_eligible || 0;
  if (verdict === "correct") {
    return { title: "Claim is right", detail: `Claimed ${claimed}, and the ${what} is worth ${canonical}.` };
  }
  if (verdict === "under") {
    let detail = `Claimed ${claimed}, but the ${what} is worth ${canonical}: ${plural(missed, "point")} missed. `;
    detail += eligible
      ? `Muggins! The opponent may call and take ${plural(eligible, "point")}.`
      : "Muggins is not played under these rules, so nobody takes them.";
    return { title: "Under-claimed", detail };
  }
  let detail = `Claimed ${claimed}, but the ${what} is worth ${canonical}: retract ${plural(overclaimed, "point")}.`;
  const opponent = audit.overclaim && audit.overclaim.opponent_pegs;
  if (opponent) detail += ` The opponent pegs ${plural(opponent, "point")} for the over-claim.`;
  return { title: "Over-claimed", detail };
}

function listOf(title, items) {
  const block = document.createElement("div");
  const heading = document.createElement("p");
  heading.className = "verdict-list-title";
  heading.textContent = title;
  const list = document.createElement("ul");
  list.className = "items compact";
  for (const item of items) list.append(itemRow(item));
  block.append(heading, list);
  return block;
}

/** Fill the result (#result: total and verdict; #breakdown: every combination) from a show or
 * audit response body. */
export function renderResult(data) {
  const container = document;
  const audit = data && data.verdict ? data : null;
  const score = audit ? data.score : data;
  container.querySelector("#total").textContent = score.total;
  container.querySelector("#total-label").textContent = score.total === 1 ? "point" : "points";
  const rarity = score.rarity && score.rarity.one_in;
  container.querySelector("#rarity").textContent = rarity
    ? `A ${score.total} comes about once in ${rarity.toLocaleString("en")} deals.` : "";

  const items = container.querySelector("#items");
  items.replaceChildren(...(score.items || []).map(itemRow));
  if (!items.childElementCount) {
    const none = document.createElement("li");
    none.className = "item none";
    none.textContent = "Nothing scores: a nineteen, as players say.";
    items.append(none);
  }

  const declared = container.querySelector("#declarations");
  const declarations = score.declarations || [];
  declared.hidden = declarations.length === 0;
  declared.textContent = declarations.length
    ? `Wild cards at their best: ${declarations.map((d) => `${display(d.card)} (${spoken(d.card)})`).join(", ")}.`
    : "";

  const heels = container.querySelector("#heels");
  heels.hidden = !score.his_heels;
  heels.textContent = score.his_heels
    ? `The starter is a jack: his heels, ${score.his_heels} for the dealer at the cut, not part of this count.`
    : "";

  const verdict = container.querySelector("#verdict");
  verdict.replaceChildren();
  verdict.hidden = !audit;
  if (audit) {
    const { title, detail } = verdictText(audit);
    verdict.dataset.verdict = audit.verdict;
    const heading = document.createElement("p");
    heading.className = "verdict-title";
    heading.textContent = title;
    const text = document.createElement("p");
    text.className = "verdict-detail";
    text.textContent = detail;
    verdict.append(heading, text);
    for (const message of audit.messages || []) {
      const remark = document.createElement("p");
      remark.className = "verdict-message";
      remark.textContent = message;
      verdict.append(remark);
    }
    if (audit.missed_items && audit.missed_items.length) {
      verdict.append(listOf("Missed combinations", audit.missed_items));
    }
    if (audit.invented_items && audit.invented_items.length) {
      verdict.append(listOf("Claimed but not there", audit.invented_items));
    }
  }
  document.querySelector("#result").hidden = false;
  document.querySelector("#breakdown").hidden = false;
  const announce = document.querySelector("#announce");
  if (announce) {
    announce.textContent = `${plural(score.total, "point")}.` +
      (audit ? ` ${verdictText(audit).title}.` : "");
  }
}
