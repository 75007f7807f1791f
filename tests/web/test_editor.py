"""The map editor's host (#/edit, static/editor.js) in Debian's Chromium: every problem kind the
engine finds listed and ringed at its place on the board, undo and redo, the draft on this
device surviving a reload and a killed tab (the context closed and a new one opened on the same
profile), import, "Start a game with this map" and, with a laptop (``trackwright serve``),
"Print this map". The texts the editor asks for exist in every language."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from tests.support.editor_view import press_through
from tests.support.served import CHROMIUM_ARGS
from tests.web.browser import (
    chromium,
    held,
    hold_answers,
    open_page,
    phone,
    release_answers,
    settle,
    shot,
    until_held,
    until_stored,
)
from tests.web.test_dampfross_editor import (
    TOWN_CELLS,
    brush,
    centres,
    current,
    drag,
    hx,
    idle,
    start_empty,
    tap,
    terrain,
    tool,
)
from tests.web.test_i18n import CALL, STATIC, tables
from trackwright.edit import dampfross as ed

pytestmark = pytest.mark.slow


def finished_map() -> dict:
    """A small finished Dampfross map made by the engine's own questions: 10 x 8, the top row
    water, the towns of the drawn-map test, numbered and their ports found."""
    m = ed.map_start({"game": "dampfross"}, {"kind": "empty", "cols": 10, "rows": 8}, "record")
    top = {tuple(hx(c, 0)) for c in range(10)}
    for h in m["hexes"]:
        if (h["q"], h["r"]) in top:
            h["terrain"] = "water"
    m["towns"] = [
        {"name": f"Town {i + 1}", "hex": hx(*c), "numbers": []} for i, c in enumerate(TOWN_CELLS)
    ]
    m["name"] = "Tiny"
    filled = ed.map_fill({"game": "dampfross", "map": m}, {}, "record")["map"]
    assert ed.map_check({"game": "dampfross", "map": filled}, {"lang": "en"}, "record")["finished"]
    return filled


def open_file(pg, base: str, path) -> None:
    """A map.json opened as a new draft from the editor's start page."""
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-begin")
    shot(pg, "editor-start")
    pg.select_option("#ed-start", "file")
    pg.set_input_files("#ed-file", str(path))
    pg.click("#ed-begin")
    pg.wait_for_selector(".df-ed-board polygon")
    idle(pg)


@pytest.fixture
def tiny(tmp_path):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(finished_map()))
    return path


def town_at(pg, cell) -> dict:
    return next(t for t in current(pg)["map"]["towns"] if t["hex"] == hx(*cell))


def ring_holds(pg, kind: str, hexes: list[list[int]]) -> bool:
    """The problem of ``kind`` tapped in the list: whether a bold ring of it on the board holds the
    middle of the hexes given (one hex, or the two sides of a hex side), where they are then."""
    pg.click(f'#ed-problems li[data-kind="{kind}"]')
    return pg.evaluate(
        """hexes => {
        const rings = [...document.querySelectorAll('g.ed-rings rect.focus')];
        const at = hexes.map(([q, r]) => document.querySelector(
          `.df-ed-board polygon[data-hex="${q},${r}"]`).getBoundingClientRect());
        const x = at.reduce((s, a) => s + a.x + a.width / 2, 0) / at.length;
        const y = at.reduce((s, a) => s + a.y + a.height / 2, 0) / at.length;
        return rings.some((r) => { const b = r.getBoundingClientRect();
          return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom; }); }""",
        hexes,
    )


def test_every_problem_kind_is_listed_and_ringed_at_its_place(browser, static_site, tiny):
    context = phone(browser)
    pg = open_page(context, static_site + "#/edit")
    open_file(pg, static_site, tiny)
    assert current(pg)["check"]["finished"]
    assert pg.is_enabled("#ed-export")
    # A town on water.
    tool(pg, "brush")
    brush(pg, "water")
    drag(pg, centres(pg, [hx(2, 3)]))
    # A town cut off: the corner town's two land neighbours made water.
    drag(pg, centres(pg, [hx(8, 7), hx(9, 6)]))
    # A river along the sea.
    tool(pg, "river")
    a, b = centres(pg, [hx(5, 0), hx(5, 1)])
    tap(pg, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    # An inland port, and a number used twice.
    tool(pg, "town")
    tap(pg, centres(pg, [hx(5, 3)])[0])
    pg.check("#df-ed-town-port")
    idle(pg)
    tap(pg, centres(pg, [hx(4, 5)])[0])
    taken = town_at(pg, (7, 5))["numbers"][0]
    pg.fill("#df-ed-town-numbers", str(taken))
    pg.press("#df-ed-town-numbers", "Enter")
    idle(pg)
    check = current(pg)["check"]
    kinds = {p["kind"] for p in check["problems"]}
    expected = {
        "df.town.on_water",
        "df.town.cut_off",
        "df.river.water",
        "df.port.not_coast",
        "df.dice.twice",
        "df.dice.missing",
    }
    assert expected <= kinds, kinds
    assert not check["finished"]
    assert pg.is_disabled("#ed-export")
    assert pg.is_disabled("#ed-play")
    listed = set(pg.eval_on_selector_all("#ed-problems li", "els => els.map(e => e.dataset.kind)"))
    assert expected <= listed
    # Every problem is ringed on the board at once; each tapped, boldly, where it is.
    ringed = set(
        pg.eval_on_selector_all("g.ed-rings rect.problem", "els => els.map(e => e.dataset.kind)")
    )
    assert expected - {"df.dice.missing"} <= ringed
    places = {
        "df.town.on_water": hx(2, 3),
        "df.town.cut_off": hx(9, 7),
        "df.port.not_coast": hx(5, 3),
        "df.dice.twice": hx(7, 5),  # the second town with the number
    }
    for kind, where in places.items():
        assert ring_holds(pg, kind, [where]), kind
        # The board brought it into view: its ring lies inside the board's window.
        inside = pg.evaluate(
            """() => { const r = document.querySelector('g.ed-rings rect.focus').getBoundingClientRect();
            const w = document.getElementById('df-ed-wrap').getBoundingClientRect();
            const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
            return x >= w.left && x <= w.right && y >= w.top && y <= w.bottom; }"""
        )
        assert inside, kind
    assert ring_holds(pg, "df.river.water", [hx(5, 0), hx(5, 1)])
    shot(pg, "editor-problem-ringed")
    # A problem with no single place is listed, not ringed.
    assert not ring_holds(pg, "df.dice.missing", [hx(0, 0)])
    # Saved as a draft only: the file keeps every problem for later.
    with pg.expect_download() as info:
        pg.click("#ed-save-draft")
    assert info.value.suggested_filename == "Tiny-draft.json"
    assert context.errors == []
    context.close()


def persistent(browser, profile):
    """A browser on a profile of its own (a phone's storage that outlives the tab), started by
    the same Playwright as ``browser``."""
    context = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=chromium(),
        args=CHROMIUM_ARGS,
        viewport={"width": 360, "height": 740},
        has_touch=True,
    )
    context.errors = []  # type: ignore[attr-defined]
    return context


def test_undo_redo_and_the_draft_surviving_a_reload_and_a_killed_tab(
    browser, static_site, tmp_path
):
    profile = tmp_path / "profile"
    context = persistent(browser, profile)
    pg = open_page(context, static_site + "#/edit")
    start_empty(pg, static_site)
    draft_url = pg.url
    tool(pg, "brush")
    brush(pg, "hill")
    drag(pg, centres(pg, [hx(c, 2) for c in range(5)]))
    brush(pg, "water")
    drag(pg, centres(pg, [hx(c, 5) for c in range(4)]))
    assert current(pg)["undoDepth"] == 2
    pg.click("#ed-undo")
    idle(pg)
    assert terrain(pg)[tuple(hx(1, 5))] == "plain"
    assert (current(pg)["undoDepth"], current(pg)["redoDepth"]) == (1, 1)
    # Reloaded: the same draft, its undo and redo too.
    pg.reload()
    pg.wait_for_selector(".df-ed-board polygon")
    idle(pg)
    assert pg.url == draft_url
    assert terrain(pg)[tuple(hx(1, 2))] == "hill"
    assert (current(pg)["undoDepth"], current(pg)["redoDepth"]) == (1, 1)
    pg.keyboard.press("Control+y")
    idle(pg)
    assert terrain(pg)[tuple(hx(1, 5))] == "water"
    # A stroke, and the tab killed at once: the context closed without waiting for anything.
    brush(pg, "hill")
    points = centres(pg, [hx(c, 7) for c in range(3)])
    press_through(pg, points, 4)
    context.close()
    context = persistent(browser, profile)
    pg = open_page(context, static_site + "#/edit")
    pg.wait_for_selector("#ed-drafts li")
    assert pg.locator("#ed-drafts li").count() == 1
    pg.click("#ed-drafts li a")
    pg.wait_for_selector(".df-ed-board polygon")
    idle(pg)
    land = terrain(pg)
    assert [land[tuple(hx(c, 7))] for c in range(3)] == ["hill"] * 3
    assert land[tuple(hx(1, 5))] == "water"
    pg.click("#ed-undo")
    idle(pg)
    assert terrain(pg)[tuple(hx(0, 7))] == "plain"
    assert context.errors == []
    context.close()


def test_a_finished_map_starts_a_game_on_this_device(browser, static_site, tiny):
    context = phone(browser)
    pg = open_page(context, static_site + "#/edit")
    open_file(pg, static_site, tiny)
    pg.click("#ed-play")
    pg.wait_for_selector("#create")
    pg.evaluate("window.twIdle()")
    assert pg.input_value("#new-game") == "dampfross"
    chosen = pg.input_value("#new-map")
    assert chosen.startswith("s:")
    assert "Tiny" in pg.locator("#new-map option:checked").inner_text()
    assert context.errors == []
    context.close()


def test_a_laptop_prints_the_map_and_makes_a_random_one(browser, laptop, tiny):
    context = phone(browser)
    pg = open_page(context, laptop.base + "#/edit")
    open_file(pg, laptop.base, tiny)
    assert pg.is_visible("#ed-print")
    with pg.expect_download(timeout=120_000) as info:
        pg.click("#ed-print")
    data = info.value.path().read_bytes()
    z = zipfile.ZipFile(io.BytesIO(data))
    assert "map.json" in z.namelist()
    assert any(n.endswith(".pdf") for n in z.namelist())
    assert json.loads(z.read("map.json"))["name"] == "Tiny"
    # A random start: the engines in the page cannot make one, the laptop makes it.
    pg.goto(laptop.base + "#/edit")
    pg.wait_for_selector("#ed-begin")
    pg.select_option("#ed-game", "dampfross")  # TransAmerica is the first game listed
    pg.select_option("#ed-start", "kind:random")
    assert pg.input_value("#ed-cols") == "30"
    pg.fill("#ed-cols", "20")
    pg.fill("#ed-rows", "16")
    pg.fill("#ed-seed", "7")
    pg.click("#ed-begin")
    pg.wait_for_selector(".df-ed-board polygon")
    idle(pg)
    m = current(pg)["map"]
    assert m["generator"]["seed"] == 7
    assert len(m["hexes"]) == 20 * 16
    assert current(pg)["check"]["finished"]
    assert context.errors == []
    context.close()


def test_a_game_chosen_while_the_first_ones_editor_loads_keeps_its_own_starts(browser, static_site):
    """The start page fills the first game's starts when its editor module has loaded; a game
    chosen before then keeps its own starts when that slow load lands (it once replaced them)."""
    context = phone(browser)
    held: list = []
    context.route("**/games/transamerica-editor.js", lambda route: held.append(route))
    pg = open_page(context, static_site)
    pg.goto(static_site + "#/edit")
    pg.wait_for_selector("#ed-game")
    pg.wait_for_function("() => document.querySelector('#ed-game').value === 'transamerica'")
    pg.select_option("#ed-game", "lastrada")
    pg.wait_for_selector('#ed-start option[value="map:b:standard"]', state="attached")
    starts = "os => os.map((o) => o.value)"
    lastrada = pg.eval_on_selector_all("#ed-start option", starts)
    assert held, "the first game's editor module was asked for"
    for route in held:
        route.continue_()
    pg.wait_for_function("() => 'transamerica' in window.TW.editors")
    pg.wait_for_timeout(200)
    assert pg.eval_on_selector_all("#ed-start option", starts) == lastrada
    assert "kind:empty" not in lastrada  # TransAmerica's, not La Strada's
    assert context.errors == []
    context.close()


def test_a_new_draft_made_after_the_user_left_does_not_pull_them_back(browser, static_site):
    """Begin makes the draft when the engines answer; a user gone elsewhere meanwhile stays there
    (the late answer once opened the new draft over the page they had gone to)."""
    context = phone(browser)
    pg = open_page(context, static_site)
    pg.goto(static_site + "#/edit")
    pg.wait_for_selector("#ed-begin")
    pg.select_option("#ed-game", "dampfross")
    pg.select_option("#ed-start", "kind:empty")
    hold_answers(pg, "map_start")
    pg.click("#ed-begin")
    until_held(pg)
    pg.evaluate("location.hash = '#/'")
    pg.wait_for_selector("#create")
    assert held(pg)
    release_answers(pg)
    until_stored(pg, "drafts")
    pg.wait_for_timeout(300)
    settle(pg)
    assert pg.evaluate("location.hash") == "#/"
    assert pg.locator("#create").count() == 1
    assert context.errors == []
    context.close()


def test_a_draft_opened_while_another_is_removed_keeps_its_editor(browser, static_site):
    """The start page is drawn again once a draft is removed, unless another draft was opened
    meanwhile (the start page once replaced that draft's editor)."""
    context = phone(browser)
    pg = open_page(context, static_site + "#/edit")
    start_empty(pg, static_site)
    gone = current(pg)["draftId"]
    start_empty(pg, static_site, cols=12, rows=9)
    kept = current(pg)["draftId"]
    pg.goto(static_site + "#/edit")
    pg.wait_for_selector(f'[data-remove="{gone}"]')
    pg.evaluate("""() => {
        const store = window.TWStore, remove = store.removeDraft;
        window.twRemoved = [];
        window.twRemove = remove;
        store.removeDraft = (...args) =>
            (window.twRemoving = new Promise((resolve) =>
                window.twRemoved.push(() => remove.apply(store, args).then(resolve))));
    }""")
    pg.on("dialog", lambda dialog: dialog.accept())
    pg.click(f'[data-remove="{gone}"]')
    pg.wait_for_function("() => window.twRemoved.length > 0")
    pg.click(f'li[data-draft="{kept}"] a')
    pg.wait_for_selector(".df-ed-board polygon")
    pg.evaluate(
        "() => { window.TWStore.removeDraft = window.twRemove; window.twRemoved.forEach((go) => go()); }"
    )
    # The removal done (however slow the machine), then time for a redraw it set off outside the
    # page's queue (as it once did) to land before the page is looked at.
    pg.evaluate("() => window.twRemoving")
    pg.wait_for_timeout(300)
    settle(pg)
    idle(pg)
    assert current(pg)["draftId"] == kept
    assert pg.locator(".df-ed-board").count() == 1 and pg.locator("#ed-begin").count() == 0
    # Removed from the start page itself: the list drawn again without it.
    pg.goto(static_site + "#/edit")
    pg.wait_for_selector(f'[data-remove="{kept}"]')
    assert pg.locator(f'[data-remove="{gone}"]').count() == 0
    pg.click(f'[data-remove="{kept}"]')
    pg.wait_for_selector("#ed-drafts p.small")
    assert pg.locator("#ed-begin").count() == 1
    assert context.errors == []
    context.close()


def test_every_key_the_editors_ask_for_exists():
    every = tables()
    shell = set(every["app"]["en"])
    game = set(every["dampfross"]["en"])
    for path, known in [
        (STATIC / "editor.js", shell),
        (STATIC / "games" / "dampfross-editor.js", shell | game),
    ]:
        text = path.read_text("utf-8")
        for m in CALL.finditer(text):
            key = m[1] or m[2]
            if m[1]:
                plural = {k.rpartition(".")[0] for k in known if re.search(r"\.(one|other)$", k)}
                assert key in known or key in plural, (path.name, key)
            else:
                assert any(k.startswith(key) for k in known), (path.name, key)
