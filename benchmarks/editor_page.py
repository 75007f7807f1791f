"""The map editor's speed on a slow phone (issue 29, point 6): the Dampfross editor in headless
Chromium at 360 x 740 with the CPU slowed ``--rate`` times (4: a slow phone), page and engines'
worker alike (benchmarks/phone.py's :class:`Throttle`: every renderer process stopped and
continued in turn).

    python benchmarks/editor_page.py [--rate 4] [--runs 5] [--map england] [--hexes 20]

On a built-in map (England: 699 hexes, 32 towns) opened in the editor, ``--runs`` brush strokes
of hill, each over ``--hexes`` hexes of one row, drawn with real pointer input. Prints, throttled:

- each pointer move of a stroke: the time the page spent on it, and from the move to the next
  frame (the hexes it crossed repainted), median and worst;
- each stroke's end: from the pointer lifted to the frame showing the new draft (one change,
  one step of undo), median and worst;
- from each stroke's end to its check by the game's own loader and the editor's checks (the
  engines' worker, ``map_check``) shown with its problems and measures, median and worst.

Targets: a stroke redraws within 100 ms; checks answer within 1 s of the end of an edit.
Needs Debian's chromium and the Python package playwright (the test extras); Linux (/proc)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script
from benchmarks.phone import Throttle
from benchmarks.served import ARGS
from tests.support.served import served_folder
from trackwright.core import hexgrid
from trackwright.web import site


def open_map(pg, base: str, name: str) -> None:
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-begin", timeout=120_000)
    pg.evaluate("window.trackwright.ready")
    pg.select_option("#ed-game", "dampfross")
    pg.select_option("#ed-start", f"map:b:{name}")
    pg.click("#ed-begin")
    pg.wait_for_selector(".df-ed-board polygon")
    pg.evaluate("window.twEditorIdle()")


def row_of(pg, count: int, run: int) -> list[list[int]]:
    """``count`` hexes side by side in a row of the map (land or sea), a different row each run."""
    hexes = pg.evaluate("window.TWEditor.current.map.hexes")
    rows: dict[int, list[int]] = {}
    for q, r in ((h["q"], h["r"]) for h in hexes):
        rows.setdefault(r, []).append(hexgrid.axial_to_offset((q, r))[0])
    for row in sorted(rows)[run * 2 + 4 :]:
        cols = sorted(rows[row])
        for i in range(len(cols) - count + 1):
            if cols[i + count - 1] - cols[i] == count - 1:
                return [list(hexgrid.offset_to_axial(c, row)) for c in cols[i : i + count]]
    raise SystemExit(f"no row of {count} hexes")


POINTS = """hexes => {
    const wrap = document.getElementById('df-ed-wrap');
    wrap.scrollIntoView({ block: 'center' });
    const boxes = () => hexes.map(([q, r]) =>
      document.querySelector(`.df-ed-board polygon[data-hex="${q},${r}"]`).getBoundingClientRect());
    const b = boxes(), w = wrap.getBoundingClientRect();
    wrap.scrollLeft += (b[0].left + b.at(-1).right) / 2 - (w.left + w.width / 2);
    wrap.scrollTop += (b[0].top + b.at(-1).bottom) / 2 - (w.top + w.height / 2);
    return boxes().map(r => [r.x + r.width / 2, r.y + r.height / 2]);
}"""


def stroke(pg, hexes: list[list[int]]) -> None:
    """A real pointer stroke through the hexes' centres (the board zoomed out to hold them)."""
    while True:
        points = pg.evaluate(POINTS, hexes)
        width = pg.evaluate("document.getElementById('df-ed-wrap').clientWidth")
        if points[-1][0] - points[0][0] < width - 20:
            break
        pg.click("#df-ed-zoom-out")
    pg.mouse.move(*points[0])
    pg.mouse.down()
    for x, y in points[1:]:
        pg.mouse.move(x, y, steps=2)
    pg.mouse.up()


def measure(base: str, args: argparse.Namespace) -> dict[str, list[float]]:
    marker = f"--trackwright-bench={uuid.uuid4().hex}"
    throttle = Throttle(marker)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[*ARGS, marker])
        throttle.start()
        try:
            ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
            pg = ctx.new_page()
            open_map(pg, base, args.map)
            pg.click('#df-ed-tools [data-tool="brush"]')
            pg.click('#df-ed-tools [data-terrain="hill"]')
            rows = [row_of(pg, args.hexes, run) for run in range(args.runs)]
            pg.evaluate(
                "() => { const s = window.TWEditorStats; s.moves.length = 0; s.frames.length = 0;"
                " s.commits.length = 0; window.TWEditor.checkTimes.length = 0; }"
            )
            throttle.rate = args.rate
            for hexes in rows:
                stroke(pg, hexes)
                pg.evaluate("window.twEditorIdle()")
                pg.wait_for_timeout(300)
            throttle.rate = 1.0
            stats = pg.evaluate("window.TWEditorStats")
            stats["checks"] = pg.evaluate("window.TWEditor.checkTimes")
            stats["undo"] = [pg.evaluate("window.TWEditor.current.undoDepth")]
            stats["share"] = [throttle.share[0] / max(throttle.share[1], 1e-9)]
        finally:
            throttle.stop()
            browser.close()
    return stats


def line(name: str, values: list[float], target: float | None) -> str:
    med, worst = statistics.median(values), max(values)
    aim = f" | {target:.0f} ms | {'yes' if worst <= target else 'NO'}" if target else " | | "
    return f"| {name} | {len(values)} | {med:.1f} ms | {worst:.1f} ms{aim} |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--map", default="england")
    ap.add_argument("--hexes", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        site.build(folder)
        with served_folder(folder) as base:
            stats = measure(base, args)
    print(
        f"Dampfross editor, {args.map}, {args.runs} brush strokes over {args.hexes} hexes, CPU "
        f"slowed {args.rate:g}x (the busiest thread ran {100 * stats['share'][0]:.0f} % of the "
        f"time, {100 / args.rate:.0f} % at most; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores); {stats['undo'][0]} undo steps made"
    )
    print()
    print("| measured | count | median | worst | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    print(line("a pointer move handled (its hexes repainted)", stats["moves"], None))
    print(line("a pointer move to the next frame", stats["frames"], 100))
    print(line("a stroke's end to the frame with the new draft", stats["commits"], 100))
    print(line("a stroke's end to its check shown", stats["checks"], 1000))


if __name__ == "__main__":
    main()
