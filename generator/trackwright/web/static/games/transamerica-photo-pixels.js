// The Photo button's pixels, written once for the two places that make them: the photo worker
// (games/transamerica-photo-worker.js loads this with importScripts, its canvases
// OffscreenCanvas) and the page where OffscreenCanvas is missing (games/transamerica-photo.js
// loads it with a script tag then, its canvases the page's). The same decoding and drawing calls
// in both, so the engine gets the same bytes either way.
"use strict";
self.twPhotoPixels = {
  // A picture's RGBA bytes, drawn on `canvas` at the canvas's size (the source scaled to it) over
  // white, softened by `filter` when one is given.
  read(canvas, source, filter) {
    const { width, height } = canvas;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
    if (filter) ctx.filter = filter;
    ctx.drawImage(source, 0, 0, width, height);
    const data = ctx.getImageData(0, 0, width, height).data;
    return { canvas, bytes: new Uint8Array(data.buffer), width, height };
  },
  // The photo decoded (turned as the camera was held), scaled smoothly to the reader's working
  // size (the canvas's own drawImage would skip pixels) and read on a canvas of that size,
  // `canvasOf(width, height)`.
  async photo(file, working, canvasOf) {
    const full = await createImageBitmap(file, { imageOrientation: "from-image" });
    const k = Math.min(1, working / Math.max(full.width, full.height));
    const width = Math.max(8, Math.round(full.width * k)),
      height = Math.max(8, Math.round(full.height * k));
    if (k >= 1) return this.read(canvasOf(width, height), full, null);
    const bitmap = await createImageBitmap(full, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: "high",
    });
    full.close();
    return this.read(canvasOf(width, height), bitmap, null);
  },
};
