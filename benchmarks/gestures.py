"""A TransAmerica round entered on the scoring phone as a table would, every gesture counted:
headless Chromium at 360 x 740 with touch, the page's CPU throttled (``--throttle``, 4x by
default), real touch input at the on-screen positions with a fingertip error.

    python benchmarks/gestures.py [--rounds 20] [--players 4] [--error-mm 1.5] [--ways photo,strokes]
                                  [--also dampfross,lastrada,startup]

From the dealt hands to the explained score, on the scoring phone only (the players' own phones
show their hands; what they do there is not counted here):

1. **Hands**: simulated rounds: one tap, Deal on the phones (the engine deals from a code;
   each player scans its QR code). Recorded rounds (their hands were dealt from the cards): the
   game is on a laptop (``trackwright serve``) and each player enters their own hand on their
   own phone (joined from the laptop's list of games: Cards, their name, five cities), which
   reaches the scoring phone by itself: no gesture on the scoring phone.
2. **Track**, one of two ways (``--ways``):
   - ``photo``: the Photo button, the camera's shutter and its "use photo" (3 gestures; the
     headless page is given the file), a tap on each space the reader is unsure of (two where
     the answer is "no track"), Use these tracks;
   - ``strokes``: Draw track, then the track as strokes along the printed lines (trails cut where
     they would leave the board's window), a pan counted whenever the next stroke is not in view.
3. **Start markers**: the Start button, then each player's marker tapped where it stands (the
   board panned first when it is out of view: a pan each; a tap that the page answers by zooming
   in, or a miss, is tapped again: each counted).
4. **Score round**, then the **explanation**: one tap per player on that player's view.

Every scroll of the page that brings the next button into view is a gesture too. The rounds: the
two 4-player rounds of ``tests/records/transamerica/example-4-players.json`` (their hands, track
and start markers) and
``--rounds`` simulated rounds (``tests/support/simulate.py``, seeded, played from the phones'
deal). The photos come from ``tests/support/photo_scenes.py`` (a composited camera photo of the
printed poster with that round's track and markers).

Printed: per round, its tracks and the gestures of each step, the wrong tracks (laid but not
meant, or meant but not laid) and wrong markers; then the medians, and the time from each
gesture's finger lifted to its answer on the screen (ms, at the throttle), and the main thread's
longest task in each round. The worker is not slowed here (Chromium slows only the page): the
start-up, where the worker counts, is measured with both slowed by ``benchmarks/phone.py``.

Then, with ``--also``, the other games and the start-up, each by its own benchmark:
``dampfross_taps.py --touch`` (a recorded game by real touch, every gesture counted),
``lastrada_taps.py`` (game ends by taps) and ``phone.py`` (first, returning and offline visits
at 4x, the longest main-thread task). ``GESTURES_DEBUG=1`` prints each gesture as it is counted.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from trackwright.core import transamerica as model
from trackwright.core.transamerica import edge_key

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported
from benchmarks.served import ARGS, laptop
from tests.support import photo_scenes, simulate

ROOT = Path(__file__).resolve().parents[1]
PX_PER_MM = 160 / 25.4  # CSS pixels per millimetre on a phone screen
HEADER = 60  # the page's fixed header, CSS px
RECORDED = ROOT / "tests" / "records" / "transamerica" / "example-4-players.json"
MARGIN = 0.08


@dataclass
class Count:
    """One round's gestures on the scoring phone, by step, and the answers' times."""

    steps: dict[str, int] = field(default_factory=dict)
    ms: list[float] = field(default_factory=list)

    def add(self, step: str, n: int = 1) -> None:
        self.steps[step] = self.steps.get(step, 0) + n
        if os.environ.get("GESTURES_DEBUG"):
            print(
                "  +",
                n,
                step,
                sys._getframe(1).f_code.co_name,
                sys._getframe(2).f_code.co_name,
                file=sys.stderr,
            )

    @property
    def total(self) -> int:
        return sum(self.steps.values())


# ------------------------------------------------------------------ gestures on the page

# From the finger lifted (pointerup) to the page's next drawing painted: the render that pointerup
# causes, then the frame that shows it. A gesture the page draws nothing for (a scroll) has none.
TIMED = """window.twAnswer = new Promise(done => {
    let seen = false;
    const lifted = () => {
        if (seen) return;
        seen = true;
        const up = performance.now();
        window.twRendered().then(() => requestAnimationFrame(() =>
            setTimeout(() => done(performance.now() - up), 0)));
    };
    for (const kind of ['pointerup', 'touchend', 'mouseup'])
        document.addEventListener(kind, lifted, { once: true, capture: true });
    setTimeout(() => done(null), 10000);
});
0;"""  # not the Promise itself: evaluate would wait for it


def answered(page, count: Count) -> None:
    """The time from the finger lifted to the page's answer drawn (the last gesture's)."""
    ms = page.evaluate("window.twAnswer")
    if os.environ.get("GESTURES_DEBUG"):
        print("   answer", ms, page.evaluate("window.twLong"), file=sys.stderr)
    if ms is not None:
        count.ms.append(ms)
    page.evaluate("window.twIdle()")


FOOT = """(() => { const s = document.getElementById('status'), r = s && s.getBoundingClientRect();
    return r && r.height ? Math.min(740, r.top) : 740; })()"""


def into_view(page, selector: str, count: Count, step: str) -> dict:
    """The element's box, the page scrolled first (one swipe, counted) when it is not in view."""
    el = page.locator(selector).first
    box = el.bounding_box()
    head = page.evaluate("document.querySelector('header').getBoundingClientRect().bottom")
    # A message shown at the screen's foot covers what lies under it: scrolled out from under it.
    foot = page.evaluate(FOOT)
    if box is None or box["y"] < head or box["y"] + box["height"] > foot:
        if os.environ.get("GESTURES_DEBUG"):
            print("   out of view:", selector, box, file=sys.stderr)
        el.evaluate("e => e.scrollIntoView({ block: 'center' })")
        count.add(step)
        box = el.bounding_box()
    assert box is not None, selector
    return box


def tap(page, selector: str, count: Count, step: str) -> None:
    """One real tap (touch) in the middle of the element."""
    box = into_view(page, selector, count, step)
    page.evaluate(TIMED)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    count.add(step)
    answered(page, count)


WHERE = """id => { const n = window.TW.G.board.map.nodes.find(x => x.id === id);
    const over = document.querySelector('svg.board-overlay'), wrap = document.getElementById('board');
    const m = over.getScreenCTM(), box = wrap.getBoundingClientRect();
    return [n.x * m.a + m.e, n.y * m.d + m.f, box.left, box.right, box.top, box.bottom]; }"""
# The page scrolled so that the board's top is just under the header (a swipe up or down).
BOARD_UP = "window.scrollBy(0, document.getElementById('board').getBoundingClientRect().top - 64)"
# The board panned to put the point (x, y) in its window's middle (a one-finger swipe on it).
PAN_TO = """([x, y]) => { const w = document.getElementById('board'), b = w.getBoundingClientRect();
    const top = Math.max(64, b.top), bottom = Math.min(window.innerHeight, b.bottom);
    w.scrollLeft += x - (b.left + b.right) / 2; w.scrollTop += y - (top + bottom) / 2; }"""


def board_point(page, node: str, count: Count, step: str) -> tuple[float, float]:
    """Where an intersection is on the screen, the page scrolled to the board and the board
    panned first when it is out of a finger's comfortable reach: a gesture each."""
    for _attempt in range(3):
        x, y, left, right, top, bottom = page.evaluate(WHERE, node)
        low, high = max(HEADER + 20, top + 20), min(740 - 60, bottom - 20)
        if top > 400 or bottom < 300:
            page.evaluate(BOARD_UP)
        elif not (left + 20 <= x <= right - 20 and low <= y <= high):
            page.evaluate(PAN_TO, [x, y])
        else:
            break
        count.add(step)
    return x, y


# ------------------------------------------------------------------ the steps of a round


# The main thread's long tasks (over 50 ms) from now on, as the browser reports them.
LONG_TASKS = """window.twLong = [0]; new PerformanceObserver(l => { for (const e of l.getEntries())
    window.twLong.push(e.duration); }).observe({ type: 'longtask' });"""


def new_game(page, base: str, players: list[str]) -> None:
    """A new TransAmerica game on the USA board (not counted: made once, before the deal)."""
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
    page.wait_for_selector("#deal")
    page.evaluate("window.trackwright.ready")
    page.evaluate("window.twIdle()")
    page.evaluate(LONG_TASKS)


def deal(page, count: Count, seed: int) -> dict[str, list[str]]:
    page.evaluate(f"window.TW.nextDealCode = 'BENCH{seed}'")  # the same deal every run
    tap(page, "#deal", count, "hands")
    page.wait_for_selector("#dealt")
    return page.evaluate("window.TW.G.record['x-draft'].cities")


def by_photo(page, round_: dict, seed: int, count: Count, folder: Path) -> None:
    """The Photo button, the shutter and its "use photo", every unsure space answered, Use."""
    photo = photo_scenes.scene(seed, size=(4000, 3000), round=round_, hand=False)
    path = folder / f"round-{seed}.jpg"
    path.write_bytes(photo.jpeg)
    truth = {tuple(sorted(e)) for e in photo.truth["track"]}
    into_view(page, "#photo-button", count, "track")
    count.add("track", 3)  # the button, the camera's shutter, its "use photo"
    page.set_input_files("#photo-input", str(path))
    page.wait_for_selector("#photo-review", timeout=300_000)
    if os.environ.get("GESTURES_DEBUG"):
        print("   photo read", page.evaluate("window.twLong"), file=sys.stderr)
    unsure = [
        tuple(sorted(el.get_attribute("data-edge").split("|")))
        for el in page.locator(".photo-unsure").all()
    ]
    yes = [e for e in unsure if e in truth]
    no = [e for e in unsure if e not in truth]
    # The fewer answers: each track tapped once (amber to track) and the rest "no track" in one
    # tap, or each empty space tapped twice (amber, track, no track) and the rest "track".
    if unsure and len(yes) <= 2 * len(no):
        answer(page, yes, 1, count)
        tap(page, "#photo-rest-none", count, "track")
    elif unsure:
        answer(page, no, 2, count)
        tap(page, "#photo-rest-track", count, "track")
    tap(page, "#photo-use", count, "track")


def answer(page, edges: list[tuple[str, str]], taps: int, count: Count) -> None:
    """Unsure spaces on the photo answered by taps (each counted)."""
    for edge in edges:
        for _k in range(taps):
            page.locator(f'.photo-unsure[data-edge="{"|".join(edge)}"]').dispatch_event("click")
            count.add("track")


def trails(m, track: set, rng: random.Random) -> list[list[str]]:
    """The track as trails (each edge once), each going on as straight as it can."""
    at = {n.id: (n.x, n.y) for n in m.nodes.values()}
    adj: dict[str, set[str]] = {}
    for a, b in track:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    out = []
    while any(adj.values()):
        odd = sorted(n for n, ns in adj.items() if len(ns) % 2 == 1)
        walk = [odd[0] if odd else sorted(n for n, ns in adj.items() if ns)[0]]
        while adj.get(walk[-1]):
            options = sorted(adj[walk[-1]])
            if len(walk) > 1:
                (px, py), (hx, hy) = at[walk[-2]], at[walk[-1]]
                heading = math.atan2(hy - py, hx - px)

                def turn(n: str, hx=hx, hy=hy, heading=heading) -> float:
                    d = abs(math.atan2(at[n][1] - hy, at[n][0] - hx) - heading) % (2 * math.pi)
                    return min(d, 2 * math.pi - d)

                options.sort(key=turn)
            adj[walk[-1]].discard(options[0])
            adj[options[0]].discard(walk[-1])
            walk.append(options[0])
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


def window_mm(page) -> tuple[float, float]:
    return tuple(
        page.evaluate(
            "(() => { const w = document.getElementById('board'); const m = "
            "document.querySelector('svg.board-overlay').getScreenCTM(); const b = "
            "w.getBoundingClientRect(); return [w.clientWidth / m.a, (Math.min("
            "window.innerHeight, b.bottom) - Math.max(64, b.top)) / m.d]; })()"
        )
    )


def by_strokes(page, m, track: set, count: Count, rng: random.Random, jitter: float) -> None:
    """Draw track, then the strokes, nearest next, the board panned when one is out of view."""
    tap(page, "#mode-track", count, "track")  # the page brings the board into view
    at = {n.id: (n.x, n.y) for n in m.nodes.values()}
    w, h = window_mm(page)
    strokes = [
        piece
        for walk in trails(m, track, rng)
        for piece in fit(walk, at, w * (1 - 2 * MARGIN), h * (1 - 2 * MARGIN))
    ]
    here = at[strokes[0][0]] if strokes else (0, 0)
    while strokes:
        best = min(
            strokes, key=lambda s: min(math.dist(here, at[s[0]]), math.dist(here, at[s[-1]]))
        )
        strokes.remove(best)
        if math.dist(here, at[best[-1]]) < math.dist(here, at[best[0]]):
            best = best[::-1]
        stroke(page, best, count, rng, jitter)
        here = at[best[-1]]


def stroke(page, nodes: list[str], count: Count, rng: random.Random, jitter: float) -> None:
    pts = [board_point(page, n, count, "track") for n in nodes[:1]]
    pts = page.evaluate(
        """ids => { const at = Object.fromEntries(window.TW.G.board.map.nodes.map(n => [n.id, n]));
        const m = document.querySelector('svg.board-overlay').getScreenCTM();
        return ids.map(i => [at[i].x * m.a + m.e, at[i].y * m.d + m.f]); }""",
        nodes,
    )
    box = page.evaluate(
        "(() => { const b = document.getElementById('board').getBoundingClientRect(); "
        "return [b.left, b.right, Math.max(64, b.top), Math.min(window.innerHeight, b.bottom)]; })()"
    )
    if any(not (box[0] < x < box[1] and box[2] < y < box[3]) for x, y in pts):
        mid = [(min(p[i] for p in pts) + max(p[i] for p in pts)) / 2 for i in (0, 1)]
        page.evaluate(
            f"(() => {{ const w = document.getElementById('board'); w.scrollLeft += {mid[0]} - "
            f"{(box[0] + box[1]) / 2}; w.scrollTop += {mid[1]} - {(box[2] + box[3]) / 2}; }})()"
        )
        count.add("track")
        return stroke(page, nodes, count, rng, jitter)
    page.evaluate(TIMED)
    page.mouse.move(*pts[0])
    page.mouse.down()
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        for k in range(1, 7):
            page.mouse.move(
                x0 + (x1 - x0) * k / 6 + rng.uniform(-jitter, jitter),
                y0 + (y1 - y0) * k / 6 + rng.uniform(-jitter, jitter),
            )
    page.mouse.up()
    count.add("track")
    answered(page, count)
    return None


def markers(page, players: list[str], starts: dict, count: Count, rng, jitter: float) -> None:
    """Start, then each marker tapped where it stands (again after a zoom-in or a miss)."""
    tap(page, "#mode-start", count, "markers")
    for i, p in enumerate(players):
        if page.evaluate("window.TW.G.player") != i:
            tap(page, f'#players button[data-player="{p}"]', count, "markers")
        for _try in range(4):
            x, y = board_point(page, starts[p], count, "markers")
            page.evaluate(TIMED)
            page.touchscreen.tap(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter))
            count.add("markers")
            answered(page, count)
            if page.evaluate(f"window.TW.G.record['x-draft'].starts[{json.dumps(p)}]"):
                break


LIFT = '[data-problem="stray"] button.lift-stray'
JOIN = '[data-problem="stray"] button.join-stray'


def right_join(page, track: set[tuple[str, str]]) -> str | None:
    """The "Join at ..." button whose spaces are all real track (the table looks at the board),
    as a selector, or None."""
    for spaces in page.locator(JOIN).evaluate_all("bs => bs.map(b => b.dataset.joinTrack)"):
        if all(tuple(k.split("|")) in track for k in spaces.split()):
            return f'{JOIN}[data-join-track="{spaces}"]'
    return None


def fix_strays(page, count: Count, track: set[tuple[str, str]]) -> bool:
    """What a table does when the page names track joined to no marker (drawn in red on the
    board) before scoring, for each such network: a tap on "Join at ..." where the table sees
    that space holds track (the photo missed it), else on "Lift" (a page without the buttons:
    Draw track, a tap on each red space)."""
    if page.locator(LIFT).count():
        while (left := page.locator(LIFT).count()) > 0:
            tap(page, right_join(page, track) or LIFT, count, "score")
            page.wait_for_function(
                "([sel, n]) => document.querySelectorAll(sel).length < n", arg=[LIFT, left]
            )
        return True
    strays = [el.get_attribute("data-edge") for el in page.locator("line.stray[data-edge]").all()]
    if not strays:
        return False
    if page.get_attribute("#mode-track", "aria-pressed") != "true":
        tap(page, "#mode-track", count, "score")
    for edge in strays:
        a, b = edge.split("|")
        board_point(page, a, count, "score")
        (xa, ya), (xb, yb) = (board_point(page, n, Count(), "score") for n in (a, b))
        page.evaluate(TIMED)
        page.touchscreen.tap((xa + xb) / 2, (ya + yb) / 2)
        count.add("score")
        answered(page, count)
    return True


def score_and_explain(page, players: list[str], count: Count, track: set) -> int:
    """Score round, then each player's view (it zooms onto that player's missing tracks)."""
    page.evaluate("window.twIdle()")
    fix_strays(page, count, track)  # named before scoring: joined or lifted first
    for _attempt in range(3):
        tap(page, "#score-round", count, "score")
        try:
            page.wait_for_function("window.TW.G.record['x-draft'] === undefined", timeout=30_000)
            break
        except PlaywrightTimeout:  # refused: what the page lists before scoring says why
            problems = page.locator("#problems")
            print("  refused:", problems.inner_text() if problems.count() else "?", file=sys.stderr)
            if not fix_strays(page, count, track):
                return -1
    else:
        return -1
    page.evaluate("window.twIdle()")
    for p in players:
        tap(page, f'#explain-players button[data-explain="{p}"]', count, "explain")
    return len(players)


# ------------------------------------------------------------------ rounds


def recorded_rounds() -> list[dict]:
    record = json.loads(RECORDED.read_text("utf-8"))
    return [
        {
            "track": r.get("track") or [e for t in r["turns"] for e in t["track"]],
            "starts": r["starts"],
            "cities": r["cities"],
        }
        for r in record["rounds"][:2]
    ]


def own_phones(browser, base: str, players: list[str], hands: dict[str, list[str]]) -> None:
    """Each player's own phone joins the laptop's newest game and enters that player's hand."""
    for i, p in enumerate(players):
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
        own = ctx.new_page()
        own.goto(base)
        own.wait_for_selector("[data-join]")
        own.locator("[data-join]").first.click()
        own.wait_for_selector("#mode-cards")
        own.evaluate("window.twIdle()")
        own.click("#mode-cards")
        if own.evaluate("window.TW.G.player") != i:
            own.click(f'#players button[data-player="{p}"]')
        for city in hands[p]:
            own.click(f'button[data-city="{city}"]')
            own.evaluate("window.twIdle()")
        ctx.close()


def one_round(page, base, m, players, source, way, args, folder) -> tuple[Count, dict]:
    count = Count()
    new_game(page, base, players)
    if source == "recorded":
        round_ = args.recorded_rounds.pop(0)
        own_phones(args.browser, base, players, round_["cities"])
        page.wait_for_function(
            "n => Object.values(window.TW.G.record['x-draft'].cities).flat().length === n",
            arg=5 * len(players),
            timeout=60_000,
        )
        page.evaluate("window.twIdle()")
    else:
        hands = deal(page, count, args.seed)
        entry = simulate.play_round(m, players, seed=args.seed, hands=hands)
        laid = [e for t in entry["turns"] for e in t["track"]]
        round_ = {"track": sorted({tuple(sorted(e)) for e in laid}), "starts": entry["starts"]}
    track = {edge_key(*e) for e in round_["track"]}
    rng = random.Random(args.seed)
    jitter = args.error_mm * PX_PER_MM / math.sqrt(2)
    if way == "photo":
        by_photo(page, round_, args.seed, count, folder)
    else:
        by_strokes(page, m, track, count, rng, jitter)
    markers(page, players, round_["starts"], count, rng, jitter)
    starts = page.evaluate("window.TW.G.record['x-draft'].starts")
    views = score_and_explain(page, players, count, track)
    # The track as the round was scored (or as it was left, if the page would not score it).
    entered = page.evaluate(
        "(window.TW.G.record['x-draft'] || window.TW.G.record.rounds.at(-1)).track"
    )
    laid = {edge_key(*e) for e in entered}
    wrong_markers = sum(starts.get(p) != s for p, s in round_["starts"].items())
    return count, {
        "longest": page.evaluate("Math.max(...window.twLong)"),
        "tracks": len(track),
        "wrong_tracks": len(laid ^ track),
        "wrong_markers": wrong_markers,
        "views": views,
    }


def run(args: argparse.Namespace) -> list[tuple[str, str, Count, dict]]:
    m = model.load("usa")
    players = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"][: args.players]
    rows = []
    with laptop() as base, sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        args.browser = browser
        ctx = browser.new_context(
            viewport={"width": 360, "height": 740}, has_touch=True, device_scale_factor=2
        )
        page = ctx.new_page()
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        sources = [("recorded", k) for k in range(2 if args.players == 4 and args.recorded else 0)]
        sources += [("simulated", args.first + r) for r in range(args.rounds)]
        for way in args.ways.split(","):
            args.recorded_rounds = recorded_rounds()
            for source, seed in sources:
                args.seed = seed
                count, facts = one_round(page, base, m, players, source, way, args, Path(tmp))
                rows.append((way, f"{source} {seed}", count, facts))
                print(
                    way, source, seed, count.total, count.steps, facts, file=sys.stderr, flush=True
                )
        browser.close()
    return rows


STEPS = ("hands", "track", "markers", "score", "explain")


def report(rows, args) -> None:
    print(
        f"TransAmerica rounds on the scoring phone, USA board, {args.players} players: Chromium "
        f"360x740, touch, CPU {args.throttle:g}x, fingertip error {args.error_mm:g} mm"
    )
    for way in args.ways.split(","):
        mine = [r for r in rows if r[0] == way]
        print()
        print(f"Track by {way}:")
        print()
        print(
            "| round | tracks | "
            + " | ".join(STEPS)
            + " | gestures | wrong tracks | wrong markers | longest task |"
        )
        print(
            "| --- | ---: | " + " | ".join("---:" for _ in STEPS) + " | ---: | ---: | ---: | ---: |"
        )
        for _way, name, count, facts in mine:
            cells = " | ".join(str(count.steps.get(s, 0)) for s in STEPS)
            print(
                f"| {name} | {facts['tracks']} | {cells} | {count.total} | "
                f"{facts['wrong_tracks']} | {facts['wrong_markers']} | {facts['longest']:.0f} ms |"
            )
        summary(mine)


def summary(mine) -> None:
    recorded = [c.total for _w, n, c, _f in mine if n.startswith("recorded")]
    simulated = [c.total for _w, n, c, _f in mine if n.startswith("simulated")]
    ms = [x for _w, _n, c, _f in mine for x in c.ms]
    print()
    if recorded:
        print(f"recorded rounds: {', '.join(map(str, recorded))} gestures (target: at most 25)")
    if simulated:
        print(
            f"simulated rounds: median {statistics.median(simulated):g}, most {max(simulated)} "
            f"gestures over {len(simulated)} rounds (target: at most 25)"
        )
    refused = [n for _w, n, _c, f in mine if f["views"] < 0]
    if refused:
        print(f"rounds the page would not score (see its problems): {', '.join(refused)}")
    print(
        f"wrong tracks: {sum(f['wrong_tracks'] for *_x, f in mine)}, wrong markers: "
        f"{sum(f['wrong_markers'] for *_x, f in mine)} (target: 0)"
    )
    if ms:
        q = statistics.quantiles(ms, n=20) if len(ms) > 1 else [ms[0]] * 19
        print(
            f"finger lifted to answer drawn: median {statistics.median(ms):.0f} ms, 95th "
            f"percentile {q[18]:.0f} ms, longest {max(ms):.0f} ms ({len(ms)} gestures)"
        )


# The other games and the start-up, each measured by a benchmark of its own (run here in turn,
# their tables printed as they print them).
OTHERS = {
    "dampfross": ["benchmarks/dampfross_taps.py", "--touch"],
    "lastrada": ["benchmarks/lastrada_taps.py", "--games", "4"],
    "startup": ["benchmarks/phone.py", "--runs", "3"],
}
TITLES = {
    "dampfross": "Dampfross: a recorded game entered by real touch (every tap, pan, scroll, zoom)",
    "lastrada": "La Strada: game ends entered by touch (every tap, scroll and pan)",
    "startup": "Start-up at 4x (page and worker slowed): first visit, returning, offline",
}


def others(names: list[str]) -> None:
    for name in names:
        print()
        print(f"## {TITLES[name]}")
        print()
        sys.stdout.flush()
        subprocess.run([sys.executable, *OTHERS[name]], cwd=ROOT, check=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--first", type=int, default=700, help="the first simulated round's seed")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--error-mm", type=float, default=1.5)
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--ways", default="photo,strokes")
    ap.add_argument("--no-recorded", dest="recorded", action="store_false")
    ap.add_argument(
        "--also",
        default="dampfross,lastrada,startup",
        help="the other games and the start-up, measured after the rounds ('' for none)",
    )
    args = ap.parse_args()
    print(
        "## TransAmerica: rounds on the scoring phone, from the dealt hands to the explained score"
    )
    print()
    report(run(args), args)
    others([n for n in args.also.split(",") if n])


if __name__ == "__main__":
    main()
