// The Photo button's pixel work, off the page's main thread (games/transamerica-photo.js starts
// it where OffscreenCanvas is offered, and does the same in a page canvas where it is not): the
// photo decoded, scaled smoothly to the reader's working size and read as RGBA bytes, with a
// JPEG of it for the review; the printed board's picture, drawn by the page (an SVG is drawn
// only there), softened twice and read as bytes. The decoding and reading are written once, in
// games/transamerica-photo-pixels.js, which the page loads too where it does them itself: the
// engine gets the same bytes either way.
"use strict";

importScripts("transamerica-photo-pixels.js"); // self.twPhotoPixels: the decoding and reading
const { twPhotoPixels } = self;
const canvasOf = (width, height) => new OffscreenCanvas(width, height);

async function photo({ file, working }) {
  const out = await twPhotoPixels.photo(file, working, canvasOf);
  const jpeg = await out.canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
  const { width, height, bytes } = out;
  return [{ width, height, bytes, jpeg }, [bytes.buffer]];
}

function board({ bitmap, width, height, filters }) {
  const pictures = filters.map((f) => twPhotoPixels.read(canvasOf(width, height), bitmap, f));
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
