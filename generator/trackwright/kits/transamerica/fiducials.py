"""The registration marks a TransAmerica board carries for ``trackwright photo`` and the phone
app's Photo button: drawn here, placed by :mod:`trackwright.photo.marks` (the reader's own
rule, from the map alone, so both always agree)."""

from __future__ import annotations

from trackwright.core.transamerica import TransAmericaMap
from trackwright.kits.draw.ops import Op, Style, rect
from trackwright.photo.marks import FINDER, INK, MODULE, TILE, marks

PAPER = Style(stroke=None, fill="#ffffff")
DARK = Style(stroke=None, fill=INK)


def mark_ops(m: TransAmericaMap) -> list[Op]:
    """Every mark: a white square, a dark square ring, a white one, a dark centre (1:1:3:1:1)."""
    ops: list[Op] = []
    for mk in marks(m):
        for side, style in ((TILE, PAPER), (FINDER, DARK), (5 * MODULE, PAPER), (3 * MODULE, DARK)):
            ops.append(rect(mk.x - side / 2, mk.y - side / 2, side, side, style))
    return ops
