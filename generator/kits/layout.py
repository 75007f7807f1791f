"""Page layout as pure functions on plain numbers (millimetres): paper sizes, tiling a large
board over sheets with overlap, card imposition and duplex back mirroring.

Nothing here draws; the kits turn these numbers into drawing operations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from trackwright.core import hexgrid

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}


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
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


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


# ------------------------------------------------------------------------- card imposition


@dataclass(frozen=True)
class CardGrid:
    """Cards of card_w x card_h laid edge to edge, centred on a sheet: one straight cut per line."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.paper_w - self.cols * self.card_w) / 2

    @property
    def y0(self) -> float:
        return (self.paper_h - self.rows * self.card_h) / 2

    def slot_origin(self, slot: int) -> tuple[float, float]:
        """Top-left corner of slot (reading order) on the sheet."""
        row, col = divmod(slot, self.cols)
        return self.x0 + col * self.card_w, self.y0 + row * self.card_h


def card_grid(
    paper_w: float, paper_h: float, card_w: float, card_h: float, min_margin: float = 5.0
) -> CardGrid:
    """As many cards as fit within min_margin of each edge."""
    cols = int((paper_w - 2 * min_margin) // card_w)
    rows = int((paper_h - 2 * min_margin) // card_h)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_w} x {card_h} mm card does not fit on {paper_w} x {paper_h} mm")
    return CardGrid(paper_w, paper_h, card_w, card_h, cols, rows)


def impose(count: int, per_sheet: int) -> list[list[int | None]]:
    """Card indices per sheet, in slot order; the last sheet is padded with None."""
    sheets: list[list[int | None]] = []
    for start in range(0, count, per_sheet):
        sheet: list[int | None] = list(range(start, min(start + per_sheet, count)))
        sheet += [None] * (per_sheet - len(sheet))
        sheets.append(sheet)
    return sheets


def duplex_backs(
    front: Sequence[int | None], cols: int, rows: int, edge: str = "long"
) -> list[int | None]:
    """The back sheet for a front sheet: which card's back goes into each slot.

    Printing duplex flips the sheet. Flipped on the long edge of a portrait sheet (the usual
    setting), left and right swap, so each row is reversed; flipped on the short edge, top and
    bottom swap, so the rows are reversed instead.
    """
    if edge not in ("long", "short"):
        raise ValueError("duplex edge must be 'long' or 'short'")
    grid = [front[r * cols : (r + 1) * cols] for r in range(rows)]
    if edge == "long":
        grid = [list(reversed(row)) for row in grid]
    else:
        grid = list(reversed(grid))
    return [card for row in grid for card in row]


# ------------------------------------------------------------------------- hex tiles


@dataclass(frozen=True)
class HexTileGrid:
    """Flat-top hex tiles of ``size`` mm (centre to corner) in rows on a sheet.

    Tiles in a row meet at their side corners and rows meet along their flat edges, so each
    row comes off the sheet with one straight cut, and the tiles of a row separate with two
    short cuts each."""

    paper_w: float
    paper_h: float
    size: float
    cols: int
    rows: int

    @property
    def pitch_x(self) -> float:
        return hexgrid.Layout(hexgrid.FLAT, self.size).width

    @property
    def pitch_y(self) -> float:
        return hexgrid.Layout(hexgrid.FLAT, self.size).height

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.paper_w - self.cols * self.pitch_x) / 2

    @property
    def y0(self) -> float:
        return (self.paper_h - self.rows * self.pitch_y) / 2

    def centre(self, slot: int) -> tuple[float, float]:
        row, col = divmod(slot, self.cols)
        return (self.x0 + (col + 0.5) * self.pitch_x, self.y0 + (row + 0.5) * self.pitch_y)

    def row_cuts(self) -> list[float]:
        """The y of every straight cut between (and around) the rows."""
        return [self.y0 + r * self.pitch_y for r in range(self.rows + 1)]


def hex_tile_grid(paper_w: float, paper_h: float, size: float, margin: float = 9.0) -> HexTileGrid:
    tile = hexgrid.Layout(hexgrid.FLAT, size)
    cols = int((paper_w - 2 * margin) // tile.width)
    rows = int((paper_h - 2 * margin - 8) // tile.height)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {size} mm hex tile does not fit on {paper_w} x {paper_h} mm")
    return HexTileGrid(paper_w, paper_h, size, cols, rows)
