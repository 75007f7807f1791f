"""Drawing operations: one list of shapes in millimetres, rendered by the PDF and SVG backends.

Coordinates are millimetres with the origin at the top-left corner and y growing downwards
(the SVG convention). Text sizes are in typographic points, because that is how people think
about type; everything else is in millimetres. The operations are plain frozen dataclasses, so
a component can be built, inspected and tested without any backend.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trackwright.kits.draw import fonts
from trackwright.kits.draw.fonts import PT_TO_MM

Point = tuple[float, float]


@dataclass(frozen=True)
class Style:
    """How a shape is stroked and filled. Colours are ``#rrggbb`` strings or None.

    There is deliberately no transparency: PDF forms (how boards are reused across sheets)
    do not carry transparency states in reportlab, and printed kits do not need it.
    """

    stroke: str | None = "#000000"
    width: float = 0.25
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    cap: str = "round"  # butt | round | square
    join: str = "round"  # miter | round | bevel


@dataclass(frozen=True)
class Path:
    """One or more polylines; closed subpaths are filled with the even-odd rule (holes work)."""

    subpaths: tuple[tuple[Point, ...], ...]
    style: Style = Style()
    closed: bool = False


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text. ``anchor``: start, middle or end; ``angle``: degrees, clockwise."""

    x: float
    y: float
    text: str
    size: float = 9.0  # points
    bold: bool = False
    anchor: str = "start"
    fill: str = "#000000"
    angle: float = 0.0


@dataclass(frozen=True)
class Group:
    """Children drawn translated by (dx, dy), rotated (degrees, clockwise) and scaled, optionally
    clipped to a rectangle given in the group's own coordinates."""

    ops: tuple[Op, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h
    #: Mirror the children left-right (x -> -x) and/or top-bottom, before rotating and moving:
    #: how a poster's bleed repeats the board's edge beyond the cut line.
    mirror_x: bool = False
    mirror_y: bool = False


@dataclass(frozen=True)
class ScaleBar(Group):
    """The 100 % scale check bar (a group, drawn as one): a page that must be printed at true
    size carries one, and tests and the page finisher find it by its type."""


@dataclass(frozen=True)
class Place:
    """A whole drawing placed at (x, y), showing only its window (wx, wy, ww, wh) when given.

    The PDF backend draws a placed drawing once as a form and reuses it on every page
    (a board tiled over twelve sheets is stored once); the SVG backend inlines it.
    """

    drawing: Drawing
    x: float = 0.0
    y: float = 0.0
    window: tuple[float, float, float, float] | None = None


Op = Path | Circle | Text | Group | Place

Rect = tuple[float, float, float, float]  # x, y, w, h in millimetres, y down


@dataclass(frozen=True)
class Drawing:
    """A named picture of a given size. ``name`` must be unique within one document.

    A page for a print shop names its ``trim`` (where it is cut) and ``bleed`` (how far its art
    goes past the cut) rectangles, in the page's millimetres; the PDF carries them as TrimBox
    and BleedBox."""

    name: str
    width: float
    height: float
    ops: tuple[Op, ...] = field(default_factory=tuple)
    trim: Rect | None = None
    bleed: Rect | None = None


@dataclass(frozen=True)
class Document:
    """A printable document: pages (each a drawing of the paper's size) and a title."""

    title: str
    pages: tuple[Drawing, ...]
    subject: str = ""
    #: For the kit's checklist: how many pieces the document holds (None: one per top-level
    #: group on its front pages), and what else to do with it, in the kit's language.
    pieces: int | None = None
    checklist: str = ""


# ---------------------------------------------------------------- small constructors


def line(a: Point, b: Point, style: Style = Style()) -> Path:
    return Path(((a, b),), style)


def rect(x: float, y: float, w: float, h: float, style: Style = Style()) -> Path:
    return Path((((x, y), (x + w, y), (x + w, y + h), (x, y + h)),), style, closed=True)


def polygon(points: Sequence[Point], style: Style = Style()) -> Path:
    return Path((tuple(points),), style, closed=True)


def offset_segment(a: Point, b: Point, d: float) -> tuple[Point, Point]:
    """The segment a-b moved sideways by d millimetres (left of the direction a->b)."""
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    nx, ny = -(y2 - y1) / length * d, (x2 - x1) / length * d
    return (x1 + nx, y1 + ny), (x2 + nx, y2 + ny)


# ---------------------------------------------------------------- where an operation can mark

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _box(xs: Sequence[float], ys: Sequence[float], pad: float) -> Box:
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def overlaps(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def subpath_extent(points: Sequence[Point], style: Style) -> Box | None:
    """The box a subpath can mark, its stroke included (a mitred corner reaches further than
    half the width, so the whole width is allowed)."""
    if not points:
        return None
    pad = style.width if style.stroke else 0.0
    return _box([p[0] for p in points], [p[1] for p in points], pad)


def extent(op: Op) -> Box | None:
    """A box that holds everything ``op`` can mark, in its drawing's millimetres (text by the
    bundled face's advances, with room for overhangs, accents and descenders); None when
    nothing is drawn."""
    if isinstance(op, Path):
        boxes = [b for b in (subpath_extent(s, op.style) for s in op.subpaths) if b is not None]
        return _union(boxes)
    if isinstance(op, Circle):
        pad = op.r + (op.style.width if op.style.stroke else 0.0)
        return op.cx - pad, op.cy - pad, op.cx + pad, op.cy + pad
    if isinstance(op, Text):
        if not op.text:
            return None
        em = op.size * PT_TO_MM
        # The line's advance, a fifth of an em more for glyphs that overhang it; from above the
        # accents on capitals to below the descenders.
        w = fonts.text_width(op.text, op.size, op.bold) + 0.2 * em
        x0 = {"start": 0.0, "middle": -w / 2, "end": -w}.get(op.anchor, -w) - 0.1 * em
        corners = [(x, y) for x in (x0, x0 + w) for y in (-1.3 * em, 0.4 * em)]
        if op.angle:
            a = math.radians(op.angle)
            cos, sin = math.cos(a), math.sin(a)
            corners = [(x * cos - y * sin, x * sin + y * cos) for x, y in corners]
        return _box([op.x + x for x, _ in corners], [op.y + y for _, y in corners], 0.0)
    if isinstance(op, Group):
        inner = _union([b for b in (extent(o) for o in op.ops) if b is not None])
        if inner is None:
            return None
        if op.clip is not None:
            cx, cy, cw, ch = op.clip
            inner = (
                max(inner[0], cx),
                max(inner[1], cy),
                min(inner[2], cx + cw),
                min(inner[3], cy + ch),
            )
        return moved_box(inner, op)
    if isinstance(op, Place):
        d = op.drawing
        w, h = (op.window[2], op.window[3]) if op.window else (d.width, d.height)
        return op.x, op.y, op.x + w, op.y + h
    return None  # pragma: no cover - the Op union is closed


def moved_box(box: Box, group: Group) -> Box:
    """A box of a group's children where the group puts it: the box round its corners mirrored,
    rotated, scaled and moved as the group draws them."""
    corners = [
        (-x if group.mirror_x else x, -y if group.mirror_y else y)
        for x in (box[0], box[2])
        for y in (box[1], box[3])
    ]
    angle = math.radians(group.rotate)
    cos, sin = math.cos(angle), math.sin(angle)
    moved = [
        (group.dx + group.scale * (x * cos - y * sin), group.dy + group.scale * (x * sin + y * cos))
        for x, y in corners
    ]
    return _box([p[0] for p in moved], [p[1] for p in moved], 0.0)


def _union(boxes: Sequence[Box]) -> Box | None:
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _runs(
    op: Path, subs: Sequence[tuple[Point, ...]], window: Box
) -> tuple[tuple[Point, ...], ...]:
    """The parts of a long open, solid line that can mark the window: runs of its segments
    (a segment that cannot is outside the window by more than the stroke's width, so its end
    caps and joins cannot show either). Dashed lines stay whole: cutting would move the dashes."""
    if op.closed or op.style.dash or not op.style.stroke:
        return tuple(subs)
    pad = op.style.width
    out: list[tuple[Point, ...]] = []
    for sub in subs:
        if len(sub) <= 8:
            out.append(sub)
            continue
        run: list[Point] = []
        for a, b in itertools.pairwise(sub):
            box = (
                min(a[0], b[0]) - pad,
                min(a[1], b[1]) - pad,
                max(a[0], b[0]) + pad,
                max(a[1], b[1]) + pad,
            )
            if overlaps(box, window):
                if not run:
                    run.append(a)
                run.append(b)
            elif run:
                out.append(tuple(run))
                run = []
        if run:
            out.append(tuple(run))
    return tuple(out)


def _clip_ring(ring: Sequence[Point], box: Box) -> tuple[Point, ...]:
    """A closed ring cut to a box (Sutherland-Hodgman): inside the box it encloses every point
    as often as the ring did (the parts outside are replaced by runs along the box's edges), so
    even-odd and non-zero fills are unchanged there. Empty when nothing is left."""
    pts = list(ring)
    # Each edge of the box in turn: the axis it crosses, where, and which side is kept (+1:
    # at or above the limit, -1: at or below it).
    for axis, limit, side in ((0, box[0], 1), (0, box[2], -1), (1, box[1], 1), (1, box[3], -1)):
        out: list[Point] = []
        prev = pts[-1] if pts else (0.0, 0.0)
        for cur in pts:
            kept, was = (cur[axis] - limit) * side >= 0, (prev[axis] - limit) * side >= 0
            if kept != was:
                t = (limit - prev[axis]) / (cur[axis] - prev[axis])
                at = prev[1 - axis] + t * (cur[1 - axis] - prev[1 - axis])
                out.append((limit, at) if axis == 0 else (at, limit))
            if kept:
                out.append(cur)
            prev = cur
        pts = out
    return tuple(pts) if len(pts) >= 3 else ()


def _clipped(
    op: Path, subs: Sequence[tuple[Point, ...]], window: Box
) -> tuple[tuple[Point, ...], ...]:
    """The closed subpaths cut to the window grown by a margin that keeps their new edges (and
    any join or cap on them) out of sight: a land or sea polygon reaching far past a sheet's
    window keeps only what the sheet shows. Dashed outlines stay whole: cutting would move the
    dashes."""
    if not op.closed or op.style.dash:
        return tuple(subs)
    pad = 1.0 + (2 * op.style.width if op.style.stroke else 0.0)
    box = (window[0] - pad, window[1] - pad, window[2] + pad, window[3] + pad)
    out = []
    for sub in subs:
        x0, y0, x1, y1 = _box([p[0] for p in sub], [p[1] for p in sub], 0.0)
        if x0 >= box[0] and x1 <= box[2] and y0 >= box[1] and y1 <= box[3]:
            out.append(sub)
        elif cut := _clip_ring(sub, box):
            out.append(cut)
    return tuple(out)


def _kept(op: Path, subs: Sequence[tuple[Point, ...]], window: Box) -> Path | None:
    """The path with only ``subs`` (of long lines only their runs that show, of closed shapes
    only what the window shows), or itself."""
    parts = _clipped(op, _runs(op, subs, window), window)
    if not parts:
        return None
    if parts == op.subpaths:
        return op
    return Path(parts, op.style, op.closed)


def within(ops: Sequence[Op], window: Box) -> list[Op]:
    """The operations that can mark the window, a path keeping only its subpaths that can: what
    a sheet showing one window of a big drawing needs (closed subpaths outside the window cannot
    change the even-odd fill inside it)."""
    kept: list[Op] = []
    for op in ops:
        if isinstance(op, Path):
            if not op.subpaths:
                kept.append(op)
                continue
            subs = tuple(
                s
                for s in op.subpaths
                if (b := subpath_extent(s, op.style)) is not None and overlaps(b, window)
            )
            if subs and (path := _kept(op, subs, window)) is not None:
                kept.append(path)
            continue
        box = extent(op)
        if box is not None and overlaps(box, window):
            kept.append(op)
    return kept


class WindowIndex:
    """A big drawing's operations binned on a grid by the box each can mark, so that what a
    window needs (:func:`within`, same answer) costs what the window holds, not the whole
    drawing: a board tiled over n sheets costs n windows, not n times the board."""

    def __init__(self, ops: Sequence[Op], cell: float = 100.0) -> None:
        self.ops = tuple(ops)
        self.cell = cell
        self.always: list[tuple[int, int]] = []  # an empty path: `within` keeps it
        self.boxes: dict[tuple[int, int], Box] = {}
        self.bins: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for i, op in enumerate(self.ops):
            if isinstance(op, Path):
                if not op.subpaths:
                    self.always.append((i, -1))
                for j, sub in enumerate(op.subpaths):
                    box = subpath_extent(sub, op.style)
                    if box is not None:
                        self._add((i, j), box)
            else:
                box = extent(op)
                if box is not None:
                    self._add((i, -1), box)

    def _cells(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for cx in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for cy in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield cx, cy

    def _add(self, key: tuple[int, int], box: Box) -> None:
        self.boxes[key] = box
        for cell in self._cells(box):
            self.bins.setdefault(cell, []).append(key)

    def within(self, window: Box) -> list[Op]:
        """The operations that can mark the window, in drawing order, as :func:`within`."""
        found = set(self.always)
        for cell in self._cells(window):
            for key in self.bins.get(cell, ()):
                if key not in found and overlaps(self.boxes[key], window):
                    found.add(key)
        kept: list[Op] = []
        keys = sorted(found)
        k = 0
        while k < len(keys):
            i = keys[k][0]
            subs = []
            while k < len(keys) and keys[k][0] == i:
                subs.append(keys[k][1])
                k += 1
            op = self.ops[i]
            if not isinstance(op, Path) or subs == [-1]:
                kept.append(op)
            elif (path := _kept(op, [op.subpaths[j] for j in subs], window)) is not None:
                kept.append(path)
        return kept


#: The indexes of the drawings placed most recently (a board's sheets are rendered one after
#: another), each kept with its operations so that the identity check stays valid.
_INDEXES: list[WindowIndex] = []


def window_index(ops: tuple[Op, ...]) -> WindowIndex:
    """The :class:`WindowIndex` of a drawing's operations, built once and reused."""
    for index in _INDEXES:
        if index.ops is ops:
            return index
    index = WindowIndex(ops)
    _INDEXES.insert(0, index)
    del _INDEXES[4:]
    return index
