"""Tiling a large board over sheets of paper: the paper sizes, the windows sharing an overlap
that each sheet shows, and where the sheets are cut to be glued (the seams).

A seam is a straight cut across the whole board, so it must fall where it crosses nothing a
player reads: given the boxes of the board's words and cities (``keepouts``), the seams go
between them (:func:`place_cuts`), as near the equal split as they can, with a sheet more when
the fewest sheets leave no such place.

Pure arithmetic on millimetres, in the core because two halves ask it: the kits lay the sheets
out with it (:mod:`trackwright.kits.sheets`) and the photo reader knows from it where a tiled
board's seams run (:mod:`trackwright.photo.seams`).
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Sequence
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
#: How far a seam keeps from a kept-out box (mm), and the step of the places tried. A board
#: with words everywhere (La Strada's ids in every band) leaves no place that far from them:
#: its seams keep the least clearance instead, still off every word (the cut line's own
#: half width is 0.15 mm).
SEAM_CLEAR = 0.8
SEAM_CLEAR_LEAST = 0.3
SEAM_STEP = 0.5
#: How many sheets more than the fewest a row (column) may take to keep its seams clear.
SEAM_EXTRA = 3

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Interval = tuple[float, float]


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
    keepouts: Sequence[Box] = (),
) -> tuple[int, int, tuple[Tile, ...]]:
    """Cover a board_w x board_h board with windows of at most usable_w x usable_h.

    Neighbouring windows share exactly ``overlap`` millimetres. Without keepouts the windows are
    equal; with them, each seam (the middle of an overlap) avoids every box, grown by
    :data:`SEAM_CLEAR` (see :func:`place_cuts`). Returns (rows, cols, tiles) with tiles in
    reading order (row by row).
    """
    rows, cols, tiles, _clear = _tiles(board_w, board_h, usable_w, usable_h, overlap, keepouts)
    return rows, cols, tiles


def _tiles(
    board_w: float,
    board_h: float,
    usable_w: float,
    usable_h: float,
    overlap: float,
    keepouts: Sequence[Box],
) -> tuple[int, int, tuple[Tile, ...], bool]:
    """:func:`tile_board`, and whether every seam is clear of the keepouts."""
    xs, clear_x = _axis_cuts(board_w, usable_w, overlap, keepouts, 0)
    ys, clear_y = _axis_cuts(board_h, usable_h, overlap, keepouts, 1)
    columns = _pieces(board_w, xs, overlap)
    rows = _pieces(board_h, ys, overlap)
    tiles = tuple(
        Tile(r, c, round(x, 6), round(y, 6), round(w, 6), round(h, 6))
        for r, (y, h) in enumerate(rows)
        for c, (x, w) in enumerate(columns)
    )
    return len(rows), len(columns), tiles, clear_x and clear_y


def _pieces(length: float, cut_at: Sequence[float], overlap: float) -> list[tuple[float, float]]:
    """(start, length) of each window along one side, from the cuts between them."""
    half = overlap / 2
    starts = [0.0, *(c - half for c in cut_at)]
    ends = [*(c + half for c in cut_at), length]
    return [(a, b - a) for a, b in zip(starts, ends, strict=True)]


def _axis_cuts(
    length: float, usable: float, overlap: float, keepouts: Sequence[Box], axis: int
) -> tuple[list[float], bool]:
    """The cuts along one axis clear of the keepouts by :data:`SEAM_CLEAR`, else by
    :data:`SEAM_CLEAR_LEAST`, else the equal split's; and whether they are clear."""
    found: tuple[list[float], bool] = ([], True)
    for clear in (SEAM_CLEAR, SEAM_CLEAR_LEAST):
        found = _cuts_or_equal(length, usable, overlap, blocked(keepouts, axis, clear))
        if found[1]:
            return found
    return found


def _cuts_or_equal(
    length: float, usable: float, overlap: float, blocked_at: Sequence[Interval]
) -> tuple[list[float], bool]:
    """The clear cuts when there are some, else the equal split's; and whether they are clear."""
    count, _piece, step = _split(length, usable, overlap)
    if blocked_at:
        clear = place_cuts(length, usable, overlap, blocked_at)
        if clear is not None:
            return clear, True
    equal = [overlap / 2 + k * step for k in range(1, count)]
    return equal, not any(a <= c <= b for c in equal for a, b in blocked_at)


def blocked(boxes: Sequence[Box], axis: int, clear: float = SEAM_CLEAR) -> list[Interval]:
    """Where a seam across the board may not run: the boxes' extents along ``axis`` (0: x, for
    the vertical seams; 1: y), grown by ``clear`` and merged, in order."""
    spans = sorted((b[axis] - clear, b[axis + 2] + clear) for b in boxes)
    out: list[Interval] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def free_points(lo: float, hi: float, blocked_at: Sequence[Interval]) -> list[float]:
    """The places from lo to hi outside every blocked interval: :data:`SEAM_STEP` apart, and
    the middle of every gap between two blocked intervals (however narrow), in order."""
    spans = list(blocked_at)
    out: set[float] = set()
    k = 0
    first = math.ceil(lo / SEAM_STEP - 1e-9)
    for i in range(first, math.floor(hi / SEAM_STEP + 1e-9) + 1):
        p = i * SEAM_STEP
        while k < len(spans) and spans[k][1] < p:
            k += 1
        if k == len(spans) or p < spans[k][0]:
            out.add(p)
    for (_a, b), (c, _d) in itertools.pairwise(spans):
        middle = round((b + c) / 2, 6)
        if b < c and lo <= middle <= hi:
            out.add(middle)
    return sorted(out)


def place_cuts(
    length: float, usable: float, overlap: float, blocked_at: Sequence[Interval]
) -> list[float] | None:
    """Where to cut a side of ``length`` into windows of at most ``usable`` sharing ``overlap``:
    the cuts (middles of the overlaps) outside every blocked interval, for the fewest windows
    that allow it (at most :data:`SEAM_EXTRA` more than without keepouts), each cut as near the
    equal split as the others allow (least squares). None when no count up to that works."""
    if length <= usable:
        return []
    fewest = _split(length, usable, overlap)[0]
    for count in range(fewest, fewest + SEAM_EXTRA + 1):
        found = _best_cuts(length, usable - overlap, overlap / 2, count, blocked_at)
        if found is not None:
            return found
    return None


def _best_cuts(
    length: float, reach: float, half: float, count: int, blocked_at: Sequence[Interval]
) -> list[float] | None:
    """``count`` windows: cuts k = 1..count-1 at free places, each at most ``reach`` past the
    previous (the first window starts at the board's edge, as if cut at ``half``; the last ends
    at the other), at least a quarter reach apart, least squares from the equal split."""
    start, end = half, length - half
    ideal = [start + k * (end - start) / count for k in range(count + 1)]
    layers: list[list[float]] = [[start]]
    costs: list[list[float]] = [[0.0]]
    links: list[list[int]] = [[-1]]
    for k in range(1, count):
        lo, hi = max(start, end - (count - k) * reach), min(end, start + k * reach)
        places = free_points(lo, hi, blocked_at)
        cost, link = _layer(places, layers[-1], costs[-1], reach, ideal[k])
        kept = [i for i, c in enumerate(cost) if c < math.inf]
        if not kept:
            return None
        layers.append([places[i] for i in kept])
        costs.append([cost[i] for i in kept])
        links.append([link[i] for i in kept])
    ends = [i for i, p in enumerate(layers[-1]) if end - p <= reach + 1e-9]
    if not ends:
        return None
    i = min(ends, key=lambda j: costs[-1][j])
    out: list[float] = []
    for k in range(len(layers) - 1, 0, -1):
        out.append(layers[k][i])
        i = links[k][i]
    return out[::-1]


def _layer(
    places: Sequence[float],
    before: Sequence[float],
    before_cost: Sequence[float],
    reach: float,
    ideal: float,
) -> tuple[list[float], list[int]]:
    """Each place's least cost and best predecessor: the cheapest earlier cut from a reach to a
    quarter of one behind it (a sliding window's minimum, both lists in order)."""
    window: deque[int] = deque()
    nxt = 0
    cost: list[float] = []
    link: list[int] = []
    for p in places:
        while nxt < len(before) and before[nxt] <= p - reach / 4 + 1e-9:
            while window and before_cost[window[-1]] >= before_cost[nxt]:
                window.pop()
            window.append(nxt)
            nxt += 1
        while window and before[window[0]] < p - reach - 1e-9:
            window.popleft()
        if window:
            cost.append(before_cost[window[0]] + (p - ideal) ** 2)
            link.append(window[0])
        else:
            cost.append(math.inf)
            link.append(-1)
    return cost, link


def choose_tiling(
    board_w: float,
    board_h: float,
    paper: str,
    margins: tuple[float, float, float, float],
    overlap: float,
    keepouts: Sequence[Box] = (),
) -> Tiling:
    """Tile the board on portrait or landscape sheets: the way whose seams all keep clear of
    ``keepouts`` (see :func:`tile_board`), and of those (or of both, when neither does) the one
    that needs fewer sheets (landscape on a tie). ``margins`` are top, right, bottom, left in
    millimetres of the portrait sheet and turn with it."""
    best: tuple[bool, int] | None = None
    chosen: Tiling | None = None
    for landscape in (True, False):
        pw, ph = paper_size(paper, landscape)
        top, right, bottom, left = margins
        usable_w, usable_h = pw - left - right, ph - top - bottom
        rows, cols, tiles, clear = _tiles(board_w, board_h, usable_w, usable_h, overlap, keepouts)
        rank = (not clear, len(tiles))
        if best is None or rank < best:
            best, chosen = rank, Tiling(pw, ph, rows, cols, overlap, tiles)
    assert chosen is not None
    return chosen


def cuts(tiling: Tiling) -> tuple[list[float], list[float]]:
    """Where a tiled board's sheets are cut to be glued (the seams): x of the vertical cuts and
    y of the horizontal ones, in board mm (through the middle of each overlap)."""
    half = tiling.overlap / 2
    xs = sorted({t.x + half for t in tiling.tiles if t.col > 0})
    ys = sorted({t.y + half for t in tiling.tiles if t.row > 0})
    return xs, ys
