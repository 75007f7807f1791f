"""La Strada's settlement ids (s01..s19, as records and the scorer name them) read back from the
printed PDFs: on the assembled board and on the loose land pieces, each id once, on the hex of
the settlement (or spot) it names."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from trackwright.core import hexgrid
from trackwright.core import lastrada as model
from trackwright.core.boardplan.lastrada import extent, frame
from trackwright.kits.draw.ops import Document
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.lastrada import board
from trackwright.kits.lastrada.board import PIECE_LABEL, PIECE_PAD

MM = 72 / 25.4
ID = re.compile(r"s[0-9]{2}")


def ids_read(drawing) -> dict[str, tuple[float, float]]:
    """Each settlement id printed on the drawing and where (its centre, mm), checked printed once."""
    with pdfplumber.open(io.BytesIO(render_pdf(Document("x", (drawing,))))) as pdf:
        words = pdf.pages[0].extract_words()
    found: dict[str, tuple[float, float]] = {}
    for w in words:
        if ID.fullmatch(w["text"]):
            assert w["text"] not in found, f"{w['text']} printed twice"
            found[w["text"]] = ((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM)
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_the_board_prints_each_settlement_id_on_its_hex(seed):
    m = model.arrange(seed)
    _w, _h, ox, oy = frame(m)
    at = hexgrid.Layout(size=m.hex_size, origin=(ox, oy))
    found = ids_read(board.board_drawing(m, "en"))
    assert sorted(found) == sorted(s.id for s in m.settlements)
    for s in m.settlements:
        assert at.hex_at(*found[s.id]) == s.hex, s.id


def test_each_land_piece_prints_its_spots_ids_on_their_hexes():
    m = model.arrange(1)
    seen: list[str] = []
    for piece, drawing in zip(m.pieces, board.piece_drawings(m, "en"), strict=True):
        hexes = [h for h, p in m.piece_of.items() if p == piece.id]
        minx, miny, _maxx, _maxy = extent(m, hexes)
        at = hexgrid.Layout(
            size=m.hex_size, origin=(PIECE_PAD - minx, PIECE_PAD - miny + PIECE_LABEL)
        )
        found = ids_read(drawing)
        spots = [s for s in m.settlements if s.hex in hexes]
        assert sorted(found) == sorted(s.id for s in spots), piece.id
        for s in spots:
            assert at.hex_at(*found[s.id]) == s.hex, s.id
        seen += found
    assert sorted(seen) == sorted(s.id for s in m.settlements)


def test_the_phones_board_plan_shows_the_ids_where_the_print_does():
    from trackwright.core.boardplan.lastrada import board_plan
    from trackwright.kits.draw.ops import Text

    m = model.arrange(5)
    ids = {s.id for s in m.settlements}
    planned = sorted((i["s"], i["x"], i["y"]) for i in board_plan(m)["items"] if i.get("s") in ids)
    printed = sorted(
        (op.text, round(op.x, 2), round(op.y, 2))
        for op in board.board_drawing(m, "en").ops
        if isinstance(op, Text) and op.text in ids
    )
    assert planned == printed and len(planned) == len(ids)
