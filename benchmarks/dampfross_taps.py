"""Entering a whole Dampfross game on the phone app, counting every tap, in headless Chromium
(360 x 740).

    python benchmarks/dampfross_taps.py [--record tests/records/dampfross/example-england.json]
                                        [--greedy] [--touch]
    python benchmarks/dampfross_taps.py --destinations [--at 53] [--rate 4] [--runs 5]

The recorded game (three players on the England map: 60 builds, 2 passes, 6 races) is entered
through the page's own controls as a table would: a build is the die's face, a tap on the town
the line goes toward (none when the player goes on toward the town they aimed at last time: the
page keeps each player's aim and the engine draws the cheapest line there, as far as the roll
pays), and confirm; a line the engine would not draw is tapped hex by hex. Who builds next is
preselected by the page (the engine's turn order; between races the player with the most
winnings). A race is the number rolled for its destination (and its first town, for the first
race), the engine's proposed route of every entrant (kept when it is the recorded one, else the
route tapped hex by hex), the players tapped in finishing order (the last one left is placed by
itself), and recording it.

Which town a player taps is planned with the engine itself, as a player with a plan would: among
the towns whose cheapest line is the recorded one, the one the player goes on building toward
the longest (``--greedy``: the one nearest the line's end, no planning ahead). Every tap (a die's face, a hex or a town on the board, a button, a player) counts
one; the time per tap runs from the tap to the page redrawn with the engine's answers.

Printed: taps for the whole game, per build (construction and from winnings), per pass and per
race, the time per tap, and whether the page's export scores exactly as ``trackwright score
dampfross RECORD --json`` scores the record (the benchmark fails if not).

``--touch``: the builds of the construction (until the first race) are entered by real touch
input at the places on the screen (CDP ``Input.dispatchTouchEvent``), live, as a player at the
table does: the die's face; Confirm when the page has drawn the line (toward the player's aim);
else a tap on a town whose line it is, the planned one first, where the finger finds it without
a pan (on the board in view, clear of the zoom buttons and of other towns by a fingertip, or as
a town out of view in the build bar), a pan only when none is; hexes one by one when no town
draws it. Every gesture counts as a player makes it: each tap, a pan, a zoom for a line tapped
hex by hex; a button not on the screen fails the benchmark (no build may need a scroll).
Printed: gestures per build, builds by their gestures, pans, towns tapped as the bar's buttons,
taps on a town with another within 44 px, and the builds where the page moved the board itself
over the face's towns (and how far it zoomed out).

``--destinations``: the engine's ``destinations`` question in Pyodide with page and worker
slowed ``--rate`` times (4 by default: ``benchmarks/phone.py``'s ``Throttle``), at event
``--at`` of the record (53: Ben's network spans England, Newcastle out of view): each die face
tapped ``--runs`` times, the time from the tap to the bar's towns out of view shown (the face's
line toward the player's aim, when there is one, drawn first, as at the table), and the
question alone (``Engine.ask`` in the worker, the record already scored). Printed: median and
95th percentile of both, and how many taps showed buttons."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from trackwright.scorer import dampfross as df

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests.support
from benchmarks.phone import Throttle
from benchmarks.served import ARGS, served_app
from tests.support.dampfross_taps import DRIVER, Planner, touch_build

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def cli_score(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "trackwright", "score", "dampfross", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def enter_in_page(
    data: dict[str, Any],
    plans: list[dict[str, Any]],
    touched: list | None = None,
    planner: Planner | None = None,
):
    """The game entered through the page in Chromium: each plan's row (taps, times), the time it
    took, the score the page shows, and the page's export scored by the command line. With
    ``touched`` (a list), the construction's builds by real touch input first (their gestures
    appended to it)."""
    from playwright.sync_api import sync_playwright

    with served_app() as (base, folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context(
            viewport={"width": 360, "height": 740},
            device_scale_factor=2,
            has_touch=True,
            accept_downloads=True,
        )
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        new_game(page, base, data)
        started = time.perf_counter()
        rows = []
        if touched is not None:
            towns = {
                tuple(t["hex"]): t["name"] for t in page.evaluate("window.TW.G.board.map.towns")
            }
            while plans and plans[0]["type"] != "race":
                plan, plans = plans[0], plans[1:]
                if plan["type"] == "build":
                    touched.append(touch_build(page, plan, towns, planner))
                else:
                    rows += page.evaluate(DRIVER, [[plan]])
        rows += page.evaluate(DRIVER, [plans])
        elapsed = time.perf_counter() - started
        shown = page.evaluate("window.TW.G.score")
        with page.expect_download() as info:
            page.click("#export")
        exported = folder.parent / "exported.json"
        info.value.save_as(exported)
        browser.close()
        from_page = cli_score(exported)
    return rows, elapsed, shown, from_page, errors


def new_game(page: Any, base: str, data: dict[str, Any]) -> None:
    """A new Dampfross game with the record's map, players and starts, ready for its events."""
    page.goto(base)
    page.wait_for_selector("#create", timeout=120_000)
    page.evaluate("window.trackwright.ready")
    page.select_option("#new-game", "dampfross")
    page.evaluate("window.twIdle()")
    page.select_option("#new-map", f"b:{data['map']}")
    page.evaluate("window.twIdle()")
    names = page.locator("input.player")
    for i, name in enumerate(data["players"]):
        names.nth(i).fill(name)
    page.evaluate("window.twIdle()")
    for i, name in enumerate(data["players"]):
        page.locator("select.start").nth(i).select_option(
            json.dumps(data["starts"][name]).replace(" ", "")
        )
    page.click("#create")
    page.wait_for_url("**#/game/**")
    page.wait_for_selector("#build button, #build p")
    page.evaluate("window.twIdle()")
    page.wait_for_selector("#faces")


# Runs in the page: a die face tapped, the time until the bar shows towns out of view (None when
# the page settles with every town of the face's lines in view); then the face taken back.
FACE_TO_BUTTONS = """async face => {
  const shown = () => document.querySelector('#destinations button[data-town]');
  const frame = () => new Promise(r => requestAnimationFrame(r));
  const t0 = performance.now();
  document.querySelector(`#df-bar button[data-face="${face}"]`)
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
  let idle = false, took = null;
  window.twIdle().then(() => { idle = true; });
  for (let settled = 0; settled < 3 && performance.now() - t0 < 60000; ) {
    await frame();
    if (shown()) { took = performance.now() - t0; break; }
    if (idle) settled += 1;
  }
  await window.twIdle();
  const back = document.querySelector('#change-face');
  if (back) back.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  else window.TW.G.record['x-draft'].face = null;
  await window.twIdle();
  return took;
}"""
# The question alone, in the worker: the record already scored (as after the die tap).
ASK = """async ([face, runs]) => {
  const G = window.TW.G, record = JSON.parse(window.TW.scoredKey(G.record));
  const args = { player: G.record.players[G.player], paid_from: 'roll', roll: face };
  await window.TW.engine.ask('destinations', record, args);
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await window.TW.engine.ask('destinations', record, args);
    out.push(performance.now() - t0);
  }
  return out;
}"""


def destinations_timing(
    data: dict[str, Any], plans: list[dict[str, Any]], at: int, rate: float, runs: int
) -> tuple[list[float | None], list[float], str]:
    """In Chromium, the record's events before ``at`` entered unthrottled, then at ``rate``: the
    die tap to the towns out of view shown, each face ``runs`` times, and the question alone."""
    from playwright.sync_api import sync_playwright

    marker = f"--trackwright-bench={uuid.uuid4().hex}"  # ignored by Chromium, found in /proc
    throttle = Throttle(marker)
    with served_app() as (base, _folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[*ARGS, marker])
        throttle.start()
        try:
            ctx = browser.new_context(
                viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True
            )
            page = ctx.new_page()
            new_game(page, base, data)
            page.evaluate(DRIVER, [plans[: at - 1]])
            who = page.evaluate("window.TW.G.record.players[window.TW.G.player]")
            throttle.rate = rate
            taps = [page.evaluate(FACE_TO_BUTTONS, f) for _ in range(runs) for f in range(1, 7)]
            asks = [t for f in range(1, 7) for t in page.evaluate(ASK, [f, runs])]
        finally:
            throttle.stop()
            browser.close()
    return taps, asks, who


def print_destinations(args: argparse.Namespace, data: dict[str, Any], plans: list) -> None:
    taps, asks, who = destinations_timing(data, plans, args.at, args.rate, args.runs)
    shown = [t for t in taps if t is not None]

    def figures(xs: list[float]) -> str:
        if len(xs) < 2:
            return "too few to say"
        p95 = statistics.quantiles(xs, n=20)[-1]
        return f"median {statistics.median(xs):.0f} ms, 95th percentile {p95:.0f} ms"

    print()
    print(
        f"destinations at event {args.at} ({who} building), page and worker slowed "
        f"{args.rate:g}x: die tap to the towns out of view shown: {figures(shown)} "
        f"({len(shown)} of {len(taps)} taps showed buttons, the others every town in view); "
        f"the question alone in the worker: {figures(asks)} ({len(asks)} asks)"
    )


def print_taps(rows: list[dict[str, Any]], elapsed: float) -> None:
    """The taps per kind of event, per kind of tap, and the time per tap."""

    def total(kind: str, phase: str | None = None) -> tuple[int, int]:
        picked = [r for r in rows if r["type"] == kind and (phase is None or r["phase"] == phase)]
        return sum(r["taps"] for r in picked), len(picked)

    taps = sum(r["taps"] for r in rows)
    times = [t for r in rows for t in r["times"]]
    kinds: Counter = Counter()
    for r in rows:
        kinds.update(r["kinds"])
    print("| what | events | taps | taps per event |")
    print("| --- | ---: | ---: | ---: |")
    for label, kind, phase in (
        ("builds with a roll", "build", "construction"),
        ("builds from winnings", "build", "races"),
        ("all builds", "build", None),
        ("passes", "pass", None),
        ("races", "race", None),
    ):
        t, k = total(kind, phase)
        if k:
            print(f"| {label} | {k} | {t} | {t / k:.2f} |")
    print(f"| **whole game** | {len(rows)} | **{taps}** | {taps / len(rows):.2f} |")
    print()
    print("taps by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(
        f"time per tap (tap to the page redrawn with the engine's answers): median "
        f"{statistics.median(times):.0f} ms, 90th percentile "
        f"{statistics.quantiles(times, n=10)[-1]:.0f} ms, longest {max(times):.0f} ms; "
        f"whole game {elapsed:.1f} s"
    )
    print(f"target: at most 200 taps for the whole game: {'met' if taps <= 200 else 'NOT met'}")


def print_touch(touched: list[dict[str, int]]) -> None:
    """The construction's builds by touch: gestures per build and what they were."""
    gestures = [t["gestures"] for t in touched]
    by = Counter(gestures)
    print()
    print(
        f"by touch: {len(touched)} builds of the construction, {sum(gestures)} gestures "
        f"({sum(gestures) / len(touched):.2f} a build; "
        + ", ".join(f"{by[k]} builds in {k}" for k in sorted(by))
        + f"), {sum(t['pans'] for t in touched)} pans, {sum(t['zooms'] for t in touched)} zooms, "
        f"no scroll; towns tapped as the bar's buttons (out of view): "
        f"{sum(t['buttons'] for t in touched)}; taps on a town with another within 44 px: "
        f"{sum(t['crowded'] for t in touched)}; a town other than the planned one (drawing the same "
        f"line, in reach without a pan): {sum(t['other'] for t in touched)}; "
        f"taps on a town that zoomed or moved the board: "
        f"{sum(t['moved'] for t in touched)}"
    )
    fitted = [t for t in touched if t["fitted"]]
    if fitted:
        print(
            f"the page moved the board over a face's towns itself in {len(fitted)} builds "
            f"(zoomed out to {min(t['zoom'] for t in fitted):.2f} at most; the default is 1)"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--record", type=Path, default=RECORD)
    ap.add_argument(
        "--greedy",
        action="store_true",
        help="players tap the town nearest the end of the line they want, not planning ahead",
    )
    ap.add_argument(
        "--touch",
        action="store_true",
        help="the construction's builds by real touch input, every gesture counted",
    )
    ap.add_argument(
        "--destinations",
        action="store_true",
        help="time the destinations question, page and worker throttled, and nothing else",
    )
    ap.add_argument("--at", type=int, default=53, help="with --destinations: the event")
    ap.add_argument("--rate", type=float, default=4.0, help="with --destinations: the slowdown")
    ap.add_argument("--runs", type=int, default=5, help="with --destinations: taps per face")
    args = ap.parse_args()
    data = json.loads(args.record.read_text("utf-8"))
    record = df.load_record(args.record)
    planner = Planner(record, plan_ahead=not args.greedy)
    plans = planner.plan()
    if args.destinations:
        print_destinations(args, data, plans)
        return
    counts = Counter(p["type"] for p in plans)
    touched: list[dict[str, int]] | None = [] if args.touch else None
    rows, elapsed, shown, from_page, errors = enter_in_page(data, plans, touched, planner)
    expected = cli_score(args.record)
    same = from_page == expected == shown
    print(
        f"Dampfross: {args.record.name} ({record.map.name}, {len(record.players)} players: "
        f"{counts['build']} builds, {counts['pass']} passes, {counts['race']} races) entered "
        "through the page in Chromium 360x740; towns tapped "
        + ("nearest the line's end" if args.greedy else "as planned ahead")
    )
    print()
    print_taps(rows, elapsed)
    if touched:
        print_touch(touched)
    print(
        "the export scores as `trackwright score dampfross RECORD --json` scores the record: "
        + ("yes" if same else "NO")
    )
    if errors:
        print("page errors:", errors)
    if not same or errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
