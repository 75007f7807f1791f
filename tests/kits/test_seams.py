"""A tiled board's seams and registration crosses cross no word and no city, read back from the
PDF: every built-in board of the three games (and a random one of each that has them), on every
paper the kits offer, in every language (the words' widths change with it)."""

from __future__ import annotations

import io
from functools import cache

import pdfplumber
import pytest

from trackwright.core import dampfross as df_model
from trackwright.core import transamerica as ta_model
from trackwright.core.tiling import PAPERS, TILE_MARGINS, TILE_OVERLAP
from trackwright.kits.dampfross import board as df_board
from trackwright.kits.dampfross import random_map
from trackwright.kits.draw.ops import Document, Drawing
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.lastrada import arrange
from trackwright.kits.lastrada import board as ls_board
from trackwright.kits.sheets import tiled_pages
from trackwright.kits.transamerica import board as ta_board
from trackwright.kits.transamerica import continent

PT = 72 / 25.4  # points per mm
BOARDS = [
    "transamerica:usa",
    "transamerica:europe",
    "transamerica:japan",
    pytest.param("transamerica:random-1", marks=pytest.mark.slow),  # seconds to build
    "dampfross:england",
    "dampfross:france",
    "dampfross:usa-east",
    "dampfross:random-1",
    "lastrada:seed-1",
]


@cache
def drawing(board: str, lang: str) -> Drawing:
    game, name = board.split(":")
    if game == "transamerica":
        if name.startswith("random-"):
            return ta_board.board_drawing(continent.generate(int(name[7:]), lang)[0], lang)
        return ta_board.board_drawing(ta_model.load(name), lang)
    if game == "dampfross":
        if name.startswith("random-"):
            m = random_map.generate(int(name[7:]), random_map.RandomParams(lang=lang))
        else:
            m = df_model.load(name)
        return df_board.map_drawing(m, lang)
    return ls_board.board_drawing(arrange.arrange(int(name[5:])), lang)


def _lines(page, window: tuple[float, float, float, float]) -> tuple[list[tuple], list[tuple]]:
    """The sheet's seam lines (the dashed cut, 0.3 mm, and the glue line, 0.25 mm, along a side
    of the window half the overlap in from its edge) and its registration crosses' arms
    (0.2 mm, 6 mm long), as (x0, top, x1, bottom) in mm."""
    half = TILE_OVERLAP / 2
    x0, y0, x1, y1 = window
    at_x = (x0 + half, x1 - half)  # the vertical seams' places on this sheet
    at_y = (y0 + half, y1 - half)
    seams, arms = [], []
    for line in page.lines:
        width = round(line["linewidth"] / PT, 3)
        box = tuple(line[k] / PT for k in ("x0", "top", "x1", "bottom"))
        upright = box[2] - box[0] < 0.01
        length = box[3] - box[1] if upright else box[2] - box[0]
        place = box[0] if upright else box[1]
        side = y1 - y0 if upright else x1 - x0
        if width in (0.3, 0.25) and length > side - 0.1:
            if any(abs(place - p) < 0.05 for p in (at_x if upright else at_y)):
                seams.append(box)
        elif width == 0.2 and abs(length - 6.0) < 0.05:
            arms.append(box)
    return seams, arms


def _things(page, window: tuple[float, float, float, float]) -> list[tuple]:
    """What shows in the board's window: each letter's box and each city's disc (a curve of
    Bézier arcs 4 to 12 mm across, as round), in mm."""
    wx0, wy0, wx1, wy1 = window
    out = []
    for char in page.chars:
        if not char["text"].strip():
            continue
        box = tuple(char[k] / PT for k in ("x0", "top", "x1", "bottom"))
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if wx0 <= cx <= wx1 and wy0 <= cy <= wy1:
            out.append((char["text"], box))
    for curve in page.curves:
        if not any(step[0] == "c" for step in curve.get("path") or ()):
            continue  # a polygon (a hex, a symbol), not a disc
        box = tuple(curve[k] / PT for k in ("x0", "top", "x1", "bottom"))
        w, h = box[2] - box[0], box[3] - box[1]
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if 4 <= w <= 12 and abs(w - h) < 0.3 and wx0 <= cx <= wx1 and wy0 <= cy <= wy1:
            out.append(("disc", box))
    return out


def _crosses(a: tuple, b: tuple, pad: float = 0.05) -> bool:
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("board", BOARDS)
def test_no_seam_or_cross_runs_through_a_word_or_a_city(board, paper):
    base = drawing(board, "en")
    tiling, pages = tiled_pages(base, paper, "en", "t")
    top, _right, _bottom, left = TILE_MARGINS
    pdf = render_pdf(Document("t", tuple(pages)))
    seams_seen = crosses_seen = 0
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == len(tiling.tiles)
        for page, tile in zip(doc.pages, tiling.tiles, strict=True):
            window = (left, top, left + tile.w, top + tile.h)
            seams, arms = _lines(page, window)
            things = _things(page, window)
            for what, box in things:
                for line in seams + arms:
                    assert not _crosses(line, box), (tile.label, what, box, line)
            seams_seen += len(seams)
            crosses_seen += len(arms) // 2
    expected = 2 * (tiling.rows * (tiling.cols - 1) + tiling.cols * (tiling.rows - 1))
    assert seams_seen == expected  # each seam: a cut line on one sheet, a glue line on the other
    assert crosses_seen >= expected  # at least one cross on each side of each seam


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_the_seams_keep_clear_in_every_language(lang):
    """The words change with the language, and so may the seams: checked on one board per game
    on A4 (the densest board, Japan, for TransAmerica)."""
    for board in ("transamerica:japan", "dampfross:france", "lastrada:seed-1"):
        base = drawing(board, lang)
        tiling, pages = tiled_pages(base, "a4", lang, "t")
        top, _right, _bottom, left = TILE_MARGINS
        with pdfplumber.open(io.BytesIO(render_pdf(Document("t", tuple(pages))))) as doc:
            for page, tile in zip(doc.pages, tiling.tiles, strict=True):
                window = (left, top, left + tile.w, top + tile.h)
                seams, arms = _lines(page, window)
                things = _things(page, window)
                for what, box in things:
                    assert not any(_crosses(line, box) for line in seams + arms), (board, what)
