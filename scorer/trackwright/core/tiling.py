"""Tiling a large board over sheets of paper: the paper sizes, the windows sharing an overlap
that each sheet shows, and where the sheets are cut to be glued (the seams).

A seam must fall where it crosses nothing a player reads: given the boxes of the board's words
and cities (``keepouts``), the seams go between them. The sheets are laid as bricks: rows of
sheets whose horizontal seams run across the whole board, each row with its own vertical seams,
which need only be clear within that row (or the same turned: columns of sheets, each with its
own horizontal seams). :func:`choose_tiling` finds the fewest sheets that way, exactly (a search
over the rows' cuts, each row's fewest columns found from its own words), on portrait and
landscape paper, then puts each cut as near the equal split as that count allows.

Pure arithmetic on millimetres, in the core because two halves ask it: the kits lay the sheets
out with it (:mod:`trackwright.kits.sheets`) and the photo reader knows from it where a tiled
board's seams run (:mod:`trackwright.photo.seams`).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterator, Sequence
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
#: The two ways of laying sheets as bricks: rows of sheets (the horizontal seams run across the
#: whole board) or columns of sheets (the vertical ones do).
ROWS, COLUMNS = "rows", "columns"
_EPS = 1e-9
_NONE = 10**6  # more windows than any count tried: no way

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Interval = tuple[float, float]
#: A stretch of seam as a map file says it (``print.seams.runs``): ("x", x, y0, y1) for a
#: vertical seam at x from y0 to y1, ("y", y, x0, x1) for a horizontal one (board mm).
SeamRun = tuple[str, float, float, float]


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    """Width and height in millimetres of a paper name (portrait unless landscape)."""
    w, h = PAPERS[name]
    return (h, w) if landscape else (w, h)


# ------------------------------------------------------------------------- board tiling


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: the window (x, y, w, h) of the board it shows, in board mm;
    its row and column (in rows of sheets, its place in its row; in columns, in its column);
    and its number, which is its page in the file (reading order, from 1)."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float
    number: int = 0

    @property
    def label(self) -> str:
        """The sheet's name as printed ("sheet 5"): its number. A number is never read as a
        hex ("F7") or a place id, and it is the sheet's page in the file."""
        return str(self.number)


def numbered(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles in reading order (row by row), numbered from 1."""
    ordered = sorted(tiles, key=lambda t: (t.row, t.col))
    return tuple(dataclasses.replace(t, number=k + 1) for k, t in enumerate(ordered))


@dataclass(frozen=True)
class Seam:
    """Where two sheets meet: a vertical seam (``axis`` 0) at x = ``at`` from y = ``lo`` to
    ``hi``, or a horizontal one (``axis`` 1) at y = ``at`` from x = ``lo`` to ``hi`` (board
    mm, the stretch both sheets' windows share). ``under`` is the index of the sheet whose
    glue line it is, ``over`` that of the sheet cut there and glued over it."""

    axis: int
    at: float
    lo: float
    hi: float
    under: int
    over: int


@dataclass(frozen=True)
class Tiling:
    """A board's sheets, in reading order (row by row, each row left to right). ``across``:
    :data:`ROWS` when the horizontal seams run across the whole board and each row of sheets
    has its own vertical seams (``rows`` rows, at most ``cols`` sheets in one), :data:`COLUMNS`
    the other way round (``cols`` columns, at most ``rows`` sheets in one); a plain grid is
    both."""

    paper_w: float
    paper_h: float
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]
    across: str = ROWS

    @property
    def landscape(self) -> bool:
        return self.paper_w > self.paper_h

    def seams(self) -> list[Seam]:
        """Every place two sheets meet (see :class:`Seam`), vertical ones first."""
        out: list[Seam] = []
        half = self.overlap / 2
        for axis in (0, 1):
            starts: dict[int, list[int]] = {}  # sheets by where they start (um), to meet fast
            for j, b in enumerate(self.tiles):
                starts.setdefault(round((b.x if axis == 0 else b.y) * 1000), []).append(j)
            for i, a in enumerate(self.tiles):
                edge = (a.x + a.w if axis == 0 else a.y + a.h) - self.overlap
                near = round(edge * 1000)
                for j in (j for k in (near - 1, near, near + 1) for j in starts.get(k, ())):
                    seam = _meeting(a, self.tiles[j], axis, self.overlap)
                    if seam is not None:
                        out.append(Seam(axis, seam[0] + half, seam[1], seam[2], i, j))
        return sorted(out, key=lambda s: (s.axis, s.at, s.lo))


def _meeting(a: Tile, b: Tile, axis: int, overlap: float) -> tuple[float, float, float] | None:
    """Where sheet ``b`` lies over sheet ``a``'s right (``axis`` 0) or bottom (1) overlap:
    b's edge, and the stretch along it both share; None when they do not meet so."""
    a0, a1 = (a.x, a.x + a.w) if axis == 0 else (a.y, a.y + a.h)
    b0 = b.x if axis == 0 else b.y
    if abs(a1 - overlap - b0) > 1e-6:
        return None
    lo_a, hi_a = (a.y, a.y + a.h) if axis == 0 else (a.x, a.x + a.w)
    lo_b, hi_b = (b.y, b.y + b.h) if axis == 0 else (b.x, b.x + b.w)
    lo, hi = max(lo_a, lo_b), min(hi_a, hi_b)
    if hi - lo <= overlap + 1e-6 or b0 <= a0:  # corner to corner: only the overlap's square
        return None
    return b0, lo, hi


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
    tiles = numbered(
        [
            Tile(r, c, round(x, 6), round(y, 6), round(w, 6), round(h, 6))
            for r, (y, h) in enumerate(rows)
            for c, (x, w) in enumerate(columns)
        ]
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


class _Free:
    """The places :func:`free_points` would list from lo to hi outside the blocked spans,
    asked for the farthest one up to a limit without listing them all (a board metres wide
    has thousands)."""

    def __init__(self, lo: float, hi: float, spans: Sequence[Interval]) -> None:
        self.lo, self.hi, self.spans = lo, hi, list(spans)
        self.starts = [a for a, _b in self.spans]
        self.middles = [
            middle
            for (_a, b), (c, _d) in itertools.pairwise(self.spans)
            if b < c and lo <= (middle := round((b + c) / 2, 6)) <= hi
        ]

    def below(self, limit: float) -> float | None:
        """The farthest free place at most ``limit``: a half-mm step outside every span, or
        the middle of a gap between two spans; None when there is none."""
        top = min(limit, self.hi)
        if top < self.lo - _EPS:
            return None
        step: float | None = math.floor(top / SEAM_STEP + _EPS) * SEAM_STEP
        while step is not None:
            j = bisect_right(self.starts, step) - 1
            if j < 0 or step > self.spans[j][1]:
                break
            step = (math.ceil(self.spans[j][0] / SEAM_STEP - _EPS) - 1) * SEAM_STEP
            if step < self.lo - _EPS:
                step = None
        if step is not None and step < self.lo - _EPS:
            step = None
        k = bisect_right(self.middles, top) - 1
        middle = self.middles[k] if k >= 0 else None
        found = [p for p in (step, middle) if p is not None]
        return max(found) if found else None


def _fewest_windows(length: float, usable: float, half: float, free: _Free) -> int:
    """The fewest windows of at most ``usable`` that cover ``length`` when each cut (the
    middle of an overlap of 2 * ``half``) lies at a ``free`` place: each cut as far as the
    previous one lets it (which is the fewest). :data:`_NONE` when none do."""
    cuts = _greedy_cuts(length, usable, half, free)
    return _NONE if cuts is None else len(cuts) + 1


def _greedy_cuts(length: float, usable: float, half: float, free: _Free) -> list[float] | None:
    """The cuts of :func:`_fewest_windows`, or None."""
    reach, pos, end = usable - 2 * half, half, length - half
    out: list[float] = []
    while length > usable + _EPS and end - pos > reach + _EPS:
        found = free.below(pos + reach + _EPS)
        if found is None or found <= pos + _EPS or len(out) > 256:
            return None
        pos = found
        out.append(pos)
    return out


class _Bands:
    """Rows of sheets over a board (the other way is this with the board turned): the
    horizontal cuts run across the whole board, where :attr:`ys` lets them; each row (a band
    from one cut to the next) has its own vertical cuts, clear of the words in its window."""

    def __init__(
        self,
        size: tuple[float, float],
        usable: tuple[float, float],
        overlap: float,
        keepouts: Sequence[Box],
        clear: float,
    ) -> None:
        (self.w, self.h), (self.usable_w, self.usable_h) = size, usable
        self.half = overlap / 2
        self.reach = self.usable_h - overlap  # from one horizontal cut to the next, at most
        self.clear = clear
        boxes = sorted(keepouts, key=lambda k: k[1])  # by top, to find a band's fast
        self.tops = [k[1] for k in boxes]
        self.tallest = max((k[3] - k[1] for k in boxes), default=0.0)
        self.spans = [(k[0] - clear, k[2] + clear, k[3]) for k in boxes]  # grown across, bottom
        self.cap = _NONE  # the most sheets still worth a try
        self.fewest = _split(self.w, self.usable_w, overlap)[0]
        self.end = self.h - self.half  # the bottom edge, as a cut
        self.ys = free_points(self.half, self.end, blocked(keepouts, 1, clear))
        self._counts: dict[tuple[float, float], int] = {}

    def blocked_x(self, a: float, b: float) -> list[Interval]:
        """Where the vertical cuts of the band from cut ``a`` to cut ``b`` may not run: its
        window reaches half the overlap past each."""
        top, bottom = a - self.half, b + self.half
        first = bisect_left(self.tops, top - self.tallest - _EPS)
        last = bisect_right(self.tops, bottom)
        near = sorted((x0, x1) for x0, x1, y1 in self.spans[first:last] if y1 >= top)
        out: list[Interval] = []
        for x0, x1 in near:  # merged, as blocked() does
            if out and x0 <= out[-1][1]:
                if x1 > out[-1][1]:
                    out[-1] = (out[-1][0], x1)
            else:
                out.append((x0, x1))
        return out

    def columns(self, a: float, b: float) -> int:
        """The fewest sheets of the band from cut ``a`` to cut ``b`` (:data:`_NONE`: none)."""
        key = (a, b)
        if key not in self._counts:
            free = _Free(self.half, self.w - self.half, self.blocked_x(a, b))
            self._counts[key] = _fewest_windows(self.w, self.usable_w, self.half, free)
        return self._counts[key]

    def farthest(self, a: float, count: int) -> float | None:
        """The farthest cut after ``a`` (short of the bottom edge) whose band from ``a`` takes
        at most ``count`` sheets; a band's sheets only grow with it, so a bisection finds it."""
        lo = bisect_right(self.ys, a + _EPS)
        hi = self._last(a)
        if lo > hi or self.columns(a, self.ys[lo]) > count:
            return None
        if self.columns(a, self.ys[hi]) <= count:  # as far as a sheet reaches: often so
            return self.ys[hi]
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.columns(a, self.ys[mid]) <= count:
                lo = mid
            else:
                hi = mid - 1
        return self.ys[lo]

    def _last(self, a: float) -> int:
        """The index of the farthest place a cut after ``a`` may take (short of the bottom)."""
        return bisect_right(self.ys, min(a + self.reach, self.end - SEAM_STEP) + _EPS) - 1

    def nearest(self, b: float, count: int) -> float | None:
        """The nearest cut before ``b`` whose band to ``b`` takes at most ``count`` sheets
        (the earliest place the cut before ``b`` may take)."""
        hi = bisect_left(self.ys, b - _EPS) - 1
        lo = bisect_left(self.ys, max(b - self.reach, self.half + SEAM_STEP) - _EPS)
        if lo > hi or self.columns(self.ys[hi], b) > count:
            return None
        if self.columns(self.ys[lo], b) <= count:
            return self.ys[lo]
        while lo < hi:
            mid = (lo + hi) // 2
            if self.columns(self.ys[mid], b) <= count:
                hi = mid
            else:
                lo = mid + 1
        return self.ys[lo]

    def plan(self, bound: int | None = None) -> list[tuple[float, int]] | None:
        """The fewest sheets: each row's lower cut (the last one the bottom edge) and its
        count of sheets; None when no rows up to :data:`SEAM_EXTRA` more than the fewest
        keep every seam clear (or none take at most ``bound`` sheets). Rows are searched by
        how far down they have reached for each count of sheets used: reaching further is
        never worse."""
        self.cap = _NONE if bound is None else bound
        if bound is None and self.h > self.usable_h + _EPS:
            self.cap = self._dive()
        if self.h <= self.usable_h + _EPS:
            count = self.columns(self.half, self.end)
            return None if count >= _NONE else [(self.end, count)]
        most_rows = _split(self.h, self.usable_h, 2 * self.half)[0] + SEAM_EXTRA
        layer: dict[int, tuple[float, tuple[tuple[float, int], ...]]] = {0: (self.half, ())}
        best: tuple[int, tuple[tuple[float, int], ...]] | None = None
        for _row in range(most_rows):
            layer, best = self._step(layer, best)
            if not layer:
                break
        return None if best is None else list(best[1])

    def _dive(self) -> int:
        """Sheets enough: each row with the fewest sheets that let it reach down at all, as
        far as they let it (what the search need not do worse than)."""
        at, used = self.half, 0
        while self.end - at > self.reach + _EPS:
            row = next(
                (
                    (cut, count)
                    for count in range(self.fewest, self.fewest + SEAM_EXTRA + 1)
                    if (cut := self.farthest(at, count)) is not None
                ),
                None,
            )
            if row is None:
                return _NONE
            at, used = row[0], used + row[1]
        return used + self.columns(at, self.end)

    def _step(
        self,
        layer: dict[int, tuple[float, tuple[tuple[float, int], ...]]],
        best: tuple[int, tuple[tuple[float, int], ...]] | None,
    ) -> tuple[
        dict[int, tuple[float, tuple[tuple[float, int], ...]]],
        tuple[int, tuple[tuple[float, int], ...]] | None,
    ]:
        """One row more from every state (sheets used -> how far down, and the way there)."""
        grown: dict[int, tuple[float, tuple[tuple[float, int], ...]]] = {}
        for used, (at, path) in sorted(layer.items()):
            if self.end - at <= self.reach + _EPS:  # the last row
                count = self.columns(at, self.end)
                if count < _NONE and used + count <= self.cap:
                    best = (used + count, (*path, (self.end, count)))
                    self.cap = used + count - 1
            for count in range(self.fewest, self.fewest + SEAM_EXTRA + 1):
                if used + count + self.fewest > self.cap:
                    break
                cut = self.farthest(at, count)
                if cut is None:
                    continue
                # Kept unless the rows still to come cannot make it, or another way got as far.
                rows_left = math.ceil((self.end - cut) / self.reach - _EPS)
                worth = used + count + rows_left * self.fewest <= self.cap
                if worth and (used + count not in grown or grown[used + count][0] < cut):
                    grown[used + count] = (cut, (*path, (cut, count)))
                if cut == self.ys[self._last(at)]:
                    break  # as far as a sheet reaches: more sheets reach no further
        return _undominated(grown), best

    def balanced(self, plan: list[tuple[float, int]]) -> list[float]:
        """The horizontal cuts of ``plan`` moved as near the equal split as its counts allow:
        each cut between the earliest place the rows below it allow and the farthest the row
        above it does."""
        counts = [c for _cut, c in plan]
        earliest = [self.end]
        for count in reversed(counts[1:]):
            cut = self.nearest(earliest[-1], count)
            if cut is None:
                return [cut for cut, _c in plan[:-1]]
            earliest.append(cut)
        earliest.reverse()
        out: list[float] = []
        at = self.half
        for k, count in enumerate(counts[:-1]):
            far = self.farthest(at, count)
            if far is None or far < earliest[k] - _EPS:
                return [cut for cut, _c in plan[:-1]]
            ideal = at + (self.end - at) / (len(counts) - k)
            lo, hi = bisect_left(self.ys, earliest[k] - _EPS), bisect_right(self.ys, far + _EPS)
            at = min(self.ys[lo:hi], key=lambda y: abs(y - ideal))
            out.append(at)
        return out

    def columns_cuts(self, a: float, b: float) -> list[float]:
        """The vertical cuts of the band from cut ``a`` to cut ``b``: its fewest sheets, each
        cut as near the equal split as the words let it."""
        spans = self.blocked_x(a, b)
        count = self.columns(a, b)
        found = _best_cuts(self.w, self.usable_w - 2 * self.half, self.half, count, spans)
        if found is None:
            free = _Free(self.half, self.w - self.half, spans)
            found = _greedy_cuts(self.w, self.usable_w, self.half, free) or []
        return found

    def lay(self, plan: list[tuple[float, int]]) -> list[Tile]:
        """The windows of a :meth:`plan`, row by row: its cuts as near the equal split as its
        counts allow, each row's too."""
        ys = self.balanced(plan)
        out: list[Tile] = []
        edges = [self.half, *ys, self.end]
        for r, (y, h) in enumerate(_pieces(self.h, ys, 2 * self.half)):
            xs = self.columns_cuts(edges[r], edges[r + 1])
            for c, (x, w) in enumerate(_pieces(self.w, xs, 2 * self.half)):
                out.append(Tile(r, c, round(x, 6), round(y, 6), round(w, 6), round(h, 6)))
        return out


def _undominated(
    states: dict[int, tuple[float, tuple[tuple[float, int], ...]]],
) -> dict[int, tuple[float, tuple[tuple[float, int], ...]]]:
    """The states no other beats: none with as few sheets used that reaches as far."""
    out: dict[int, tuple[float, tuple[tuple[float, int], ...]]] = {}
    reached = -math.inf
    for used in sorted(states):
        if states[used][0] > reached + _EPS:
            out[used] = states[used]
            reached = states[used][0]
    return out


def _turned(box: Box) -> Box:
    return (box[1], box[0], box[3], box[2])


def _bands(
    size: tuple[float, float],
    usable: tuple[float, float],
    overlap: float,
    keepouts: Sequence[Box],
    across: str,
    clear: float,
) -> _Bands:
    """The search for rows of sheets, or for columns of them (the board turned)."""
    if across == ROWS:
        return _Bands(size, usable, overlap, keepouts, clear)
    turned = [_turned(b) for b in keepouts]
    return _Bands((size[1], size[0]), (usable[1], usable[0]), overlap, turned, clear)


def _laid(bands: _Bands, plan: list[tuple[float, int]], across: str) -> tuple[Tile, ...]:
    """A plan's windows on the board, in reading order (turned back for columns of sheets)."""
    tiles = bands.lay(plan)
    if across == COLUMNS:
        tiles = [Tile(t.col, t.row, t.y, t.x, t.h, t.w) for t in tiles]
    return numbered(tiles)


def brick_tiles(
    size: tuple[float, float],
    usable: tuple[float, float],
    overlap: float,
    keepouts: Sequence[Box],
    across: str = ROWS,
    clear: float = SEAM_CLEAR,
) -> tuple[Tile, ...] | None:
    """The fewest windows of at most ``usable`` (w, h) over a board of ``size`` (w, h),
    neighbours sharing ``overlap``, every seam at least ``clear`` from every keepout: rows of
    sheets (``across`` :data:`ROWS`) or columns of them (:data:`COLUMNS`), each with its own
    cuts. In reading order; None when no way keeps the seams clear."""
    bands = _bands(size, usable, overlap, keepouts, across, clear)
    plan = bands.plan()
    return None if plan is None else _laid(bands, plan, across)


def _tiling(pw: float, ph: float, overlap: float, tiles: Sequence[Tile], across: str) -> Tiling:
    rows = max(t.row for t in tiles) + 1
    cols = max(t.col for t in tiles) + 1
    return Tiling(pw, ph, rows, cols, overlap, numbered(tiles), across)


def _ways(paper: str, margins: tuple[float, float, float, float]) -> list[tuple[bool, Interval]]:
    """Landscape and portrait sheets' printable areas (w, h), landscape first."""
    out = []
    for landscape in (True, False):
        pw, ph = paper_size(paper, landscape)
        top, right, bottom, left = margins
        out.append((landscape, (pw - left - right, ph - top - bottom)))
    return out


def choose_tiling(
    board_w: float,
    board_h: float,
    paper: str,
    margins: tuple[float, float, float, float],
    overlap: float,
    keepouts: Sequence[Box] = (),
) -> Tiling:
    """Tile the board with the fewest sheets whose seams all keep clear of ``keepouts``: on
    portrait or landscape sheets, in rows or in columns of sheets (see :func:`brick_tiles`),
    clear by :data:`SEAM_CLEAR` or, when that takes more sheets, by :data:`SEAM_CLEAR_LEAST`.
    On a tie: the more clearance, then seams in line (a plain grid), then landscape. When no
    way keeps clear, the equal grid with the fewer sheets. ``margins`` are top, right, bottom,
    left in millimetres of the portrait sheet and turn with it."""
    size = (board_w, board_h)
    found = list(_plans(size, paper, margins, overlap, keepouts))
    if not found:
        return _equal_grid(board_w, board_h, paper, margins, overlap, keepouts)
    fewest = min(key for key, *_rest in found)
    best: tuple[int, int, int, int] | None = None
    chosen: Tiling | None = None
    for key, rank_way, landscape, bands, plan, across in found:
        if key != fewest:
            continue
        pw, ph = paper_size(paper, landscape)
        tiling = _tiling(pw, ph, overlap, _laid(bands, plan, across), across)
        uneven = sum(len(c) for c in cuts(tiling)) - (tiling.rows + tiling.cols - 2)
        rank = (len(tiling.tiles), key[1], uneven, rank_way)
        if best is None or rank < best:
            best, chosen = rank, tiling
    assert chosen is not None
    return chosen


def _plans(
    size: tuple[float, float],
    paper: str,
    margins: tuple[float, float, float, float],
    overlap: float,
    keepouts: Sequence[Box],
) -> Iterator[tuple[tuple[int, int], int, bool, _Bands, list[tuple[float, int]], str]]:
    """Each way's fewest sheets that may be the fewest of all ((sheets, clearance's rank),
    the way's rank, landscape, its search, its plan, rows or columns), landscape first, the
    more clearance first; a way that cannot take as few sheets as one found is not searched."""
    best: tuple[int, int] | None = None
    for rank_way, (landscape, usable) in enumerate(_ways(paper, margins)):
        least = math.prod(_split(s, u, overlap)[0] for s, u in zip(size, usable, strict=True))
        for rank_clear, clear in enumerate((SEAM_CLEAR, SEAM_CLEAR_LEAST)):
            for across in (ROWS, COLUMNS):
                if best is not None and (least, rank_clear) > best:
                    break  # not even a grid of the fewest sheets would win
                bands = _bands(size, usable, overlap, keepouts, across, clear)
                plan = bands.plan(None if best is None else best[0])
                if plan is None:
                    continue
                key = (sum(count for _cut, count in plan), rank_clear)
                best = key if best is None else min(best, key)
                yield key, rank_way, landscape, bands, plan, across


def _equal_grid(
    board_w: float,
    board_h: float,
    paper: str,
    margins: tuple[float, float, float, float],
    overlap: float,
    keepouts: Sequence[Box],
) -> Tiling:
    """When no way keeps every seam clear: the plain grid with the fewer sheets, its cuts
    off the words where they can be."""
    chosen: Tiling | None = None
    for landscape, (uw, uh) in _ways(paper, margins):
        pw, ph = paper_size(paper, landscape)
        rows, cols, tiles, _clear = _tiles(board_w, board_h, uw, uh, overlap, keepouts)
        if chosen is None or len(tiles) < len(chosen.tiles):
            chosen = Tiling(pw, ph, rows, cols, overlap, tiles)
    assert chosen is not None
    return chosen


def cuts(tiling: Tiling) -> tuple[list[float], list[float]]:
    """Where a tiled board's sheets are cut to be glued (the seams): x of the vertical cuts and
    y of the horizontal ones, in board mm (through the middle of each overlap), each place
    once. In rows of sheets, each vertical cut runs only across its own row (see
    :meth:`Tiling.seams` for where each seam runs)."""
    half = tiling.overlap / 2
    xs = sorted({t.x + half for t in tiling.tiles if t.col > 0})
    ys = sorted({t.y + half for t in tiling.tiles if t.row > 0})
    return xs, ys


def seam_runs(tiling: Tiling) -> list[SeamRun]:
    """Where a tiled board's seams run (see :data:`SeamRun`): each seam over the stretch its
    two sheets share, each once, in order."""
    runs = {
        ("x" if s.axis == 0 else "y", round(s.at, 6), round(s.lo, 6), round(s.hi, 6))
        for s in tiling.seams()
    }
    return sorted(runs)
