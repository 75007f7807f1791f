"""A tiled board's seams and registration crosses cross no word and no city, read back from the
PDF: every built-in board of the three games (and a random one of each that has them), on every
paper the kits offer, in every language (the words' widths change with it). The sheets lie as
bricks (rows or columns of sheets, each with its own cuts): each sheet's cut lines run along the
sides where it lies over another, its glue lines along each stretch where another lies over it,
and the crosses on both sheets of a seam meet."""

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
    "transamerica:usa-classic",
    "transamerica:europe",
    "transamerica:japan",
    pytest.param("transamerica:random-1", marks=pytest.mark.slow),  # seconds to build
    "dampfross:england",
    "dampfross:france",
    "dampfross:usa-east",
    "dampfross:random-1",
    "lastrada:seed-1",
    "lastrada:seed-97764",  # its words leave no clear seam across the whole board
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


def _lines(page, tile, index, tiling) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """The sheet's cut lines (dashed, 0.3 mm, across the whole window half the overlap in from
    the sides where it lies over another sheet), its glue lines (0.25 mm, along each seam
    stretch where another lies over it) and its registration crosses' arms (0.2 mm, 6 mm
    long), as (x0, top, x1, bottom) in mm on the sheet."""
    top, _right, _bottom, left = TILE_MARGINS
    dx, dy = left - tile.x, top - tile.y
    glue_at = [
        (s.axis, s.at + (dx if s.axis == 0 else dy), s.hi - s.lo)
        for s in tiling.seams()
        if s.under == index
    ]
    cut_at = [(0, left + TILE_OVERLAP / 2), (1, top + TILE_OVERLAP / 2)]
    cuts, glues, arms = [], [], []
    for line in page.lines:
        width = round(line["linewidth"] / PT, 3)
        box = tuple(line[k] / PT for k in ("x0", "top", "x1", "bottom"))
        axis = 0 if box[2] - box[0] < 0.01 else 1
        length = box[3] - box[1] if axis == 0 else box[2] - box[0]
        place = box[0] if axis == 0 else box[1]
        side = tile.h if axis == 0 else tile.w
        if width == 0.3 and length > side - 0.1:
            if any(a == axis and abs(place - p) < 0.05 for a, p in cut_at):
                cuts.append(box)
        elif width == 0.25:
            if any(
                a == axis and abs(place - p) < 0.05 and abs(length - n) < 0.05
                for a, p, n in glue_at
            ):
                glues.append(box)
        elif width == 0.2 and abs(length - 6.0) < 0.05:
            arms.append(box)
    return cuts, glues, arms


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


def _cross_centres(arms: list[tuple], tile) -> set[tuple[float, float]]:
    """The crosses' centres (their horizontal arm's middle) in board mm."""
    top, _right, _bottom, left = TILE_MARGINS
    return {
        (round((a[0] + a[2]) / 2 - left + tile.x, 2), round(a[1] - top + tile.y, 2))
        for a in arms
        if a[3] - a[1] < 0.01
    }


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("board", BOARDS)
def test_no_seam_or_cross_runs_through_a_word_or_a_city(board, paper):
    base = drawing(board, "en")
    tiling, pages = tiled_pages(base, paper, "en", "t")
    top, _right, _bottom, left = TILE_MARGINS
    pdf = render_pdf(Document("t", tuple(pages)))
    cuts_seen = glues_seen = 0
    centres = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == len(tiling.tiles)
        for index, (page, tile) in enumerate(zip(doc.pages, tiling.tiles, strict=True)):
            window = (left, top, left + tile.w, top + tile.h)
            cuts, glues, arms = _lines(page, tile, index, tiling)
            things = _things(page, window)
            for what, box in things:
                for line in cuts + glues + arms:
                    assert not _crosses(line, box), (tile.label, what, box, line)
            cuts_seen += len(cuts)
            glues_seen += len(glues)
            centres.append(_cross_centres(arms, tile))
    seams = tiling.seams()
    # A cut line on each side where a sheet lies over another; a glue line under each stretch.
    assert cuts_seen == len({(s.over, s.axis) for s in seams})
    assert glues_seen == len(seams)
    # The crosses on a seam are at the same board places on both its sheets: at least one.
    for seam in seams:
        lo, hi = seam.lo + TILE_OVERLAP / 2, seam.hi - TILE_OVERLAP / 2  # glued, it shows
        mine, theirs = (
            {
                c
                for c in centres[i]
                if abs(c[seam.axis] - seam.at) < 0.01 and lo <= c[1 - seam.axis] <= hi
            }
            for i in (seam.under, seam.over)
        )
        assert mine == theirs, seam
        assert mine or hi - lo < 20, seam


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_the_seams_keep_clear_in_every_language(lang):
    """The words change with the language, and so may the seams: checked on one board per game
    on A4 (the densest board, Japan, for TransAmerica)."""
    for board in ("transamerica:japan", "dampfross:france", "lastrada:seed-1"):
        base = drawing(board, lang)
        tiling, pages = tiled_pages(base, "a4", lang, "t")
        top, _right, _bottom, left = TILE_MARGINS
        with pdfplumber.open(io.BytesIO(render_pdf(Document("t", tuple(pages))))) as doc:
            for index, (page, tile) in enumerate(zip(doc.pages, tiling.tiles, strict=True)):
                window = (left, top, left + tile.w, top + tile.h)
                cuts, glues, arms = _lines(page, tile, index, tiling)
                things = _things(page, window)
                for what, box in things:
                    assert not any(_crosses(line, box) for line in cuts + glues + arms), (
                        board,
                        what,
                    )
