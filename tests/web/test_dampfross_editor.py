"""The Dampfross map editor in Debian's Chromium, at phone size (360 x 740) and on a laptop's
screen (1280 x 800): a small map drawn from an empty board with real pointer input (a brush
stroke, a fill, undo and redo, rivers tapped and dragged along hex sides, towns tapped, named,
made big, numbered by hand and by "Number the towns", the start rule), checked by the engine as it
is drawn, exported as map.json, printed by ``trackwright generate dampfross --map FILE`` and
scored with a short recorded game by ``trackwright score dampfross``."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from tests.support import cli
from tests.support.editor_view import press_through
from tests.web.browser import (
    held,
    hold_answers,
    new_browser,
    open_page,
    phone,
    release_answers,
    shot,
    touch,
    until_held,
)
from trackwright.core import hexgrid

pytestmark = pytest.mark.slow

SIZES = {"phone": (360, 740), "laptop": (1280, 800)}


def hx(col: int, row: int) -> list[int]:
    """The axial hex of a board's column and row (as printed: offset, odd rows shifted)."""
    return list(hexgrid.offset_to_axial(col, row))


def idle(pg) -> None:
    pg.evaluate("async () => { await window.twEditorIdle(); }")


def current(pg) -> dict:
    return pg.evaluate("window.TWEditor.current")


def terrain(pg) -> dict[tuple[int, int], str]:
    return {(h["q"], h["r"]): h["terrain"] for h in current(pg)["map"]["hexes"]}


def centres(pg, hexes: list[list[int]]) -> list[tuple[float, float]]:
    """Where hexes are on the screen (CSS px), the board first scrolled into the middle of the
    window."""
    return [
        tuple(p)
        for p in pg.evaluate(
            """hexes => {
            const wrap = document.getElementById('df-ed-wrap');
            wrap.scrollIntoView({ block: 'center' });
            const boxes = () => hexes.map(([q, r]) =>
              document.querySelector(`.df-ed-board polygon[data-hex="${q},${r}"]`).getBoundingClientRect());
            const b = boxes(), w = wrap.getBoundingClientRect();
            const x = (Math.min(...b.map(r => r.left)) + Math.max(...b.map(r => r.right))) / 2;
            const y = (Math.min(...b.map(r => r.top)) + Math.max(...b.map(r => r.bottom))) / 2;
            wrap.scrollLeft += x - (w.left + w.width / 2);
            wrap.scrollTop += y - (w.top + w.height / 2);
            return boxes().map(r => [r.x + r.width / 2, r.y + r.height / 2]);
        }""",
            hexes,
        )
    ]


def drag(pg, points: list[tuple[float, float]]) -> None:
    """A pointer put down at the first point, moved through the others and lifted."""
    press_through(pg, points, 4)
    idle(pg)


def tap(pg, point: tuple[float, float]) -> None:
    pg.mouse.click(*point)
    idle(pg)


def tool(pg, name: str) -> None:
    pg.click(f'#df-ed-tools [data-tool="{name}"]')


def brush(pg, terrain_name: str) -> None:
    pg.click(f'#df-ed-tools [data-terrain="{terrain_name}"]')


def start_empty(pg, base: str, cols: int = 10, rows: int = 8) -> None:
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-begin")
    pg.select_option("#ed-game", "dampfross")
    pg.select_option("#ed-start", "kind:empty")
    pg.fill("#ed-cols", str(cols))
    pg.fill("#ed-rows", str(rows))
    pg.click("#ed-begin")
    pg.wait_for_selector(".df-ed-board polygon")
    idle(pg)


def editor_context(browser, size: str):
    if size == "phone":
        return phone(browser)
    w, h = SIZES[size]
    context = new_browser(browser, viewport={"width": w, "height": h}, accept_downloads=True)
    return context


def paint_and_fill(pg) -> None:
    """The top row painted water in one stroke; a fill, undone, redone and undone again."""
    tool(pg, "brush")
    brush(pg, "water")
    drag(pg, centres(pg, [hx(c, 0) for c in range(10)]))
    land = terrain(pg)
    assert [land[tuple(hx(c, 0))] for c in range(10)] == ["water"] * 10
    assert current(pg)["undoDepth"] == 1  # one stroke, one step
    brush(pg, "hill")
    drag(pg, centres(pg, [hx(3, 4), hx(4, 4), hx(5, 4)]))
    assert [terrain(pg)[tuple(hx(c, 4))] for c in (3, 4, 5)] == ["hill"] * 3
    # Fill: the water row joined to the hex tapped becomes hill; undo, redo, undo (the keyboard).
    tool(pg, "fill")
    tap(pg, centres(pg, [hx(0, 0)])[0])
    assert [terrain(pg)[tuple(hx(c, 0))] for c in range(10)] == ["hill"] * 10
    pg.click("#ed-undo")
    idle(pg)
    assert terrain(pg)[tuple(hx(5, 0))] == "water"
    pg.click("#ed-redo")
    idle(pg)
    assert terrain(pg)[tuple(hx(5, 0))] == "hill"
    pg.keyboard.press("Control+z")
    idle(pg)
    assert terrain(pg)[tuple(hx(5, 0))] == "water"
    assert current(pg)["redoDepth"] == 1


def rivers(pg) -> None:
    """A side tapped, then a drag across three more sides."""
    tool(pg, "river")
    a, b = centres(pg, [hx(2, 6), hx(3, 6)])
    tap(pg, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    sides = current(pg)["map"]["rivers"]
    assert sorted(map(sorted, sides)) == [sorted([hx(2, 6), hx(3, 6)])]
    pts = centres(pg, [hx(c, 6) for c in range(3, 7)])
    mids = [((x0 + x1) / 2, (y0 + y1) / 2) for (x0, y0), (x1, y1) in pairwise(pts)]
    drag(pg, mids)
    assert len(current(pg)["map"]["rivers"]) == 4


# Town hexes: row 1 on the coast (ports), the rest inland, none on the river's row.
TOWN_CELLS = [
    (1, 1),
    (4, 1),
    (7, 1),
    (0, 3),
    (2, 3),
    (5, 3),
    (8, 3),
    (1, 5),
    (4, 5),
    (7, 5),
    (9, 5),
]
TOWN_CELLS += [(0, 7), (3, 7), (6, 7), (9, 7), (9, 1), (3, 5), (5, 7), (6, 3)]


def towns(pg) -> None:
    tool(pg, "town")
    for cell in TOWN_CELLS:
        tap(pg, centres(pg, [hx(*cell)])[0])
    m = current(pg)["map"]
    assert len(m["towns"]) == len(TOWN_CELLS)
    # The last town tapped is chosen: named, made big, given its numbers by hand.
    pg.fill("#df-ed-town-name", "Ashby")
    pg.press("#df-ed-town-name", "Enter")
    idle(pg)
    pg.check("#df-ed-town-big")
    idle(pg)
    pg.fill("#df-ed-town-numbers", "66, 65")
    pg.press("#df-ed-town-numbers", "Enter")
    idle(pg)
    ashby = next(t for t in current(pg)["map"]["towns"] if t["name"] == "Ashby")
    assert ashby["numbers"] == [66, 65]
    assert ashby["hex"] == hx(6, 3)
    assert "Ashby" in current(pg)["map"]["x-big"]
    assert not current(pg)["check"]["finished"]  # numbers are missing
    kinds = pg.eval_on_selector_all("#ed-problems li", "els => els.map(e => e.dataset.kind)")
    assert "df.dice.missing" in kinds
    pg.click("#df-ed-fill-numbers")
    idle(pg)
    pg.select_option("#df-ed-start", "port")
    idle(pg)


def play_it(m: dict, path, tmp_path) -> None:
    """The exported map printed by the command line and scored with a short recorded game."""
    kit = tmp_path / "kit"
    done = cli.trackwright("generate", "dampfross", "--map", path, "--out", kit, "--format", "pdf")
    assert done.returncode == 0, done.stderr
    assert (kit / "map.json").is_file()
    assert any(kit.glob("*.pdf"))
    ports = [t for t in m["towns"] if t["name"] in m["ports"]]
    assert len(ports) >= 3
    starts = {p: t["hex"] for p, t in zip(("Ann", "Ben", "Cleo"), ports, strict=False)}
    events = []
    for player, (q, r) in starts.items():
        step = next(
            [q + dq, r + dr]
            for dq, dr in hexgrid.DIRECTIONS
            if {"q": q + dq, "r": r + dr, "terrain": "plain"} in m["hexes"]
        )
        events.append({"type": "build", "player": player, "roll": 6, "path": [[q, r], step]})
    record = {"game": "dampfross", "map": path.name, "players": list(starts), "starts": starts}
    record["events"] = events
    (tmp_path / "game.json").write_text(json.dumps(record))
    done = cli.trackwright("score", "dampfross", tmp_path / "game.json", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    score = json.loads(done.stdout)
    assert set(score["players"]) == {"Ann", "Ben", "Cleo"} if "players" in score else score


@pytest.mark.parametrize("size", list(SIZES))
def test_a_small_map_drawn_from_scratch_exported_printed_and_played(
    browser, static_site, tmp_path, size
):
    context = editor_context(browser, size)
    pg = open_page(context, static_site + "#/edit")
    start_empty(pg, static_site)
    assert not pg.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    paint_and_fill(pg)
    rivers(pg)
    towns(pg)
    check = current(pg)["check"]
    assert check["finished"], check["problems"]
    m = current(pg)["map"]
    used = sorted(n for t in m["towns"] for n in t["numbers"])
    assert used == sorted(10 * a + b for a in range(1, 7) for b in range(1, 7))
    assert m["start"] == "port"
    assert {"Town 1", "Town 2", "Town 3"} <= set(m["ports"])  # the towns on the coast
    assert pg.is_enabled("#ed-export")
    # The measures: the engine's lines, in the page.
    assert pg.locator("#ed-measures .ed-measure-line").count() >= 1
    if size == "phone":
        shot(pg, "dampfross-editor")
        shot(pg, "dampfross-editor-measures", "#ed-problems")
    with pg.expect_download() as info:
        pg.click("#ed-export")
    path = tmp_path / "drawn.json"
    info.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["towns"] == m["towns"]
    play_it(exported, path, tmp_path)
    assert context.errors == []
    context.close()


def test_a_finger_paints_without_scrolling_the_page_and_moves_the_board_in_move_mode(
    browser, static_site
):
    """Real touch input (CDP touch events, as a phone sends them): with the brush, a finger
    dragged over the board paints and neither the page nor the board scrolls; with "move", the
    same drag scrolls the board and paints nothing."""
    context = phone(browser)
    pg = open_page(context, static_site + "#/")
    pg.click("#edit-link")  # the home page's way in
    pg.wait_for_selector("#ed-begin")
    start_empty(pg, static_site, cols=20, rows=16)
    tool(pg, "brush")
    brush(pg, "water")
    points = centres(pg, [hx(c, 8) for c in range(6, 12)])
    before = pg.evaluate("[window.scrollY, document.getElementById('df-ed-wrap').scrollLeft]")
    touch(pg, points)
    idle(pg)
    after = pg.evaluate("[window.scrollY, document.getElementById('df-ed-wrap').scrollLeft]")
    assert after == before
    land = terrain(pg)
    assert [land[tuple(hx(c, 8))] for c in range(6, 12)] == ["water"] * 6
    assert current(pg)["undoDepth"] == 1
    pg.click("#df-ed-zoom-in")
    pg.click("#df-ed-zoom-in")
    tool(pg, "move")
    points = centres(pg, [hx(c, 10) for c in range(6, 12)])
    left = pg.evaluate("document.getElementById('df-ed-wrap').scrollLeft")
    touch(pg, points[::-1])
    assert pg.evaluate("document.getElementById('df-ed-wrap').scrollLeft") != left
    assert terrain(pg)[tuple(hx(8, 10))] == "plain"
    assert current(pg)["undoDepth"] == 1
    assert context.errors == []
    context.close()


def labels(pg) -> tuple[list[str], list[str]]:
    """The board's border labels: the column letters (left to right) and the row numbers (each
    row's, at both sides)."""
    return pg.evaluate(
        """() => {
        const texts = [...document.querySelectorAll('.df-ed-labels text')];
        const cols = texts.filter(t => t.getAttribute('text-anchor') === 'middle');
        const rows = texts.filter(t => t.getAttribute('text-anchor') !== 'middle');
        cols.sort((a, b) => +a.getAttribute('x') - +b.getAttribute('x'));
        return [cols.map(t => t.textContent), rows.map(t => t.textContent)];
    }"""
    )


def hexes_drawn(pg, count: int) -> None:
    pg.wait_for_function(f"document.querySelectorAll('.df-ed-board polygon').length === {count}")
    idle(pg)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_board_has_the_printed_labels_and_grows_and_shrinks_at_each_side(
    browser, static_site, size
):
    """The column letters and row numbers on the border, as the printed board has them (the
    engine's map_layout); a row added above (it becomes row 1), a column removed at the right,
    each one undoable step; the new row painted with the brush."""
    context = editor_context(browser, size)
    pg = open_page(context, static_site + "#/edit")
    start_empty(pg, static_site)
    cols, rows = labels(pg)
    assert cols == list("ABCDEFGHIJ")
    assert sorted(rows, key=int) == [str(n) for n in range(1, 9) for _ in (0, 1)]
    pg.select_option("#df-ed-edge", "top")
    pg.click("#df-ed-grow")
    hexes_drawn(pg, 90)
    assert len(current(pg)["map"]["hexes"]) == 90 and current(pg)["undoDepth"] == 1
    cols, rows = labels(pg)
    assert sorted(set(rows), key=int) == [str(n) for n in range(1, 10)]
    # The new top row is painted like any other: the hex under the finger is the engine's.
    tool(pg, "brush")
    brush(pg, "water")
    drag(pg, centres(pg, [hx(c, -1) for c in range(3)]))
    assert [terrain(pg)[tuple(hx(c, -1))] for c in range(3)] == ["water"] * 3
    pg.select_option("#df-ed-edge", "right")
    pg.click("#df-ed-shrink")
    hexes_drawn(pg, 81)
    assert labels(pg)[0] == list("ABCDEFGHI")
    pg.click("#ed-undo")
    hexes_drawn(pg, 90)
    assert labels(pg)[0] == list("ABCDEFGHIJ")
    assert current(pg)["undoDepth"] == 2
    assert context.errors == []
    context.close()


def test_a_resize_answered_after_another_draft_opened_leaves_that_draft_alone(browser, static_site):
    """A row added to a draft whose editor was left before the engine answered: the draft open
    now keeps its own map (the late answer once replaced it with the first draft's)."""
    context = phone(browser)
    pg = open_page(context, static_site + "#/edit")
    start_empty(pg, static_site)
    first = current(pg)["draftId"]
    hold_answers(pg, "map_resize")
    pg.click("#df-ed-grow")
    until_held(pg)
    start_empty(pg, static_site, cols=12, rows=9)
    second = current(pg)
    assert second["draftId"] != first and len(second["map"]["hexes"]) == 12 * 9
    assert held(pg)
    release_answers(pg)
    pg.wait_for_timeout(300)
    idle(pg)
    now = current(pg)
    assert now["draftId"] == second["draftId"]
    assert now["map"] == second["map"] and now["undoDepth"] == 0
    assert context.errors == []
    context.close()
