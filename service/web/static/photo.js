// The photo before it leaves the phone: decoded by the browser (EXIF orientation applied), shrunk
// on a canvas so that its longer side is at most MAX_SIDE pixels, and sent as a JPEG. The card
// outlines the service returns are in the coordinates of that shrunk image, which is also the one
// shown, so the overlay lines up with no further arithmetic.

export const MAX_SIDE = 1600;

/** A File -> {blob, url, width, height, originalWidth, originalHeight}; throws with a plain message. */
export async function downscale(file, maxSide = MAX_SIDE) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error("This file is not a photo the browser can read. Choose a JPEG, PNG or WebP photo.");
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  const original = { originalWidth: bitmap.width, originalHeight: bitmap.height };
  bitmap.close();
  const blob = await new Promise((resolve, reject) => {
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error("The photo could not be prepared."))),
      "image/jpeg", 0.9);
  });
  return { blob, url: URL.createObjectURL(blob), width, height, ...original };
}

/** The centre of a card's outline [[x, y] x 4]. */
export function centre(quad) {
  const sum = quad.reduce(([sx, sy], [x, y]) => [sx + x, sy + y], [0, 0]);
  return [sum[0] / quad.length, sum[1] / quad.length];
}

/** The message for a photo with the wrong number of cards, or null when the count is right. */
export function cardCountMessage(found, wanted) {
  if (found === 0) {
    return "No cards found. Lay the cards face up on a plain table, a little apart, and take the photo " +
      "from above.";
  }
  if (found !== wanted) {
    return `${found} card${found === 1 ? "" : "s"} found: lay out ${wanted} (the hand and the starter ` +
      "apart from it), or fix the cards below.";
  }
  return null;
}
