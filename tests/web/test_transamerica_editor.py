"""TransAmerica's map editor (static/games/transamerica-editor.js on the host, static/editor.js)
in Chromium, at phone size and on a laptop's screen, driven with real pointer input: a built-in
board edited (a city dragged to another intersection, a line tapped double, intersections
brushed to sea, a city placed), each problem the engine finds ringed at its place, undo and redo;
the board exported as finished, printed by ``trackwright generate transamerica --map`` and a
short game on it scored by ``trackwright score``. An empty lattice from ``map_start`` painted
land and sea. The engine's answers themselves are tested in tests/edit/.

With TRACKWRIGHT_EDITOR_SHOTS=<folder> the steps' screenshots are written there."""

from __future__ import annotations

import json
import os
from collections import deque
from pathlib import Path

import pytest

from tests.support import cli
from tests.support.editor_view import into_view, press_through
from tests.web.browser import new_browser, open_page, touch
from tests.web.test_i18n import CALL, STATIC, tables
from trackwright.core import lattice as grid
from trackwright.core import transamerica as model
from trackwright.edit import common
from trackwright.kits.transamerica import balance

SIZES = {"phone": (360, 740), "laptop": (1280, 800)}
OVERLAY = "#ta-edit-overlay"
SCROLLS = """() => { const w = document.getElementById('ta-edit-board');
    return [Math.round(w.getBoundingClientRect().top), w.scrollLeft, w.scrollTop]; }"""


def context_of(browser, size: str):
    width, height = SIZES[size]
    context = new_browser(
        browser,
        viewport={"width": width, "height": height},
        device_scale_factor=2 if size == "phone" else 1,
        has_touch=size == "phone",
        accept_downloads=True,
    )
    return context


def snap(pg, name: str) -> None:
    folder = os.environ.get("TRACKWRIGHT_EDITOR_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(Path(folder) / f"{name}.png"))


def idle(pg) -> None:
    pg.evaluate("async () => { await window.twEditorIdle(); }")


def draft(pg) -> dict:
    return pg.evaluate("window.TWEditor.current")


def open_editor(pg, base: str, start: str, cols: int | None = None, rows: int | None = None):
    """#/edit: TransAmerica chosen, a start (``map:b:usa``, ``kind:empty``), Begin."""
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-game")
    pg.select_option("#ed-game", "transamerica")
    pg.wait_for_selector(f'#ed-start option[value="{start}"]', state="attached")
    pg.select_option("#ed-start", start)
    if cols is not None:
        pg.fill("#ed-cols", str(cols))
        pg.fill("#ed-rows", str(rows))
    pg.click("#ed-begin")
    pg.wait_for_url("**#/edit/transamerica/**")
    pg.wait_for_selector(OVERLAY)
    idle(pg)


def at(pg, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Board points brought into view (the board's window scrolled to their middle, the page to
    the board): where they are on the screen, CSS px."""
    return [
        tuple(p)
        for p in pg.evaluate(
            into_view("ta"),
            [list(p) for p in points],
        )
    ]


def nodes_at(pg, ids: list[str]) -> list[tuple[float, float]]:
    """Intersections (land or sea) brought into view together: where they are on the screen."""
    points = pg.evaluate(
        """ids => { const m = window.TWEditor.current.map;
        const all = m.nodes.concat((m['x-sea'] || {nodes: []}).nodes);
        return ids.map(id => { const n = all.find(n => n.id === id); return [n.x, n.y]; }); }""",
        ids,
    )
    return at(pg, points)


def tool(pg, name: str) -> None:
    pg.click(f"#ta-tool-{name}")


def zoom_in(pg, times: int) -> None:
    for _ in range(times):
        pg.click("#ta-zoom-in")


def drag(pg, points: list[tuple[float, float]], steps: int = 6) -> None:
    """A mouse pressed at the first point, moved through the others, released."""
    press_through(pg, points, steps)
    idle(pg)


def ring_centres(pg, kind: str | None = None) -> list[tuple[float, float]]:
    """The centres of the rings the host draws on the board for the check's problems."""
    sel = "g.ed-rings rect.ed-ring.problem" + (f'[data-kind="{kind}"]' if kind else "")
    return [
        tuple(c)
        for c in pg.eval_on_selector_all(
            f"{OVERLAY} {sel}",
            """rs => rs.map(r => [+r.getAttribute('x') + +r.getAttribute('width') / 2,
                                  +r.getAttribute('y') + +r.getAttribute('height') / 2])""",
        )
    ]


def free_neighbour(m: dict, nid: str) -> str:
    """The nearest intersection to ``nid`` with no city on it."""
    taken = {c["node"] for c in m["cities"]}
    here = next(n for n in m["nodes"] if n["id"] == nid)
    free = [n for n in m["nodes"] if n["id"] not in taken]
    return min(free, key=lambda n: (n["x"] - here["x"]) ** 2 + (n["y"] - here["y"]) ** 2)["id"]


# ------------------------------------------------------------------ a short game on the map


def path(m: dict, a: str, b: str) -> list[tuple[str, str]]:
    """The fewest track spaces from a to b (breadth first)."""
    nbrs: dict[str, list[str]] = {}
    for e in m["edges"]:
        nbrs.setdefault(e["a"], []).append(e["b"])
        nbrs.setdefault(e["b"], []).append(e["a"])
    came = {a: a}
    todo = deque([a])
    while todo:
        n = todo.popleft()
        for w in nbrs.get(n, []):
            if w not in came:
                came[w] = n
                todo.append(w)
    out, n = [], b
    while n != a:
        out.append((came[n], n))
        n = came[n]
    return out


def short_game(m: dict) -> dict:
    """One round of two players: Ann's five cities joined from her start (the round's end),
    Ben's not (no dotted card: they are out with two players)."""
    regions = ("green", "blue", "yellow", "red", "orange")
    by_region = {
        r: [c for c in m["cities"] if c["region"] == r and not c["dotted"]] for r in regions
    }
    ann = [by_region[r][0] for r in regions]
    ben = [by_region[r][1] for r in regions]
    start = ann[0]["node"]
    track = {tuple(sorted(e)) for c in ann[1:] for e in path(m, start, c["node"])}
    return {
        "game": "transamerica",
        "map": "map.json",
        "players": ["Ann", "Ben"],
        "rounds": [
            {
                "cities": {"Ann": [c["name"] for c in ann], "Ben": [c["name"] for c in ben]},
                "starts": {"Ann": start, "Ben": ben[0]["node"]},
                "track": [list(e) for e in sorted(track)],
            }
        ],
    }


# ------------------------------------------------------------------ the steps


def move_city(pg) -> tuple[str, str]:
    """The first city dragged to the nearest free intersection: (its name, where it went)."""
    m = draft(pg)["map"]
    city = m["cities"][0]
    target = free_neighbour(m, city["node"])
    tool(pg, "city")
    drag(pg, nodes_at(pg, [city["node"], target]))
    moved = {c["name"]: c["node"] for c in draft(pg)["map"]["cities"]}
    assert moved[city["name"]] == target
    assert pg.input_value("#ta-city-name") == city["name"]
    return city["name"], target


def double_a_line(pg) -> None:
    """A plain line with no city at its ends tapped: double (a mountain)."""
    m = draft(pg)["map"]
    taken = {c["node"] for c in m["cities"]}
    line = next(e for e in m["edges"] if e["cost"] == 1 and not {e["a"], e["b"]} & taken)
    tool(pg, "line")
    a, b = nodes_at(pg, [line["a"], line["b"]])
    pg.mouse.click((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    idle(pg)
    after = draft(pg)
    doubled = next(e for e in after["map"]["edges"] if {e["a"], e["b"]} == {line["a"], line["b"]})
    assert (doubled["cost"], doubled["kind"]) == (2, "mountain")
    assert after["check"]["finished"], after["check"]["problems"]


def city_to_sea(pg, node: str, size: str) -> None:
    """A city's intersection brushed to sea: the engine says so, ringed at the city; the problem
    tapped in the list is the ring in focus."""
    tool(pg, "sea")
    (spot,) = nodes_at(pg, [node])
    if size == "phone":  # a finger paints: the board stays where it is on the screen
        before = pg.evaluate(SCROLLS)
        touch(pg, [spot, (spot[0] + 6, spot[1] + 4), (spot[0] + 12, spot[1] + 8)])
        idle(pg)
        assert pg.evaluate(SCROLLS) == before
    else:
        drag(pg, [spot, (spot[0] + 3, spot[1] + 2)])
    now = draft(pg)
    assert node in [n["id"] for n in now["map"]["x-sea"]["nodes"]]
    assert not now["check"]["finished"]
    assert now["check"]["problems"], now["check"]
    here = next(n for n in now["map"]["x-sea"]["nodes"] if n["id"] == node)
    centres = ring_centres(pg)
    assert any(abs(x - here["x"]) < 1 and abs(y - here["y"]) < 1 for x, y in centres), centres
    snap(pg, f"ta-editor-problem-{size}")
    pg.click("#ed-problems li.ed-problem >> nth=0")
    assert pg.locator(f"{OVERLAY} g.ed-rings rect.ed-ring.focus").count() >= 1


def undo_redo(pg, depth: int) -> None:
    """Undo brings the land back (no problem, no ring), redo the sea, Ctrl+Z the land again."""
    pg.click("#ed-undo")
    idle(pg)
    assert draft(pg)["undoDepth"] == depth
    assert draft(pg)["check"]["finished"]
    assert not ring_centres(pg)
    pg.click("#ed-redo")
    idle(pg)
    assert not draft(pg)["check"]["finished"]
    pg.keyboard.press("Control+z")
    idle(pg)
    assert draft(pg)["check"]["finished"] and draft(pg)["undoDepth"] == depth


def export_print_score(pg, folder: Path) -> None:
    """Exported as finished, printed by the command line, a short game on it scored."""
    final = draft(pg)["map"]
    with pg.expect_download() as info:
        pg.click("#ed-export")
    folder.mkdir()
    exported = folder / "map.json"
    info.value.save_as(exported)
    assert json.loads(exported.read_text())["cities"] == final["cities"]
    done = cli.trackwright("generate", "transamerica", "--map", exported, "--out", folder / "out")
    assert done.returncode == 0, done.stderr
    assert list((folder / "out").rglob("*.pdf")), list((folder / "out").rglob("*"))
    record = folder / "game.json"
    record.write_text(json.dumps(short_game(final)))
    done = cli.trackwright("score", "transamerica", record, "--json", cwd=folder)
    assert done.returncode == 0, done.stderr
    scored = json.loads(done.stdout)
    assert scored["rounds"][0]["missing"]["Ann"] == 0, scored["rounds"][0]
    assert scored["rounds"][0]["missing"]["Ben"] > 0


# ------------------------------------------------------------------ the tests


@pytest.mark.slow
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_board_edited_checked_undone_exported_printed_and_scored(
    browser, static_site, tmp_path, size
):
    context = context_of(browser, size)
    pg = open_page(context, static_site)
    open_editor(pg, static_site, "map:b:usa")
    assert draft(pg)["check"]["finished"], draft(pg)["check"]["problems"]
    zoom_in(pg, 3 if size == "phone" else 1)
    snap(pg, f"ta-editor-{size}")
    name, node = move_city(pg)
    double_a_line(pg)
    depth = draft(pg)["undoDepth"]
    city_to_sea(pg, node, size)
    undo_redo(pg, depth)
    assert {c["name"]: c["node"] for c in draft(pg)["map"]["cities"]}[name] == node
    export_print_score(pg, tmp_path / "kit")
    assert not context.errors, context.errors
    context.close()


def in_french(pg, hands: int, figures: str) -> None:
    """The language set to French and back: the exact box (done) says it in each language."""
    french = common.t("ta.m.measured", "fr", count=hands)
    pg.select_option("#lang", "fr")
    pg.wait_for_function(
        "(want) => document.getElementById('ed-exact-state')?.innerText === want", arg=french
    )
    assert pg.get_attribute("#ed-exact", "data-state") == "done"
    fr = pg.inner_text("#ed-exact-figures")
    assert fr != figures and str(hands) in fr, fr
    pg.select_option("#lang", "en")
    english = f"Every hand measured: {hands}."
    pg.wait_for_function(
        "(want) => document.getElementById('ed-exact-state')?.innerText === want", arg=english
    )
    assert pg.inner_text("#ed-exact-figures") == figures
    idle(pg)


def export_at_once(pg) -> None:
    """Export: the file comes at once (the exact figures come after it)."""
    with pg.expect_download(timeout=5_000):
        pg.click("#ed-export")


@pytest.mark.slow
def test_an_exported_board_is_measured_by_every_hand_or_stopped(browser, static_site):
    """Export downloads map.json at once; every hand is then measured in the engines' worker,
    a part at a time, while the editor goes on (a brush stroke meanwhile is drawn and checked);
    the exact figures appear, every hand's, the analysis' own. A second export stopped stays
    stopped."""
    b = balance.analyse(model.load("usa"))
    context = context_of(browser, "phone")
    pg = open_page(context, static_site)
    open_editor(pg, static_site, "map:b:usa")
    export_at_once(pg)
    pg.wait_for_selector('#ed-exact[data-state="running"]')
    assert pg.inner_text("#ed-exact-state")
    # A stroke of the sea brush over a city while every hand is measured: drawn and checked.
    zoom_in(pg, 3)
    node = draft(pg)["map"]["cities"][0]["node"]
    tool(pg, "sea")
    (spot,) = nodes_at(pg, [node])
    touch(pg, [spot, (spot[0] + 6, spot[1] + 4), (spot[0] + 12, spot[1] + 8)])
    idle(pg)
    now = draft(pg)
    assert node in [n["id"] for n in now["map"]["x-sea"]["nodes"]]
    assert not now["check"]["finished"] and now["check"]["measures"]["exact"] is False
    assert pg.evaluate("window.TWEditor.checkTimes.at(-1)") < 3_000
    pg.wait_for_selector('#ed-exact[data-state="done"]', timeout=240_000)
    pg.evaluate("document.getElementById('ed-exact').scrollIntoView()")
    pg.evaluate("window.scrollBy(0, -70)")
    snap(pg, "ta-editor-exact-phone")
    box = pg.locator("#ed-exact")
    assert box.get_attribute("data-hands") == str(b.hands) == "16807"
    assert box.get_attribute("data-exact") == "true"
    figures = pg.inner_text("#ed-exact-figures")
    assert f"all {b.hands} hands" in figures, figures
    assert str(b.minimum) in figures and str(b.maximum) in figures
    assert "changed since" in pg.inner_text("#ed-exact-state")
    # Undone, the draft is the exported map again.
    pg.click("#ed-undo")
    idle(pg)
    assert pg.inner_text("#ed-exact-state") == f"Every hand measured: {b.hands}."
    # The app's language changed: the box is drawn again, its figures asked again, in French.
    in_french(pg, b.hands, figures)
    # Another map exported, its measuring stopped: it stays stopped, the worker idle.
    double_a_line(pg)
    export_at_once(pg)
    pg.wait_for_function("window.TWEditor.current.exact.done > 0")
    pg.click("#ed-exact-stop")
    pg.wait_for_selector('#ed-exact[data-state="stopped"]')
    stopped = draft(pg)["exact"]
    assert stopped["done"] < stopped["total"] == b.hands
    assert "Stopped after" in pg.inner_text("#ed-exact-state")
    pg.wait_for_timeout(1_000)
    idle(pg)
    assert draft(pg)["exact"] == stopped
    assert not context.errors, context.errors
    context.close()


@pytest.mark.slow
def test_an_empty_lattice_painted_with_cities_placed_and_named(browser, static_site):
    context = context_of(browser, "laptop")
    pg = open_page(context, static_site)
    open_editor(pg, static_site, "kind:empty", cols=8, rows=6)
    m = draft(pg)["map"]
    assert len(m["nodes"]) == 48 and not m["cities"]
    check = draft(pg)["check"]
    assert not check["finished"]
    kinds = {p["kind"] for p in check["problems"]}
    assert kinds, check

    # The left column's intersections brushed to sea in one stroke: one step, the coast redrawn.
    depth = draft(pg)["undoDepth"]
    tool(pg, "sea")
    left = [n for n in m["nodes"] if n["id"].endswith("1") and len(n["id"]) == 2]
    drag(pg, nodes_at(pg, [n["id"] for n in left[:4]]))
    after = draft(pg)
    sea = {n["id"] for n in after["map"]["x-sea"]["nodes"]}
    assert sea == {n["id"] for n in left[:4]}
    assert after["undoDepth"] == depth + 1
    assert after["map"]["decor"]["land"]
    assert all(e["a"] not in sea and e["b"] not in sea for e in after["map"]["edges"])
    # Painted land again: the intersections and their track spaces are back.
    tool(pg, "land")
    drag(pg, nodes_at(pg, [n["id"] for n in left[:4]]))
    back = draft(pg)["map"]
    assert len(back["nodes"]) == 48 and len(back["edges"]) == len(m["edges"])

    # A lake inside the land: its intersection off the lattice, its shore drawn; land again.
    tool(pg, "lake")
    (spot,) = nodes_at(pg, ["D5"])
    drag(pg, [spot, (spot[0] + 2, spot[1] + 1)])
    lake = draft(pg)["map"]
    assert [n["id"] for n in lake["x-sea"]["nodes"]] == ["D5"]
    assert len(lake["decor"]["lakes"]) == 1
    tool(pg, "land")
    drag(pg, [spot, (spot[0] + 2, spot[1] + 1)])
    assert draft(pg)["map"]["decor"]["lakes"] == []

    # A city placed by a tap in the chosen colour, renamed and flagged dotted in its panel.
    tool(pg, "city")
    pg.click('#ta-regions button[data-region="blue"]')
    ((x, y),) = nodes_at(pg, ["C4"])
    pg.mouse.click(x, y)
    idle(pg)
    placed = draft(pg)["map"]["cities"]
    assert [(c["node"], c["region"]) for c in placed] == [("C4", "blue")]
    pg.fill("#ta-city-name", "Bluetown")
    pg.press("#ta-city-name", "Enter")
    pg.check("#ta-city-dotted")
    idle(pg)
    assert draft(pg)["map"]["cities"] == [
        {"name": "Bluetown", "node": "C4", "region": "blue", "dotted": True}
    ]
    assert pg.locator(f'{OVERLAY} circle.ed-dotted[data-city="Bluetown"]').count() == 1
    # The region's count is shown; the engine's problem about it is ringed at the cities.
    assert "1" in pg.inner_text('#ta-region-counts [data-region="blue"]')
    assert ring_centres(pg), draft(pg)["check"]["problems"]
    assert not context.errors, context.errors
    context.close()


def test_the_sea_around_a_built_in_board_is_painted_land(browser, static_site):
    """The published board's file lists only its land: the engine's map_lattice gives the sea's
    intersections, which a stroke of the land brush turns into land joined to the coast."""
    context = context_of(browser, "laptop")
    pg = open_page(context, static_site)
    open_editor(pg, static_site, "map:b:usa")
    before = draft(pg)["map"]
    assert not before.get("x-sea")
    land = {n["id"] for n in before["nodes"]}
    marks = pg.eval_on_selector_all(
        f"{OVERLAY} circle.ed-sea",
        "els => els.map(e => [e.dataset.node, +e.getAttribute('cx'), +e.getAttribute('cy')])",
    )
    assert len(marks) > 20 and not {m[0] for m in marks} & land
    # A sea intersection beside the coast.
    spot = next(
        m
        for m in marks
        if any(
            grid.node_id(*c) in land for c in grid.neighbours(*grid.cell_of(m[0])) if min(c) >= 0
        )
    )
    tool(pg, "land")
    (p,) = at(pg, [(spot[1], spot[2])])
    drag(pg, [p, (p[0] + 2, p[1] + 1)])
    after = draft(pg)["map"]
    assert spot[0] in {n["id"] for n in after["nodes"]}
    joined = [e for e in after["edges"] if spot[0] in (e["a"], e["b"])]
    assert joined and any((e["b"] if e["a"] == spot[0] else e["a"]) in land for e in joined)
    assert draft(pg)["undoDepth"] == 1
    # The hands' histogram shades the published board's band and says what the shading means.
    assert pg.locator("#ed-measures .ed-histogram .ed-band").count() >= 1
    assert pg.locator("#ed-measures .ed-histogram .ed-band-most").count() == 1
    assert "26" in pg.inner_text("#ed-histogram-band")
    assert not context.errors, context.errors
    context.close()


@pytest.mark.slow
def test_a_random_board_is_the_laptops_and_without_one_the_page_says_so(
    browser, laptop, static_site
):
    context = context_of(browser, "phone")
    # A static site (no laptop): the engines cannot invent a continent; the page says so.
    pg = open_page(context, static_site)
    pg.goto(static_site + "#/edit")
    pg.wait_for_selector("#ed-game")
    pg.select_option("#ed-game", "transamerica")
    pg.wait_for_selector('#ed-start option[value="kind:random"]', state="attached")
    pg.select_option("#ed-start", "kind:random")
    pg.click("#ed-begin")
    pg.wait_for_selector("#status .msg")
    assert "laptop" in pg.inner_text("#status"), pg.inner_text("#status")
    assert pg.url.endswith("#/edit")
    # With a laptop (trackwright serve): its random continent, seeded, problem-free.
    pg = open_page(context, laptop.base)
    pg.goto(laptop.base + "#/edit")
    pg.wait_for_selector("#ed-game")
    pg.select_option("#ed-game", "transamerica")
    pg.wait_for_selector('#ed-start option[value="kind:random"]', state="attached")
    pg.select_option("#ed-start", "kind:random")
    assert pg.locator("#ed-cols").count() == 0  # the continent has its own size
    pg.fill("#ed-seed", "5")
    pg.click("#ed-begin")
    pg.wait_for_url("**#/edit/transamerica/**", timeout=120_000)
    pg.wait_for_selector(OVERLAY)
    idle(pg)
    now = draft(pg)
    assert now["map"]["generator"]["seed"] == 5 and len(now["map"]["cities"]) == 35
    assert now["check"]["finished"], now["check"]["problems"]
    assert not context.errors, context.errors
    context.close()


def test_every_key_the_editor_asks_for_exists():
    known = set(tables()["app"]["en"]) | set(tables()["transamerica"]["en"])
    keys_exist(STATIC / "games" / "transamerica-editor.js", known)


def keys_exist(path: Path, known: set[str]) -> None:
    """Every t("key") and t(`prefix.${...}`) of an editor module has its text (a counted one
    its plural forms)."""
    for exact, prefix in CALL.findall(path.read_text("utf-8")):
        if exact:
            assert exact in known or f"{exact}.other" in known, (path.name, exact)
        else:
            assert any(k.startswith(prefix) for k in known), (path.name, prefix)
