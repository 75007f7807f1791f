// TransAmerica's Photo button: one photo of the table at the end of a round fills the round's
// track. The page only decodes and scales the photo (smoothly, as `trackwright photo` does with
// Pillow) and draws the printed board's own picture (its canvas); the engine's question
// `photo_read` (the same Python as `trackwright photo`) finds the board and judges every track
// space. The pixels go to Python as bytes beside the JSON (engine.askBytes), not as text. The
// decoding, scaling and reading of pixels happen in a worker of their own
// (games/transamerica-photo-worker.js, with OffscreenCanvas), the page's thread kept free for
// the finger; where OffscreenCanvas is missing, in a canvas of the page, the same way. The
// tracks found are drawn over the photo, the uncertain ones in amber: a tap says track (green) or
// not (grey). Then one change fills the round; the players still tap their start markers and
// cities.
"use strict";
(() => {
  const TW = window.TW;
  const { t, h, s, say, change, G, render } = TW;
  // reading: the ids of the games whose photo is being read (each shows its own "reading…");
  // review: the open game's reading, to review (each game keeps its own until used or cancelled).
  const reviews = new Map();
  const state = {
    reading: new Set(),
    get review() {
      return reviews.get(G.game?.id) || null;
    },
    set review(r) {
      if (r) reviews.set(r.game, r);
      else reviews.delete(G.game?.id);
    },
    ready: false, // for the tests: the board is made ready in the page's engine ...
    helper: false, // ... and in the helper's
  };
  let reference = null;
  // The reader's sizes (the photo's working size, the board picture's pixels per mm and its two
  // softenings), asked of the engine once: they are the Python reader's own numbers.
  let sizes = null;
  async function setup() {
    if (!sizes) sizes = await TW.engine.ask("photo_setup", G.record, {});
    return sizes;
  }

  function key(a, b) {
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  }

  // The decoding and reading of pixels (games/transamerica-photo-pixels.js, which the worker
  // loads too), loaded into the page the first time it does them itself; its canvases are the
  // page's.
  let code = null;
  function pixelCode() {
    code ||= new Promise((resolve, reject) => {
      if (self.twPhotoPixels) return resolve(self.twPhotoPixels);
      const script = Object.assign(document.createElement("script"), {
        src: new URL("games/transamerica-photo-pixels.js", document.baseURI).href,
      });
      script.onload = () => resolve(self.twPhotoPixels);
      script.onerror = (e) => {
        code = null; // tried again with the next photo
        script.remove();
        reject(e);
      };
      document.head.append(script);
    });
    return code;
  }
  const canvasOf = (width, height) => Object.assign(document.createElement("canvas"), { width, height });

  // The pixel worker, started on the first photo where OffscreenCanvas can soften a picture.
  const pictures = { worker: null, waiting: new Map(), next: 0, url: null };
  function offscreen() {
    return (
      state.offscreen !== false &&
      typeof Worker !== "undefined" &&
      typeof OffscreenCanvas !== "undefined" &&
      typeof OffscreenCanvasRenderingContext2D !== "undefined" &&
      "filter" in OffscreenCanvasRenderingContext2D.prototype
    );
  }
  function inWorker(job, data, transfer) {
    if (!pictures.worker) {
      const worker = new Worker(new URL("games/transamerica-photo-worker.js", document.baseURI).href);
      worker.onmessage = ({ data: { id, answer, error } }) => {
        const waiting = pictures.waiting.get(id);
        pictures.waiting.delete(id);
        if (error === undefined) waiting?.resolve(answer);
        else waiting?.reject(new Error(error));
      };
      worker.onerror = (e) => {
        for (const waiting of pictures.waiting.values()) waiting.reject(e);
        pictures.waiting.clear();
      };
      pictures.worker = worker;
    }
    const id = ++pictures.next;
    return new Promise((resolve, reject) => {
      pictures.waiting.set(id, { resolve, reject });
      pictures.worker.postMessage({ id, job, ...data }, transfer);
    });
  }
  // The review's picture of the photo: a JPEG, as a URL the page shows (the last one let go).
  function photoUrl(url) {
    if (pictures.url?.startsWith("blob:")) URL.revokeObjectURL(pictures.url);
    pictures.url = url;
    return url;
  }

  // The photo decoded, scaled to the reader's working size and read: its RGBA bytes, its size
  // and the review's picture.
  async function photoPixels(file, working) {
    if (offscreen()) {
      const got = await inWorker("photo", { file, working }, []);
      return { ...got, url: photoUrl(URL.createObjectURL(got.jpeg)) };
    }
    const photo = await (await pixelCode()).photo(file, working, canvasOf);
    const { width, height, bytes, canvas } = photo;
    return { width, height, bytes, url: photoUrl(canvas.toDataURL("image/jpeg", 0.85)) };
  }

  // The board's SVG drawn at a size, softened by each filter, read as bytes. The SVG is drawn
  // in the page (only a page draws one), once; the softening and reading in the worker.
  async function softened(img, width, height, filters) {
    if (!offscreen()) {
      const { read } = await pixelCode();
      return filters.map((f) => read(canvasOf(width, height), img, f));
    }
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext("2d").drawImage(img, 0, 0, width, height);
    const bitmap = canvas.transferToImageBitmap();
    const got = await inWorker("board", { bitmap, width, height, filters }, [bitmap]);
    return got.pictures;
  }

  // The printed board's picture, drawn once per board from the SVG the page shows (its parsing,
  // in the page, is the one main-thread task of the photo's left: 110-200 ms at 4x), softened
  // twice (the reader compares the photo with both).
  let named = 0;
  async function boardPicture(board, fresh = false) {
    // Kept for the next photo of any game on the same board (its picture is its SVG's).
    if (!fresh && reference && reference.svg === board.svg) return reference;
    const { ppm, blur, sharp_blur } = await setup();
    const url = URL.createObjectURL(new Blob([board.svg], { type: "image/svg+xml" }));
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      const w = Math.round(board.width * ppm),
        hh = Math.round(board.height * ppm);
      const [soft, sharp] = await softened(img, w, hh, [`blur(${blur}px)`, `blur(${sharp_blur}px)`]);
      reference = { svg: board.svg, ppm, soft, sharp, name: `board-${++named}` };
      return reference;
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  // The board's pictures (megabytes) go to the engine once, named; later questions name them
  // only (photo_read's "board"). `given`: the name the engine was last given pictures under
  // (it keeps one board); asked by a name it no longer holds, it answers {need: "board"}.
  let given = null;
  function boardArgs(ref, first) {
    given = ref.name;
    return pictureArgs(ref, first);
  }
  function pictureArgs(ref, first) {
    return {
      args: {
        board: ref.name,
        reference: { width: ref.soft.width, height: ref.soft.height, buffer: first, ppm: ref.ppm },
        sharp: { width: ref.sharp.width, height: ref.sharp.height, buffer: first + 1 },
      },
      // as copies, kept for the next time (engine.askBytes transfers what it is given)
      buffers: [ref.soft.bytes.slice(), ref.sharp.bytes.slice()],
    };
  }
  // The photo's bytes are handed over (transferred: the photo is not asked of twice).
  function askPhoto(record, photo, ref, send, before) {
    const args = { photo: { width: photo.width, height: photo.height, buffer: 0 }, board: ref.name, before };
    if (!send) return TW.engine.askBytes("photo_read", record, args, [photo.bytes]);
    const pictures = boardArgs(ref, 1);
    return TW.engine.askBytes("photo_read", record, { ...args, ...pictures.args }, [
      photo.bytes,
      ...pictures.buffers,
    ]);
  }

  // The helper engine (TW.engine.helper(): a second Pyodide, in a worker of its own, so on
  // another core), started as the page's engine begins to make the board ready, and given the
  // board too (made at once: that thread does nothing else). Each photo is then read on both
  // (photo_read's stages): the page's engine fits it while the helper takes the photo in,
  // each judges half of the strips, and the page's concludes with the helper's half: the same
  // reading as in one question, sooner. Until the helper is ready, or if it fails, the page's
  // engine reads alone.
  // Not on a phone of one core (nothing to gain) or of 2 GB or less (the helper holds some
  // 150 MB: its Python and the board), where the browser says.
  const helper = { engine: null, board: null, making: false };
  const roomy = (navigator.hardwareConcurrency || 2) >= 2 && (navigator.deviceMemory || 8) > 2;
  function prepareHelper(ref, record) {
    if (!roomy || !TW.engine.helper || helper.board === ref.name || helper.making) return;
    helper.making = true;
    helper.engine = helper.engine || TW.engine.helper();
    const pictures = pictureArgs(ref, 0);
    helper.engine
      .askBytes("photo_read", record, { prepare: true, ...pictures.args }, pictures.buffers)
      .then((answer) => {
        if (answer.ready) {
          helper.board = ref.name;
          state.helper = true; // for the tests: the helper has the board
        }
      })
      .catch(() => {})
      .finally(() => {
        helper.making = false;
      });
  }
  let readings = 0;
  async function readInParts(record, photo, ref, before) {
    const engine = TW.engine;
    const reading = `photo-${++readings}`;
    const args = {
      photo: { width: photo.width, height: photo.height, buffer: 0 },
      board: ref.name,
      reading,
    };
    const taken = helper.engine
      .askBytes("photo_read", record, { ...args, stage: "photo" }, [photo.bytes.slice()])
      .catch(() => null);
    const fit = await engine.askBytes("photo_read", record, { ...args, stage: "fit" }, [photo.bytes]);
    if (!fit.fitted) return fit; // a photo to retake, or the board to send
    const judge = { board: ref.name, reading, stage: "judge" };
    const theirs = taken
      .then((held) =>
        held?.held
          ? helper.engine.ask("photo_read", record, { ...judge, part: [1, 2], fitted: fit.fitted })
          : null,
      )
      .catch(() => null);
    await engine.ask("photo_read", record, { ...judge, part: [0, 2], keep: true });
    const other = await theirs;
    if (!other?.part) await engine.ask("photo_read", record, { ...judge, part: [1, 2], keep: true });
    const parts = other?.part ? [other.part] : [];
    return engine.ask("photo_read", record, { board: ref.name, reading, stage: "conclude", parts, before });
  }

  async function read(file) {
    if (!file) return;
    // The state is every game's: a reading is for the game it was taken in (by id: the same
    // game reopened is another object), dropped if another is open when it lands.
    // Its board and round too, taken now: another game may be opened while the photo decodes.
    const game = G.game?.id;
    const board = G.board;
    const record = G.record;
    // A photo taken while the last one's review is open (the board cleared, say, as the
    // review asked) is read with it: the engine is handed the answers given before.
    // (Not one of another round: a review left open as the next round began.)
    const round = record.rounds?.length ?? 0;
    const open = reviews.get(game);
    const earlier = open?.round === round ? open : null;
    state.reading.add(game);
    reviews.delete(game);
    render();
    try {
      const { working, before_most } = await setup();
      const before = (earlier?.answers || []).slice(-before_most);
      let photo = await photoPixels(file, working);
      if (preparing) {
        hurry = true;
        await preparing;
      }
      const ref = await boardPicture(board);
      let answer =
        helper.board === ref.name && given === ref.name
          ? await readInParts(record, photo, ref, before)
          : await askPhoto(record, photo, ref, given !== ref.name, before);
      if (answer.need) {
        // the engine holds another board (or none): the photo again, with the pictures
        photo = await photoPixels(file, working);
        answer = await askPhoto(record, photo, ref, true, before);
      }
      const { width, height } = photo;
      // Kept for its own game (shown when it is opened again), told only if it is open.
      if (answer.problem) {
        if (earlier) reviews.set(game, earlier); // the photos before still stand
        if (G.game?.id === game) say(t(`ta.photo-problem-${answer.problem}`));
        return;
      }
      // what was answered by hand on the review before stays answered
      const answered = new Map((earlier?.unsure || []).map((u) => [key(u.a, u.b), u.yes]));
      reviews.set(game, {
        game,
        url: photo.url,
        width,
        height,
        hm: answer.homography,
        track: answer.track,
        unsure: answer.uncertain.map(([a, b]) => ({ a, b, yes: answered.get(key(a, b)) ?? null })),
        answers: [...before, answer],
        round,
        empty: answer.empty_by_rule || [],
        // why the engine could not see some of them, and what a photo taken again would need
        covered: new Set((answer.covered || []).map(([a, b]) => key(a, b))),
        shaded: new Set((answer.shaded || []).map(([a, b]) => key(a, b))),
      });
    } catch {
      if (earlier && !reviews.has(game)) reviews.set(game, earlier);
      if (G.game?.id === game) say(t("ta.photo-failed"));
    } finally {
      state.reading.delete(game);
      render();
    }
  }

  function project(m, x, y) {
    const w = m[6] * x + m[7] * y + m[8];
    return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
  }

  // The board made ready for reading (its pictures drawn, the engine's strips sampled from
  // them) while the round is played: from WARM_AFTER ms after the round shows, a step at a
  // time (photo_read's "prepare": "step", a few tenths of a second of the engine's each at 4x),
  // each step waiting for the page to be idle, so the round's own questions are answered
  // between steps; the first photo of a game then reads as fast as the next ones. Tapping
  // Photo, or a photo taken before it is done, runs the steps left back to back.
  const WARM_AFTER = 1500;
  let preparing = null,
    prepared = null,
    hurry = false,
    warming = null;
  function idle() {
    if (hurry) return Promise.resolve();
    return new Promise((resolve) =>
      self.requestIdleCallback
        ? requestIdleCallback(() => resolve(), { timeout: 500 })
        : setTimeout(resolve, 50),
    );
  }
  function prepare() {
    if (prepared && prepared === G.board?.svg) return Promise.resolve();
    if (!preparing) {
      const board = G.board;
      const svg = board.svg;
      preparing = (async () => {
        const ref = await boardPicture(board);
        prepareHelper(ref, G.record); // on its own core, while this engine makes it in steps
        await idle();
        const pictures = boardArgs(ref, 0);
        let answer = await TW.engine.askBytes(
          "photo_read",
          G.record,
          { prepare: "step", ...pictures.args },
          pictures.buffers,
        );
        // Until made; not when the engine makes nothing (another board asked for meanwhile)
        // or the page has left this board: then the next photo or warm-up starts again.
        while (!answer.ready && answer.making && G.board?.svg === svg) {
          await idle();
          answer = await TW.engine.ask("photo_read", G.record, { prepare: "step" });
        }
        if (answer.ready && G.board?.svg === svg) {
          prepared = svg;
          state.ready = true; // for the tests: the board is ready before any photo
        }
      })()
        .catch(() => {})
        .finally(() => {
          preparing = null;
        });
    }
    return preparing;
  }
  function warmUp() {
    if (prepared !== G.board?.svg) state.ready = state.helper = false;
    if (warming || preparing || (prepared && prepared === G.board?.svg) || !G.board?.svg) return;
    warming = setTimeout(() => {
      warming = null;
      if (!document.getElementById("photo-button") || state.reading.size || preparing) return;
      hurry = false;
      prepare();
    }, WARM_AFTER);
  }

  function button() {
    warmUp();
    const input = h("input", {
      type: "file",
      accept: "image/*",
      capture: "environment",
      id: "photo-input",
      style: "display:none",
      onchange: (e) => read(e.target.files[0]),
    });
    return h(
      "span",
      {},
      input,
      h(
        "button",
        {
          class: "secondary",
          id: "photo-button",
          disabled: state.reading.has(G.game?.id),
          onclick: () => {
            input.click();
            clearTimeout(warming);
            warming = null;
            hurry = true;
            prepare();
          },
        },
        t("ta.photo"),
      ),
    );
  }

  function use() {
    const r = state.review;
    if (r?.game !== G.game?.id) return;
    const track = [...r.track, ...r.unsure.filter((u) => u.yes).map((u) => [u.a, u.b])];
    state.review = null;
    return change(
      (record) => {
        record["x-draft"] ||= { cities: {}, starts: {}, track: [] };
        const draft = record["x-draft"];
        draft.track = track;
        delete draft.turns;
      },
      t("ta.photo-filled", { count: track.length }),
    );
  }

  function panel() {
    if (state.reading.has(G.game?.id)) {
      return h("p", { class: "small", id: "photo-busy" }, t("ta.photo-reading"));
    }
    const r = state.review;
    if (!r || r.game !== G.game?.id) return "";
    const nodes = Object.fromEntries(G.board.map.nodes.map((n) => [n.id, n]));
    const width = Math.max(2, r.width / 260);
    const view = s("svg", {
      viewBox: `0 0 ${r.width} ${r.height}`,
      class: "photo-view",
      id: "photo-view",
      style: "width:100%;height:auto;display:block",
    });
    view.append(s("image", { href: r.url, x: 0, y: 0, width: r.width, height: r.height }));
    const line = (a, b, attrs) => {
      const A = nodes[a],
        B = nodes[b];
      const [x1, y1] = project(r.hm, A.x + (B.x - A.x) * 0.2, A.y + (B.y - A.y) * 0.2);
      const [x2, y2] = project(r.hm, A.x + (B.x - A.x) * 0.8, A.y + (B.y - A.y) * 0.8);
      const el = s("line", { x1, y1, x2, y2, "stroke-linecap": "round", ...attrs });
      view.append(el);
      return el;
    };
    for (const [a, b] of r.track)
      line(a, b, { stroke: "#00c060", "stroke-width": width, "pointer-events": "none" });
    // hidden, but the engine ruled them empty (joined to no track found): shown, not asked
    for (const [a, b] of r.empty)
      line(a, b, {
        stroke: "#9a9a9a",
        "stroke-width": width,
        "stroke-dasharray": `${width * 0.1} ${width * 1.6}`,
        "pointer-events": "none",
        class: "photo-empty",
        "data-edge": key(a, b),
      });
    for (const u of r.unsure) {
      const colour = u.yes === null ? "#ffb000" : u.yes ? "#00c060" : "#888";
      const drawn = line(u.a, u.b, {
        stroke: colour,
        "stroke-width": width * 1.6,
        "stroke-dasharray": u.yes === null ? `${width * 2} ${width}` : "",
        "pointer-events": "none",
      });
      // a wide, invisible target: easy to tap at 360 px
      line(u.a, u.b, {
        stroke: "transparent",
        "stroke-width": Math.max(width * 7, r.width / 40),
        class: "photo-unsure",
        "data-edge": key(u.a, u.b),
        onclick: (e) => {
          e.stopPropagation();
          answerOne(u);
        },
      });
      u.seg = ["x1", "y1", "x2", "y2"].map((k) => Number(drawn.getAttribute(k)));
    }
    // A tap beside the lines: the nearest unsure space within a finger's reach (44 CSS px across,
    // as on the board), none when two are as near, and a miss said.
    view.addEventListener("click", (e) => tapReview(view, r, e));
    const left = r.unsure.filter((u) => u.yes === null).length;
    return h(
      "div",
      { class: "card", id: "photo-review" },
      h(
        "p",
        { class: "small", id: "photo-summary" },
        t(left ? "ta.photo-found-check" : "ta.photo-found", { count: r.track.length, left }),
      ),
      r.answers.length > 1
        ? h(
            "p",
            { class: "small", id: "photo-together" },
            t("ta.photo-together", { count: r.answers.length }),
          )
        : "",
      r.empty.length
        ? h(
            "p",
            { class: "small", id: "photo-empty" },
            t("ta.photo-empty-by-rule", { count: r.empty.length }),
          )
        : "",
      ...["covered", "shaded"].map((why) => {
        const count = r.unsure.filter((u) => u.yes === null && r[why].has(key(u.a, u.b))).length;
        return count ? h("p", { class: "small", id: `photo-${why}` }, t(`ta.photo-${why}`, { count })) : "";
      }),
      view,
      // The spaces still amber all answered at once: tap the few that differ, then one of these.
      left
        ? h(
            "div",
            { class: "row" },
            h(
              "button",
              { class: "secondary", id: "photo-rest-none", onclick: () => answerRest(r, false) },
              t("ta.photo-rest-none"),
            ),
            h(
              "button",
              { class: "secondary", id: "photo-rest-track", onclick: () => answerRest(r, true) },
              t("ta.photo-rest-track"),
            ),
          )
        : "",
      h(
        "div",
        { class: "row" },
        h("button", { id: "photo-use", disabled: left > 0, onclick: use }, t("ta.photo-use")),
        h(
          "button",
          {
            class: "secondary",
            id: "photo-cancel",
            onclick: () => {
              state.review = null;
              render();
            },
          },
          t("ta.photo-cancel"),
        ),
      ),
    );
  }

  function answerOne(u) {
    u.yes = u.yes === null ? true : !u.yes;
    render();
  }
  function tapReview(view, review, e) {
    const m = view.getScreenCTM();
    const p = view.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    const q = p.matrixTransform(m.inverse()),
      scale = Math.abs(m.a);
    const near = review.unsure
      .map((u) => ({ u, d: TW.segmentDistance(q.x, q.y, u.seg.slice(0, 2), u.seg.slice(2)) * scale }))
      .sort((x, y) => x.d - y.d);
    if (!near.length || near[0].d > TW.REACH || (near[1] && near[1].d - near[0].d < 3)) {
      say(t("ta.photo-missed"));
      return;
    }
    answerOne(near[0].u);
  }
  function answerRest(review, yes) {
    for (const u of review.unsure) if (u.yes === null) u.yes = yes;
    render();
  }

  // photoPixels and boardPicture are named for the tests (the same bytes with or without the
  // worker: state.offscreen = false takes the page's canvas).
  TW.taPhoto = { button, panel, state, photoPixels, boardPicture };
  if (G.board) render();
})();
