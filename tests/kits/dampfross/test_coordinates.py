"""The hex coordinates the scorer speaks, read back from the printed PDFs: every land hex of a
Dampfross board carries its own label ("F7") inside its outline, the column letters and row
numbers round the map stand over their columns and beside their rows, every sheet of the tiled
board is readable on its own, and the blank hex sheets label their hexes the same way."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from trackwright.core import dampfross as model
from trackwright.core import hexgrid
from trackwright.core.boardplan.dampfross import layout
from trackwright.core.tiling import TILE_MARGINS
from trackwright.kits.dampfross import board, kit, random_map
from trackwright.kits.draw.ops import Document
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.sheets import tiled_pages

MM = 72 / 25.4
LABEL = re.compile(r"[A-Z]{1,3}[0-9]{1,3}")


def words(pdf: bytes) -> list[list[tuple[str, float, float, float]]]:
    """Each page's words: (text, centre x, centre y, height), mm from the top-left corner."""
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            found = page.extract_words(keep_blank_chars=False, use_text_flow=False)
            out.append(
                [
                    (
                        w["text"],
                        (w["x0"] + w["x1"]) / 2 / MM,
                        (w["top"] + w["bottom"]) / 2 / MM,
                        (w["bottom"] - w["top"]) / MM,
                    )
                    for w in found
                ]
            )
    return out


def the_map(name: str) -> model.DampfrossMap:
    if name == "random-1":
        return random_map.generate(1, random_map.RandomParams())
    return model.load(name)


@pytest.fixture(scope="module", params=["england", "france", "usa-east", "random-1"])
def printed(request):
    m = the_map(request.param)
    drawing = board.map_drawing(m, "en")
    return m, words(render_pdf(Document("board", (drawing,))))[0]


def test_every_land_hex_prints_its_label_inside_itself(printed):
    m, page = printed
    ox, oy, _w, _h = layout(m)
    at = hexgrid.Layout(size=m.hex_size, origin=(ox, oy))
    bottom = at.bounds(m.terrain)[3]  # the legend's sample "F7" is below the map
    inside: dict[str, hexgrid.Hex] = {}
    for text, x, y, height in page:
        if LABEL.fullmatch(text) and height < 2.0 and y < bottom:  # the in-hex labels (4 pt)
            assert text not in inside, f"{text} printed twice"
            inside[text] = at.hex_at(x, y)
    for text, h in inside.items():
        assert m.label(h) == text, f"{text} printed on hex {m.label(h)}"
        assert m.hex_of_label(text) == h
    assert set(inside) == {m.label(h) for h in m.land}


def test_columns_and_rows_are_printed_round_the_map(printed):
    m, page = printed
    ox, oy, _w, _h = layout(m)
    at = hexgrid.Layout(size=m.hex_size, origin=(ox, oy))
    minx, miny, maxx, _maxy = at.bounds(m.terrain)
    border = [(t, x, y) for t, x, y, height in page if height >= 2.0]
    letters = {t: x for t, x, y in border if re.fullmatch(r"[A-Z]{1,2}", t) and y < miny}
    offsets = {hexgrid.axial_to_offset(h) for h in m.terrain}
    cols = sorted({c for c, _r in offsets})
    assert sorted(letters, key=hexgrid.column_number) == [hexgrid.column_letters(c) for c in cols]
    for text, x in letters.items():  # over the column's hexes of the even rows
        h = hexgrid.offset_to_axial(hexgrid.column_number(text), 0)
        assert x == pytest.approx(at.centre(h)[0], abs=0.3)
    rows = sorted({r for _c, r in offsets})
    for side in (lambda x: x < minx, lambda x: x > maxx):
        numbers = {t: y for t, x, y in border if t.isdigit() and side(x) and y > miny}
        assert sorted(numbers, key=int) == [str(r + 1) for r in rows]
        for text, y in numbers.items():
            assert y == pytest.approx(
                at.centre(hexgrid.offset_to_axial(0, int(text) - 1))[1], abs=0.6
            )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_of_the_tiled_board_is_readable_on_its_own(paper):
    """Far from the border a tiled sheet still names its hexes: every sheet shows labels where
    it prints, and together they show every land hex's (each sheet carries the whole board
    clipped to its area: only words inside the printable area count)."""
    m = model.load("france")
    drawing = board.map_drawing(m, "en")
    tiling, pages = tiled_pages(drawing, paper, "en", "France")
    sheet_names = {tile.label for tile in tiling.tiles}
    land = {m.label(h) for h in m.land}
    seen: set[str] = set()
    sheets = words(render_pdf(Document("sheets", tuple(pages))))
    for page, tile, read in zip(pages, tiling.tiles, sheets, strict=True):
        # Only the words in the sheet's window show (the board is clipped to it; the windows
        # differ in size, as the seams go between the words).
        x0, y0 = TILE_MARGINS[3], TILE_MARGINS[0]
        labels = {
            t
            for t, x, y, h in read
            if LABEL.fullmatch(t)
            and h < 2.0
            and x0 < x < x0 + tile.w
            and y0 < y < y0 + tile.h
            and y < page.height - 8
        }
        # (more than 30: the seams go between the words, so some windows are smaller)
        assert len(labels & land) > 30, "a sheet that names too few hexes"
        assert labels <= land | sheet_names | {"F7"}  # F7: the legend's sample
        seen |= labels
    assert seen >= land


@pytest.mark.parametrize("size", kit.HEX_SHEET_SIZES)
def test_hex_sheets_label_each_whole_hex_where_it_lies(size):
    """A map drawn on a blank sheet from A1 has the labels the scorer speaks: each label read
    from the PDF lies in the hex of that offset column and row."""
    page = kit.hex_sheet_page("a4", size, "en")
    read = words(render_pdf(Document("sheet", (page,))))[0]
    grid = next(op for op in page.ops if hasattr(op, "clip") and op.clip)
    x0, y0, _gw, gh = grid.clip
    at = hexgrid.Layout(size=size, origin=(x0 + hexgrid.SQRT3 * size / 2, y0 + size))
    # (the caption under the grid says "A1 top left")
    labels = [(t, x, y) for t, x, y, _h in read if LABEL.fullmatch(t) and y < y0 + gh]
    assert labels[0][0] == "A1"
    assert len(labels) > 100
    for text, x, y in labels:
        assert hexgrid.hex_label(at.hex_at(x, y)) == text


def test_the_phones_board_plan_shows_the_same_labels_where_the_print_does():
    """A map added on the phone gets its board from the plan: the same labels at the same
    places as the printed board's."""
    from trackwright.core.boardplan.dampfross import COORD, board_plan
    from trackwright.kits.draw.ops import Text

    m = random_map.generate(7, random_map.RandomParams())
    planned = [
        (i["s"], i["x"], i["y"])
        for i in board_plan(m)["items"]
        if i["t"] == "text" and i["c"] == "df-coord"
    ]
    bottom = layout(m)[1] + m.extent()[3]
    printed = [
        (op.text, round(op.x, 2), round(op.y, 2))
        for op in board.map_drawing(m, "en").ops
        if isinstance(op, Text) and op.fill == COORD and op.y < bottom  # not the legend's
    ]
    assert planned == printed and len(planned) > len(m.land)
