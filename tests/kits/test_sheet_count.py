"""How many sheets a tiled board takes, read from the PDF the user prints: the fewest the brick
search finds (rows or columns of sheets, each with its own cuts) for every built-in board of the
three games on every paper, pinned; every part of the board on some sheet; the sheets named as
printed ("sheet 5", in the kit's language), which no hex label looks like; and the map file's
seams where the PDF's cut lines are."""

from __future__ import annotations

import io
import re
from functools import cache

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.kits.test_seams import PT, drawing
from tests.support.pdfgeom import read_pdf
from trackwright.core import transamerica as ta_model
from trackwright.core.tiling import (
    COLUMNS,
    PAPERS,
    ROWS,
    TILE_MARGINS,
    TILE_OVERLAP,
    brick_tiles,
    choose_tiling,
    cuts,
    tile_board,
)
from trackwright.kits.checklist import checklist_page
from trackwright.kits.draw.ops import Document
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.sheets import seam_keepouts, tiled_pages
from trackwright.kits.transamerica import board as ta_board
from trackwright.photo import seams as photo_seams

#: The fewest sheets with every seam clear of the words and cities, as the search finds them
#: (and, in brackets, the equal grid's before the seams kept clear, and main's grid with them).
PINNED = {
    "transamerica:usa": {"a4": 9, "letter": 8, "a3": 4},  # (8 8 4; 9 9 4)
    "transamerica:usa-classic": {"a4": 8, "letter": 9, "a3": 4},  # (8 8 4; 8 9 4)
    "transamerica:europe": {"a4": 7, "letter": 7, "a3": 4},  # (6 6 4; 9 9 4)
    "transamerica:japan": {"a4": 8, "letter": 9, "a3": 4},  # (8 8 4; 8 12 4)
    "dampfross:england": {"a4": 5, "letter": 5, "a3": 2},  # (4 4 2; 6 6 2)
    "dampfross:france": {"a4": 6, "letter": 6, "a3": 2},  # (6 6 2; 6 6 2)
    "dampfross:usa-east": {"a4": 6, "letter": 6, "a3": 2},  # (6 4 2; 8 6 2)
    "lastrada:seed-1": {"a4": 6, "letter": 6, "a3": 4},  # (6 6 4; 6 6 4)
    "lastrada:seed-97764": {"a4": 6, "letter": 6},  # (6 6; 9 9)
}
CASES = [(board, paper) for board, papers in PINNED.items() for paper in papers]


@cache
def sheets_pdf(board: str, paper: str, lang: str = "en") -> tuple[object, bytes]:
    tiling, pages = tiled_pages(drawing(board, lang), paper, lang, "t")
    return tiling, render_pdf(Document("t", tuple(pages)))


@pytest.mark.parametrize(("board", "paper"), CASES)
def test_the_fewest_sheets_are_printed(board, paper):
    tiling, pdf = sheets_pdf(board, paper)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == PINNED[board][paper]
    # Never fewer than a board without a word could take: the search is no cheat.
    base = drawing(board, "en")
    bare = choose_tiling(base.width, base.height, paper, TILE_MARGINS, TILE_OVERLAP)
    assert len(tiling.tiles) >= len(bare.tiles)


def test_rows_of_sheets_each_take_their_own_cuts():
    """A word on the upper half and another on the lower half, each where the other half's
    cut goes: no cut runs clear down the whole board (the grid takes a column more), but each
    row of sheets finds its own."""
    keep = [(115.0, 20.0, 150.0, 25.0), (150.0, 220.0, 185.0, 225.0)]
    size, usable = (300.0, 300.0), (190.0, 190.0)
    _rows, _cols, grid = tile_board(*size, *usable, TILE_OVERLAP, keep)
    assert len(grid) == 6
    bricks = brick_tiles(size, usable, TILE_OVERLAP, keep, ROWS)
    assert bricks is not None and len(bricks) == 4
    assert [t.label for t in bricks] == ["1", "2", "3", "4"]
    upper, lower = bricks[1].x + TILE_OVERLAP / 2, bricks[3].x + TILE_OVERLAP / 2
    assert not 115 < upper < 150 and not 150 < lower < 185
    # Turned, the same search lays columns of sheets.
    turned = [(b[1], b[0], b[3], b[2]) for b in keep]
    columns = brick_tiles(size, usable, TILE_OVERLAP, turned, COLUMNS)
    assert columns is not None
    assert sorted((t.y, t.x) for t in columns) == sorted((t.x, t.y) for t in bricks)


@pytest.mark.parametrize(
    ("board", "paper"),
    [("transamerica:europe", "a4"), ("dampfross:france", "letter"), ("lastrada:seed-97764", "a4")],
)
def test_every_part_of_the_board_is_on_a_sheet(board, paper):
    """The glued sheets leave no gap and no double: what shows of each sheet (its window from
    the seams it meets) tiles the board. And every letter the board prints is on a sheet, at
    its place on the board, read from the PDFs."""
    tiling, pdf = sheets_pdf(board, paper)
    base = drawing(board, "en")
    top, right, bottom, left = TILE_MARGINS
    half = TILE_OVERLAP / 2
    seams = tiling.seams()
    shown = []
    for i, tile in enumerate(tiling.tiles):
        assert tile.w <= tiling.paper_w - left - right + 1e-6
        assert tile.h <= tiling.paper_h - top - bottom + 1e-6
        over = {s.axis for s in seams if s.over == i}
        under = {s.axis for s in seams if s.under == i}
        x0, y0 = tile.x + half * (0 in over), tile.y + half * (1 in over)
        x1, y1 = tile.x + tile.w - half * (0 in under), tile.y + tile.h - half * (1 in under)
        assert 0 <= x0 < x1 <= base.width + 1e-6 and 0 <= y0 < y1 <= base.height + 1e-6
        shown.append((x0, y0, x1, y1))
    area = sum((b[2] - b[0]) * (b[3] - b[1]) for b in shown)
    assert area == pytest.approx(base.width * base.height)
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            assert (
                min(a[2], b[2]) - max(a[0], b[0]) < 1e-6 or min(a[3], b[3]) - max(a[1], b[1]) < 1e-6
            )
    whole = render_pdf(Document("t", (base,)))
    with pdfplumber.open(io.BytesIO(whole)) as doc:
        wanted = {_char(c, 0.0, 0.0) for c in doc.pages[0].chars if c["text"].strip()}
    seen = set()
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page, tile in zip(doc.pages, tiling.tiles, strict=True):
            for c in page.chars:
                x, y = c["x0"] / PT, c["top"] / PT
                inside = left <= x and c["x1"] / PT <= left + tile.w
                if c["text"].strip() and inside and top <= y and c["bottom"] / PT <= top + tile.h:
                    seen.add(_char(c, tile.x - left, tile.y - top))
    near: dict[tuple[str, int, int], list[tuple[float, float]]] = {}
    for text, x, y in seen:
        near.setdefault((text, int(x), int(y)), []).append((x, y))
    missing = [
        (text, x, y)
        for text, x, y in wanted
        if not any(
            abs(x - sx) < 0.05 and abs(y - sy) < 0.05
            for i in (-1, 0, 1)
            for j in (-1, 0, 1)
            for sx, sy in near.get((text, int(x) + i, int(y) + j), ())
        )
    ]
    assert not missing, missing[:5]


def _char(c: dict, dx: float, dy: float) -> tuple[str, float, float]:
    """A letter and its place on the board (mm)."""
    return c["text"], c["x0"] / PT + dx, c["top"] / PT + dy


SHEET = {"en": "Sheet", "fr": "Feuille", "de": "Blatt", "it": "Foglio"}
HEX_LIKE = re.compile(r"[A-Z]{1,2}\d{1,2}")


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_sheets_are_named_as_printed(lang):
    """Each sheet prints its name in its corner and its footer ("Sheet 4", "Sheet 4 of 6", in
    the kit's language), its number its page; the assembly map numbers the sheets the same
    way, and nothing in the footer reads as a hex ("B1"); the checklist names the sheets."""
    tiling, pdf = sheets_pdf("lastrada:seed-97764", "a4", lang)
    count = len(tiling.tiles)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages, start=1):
            foot = page.within_bbox((0, page.height - 25 * PT, page.width, page.height))
            text = foot.extract_text()
            big = "".join(c["text"] for c in foot.chars if c["size"] > 15).replace(" ", "")
            assert big == f"{SHEET[lang]}{number}"
            assert f"{SHEET[lang]} {number} " in text and f" {count}" in text
            words = foot.extract_words()
            assert not [w for w in words if HEX_LIKE.fullmatch(w["text"])]
            # The assembly map numbers its cells in type of at most 5 pt (the scale bar's
            # caption, "50 mm", is 5.5 pt).
            numbers = {c["text"] for c in foot.chars if c["text"].isdigit() and c["size"] <= 5.01}
            assert numbers == {str(n) for n in range(1, count + 1)}
    _tiling, pages = tiled_pages(drawing("lastrada:seed-97764", lang), "a4", lang, "t")
    check = checklist_page(
        {"board-a4": Document("t", tuple(pages))}, "a4", lang, "La Strada", "long", "-"
    )
    with pdfplumber.open(io.BytesIO(render_pdf(Document("c", (check,))))) as doc:
        text = " ".join(doc.pages[0].extract_text().split())
    first, last = (
        f"{SHEET[lang].lower() if lang != 'de' else SHEET[lang]} {n}" for n in (1, count)
    )
    assert first in text and last in text


def _cut_lines(pdf: bytes, tiling) -> tuple[set[float], set[float], set[tuple]]:
    """The dashed cut lines (0.3 mm, across the whole window) of a tiled board's PDF, in board
    millimetres: x of the vertical ones, y of the horizontal ones; and every straight line of
    0.25 mm (the glue lines among them) as ("x", x, y0, y1) or ("y", y, x0, x1)."""
    top, _right, _bottom, left = TILE_MARGINS
    xs: set[float] = set()
    ys: set[float] = set()
    lines: set[tuple] = set()
    for page, tile in zip(read_pdf(pdf), tiling.tiles, strict=True):
        for path in page.paths:
            if path.stroke is None:
                continue
            x0, y0, x1, y1 = path.bbox
            x0, x1 = round(x0 - left + tile.x, 3), round(x1 - left + tile.x, 3)
            y0, y1 = round(y0 - top + tile.y, 3), round(y1 - top + tile.y, 3)
            if abs(path.width - 0.25) < 1e-3 and len(path.points) == 2:
                lines.add(("x", x0, y0, y1) if x1 - x0 < 1e-3 else ("y", y0, x0, x1))
            if abs(path.width - 0.3) > 1e-3:
                continue
            if x1 - x0 < 1e-3 and y1 - y0 > tile.h:
                xs.add(x0)
            elif y1 - y0 < 1e-3 and x1 - x0 > tile.w:
                ys.add(y0)
    return xs, ys, lines


@pytest.mark.parametrize("name", ["usa", "europe", "japan"])
def test_the_map_files_seams_are_where_the_pdf_cuts(name):
    """The built-in map file says where the kit's sheets are cut (``print.seams``): every cut
    line of the tiled PDFs lies on one of its seams, and each of its seams is a cut of some
    paper's sheets; and where each runs (``runs``): the glue lines of every paper's sheets."""
    m = ta_model.load(name)
    assert m.printed_seams is not None and m.printed_seam_runs is not None
    runs = {(a, round(at, 3), round(lo, 3), round(hi, 3)) for a, at, lo, hi in m.printed_seam_runs}
    glued: set[tuple] = set()
    printed_x = {round(x, 3) for x in m.printed_seams[0]}
    printed_y = {round(y, 3) for y in m.printed_seams[1]}
    every_x: set[float] = set()
    every_y: set[float] = set()
    base = ta_board.board_drawing(m, "en")
    keep = seam_keepouts(base.ops)
    for paper in sorted(PAPERS):
        tiling, pages = tiled_pages(base, paper, "en", "t")
        xs, ys, lines = _cut_lines(render_pdf(Document("t", tuple(pages))), tiling)
        glued |= lines & runs
        assert xs <= printed_x and ys <= printed_y, paper
        want = cuts(choose_tiling(base.width, base.height, paper, TILE_MARGINS, TILE_OVERLAP, keep))
        assert (xs, ys) == ({round(x, 3) for x in want[0]}, {round(y, 3) for y in want[1]})
        every_x |= xs
        every_y |= ys
    assert (every_x, every_y) == (printed_x, printed_y)
    assert glued == runs  # each run is a glue line on some paper's sheets
    assert {at for a, at, _lo, _hi in runs if a == "x"} == printed_x


def test_the_reader_knows_where_each_seam_runs():
    """The photo reader asks where a seam may lie (``trackwright.photo.seams``): from the map
    file's runs (a vertical seam of one row of sheets is not expected in the next row), from
    the words when a map file does not say, and across the whole board for the equal split."""
    m = ta_model.load("europe")
    base = ta_board.board_drawing(m, "en")
    keep = seam_keepouts(base.ops)
    runs = photo_seams.board_seam_runs(m.printed_seam_runs, base.width, base.height)
    assert runs == photo_seams.board_seam_runs(None, base.width, base.height, keep)
    assert photo_seams.board_seams(m.printed_seams, base.width, base.height) == (
        photo_seams.seams(base.width, base.height, keep)
    )
    _axis, at, lo, hi = next(r for r in runs if r[0] == "x" and r[2] > 0)  # a lower row's seam
    assert photo_seams.on_a_seam(runs, at + 1.0, (lo + hi) / 2, 2.0) == (True, False)
    others = [r for r in runs if r[0] == "x" and abs(r[1] - at) <= 2.0 and r[2] < lo - 2.0]
    if not others:  # no other row's seam there: above this row, nothing is expected
        assert not photo_seams.on_a_seam(runs, at, lo - 20.0, 2.0)[0]
    bare = photo_seams.board_seam_runs(None, base.width, base.height)
    assert all(r[2] == 0.0 and r[3] in (base.width, base.height) for r in bare)
