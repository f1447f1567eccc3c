// The page: cards from a photo or typed in, counted by the service, the claim audited.
// State is one list of card slots ({code, confidence, quad, candidates, doubt}) and the index of the
// starter; everything on screen is drawn from it by render().

import { ApiError, getJSON, postForm, postJSON } from "./api.js";
import { display, face, isRed, normalize, spoken } from "./cards.js";
import { drawOverlay } from "./overlay.js";
import { PeggingHelper } from "./pegging.js";
import { cardCountMessage, centre, downscale } from "./photo.js";
import { CardPicker } from "./picker.js";
import { renderResult } from "./result.js";

const $ = (selector) => document.querySelector(selector);

const state = {
  source: null, // "photo" | "manual"
  slots: [],
  starter: -1,
  photo: null, // {url, width, height}
  handSize: 4,
  profiles: new Map(),
  counted: false, // a result is on screen: changes recount at once
};

const picker = new CardPicker($("#picker"));

function show(element, text) {
  element.textContent = text || "";
  element.hidden = !text;
}

function slotRole(index) {
  if (index === state.starter) return "Starter";
  const number = state.slots.slice(0, index + 1).filter((_, i) => i !== state.starter).length;
  return `Hand ${number}`;
}

function usedElsewhere(index) {
  return state.slots.filter((slot, i) => i !== index && slot.code).map((slot) => face(slot.code));
}

// ---- drawing -------------------------------------------------------------------------------

function render() {
  const list = $("#card-list");
  list.replaceChildren();
  state.slots.forEach((slot, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card-chip";
    button.dataset.index = index;
    if (index === state.starter) button.classList.add("starter");
    if (!slot.code) button.classList.add(slot.quad ? "uncertain" : "empty");
    if (isRed(slot.code)) button.classList.add("red");
    const role = document.createElement("span");
    role.className = "chip-role";
    role.textContent = slotRole(index);
    const code = document.createElement("span");
    code.className = "chip-code";
    code.textContent = slot.code ? display(slot.code) : slot.quad ? "?" : "+";
    button.append(role, code);
    let label = `${slotRole(index)}: ${slot.code ? spoken(slot.code) : slot.quad ? "not read for sure" : "empty"}`;
    if (slot.code && slot.quad && slot.confidence != null && !slot.fixed) {
      label += `, ${Math.round(slot.confidence * 100)}% sure`;
    }
    button.setAttribute("aria-label", `${label}. Change`);
    button.addEventListener("click", () => editSlot(index, false));
    item.append(button);
    list.append(item);
  });
  $("#card-area").hidden = state.slots.length === 0;
  if (state.photo) {
    drawOverlay($("#overlay"), state.photo.width, state.photo.height, state.slots, state.starter,
      (index) => editSlot(index, false));
  }
}

// ---- editing cards -------------------------------------------------------------------------

function editSlot(index, continuing) {
  const slot = state.slots[index];
  const candidates = (slot.candidates || [])
    .map((candidate) => (typeof candidate === "string" ? { code: candidate } : candidate))
    .filter((candidate) => candidate && candidate.code);
  let info = "Choose the card.";
  if (slot.code) {
    info = `Now ${spoken(slot.code)}`;
    if (slot.confidence != null && !slot.fixed) info += ` (${Math.round(slot.confidence * 100)}% sure)`;
    info += ". Choose the right card if it is wrong.";
  } else if (slot.quad && slot.doubt === "suit_colour" && candidates.length) {
    info = `This card reads as ${spoken(candidates[0].code)}, but its index is printed in black. Choose it.`;
  } else if (slot.quad) {
    info = "This card could not be read for sure. Choose it.";
  }
  picker.open({
    title: slotRole(index),
    info,
    used: usedElsewhere(index),
    candidates,
    actions: { starter: index !== state.starter, remove: state.source === "photo" },
    onChoose: (code) => {
      slot.code = code;
      slot.fixed = true;
      render();
      const next = state.slots.findIndex((other) => !other.code);
      if (continuing && next >= 0) {
        editSlot(next, true);
      } else {
        cardsChanged();
      }
    },
    onAction: (name) => {
      if (name === "starter") state.starter = index;
      if (name === "remove") {
        state.slots.splice(index, 1);
        if (state.starter === index) state.starter = state.slots.length - 1;
        else if (state.starter > index) state.starter -= 1;
      }
      render();
      cardsChanged();
    },
    onClose: () => {
      const chip = document.querySelector(`#card-list button[data-index="${index}"]`);
      if (chip) chip.focus();
    },
  });
}

function cardsChanged() {
  const ready = state.slots.length === state.handSize + 1 && state.slots.every((slot) => slot.code);
  if (state.source === "photo") {
    show($("#photo-message"), ready ? "" : cardCountMessage(state.slots.length, state.handSize + 1));
  }
  if (ready) count();
}

function startManual() {
  state.source = "manual";
  state.photo = null;
  const kept = state.slots.filter((slot) => slot.code).slice(0, state.handSize + 1)
    .map((slot) => ({ code: slot.code, fixed: true }));
  state.slots = Array.from({ length: state.handSize + 1 }, (_, i) => kept[i] || { code: null });
  state.starter = state.handSize;
  $("#photo-figure").hidden = true;
  show($("#photo-message"), "");
  show($("#photo-status"), "Choose the hand, then the starter.");
  render();
  const first = state.slots.findIndex((slot) => !slot.code);
  editSlot(first >= 0 ? first : 0, true);
}

// ---- the photo -----------------------------------------------------------------------------

async function readPhoto(file) {
  show($("#photo-message"), "");
  show($("#photo-status"), "Preparing the photo…");
  let prepared;
  try {
    prepared = await downscale(file);
  } catch (error) {
    show($("#photo-status"), "");
    show($("#photo-message"), error.message);
    return;
  }
  if (state.photo) URL.revokeObjectURL(state.photo.url);
  state.photo = { url: prepared.url, width: prepared.width, height: prepared.height };
  state.source = "photo";
  state.slots = [];
  state.starter = -1;
  state.counted = false;
  hideResult();
  show($("#count-error"), "");
  $("#photo").src = prepared.url;
  $("#photo-figure").hidden = false;
  render();
  show($("#photo-status"), "Reading the cards…");
  const form = new FormData();
  form.append("image", prepared.blob, "photo.jpg");
  let data;
  try {
    data = await postForm("/v1/recognize", form);
  } catch (error) {
    show($("#photo-status"), "");
    show($("#photo-message"), `The photo could not be read: ${error.message}`);
    return;
  }
  state.photo.width = data.width || prepared.width;
  state.photo.height = data.height || prepared.height;
  const cards = [...(data.cards || [])].sort((a, b) => centre(a.quad)[0] - centre(b.quad)[0]); // left to right
  state.slots = cards.map((card) => ({
    code: card.code ? normalize(card.code) || card.code : null,
    confidence: card.confidence,
    quad: card.quad,
    candidates: card.candidates || [],
    doubt: card.doubt || null,
  }));
  // The service marks the card lying apart when one clearly does; else the rightmost card.
  const marked = cards.findIndex((card) => card.starter === true);
  state.starter = marked >= 0 ? marked : state.slots.length - 1;
  render();
  const found = state.slots.length;
  const unsure = state.slots.filter((slot) => !slot.code).length;
  let status = `${found} card${found === 1 ? "" : "s"} found.`;
  if (unsure) status += ` ${unsure} could not be read for sure: tap ${unsure === 1 ? "it" : "them"} to choose.`;
  show($("#photo-status"), status);
  const problem = cardCountMessage(found, state.handSize + 1);
  show($("#photo-message"), problem || "");
  if (!problem && !unsure) count();
}

// ---- the count -----------------------------------------------------------------------------

function countBody() {
  const form = $("#count-form");
  const body = {
    hand: state.slots.filter((_, i) => i !== state.starter).map((slot) => slot.code),
    starter: state.slots[state.starter].code,
    crib: form.elements.crib.value === "crib",
    rules: form.elements.rules.value,
  };
  const claimed = form.elements.claimed.value.trim();
  if (claimed !== "") body.claimed = Number(claimed);
  const said = form.elements.said.value.trim();
  if (claimed !== "" && said !== "") body.claimed_items = said;
  return body;
}

function countProblem() {
  const wanted = state.handSize + 1;
  if (state.slots.length === 0) return `First take a photo or enter the ${wanted} cards by hand.`;
  if (state.slots.length !== wanted) {
    return `The count needs ${state.handSize} cards and a starter; there are ${state.slots.length}.`;
  }
  const missing = state.slots.filter((slot) => !slot.code).length;
  if (missing) return `Choose ${missing === 1 ? "the missing card" : `the ${missing} missing cards`} first.`;
  const claimed = $("#claimed").value.trim();
  if (claimed !== "" && !/^\d{1,2}$/.test(claimed)) return "The claimed score is a whole number, 0 to 99.";
  if (claimed === "" && $("#said").value.trim() !== "") return "Enter the claimed score too.";
  return null;
}

function hideResult() {
  $("#result").hidden = true;
  $("#breakdown").hidden = true;
}

let countSerial = 0;

async function count() {
  const problem = countProblem();
  show($("#count-error"), problem);
  if (problem) return;
  const body = countBody();
  const serial = ++countSerial;
  $("#count-button").disabled = true;
  try {
    const data = "claimed" in body ? await postJSON("/v1/audit/show", body) : await postJSON("/v1/show", body);
    if (serial !== countSerial) return;
    renderResult(data);
    state.counted = true;
  } catch (error) {
    if (serial !== countSerial) return;
    show($("#count-error"), error instanceof ApiError ? error.message : String(error));
    hideResult();
  } finally {
    if (serial === countSerial) $("#count-button").disabled = false;
  }
}

// ---- rule profiles -------------------------------------------------------------------------

function profileHandSize(profile) {
  const size = profile && (profile.hand_size ?? (profile.settings && profile.settings.hand_size));
  return Number.isInteger(size) && size > 0 ? size : 4;
}

async function loadProfiles() {
  let data;
  try {
    data = await getJSON("/v1/rules");
  } catch {
    return; // the standard profile stays the only choice
  }
  const profiles = Array.isArray(data) ? data : data && (data.profiles || data.items) || [];
  if (!profiles.length) return;
  const select = $("#rules");
  const current = select.value;
  select.replaceChildren();
  for (const profile of profiles) {
    const name = typeof profile === "string" ? profile : profile.name;
    if (!name) continue;
    state.profiles.set(name, profile);
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    select.append(option);
  }
  select.value = state.profiles.has(current) ? current : select.options[0].value;
  profileChanged();
}

function profileChanged() {
  const profile = state.profiles.get($("#rules").value);
  $("#rules-hint").textContent = (profile && profile.description) || "";
  const size = profileHandSize(profile);
  if (size !== state.handSize) {
    state.handSize = size;
    if (state.source === "manual") {
      const starter = state.slots[state.starter] || { code: null };
      const hand = state.slots.filter((_, i) => i !== state.starter).slice(0, size);
      while (hand.length < size) hand.push({ code: null });
      state.slots = [...hand, starter];
      state.starter = size;
      render();
    }
    cardsChanged();
  }
  if (state.counted) count();
}

// ---- wiring --------------------------------------------------------------------------------

$("#photo-input").addEventListener("change", (event) => {
  const file = event.target.files && event.target.files[0];
  if (file) readPhoto(file).finally(() => { event.target.value = ""; });
});
$("#manual-button").addEventListener("click", startManual);
$("#count-form").addEventListener("submit", (event) => {
  event.preventDefault();
  count().then(() => {
    if (!$("#result").hidden) $("#result").focus();
  });
});
$("#rules").addEventListener("change", profileChanged);
for (const radio of document.querySelectorAll('input[name="crib"]')) {
  radio.addEventListener("change", () => state.counted && count());
}

new PeggingHelper($("#pegging"), picker, () => $("#rules").value);
loadProfiles();
document.body.dataset.ready = "true";
