// The Photo button's pixel work, off the page's main thread (games/transamerica-photo.js starts
// it where OffscreenCanvas is offered, and does the same in a page canvas where it is not): the
// photo decoded, scaled smoothly to the reader's working size and read as RGBA bytes, with a
// JPEG of it for the review; the printed board's picture, drawn by the page (an SVG is drawn
// only there), softened twice and read as bytes. The same drawing calls as the page's own
// canvas, so the engine gets the same bytes either way.
"use strict";

// A picture's RGBA bytes (drawn at its own size, or the source scaled to it), over white.
function pixels(source, width, height, filter) {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  if (filter) ctx.filter = filter;
  ctx.drawImage(source, 0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { canvas, bytes: new Uint8Array(data.buffer), width, height };
}

async function photo({ file, working }) {
  // Decoded, then scaled smoothly (the canvas's own drawImage would skip pixels).
  const full = await createImageBitmap(file, { imageOrientation: "from-image" });
  const k = Math.min(1, working / Math.max(full.width, full.height));
  const width = Math.max(8, Math.round(full.width * k)),
    height = Math.max(8, Math.round(full.height * k));
  const bitmap =
    k < 1
      ? await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" })
      : full;
  const out = pixels(bitmap, width, height, null);
  const jpeg = await out.canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
  return [{ width, height, bytes: out.bytes, jpeg }, [out.bytes.buffer]];
}

function board({ bitmap, width, height, filters }) {
  const pictures = filters.map((f) => pixels(bitmap, width, height, f));
  bitmap.close();
  return [
    { pictures: pictures.map((p) => ({ width: p.width, height: p.height, bytes: p.bytes })) },
    pictures.map((p) => p.bytes.buffer),
  ];
}

const JOBS = { photo, board };

self.onmessage = async (event) => {
  const { id, job } = event.data;
  try {
    const [answer, transfer] = await JOBS[job](event.data);
    self.postMessage({ id, answer }, transfer);
  } catch (e) {
    self.postMessage({ id, error: String(e?.message || e) });
  }
};
