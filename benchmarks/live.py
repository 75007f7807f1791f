"""Live updates between two phones on one game through the laptop: how long a change made on one
phone takes to show on the other. The README promises two seconds.

    python benchmarks/live.py [--changes 10] [--throttle 1]

`trackwright serve` runs in a process of its own (a temporary database); two phones (headless
Chromium contexts at 360 x 740, touch) open the app it serves, one starts a La Strada game and
the other joins it from the laptop's list. Then phone A enters a merchant on a settlement, one
change at a time; each is timed from the moment A's tap is dispatched until phone B's page holds
the change (its record, as drawn; polled every 20 ms by Playwright, which adds a few ms). Printed:
each change's latency, then the median and the slowest. ``--throttle 4`` slows both phones' CPU
four times (Chrome DevTools' CPU throttling), as a slow phone."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests.support
from benchmarks.served import laptop
from tests.support.served import CHROMIUM_ARGS

TAP = """async id => {
  const el = document.querySelector(`circle[data-settlement="${id}"]`);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}"""
SHOWN = "id => (window.TW.G.record.settlements || {})[id]?.includes('Ann')"


def phone(browser, base: str, throttle: float):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    pg = ctx.new_page()
    if throttle > 1:
        cdp = ctx.new_cdp_session(pg)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    pg.goto(base)
    pg.wait_for_selector("#create", timeout=120_000)
    pg.evaluate("window.trackwright.ready")
    return pg


def start_game(a, b) -> None:
    """A starts a La Strada game on the laptop; B joins it from the laptop's list."""
    a.select_option("#new-game", "lastrada")
    a.evaluate("window.twIdle()")
    a.click("#create")
    a.wait_for_selector("#gold")
    a.evaluate("window.twIdle()")
    b.reload()
    b.wait_for_selector("[data-join]", timeout=60_000)
    b.click("[data-join]")
    b.wait_for_selector("#gold")
    b.evaluate("window.twIdle()")
    # Ann chosen on A: each tap on a settlement puts her merchant there.
    a.click('#players button[data-player="Ann"]')
    a.evaluate("window.twIdle()")


def measure(a, b, changes: int) -> list[float]:
    settlements = a.evaluate("window.TW.G.board.map.settlements.map(s => s.id)")[:changes]
    latencies = []
    for sid in settlements:
        time.sleep(0.5)  # the changes one after the other, as a table makes them
        began = time.monotonic()
        a.evaluate(TAP, sid)
        b.wait_for_function(SHOWN, arg=sid, polling=20, timeout=60_000)
        latencies.append(time.monotonic() - began)
    return latencies


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser()
    ap.add_argument("--changes", type=int, default=10)
    ap.add_argument("--throttle", type=float, default=1.0)
    args = ap.parse_args()
    with laptop() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        a, b = phone(browser, base, args.throttle), phone(browser, base, args.throttle)
        start_game(a, b)
        latencies = measure(a, b, args.changes)
        browser.close()
    print(
        f"Live updates: a change on phone A shown on phone B, through `trackwright serve` "
        f"(Chromium 360x740, CPU throttle {args.throttle:g}x), {len(latencies)} changes"
    )
    print()
    print("| change | seconds |")
    print("| ---: | ---: |")
    for i, s in enumerate(latencies, 1):
        print(f"| {i} | {s:.2f} |")
    print()
    print(
        f"median {statistics.median(latencies):.2f} s, slowest {max(latencies):.2f} s "
        f"(README: within two seconds)"
    )


if __name__ == "__main__":
    main()
