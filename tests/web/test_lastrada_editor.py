"""La Strada's map editor (static/games/lastrada-editor.js on the host, static/editor.js) in
Chromium, at phone size and on a laptop's screen, with real pointer input: a layout made from a
seeded arrangement or the built-in board (land pieces swapped by two taps and by a drag, one
turned round the board; the engine still finds the settlements on their marked hexes), a
settlement placed where the rules do not allow it and ringed at its hex, undo and redo; the
layout exported as finished, printed by ``trackwright generate lastrada --map`` and a short game
on it scored by ``trackwright score``. The engine's answers themselves are tested in tests/edit/.

With TRACKWRIGHT_EDITOR_SHOTS=<folder> the steps' screenshots are written there."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support import cli
from tests.support.editor_view import into_view
from tests.web.browser import new_browser, open_page
from tests.web.test_i18n import STATIC, tables
from tests.web.test_transamerica_editor import keys_exist

SIZES = {"phone": (360, 740), "laptop": (1280, 800)}
OVERLAY = "#ls-edit-overlay"


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


def open_editor(pg, base: str, start: str, seed: int | None = None) -> None:
    """#/edit: La Strada chosen, a start (``map:b:standard``, ``kind:random``), Begin."""
    pg.goto(base + "#/edit")
    pg.wait_for_selector("#ed-game")
    pg.select_option("#ed-game", "lastrada")
    pg.wait_for_selector(f'#ed-start option[value="{start}"]', state="attached")
    pg.select_option("#ed-start", start)
    if seed is not None:
        pg.fill("#ed-seed", str(seed))
    pg.click("#ed-begin")
    pg.wait_for_url("**#/edit/lastrada/**")
    pg.wait_for_selector(f"{OVERLAY}[viewBox]")
    idle(pg)


def hexes_at(pg, hexes: list[list[int]]) -> list[tuple[float, float]]:
    """Hexes brought into view together (the board's window scrolled to their middle, the page
    to the board): their centres on the screen, CSS px. The centres are the board plan's, asked
    of the engine as the module does."""
    return [
        tuple(p)
        for p in pg.evaluate(
            """async hexes => {
            const map = window.TWEditor.current.map;
            const plan = await window.TWEngine.ask('board', { game: 'lastrada', map });
            const pts = hexes.map(([q, r]) => plan.layout.centres[`${q},${r}`]);
            return ("""
            + into_view("ls")
            + """)(pts);
        }""",
            hexes,
        )
    ]


def piece_hex(m: dict, piece: str) -> list[int]:
    """A hex of the piece in its middle ring (away from the other pieces' borders)."""
    own = [h for h in m["hexes"] if h.get("piece") == piece and (h["q"], h["r"]) != (0, 0)]
    own.sort(key=lambda h: abs(h["q"]) + abs(h["r"]) + abs(h["q"] + h["r"]))
    h = own[len(own) // 2]
    return [h["q"], h["r"]]


def at_position(m: dict, position: int) -> str:
    return next(p["id"] for p in m["pieces"] if p["position"] == position)


def positions(m: dict) -> dict[str, int]:
    return {p["id"]: p["position"] for p in m["pieces"]}


def drag(pg, a: tuple[float, float], b: tuple[float, float], steps: int = 8) -> None:
    pg.mouse.move(*a)
    pg.mouse.down()
    for k in range(1, steps + 1):
        pg.mouse.move(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
    pg.mouse.up()
    idle(pg)


def ring_centres(pg) -> list[tuple[float, float]]:
    return [
        tuple(c)
        for c in pg.eval_on_selector_all(
            f"{OVERLAY} g.ed-rings rect.ed-ring.problem",
            """rs => rs.map(r => [+r.getAttribute('x') + +r.getAttribute('width') / 2,
                                  +r.getAttribute('y') + +r.getAttribute('height') / 2])""",
        )
    ]


# ------------------------------------------------------------------ the steps


def swap_by_taps(pg) -> None:
    """The pieces at positions 1 and 2 tapped one after the other: swapped, the settlements
    turned with them still on marked hexes (the engine finds no problem)."""
    m = draft(pg)["map"]
    one, two = at_position(m, 1), at_position(m, 2)
    pg.click("#ls-tool-pieces")
    a, b = hexes_at(pg, [piece_hex(m, one), piece_hex(m, two)])
    pg.mouse.click(*a)
    idle(pg)
    assert one in pg.inner_text("#ls-chosen")
    assert hexes_at(pg, [piece_hex(m, one), piece_hex(m, two)]) == [a, b]  # the board stayed
    pg.mouse.click(*b)
    idle(pg)
    now = draft(pg)
    assert positions(now["map"])[one] == 2 and positions(now["map"])[two] == 1
    assert now["check"]["finished"], now["check"]["problems"]


def swap_by_drag_and_turn(pg) -> None:
    """The piece at position 3 dragged onto the one at 4, then turned right (to 5): one step
    each, the layout still one the rules allow."""
    m = draft(pg)["map"]
    three, four, five = at_position(m, 3), at_position(m, 4), at_position(m, 5)
    depth = draft(pg)["undoDepth"]
    a, b = hexes_at(pg, [piece_hex(m, three), piece_hex(m, four)])
    drag(pg, a, b)
    m = draft(pg)["map"]
    assert positions(m)[three] == 4 and positions(m)[four] == 3
    pg.click("#ls-turn-right")
    idle(pg)
    now = draft(pg)
    assert positions(now["map"])[three] == 5 and positions(now["map"])[five] == 4
    assert now["undoDepth"] == depth + 2
    assert now["check"]["finished"], now["check"]["problems"]


def farm_off_spot(pg, size: str) -> list[int]:
    """A farm placed on a hex with no settlement: too many farms, and not on a marked hex; the
    engine's problem ringed at the hex. Returns the hex."""
    m = draft(pg)["map"]
    taken = {tuple(s["hex"]) for s in m["settlements"]}
    free = next(
        [h["q"], h["r"]] for h in m["hexes"] if (h["q"], h["r"]) not in taken and h["q"] > 2
    )
    pg.click("#ls-tool-settlements")
    pg.click('#ls-options button[data-kind="farm"]')
    (spot,) = hexes_at(pg, [free])
    pg.mouse.click(*spot)
    idle(pg)
    now = draft(pg)
    assert [s["kind"] for s in now["map"]["settlements"] if s["hex"] == free] == ["farm"]
    assert len(now["map"]["settlements"]) == 20
    ids = [s["id"] for s in now["map"]["settlements"]]
    assert ids == [f"s{i:02d}" for i in range(1, 21)]  # numbered in reading order
    kinds = {p["kind"] for p in now["check"]["problems"]}
    assert not now["check"]["finished"] and kinds, now["check"]
    centre = pg.evaluate(
        """async ([q, r]) => (await window.TWEngine.ask('board',
            { game: 'lastrada', map: window.TWEditor.current.map })).layout.centres[`${q},${r}`]""",
        free,
    )
    centres = ring_centres(pg)
    assert any(abs(x - centre[0]) < 1 and abs(y - centre[1]) < 1 for x, y in centres), centres
    assert "6" in pg.inner_text('#ls-counts [data-kind="farm"]')
    snap(pg, f"ls-editor-problem-{size}")
    return free


def undo_redo(pg) -> None:
    """Undo takes the farm away (no problem), redo puts it back, Ctrl+Z takes it away again."""
    pg.click("#ed-undo")
    idle(pg)
    assert draft(pg)["check"]["finished"] and not ring_centres(pg)
    pg.click("#ed-redo")
    idle(pg)
    assert not draft(pg)["check"]["finished"]
    pg.keyboard.press("Control+z")
    idle(pg)
    assert draft(pg)["check"]["finished"]
    assert len(draft(pg)["map"]["settlements"]) == 19


def export_print_score(pg, folder: Path) -> None:
    """Exported as finished, printed by the command line, a short game on it scored."""
    final = draft(pg)["map"]
    with pg.expect_download() as info:
        pg.click("#ed-export")
    folder.mkdir()
    exported = folder / "map.json"
    info.value.save_as(exported)
    assert json.loads(exported.read_text(encoding="utf-8"))["pieces"] == final["pieces"]
    done = cli.trackwright("generate", "lastrada", "--map", exported, "--out", folder / "out")
    assert done.returncode == 0, done.stderr
    assert list((folder / "out").rglob("*.pdf")), list((folder / "out").rglob("*"))
    record = {
        "game": "lastrada",
        "map": "map.json",
        "players": ["Ann", "Ben", "Cleo"],
        "variant": "standard",
        "settlements": {"s01": ["Ann", "Ben"], "s02": ["Cleo"], "s05": ["Ann"], "s19": ["Ben"]},
        "reserve": {"Ann": 3, "Ben": 1, "Cleo": 0},
    }
    (folder / "game.json").write_text(json.dumps(record))
    done = cli.trackwright("score", "lastrada", folder / "game.json", "--json", cwd=folder)
    assert done.returncode == 0, done.stderr
    scored = json.loads(done.stdout)
    assert scored["winners"], scored


# ------------------------------------------------------------------ the tests


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "start"), [("phone", "kind:random"), ("laptop", "map:b:standard")]
)
def test_a_layout_made_checked_undone_exported_printed_and_scored(
    browser, static_site, tmp_path, size, start
):
    context = context_of(browser, size)
    pg = open_page(context, static_site)
    open_editor(pg, static_site, start, seed=7 if start == "kind:random" else None)
    assert draft(pg)["check"]["finished"], draft(pg)["check"]["problems"]
    if size == "phone":
        pg.click("#ls-zoom-in")
    snap(pg, f"ls-editor-{size}")
    swap_by_taps(pg)
    swap_by_drag_and_turn(pg)
    snap(pg, f"ls-editor-pieces-{size}")
    farm_off_spot(pg, size)
    undo_redo(pg)
    export_print_score(pg, tmp_path / "kit")
    assert not context.errors, context.errors
    context.close()


def test_every_key_the_editor_asks_for_exists():
    known = set(tables()["app"]["en"]) | set(tables()["lastrada"]["en"])
    keys_exist(STATIC / "games" / "lastrada-editor.js", known)
