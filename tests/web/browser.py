"""What the tests that drive the phone app in Chromium share: Debian's Chromium found (installed
with apt-get when missing and root, as on CI), the app served, ``trackwright serve`` in a process
of its own, a phone-sized browser context, and the page's own controls driven from the test. The
fixtures that start them are in tests/web/conftest.py.

With TRACKWRIGHT_SCREENSHOTS=1 the screenshots in docs/screenshots/ (shown in the README) are
refreshed (``shot``)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import urllib.request
from itertools import pairwise
from pathlib import Path

from tests.conftest import ROOT, apt_install
from tests.support import cli
from tests.support.served import free_port, wait_for

SHOTS = ROOT / "docs" / "screenshots"


def chromium() -> str | None:
    """Debian's Chromium (Playwright drives it; it never downloads a browser of its own),
    installed with apt-get when it is missing and we are root, as on CI; else (macOS, Windows)
    the one ``python -m playwright install chromium`` put in Playwright's own folder, if any."""
    if not shutil.which("chromium"):
        apt_install("chromium")
    return shutil.which("chromium") or _playwrights_own()


def _playwrights_own() -> str | None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        path = p.chromium.executable_path
    return path if path and Path(path).exists() else None


#: Why the Chromium tests skip, where no Chromium was found.
NO_CHROMIUM = (
    "Chromium is not installed (Debian, Ubuntu: apt-get install chromium; macOS, Windows: "
    "python -m playwright install chromium)"
)


class Laptop:
    """``trackwright serve`` in a process of its own, which a test may kill and start again."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "trackwright",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        # It builds the phone app before it listens: seconds, more on a machine busy with others.
        wait_for(self.base + "api/hello", seconds=180, proc=self.proc)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL, or TerminateProcess on Windows
        self.proc.wait(timeout=10)

    def get(self, path: str):
        with urllib.request.urlopen(self.base + path) as r:
            return json.loads(r.read())


def new_browser(browser, offline: bool = False, **options):
    """A browser of its own (its own storage), as ``browser.new_context(**options)`` makes it.
    The app's service worker (which keeps the whole app for playing offline: some 25 MB fetched
    and checked in each new browser, a third of the work of opening the app in a test) runs
    only where a test plays ``offline`` (test_browser.py's whole games, the print page);
    test_start.py and test_site.py test the worker itself."""
    context = browser.new_context(service_workers="allow" if offline else "block", **options)
    context.errors = []  # type: ignore[attr-defined]
    return context


def phone(browser, offline: bool = False):
    """A phone's browser (360 x 740, touch)."""
    return new_browser(
        browser,
        offline,
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        has_touch=True,
        accept_downloads=True,
    )


def open_page(context, url: str):
    pg = context.new_page()
    pg.on("pageerror", lambda e: context.errors.append(str(e)))
    pg.goto(url)
    pg.wait_for_selector("#create, #main h1", timeout=120_000)
    pg.evaluate("window.trackwright.ready")
    settle(pg)
    return pg


def shot(pg, name: str, at: str | None = None) -> None:
    """A screenshot for the README, of the page's top or scrolled to the element ``at``."""
    if os.environ.get("TRACKWRIGHT_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        if at:
            pg.evaluate(f"document.querySelector({json.dumps(at)}).scrollIntoView()")
        else:
            pg.evaluate("window.scrollTo(0, 0)")
        pg.evaluate("document.getElementById('status').replaceChildren()")
        pg.screenshot(path=str(SHOTS / f"{name}.png"))


def settle(pg) -> None:
    """Wait until every change the page queued is stored and shown (and synced, if it can)."""
    pg.evaluate("async () => { if (window.twIdle) await window.twIdle(); }")


def new_game(pg, game: str, map_key: str, players=("Ann", "Ben", "Cleo")) -> str:
    pg.goto(pg.url.split("#")[0] + "#/")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    pg.wait_for_selector("#create")
    # The home page may draw itself again once the laptop or the maps answer, which puts the
    # game back to the first: choose it until the choice holds and its map is offered.
    has_map = (
        "([game, key]) => document.querySelector('#new-game')?.value === game && "
        "[...document.querySelectorAll('#new-map option')].some((o) => o.value === key)"
    )
    for _ in range(20):
        pg.select_option("#new-game", game)
        settle(pg)
        try:
            pg.wait_for_function(has_map, arg=[game, map_key], timeout=1500)
            break
        except PlaywrightTimeout:
            continue
    pg.select_option("#new-map", map_key)
    settle(pg)
    names = pg.locator("input.player")
    while names.count() < len(players):
        pg.click("text=+ player")
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    settle(pg)
    return pg.url


def choose_starts(pg, data: dict) -> None:
    """A Dampfross record's start towns chosen on the new-game form, player by player."""
    for i, p in enumerate(data["players"]):
        pg.locator("select.start").nth(i).select_option(
            json.dumps(data["starts"][p]).replace(" ", "")
        )


def start(pg) -> str:
    pg.click("#create")
    pg.wait_for_url("**#/game/**")
    pg.wait_for_selector("#export")
    settle(pg)
    return pg.url.rsplit("/", 1)[1]


def exported(pg, tmp_path: Path, name: str) -> Path:
    """The game as the Export button downloads it."""
    with pg.expect_download() as info:
        pg.click("#export")
    target = tmp_path / name
    info.value.save_as(target)
    return target


def cli_score(game: str, path: Path, cwd: Path) -> dict:
    """``trackwright score GAME PATH --json`` (in-process), from the folder ``cwd``."""
    done = cli.trackwright("score", game, path, "--json", cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# Page-side drivers: each step uses the page's own controls (the handlers a tap runs), awaiting
# the page's queue after each, without a round trip to the test per tap.
DRIVE = """
window.drive = {
  async tap(selector) {
    const el = document.querySelector(selector);
    if (!el) throw new Error('nothing at ' + selector);
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await window.twIdle();
  },
  async choose(selector, value) {
    const el = document.querySelector(selector);
    if (!el) throw new Error('nothing at ' + selector);
    el.value = String(value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await window.twIdle();
  },
  async player(name) { await this.tap(`#players button[data-player="${name}"]`); },
};
"""


# The engines' answers to the questions named (``ask``'s names, or "score") held back from the
# page until released: the page's code that asked awaits them while a test does what a user may
# do meanwhile, so that a late answer lands after it, every run. The engine is wrapped once per
# page; holding again names other questions. A held answer that fails is handled here (not an
# unhandled rejection in context.errors) and fails the page's own wait when released.
HOLD_ANSWERS = """names => {
  if (window.twHeld) {
    window.twHeld.names = names;
    return;
  }
  const engine = window.TWEngine;
  const held = (window.twHeld = { names, waiting: [] });
  held.release = () => {
    held.names = [];
    for (const go of held.waiting.splice(0)) go();
  };
  const hold = (label, answer) => {
    if (!held.names.includes(label)) return answer;
    answer.catch(() => {});
    return new Promise((resolve, reject) => held.waiting.push(() => answer.then(resolve, reject)));
  };
  const ask = engine.ask, score = engine.score, askBytes = engine.askBytes;
  engine.ask = function (name, ...rest) { return hold(name, ask.call(this, name, ...rest)); };
  engine.askBytes = function (name, ...rest) {
    return hold(name, askBytes.call(this, name, ...rest));
  };
  engine.score = function (...args) { return hold("score", score.apply(this, args)); };
}"""


def hold_answers(pg, *names: str) -> None:
    """From now on, the engines' answers to ``names`` held back until :func:`release_answers`."""
    pg.evaluate(HOLD_ANSWERS, list(names))


def a_laptop_game_and_a_second_phone(browser, laptop):
    """A La Strada game started on phone A through the laptop, and phone B on the laptop's home
    page: (A's context, A, B's context, B, the game's id on the laptop)."""
    a_ctx, b_ctx = phone(browser), phone(browser)
    a = open_page(a_ctx, laptop.base)
    new_game(a, "lastrada", "b:standard")
    start(a)
    gid = max(laptop.get("api/games"), key=lambda g: g["created"])["id"]
    return a_ctx, a, b_ctx, open_page(b_ctx, laptop.base), gid


def until_held(pg) -> None:
    """Wait until the page has asked a question whose answer is held back."""
    pg.wait_for_function("() => window.twHeld.waiting.length > 0", timeout=60_000)


def until_stored(pg, what: str) -> None:
    """Wait (up to 10 s) until this device stores at least one of ``what`` ("games", "drafts")."""
    for _ in range(100):
        if pg.evaluate(f"async () => (await window.TWStore.{what}()).length"):
            return
        pg.wait_for_timeout(100)
    raise AssertionError(f"no {what} were ever stored")


def held(pg) -> int:
    """How many answers are held back now."""
    return pg.evaluate("window.twHeld.waiting.length")


def release_answers(pg) -> None:
    pg.evaluate("window.twHeld.release()")


def drive(pg, script: str, arg=None):
    pg.evaluate(DRIVE)
    return pg.evaluate(f"async arg => {{ {script} }}", arg)


# A TransAmerica round's hands (tapped on the cards) and start markers (tapped on the board).
HANDS_AND_STARTS = """
const { round, players } = arg;
await drive.tap('#mode-cards');
for (const p of players) {
  await drive.player(p);
  for (const city of round.cities[p]) await drive.tap(`button[data-city="${city}"]`);
}
await drive.tap('#mode-start');
for (const p of players) { await drive.player(p); await drive.tap(`circle[data-node="${round.starts[p]}"]`); }
await drive.tap('#mode-track');
"""

TA_ROUND = (
    HANDS_AND_STARTS
    + """
for (const [a, b] of round.track) {
  const el = document.querySelector(`line[data-edge="${a}|${b}"]`) || document.querySelector(`line[data-edge="${b}|${a}"]`);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await window.twIdle();
}
await drive.tap('#score-round');
"""
)


def stroke(pg, nodes: list[str], jitter: float = 0.0, seed: int = 1) -> None:
    """A finger dragged through the given intersections (real pointer input), the board first
    scrolled so that they are in view (a pan); ``jitter``: the finger's error in CSS pixels."""
    rng = random.Random(seed)
    points = in_view(pg, nodes)
    pg.mouse.move(*points[0])
    pg.mouse.down()
    for (x0, y0), (x1, y1) in pairwise(points):
        for k in range(1, 7):
            x = x0 + (x1 - x0) * k / 6 + rng.uniform(-jitter, jitter)
            y = y0 + (y1 - y0) * k / 6 + rng.uniform(-jitter, jitter)
            pg.mouse.move(x, y)
    pg.mouse.up()
    settle(pg)


# Two frames: what the page put off to its next frame (a board scrolled to what is entered next,
# its window made shorter) done.
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def steady(pg, script: str, arg) -> list[tuple[float, float]]:
    """The screen points (CSS px) the page function ``script`` gives for ``arg`` (it may scroll
    to bring them into view), once the layout is still: the page's own moves put off to its next
    frames done, and the points the same when read again two frames later. Aimed at while the
    page still moved the board under them, a finger lands on another place (a settlement's
    neighbour): that is what the points wait for, never a sleep."""
    pg.evaluate(FRAMES)
    points = pg.evaluate(script, arg)
    for _ in range(50):
        pg.evaluate(FRAMES)
        again = pg.evaluate(script, arg)
        pairs = zip(points, again, strict=True)
        if all(abs(p[0] - q[0]) < 0.5 and abs(p[1] - q[1]) < 0.5 for p, q in pairs):
            return [tuple(p) for p in again]
        points = again
    raise AssertionError(f"the board kept moving under {arg!r}")


# TransAmerica's intersections brought into view (the page scrolled to the board, below the
# header, the board panned to put them in its middle): where they are on the screen.
IN_VIEW = """ids => {
    const map = window.TW.G.board.map, at = Object.fromEntries(map.nodes.map(n => [n.id, n]));
    const over = document.querySelector('svg.board-overlay'), wrap = document.getElementById('board');
    const top = wrap.getBoundingClientRect();
    if (top.top < 0 || top.bottom > window.innerHeight) window.scrollBy(0, top.top - 60);
    const xs = ids.map(i => at[i].x), ys = ids.map(i => at[i].y);
    const ctm = over.getScreenCTM(), box = wrap.getBoundingClientRect();
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    wrap.scrollLeft += cx * ctm.a + ctm.e - (box.left + box.width / 2);
    wrap.scrollTop += cy * ctm.d + ctm.f - (box.top + box.height / 2);
    const m = over.getScreenCTM();
    return ids.map(i => [at[i].x * m.a + m.e, at[i].y * m.d + m.f]);
}"""


def in_view(pg, nodes: list[str]) -> list[tuple[float, float]]:
    """TransAmerica's intersections brought into view (the page scrolled to the board, below the
    header, the board panned to put them in its middle): where they are on the screen (CSS px),
    the layout still (``steady``)."""
    return steady(pg, IN_VIEW, nodes)


def touch(pg, points: list[tuple[float, float]], pause_ms: int = 16) -> None:
    """One finger put down at the first point, moved through the others and lifted: real touch
    input (CDP ``Input.dispatchTouchEvent``), as a phone sends it. One point: a tap."""
    cdp = pg.context.new_cdp_session(pg)
    first, *rest = points
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [{"x": first[0], "y": first[1], "id": 0}]},
    )
    for x, y in rest:
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 0}]},
        )
        pg.wait_for_timeout(pause_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    pg.wait_for_timeout(300)  # a fling's end, then the page's queue
    settle(pg)


def on_screen(pg, nodes: list[str]) -> list[tuple[float, float]]:
    """Where TransAmerica's intersections are on the screen now (CSS px)."""
    return [
        tuple(p)
        for p in pg.evaluate(
            """ids => { const at = Object.fromEntries(window.TW.G.board.map.nodes.map(n => [n.id, n]));
            const m = document.querySelector('svg.board-overlay').getScreenCTM();
            return ids.map(i => [at[i].x * m.a + m.e, at[i].y * m.d + m.f]); }""",
            nodes,
        )
    ]
