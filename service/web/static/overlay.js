// The photo's overlay: every recognized card outlined and labelled, the starter marked.
// It is drawn in the photo's own pixel coordinates (viewBox), so it scales with the image.
// The list of cards beside it is the keyboard and screen-reader equivalent; this layer is for taps.

import { display } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** Draw ``slots`` ({code, quad}) on ``svg`` for a ``width`` x ``height`` photo; ``onTap(index)``. */
export function drawOverlay(svg, width, height, slots, starterIndex, onTap) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  slots.forEach((slot, index) => {
    if (!slot.quad) return;
    // Labels sized to the card (a third of its short side), readable however far the camera was.
    const sides = slot.quad.map(([x, y], i) => {
      const [u, v] = slot.quad[(i + 1) % slot.quad.length];
      return Math.hypot(u - x, v - y);
    });
    const longest = Math.max(width, height);
    const size = Math.min(Math.max(Math.min(...sides) / 2.5, longest / 45), longest / 20);
    const starter = index === starterIndex;
    const classes = ["card-outline"];
    if (starter) classes.push("starter");
    if (!slot.code) classes.push("uncertain");
    const group = element("g", { class: classes.join(" "), "data-index": index, "data-code": slot.code || "" });
    group.append(element("polygon", {
      points: slot.quad.map(([x, y]) => `${x},${y}`).join(" "),
      "stroke-width": longest / 250,
    }));
    const top = slot.quad.reduce((a, b) => (b[1] < a[1] ? b : a));
    const xs = slot.quad.map(([x]) => x);
    const labelX = (Math.min(...xs) + Math.max(...xs)) / 2;
    const labelY = Math.max(size, top[1] - size * 0.3);
    const label = element("text", {
      x: labelX, y: labelY, "font-size": size, "text-anchor": "middle", "stroke-width": size / 5,
    });
    label.textContent = (starter ? "★ " : "") + display(slot.code);
    group.append(label);
    group.addEventListener("click", () => onTap(index));
    svg.append(group);
  });
}
