"""Entering TransAmerica rounds on the phone app as a table would: strokes along the printed
lines, pans to bring the next part of the board into view, and taps, replayed in headless
Chromium (360 x 740) as real pointer input, with a fingertip error.

    python benchmarks/gestures.py [--rounds 8] [--players 4] [--error-mm 2]

Rounds are simulated on the USA board (the engine's own players, seeded) and taken at their
end. Each round's track is split into strokes: trails along the lattice (straight on where it
can), cut where a trail would leave the board's window on the screen; a pan is counted whenever
the next stroke does not fit in the window as it is. The fingertip error moves every point of a
stroke by up to ``--error-mm`` millimetres (at 160 CSS pixels per inch, a phone's). Printed per
round: tracks, strokes, pans, gestures for the track, wrong tracks (laid but not meant, or meant
but missing after the strokes) and the time per gesture, stroke end to redraw. Then the round's
hands and start markers are entered as a table would, by real taps: each player's five cities
on the cards by colour (the cards move on to the next player by themselves), the start markers
on the board; every tap is counted, and so is every scroll needed to bring the next button into
view."""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from trackwright.core import transamerica as model
from trackwright.core.transamerica import edge_key

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported
from benchmarks.served import ARGS, served_app
from tests.support import simulate

PX_PER_MM = 160 / 25.4  # CSS pixels per millimetre on a phone screen


def trails(m, track: set, rng: random.Random) -> list[list[str]]:
    """The track as trails (each edge once), each going on as straight as it can."""
    at = {n.id: (n.x, n.y) for n in m.nodes.values()}
    left = {e for e in track}
    adj: dict[str, set[str]] = {}
    for a, b in left:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    out = []
    while left:
        odd = sorted(n for n, ns in adj.items() if len(ns) % 2 == 1)
        start = odd[0] if odd else sorted(n for n, ns in adj.items() if ns)[0]
        walk = [start]
        while adj.get(walk[-1]):
            here = walk[-1]
            options = sorted(adj[here])
            if len(walk) > 1:
                px, py = at[walk[-2]]
                hx, hy = at[here]
                direction = math.atan2(hy - py, hx - px)

                def turn(n: str, hx: float = hx, hy: float = hy, direction: float = direction):
                    nx, ny = at[n]
                    d = abs(math.atan2(ny - hy, nx - hx) - direction) % (2 * math.pi)
                    return min(d, 2 * math.pi - d)

                options.sort(key=turn)
            nxt = options[0]
            adj[here].discard(nxt)
            adj[nxt].discard(here)
            left.discard(edge_key(here, nxt))
            walk.append(nxt)
        out.append(walk)
    return out


def fit(walk: list[str], at: dict, width: float, height: float) -> list[list[str]]:
    """A trail cut into strokes that each fit in a window of width x height (board units)."""
    pieces, current = [], [walk[0]]
    for node in walk[1:]:
        xs = [at[n][0] for n in [*current, node]]
        ys = [at[n][1] for n in [*current, node]]
        if max(xs) - min(xs) > width or max(ys) - min(ys) > height:
            pieces.append(current)
            current = [current[-1]]
        current.append(node)
    pieces.append(current)
    return [p for p in pieces if len(p) > 1]


def tap(page, selector: str) -> int:
    """One real tap on the element (and one scroll first if it is out of view): the gestures."""
    el = page.locator(selector).first
    box = el.bounding_box()
    scrolls = 0
    if box is None or box["y"] < 0 or box["y"] + box["height"] > 740:
        # One swipe, as a person makes it: the button and what is around it brought to the middle.
        el.evaluate("e => e.scrollIntoView({ block: 'center' })")
        scrolls = 1
    el.click()
    page.evaluate("window.twIdle()")
    return 1 + scrolls


def hands_and_starts(page, players: list[str], entry: dict) -> int:
    """The round's hands on the cards and its start markers on the board, tap by tap."""
    gestures = tap(page, "#mode-cards")
    for i, p in enumerate(players):
        if page.evaluate("window.TW.G.player") != i:
            gestures += tap(page, f'#players button[data-player="{p}"]')
        for city in entry["cities"][p]:
            gestures += tap(page, f'button[data-city="{city}"]')
    gestures += tap(page, "#mode-start")
    for i, p in enumerate(players):
        if page.evaluate("window.TW.G.player") != i:
            gestures += tap(page, f'#players button[data-player="{p}"]')
        node = entry["starts"][p]
        # A real tap on the board where the intersection is (the page hit-tests it), the board
        # panned (or the page scrolled) first when it is out of view.
        x, y = page.evaluate(
            """id => { const n = window.TW.G.board.map.nodes.find(x => x.id === id);
            const over = document.querySelector('svg.board-overlay'), wrap = document.getElementById('board');
            let m = over.getScreenCTM(), box = wrap.getBoundingClientRect();
            let x = n.x * m.a + m.e, y = n.y * m.d + m.f;
            const low = Math.max(60, box.top), high = Math.min(window.innerHeight - 80, box.bottom);
            if (x < box.left || x > box.right || y < low || y > high) {
              window.twPanned = (window.twPanned || 0) + 1;
              wrap.scrollLeft += x - (box.left + box.width / 2); wrap.scrollTop += y - (box.top + box.height / 2);
              m = over.getScreenCTM(); x = n.x * m.a + m.e; y = n.y * m.d + m.f;
              if (y < 60 || y > window.innerHeight - 80) { window.scrollBy(0, y - window.innerHeight / 2); y = n.y * over.getScreenCTM().d + over.getScreenCTM().f; }
            }
            return [x, y]; }""",
            node,
        )
        page.touchscreen.tap(x, y)
        page.evaluate("window.twIdle()")
        gestures += 1
    gestures += page.evaluate(
        "(() => { const k = window.twPanned || 0; window.twPanned = 0; return k; })()"
    )
    draft = page.evaluate("window.TW.G.record['x-draft']")
    assert draft["starts"] == entry["starts"], draft["starts"]
    assert all(sorted(draft["cities"][p]) == sorted(entry["cities"][p]) for p in players)
    return gestures


PAN = """([ids, margin]) => {
    const at = Object.fromEntries(window.TW.G.board.map.nodes.map(n => [n.id, n]));
    const over = document.querySelector('svg.board-overlay');
    const wrap = document.getElementById('board');
    const m = over.getScreenCTM(), whole = wrap.getBoundingClientRect();
    const box = { left: whole.left, right: whole.right, top: Math.max(60, whole.top), bottom: Math.min(window.innerHeight, whole.bottom) };
    box.width = box.right - box.left; box.height = box.bottom - box.top;
    const xs = ids.map(i => at[i].x * m.a + m.e), ys = ids.map(i => at[i].y * m.d + m.f);
    const mx = box.width * margin, my = box.height * margin;
    if (Math.min(...xs) >= box.left + mx && Math.max(...xs) <= box.right - mx &&
        Math.min(...ys) >= box.top + my && Math.max(...ys) <= box.bottom - my) return 0;
    wrap.scrollLeft += (Math.min(...xs) + Math.max(...xs)) / 2 - (box.left + box.width / 2);
    wrap.scrollTop += (Math.min(...ys) + Math.max(...ys)) / 2 - (box.top + box.height / 2);
    return 1;
}"""
MARGIN = 0.08


def new_round(page, base: str, players: list[str]) -> list[float]:
    """A new TransAmerica game, zoomed out one step and scrolled to the board; the board's
    window on the screen in board mm (width, height)."""
    page.goto(f"{base}#/")
    page.wait_for_selector("#create")
    page.select_option("#new-game", "transamerica")
    page.evaluate("window.twIdle()")
    names = page.locator("input.player")
    while names.count() < len(players):
        page.click("text=+ player")
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    page.click("#create")
    page.wait_for_selector("svg.board-overlay")
    page.evaluate("window.twIdle()")
    page.click("#zoom-out")  # one gesture: the board a step smaller, more in view
    page.evaluate("window.twIdle()")
    page.click("#draw")  # one more: drawing chosen (the board is only looked at until then)
    page.evaluate("window.twIdle()")
    # One more: the page scrolled so that the board fills the screen below the header.
    page.evaluate(
        "window.scrollTo(0, document.getElementById('board').getBoundingClientRect().top + window.scrollY - 60)"
    )
    return page.evaluate(
        "(() => { const w = document.getElementById('board'); const m = "
        "document.querySelector('svg.board-overlay').getScreenCTM(); const b = "
        "w.getBoundingClientRect(); return [w.clientWidth / m.a, (Math.min("
        "window.innerHeight, b.bottom) - Math.max(0, b.top)) / m.d]; })()"
    )


def strokes_for(m, track, at, window: list[float], r: int) -> list[list[str]]:
    """The round's track as strokes that fit the window, the next one nearest the last (fewer
    pans)."""
    strokes = [
        piece
        for walk in trails(m, track, random.Random(r))
        for piece in fit(walk, at, window[0] * (1 - 2 * MARGIN), window[1] * (1 - 2 * MARGIN))
    ]
    ordered, here = [], at[strokes[0][0]] if strokes else (0, 0)
    while strokes:
        best = min(
            strokes,
            key=lambda s: min(math.dist(here, at[s[0]]), math.dist(here, at[s[-1]])),
        )
        strokes.remove(best)
        if math.dist(here, at[best[-1]]) < math.dist(here, at[best[0]]):
            best = best[::-1]
        ordered.append(best)
        here = at[best[-1]]
    return ordered


def draw_stroke(
    page, s: list[str], rng: random.Random, jitter: float, track
) -> tuple[int, float | None]:
    """One stroke drawn with the finger, the board panned first if it is not in view: the pans
    made and the time from the finger lifted to the track drawn (ms, or None)."""
    pans = page.evaluate(PAN, [s, MARGIN])
    pts = page.evaluate(
        """ids => { const at = Object.fromEntries(window.TW.G.board.map.nodes.map(n => [n.id, n]));
        const m = document.querySelector('svg.board-overlay').getScreenCTM();
        return ids.map(i => [at[i].x * m.a + m.e, at[i].y * m.d + m.f]); }""",
        s,
    )
    page.mouse.move(*pts[0])
    page.mouse.down()
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        for k in range(1, 7):
            page.mouse.move(
                x0 + (x1 - x0) * k / 6 + rng.uniform(-jitter, jitter),
                y0 + (y1 - y0) * k / 6 + rng.uniform(-jitter, jitter),
            )
    page.evaluate(
        "window.drawn = Promise.race([window.twRendered().then(() => "
        "performance.now()), new Promise(r => setTimeout(() => r(null), 3000))]);"
        "window.upAt = null; document.addEventListener('pointerup', () => "
        "{ window.upAt = performance.now(); }, { once: true, capture: true });"
    )
    page.mouse.up()
    ms = page.evaluate("window.drawn.then(t => t && window.upAt ? t - window.upAt : null)")
    page.evaluate("window.twIdle()")
    if os.environ.get("GESTURES_DEBUG"):
        now = {edge_key(*e) for e in page.evaluate("window.TW.G.record['x-draft'].track")}
        meant = {edge_key(a, b) for a, b in itertools.pairwise(s)}
        print("stroke", s, "missing", sorted(meant - now), "extra", sorted(now - track))
    return pans, ms


def play_rounds(args: argparse.Namespace, m, players: list[str]) -> list[tuple]:
    """Each round's track drawn by strokes and its hands and start markers tapped: per round
    (tracks, strokes, pans, taps, wrong tracks, ms per stroke)."""
    at = {n.id: (n.x, n.y) for n in m.nodes.values()}
    rows = []
    with served_app() as (base, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
        page = ctx.new_page()
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        for r in range(args.rounds):
            entry = simulate.play_round(m, players, seed=500 + r)
            track = {edge_key(*e) for t in entry["turns"] for e in t["track"]}
            window = new_round(page, base, players)
            strokes = strokes_for(m, track, at, window, r)
            rng = random.Random(r)
            pans, times = 3, []  # the zoom-out tap, Draw track, the page scrolled to the board
            jitter = args.error_mm * PX_PER_MM
            for s in strokes:
                panned, ms = draw_stroke(page, s, rng, jitter, track)
                pans += panned
                if ms is not None:
                    times.append(ms)
            laid = {edge_key(*e) for e in page.evaluate("window.TW.G.record['x-draft'].track")}
            wrong = len(laid ^ track)
            taps = hands_and_starts(page, players, entry)
            rows.append((len(track), len(strokes), pans, taps, wrong, times))
        browser.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--error-mm", type=float, default=2.0)
    args = ap.parse_args()
    m = model.load("usa")
    players = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"][: args.players]
    rows = play_rounds(args, m, players)
    print(
        f"TransAmerica track by strokes on the USA board, {args.players} players, Chromium "
        f"360x740, fingertip error {args.error_mm:g} mm"
    )
    print()
    print(
        "| round | tracks | strokes | pans | track gestures | hands and start markers: taps | wrong tracks | ms per stroke (median) |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for i, (n, k, pans, taps, wrong, times) in enumerate(rows, 1):
        print(
            f"| {i} | {n} | {k} | {pans} | {k + pans} | {taps} | {wrong} | {statistics.median(times) if times else float('nan'):.0f} |"
        )
    per50 = statistics.mean((k + p) * 50 / n for n, k, p, _t, _w, _ in rows)
    print()
    print(f"track gestures scaled to a 50-track round: {per50:.1f} (target: at most 25)")
    print(f"wrong tracks in all rounds: {sum(r[4] for r in rows)} (target: 0)")
    taps = statistics.mean(r[3] for r in rows)
    print(
        f"hands and start markers: {taps:.1f} taps a round, {taps / len(players):.1f} a player "
        f"(five cities and a start marker each, scrolls included)"
    )


if __name__ == "__main__":
    main()
