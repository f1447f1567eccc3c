// Card notation on the page: how a code is typed, shown and read aloud.
// The service is the judge of what a card is (it answers 422 naming the field); this module only
// tidies what a person types and draws it nicely, e.g. display("10H") === "10♥".

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SYMBOL_LETTER = { "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
const RANK_NAME = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king",
};

// The special cards of the variants (RULINGS.md notation); a wild card may carry "=declaration".
export const SPECIALS = [
  { code: "ZERO", name: "Zero" },
  { code: "A*", name: "Super Ace" },
  ...SUITS.map((suit) => ({ code: `5${suit}*`, name: `Super Five of ${SUIT_NAME[suit]}` })),
  { code: "W", name: "Wild" },
  { code: "SW", name: "Super Wild" },
  { code: "M", name: "Master" },
  { code: "JOKER", name: "Joker" },
];

const STANDARD = /^(10|[2-9]|[AJQKT])([SHDC])$/;
const SPECIAL = /^(ZERO|0|A\*|5[SHDC]\*|W|SW|M|JOKER)(=[A-Z0-9*/]+)?$/;
const WILD_NAMES = { W: "Wild", SW: "Super Wild", M: "Master", JOKER: "Joker" };

/** "5♥", "th", " 10h " -> "5H", "10H", "10H"; "w=7♥" -> "W=7H"; anything else -> null. */
export function normalize(text) {
  if (typeof text !== "string") return null;
  let code = text.trim().toUpperCase().replace(/\s+/g, "");
  code = code.replace(/[♠♤♥♡♦♢♣♧]/g, (symbol) => SYMBOL_LETTER[symbol]);
  const standard = STANDARD.exec(code);
  if (standard) return (standard[1] === "T" ? "10" : standard[1]) + standard[2];
  const special = SPECIAL.exec(code);
  if (special) return (special[1] === "0" ? "ZERO" : special[1]) + (special[2] || "");
  return null;
}

/** True for the 52 cards of a standard deck. */
export function isStandard(code) {
  return typeof code === "string" && STANDARD.test(code);
}

/** Short form for a label: "10H" -> "10♥", "W=7H" -> "W=7♥", null -> "?". */
export function display(code) {
  if (!code) return "?";
  if (code === "ZERO") return "0";
  return code.replace(/(10|[2-9AJQK])([SHDC])/g, (_, rank, suit) => rank + SUIT_SYMBOL[suit]);
}

/** True when the card (or its face) is a heart or a diamond. */
export function isRed(code) {
  return typeof code === "string" && /^(10|[2-9AJQK])[HD]\*?$/.test(code.split("=")[0]);
}

/** What a screen reader says: "five of hearts", "Super Five of hearts", "Wild as seven of hearts". */
export function spoken(code) {
  if (!code) return "unreadable card";
  const [face, declared] = code.split("=");
  const standard = STANDARD.exec(face);
  if (standard) return `${RANK_NAME[standard[1]]} of ${SUIT_NAME[standard[2]]}`;
  const special = SPECIALS.find((card) => card.code === face);
  let name = special ? special.name : face;
  if (declared) {
    const sides = declared.split("/").map((part) => (isStandard(part) ? spoken(part) : part));
    name += ` declared as ${sides.join(" in the play, ")}${sides.length > 1 ? " in the show" : ""}`;
  } else if (WILD_NAMES[face]) {
    name += " (undeclared)";
  }
  return name;
}

/** The card as printed on its face, without any declaration (for spotting a card used twice). */
export function face(code) {
  return code ? code.split("=")[0] : code;
}

export function suitName(suit) {
  return SUIT_NAME[suit];
}
