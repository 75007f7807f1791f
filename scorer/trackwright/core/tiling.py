"""Tiling a large board over sheets of paper: the paper sizes, the equal windows sharing an
overlap that each sheet shows, and where the sheets are cut to be glued (the seams).

Pure arithmetic on millimetres, in the core because two halves ask it: the kits lay the sheets
out with it (:mod:`trackwright.kits.sheets`) and the photo reader knows from it where a tiled
board's seams run (:mod:`trackwright.photo.seams`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}

#: The tiled board's sheet margins: top, right, bottom, left of the portrait sheet (the bottom
#: holds the sheet's label, assembly map and scale bar).
TILE_MARGINS = (10.0, 10.0, 26.0, 10.0)
#: How much neighbouring sheets share: each sheet but the first of its row (column) is cut
#: through the middle of it and glued over its neighbour.
TILE_OVERLAP = 14.0


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    """Width and height in millimetres of a paper name (portrait unless landscape)."""
    w, h = PAPERS[name]
    return (h, w) if landscape else (w, h)


# ------------------------------------------------------------------------- board tiling


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: the window (x, y, w, h) of the board it shows, in board mm."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float

    @property
    def label(self) -> str:
        """Row letter and column number, as on a chess board: A1 is the top-left sheet."""
        letters, row = "", self.row
        while True:  # A..Z, then AA, AB.. as spreadsheets count: a big map has many rows
            letters = chr(ord("A") + row % 26) + letters
            row = row // 26 - 1
            if row < 0:
                break
        return f"{letters}{self.col + 1}"


@dataclass(frozen=True)
class Tiling:
    paper_w: float
    paper_h: float
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]

    @property
    def landscape(self) -> bool:
        return self.paper_w > self.paper_h


def _split(length: float, usable: float, overlap: float) -> tuple[int, float, float]:
    """How many equal pieces of at most ``usable`` cover ``length`` when neighbours overlap.

    Returns (count, piece length, step between piece starts). Pieces are equal (no sliver).
    """
    if length <= usable:
        return 1, length, 0.0
    if usable <= overlap:
        raise ValueError("the printable area is smaller than the overlap")
    count = math.ceil((length - overlap) / (usable - overlap))
    piece = (length + (count - 1) * overlap) / count
    return count, piece, piece - overlap


def tile_board(
    board_w: float,
    board_h: float,
    usable_w: float,
    usable_h: float,
    overlap: float,
) -> tuple[int, int, tuple[Tile, ...]]:
    """Cover a board_w x board_h board with equal windows of at most usable_w x usable_h.

    Neighbouring windows share exactly ``overlap`` millimetres. Returns (rows, cols, tiles) with
    tiles in reading order (row by row).
    """
    cols, tw, sx = _split(board_w, usable_w, overlap)
    rows, th, sy = _split(board_h, usable_h, overlap)
    tiles = tuple(
        Tile(r, c, round(c * sx, 6), round(r * sy, 6), round(tw, 6), round(th, 6))
        for r in range(rows)
        for c in range(cols)
    )
    return rows, cols, tiles


def choose_tiling(
    board_w: float,
    board_h: float,
    paper: str,
    margins: tuple[float, float, float, float],
    overlap: float,
) -> Tiling:
    """Tile the board on portrait or landscape sheets, whichever needs fewer sheets (landscape on
    a tie). ``margins`` are top, right, bottom, left in millimetres of the portrait sheet and
    turn with it."""
    best: Tiling | None = None
    for landscape in (True, False):
        pw, ph = paper_size(paper, landscape)
        top, right, bottom, left = margins
        usable_w, usable_h = pw - left - right, ph - top - bottom
        rows, cols, tiles = tile_board(board_w, board_h, usable_w, usable_h, overlap)
        candidate = Tiling(pw, ph, rows, cols, overlap, tiles)
        if best is None or len(candidate.tiles) < len(best.tiles):
            best = candidate
    assert best is not None
    return best


def cuts(tiling: Tiling) -> tuple[list[float], list[float]]:
    """Where a tiled board's sheets are cut to be glued (the seams): x of the vertical cuts and
    y of the horizontal ones, in board mm (through the middle of each overlap)."""
    half = tiling.overlap / 2
    xs = sorted({t.x + half for t in tiling.tiles if t.col > 0})
    ys = sorted({t.y + half for t in tiling.tiles if t.row > 0})
    return xs, ys
