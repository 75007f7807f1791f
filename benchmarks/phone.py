"""The phone app in headless Chromium with the CPU slowed ``--rate`` times (4: a slow phone),
page and Web Worker alike, against the same Pyodide files loaded bare in the same run.

    python benchmarks/phone.py [--rate 4] [--runs 5]

How the CPU is slowed: DevTools' ``Emulation.setCPUThrottlingRate`` slows a page's main thread
only, and Chromium refuses it for a worker target ("only supported for pages, not workers",
also through ``Target.setAutoAttach``), so the engines, which start in a Web Worker, would run
at full speed. Instead every renderer process of the benchmark's own Chromium (found by a marker
on its command line) is stopped and continued in turn (SIGSTOP / SIGCONT; :class:`Throttle`),
so that each thread of the page, its worker and its service worker runs ``rate`` times slower
than on a core of its own, as on a phone slower in every core. The network and the browser
process run at full speed, as with DevTools' throttle. The benchmark first checks the slowing:
a busy loop timed in the page and in a worker, throttled, over its fastest free run (printed;
on a machine busy with other work even the free runs are slowed, so the ratio reads low), and
the share of the time the busiest thread ran while throttled (at most 1/rate).

Prints: the site's files (every language's boards; and gzipped as a web host sends them);
the three ways the app is opened, throttled (a first visit with nothing kept, over a link of
``--mbps`` megabits a second and ``--rtt-ms`` round trip, uncompressed as ``python -m
http.server`` sends it; a returning visit served by the service worker; and offline): the home
page drawn (its frame begun), when the engines' worker started, had the engines' snapshot in
hand (unzipped), had Python started (restored) and had the engines ready
(``window.trackwright.timing``), and the longest main-thread task until then (the page's
PerformanceObserver 'longtask' entries), with what the first visit downloaded (each file
once?); the offline cold start to ready and the bare Pyodide load, throttled and unthrottled,
with their ratio; a tap on the board to its redraw; scoring finished 6-player TransAmerica
rounds (simulated on the USA board) in the page. Medians of ``--runs`` runs.

What each step of issue 26's start-up work bought (engines ready, ms since the navigation
began, CPU slowed 4x in the page and the worker, 50 Mbit/s; medians of 3-5 runs on the 2-core
machine shared with other work, load average 6-7, so +-20 %):

| step | first visit | returning | offline | first visit's download |
| --- | ---: | ---: | ---: | ---: |
| before: Pyodide started in the worker, boards in 4 languages | 7412 | 5798 | 5651 | 70 files, 22.8 MB |
| a memory snapshot made by ``trackwright site`` (Node.js), restored instead of starting Python and importing the engines (1 run) | 4769 | 1037 | 1167 | + 6.3 MB |
| the snapshot handed to Pyodide as a Promise: its WebAssembly, standard library and the snapshot downloaded side by side (no gain out of the noise; a second run of 5: 4255, 1374, 1306) | 4727 | 1486 | 1334 | |
| the printed boards of one language kept at first, others on demand | | | | - 6.2 MB: 46 files, 22.7 MB |

Tried and not kept: the browser's compiled-code cache for Pyodide's WebAssembly (its streaming
compile took 0.1-0.25 s at 1x whether the module came from the HTTP cache or the service
worker's, which keeps ``application/wasm``: V8 compiles a module's functions lazily, so there is
little left to cache); a trimmed standard library (at most 2.5 MB less on a first visit, and a
module an engine imports late, missing, would fail at the table); precompiled ``.pyc`` and
imports deferred until first use (restored from the snapshot, nothing is imported at start).
Needs Debian's chromium and the Python package playwright (the test extras); Linux (/proc)."""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
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
#: A busy loop, timed in the page and in a worker: how much the throttle slows each.
BUSY = "let x = 0; const t = performance.now(); for (let i = 0; i < 1e8; i++) x += i % 7;"
CALIBRATE = """async (busy) => {
    const page = new Function(`${busy} return performance.now() - t;`)();
    const src = `${busy} postMessage(performance.now() - t);`;
    const w = new Worker(URL.createObjectURL(new Blob([src])));
    const worker = await new Promise((r) => { w.onmessage = (e) => r(e.data); });
    w.terminate();
    return { page, worker };
}"""

VISITS = ("first", "returning", "offline")
REQUEST = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def _children(pid: int) -> list[int]:
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            found += map(int, Path(f"/proc/{pid}/task/{task}/children").read_text().split())
    except OSError:
        pass
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


class Throttle(threading.Thread):
    """Every renderer process of the one Chromium whose command line holds ``marker``, stopped
    and continued in turn so that each of its threads runs ``rate`` times slower than on a core
    of its own: after each running stretch, the processes stay stopped until ``rate`` times the
    CPU time the busiest thread had in it has passed (``/proc/PID/task/TID/schedstat``). Counting
    CPU time rather than wall time keeps the rate when other work on the machine shares its
    cores (the stretch a stopped process gets back is favoured by the scheduler). The
    processes are looked for at each turn (a new tab may start one). ``rate`` may change
    between measurements; 1 runs them freely."""

    def __init__(self, marker: str, rate: float = 1.0, slice_s: float = 0.01) -> None:
        super().__init__(daemon=True)
        self.marker = marker.encode()
        self.rate = rate
        self.slice_s = slice_s
        self.running = True
        self.pids: list[int] = []
        self.root: int | None = None
        #: While throttled: the busiest thread's CPU time, and the time passed (s).
        self.share = [0.0, 0.0]

    def renderers(self) -> list[int]:
        if self.root is None:
            pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
            self.root = next((p for p in pids if self.marker in _cmdline(p)), None)
        found: list[int] = []
        todo = [self.root] if self.root else []
        while todo:
            for child in _children(todo.pop()):
                todo.append(child)
                if b"--type=renderer" in _cmdline(child):
                    found.append(child)
        return found

    def _signal(self, sig: int) -> None:
        for pid in self.pids:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)

    def _cpu(self) -> dict[tuple[int, str], int]:
        """Each thread's time on a CPU so far (ns, /proc/PID/task/TID/schedstat)."""
        used = {}
        for pid in self.pids:
            with contextlib.suppress(OSError):
                for tid in os.listdir(f"/proc/{pid}/task"):
                    with contextlib.suppress(OSError, ValueError):
                        stat = Path(f"/proc/{pid}/task/{tid}/schedstat").read_text()
                        used[pid, tid] = int(stat.split()[0])
        return used

    def run(self) -> None:
        resumed = time.perf_counter()
        before = self._cpu()
        while self.running:
            time.sleep(self.slice_s)
            if self.rate > 1:
                self._signal(signal.SIGSTOP)
                wall = time.perf_counter() - resumed
                after = self._cpu()
                busiest = max((after[k] - before.get(k, 0) for k in after), default=0) / 1e9
                time.sleep(max(0.0, self.rate * min(busiest, wall) - wall))
                self._signal(signal.SIGCONT)
                self.share[0] += min(busiest, wall)
                self.share[1] += time.perf_counter() - resumed
            resumed = time.perf_counter()
            self.pids = self.renderers()  # new tabs may start new renderer processes
            before = self._cpu()

    def stop(self) -> None:
        self.running = False
        self.join(timeout=5)
        self.pids = self.renderers()
        self._signal(signal.SIGCONT)


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


def calibrate(ctx, base: str, throttle: Throttle, rate: float) -> dict[str, float]:
    """How much slower the busy loop runs throttled, in the page and in a worker: the median
    of 3 throttled runs over the fastest of 5 free ones (the least disturbed by other work on
    the machine)."""
    page = ctx.new_page()
    page.goto(base + "bench-bare.html")
    throttle.rate = 1.0
    free = [page.evaluate(CALIBRATE, BUSY) for _ in range(5)]
    throttle.rate = rate
    slow = [page.evaluate(CALIBRATE, BUSY) for _ in range(3)]
    throttle.rate = 1.0
    page.close()
    return {
        k: statistics.median(s[k] for s in slow) / min(f[k] for f in free)
        for k in ("page", "worker")
    }


def cold_starts(ctx, base: str, throttle, rate: float, runs: int, figures: dict) -> None:
    """Bare Pyodide and the app loaded ``runs`` times each, offline, at this CPU rate."""
    throttle.rate = rate
    for _ in range(runs):
        page = ctx.new_page()
        page.goto(base + "bench-bare.html")
        page.wait_for_function("window.bare !== undefined", timeout=180_000)
        figures.setdefault(f"bare@{rate}", []).append(page.evaluate("window.bare"))
        page.close()
        page = ctx.new_page()
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        ready = page.evaluate("window.trackwright.timing.ready")
        figures.setdefault(f"app@{rate}", []).append(ready)
        page.close()
    throttle.rate = 1.0


def visit(ctx, base: str, kept: bool = False) -> dict[str, float]:
    """The app opened in a new tab: when its home page was drawn, when the engines were ready,
    when their worker had Pyodide, the longest main-thread task until then (ms since the
    navigation began). ``kept``: the tab stays open until the service worker is installed (a
    second tab opened before would be a second first visit)."""
    page = ctx.new_page()
    page.goto(base)
    page.wait_for_function("window.__tw && window.__tw.drawn > 0", timeout=180_000)
    found = page.evaluate(STARTED)
    timing = page.evaluate("window.trackwright.timing")
    for key in ("worker", "fetched", "pyodide"):
        found[key] = timing.get(key) or 0.0
    found["restored"] = bool(timing.get("restored"))
    if kept:
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.close()
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


def visits(browser, base: str, throttle, rate: float, runs: int, served) -> dict:
    """Each run in a new browser context (nothing kept): the first visit (and what it
    downloaded, the service worker's install included), a returning visit, one offline."""
    figures: dict[str, list] = {}
    log, folder = served
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        ctx.add_init_script(WATCH)
        start = log.stat().st_size
        throttle.rate = rate
        figures.setdefault("first", []).append(visit(ctx, base, kept=True))
        throttle.rate = 1.0
        time.sleep(0.5)
        figures.setdefault("download", []).append(downloads(log, start, folder))
        throttle.rate = rate
        figures.setdefault("returning", []).append(visit(ctx, base))
        ctx.set_offline(True)
        figures.setdefault("offline", []).append(visit(ctx, base))
        throttle.rate = 1.0
        ctx.close()
    return figures


def kept_context(browser, base: str):
    """A context where the app is kept by its service worker (with the bare page), offline."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    first = ctx.new_page()
    first.goto(base)
    first.evaluate("window.trackwright.ready")
    first.evaluate("navigator.serviceWorker.ready.then(() => true)")
    first.evaluate(
        "caches.keys().then(k => caches.open(k.find((n) => n.startsWith('trackwright-'))))"
        ".then(c => c.add('bench-bare.html'))"
    )
    first.close()
    ctx.set_offline(True)
    return ctx


def in_a_game(ctx, base: str, throttle, rate: float, runs: int):
    """A tap on the board to its redraw and a round's score, throttled, in a game on the USA
    board."""
    page = ctx.new_page()
    page.goto(base)
    page.evaluate("window.trackwright.ready")
    page.wait_for_selector("#create")
    page.click("#create")
    page.wait_for_selector("#draw")
    page.click("#draw")  # track is laid only once the player chooses to draw
    page.wait_for_selector("line.edge", state="attached")
    page.evaluate("window.twIdle()")
    throttle.rate = rate
    taps = page.evaluate(TAPS, 20)
    scores = page.evaluate(SCORES, rounds(runs * 3))
    throttle.rate = 1.0
    return taps, scores


def measure(base: str, args: argparse.Namespace, served: tuple[Path, Path]):
    """In Chromium: the throttle checked, the three visits, the cold starts at both rates, then
    a tap and a round's score."""
    marker = f"--trackwright-bench={uuid.uuid4().hex}"  # ignored by Chromium, found in /proc
    throttle = Throttle(marker)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[*ARGS, marker])
        throttle.start()
        try:
            ctx = kept_context(browser, base)
            slowed = calibrate(ctx, base, throttle, args.rate)
            slowed["load"] = os.getloadavg()[0]
            opened = visits(browser, base, throttle, args.rate, args.runs, served)
            figures: dict[str, list[float]] = {}
            for rate in (1.0, args.rate):
                cold_starts(ctx, base, throttle, rate, args.runs, figures)
            taps, scores = in_a_game(ctx, base, throttle, args.rate, args.runs)
            slowed["share"] = throttle.share[0] / max(throttle.share[1], 1e-9)
        finally:
            throttle.stop()
            browser.close()
    return slowed, opened, figures, taps, scores


def print_visits(args, slowed: dict, opened: dict) -> None:
    r = args.rate

    def med(visit: str, key: str) -> float:
        return statistics.median(v[key] for v in opened[visit])

    print(
        f"CPU slowed {r:g}x (busy loop measured {slowed['page']:.1f}x in the page, "
        f"{slowed['worker']:.1f}x in a worker; load average {slowed['load']:.1f} on "
        f"{os.cpu_count()} cores; the busiest thread ran {100 * slowed['share']:.0f} % of "
        f"the time throttled, idle time included: {100 / r:.0f} % at most)"
    )
    print()
    print(
        f"| opened, {r:g}x | home drawn | worker started | snapshot in hand | Python started "
        "| engines ready | longest task |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    keys = ("drawn", "worker", "fetched", "pyodide", "ready", "longest")
    for name in VISITS:
        print(f"| {name} | " + " | ".join(f"{med(name, k):.0f} ms" for k in keys) + " |")
    print("targets: ready within 3000 ms returning, 6000 ms first; no task over 200 ms")
    used = sum(v["restored"] for name in VISITS for v in opened[name])
    print(f"the engines' snapshot restored in {used} of {len(VISITS) * args.runs} visits")
    got = opened["download"]
    print(
        f"first visit's downloads (service worker's install included): "
        f"{statistics.median(d['requests'] for d in got):.0f} files, "
        f"{statistics.median(d['bytes'] for d in got) / 1e6:.1f} MB, of which sent twice "
        f"{statistics.median(d['twice'] for d in got):.0f} files, "
        f"{statistics.median(d['twice_bytes'] for d in got) / 1e6:.1f} MB"
    )
    print()


def print_figures(args, measured, raw: int, zipped: int, report) -> None:
    slowed, opened, figures, taps, scores = measured
    med = {k: statistics.median(v) for k, v in figures.items()}
    r = args.rate
    print(
        f"phone app, Chromium at 360x740, CPU slowed {r:g}x where marked; medians of {args.runs}; "
        f"served over a {args.mbps:g} Mbit/s link, {args.rtt_ms:g} ms round trip, uncompressed"
    )
    print()
    print_visits(args, slowed, opened)
    print("| figure | measured | target |")
    print("| --- | ---: | --- |")
    print(
        f"| the site's files (every language's boards) | {raw / 1e6:.1f} MB, {zipped / 1e6:.1f} MB gzipped | |"
    )
    print(f"| of which Pyodide | {report.pyodide_size / 1e6:.1f} MB | |")
    for rate in (r, 1.0):
        print(f"| bare Pyodide load, offline, {rate:g}x | {med[f'bare@{rate}']:.0f} ms | |")
        print(f"| app cold start to ready, offline, {rate:g}x | {med[f'app@{rate}']:.0f} ms | |")
        ratio = med[f"app@{rate}"] / med[f"bare@{rate}"]
        print(f"| ratio app / bare, {rate:g}x | {ratio:.2f} | |")
    print(
        f"| tap to redraw, {r:g}x (20 taps) | median {statistics.median(taps):.0f} ms, "
        f"max {max(taps):.0f} ms | < 50 ms |"
    )
    print(
        f"| score a finished 6-player round, {r:g}x ({len(scores)} rounds) | median "
        f"{statistics.median(scores):.0f} ms, max {max(scores):.0f} ms | < 300 ms |"
    )


class Link:
    """A network link shared by every response: ``mbps`` megabits a second, and ``rtt_ms``
    before each response's first byte."""

    def __init__(self, mbps: float, rtt_ms: float) -> None:
        self.rate = mbps * 1e6 / 8
        self.rtt = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free = 0.0

    def send(self, size: int) -> None:
        """Wait until ``size`` more bytes have crossed the link."""
        with self.lock:
            self.free = max(time.monotonic(), self.free) + size / self.rate
            until = self.free
        time.sleep(max(0.0, until - time.monotonic()))


def serve(folder: str, port: int, mbps: float, rtt_ms: float) -> None:
    """The site's folder served over HTTP as ``python -m http.server`` serves it (the same
    request log on stderr), through a :class:`Link`."""
    import functools
    import http.server

    link = Link(mbps, rtt_ms)

    class Handler(http.server.SimpleHTTPRequestHandler):
        def copyfile(self, source, outputfile) -> None:
            time.sleep(link.rtt)
            while chunk := source.read(64 * 1024):
                link.send(len(chunk))
                outputfile.write(chunk)

    handler = functools.partial(Handler, directory=folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:  # the server's own process (see below)
        folder, port, mbps, rtt = sys.argv[2:6]
        serve(folder, int(port), float(mbps), float(rtt))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--rate", type=float, default=4.0, help="how many times slower the CPU (4: a slow phone)"
    )
    ap.add_argument("--runs", type=int, default=5, help="runs of each measure (medians printed)")
    ap.add_argument("--mbps", type=float, default=50.0, help="the link's speed (megabits/s)")
    ap.add_argument("--rtt-ms", type=float, default=40.0, help="the link's round trip (ms)")
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
        link = [str(folder), str(port), str(args.mbps), str(args.rtt_ms)]
        with log.open("wb") as sink:
            server = subprocess.Popen(
                [sys.executable, __file__, "--serve", *link],
                stdout=subprocess.DEVNULL,
                stderr=sink,
            )
        base = f"http://127.0.0.1:{port}/"
        wait_for(base, proc=server)
        try:
            measured = measure(base, args, (log, folder))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print_figures(args, measured, raw, zipped, report)


if __name__ == "__main__":
    main()
