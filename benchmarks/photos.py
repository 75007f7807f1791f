"""How well ``trackwright photo`` reads photos of a TransAmerica table at the end of a round.

    python benchmarks/photos.py [--count 200] [--first 1000] [--cache DIR] [--picture PNG]
    python benchmarks/photos.py --classic ...   (the first generator's photos, for comparison)
    python benchmarks/photos.py --phone [--rate 4] [--runs 3] [--cache DIR]
    python benchmarks/photos.py --memory [--runs 3]
    python benchmarks/photos.py --write-folder DIR [--count 200] [--first 1000]
    python benchmarks/photos.py --again [--count 40] [--first 9800] [--cache DIR]

Each photo comes from ``tests/support/photo_scenes.py`` (12 megapixels, the board with a round's
track pieces, start markers, a card, often a hand, a table, a tilted camera, uneven light,
blur, noise, JPEG 55-75; poster or glued tiled sheets). Each is read the way the command line
reads it (decode, scale, read; the board's own picture made once per map), without anchors.
Printed: the track spaces read right, flagged uncertain, wrong (not flagged), and the hidden
ones the game's rules empty (joined to no track seen); the photos whose
board was found; the seconds per photo; then the same by piece kind (the kind on each taken
space, paper strips also by colour, "empty" for the rest) and by light, with the median
seconds of the photos holding each. The photo reader's thresholds were tuned on seeds
5000-5039 and frozen (scorer/trackwright/photo/tracks.py says at which commit); seeds
8000-8039 are the check set, never tuned on. ``--cache`` keeps generated photos (they take longer to
make than to read; a photo made before the scene generator or the printed board changed is made
again); ``--picture`` draws one reading over its photo. ``--phone`` instead times the
phone app (headless Chromium at 360x740, CPU throttled ``--rate`` times with DevTools
``Emulation.setCPUThrottlingRate``, as ``benchmarks/phone.py``) reading 12 MP photos through its
Photo button as a player does (tap Photo, ``--camera`` seconds in the camera, the photo picked):
from the photo picked to the tracks drawn over it, the first photo of a game (the page draws the
board's own picture and the engine samples it once, from the tap on: ``--camera 0`` for the
worst case) and the next ones, and where a photo read on the page's two engines spent its time
(fitting on one, judging on both, concluding on one, the rest). ``--memory`` instead measures the
phone page's memory (its renderer processes' PSS) once a board is ready to read, with and without
its helper engine. ``--again`` instead reads each photo, the same round with the card lifted
and no hand (from elsewhere: the camera is drawn afresh), and the two together
(``trackwright photo MAP FIRST AGAIN``).
``--write-folder`` instead writes the photos as photo cases
(``usa-SEED.jpg``, its truth record ``usa-SEED.json``, ``usa-SEED.case.json`` marked composited)
for ``trackwright photo check DIR``; their rounds are dealt for the case (a record needs the
players and their cards), so they are not the photos of the same seeds above.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import io
import json
import random
import statistics
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks.served, tests.support

from tests.support import photo_scenes, simulate
from trackwright.cli import photo as cli_photo
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError

TARGETS = {
    "right or flagged": ">= 99.5 %",
    "flagged": "<= 1 %",
    "wrong, not flagged": "0",
    "board found without anchors": ">= 98 %",
    "seconds per 12 MP photo": "< 3",
}


@functools.cache
def made_from() -> str:
    """What a cached photo was made from: the scene generator and the printed board. A photo
    cached before either changed shows another board than the reader's own picture of it (the
    kit's double lines and labels moved once, and 200 stale photos read much worse)."""
    source = Path(photo_scenes.__file__).read_bytes()
    board = repr(photo_scenes._drawing("usa").ops).encode()
    return hashlib.sha1(source + board).hexdigest()[:12]


#: Scene choices every photo of this run pins (``--classic``: the first generator's photos).
FORCE: dict = {}


def photo(seed: int, cache: Path | None) -> tuple[bytes, dict]:
    if cache is not None:
        tag = "-classic" if FORCE.get("classic") else ""
        jpg, js = cache / f"usa-{seed}{tag}.jpg", cache / f"usa-{seed}{tag}.json"
        if jpg.exists() and js.exists():
            truth = json.loads(js.read_text())
            if truth.get("made_from") == made_from():
                return jpg.read_bytes(), truth
    made = photo_scenes.scene(seed, **FORCE)
    made.truth["made_from"] = made_from()
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        js.write_text(json.dumps(made.truth))
        jpg.write_bytes(made.jpeg)
    return made.jpeg, made.truth


def draw(data: bytes, reading, truth: dict, out: Path) -> None:
    """The photo with what was read: taken spaces green, uncertain ones amber, wrong ones red,
    hidden ones the rules empty grey dots."""
    from PIL import Image, ImageDraw

    from trackwright.photo import homography as hg
    from trackwright.photo import marks as marks_mod

    image = Image.open(io.BytesIO(data)).convert("RGB")
    m = model.load(truth["map"])
    scale = max(image.size) / cli_photo.tracks.WORKING
    taken = {tuple(e) for e in truth["track"]}
    read, unsure = set(reading.track), set(reading.uncertain)
    emptied = set(reading.empty_by_rule)
    d = ImageDraw.Draw(image)
    width = max(4, round(max(image.size) / 500))
    for e in m.edges:
        key = tuple(sorted((e.a, e.b)))
        if key in emptied and key not in taken:
            a, b = m.nodes[e.a], m.nodes[e.b]
            for t in (0.2, 0.35, 0.5, 0.65, 0.8):
                x, y = hg.apply(reading.h, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                r = 0.8 * width
                d.ellipse(
                    (x * scale - r, y * scale - r, x * scale + r, y * scale + r), fill=(150,) * 3
                )
            continue
        if key in unsure:
            colour = (255, 176, 0)
        elif key in read and key in taken:
            colour = (0, 200, 90)
        elif (key in read) != (key in taken):
            colour = (230, 0, 0)
        else:
            continue
        a, b = m.nodes[e.a], m.nodes[e.b]
        pa = hg.apply(reading.h, a.x + (b.x - a.x) * 0.2, a.y + (b.y - a.y) * 0.2)
        pb = hg.apply(reading.h, a.x + (b.x - a.x) * 0.8, a.y + (b.y - a.y) * 0.8)
        d.line(
            (pa[0] * scale, pa[1] * scale, pb[0] * scale, pb[1] * scale), fill=colour, width=width
        )
    for k in reading_marks(reading, m):
        x, y = k
        r = 3 * width
        d.ellipse(
            (x * scale - r, y * scale - r, x * scale + r, y * scale + r),
            outline=(0, 160, 255),
            width=width,
        )
    # Cropped to the board (and a little of the table round it).
    w, h = marks_mod.drawing_size(m)
    quad = [hg.apply(reading.h, x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    xs, ys = [q[0] * scale for q in quad], [q[1] * scale for q in quad]
    pad = 0.04 * max(max(xs) - min(xs), max(ys) - min(ys))
    box = (
        max(0, int(min(xs) - pad)),
        max(0, int(min(ys) - pad)),
        min(image.width, int(max(xs) + pad)),
        min(image.height, int(max(ys) + pad)),
    )
    image = image.crop(box)
    image.thumbnail((1400, 1400))
    image.save(out, optimize=True)


def reading_marks(reading, m) -> list[tuple[float, float]]:
    from trackwright.photo import homography as hg
    from trackwright.photo import marks as marks_mod

    return [hg.apply(reading.h, k.x, k.y) for k in marks_mod.marks(m)]


def round_meanwhile(page, seconds: float) -> list[float]:
    """``seconds`` on the round before the first photo, the engine asked the round's score
    every second (what a tap on the board asks): how long each answer took, in seconds."""
    waits = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        started = time.perf_counter()
        page.evaluate("async () => { await window.TWEngine.score(window.TW.G.record); }")
        waits.append(time.perf_counter() - started)
        time.sleep(max(0.0, 1.0 - (time.perf_counter() - started)))
    return waits


# The page's own clock from the photo handed to it (the file input's change) to the frame after
# the review shows (a MutationObserver sees it come; the frame is the one that draws it). Timed
# in the page: Playwright's wait_for_selector polls every 500 ms after its first 270 ms, which
# added up to half a second to each photo's figure (they fell in steps of 0.5 s).
SHOWN = """() => {
    let start = null;
    const picked = (e) => {
      if (e.target.id === "photo-input") start = performance.now();
    };
    document.addEventListener("change", picked, { capture: true });
    window.__shown = new Promise((resolve) => {
      const seen = new MutationObserver(() => {
        if (start === null || !document.getElementById("photo-review")) return;
        seen.disconnect();
        document.removeEventListener("change", picked, { capture: true });
        requestAnimationFrame(() => resolve(performance.now() - start));
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
}"""


# Each photo_read question of a photo, to either engine (the page's, A; the helper, B): its
# stage ("whole" for a reading in one question), when asked and when answered, on the page's
# clock (ms).
STAGES = """() => {
    window.__stages = [];
    const spy = (E, who) => {
      for (const k of ["ask", "askBytes"]) {
        const f = E[k].bind(E);
        E[k] = async (name, record, args, ...rest) => {
          const t0 = performance.now(), got = await f(name, record, args, ...rest);
          if (name === "photo_read" && !args.prepare)
            window.__stages.push([who, args.stage || "whole", t0, performance.now()]);
          return got;
        };
      }
    };
    spy(window.TW.engine, "A");
    if (window.TWEngine.helper) spy(window.TWEngine.helper(), "B");
}"""


def stage_times(stages: list[list], shown: float) -> dict[str, float] | None:
    """Seconds a photo read on two engines spent fitting, judging (both engines), concluding,
    and in the rest (decoding before, drawing after); None for a photo read in one question."""
    at = {(who, stage): (t0, t1) for who, stage, t0, t1 in stages}
    if ("A", "conclude") not in at:
        return None
    fit, conclude = at["A", "fit"], at["A", "conclude"]
    judged = max(t1 for (_who, stage), (_t0, t1) in at.items() if stage == "judge")
    return {
        "fitting": (fit[1] - fit[0]) / 1000,
        "judging": (judged - fit[1]) / 1000,
        "concluding": (conclude[1] - conclude[0]) / 1000,
        "the rest": shown - (conclude[1] - fit[0]) / 1000,
    }


def print_stages(split: list[dict[str, float]], photos: int) -> None:
    if not split:
        return
    parts = ", ".join(f"{k} {statistics.median(d[k] for d in split):.2f} s" for k in split[0])
    print(f"{f'read on two engines: {len(split)} of {photos}; medians':52}  {parts}")


# Set before the page's scripts run: window.TWEngine without its helper (the photo is then read
# on one engine), as on a phone of one core or of 2 GB or less.
NO_HELPER = """Object.defineProperty(window, "TWEngine", { configurable: true,
  set(engine) { delete engine.helper; this.__engine = engine; }, get() { return this.__engine; } });"""


def _renderers_pss(marker: str) -> float:
    """MB: the proportional set size of the renderer processes of the Chromium whose command
    line holds ``marker`` (its pages and their workers)."""
    from benchmarks.phone import Throttle

    total = 0
    for pid in Throttle(marker).renderers():
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
    return total / 1024


def memory(args) -> None:
    """The phone page's memory once a TransAmerica board is ready to read photos, with and
    without the helper engine, launched in turn ``--runs`` times each (no throttling)."""
    from playwright.sync_api import sync_playwright

    from benchmarks.served import ARGS, served_app

    seen: dict[bool, list[float]] = {False: [], True: []}
    with served_app() as (base, _folder), sync_playwright() as p:
        for _ in range(args.runs):
            for helper in (False, True):
                marker = f"--trackwright-bench={uuid.uuid4().hex}"
                browser = p.chromium.launch(
                    executable_path="/usr/bin/chromium", args=[*ARGS, marker]
                )
                ctx = browser.new_context(viewport={"width": 360, "height": 740})
                if not helper:
                    ctx.add_init_script(NO_HELPER)
                page = ctx.new_page()
                page.goto(base)
                page.wait_for_selector("#create", timeout=120_000)
                page.evaluate("window.trackwright.ready")
                page.select_option("#new-game", "transamerica")
                page.select_option("#new-map", "b:usa")
                page.click("#create")
                page.wait_for_function("window.TW.taPhoto?.state.ready", timeout=300_000)
                if helper:
                    page.wait_for_function("window.TW.taPhoto.state.helper", timeout=300_000)
                time.sleep(2)
                seen[helper].append(_renderers_pss(marker))
                browser.close()
    alone, both = (statistics.median(seen[k]) for k in (False, True))
    print(f"phone page, a TransAmerica board ready to read, renderers' PSS, median of {args.runs}")
    print(f"{'one engine':52}  {alone:>6.0f} MB")
    print(f"{'with the helper engine':52}  {both:>6.0f} MB  (+{both - alone:.0f} MB)")


def print_phone(args, cold: list[float], warm: list[float], waits: list[float], busiest: float):
    """The phone's table: the first photo, the round meanwhile, the next photos."""
    print(
        f"phone app, Chromium at 360x740, CPU slowed {args.rate:g}x (page and workers; the busiest "
        f"thread ran {100 * busiest:.0f} % of the time, {100 / args.rate:.0f} % at most), "
        f"{'the photos of ' + str(args.folder) if args.folder else '12 MP photos'}, "
        f"{args.camera:g} s in the camera before each"
    )
    print(
        f"{f'first photo of a game, {args.before:g} s after the round shows':52}  "
        f"{cold[0]:>8.2f} s  < 6"
    )
    if waits:
        print(
            f"{'meanwhile, the round scored (median, slowest)':52}  "
            f"{1000 * statistics.median(waits):>6.0f} ms, {1000 * max(waits):.0f} ms"
        )
    if warm:
        print(
            f"{'next photos, median of ' + str(len(warm)):52}  "
            f"{statistics.median(warm):>8.2f} s  < 6"
        )
        print(
            f"{'all photos, fastest and slowest':52}  "
            f"{min(cold + warm):>8.2f} s, {max(cold + warm):.2f} s  < 6"
        )


def phone_photo(args, seed: int) -> bytes:
    """The photo of ``seed`` for --phone: made here, or the case ``usa-SEED.jpg`` of --folder."""
    if args.folder is None:
        return photo(seed, args.cache)[0]
    path = args.folder / f"usa-{seed}.jpg"
    if not path.is_file():
        print(f"{path}: no such photo (--folder: usa-SEED.jpg for each seed read)", file=sys.stderr)
        sys.exit(2)
    return path.read_bytes()


def phone(args) -> None:
    """Seconds from a 12 MP photo picked to the review drawn, in the page, CPU throttled."""
    from playwright.sync_api import sync_playwright

    from benchmarks.phone import Throttle
    from benchmarks.served import ARGS, served_app

    files = [phone_photo(args, seed) for seed in range(args.first, args.first + args.runs)]
    cold: list[float] = []
    warm: list[float] = []
    with served_app() as (base, folder):
        for i, data in enumerate(files):
            (folder.parent / f"{i}.jpg").write_bytes(data)
        # The page and its workers (the photo's decoding, the engines) slowed alike: every
        # renderer process of this Chromium (benchmarks/phone.py's Throttle); DevTools' rate
        # slows the page's main thread only, and the reading runs in workers.
        marker = f"--trackwright-bench={uuid.uuid4().hex}"
        throttle = Throttle(marker)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[*ARGS, marker])
            throttle.start()
            ctx = browser.new_context(viewport={"width": 360, "height": 740})
            page = ctx.new_page()
            page.goto(base)
            page.wait_for_selector("#create", timeout=120_000)
            page.evaluate("window.trackwright.ready")
            page.select_option("#new-game", "transamerica")
            page.evaluate("async () => { if (window.twIdle) await window.twIdle(); }")
            page.select_option("#new-map", "b:usa")
            page.evaluate("async () => { if (window.twIdle) await window.twIdle(); }")
            page.click("#create")
            page.wait_for_selector("#photo-button", timeout=120_000)
            throttle.rate = args.rate
            # The round played meanwhile: the page asks its engine the round's score every
            # second, as a tap on the board does; each answer's wait is kept.
            waits = round_meanwhile(page, args.before)
            page.evaluate(STAGES)
            split = []
            for i in range(len(files)):
                if page.locator("#photo-review").count():
                    page.evaluate("document.getElementById('photo-review').remove()")
                # As a player does: tap Photo, spend a moment in the camera, pick the photo.
                with page.expect_file_chooser() as chooser:
                    page.click("#photo-button")
                time.sleep(args.camera)
                page.evaluate(SHOWN)
                chooser.value.set_files(str(folder.parent / f"{i}.jpg"))
                page.wait_for_selector("#photo-review", timeout=300_000)
                (cold if i == 0 else warm).append(page.evaluate("window.__shown") / 1000)
                times = stage_times(page.evaluate("window.__stages.splice(0)"), (cold + warm)[-1])
                split += [times] if times else []
                print(f"phone photo {args.first + i}: {(cold + warm)[-1]:.2f} s", file=sys.stderr)
            throttle.rate = 1.0
            busiest = throttle.share[0] / max(throttle.share[1], 1e-9)
            throttle.stop()
            browser.close()
    print_phone(args, cold, warm, waits, busiest)
    print_stages(split, len(cold + warm))


@dataclass
class Tally:
    """What the reader made of the photos so far, space by space."""

    right: int = 0
    flagged: int = 0
    wrong: int = 0
    flagged_visible: int = 0
    visible: int = 0
    emptied: int = 0
    found: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the machine may be shared: CPU seconds
    failures: list[str] = field(default_factory=list)
    wrong_list: list[str] = field(default_factory=list)
    #: per piece kind (the kind on a space, "empty" for none; paper strips by colour too) and
    #: per light: spaces, flagged, wrong; and the photos holding each, their seconds
    parts: dict[str, list[int]] = field(default_factory=dict)
    part_seconds: dict[str, list[float]] = field(default_factory=dict)

    def part(self, name: str, flagged: bool, wrong: bool) -> None:
        row = self.parts.setdefault(name, [0, 0, 0])
        row[0] += 1
        row[1] += flagged
        row[2] += wrong

    def add(self, m: model.TransAmericaMap, seed: int, reading, truth: dict) -> None:
        self.found += 1
        taken = {tuple(e) for e in truth["track"]}
        covered = {tuple(e) for e in truth["covered"]}
        read, unsure = set(reading.track), set(reading.uncertain)
        self.emptied += len(reading.empty_by_rule)
        kinds = piece_kinds(truth)
        light = f"light: {truth.get('light', 'classic')}"
        for e in m.edges:
            key = tuple(sorted((e.a, e.b)))
            if key not in covered:
                self.visible += 1
            wrong = key not in unsure and (key in read) != (key in taken)
            for name in (*kinds.get(key, ("empty",)), light):
                self.part(name, key in unsure, wrong)
            if key in unsure:
                self.flagged += 1
                if key not in covered:
                    self.flagged_visible += 1
            elif not wrong:
                self.right += 1
            else:
                self.wrong += 1
                kind = "missed" if key in taken else "extra"
                on = "/".join(kinds.get(key, ("empty",)))
                self.wrong_list.append(f"{seed} {key[0]}-{key[1]} {kind} ({on})")

    def timed(self, truth: dict, seconds: float) -> None:
        """The photo's seconds, counted for each kind it holds and its light."""
        names = {n for ks in piece_kinds(truth).values() for n in ks}
        names.add(f"light: {truth.get('light', 'classic')}")
        for name in names:
            self.part_seconds.setdefault(name, []).append(seconds)


def piece_kinds(truth: dict) -> dict[tuple[str, ...], tuple[str, ...]]:
    """The kind of piece on each taken space (a paper strip also by its paper's colour)."""
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for piece in truth.get("pieces", []):
        key = tuple(sorted(piece["space"]))
        kind = piece["kind"]
        out[key] = (kind, f"{kind}: {piece['paper']}") if "paper" in piece else (kind,)
    return out


AGAIN = (
    "the first photo (a card, often a hand)",
    "taken again (the card lifted, no hand)",
    "the two read together",
)


def again(args: argparse.Namespace, m: model.TransAmericaMap) -> None:
    """Each photo, and the same board, round, pieces and light with the card lifted and no hand
    (the scene generator then draws the camera and the table afresh): the spaces flagged and
    wrong on each alone and on the two read together, as ``trackwright photo MAP FIRST
    AGAIN`` reads them."""
    from trackwright.photo import combine

    tallies = {name: Tally() for name in AGAIN}
    for seed in range(args.first, args.first + args.count):
        data, truth = photo(seed, args.cache)
        lifted = photo_scenes.scene(seed, card=False, hand=False, **FORCE).jpeg
        try:
            both = [
                cli_photo.read_photo(m, d, f"photo {seed}", {}, settled=False)
                for d in (data, lifted)
            ]
        except TrackwrightError as exc:
            for tally in tallies.values():
                tally.failures.append(f"{seed}: {exc}")
            continue
        readings = [both[0].settled(), both[1].settled(), combine.combined(both).settled()]
        for tally, reading in zip(tallies.values(), readings, strict=True):
            tally.add(m, seed, reading, truth)
        print(
            f"photo {seed}: " + ", ".join(str(len(r.uncertain)) for r in readings), file=sys.stderr
        )
    print(f"photos {args.first}-{args.first + args.count - 1}, the photo taken again")
    print("| photos | read | flagged | wrong, not flagged |")
    print("|---|---:|---:|---:|")
    for name, t in tallies.items():
        spaces = t.right + t.flagged + t.wrong
        share = 100 * t.flagged / max(spaces, 1)
        print(f"| {name} | {t.found} of {args.count} | {share:.2f} % | {t.wrong} |")
    for name, t in tallies.items():
        for line in t.wrong_list + t.failures:
            print(f"{name}: {line}")


def read_all(args: argparse.Namespace, m: model.TransAmericaMap) -> Tally:
    """Every photo made (or taken from the cache) and read, as ``trackwright photo`` reads it."""
    tally = Tally()
    for seed in range(args.first, args.first + args.count):
        data, truth = photo(seed, args.cache)
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            reading = cli_photo.read_photo(m, data, f"photo {seed}", {})
        except TrackwrightError as exc:
            tally.seconds.append(time.perf_counter() - t0)
            tally.cpu.append(time.process_time() - c0)
            tally.failures.append(f"{seed}: {exc}")
            continue
        tally.seconds.append(time.perf_counter() - t0)
        tally.cpu.append(time.process_time() - c0)
        tally.add(m, seed, reading, truth)
        tally.timed(truth, tally.seconds[-1])
        if args.picture is not None and seed == (args.picture_seed or args.first):
            draw(data, reading, truth, args.picture)
        print(
            f"photo {seed}: {len(reading.track)} taken, {len(reading.uncertain)} uncertain, "
            f"{tally.seconds[-1]:.2f} s",
            file=sys.stderr,
        )
    return tally


def print_tally(args: argparse.Namespace, t: Tally, board_seconds: float) -> None:
    total = t.right + t.flagged + t.wrong
    pct = lambda n, d: 100.0 * n / d if d else 0.0  # noqa: E731
    rows = [
        ("photos", f"{args.count}", ""),
        (
            "board found without anchors",
            f"{pct(t.found, args.count):.1f} % ({t.found})",
            TARGETS["board found without anchors"],
        ),
        ("track spaces judged", f"{total}", ""),
        (
            "right or flagged",
            f"{pct(t.right + t.flagged, total):.2f} %",
            TARGETS["right or flagged"],
        ),
        ("flagged", f"{pct(t.flagged, total):.2f} % ({t.flagged})", TARGETS["flagged"]),
        (
            "flagged, of spaces not under a card or hand",
            f"{pct(t.flagged_visible, t.visible):.2f} %",
            "",
        ),
        (
            "unsure spaces the rules empty (joined to no track seen)",
            f"{t.emptied} ({pct(t.emptied, total):.2f} %)",
            "",
        ),
        (
            "wrong, not flagged",
            f"{t.wrong} ({pct(t.wrong, total):.3f} %)",
            TARGETS["wrong, not flagged"],
        ),
        ("wall s per 12 MP photo, median", f"{statistics.median(t.seconds):.2f}", ""),
        ("wall s per 12 MP photo, slowest", f"{max(t.seconds):.2f}", ""),
        ("CPU s per 12 MP photo, median", f"{statistics.median(t.cpu):.2f}", "< 3"),
        ("CPU s per 12 MP photo, slowest", f"{max(t.cpu):.2f}", "< 3"),
        ("seconds to prepare the board (once per map)", f"{board_seconds:.2f}", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  {'measured':>22}  target")
    for name, value, target in rows:
        print(f"{name:{width}}  {value:>22}  {target}")
    print_parts(t)
    for line in t.failures:
        print(f"not read: {line}")
    for line in t.wrong_list:
        print(f"wrong: {line}")


def print_parts(t: Tally) -> None:
    """The figures per piece kind and per light."""
    print()
    print(
        f"{'by piece kind and light':24}  {'photos':>6}  {'spaces':>7}  {'wrong':>5}  "
        f"{'flagged':>8}  {'median s':>8}"
    )
    for name in sorted(t.parts, key=lambda n: (n.startswith("light"), n)):
        spaces, flagged, wrong = t.parts[name]
        secs = t.part_seconds.get(name, [])
        photos = len(secs) if name != "empty" else len(t.seconds)
        median = statistics.median(secs) if secs else statistics.median(t.seconds)
        print(
            f"{name:24}  {photos:>6}  {spaces:>7}  {wrong:>5}  "
            f"{100.0 * flagged / spaces:>7.2f}%  {median:>8.2f}"
        )


#: The scene generator's piece kinds as a case's details name them.
PIECES = {
    "strips": "printed colour strips",
    "matches": "matches",
    "dark": "dark wooden pieces",
    "paper": "strips of plain paper",
    "folded": "the kit's strips, folded",
}


def write_case(folder: Path, seed: int, size: tuple[int, int] = (4000, 3000)) -> Path:
    """One composited photo as a photo case: the photo, its round as a game record (the truth),
    and its details, marked ``"source": "composited"``. Returns the photo's path."""
    m = model.load("usa")
    players = ["p1", "p2", "p3", "p4", "p5", "p6"][: random.Random(seed).randint(3, 6)]
    entry = simulate.play_round(m, players, seed=seed)
    made = photo_scenes.scene(seed, size=size, round=entry)
    t = made.truth
    record = {"game": "transamerica", "map": "usa", "players": players, "rounds": [entry]}
    details = {
        "source": "composited",
        "board": "usa",
        "paper": t["paper"] if t.get("tiled") else "poster",
        "pieces": [PIECES[k] for k in t["kinds"]],
        "light": "simulated: uneven light, a colour cast, vignetting",
        "taken_by": f"tests/support/photo_scenes.py, seed {seed} (not a real photo)",
        "licence": "CC0-1.0",
        "notes": "Made by the 2D compositor the reader was tuned on: a check that the folder "
        "format and the command work, not a measure of real photos.",
        "x-scene": {
            k: t[k]
            for k in ("seed", "size", "tiled", "tilt", "quality", "hand", "covered")
            if k in t
        },
    }
    folder.mkdir(parents=True, exist_ok=True)
    photo_path = folder / f"usa-{seed}.jpg"
    photo_path.write_bytes(made.jpeg)
    (folder / f"usa-{seed}.json").write_text(json.dumps(record, indent=1) + "\n")
    (folder / f"usa-{seed}.case.json").write_text(json.dumps(details, indent=1) + "\n")
    return photo_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--picture", type=Path, default=None)
    parser.add_argument("--picture-seed", type=int, default=None)
    parser.add_argument(
        "--classic",
        action="store_true",
        help="the first scene generator's photos (printed strips, matches, dark wood; its "
        "light), without the paper strips, folded strips, lamps and phone shadows",
    )
    parser.add_argument("--phone", action="store_true", help="time the phone app instead")
    parser.add_argument(
        "--again",
        action="store_true",
        help="each photo and the same round taken again with the card lifted and no hand: "
        "flagged and wrong spaces on each alone and on the two read together",
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help="the phone page's memory, with and without its helper engine (--runs each)",
    )
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling for --phone")
    parser.add_argument("--runs", type=int, default=3, help="photos read for --phone")
    parser.add_argument(
        "--camera",
        type=float,
        default=3.0,
        help="--phone: seconds between tapping Photo and the photo picked (0 for the worst case)",
    )
    parser.add_argument(
        "--before",
        type=float,
        default=20.0,
        help="--phone: seconds on the round before the first tap on Photo (the page makes the "
        "board ready meanwhile, a step at a time; 0 for the worst case)",
    )
    parser.add_argument(
        "--folder",
        type=Path,
        default=None,
        help="--phone: read the photo cases usa-SEED.jpg of this folder (rendered ones, say) "
        "instead of making photos",
    )
    parser.add_argument(
        "--write-folder",
        type=Path,
        default=None,
        help="write the photos as photo cases in this folder, for trackwright photo check",
    )
    args = parser.parse_args()
    if (args.phone or args.memory) and args.runs < 1:
        parser.error("--runs: at least 1")
    for name in ("before", "camera"):
        if getattr(args, name) < 0:
            parser.error(f"--{name}: seconds, 0 or more")
    if args.classic:
        FORCE["classic"] = True
    if args.write_folder is not None:
        for seed in range(args.first, args.first + args.count):
            print(write_case(args.write_folder, seed), file=sys.stderr)
        return
    if args.memory:
        memory(args)
        return
    if args.phone:
        phone(args)
        return
    m = model.load("usa")
    if args.again:
        again(args, m)
        return
    started = time.perf_counter()
    cli_photo.board(m)
    board_seconds = time.perf_counter() - started
    print_tally(args, read_all(args, m), board_seconds)


if __name__ == "__main__":
    main()
