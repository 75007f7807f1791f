"""Reading a photo of a TransAmerica board: which track spaces hold a piece.

1. Check the photo is bright enough, find the registration marks (:mod:`.finder`), tell which
   is which and fit the board's homography (:mod:`.register`); or start from four cities'
   pixel positions (anchors) and refine on the marks near where they put them.
2. Check the fit against the printed board's own picture (the *reference*: the board drawing
   rendered at :data:`REF_PPM` pixels per millimetre and softened a little, by Pillow on a
   computer or the browser's canvas on a phone): the photo must look like the board there.
3. Sample a strip across the middle of every track space in the photo and in the reference.
   The light is evened out per strip (a gain per colour channel), the reference is slid
   across and along by up to 1.5 mm (each sample also against its neighbours) to absorb
   registration error and a tiled board's sheets being a little off, and each sample is
   compared, channel by channel and in hue. What the board prints there (its own line,
   rivers, names) is in the reference, so what differs is what lies on the board: a track
   piece differs in a narrow band along the space, all along it; a card or a hand differs
   across the whole strip. A space is *taken* when the band is there all along (and few rows
   show anything else, as a card's printed bars would; and the band is not the board itself,
   seen in the gap between two fingers), *empty* when nothing differs, *uncertain* otherwise.
4. The game's rules then settle some uncertain spaces (:meth:`Reading.settled`): the
   TransAmerica engine empties a hidden space that no chain of hidden spaces joins to a track
   seen (:func:`trackwright.scorer.transamerica.unjoined_spaces`, the one place that rule is
   written).

Pure Python over byte planes (no per-pixel loop over the whole photo).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import TransAmericaMap, edge_key
from trackwright.photo import finder, register
from trackwright.photo import homography as hg
from trackwright.photo import marks as marks_mod
from trackwright.photo import seams as seams_mod
from trackwright.photo.image import Picture
from trackwright.scorer.transamerica import unjoined_spaces

Point = tuple[float, float]
Edge = tuple[str, str]

#: The working size: the caller scales the photo so its longer side is this many pixels.
WORKING = 1600
#: The reference's resolution (pixels per mm) and softening (Gaussian radius, its pixels).
REF_PPM = 2.0
REF_BLUR = 1.0
SHARP_BLUR = 0.4  # and a sharper picture of it: a photo may show lines as sharp as this

# The strip sampled along each track space: its middle part (shares of its length), how far
# across (mm, each side), one photo sample per mm; the reference at half that step, SLIDE
# half-steps further each side.
ALONG = (0.27, 0.73)
ACROSS = 8
SLIDE = 4  # half-mm steps of reference beyond the strip, each side (slides and neighbours)
REACH = 3  # how far the reference slides across, half mm steps each side
REACH_ALONG = 3  # ... and along
SLIDE_ROWS = 2  # the slides are matched on every second row ...
SLIDE_COLS = 1  # ... and every sample across (4 and 2: faster, but 0.3 % more flagged)

# Judging a sample, a row, a space (tuned on tests/support/photo_scenes.py's photos).
DIFF = 34.0  # a sample differs when a channel is this far from the reference (0-255) ...
WEAK = 30.0  # ... (and its neighbours in a band when this far), or its hue is: the difference
# red - green, green - blue or red - blue (pale wood on pale paper differs more in hue than in
# any one channel)
NEAR = WEAK / 2  # (a sample this near in every channel is near in hue: no need to look)
LINE_LIKE = 30.0  # a band whose every sample is this near a blend of the line's ink and the
LINE_HUE = 20.0  # paper (and this near in red - blue) may be the line itself ...
INKY, INK_RUN = 0.3, 3  # ... but not when so many samples in a row are as dark as the ink
GREY_CHROMA, GREY_LEVEL = 24.0, 95.0  # a band this grey and this light is print, not a piece
BAND_MIN, BAND_MAX = 2, 10  # a piece's band: this many samples across, at least / at most
MAX_SLANT = 0.2  # a piece turns by at most 8 degrees: a band slanting more is not one
MAX_WOBBLE = 0.9  # mm: how far a piece's band strays from a straight line
TAKEN_ROWS = 0.62  # taken: at least this share of rows show a band ...
TAKEN_OTHER = 0.3  # ... and at most this share something else (a card's printed bars)
GAP_COLOUR, GAP_LEVEL = 0.05, 1.0  # a band nearer the board's colour than its strip by this
# (log of ratios), and its level within this of the board's: the board between two fingers
OTHER_ROWS = 0.5  # uncertain: more than this share of rows differ but show no band ...
BAND_ROWS = 0.3  # ... or more than this share show a band (but too few for taken) ...
SOME_ROWS = 0.5  # ... or more than this share show either
LINE_CONTRAST = 40  # the space's line darker than the paper by this in the reference ...
HIDDEN_SHARE = 0.3  # ... and by less than this share of that in the photo: the line is hidden
HIDDEN_ROWS = 0.5  # uncertain: the line hidden in more than this share of rows
LIGHT_REACH = 45.0  # mm: a strip's neighbours, whose light it shares
LIGHT_SPREAD = 0.22  # log of the light's ratio to theirs, past which it is not the same light
COLOUR_SPREAD = 0.15  # ... and of its colour's to the whole board's
SEAM_OFF = 2.0  # mm: a seam lies this far from its place at most (the sheets' misalignment)
MATCH = 0.3  # the photo matches the board under a fit when their content correlates this much
CUT_OFF_SHARE = 0.03  # more of the spaces than this outside the photo: the board is cut off
DARK_LEVEL = 45  # the board's paper darker than this (0-255): too dark
SHARP_MIN = 0.16  # the marks' edges softer than this: too blurred


class PhotoError(TrackwrightError):
    """A photo the reader will not guess about; ``code`` says why: no_board, cut_off, blurred,
    dark, not_this_board, anchor."""


@dataclass(frozen=True)
class Reference:
    """The printed board's picture: ``ppm`` pixels per millimetre of the board drawing."""

    pic: Picture
    ppm: float

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        return self.pic.at(x * self.ppm - 0.5, y * self.ppm - 0.5)


@dataclass
class Strip:
    """One track space's strip: its corners in board mm (first row's first and last sample,
    last row's), its size in samples, and the reference's colours there (rows of
    ``2 * (2 * ACROSS + SLIDE) + 1`` samples at half a mm)."""

    edge: Edge
    corners: tuple[Point, Point, Point, Point]
    rows: int
    ref: list[list[tuple[int, int, int]]] = field(default_factory=list)
    sharp: list[list[tuple[int, int, int]]] = field(default_factory=list)
    # Per row, where a tiled board's seams (:mod:`.seams`) may cross it (samples across).
    seams: list[list[float]] = field(default_factory=list)


class Board:
    """What the reader knows of one printed board before any photo (kept between photos)."""

    def __init__(
        self,
        m: TransAmericaMap,
        reference: Reference,
        sharp: Picture,
        keepouts: Sequence[tuple[float, float, float, float]] = (),
    ) -> None:
        """``keepouts``: the printed board's words and discs, where the kit's seams do not run
        (:mod:`.seams`); a map file that says where the kit's seams are printed needs none."""
        self.map = m
        self.reference = reference
        self.marks = marks_mod.marks(m)
        self.size = marks_mod.drawing_size(m)
        self.strips: list[Strip] = []
        half = 2 * ACROSS + SLIDE
        seam_x, seam_y = seams_mod.board_seams(m.printed_seams, *self.size, keepouts)
        soft_planes = (reference.pic.r, reference.pic.g, reference.pic.b)
        sharp_planes = (sharp.r, sharp.g, sharp.b)
        for e in m.edges:
            a, b = m.nodes[e.a], m.nodes[e.b]
            length = math.hypot(b.x - a.x, b.y - a.y)
            ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
            t0 = ALONG[0] * length
            rows = int((ALONG[1] - ALONG[0]) * length) + 1
            t1 = t0 + rows - 1
            corners = tuple(
                (a.x + ux * t - uy * s, a.y + uy * t + ux * s)
                for t, s in ((t0, -ACROSS), (t0, ACROSS), (t1, -ACROSS), (t1, ACROSS))
            )
            strip = Strip(edge_key(e.a, e.b), corners, rows)  # type: ignore[arg-type]
            nx, ny = -uy, ux  # across, in board mm per sample
            for i in range(rows):
                px, py = a.x + ux * (t0 + i), a.y + uy * (t0 + i)
                at = [(x - px) / nx + ACROSS for x in seam_x if abs(nx) > 1e-6]
                at += [(y - py) / ny + ACROSS for y in seam_y if abs(ny) > 1e-6]
                strip.seams.append([j for j in at if -SEAM_OFF <= j <= 2 * ACROSS + SEAM_OFF])
            k = reference.ppm / 2  # reference pixels per half mm
            rw, rh = reference.pic.width, reference.pic.height
            # Half-mm steps along (u) and across (v) in reference pixels, and where (0, 0) is.
            ax, ay = ux * k, uy * k
            cx0 = (a.x + ux * t0) * reference.ppm - uy * (-half) * k
            cy0 = (a.y + uy * t0) * reference.ppm + ux * (-half) * k
            n = 2 * half + 1
            across = [(-uy * k * j, ux * k * j) for j in range(n)]
            for i in range(-SLIDE, 2 * (rows - 1) + SLIDE + 1):
                bx, by = cx0 + ax * i, cy0 + ay * i
                ex, ey = bx + across[-1][0], by + across[-1][1]
                inside = min(bx, ex) >= 0 and min(by, ey) >= 0
                if inside and max(bx, ex) < rw and max(by, ey) < rh:
                    idx = [int(by + dy) * rw + int(bx + dx) for dx, dy in across]
                else:  # at the drawing's edge: clamped
                    idx = [
                        min(max(int(by + dy), 0), rh - 1) * rw + min(max(int(bx + dx), 0), rw - 1)
                        for dx, dy in across
                    ]
                rr, rg, rb = (list(map(c.__getitem__, idx)) for c in soft_planes)
                strip.ref.append(list(zip(rr, rg, rb, strict=True)))
                sr, sg, sb = (list(map(c.__getitem__, idx)) for c in sharp_planes)
                strip.sharp.append(list(zip(sr, sg, sb, strict=True)))
            self.strips.append(strip)
        middles = {
            edge_key(e.a, e.b): (
                (m.nodes[e.a].x + m.nodes[e.b].x) / 2,
                (m.nodes[e.a].y + m.nodes[e.b].y) / 2,
            )
            for e in m.edges
        }
        self.neighbours: dict[Edge, list[Edge]] = {
            e: [f for f, q in middles.items() if f != e and math.dist(p, q) < LIGHT_REACH]
            for e, p in middles.items()
        }
        w, h = self.size
        self.grid = [
            (x + 3.0, y + 3.0, reference.at(x + 3.0, y + 3.0))
            for y in range(0, int(h) - 3, 6)
            for x in range(0, int(w) - 3, 6)
        ]


@dataclass
class Reading:
    """What a photo shows: the spaces taken, the ones the reader is unsure of, and how the
    board lies in the photo (board mm -> photo pixels)."""

    track: list[Edge]
    uncertain: list[Edge]
    h: hg.H
    marks: int
    anchored: bool = False
    scores: dict[Edge, tuple[float, float, float]] = field(default_factory=dict)
    #: spaces the photo left unsure that the game's rules say are empty (see :meth:`settled`)
    empty_by_rule: list[Edge] = field(default_factory=list)

    def settled(self) -> Reading:
        """This reading with the unsure spaces the rules rule out made empty (the engine's
        :func:`~trackwright.scorer.transamerica.unjoined_spaces` names them)."""
        out = set(unjoined_spaces(self.track, self.uncertain)) & set(self.uncertain)
        return replace(
            self,
            uncertain=[e for e in self.uncertain if e not in out],
            empty_by_rule=sorted(out),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "track": [list(e) for e in self.track],
            "uncertain": [list(e) for e in self.uncertain],
            "empty_by_rule": [list(e) for e in self.empty_by_rule],
            "homography": [round(v, 9) for v in self.h],
            "marks": self.marks,
            "anchored": self.anchored,
        }


# ------------------------------------------------------------------ the fit


def content_score(h: hg.H, photo: Picture, board: Board) -> float:
    """How well the photo matches the printed board under h: the correlation of their red and
    blue channels over a grid of board points inside the photo (-1 to 1; 0 for no match)."""
    pr: list[float] = []
    pb: list[float] = []
    rr: list[float] = []
    rb: list[float] = []
    w, hgt = photo.width, photo.height
    for x, y, ref in board.grid:
        den = h[6] * x + h[7] * y + h[8]
        if den <= 0:
            continue
        px = (h[0] * x + h[1] * y + h[2]) / den
        py = (h[3] * x + h[4] * y + h[5]) / den
        if 0 <= px < w - 0.5 and 0 <= py < hgt - 0.5:
            i = int(py + 0.5) * w + int(px + 0.5)
            pr.append(photo.r[i])
            pb.append(photo.b[i])
            rr.append(ref[0])
            rb.append(ref[2])
    if len(pr) < 50:
        return 0.0
    return (_correlation(pr, rr) + _correlation(pb, rb)) / 2


def _correlation(a: list[float], b: list[float]) -> float:
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    saa = sum((x - ma) ** 2 for x in a)
    sbb = sum((y - mb) ** 2 for y in b)
    if saa <= 0 or sbb <= 0:
        return 0.0
    return sab / math.sqrt(saa * sbb)


def _brightness(photo: Picture) -> float:
    """The photo's brightness where it is brightest: the 90th percentile of a sparse sample of
    its green plane (the board's paper is the brightest thing on a table)."""
    g = photo.g
    step = max(1, len(g) // 20000)
    values = sorted(g[::step])
    return float(values[int(0.9 * (len(values) - 1))])


def _sharpness(photo: Picture, h: hg.H, board: Board, pairs: int) -> float:
    """How sharp the marks' edges are: across each mark found, the steepest one-pixel step of
    the green plane as a share of the light-to-dark range (about 0.5 and up when sharp)."""
    shares: list[float] = []
    w, hgt, g = photo.width, photo.height, photo.g
    for mk in board.marks:
        cx, cy = hg.apply(h, mk.x, mk.y)
        reach = hg.scale_at(h, mk.x, mk.y) * marks_mod.TILE / 2
        x0, x1 = int(cx - reach), int(cx + reach)
        y = int(cy)
        if x0 < 0 or x1 >= w or not 0 <= y < hgt or x1 - x0 < 6:
            continue
        line = g[y * w + x0 : y * w + x1]
        lo, hi = min(line), max(line)
        if hi - lo < 30:
            continue
        step = max(abs(line[i + 1] - line[i]) for i in range(len(line) - 1))
        shares.append(step / (hi - lo))
    if not shares:
        return 1.0
    shares.sort()
    return shares[len(shares) // 2]


_Best = tuple[float, hg.H, int]  # content score, homography, marks matched


def _anchored(
    board: Board, anchors: dict[str, Point], found: list[finder.Found]
) -> list[tuple[hg.H, int]]:
    """The fits four or more cities' positions in the photo give: the anchors' own, and the
    marks' refit from it first when it matches five or more."""
    m = board.map
    src, dst = [], []
    for name, (px, py) in anchors.items():
        city = m.city_by_name.get(name)
        if city is None:
            raise PhotoError.of("photo.anchor.city", "anchor", name=repr(name)).known_as("anchor")
        n = m.nodes[city.node]
        src.append((n.x, n.y))
        dst.append((px, py))
    h0 = hg.fit(src, dst)
    if h0 is None:
        raise PhotoError.of("photo.anchor.loose", "anchor").known_as("anchor")
    candidates = [(h0, 0)]
    fit = register.refine(h0, board.marks, found)
    if fit is not None and fit.count >= 5:
        candidates.insert(0, (fit.h, fit.count))
    return candidates


def _better(
    best: _Best | None, photo: Picture, board: Board, fits: list[tuple[hg.H, int]]
) -> _Best | None:
    """The best of ``best`` and the fits, by the content score (the first of equals)."""
    for h, count in fits:
        score = content_score(h, photo, board)
        if best is None or score > best[0]:
            best = (score, h, count)
    return best


def _matched(best: _Best | None) -> bool:
    """Whether the best fit so far reads like this board."""
    return best is not None and best[0] >= MATCH


def _without_strays(
    photo: Picture, board: Board, found: list[finder.Found], best: _Best | None
) -> _Best | None:
    """Something on the table that reads like a mark (a pattern, a reflection) spoils the
    order round the border that the guesses rely on; such a thing lies on the found marks'
    outline, so guess again without each mark there in turn, least seen first; then without
    the least seen of them for good, and again (a few such things at most)."""
    rest = list(found)
    for _round in range(3):
        if len(rest) <= 4:
            break
        outline = register.hull([(f.x, f.y) for f in rest])
        outline.sort(key=lambda i: rest[i].hits)
        for drop in outline:
            fits = register.guesses(board.marks, rest[:drop] + rest[drop + 1 :])
            best = _better(best, photo, board, [(fit.h, fit.count) for fit in fits])
            if _matched(best):
                break
        if _matched(best) or not outline:
            break
        rest.pop(outline[0])
    return best


def _not_found(
    anchors: dict[str, Point] | None, found: list[finder.Found], best: _Best | None
) -> PhotoError:
    """Why no fit reads like this board: the anchors are wrong, it is another board, or no
    board is in the photo."""
    if anchors:
        return PhotoError.of("photo.anchored.other", "photo").known_as("not_this_board")
    if len(found) >= 4 and best is not None and best[0] >= 0.1:
        return PhotoError.of("photo.other-board", "photo").known_as("not_this_board")
    return PhotoError.of("photo.no-board", "photo").known_as("no_board")


def locate(
    photo: Picture, board: Board, anchors: dict[str, Point] | None = None
) -> tuple[hg.H, int, float]:
    """The board's homography in the photo, how many marks it matches and its content score;
    PhotoError when the board is not found."""
    if _brightness(photo) < DARK_LEVEL:
        raise PhotoError.of("photo.dark", "photo").known_as("dark")
    found = finder.find(photo)
    if anchors:
        candidates = _anchored(board, anchors, found)
    else:
        candidates = [(fit.h, fit.count) for fit in register.guesses(board.marks, found)]
    best = _better(None, photo, board, candidates)
    if not anchors and not _matched(best) and len(found) > 4:
        best = _without_strays(photo, board, found, best)
    if best is None or not _matched(best):
        raise _not_found(anchors, found, best)
    return best[1], best[2], best[0]


# ------------------------------------------------------------------ the spaces


def _sample(photo: Picture, h: hg.H, strip: Strip) -> list[list[tuple[int, int, int]]] | None:
    """The photo's pixels at the strip's sample points (nearest pixel), row after row; None
    when the strip is not wholly in the photo."""
    p00, p01, p10, p11 = (hg.apply(h, x, y) for x, y in strip.corners)
    w, hgt = photo.width, photo.height
    for x, y in (p00, p01, p10, p11):
        if not (0 <= x < w - 0.5 and 0 <= y < hgt - 0.5):
            return None
    rows, cols = strip.rows, 2 * ACROSS + 1
    r, g, b = photo.r, photo.g, photo.b
    out = []
    for i in range(rows):
        k = i / (rows - 1)
        x0 = p00[0] + (p10[0] - p00[0]) * k + 0.5
        y0 = p00[1] + (p10[1] - p00[1]) * k + 0.5
        x1 = p01[0] + (p11[0] - p01[0]) * k + 0.5
        y1 = p01[1] + (p11[1] - p01[1]) * k + 0.5
        dx, dy = (x1 - x0) / (cols - 1), (y1 - y0) / (cols - 1)
        idx = [int(y0 + j * dy) * w + int(x0 + j * dx) for j in range(cols)]
        out.append([(r[q], g[q], b[q]) for q in idx])
    return out


def _median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2]


COLS = 2 * ACROSS + 1  # samples across a strip


def _gains(
    samples: list[list[tuple[int, int, int]]], ref: list[list[tuple[int, int, int]]]
) -> list[float]:
    """The light: a gain per channel, from the medians of photo over reference."""
    rows = len(samples)
    half = [ref[2 * i + SLIDE] for i in range(rows)]
    gains = []
    for c in range(3):
        ratios = [
            s[j][c] / max(rf[2 * j + SLIDE][c], 16)
            for s, rf in zip(samples[::2], half[::2], strict=True)
            for j in range(0, COLS, 2)
        ]
        gains.append(max(_median(ratios), 0.05))
    return gains


def _slide_cost(
    scaled: list[list[tuple[float, float, float]]],
    ref: list[list[tuple[int, int, int]]],
    du: int,
    dv: int,
    bound: float,
) -> float:
    """The capped sum of differences from the reference slid ``du`` along and ``dv`` across;
    stops once past ``bound`` (a slide already better)."""
    total = 0.0
    first = SLIDE + dv
    last = first + 2 * COLS
    for i in range(0, len(scaled), SLIDE_ROWS):
        row = scaled[i][::SLIDE_COLS]
        for p, q in zip(row, ref[2 * i + SLIDE + du][first : last : 2 * SLIDE_COLS], strict=True):
            d = p[0] - q[0]
            if d < 0:
                d = -d
            e = p[1] - q[1]
            if e < 0:
                e = -e
            if e > d:
                d = e
            e = p[2] - q[2]
            if e < 0:
                e = -e
            if e > d:
                d = e
            total += d if d < DIFF else DIFF
        if total > bound:
            break
    return total


def _best_slide(reach: int, slide: Callable[[int, float], float]) -> int:
    """The slide of least cost, walking from none towards the better side while the cost
    falls (it falls towards the best slide: the strip crosses one line, and the capped
    sum keeps the piece from pulling), at most ``reach`` half-mm steps."""
    chosen, least = 0, slide(0, math.inf)
    minus, plus = slide(-1, least), slide(1, least)
    step = -1 if minus < plus else 1
    if min(minus, plus) >= least:
        return 0
    chosen, least = step, min(minus, plus)
    while abs(chosen) < reach:
        c = slide(chosen + step, least)
        if c >= least:
            break
        chosen, least = chosen + step, c
    return chosen


_Pool = tuple[tuple[list[tuple[int, int, int]], int], ...]


def _sample_diff(pr: float, pg: float, pb: float, pool: _Pool, k: int) -> float:
    """How far one sample (in the strip's light) is from the reference at sample ``k``: the
    least, over the reference's there and half a mm round it (``pool``), of the largest
    difference in a channel or a hue; the nearest first, and no further once near enough."""
    d = 255.0
    for line, o in pool:
        q = line[k + o]
        e = max(abs(pr - q[0]), abs(pg - q[1]), abs(pb - q[2]))
        if e <= NEAR:  # then no hue differs by more than WEAK either
            return e
        e = max(
            e,
            abs((pr - pg) - (q[0] - q[1])),
            abs((pg - pb) - (q[1] - q[2])),
            abs((pr - pb) - (q[0] - q[2])),
        )
        if e < d:
            d = e
            if d <= WEAK:  # only compared with WEAK and DIFF: near enough is enough
                break
    return d


def _row_diffs(s: list[tuple[float, float, float]], pool: _Pool, dv: int) -> list[float]:
    """How far each sample of a row is from the reference (``_sample_diff``)."""
    return [_sample_diff(*s[j], pool, 2 * j + SLIDE + dv) for j in range(COLS)]


def _runs(diffs: list[float]) -> list[tuple[int, int]]:
    """Runs of samples that differ a little, holding at least one that differs clearly."""
    runs: list[tuple[int, int]] = []
    j = 0
    while j < COLS:
        if diffs[j] > WEAK:
            start = j
            while j < COLS and diffs[j] > WEAK:
                j += 1
            if max(diffs[start:j]) > DIFF:
                runs.append((start, j))
        j += 1
    return runs


def _read_row(
    s: list[tuple[float, float, float]],
    strip: Strip,
    row: int,
    du: int,
    dv: int,
) -> tuple[str, int, int]:
    """What one row of a strip shows: "band" (a piece's, from sample ``start`` to before
    ``stop``), "other" (something differing: wider, stray, or the line seen twice) or
    "clear" (nothing, or a tiled board's seam where one may lie)."""
    ref, sharp = strip.ref, strip.sharp
    base = 2 * row + SLIDE + du
    up, mid, down = ref[base - 1], ref[base], ref[base + 1]
    sup, smid, sdown = sharp[base - 1], sharp[base], sharp[base + 1]
    # Each sample against the reference's there and half a mm round it, soft and sharp
    # (registration error and focus).
    pool = (
        *((mid, 0), (mid, -1), (mid, 1), (up, 0), (down, 0)),
        *((smid, 0), (smid, -1), (smid, 1), (sup, 0), (sdown, 0)),
    )
    runs = _runs(_row_diffs(s, pool, dv))
    if not runs:
        return "clear", 0, 0
    start, stop = max(runs, key=lambda r: r[1] - r[0])
    longest = stop - start
    count = sum(b - a for a, b in runs)
    inside = start > 0 and stop < COLS  # clear paper on both sides of it
    if BAND_MIN <= longest <= BAND_MAX and count - longest <= 2 and inside:
        if not _like_line(s[start:stop], mid, smid, SLIDE + dv):
            return "band", start, stop
        # Print: the line seen twice, or a tiled board's seam (its shadowed edge) where
        # one may lie.
        middle = (start + stop - 1) / 2
        seam = any(abs(middle - j) <= SEAM_OFF for j in strip.seams[row])
        return ("clear" if seam else "other"), start, stop
    return ("clear" if count <= 1 else "other"), start, stop


def judge(
    samples: list[list[tuple[int, int, int]]], strip: Strip
) -> tuple[float, float, float, tuple[float, float, float, int], tuple[float, float, float]]:
    """One strip's shares of rows that show a piece's band, that show something else differing
    (wider, or stray), and that show nothing, the light on it (the photo's gain over the
    reference per channel, and the slide across that matched best), and the band's own tone
    (its samples over the reference's there, per channel, in the strip's light; 1s without a
    band): (band, other, clear, (gains, slide), tone)."""
    rows = len(samples)
    ref = strip.ref
    gr, gg, gb = _gains(samples, ref)
    scaled = [[(p[0] / gr, p[1] / gg, p[2] / gb) for p in s] for s in samples]
    # The reference slid across, then along: the slide that matches best.
    dv = _best_slide(REACH, lambda v, bound: _slide_cost(scaled, ref, 0, v, bound))
    du = _best_slide(REACH_ALONG, lambda u, bound: _slide_cost(scaled, ref, u, dv, bound))
    seen = {"band": 0, "other": 0, "clear": 0}
    centres: list[tuple[int, float]] = []
    tones: tuple[list[float], list[float], list[float]] = ([], [], [])
    for row in range(rows):
        s = scaled[row]
        kind, start, stop = _read_row(s, strip, row, du, dv)
        seen[kind] += 1
        if kind == "band":
            centres.append((row, (start + stop - 1) / 2))
            mid = ref[2 * row + SLIDE + du]
            for j in range(start, stop):
                q = mid[2 * j + SLIDE + dv]
                for c in range(3):
                    tones[c].append(s[j][c] / max(q[c], 16))
    band, other, clear = seen["band"], seen["other"], seen["clear"]
    if not _straight(centres):
        other, band = other + band, 0
    tone = (_median(tones[0]), _median(tones[1]), _median(tones[2])) if tones[0] else (1, 1, 1)
    return band / rows, other / rows, clear / rows, (gr, gg, gb, dv), tone


def _like_line(
    band: list[tuple[float, float, float]],
    ref: list[tuple[int, int, int]],
    sharp: list[tuple[int, int, int]],
    first: int,
) -> bool:
    """Whether a band looks like printing rather than a piece: the board's own line (seen
    twice where a tiled board's sheets overlap a little off), or the sheets' grey guide lines.
    That is, every sample of it a blend of the line's ink (as sharp as the board prints it) and
    the paper round it, in each channel and in hue (the ink is grey; a piece is brown, wood or
    coloured), and no wider run as dark as the ink than the line makes; or a mid grey."""
    cols = 2 * ACROSS + 1
    ink = min((sharp[first + 2 * j] for j in range(cols)), key=lambda q: q[0] + q[1] + q[2])
    paper = max((ref[first + 2 * j] for j in range(cols)), key=lambda q: q[0] + q[1] + q[2])
    span = [paper[c] - ink[c] for c in range(3)]
    norm = sum(v * v for v in span)
    blend = norm > 0
    inky = 0
    for p in band:
        t = sum((p[c] - ink[c]) * span[c] for c in range(3)) / norm if norm else 0.0
        t = min(max(t, 0.0), 1.0)
        if max(abs(p[c] - ink[c] - t * span[c]) for c in range(3)) >= LINE_LIKE:
            blend = False
        if abs(p[0] - p[2] - (ink[0] - ink[2] + t * (span[0] - span[2]))) >= LINE_HUE:
            blend = False
        inky = inky + 1 if t < INKY else 0
        if inky >= INK_RUN:
            return False
    if blend:
        return True
    n = len(band)
    mean = [sum(p[c] for p in band) / n for c in range(3)]
    return max(mean) - min(mean) < GREY_CHROMA and sum(mean) / 3 > GREY_LEVEL


def _straight(centres: list[tuple[int, float]]) -> bool:
    """Whether the band's middles (row, column) lie along a line nearly parallel to the space,
    as a piece's do (a finger's edge or a card's corner crossing the strip slants or bends)."""
    n = len(centres)
    if n < 3:
        return True
    mx = sum(c[0] for c in centres) / n
    my = sum(c[1] for c in centres) / n
    sxx = sum((c[0] - mx) ** 2 for c in centres)
    sxy = sum((c[0] - mx) * (c[1] - my) for c in centres)
    slope = sxy / sxx if sxx else 0.0
    rms = math.sqrt(sum((c[1] - my - slope * (c[0] - mx)) ** 2 for c in centres) / n)
    return abs(slope) <= MAX_SLANT and rms <= MAX_WOBBLE


def _line_hidden(photo: Picture, h: hg.H, strip: Strip, dv: int, gain: float) -> float:
    """The share of the strip's rows where the space's own printed line does not show in the
    photo: something lies on it (a piece right on the line, pale or not, or a card), though the
    strip may differ little from the board. Read from the green plane every quarter mm across
    the line, where the slide across puts it."""
    p00, p01, p10, p11 = (hg.apply(h, x, y) for x, y in strip.corners)
    w, g = photo.width, photo.g
    ref = strip.ref
    centre = 2 * ACROSS + SLIDE
    hidden = seen = 0
    for i in range(0, strip.rows, 2):
        line = ref[2 * i + SLIDE]
        paper = max(q[1] for q in line[centre - 8 : centre + 9])
        ink = min(q[1] for q in line[centre - 3 : centre + 4])
        if paper - ink < LINE_CONTRAST:
            continue
        k = i / (strip.rows - 1)
        x0 = p00[0] + (p10[0] - p00[0]) * k
        y0 = p00[1] + (p10[1] - p00[1]) * k
        x1 = p01[0] + (p11[0] - p01[0]) * k
        y1 = p01[1] + (p11[1] - p01[1]) * k
        darkest = 255
        for q in range(-6, 7):  # quarter mm steps, +-1.5 mm round the line
            f = (ACROSS - dv / 2 + q / 4) / (2 * ACROSS)
            v = g[int(y0 + (y1 - y0) * f + 0.5) * w + int(x0 + (x1 - x0) * f + 0.5)]
            if v < darkest:
                darkest = v
        seen += 1
        if paper * gain - darkest < HIDDEN_SHARE * (paper - ink) * gain:
            hidden += 1
    return hidden / seen if seen else 0.0


def _odd_light(board: Board, light: dict[Edge, tuple[float, float, float]]) -> list[Edge]:
    """The strips whose light (gain per channel) is off the median of their neighbours' by more
    than :data:`LIGHT_SPREAD` in some channel, relative to the others (a colour), or in all; or
    whose colour is off the whole board's by more than :data:`COLOUR_SPREAD` (a hand over a
    stretch of the board has no neighbours of another light)."""
    if not light:
        return []
    board_light = _board_light(light)
    out = []
    for edge, gains in light.items():
        others = [light[e] for e in board.neighbours[edge] if e in light]
        if len(others) >= 3:
            level, colour = _off(gains, [_median([g[c] for g in others]) for c in range(3)])
            if max(level, colour) > LIGHT_SPREAD:
                out.append(edge)
                continue
        if _off(gains, board_light)[1] > COLOUR_SPREAD:
            out.append(edge)
    return out


def _board_light(light: dict[Edge, tuple[float, float, float]]) -> list[float]:
    """The whole board's light: the median gain per channel over every strip."""
    return [_median([g[c] for g in light.values()]) for c in range(3)]


def _off(gains: tuple[float, float, float], expected: list[float]) -> tuple[float, float]:
    """How far off (logs of ratios) a light is from the one expected, in level and in colour."""
    ratio = [max(gains[c], 1e-6) / max(expected[c], 1e-6) for c in range(3)]
    level = sum(ratio) / 3
    return abs(math.log(level)), max(abs(math.log(r / level)) for r in ratio)


def _board_between(
    light: dict[Edge, tuple[float, float, float]], tones: dict[Edge, tuple[float, float, float]]
) -> list[Edge]:
    """The taken spaces whose band is the board itself, seen through a gap in something that
    covers the rest of the strip (between two fingers): the band's colour is the board's light
    (the whole board's, over its own picture) where the strip's is not."""
    if not light:
        return []
    board_light = _board_light(light)
    out = []
    for edge, tone in tones.items():
        _level, strip_colour = _off(light[edge], board_light)
        level, colour = _off(tone, board_light)
        if strip_colour - colour > GAP_COLOUR and level < GAP_LEVEL:
            out.append(edge)
    return out


def read(photo: Picture, board: Board, anchors: dict[str, Point] | None = None) -> Reading:
    """Every track space taken or uncertain in the photo (PhotoError for a photo to retake)."""
    h, count, _score = locate(photo, board, anchors)
    if count >= 4 and _sharpness(photo, h, board, count) < SHARP_MIN:
        raise PhotoError.of("photo.blurred", "photo").known_as("blurred")
    track: list[Edge] = []
    uncertain: list[Edge] = []
    scores: dict[Edge, tuple[float, float, float]] = {}
    light: dict[Edge, tuple[float, float, float]] = {}
    tones: dict[Edge, tuple[float, float, float]] = {}  # a taken space's band, over the board
    outside = 0
    for strip in board.strips:
        samples = _sample(photo, h, strip)
        if samples is None:
            outside += 1
            uncertain.append(strip.edge)
            continue
        band, other, clear, (gr, gg, gb, dv), tone = judge(samples, strip)
        scores[strip.edge] = (band, other, clear)
        light[strip.edge] = (gr, gg, gb)
        if band >= TAKEN_ROWS and other <= TAKEN_OTHER:
            track.append(strip.edge)
            tones[strip.edge] = (gr * tone[0], gg * tone[1], gb * tone[2])
        elif band >= TAKEN_ROWS or (
            other > OTHER_ROWS
            or band > BAND_ROWS
            or band + other > SOME_ROWS
            or _line_hidden(photo, h, strip, dv, gg) > HIDDEN_ROWS
        ):
            uncertain.append(strip.edge)
    # The light changes slowly across the board; a strip whose light differs from its
    # neighbours' is seen through something else (a card, a hand, its shadow) that covers it
    # all, which the strip alone cannot tell from the board; and a band in the board's own
    # light, in a strip that is not, is the board between two fingers.
    for edge in _odd_light(board, light) + _board_between(light, tones):
        if edge in track:
            track.remove(edge)
        if edge not in uncertain:
            uncertain.append(edge)
    uncertain.sort()
    if outside > CUT_OFF_SHARE * len(board.strips):
        raise PhotoError.of("photo.cut-off", "photo").known_as("cut_off")
    return Reading(sorted(track), sorted(uncertain), h, count, bool(anchors), scores)
