"""The phone app in headless Chromium with the CPU throttled (DevTools
``Emulation.setCPUThrottlingRate``), against the same Pyodide files loaded bare in the same run.

    python benchmarks/phone.py [--rate 4] [--runs 5]

Prints: the download (every file the service worker keeps, and gzipped as a web host sends it);
the three ways the app is opened, throttled (a first visit with nothing kept, a returning visit
served by the service worker, and offline): the home page drawn (its frame begun), the engines
ready (``window.trackwright.timing.ready``) and the longest main-thread task until then (the
page's PerformanceObserver 'longtask' entries), with what the first visit downloaded (each
file once?); the offline cold start to ready and the bare Pyodide load, throttled and
unthrottled, with their ratio; a tap on the board to its redraw (the change kept on the phone,
the page redrawn and the next frame begun); scoring finished 6-player
TransAmerica rounds (simulated on the USA board) in the page. Medians of ``--runs`` runs.

Chromium throttles only a page's main thread: ``Emulation.setCPUThrottlingRate`` is refused for
a worker target ("only supported for pages"), so engines started in a Web Worker run there at
the machine's full speed. Where the page reports when its worker started
(``timing.worker``), the engines' readiness is also given with the worker's whole start-up
multiplied by the rate (an upper bound: its waits for files are multiplied too).
Needs Debian's chromium and the Python package playwright (the test extras)."""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from trackwright.core import transamerica as model
from trackwright.web import site

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script
from benchmarks.served import ARGS
from tests.support import simulate
from tests.support.served import STARTED, WATCH, free_port, wait_for

BARE = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("pyodide/", location.href).href, fullStdLib: false });
window.bare = performance.now();
</script>"""


VISITS = ("first", "returning", "offline")
REQUEST = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def rounds(n: int) -> list[dict]:
    m = model.load("usa")
    players = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"]
    out = []
    for seed in range(n):
        entry = simulate.play_round(m, players, seed=1000 + seed)
        turns = entry.pop("turns", [])
        entry.setdefault("track", [e for t in turns for e in t["track"]])
        out.append({"game": "transamerica", "map": "usa", "players": players, "rounds": [entry]})
    return out


def page_with(context, rate: float):
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return page


TAPS = """async n => {
    const out = [];
    for (let i = 0; i < n; i++) {
        const edges = document.querySelectorAll('line.edge');
        const e = edges[(i * 37) % edges.length];
        const drawn = window.twRendered();
        const t = performance.now();
        e.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        await drawn;
        await new Promise(r => requestAnimationFrame(() => r()));
        out.push(performance.now() - t);
        await window.twIdle();
    }
    return out;
}"""
SCORES = """async records => {
    const out = [];
    for (const r of records) {
        const t = performance.now();
        await window.trackwright.score(r);
        out.push(performance.now() - t);
    }
    return out;
}"""


def cold_starts(ctx, base: str, rate: float, runs: int, figures: dict[str, list[float]]) -> None:
    """Bare Pyodide and the app loaded ``runs`` times each, offline, at this CPU rate."""
    for _ in range(runs):
        page = page_with(ctx, rate)
        page.goto(base + "bench-bare.html")
        page.wait_for_function("window.bare !== undefined", timeout=120_000)
        figures.setdefault(f"bare@{rate}", []).append(page.evaluate("window.bare"))
        page.close()
        page = page_with(ctx, rate)
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        ready = page.evaluate("window.trackwright.timing.ready")
        figures.setdefault(f"app@{rate}", []).append(ready)
        page.close()


def visit(ctx, base: str, rate: float, kept: bool = False) -> dict[str, float]:
    """The app opened in a new tab: when its home page was drawn, when the engines were ready,
    the longest main-thread task until then (ms since the navigation began). ``kept``: the tab
    stays open until the service worker is installed (a second tab opened before would be a
    second first visit)."""
    page = page_with(ctx, rate)
    page.goto(base)
    page.wait_for_function("window.__tw && window.__tw.drawn > 0", timeout=120_000)
    found = page.evaluate(STARTED)
    if kept:
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.close()
    if found["worker"] is not None:  # the worker unthrottled (see the module's description)
        found["scaled"] = found["worker"] + rate * (found["ready"] - found["worker"])
    else:
        found["scaled"] = found["ready"]
    return found


def downloads(log: Path, start: int, folder: Path) -> dict[str, int]:
    """What the server sent since ``start`` (an offset in its log): files and bytes, and the
    files sent more than once."""
    sent: dict[str, int] = {}
    with log.open("rb") as f:
        f.seek(start)
        for match in REQUEST.finditer(f.read().decode("utf-8", "replace")):
            if match.group(2) == "200":
                path = match.group(1).split("?")[0].lstrip("/") or "index.html"
                sent[path] = sent.get(path, 0) + 1
    size = {p: (folder / p).stat().st_size for p in sent if (folder / p).is_file()}
    twice = [p for p, n in sent.items() if n > 1]
    return {
        "requests": sum(sent.values()),
        "bytes": sum(size.get(p, 0) * n for p, n in sent.items()),
        "twice": len(twice),
        "twice_bytes": sum(size.get(p, 0) * (sent[p] - 1) for p in twice),
    }


def visits(browser, base: str, rate: float, runs: int, served: tuple[Path, Path]) -> dict:
    """Each run in a new browser context (nothing kept): the first visit (and what it
    downloaded, the service worker's install included), a returning visit, one offline."""
    figures: dict[str, list] = {}
    log, folder = served
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        ctx.add_init_script(WATCH)
        start = log.stat().st_size
        figures.setdefault("first", []).append(visit(ctx, base, rate, kept=True))
        time.sleep(0.5)
        figures.setdefault("download", []).append(downloads(log, start, folder))
        figures.setdefault("returning", []).append(visit(ctx, base, rate))
        ctx.set_offline(True)
        figures.setdefault("offline", []).append(visit(ctx, base, rate))
        ctx.close()
    return figures


def measure(base: str, args: argparse.Namespace, served: tuple[Path, Path]):
    """In Chromium: the three visits, the cold starts at both rates, then a tap and a round's
    score, throttled, in a game on the USA board."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        opened = visits(browser, base, args.rate, args.runs, served)
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        first = ctx.new_page()
        first.goto(base)
        first.evaluate("window.trackwright.ready")
        first.evaluate("navigator.serviceWorker.ready.then(() => true)")
        first.evaluate(
            "caches.keys().then(k => caches.open(k[0])).then(c => c.add('bench-bare.html'))"
        )
        first.close()
        ctx.set_offline(True)
        figures: dict[str, list[float]] = {}
        for rate in (1.0, args.rate):
            cold_starts(ctx, base, rate, args.runs, figures)
        page = page_with(ctx, args.rate)
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        page.wait_for_selector("#create")
        page.click("#create")
        page.wait_for_selector("#draw")
        page.click("#draw")  # track is laid only once the player chooses to draw
        page.wait_for_selector("line.edge", state="attached")
        page.evaluate("window.twIdle()")
        taps = page.evaluate(TAPS, 20)
        scores = page.evaluate(SCORES, rounds(args.runs * 3))
        browser.close()
    return opened, figures, taps, scores


def print_visits(args, opened: dict) -> None:
    r = args.rate

    def med(visit: str, key: str) -> float:
        return statistics.median(v[key] for v in opened[visit])

    print(
        f"| opened, {r:g}x | home drawn | engines ready | ready, worker at {r:g}x too | longest task |"
    )
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in VISITS:
        print(
            f"| {name} | {med(name, 'drawn'):.0f} ms | {med(name, 'ready'):.0f} ms | "
            f"{med(name, 'scaled'):.0f} ms | {med(name, 'longest'):.0f} ms |"
        )
    print("targets: ready within 3000 ms returning, 6000 ms first; no task over 200 ms")
    got = opened["download"]
    print(
        f"first visit's downloads (service worker's install included): "
        f"{statistics.median(d['requests'] for d in got):.0f} files, "
        f"{statistics.median(d['bytes'] for d in got) / 1e6:.1f} MB, of which sent twice "
        f"{statistics.median(d['twice'] for d in got):.0f} files, "
        f"{statistics.median(d['twice_bytes'] for d in got) / 1e6:.1f} MB"
    )
    print()


def print_figures(args, opened, figures, taps, scores, raw: int, zipped: int, report) -> None:
    med = {k: statistics.median(v) for k, v in figures.items()}
    r = args.rate
    print(
        f"phone app, Chromium at 360x740, CPU throttled {r:g}x where marked; medians of {args.runs}"
    )
    print()
    print_visits(args, opened)
    print("| figure | measured | target |")
    print("| --- | ---: | --- |")
    print(
        f"| download (files the app keeps) | {raw / 1e6:.1f} MB, {zipped / 1e6:.1f} MB gzipped | |"
    )
    print(f"| of which Pyodide | {report.pyodide_size / 1e6:.1f} MB | |")
    print(f"| bare Pyodide load, offline, {r:g}x | {med[f'bare@{r}']:.0f} ms | |")
    print(
        f"| app cold start to ready, offline, {r:g}x (the page only: its engines' worker runs "
        f"unthrottled) | {med[f'app@{r}']:.0f} ms | |"
    )
    ratio = med[f"app@{r}"] / med[f"bare@{r}"]
    print(f"| ratio app / bare, {r:g}x | {ratio:.2f} | <= 1.5 |")
    print(f"| bare Pyodide load, offline, 1x | {med['bare@1.0']:.0f} ms | |")
    print(f"| app cold start to ready, offline, 1x | {med['app@1.0']:.0f} ms | < 3000 ms |")
    print(f"| ratio app / bare, 1x | {med['app@1.0'] / med['bare@1.0']:.2f} | |")
    print(
        f"| tap to redraw, {r:g}x (20 taps) | median {statistics.median(taps):.0f} ms, "
        f"max {max(taps):.0f} ms | < 50 ms |"
    )
    print(
        f"| score a finished 6-player round, {r:g}x ({len(scores)} rounds) | median "
        f"{statistics.median(scores):.0f} ms, max {max(scores):.0f} ms | < 300 ms |"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        report = site.build(folder)
        (folder / "bench-bare.html").write_text(BARE, "utf-8")
        kept = json.loads(
            (folder / "sw.js").read_text("utf-8").split("const PRECACHE = ")[1].split(";\n")[0]
        )
        raw = sum((folder / k).stat().st_size for k in kept if k != "./")
        zipped = sum(len(gzip.compress((folder / k).read_bytes(), 6)) for k in kept if k != "./")
        port = free_port()
        log = Path(tmp) / "requests.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(
                [sys.executable, "-m", "http.server", str(port), "-d", folder, "-b", "127.0.0.1"],
                stdout=subprocess.DEVNULL,
                stderr=sink,
            )
        base = f"http://127.0.0.1:{port}/"
        wait_for(base)
        try:
            opened, figures, taps, scores = measure(base, args, (log, folder))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print_figures(args, opened, figures, taps, scores, raw, zipped, report)


if __name__ == "__main__":
    main()
