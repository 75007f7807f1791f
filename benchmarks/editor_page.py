"""The map editor's speed on a slow phone (issue 29, point 6): the Dampfross and TransAmerica
editors in headless Chromium at 360 x 740 with the CPU slowed ``--rate`` times (4: a slow phone),
page and engines' worker alike (benchmarks/phone.py's :class:`Throttle`: every renderer process
stopped and continued in turn).

    python benchmarks/editor_page.py [--rate 4] [--runs 5] [--map england] [--hexes 20]
        [--ta-map usa] [--games dampfross,transamerica]

On a built-in map (England: 699 hexes, 32 towns) opened in the editor, ``--runs`` brush strokes
of hill, each over ``--hexes`` hexes of one row, drawn with real pointer input. Prints, throttled:

- each pointer move of a stroke: the time the page spent on it, and from the move to the next
  frame (the hexes it crossed repainted), median and worst;
- each stroke's end: from the pointer lifted to the frame showing the new draft (one change,
  one step of undo), median and worst;
- from each stroke's end to its check by the game's own loader and the editor's checks (the
  engines' worker, ``map_check``) shown with its problems and measures, median and worst.

TransAmerica (``--ta-map``, the published board: 182 intersections, 35 cities) opened in the
editor, ``--runs`` times: a stroke of the land brush along a row of 20 intersections (some of them
sea, which become land), then the first city dragged to the nearest free intersection, each one
change; both undone (unthrottled) before the next run. Prints, throttled, from each edit's end to
its check shown (the game's loader, the editor's checks and the hands' costs sampled as while
editing: as many of 400 hands as the phone's budget allows, their number printed too).

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
from tests.support.editor_view import into_view, press_through
from tests.support.served import served_folder
from trackwright.core import hexgrid
from trackwright.core import lattice as grid
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
    press_through(pg, points, 2)


def measure_dampfross(browser, base: str, args: argparse.Namespace, throttle: Throttle) -> dict:
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
    ctx.close()
    return stats


# ------------------------------------------------------------------ TransAmerica

#: Every intersection of the board's rectangle, land and sea (the page's own question).
TA_NODES = """async () => { const m = window.TWEditor.current.map;
    const extra = await window.TWEngine.ask('map_lattice', { game: 'transamerica', map: m }, {});
    return m.nodes.concat(extra.nodes); }"""

#: Board points brought into view together: where they are on the screen (CSS px).
TA_AT = into_view("ta")


def open_ta(pg, base: str, name: str) -> None:
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-begin", timeout=120_000)
    pg.evaluate("window.trackwright.ready")
    pg.select_option("#ed-game", "transamerica")
    pg.wait_for_selector(f'#ed-start option[value="map:b:{name}"]', state="attached")
    pg.select_option("#ed-start", f"map:b:{name}")
    pg.click("#ed-begin")
    pg.wait_for_selector("#ta-edit-overlay[viewBox]")
    pg.evaluate("window.twEditorIdle()")


def ta_rows(pg, count: int) -> list[list[list[float]]]:
    """Rows of ``count`` intersections side by side, some of them sea (the stroke changes the
    board), as board points."""
    nodes = pg.evaluate(TA_NODES)
    land = {n["id"] for n in pg.evaluate("window.TWEditor.current.map.nodes")}
    rows: dict[int, dict[int, dict]] = {}
    for n in nodes:
        col, row = grid.cell_of(n["id"])
        rows.setdefault(row, {})[col] = n
    out = []
    for cells in rows.values():
        cols = sorted(cells)
        for i in range(len(cols) - count + 1):
            run = [cells[c] for c in cols[i : i + count]]
            if cols[i + count - 1] - cols[i] == count - 1 and any(n["id"] not in land for n in run):
                out.append([[n["x"], n["y"]] for n in run])
                break
    if not out:
        raise SystemExit(f"no row of {count} intersections with sea on it")
    return out


def ta_drag(pg, points: list[list[float]], steps: int = 3) -> None:
    """A mouse stroke through board points (the board zoomed out until they are all in view)."""
    while True:
        screen = pg.evaluate(TA_AT, points)
        width = pg.evaluate("document.getElementById('ta-edit-board').clientWidth")
        if screen[-1][0] - screen[0][0] < width - 10 or pg.is_disabled("#ta-zoom-out"):
            break
        pg.click("#ta-zoom-out")
    press_through(pg, screen, steps)


def ta_city_move(pg) -> None:
    """The first city dragged to the nearest intersection with no city."""
    m = pg.evaluate("window.TWEditor.current.map")
    city = m["cities"][0]
    taken = {c["node"] for c in m["cities"]}
    here = next(n for n in m["nodes"] if n["id"] == city["node"])
    free = min(
        (n for n in m["nodes"] if n["id"] not in taken),
        key=lambda n: (n["x"] - here["x"]) ** 2 + (n["y"] - here["y"]) ** 2,
    )
    pg.click("#ta-tool-city")
    ta_drag(pg, [[here["x"], here["y"]], [free["x"], free["y"]]], steps=6)


def timed(pg, edit, throttle: Throttle, rate: float) -> tuple[float, int]:
    """An edit made with the CPU slowed: from its end to its check shown (ms), and the hands the
    check measured."""
    before = pg.evaluate("window.TWEditor.checkTimes.length")
    depth = pg.evaluate("window.TWEditor.current.undoDepth")
    throttle.rate = rate
    edit()
    pg.wait_for_function("d => window.TWEditor.current.undoDepth > d", arg=depth)
    pg.evaluate("window.twEditorIdle()")
    pg.wait_for_function("n => window.TWEditor.checkTimes.length > n", arg=before)
    throttle.rate = 1.0
    times = pg.evaluate("window.TWEditor.checkTimes")[before:]
    hands = pg.evaluate("window.TWEditor.current.check.measures.hands")
    return times[-1], hands


def measure_transamerica(browser, base: str, args: argparse.Namespace, throttle: Throttle) -> dict:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    pg = ctx.new_page()
    open_ta(pg, base, args.ta_map)
    rows = ta_rows(pg, args.hexes)
    stats: dict[str, list[float]] = {"strokes": [], "cities": [], "hands": []}
    pg.evaluate("() => { const s = window.TWEditorStats; s.moves.length = s.frames.length = 0; }")
    drawn: dict[str, list[float]] = {"stroke drawn": [], "city drawn": []}
    for run in range(args.runs):
        row = rows[run % len(rows)]
        pg.click("#ta-tool-land")
        took, hands = timed(pg, lambda row=row: ta_drag(pg, row), throttle, args.rate)
        stats["strokes"].append(took)
        stats["hands"].append(hands)
        drawn["stroke drawn"].append(pg.evaluate("window.TWEditorStats.commits.at(-1)"))
        took, hands = timed(pg, lambda: ta_city_move(pg), throttle, args.rate)
        stats["cities"].append(took)
        stats["hands"].append(hands)
        drawn["city drawn"].append(pg.evaluate("window.TWEditorStats.commits.at(-1)"))
        for _ in range(2):
            pg.click("#ed-undo")
        pg.evaluate("window.twEditorIdle()")
    moves = pg.evaluate("window.TWEditorStats")
    ctx.close()
    return {**stats, **drawn, "moves": moves["moves"], "frames": moves["frames"]}


def measure(base: str, args: argparse.Namespace) -> dict[str, dict]:
    marker = f"--trackwright-bench={uuid.uuid4().hex}"
    throttle = Throttle(marker)
    games = args.games.split(",")
    out: dict[str, dict] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[*ARGS, marker])
        throttle.start()
        try:
            if "dampfross" in games:
                out["dampfross"] = measure_dampfross(browser, base, args, throttle)
            if "transamerica" in games:
                out["transamerica"] = measure_transamerica(browser, base, args, throttle)
            out["share"] = {"busiest": throttle.share[0] / max(throttle.share[1], 1e-9)}
        finally:
            throttle.stop()
            browser.close()
    return out


def line(name: str, values: list[float], target: float | None) -> str:
    med, worst = statistics.median(values), max(values)
    aim = f" | {target:.0f} ms | {'yes' if worst <= target else 'NO'}" if target else " | | "
    return f"| {name} | {len(values)} | {med:.1f} ms | {worst:.1f} ms{aim} |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--map", default="england")
    ap.add_argument("--ta-map", default="usa")
    ap.add_argument("--hexes", type=int, default=20)
    ap.add_argument("--games", default="dampfross,transamerica")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        site.build(folder)
        with served_folder(folder) as base:
            stats = measure(base, args)
    print(
        f"{args.runs} runs, CPU slowed {args.rate:g}x (the busiest thread ran "
        f"{100 * stats['share']['busiest']:.0f} % of the time, {100 / args.rate:.0f} % at most; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores), 360 x 740"
    )
    print()
    print("| measured | count | median | worst | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    df = stats.get("dampfross")
    if df:
        name = f"Dampfross ({args.map}, strokes over {args.hexes} hexes)"
        print(line(f"{name}: a pointer move handled", df["moves"], None))
        print(line(f"{name}: a pointer move to the next frame", df["frames"], 100))
        print(line(f"{name}: a stroke's end to the frame with the new draft", df["commits"], 100))
        print(line(f"{name}: a stroke's end to its check shown", df["checks"], 1000))
    ta = stats.get("transamerica")
    if ta:
        name = f"TransAmerica ({args.ta_map})"
        print(line(f"{name}: a pointer move of a stroke to the next frame", ta["frames"], 100))
        print(
            line(f"{name}: a stroke's end to the frame with the new draft", ta["stroke drawn"], 100)
        )
        print(line(f"{name}: a city's drop to the frame with the new draft", ta["city drawn"], 100))
        print(
            line(
                f"{name}: a stroke over {args.hexes} intersections to its check shown",
                ta["strokes"],
                1000,
            )
        )
        print(line(f"{name}: a city moved to its check shown", ta["cities"], 1000))
        hands = ta["hands"]
        print(
            f"| {name}: hands measured by a check (of 400) | {len(hands)} | "
            f"{statistics.median(hands):.0f} | {min(hands)} (fewest) | | |"
        )


if __name__ == "__main__":
    main()
