"""What a homography cannot follow: the lens's barrel distortion and the paper's curl.

The board's homography is fitted on its registration marks, round its border. A phone's lens
bends straight lines (barrel distortion) and a poster or a sheet does not lie quite flat, so in
the board's middle the homography can be off by 2 or 3 mm: more than a strip's slides absorb,
and a space's printed line then falls beside where the reader looks for it.

The board's own lines tell where they are. Across the middle of every track space the photo's
green is matched against the board's picture (:func:`offsets`: the offset across the space that
correlates best, within :data:`REACH` mm); each match tells the distortion along that space's
normal, and the lattice's three directions tell it in both. A smooth field (a cubic in the
board's coordinates, per axis) is fitted to them by least squares that drop the matches which
disagree with it (a piece laid off its line, a card, a hand), twice (:func:`fit`). The reader
then samples every space where the field says the board's point lies (:meth:`Warp.at`).

A tiled board is not one sheet: each sheet is glued a little off its neighbours (a shift of a
millimetre or two, a turn of a fraction of a degree), so the board's lines jump where the sheets
meet, which no smooth field can follow. Where the photo shows seams (:mod:`.seams`), the matches
are grouped by the sheet they lie on, between those seams, and each sheet gets its own shift and
turn on top of the field, fitted with it (:func:`with_sheets`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trackwright.photo import homography as hg
from trackwright.photo.image import Picture
from trackwright.photo.stats import correlations

Point = tuple[float, float]
Cut = tuple[str, float, float, float]  # a seam run: ("x", x, y0, y1) or ("y", y, x0, x1)
Move = tuple[float, float, float, float, float]  # a sheet's shift (mm), turn (rad), about (x, y)
Key = tuple[bool | None, ...]  # which sheet: past each seam run or not (sheet_of)

REACH = 8  # half mm: how far across a space the board's line is looked for, each side
SPAN = 12  # half mm: the photo's profile across the space, each side of where the line should be
ROWS = (0.3, 0.5, 0.7)  # where along the space's strip the profile is read
MATCH = 0.6  # the profile correlates with the board's this well at least, or it tells nothing
CUT = (1.5, 0.75)  # mm: the matches further than this off the field are dropped, fit after fit
LEAST = 40  # the field is fitted from at least this many matches (else none: the homography)
# mm: a field that moves a space further than this is not believed (none is used). 5 mm until
# the twenty-fourth freeze: rendered 3599 (glued sheets at 33 degrees, 8 of 12 marks found)
# needs 6.2 mm by a corner, its lines' matches agreeing to 0.3 mm (median); without the field,
# half that board was read unsure (253 of 479 spaces flagged, 28 with it, none wrong).
LIMIT = 7.0
SHEET_LEAST = 12  # a sheet's own move is fitted from at least this many matches on it
SHEET_SHIFT = 3.0  # mm: a sheet shifted further than this is not believed (no move) ...
SHEET_TURN = 0.02  # rad: ... nor turned further (a degree and a bit)


@dataclass(frozen=True)
class Match:
    """One space's offset across: at the board point (x, y), the board's content shows
    ``off`` mm along the unit normal (nx, ny) from where the homography puts it."""

    x: float
    y: float
    nx: float
    ny: float
    off: float


@dataclass(frozen=True)
class Warp:
    """The field: board point -> the board point the homography must be given for it."""

    cx: float
    cy: float
    sx: float
    sy: float
    ax: tuple[float, ...] = ()
    ay: tuple[float, ...] = ()
    #: the seams the sheets meet at, and each sheet's move (by :func:`sheet_of` its key)
    cuts: tuple[Cut, ...] = ()
    sheets: tuple[tuple[Key, Move], ...] = ()

    def at(self, x: float, y: float) -> Point:
        px, py = self.smooth(x, y)
        dx, dy = self.sheet_move(x, y)
        return px + dx, py + dy

    def smooth(self, x: float, y: float) -> Point:
        """The field alone, without the sheets' moves."""
        if not self.ax:
            return x, y
        terms = _terms((x - self.cx) / self.sx, (y - self.cy) / self.sy)
        dx = dy = 0.0  # summed in order, as sum() would (called for every sample row)
        for a, b, t in zip(self.ax, self.ay, terms, strict=True):
            dx += a * t
            dy += b * t
        return x + dx, y + dy

    def sheet_move(self, x: float, y: float) -> Point:
        """How far the sheet under the board point (x, y) moves it (0, 0 off every sheet)."""
        if not self.sheets:
            return 0.0, 0.0
        key = sheet_of(self.cuts, x, y)
        for k, (tx, ty, turn, ox, oy) in self.sheets:
            if k == key:
                return tx - turn * (y - oy), ty + turn * (x - ox)
        return 0.0, 0.0

    def __bool__(self) -> bool:
        return bool(self.ax) or bool(self.sheets)


def none(size: tuple[float, float]) -> Warp:
    """No correction: the homography alone."""
    return Warp(size[0] / 2, size[1] / 2, size[0] / 2, size[1] / 2)


def _terms(u: float, v: float) -> tuple[float, ...]:
    return (1.0, u, v, u * u, u * v, v * v, u * u * u, u * u * v, u * v * v, v * v * v)


def _profile(
    photo: Picture, h: hg.H, x: float, y: float, nx: float, ny: float
) -> list[float] | None:
    """The photo's green across the space at the board point (x, y), every half mm from
    ``-(SPAN + REACH)`` to ``SPAN + REACH`` half mm along the normal (bilinear)."""
    w, hgt, g = photo.width, photo.height, photo.g
    far = SPAN + REACH
    p0 = hg.apply(h, x - nx * far / 2, y - ny * far / 2)
    p1 = hg.apply(h, x + nx * far / 2, y + ny * far / 2)
    if not all(0 <= p[0] < w - 1 and 0 <= p[1] < hgt - 1 for p in (p0, p1)):
        return None
    n = 2 * far
    out = []
    for k in range(n + 1):
        px = p0[0] + (p1[0] - p0[0]) * k / n
        py = p0[1] + (p1[1] - p0[1]) * k / n
        ix, iy = int(px), int(py)
        fx, fy = px - ix, py - iy
        i = iy * w + ix
        top = g[i] + (g[i + 1] - g[i]) * fx
        bottom = g[i + w] + (g[i + w + 1] - g[i + w]) * fx
        out.append(top + (bottom - top) * fy)
    return out


def offsets(
    photo: Picture,
    h: hg.H,
    spaces: Sequence[tuple[Point, Point, Sequence[Sequence[float]]]],
) -> list[Match]:
    """Each space's offset across (see the module): ``spaces`` gives each space's two ends in
    board mm and the board's green across it at :data:`ROWS` (``2 * SPAN + 1`` samples every
    half mm, centred on the space's line)."""
    out = []
    for (ax, ay), (bx, by), boards in spaces:
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        nx, ny = -uy, ux
        seen: list[float] = []
        board: list[float] = []
        for t, profile in zip(ROWS, boards, strict=True):
            got = _profile(photo, h, ax + (bx - ax) * t, ay + (by - ay) * t, nx, ny)
            if got is None:
                break
            seen.extend(got)
            board.extend(profile)
        else:
            off, score = _joined_offset(seen, board, len(boards))
            if score >= MATCH:
                mx, my = (ax + bx) / 2, (ay + by) / 2
                out.append(Match(mx, my, nx, ny, off / 2))
    return out


def _joined_offset(seen: list[float], board: list[float], rows: int) -> tuple[float, float]:
    """Where the board's profiles (one per row, ``2 * SPAN + 1`` samples each) lie in the
    photo's (``2 * (SPAN + REACH) + 1`` each), the same shift in every row: half mm off the
    middle, to a tenth by a parabola through the best three; and how well they correlate
    there."""
    wide, narrow = len(seen) // rows, len(board) // rows
    slid = []
    for o in range(-REACH, REACH + 1):
        a: list[float] = []
        for r in range(rows):
            start = r * wide + REACH + o
            a.extend(seen[start : start + narrow])
        slid.append(a)
    scores = correlations(slid, board)
    k = max(range(len(scores)), key=scores.__getitem__)
    best = scores[k]
    shift = 0.0
    if 0 < k < len(scores) - 1:
        a0, b0, c0 = scores[k - 1], best, scores[k + 1]
        bend = a0 - 2 * b0 + c0
        if bend < 0:
            shift = max(-0.5, min(0.5, 0.5 * (a0 - c0) / bend))
    return k - REACH + shift, best


def fit(matches: Sequence[Match], size: tuple[float, float]) -> Warp:
    """The field that best explains the matches (see the module), or none when too few agree
    or it would move a point implausibly far."""
    base = none(size)
    warp = _trimmed(base, [(None, m) for m in matches], {})
    return warp if warp is not None and _near(warp, matches) else base


def _near(warp: Warp, matches: Sequence[Match]) -> bool:
    """Whether the field moves no match's point further than :data:`LIMIT`."""
    return all(math.dist(warp.at(m.x, m.y), (m.x, m.y)) <= LIMIT for m in matches)


def _trimmed(
    base: Warp, keyed: Sequence[tuple[Key | None, Match]], sheets: dict[Key, Point]
) -> Warp | None:
    """The field (and the ``sheets``' moves, each match on the sheet of its key) by least
    squares, then again without the matches further than :data:`CUT` off it, twice; None when
    too few matches are left or the equations are singular."""
    kept = list(keyed)
    solved = base
    for cut in (None, *CUT):
        if cut is not None:
            kept = [(k, m) for k, m in kept if abs(_residual(solved, m)) <= cut]
        if len(kept) < LEAST:
            return None
        got = _solve(base, kept, sheets)
        if got is None:
            return None
        solved = got
    return solved


def _residual(warp: Warp, m: Match) -> float:
    """How far the match is from what the field says there (mm along its normal). The board's
    content shows ``off`` along the normal, so the field must move the point by ``off``."""
    x, y = warp.at(m.x, m.y)
    return (x - m.x) * m.nx + (y - m.y) * m.ny - m.off


# ------------------------------------------------------------------ the sheets of a tiled board


def sheet_of(cuts: Sequence[Cut], x: float, y: float) -> Key:
    """Which sheet the board point (x, y) lies on, between the seams ``cuts``: for each seam
    run, past it or not (None where the run does not reach: sheets laid as bricks)."""
    return tuple(
        ((x if axis == "x" else y) > at) if lo <= (y if axis == "x" else x) <= hi else None
        for axis, at, lo, hi in cuts
    )


def with_sheets(warp: Warp, matches: Sequence[Match], cuts: Sequence[Cut]) -> Warp:
    """The field and each sheet's own move (see the module), fitted together by least
    squares that drop the matches which disagree (as :func:`fit`); ``warp`` as it is without
    two sheets of :data:`SHEET_LEAST` matches, or when a sheet would move implausibly far."""
    if not cuts:
        return warp
    cuts = tuple(cuts)
    keys = [sheet_of(cuts, m.x, m.y) for m in matches]
    groups: dict[Key, list[Match]] = {}
    for key, m in zip(keys, matches, strict=True):
        groups.setdefault(key, []).append(m)
    sheets = {
        key: (sum(m.x for m in g) / len(g), sum(m.y for m in g) / len(g))
        for key, g in groups.items()
        if len(g) >= SHEET_LEAST
    }
    if len(sheets) < 2:
        return warp
    base = replace(none((2 * warp.sx, 2 * warp.sy)), cuts=cuts)
    solved = _trimmed(base, list(zip(keys, matches, strict=True)), sheets)
    if solved is None or not _plausible(solved, matches):
        return warp
    return solved


def _plausible(warp: Warp, matches: Sequence[Match]) -> bool:
    """Whether the field alone moves no match further than :data:`LIMIT` (as :func:`fit`
    asks) and each sheet moves within its own limits. The two add up: a lens's 3 mm by a
    corner and a sheet glued 2 mm off are both believed, and so is their sum."""
    smooth = replace(warp, sheets=())
    return _near(smooth, matches) and all(
        math.hypot(tx, ty) <= SHEET_SHIFT and abs(turn) <= SHEET_TURN
        for _key, (tx, ty, turn, _ox, _oy) in warp.sheets
    )


def _solve(
    base: Warp, kept: Sequence[tuple[Key | None, Match]], sheets: dict[Key, Point]
) -> Warp | None:
    """The field's 20 terms and each sheet's shift and turn (about the middle of its matches)
    by least squares; a match on no sheet given tells the field alone. Each row has the
    field's terms and its own sheet's three: the normal equations are summed over those only.
    A little ridge keeps what the matches leave loose near none."""
    n = 10
    order = {key: 2 * n + 3 * i for i, key in enumerate(sheets)}
    size = 2 * n + 3 * len(sheets)
    ata = [[0.0] * size for _ in range(size)]
    atb = [0.0] * size
    for key, m in kept:
        t = _terms((m.x - base.cx) / base.sx, (m.y - base.cy) / base.sy)
        row = [(i, m.nx * v) for i, v in enumerate(t)] + [
            (n + i, m.ny * v) for i, v in enumerate(t)
        ]
        if key in order:
            ox, oy = sheets[key]
            at = order[key]
            row += [(at, m.nx), (at + 1, m.ny), (at + 2, m.ny * (m.x - ox) - m.nx * (m.y - oy))]
        # The row's columns rise, so its pairs from each on fill the upper triangle (mirrored
        # below: each product the same, summed in the same order, as the lower one's).
        for k, (i, ri) in enumerate(row):
            line = ata[i]
            for j, rj in row[k:]:
                line[j] += ri * rj
            atb[i] += ri * m.off
    for i in range(size):
        for j in range(i):
            ata[i][j] = ata[j][i]
        ata[i][i] += 1e-3
    sol = hg.solve_linear(ata, atb)
    if sol is None:
        return None
    moves = tuple(
        (key, (sol[at], sol[at + 1], sol[at + 2], *sheets[key])) for key, at in order.items()
    )
    return replace(base, ax=tuple(sol[:n]), ay=tuple(sol[n : 2 * n]), sheets=moves)
