"""The phone app opens at once on a slow phone (issue 26): in Chromium at 360x740 with the CPU
throttled 4x, the home page is drawn without waiting for the rules engines (they start in a Web
Worker of their own), and no main-thread task is long while they start; a button that needs the
engines says they are starting and its work waits for them; a game reopened shows its printed
board at once and its page with the score when the engines answer. The engines start from the
site's memory snapshot and answer from it as without it; the first visit keeps the printed
boards of one language.

The engines now start in about a second, which may be before a throttled page has drawn; so that
the order of things is what is tested, not the machine's speed, what the engines' worker says is
held back from the page until the page is drawn, then let go (DevTools' debugger, which paused
the worker before, did not always hold it when two test workers shared the machine). Their own time is
measured by benchmarks/phone.py, which slows the worker too."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.support.served import HOLD, STARTED, WATCH
from tests.web.browser import (
    held,
    hold_answers,
    open_page,
    phone,
    release_answers,
    settle,
    until_held,
    until_stored,
)
from trackwright.play import bridge
from trackwright.web import site

pytestmark = pytest.mark.slow

#: The longest main-thread task allowed while the engines start. The aim is 200 ms, met on a
#: quiet machine (0-140 ms measured at 4x; Pyodide's start on the main thread was one task of
#: 6-7 s); the bound leaves room for a machine loaded by other work, where parsing a game's
#: printed board (hundreds of kB of SVG) was once measured at 558 ms.
LONGEST_MS = 1000


class Held:
    """The engines' worker of a page held at its start (see ``HOLD``): it runs, but the page
    hears nothing from it until :meth:`release`. Made before the page opens its address."""

    def __init__(self, context, pg) -> None:
        del context  # the hold is the page's own
        self.pg = pg
        pg.add_init_script(HOLD)

    @property
    def workers(self) -> int:
        return self.pg.evaluate("window.__twHold ? window.__twHold.workers : 0")

    def release(self) -> None:
        self.pg.evaluate("window.__twHold.release()")


def throttled(context):
    """A new tab, CPU throttled 4x, its engines held (``pg.held``), opened by the caller."""
    pg = context.new_page()
    context.new_cdp_session(pg).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    pg.on("pageerror", lambda e: context.errors.append(str(e)))
    pg.held = Held(context, pg)
    return pg


def drawn_then_released(pg) -> None:
    """The engines are not ready once the page is drawn (they are held); then let go."""
    pg.wait_for_function("window.__tw && window.__tw.drawn > 0", timeout=60_000)
    assert pg.evaluate("window.TWEngine.stage") != "ready"
    assert pg.held.workers, "the engines' worker was not held"
    pg.held.release()


def test_the_app_is_drawn_before_the_engines_are_ready(browser, static_site):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.errors = []
    context.add_init_script(WATCH)

    # A first visit: the home page first; Start, tapped while the engines start, says so and
    # waits for them.
    pg = throttled(context)
    pg.goto(static_site)
    pg.wait_for_selector("#create", timeout=60_000)
    pg.wait_for_function("window.__tw && window.__tw.drawn > 0", timeout=60_000)
    assert pg.evaluate("window.TWEngine.stage") != "ready"
    pg.evaluate("document.getElementById('create').click()")
    pg.wait_for_function(
        "document.getElementById('status').textContent.includes('Starting the rules engine')"
    )
    # progress, not a problem: not drawn in the problems' red, and gone once it is over
    assert pg.evaluate("document.querySelector('#status .msg').className") == "msg info"
    pg.held.release()
    pg.wait_for_url("**#/game/**", timeout=120_000)
    pg.wait_for_function(
        "!document.getElementById('status').textContent.includes('Starting the rules engine')",
        timeout=5_000,
    )
    found = pg.evaluate(STARTED)
    print("first visit, ms:", found)  # the real figures, with pytest -s
    assert 0 < found["drawn"] < found["ready"], found
    assert found["longest"] < LONGEST_MS, found
    pg.wait_for_selector("#mode-track", timeout=60_000)  # the game's own page, scored
    pg.evaluate("window.twIdle()")
    game = pg.url
    pg.evaluate("navigator.serviceWorker.ready.then(() => true)")
    pg.close()

    # The game reopened (from the service worker's cache): its title and printed board before
    # the engines are ready, with where they are, then its own page.
    pg = throttled(context)
    pg.goto(game)
    pg.wait_for_selector("#main h1", timeout=60_000)
    pg.wait_for_function("window.__tw && window.__tw.board !== null", timeout=60_000)
    drawn_then_released(pg)
    found = pg.evaluate(STARTED)
    print("a game reopened, ms:", found)
    assert 0 < found["drawn"] < found["ready"], found
    assert found["board"] is not None and found["board"] < found["ready"], found
    assert found["longest"] < LONGEST_MS, found
    pg.wait_for_selector("#mode-track", timeout=60_000)
    assert not pg.locator("#engine-progress").count()

    # Home, reopened: drawn before the engines are ready.
    pg = throttled(context)
    pg.goto(static_site)
    drawn_then_released(pg)
    found = pg.evaluate(STARTED)
    print("home reopened, ms:", found)
    assert 0 < found["drawn"] < found["ready"], found
    assert found["longest"] < LONGEST_MS, found
    assert pg.locator(f'a[href="#/game/{game.rsplit("/", 1)[1]}"]').count() == 1
    assert not context.errors, context.errors
    context.close()


#: Records of each game, built-in maps, one the rules refuse (an error answered the same way).
RECORDS = (
    "templates/transamerica/examples/game.json",
    "tests/records/dampfross/example-england.json",
    "tests/records/lastrada/example-standard.json",
)


def scored_in_chromium(browser, base: str, snapshot: str) -> tuple[bool, list]:
    """Whether the engines' snapshot was restored, and what the engines answer for each
    record (their JSON, ``{"ok": ...}`` or ``{"error": ...}``), in a new context. ``snapshot``:
    "site" (the site's), "none" (not found, as on a site built without Node) or "broken"
    (bytes Pyodide refuses, as another Pyodide's would be)."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    if snapshot == "none":
        context.route(f"**/{site.SNAPSHOT}", lambda route: route.fulfill(status=404))
    elif snapshot == "broken":
        context.route(f"**/{site.SNAPSHOT}", lambda route: route.fulfill(body=b"\0" * 4096))
    pg = context.new_page()
    pg.goto(base)
    pg.evaluate("window.trackwright.ready")
    restored = pg.evaluate("window.trackwright.timing.restored")
    answers = pg.evaluate(
        """async (records) => {
            const out = [];
            for (const r of records) {
                try { out.push({ ok: await window.TWEngine.score(r) }); }
                catch (e) { out.push({ error: e.message, engine: Boolean(e.engine) }); }
            }
            return out;
        }""",
        [json.loads((ROOT / r).read_text(encoding="utf-8")) for r in RECORDS]
        + [{"game": "transamerica"}],
    )
    context.close()
    return restored, answers


def test_the_engines_snapshot_is_restored_and_answers_as_python_does(browser, static_site):
    """The site's memory snapshot of the engines (made by ``trackwright site`` with Node.js) is
    what the worker starts from, and the engines answer from it exactly as they do started
    without it (none found, or one Pyodide refuses), and as the command line's Python does."""
    restored, answers = scored_in_chromium(browser, static_site, "site")
    assert restored is True
    for other in ("none", "broken"):  # started as without a snapshot
        started, plain = scored_in_chromium(browser, static_site, other)
        assert started is False, other
        assert answers == plain, other
    python = [
        json.loads(bridge.score_text((ROOT / r).read_text(encoding="utf-8"))) for r in RECORDS
    ]
    assert answers[: len(RECORDS)] == python
    assert answers[-1]["engine"] is True and answers[-1]["error"]


KEPT = """async () => {
    const names = [];
    for (const key of await caches.keys()) {
        if (!key.startsWith("trackwright-")) continue;
        for (const r of await (await caches.open(key)).keys()) names.push(new URL(r.url).pathname);
    }
    return names;
}"""


def test_the_first_visit_keeps_the_boards_of_one_language(browser, static_site, phone_site):
    """A phone in German keeps everything but the other languages' boards; a board asked for in
    French is answered offline in German, online in French, and then every French board is
    kept."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    pg = context.new_page()
    pg.goto(static_site)
    pg.evaluate("window.trackwright.ready")
    pg.evaluate("navigator.serviceWorker.ready.then(() => true)")
    pg.wait_for_function("navigator.serviceWorker.controller !== null")
    kept = {name.lstrip("/") for name in pg.evaluate(KEPT)}
    index = json.loads((phone_site / "maps/index.json").read_text(encoding="utf-8"))
    boards = {lang: {m["boards"][lang] for m in index} for lang in site.LANGS}
    assert boards["de"] <= kept
    assert not (boards["en"] | boards["fr"] | boards["it"]) & kept
    sw = (phone_site / "sw.js").read_text(encoding="utf-8")
    listed = set(json.loads(sw.split("const PRECACHE = ")[1].split(";\n")[0]))
    assert listed - {"./"} - boards["en"] - boards["fr"] - boards["it"] <= kept
    usa = next(m for m in index if m["id"] == "usa")["boards"]
    fetch = "url => fetch(url).then(r => r.text())"
    context.set_offline(True)
    assert pg.evaluate(fetch, usa["fr"]) == (phone_site / usa["de"]).read_text(encoding="utf-8")
    context.set_offline(False)
    assert pg.evaluate(fetch, usa["fr"]) == (phone_site / usa["fr"]).read_text(encoding="utf-8")
    pg.wait_for_function(
        f"({KEPT})().then(names => {json.dumps(sorted(boards['fr']))}"
        ".every(b => names.includes('/' + b)))",
        timeout=60_000,
    )
    context.close()


def test_a_game_started_after_the_user_left_does_not_pull_them_back(browser, static_site):
    """Start makes the game once the engines have checked it; a user gone elsewhere meanwhile
    stays there, the game on the home page's list (the late check once opened the game over the
    page they had gone to)."""
    context = phone(browser)
    pg = open_page(context, static_site)
    hold_answers(pg, "score")
    pg.click("#create")
    until_held(pg)
    pg.evaluate("location.hash = '#/edit'")
    assert held(pg)
    release_answers(pg)
    pg.wait_for_selector("#ed-begin")
    settle(pg)
    assert pg.evaluate("location.hash") == "#/edit"
    assert pg.evaluate("async () => (await window.TWStore.games()).length") == 1
    assert context.errors == []
    context.close()


def test_a_game_started_where_home_had_no_hash_opens_after_home_is_tapped(browser, static_site):
    """The site opened at its bare address (no "#/"), Start tapped, then the home link while the
    engines check the game: the user is still on the home page, so the game opens (the bare
    address and home's "#/" were once taken for two pages, and the game stayed on the list)."""
    context = phone(browser)
    pg = open_page(context, static_site)
    assert pg.evaluate("location.hash") == ""
    hold_answers(pg, "score")
    pg.click("#create")
    until_held(pg)
    pg.click("#home-link")
    pg.wait_for_function("() => location.hash === '#/'")
    assert held(pg)
    release_answers(pg)
    until_stored(pg, "games")
    settle(pg)
    game = pg.evaluate("async () => (await window.TWStore.games())[0].id")
    assert pg.evaluate("location.hash") == f"#/game/{game}"
    assert context.errors == []
    context.close()
