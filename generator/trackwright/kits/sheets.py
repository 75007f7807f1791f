"""Printable sheets shared by every game: a big drawing tiled over sheets with assembly aids,
posters for a print shop (bleed, crop marks, trim and bleed boxes), cards imposed on sheets with
crop marks on the fronts and bled backs placed for the printer's duplex flip and measured offset,
the duplex test, and the 100 % scale bar, put where a page has room for it.

The geometry comes from trackwright.kits.layout (pure functions); this module turns it into drawing
operations.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence

from trackwright.core.errors import TrackwrightError
from trackwright.core.tiling import (
    COLUMNS,
    TILE_MARGINS,
    TILE_OVERLAP,
    Seam,
    Tile,
    Tiling,
    blocked,
    choose_tiling,
    free_points,
)
from trackwright.kits.checklist import checklist_page
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ink import ink_saver
from trackwright.kits.draw.ops import (
    PT_TO_MM,
    Box,
    Circle,
    Document,
    Drawing,
    Group,
    Op,
    Path,
    Place,
    Point,
    ScaleBar,
    Style,
    Text,
    extent,
    line,
    moved_box,
    overlaps,
    rect,
    window_index,
)
from trackwright.kits.i18n import t
from trackwright.kits.layout import (
    BLEED,
    POSTER_BLEED,
    POSTER_NAMES,
    PRINTABLE,
    TEXT_MARGIN,
    CardGrid,
    back_placement,
    card_grid,
    impose,
    poster_page,
    sheet_flip,
)
from trackwright.version import VERSION

#: A poster's words (its note, its scale bar's caption) keep this far from the page's edge: a
#: plotter's or print shop's unprintable band is wider than a home printer's.
POSTER_TEXT = 8.0
MARK = Style(stroke="#000000", width=0.2, cap="butt")


Offset = tuple[float, float]

# ------------------------------------------------------------------ where things can go

_ASCENT, _DESCENT = 0.93, 0.24  # DejaVu Sans, in ems: accents above, descenders below


def text_box(op: Text) -> Box | None:
    """The box a line of text covers, from the font's own widths (ascent to descent)."""
    if not op.text:
        return None
    em = op.size * PT_TO_MM
    w = fonts.text_width(op.text, op.size, op.bold)
    x0 = op.x - {"start": 0.0, "middle": w / 2, "end": w}[op.anchor]
    box = (x0, op.y - _ASCENT * em, x0 + w, op.y + _DESCENT * em)
    if not op.angle:
        return box
    a = math.radians(op.angle)
    pts = [
        (
            op.x + (x - op.x) * math.cos(a) - (y - op.y) * math.sin(a),
            op.y + (x - op.x) * math.sin(a) + (y - op.y) * math.cos(a),
        )
        for x in (box[0], box[2])
        for y in (box[1], box[3])
    ]
    return (
        min(p[0] for p in pts),
        min(p[1] for p in pts),
        max(p[0] for p in pts),
        max(p[1] for p in pts),
    )


def tight_boxes(ops: Iterable[Op]) -> list[Box]:
    """The boxes the operations mark, text measured with the font (``ops.extent`` is generous
    with text): what a free place for a scale bar or a note must keep clear of."""
    out: list[Box] = []
    for op in ops:
        if isinstance(op, Text):
            box = text_box(op)
            if box is not None:
                out.append(box)
        elif isinstance(op, Group):
            inner = tight_boxes(op.ops)
            if op.clip is not None:
                cx, cy, cw, ch = op.clip
                inner = [
                    (max(b[0], cx), max(b[1], cy), min(b[2], cx + cw), min(b[3], cy + ch))
                    for b in inner
                    if b[0] <= cx + cw and b[2] >= cx and b[1] <= cy + ch and b[3] >= cy
                ]
            out.extend(moved_box(b, op) for b in inner)
        else:
            box = extent(op)
            if box is not None:
                out.append(box)
    return out


def free_spot(
    boxes: Sequence[Box],
    page_w: float,
    page_h: float,
    w: float,
    h: float,
    pad: float = 1.0,
    margin: float = TEXT_MARGIN,
    top_first: bool = False,
) -> tuple[float, float, bool] | None:
    """A place for a w x h block inside the printable area, ``pad`` clear of every box: the
    lowest one first (left to right), then the highest, then on its side along the left or the
    right edge. Returns its top-left corner and whether it is turned (a quarter turn
    anticlockwise, reading upwards), or None."""

    def clear(x: float, y: float, bw: float, bh: float, near: Sequence[Box]) -> bool:
        """The block at (x, y) inside the printable area and clear of ``near``: the boxes in
        its row (or column), the only ones it can meet."""
        if x < margin - 1e-9 or y < margin - 1e-9:
            return False
        if x + bw > page_w - margin + 1e-9 or y + bh > page_h - margin + 1e-9:
            return False
        me = (x - pad, y - pad, x + bw + pad, y + bh + pad)
        return not any(overlaps(me, b) for b in near)

    for turned in (False, True):
        bw, bh = (h, w) if turned else (w, h)
        gap = pad + 0.01  # just clear: boxes that touch overlap
        xs = sorted(
            {margin, page_w - margin - bw}
            | {b[2] + gap for b in boxes}
            | {b[0] - gap - bw for b in boxes}
        )
        ys = sorted(
            {margin, page_h - margin - bh}
            | {b[3] + gap for b in boxes}
            | {b[1] - gap - bh for b in boxes}
        )
        if not turned:
            # Bottom first, then top (or the other way round); left to right.
            for y in sorted(ys, key=lambda v: v if top_first else -v):
                row = [b for b in boxes if y - pad <= b[3] and b[1] <= y + bh + pad]
                for x in xs:
                    if clear(x, y, bw, bh, row):
                        return x, y, False
        else:
            for x in sorted(xs, key=lambda v: min(v - margin, page_w - margin - bw - v)):
                column = [b for b in boxes if x - pad <= b[2] and b[0] <= x + bw + pad]
                for y in ys:
                    if clear(x, y, bw, bh, column):
                        return x, y, True
    return None


# ------------------------------------------------------------------ the scale bar

BAR = 50.0


def _balanced(text: str, size: float, width: float) -> list[str]:
    """The text wrapped to ``width`` mm in as few rows as that takes, the rows as even as they
    can be (no short last row left alone under a long one)."""
    rows = fonts.wrap(text, size, width)
    narrow = width
    while narrow > 10 and len(rows) > 1:
        tighter = fonts.wrap(text, size, narrow - 1.0)
        if len(tighter) != len(rows):
            break
        rows, narrow = tighter, narrow - 1.0
    return rows


def ruler_ops(
    x: float,
    y: float,
    lang: str,
    length: float = BAR,
    size: float = 5.5,
    caption: str = "below",
    turned: bool = False,
    key: str = "scale_check",
) -> list[Op]:
    """A scale check bar: ``length`` mm with centimetre ticks, its left end at (x, y), and its
    caption below it (wrapped to its length) or on its right. ``turned``: reading upwards,
    the bar going up from (x, y)."""
    ticks = tuple(
        ((10.0 * k, -(2.2 if k % 5 == 0 else 1.4)), (10.0 * k, 0.0))
        for k in range(int(length // 10) + 1)
    )
    ops: list[Op] = [
        line((0, 0), (length, 0), Style(width=0.3, cap="butt")),
        Path(ticks, Style(width=0.25, cap="butt")),
    ]
    text = t(key, lang)
    em = size * PT_TO_MM
    if caption == "right":
        ops.append(Text(length + 2, em * 0.35, text, size=size, fill="#333333"))
    else:
        for k, row in enumerate(_balanced(text, size, length)):
            ops.append(Text(0, 0.6 + em * (_ASCENT + 1.2 * k), row, size=size, fill="#333333"))
    return [ScaleBar(tuple(ops), dx=x, dy=y, rotate=-90.0 if turned else 0.0)]


def _bar_block(lang: str, size: float, caption: str, key: str) -> tuple[float, float, float]:
    """The scale bar's block: width, height and where the bar lies below the block's top."""
    (bar,) = ruler_ops(0, 0, lang, size=size, caption=caption, key=key)
    boxes = tight_boxes([bar])
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return x1 - x0, y1 - y0, -y0


def _bars(ops: Iterable[Op]) -> list[ScaleBar]:
    return [op for op in ops if isinstance(op, ScaleBar)]


def with_scale_bar(
    page: Drawing, lang: str, size: float = 5.5, margin: float = TEXT_MARGIN
) -> Drawing:
    """The page with a 50 mm scale bar inside its printable area, clear of everything else: the
    page's own bar where it already is one there, else one where the page has room (at the
    bottom, else the top, else on its side along an edge). ValueError when there is none."""
    others = [op for op in page.ops if not isinstance(op, ScaleBar)]
    boxes = tight_boxes(others)
    for bar in _bars(page.ops):
        mine = tight_boxes([bar])
        inside = all(
            b[0] >= margin - 1e-6
            and b[1] >= margin - 1e-6
            and b[2] <= page.width - margin + 1e-6
            and b[3] <= page.height - margin + 1e-6
            for b in mine
        )
        if inside and not any(overlaps(a, b) for a in mine for b in boxes):
            return page
    if _bars(page.ops):
        # The kit placed its own bar where it lays its page out: kept (its own tests hold it
        # to the margins), rather than a second one squeezed in or none at all.
        bar_boxes = tight_boxes(_bars(page.ops))
        if all(
            b[1] >= PRINTABLE - 1e-6 and b[3] <= page.height - PRINTABLE + 1e-6 for b in bar_boxes
        ):
            return page
    for caption, key in (
        ("below", "scale_check"),
        ("below", "scale_short"),
        ("right", "scale_check"),
    ):
        w, h, bar_y = _bar_block(lang, size, caption, key)
        spot = free_spot(boxes, page.width, page.height, w, h, pad=0.8, margin=margin)
        if spot is not None:
            x, y, turned = spot
            if turned:  # reading upwards: the bar's left end at the block's bottom-left
                placed = ruler_ops(
                    x + bar_y, y + w, lang, size=size, caption=caption, turned=True, key=key
                )
            else:
                placed = ruler_ops(x, y + bar_y, lang, size=size, caption=caption, key=key)
            return Drawing(
                page.name, page.width, page.height, (*others, *placed), page.trim, page.bleed
            )
    raise ValueError(f"page {page.name!r} has no room for its 50 mm scale bar")


def true_size(
    document: Document, lang: str, size: float = 5.5, margin: float = TEXT_MARGIN
) -> Document:
    """The document with a scale bar on every page (a page that must be printed at 100 %)."""
    return dataclasses.replace(
        document, pages=tuple(with_scale_bar(page, lang, size, margin) for page in document.pages)
    )


def cross(x: float, y: float, r: float = 3.0) -> list[Op]:
    return [crosses([(x, y)], r)]


def crosses(points: Sequence[Point], r: float = 3.0) -> Path:
    """Registration crosses at the points, as one path (a sheet's dozen marks in one element)."""
    arms: list[tuple[Point, ...]] = []
    for x, y in points:
        arms += [((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))]
    return Path(tuple(arms), MARK)


# ------------------------------------------------------------------ a board tiled over sheets


#: The assembly map on a sheet shows the sheets within this many sheets' sizes of it (all of
#: them on a small board): enough to find its neighbours, and the same size whatever the board.
MINI_MAP = 5
#: The assembly map's most height for one sheet (mm).
MINI_CELL = 8.0


def sheet_name(tile: Tile, lang: str, start: bool = False) -> str:
    """The sheet's name as printed ("sheet 5", "feuille 5"), capitalised to start a line."""
    name = t("sheet_name", lang, label=tile.label)
    return name[:1].upper() + name[1:] if start else name


def _assembled(tiling: Tiling, seams: Sequence[Seam]) -> list[Box]:
    """What of each sheet shows once the board is glued: its window from the seam on each side
    where it meets another sheet (board mm, x0, y0, x1, y1)."""
    half = tiling.overlap / 2
    out: list[Box] = []
    for i, tile in enumerate(tiling.tiles):
        over = {s.axis for s in seams if s.over == i}
        under = {s.axis for s in seams if s.under == i}
        out.append(
            (
                tile.x + (half if 0 in over else 0.0),
                tile.y + (half if 1 in over else 0.0),
                tile.x + tile.w - (half if 0 in under else 0.0),
                tile.y + tile.h - (half if 1 in under else 0.0),
            )
        )
    return out


def _cells(
    shown: Sequence[tuple[Tile, Box]], across: str, at: Point, w: float, h: float
) -> list[tuple[Tile, Box]]:
    """Where each sheet's cell lies in the assembly map (x, y, width, height): each row of
    sheets (column, when the sheets lie in columns) as high (wide) as the others, the sheets
    along it to scale, so a narrow row still shows its sheets' numbers."""
    turn = across == COLUMNS
    if turn:  # lay columns out as rows, then turn the cells back
        shown = [(t, (b[1], b[0], b[3], b[2])) for t, b in shown]
        w, h = h, w
    strips = sorted({(t.col if turn else t.row) for t, _b in shown})
    lo = min(b[0] for _t, b in shown)
    span = max(b[2] for _t, b in shown) - lo
    cell = min(h / len(strips), MINI_CELL)
    deep = sum(b[3] - b[1] for _t, b in shown) / len(shown)
    scale = min(cell / deep, w / span)
    out: list[tuple[Tile, Box]] = []
    for tile, b in shown:
        k = strips.index(tile.col if turn else tile.row)
        box = ((b[0] - lo) * scale, k * cell, (b[2] - b[0]) * scale, cell)
        if turn:
            box = (box[1], box[0], box[3], box[2])
        out.append((tile, (at[0] + box[0], at[1] + box[1], box[2], box[3])))
    return out


def _mini_map(
    tiling: Tiling, glued: Sequence[Box], current: int, at: Point, h: float, w: float
) -> list[Op]:
    """A small drawing of the glued board round the current sheet (within ``MINI_MAP`` // 2
    sheets of it; all of it on a small board) in at most ``w`` x ``h`` mm (see
    :func:`_cells`), the current sheet filled, each sheet numbered as it is named."""
    here = tiling.tiles[current]
    x, y = at
    reach_x = max(t.w for t in tiling.tiles) * (MINI_MAP / 2)
    reach_y = max(t.h for t in tiling.tiles) * (MINI_MAP / 2)
    cx, cy = here.x + here.w / 2, here.y + here.h / 2
    shown = [
        (tile, box)
        for tile, box in zip(tiling.tiles, glued, strict=True)
        if abs(tile.x + tile.w / 2 - cx) < reach_x and abs(tile.y + tile.h / 2 - cy) < reach_y
    ]
    cells: dict[bool, list[tuple[Point, ...]]] = {False: [], True: []}  # the others, this one
    labels: list[Op] = []
    for tile, (px0, py0, pw, ph) in _cells(shown, tiling.across, (x, y), w, h):
        mine = tile is here
        cells[mine].append(((px0, py0), (px0 + pw, py0), (px0 + pw, py0 + ph), (px0, py0 + ph)))
        size = min(5.0, ph * 1.6, pw * 2.2 / len(tile.label))
        if size >= 3.0:  # smaller numbers could not be read: the sheet's own name says it
            fill = "#ffffff" if mine else "#555555"
            labels.append(
                Text(
                    px0 + pw / 2,
                    py0 + ph / 2 + size * PT_TO_MM * 0.35,
                    tile.label,
                    size=size,
                    anchor="middle",
                    fill=fill,
                )
            )
    ops: list[Op] = []
    for mine, fill in ((False, "#ffffff"), (True, "#555555")):
        if cells[mine]:
            style = Style(stroke="#555555", width=0.2, fill=fill)
            ops.append(Path(tuple(cells[mine]), style, closed=True))
    return ops + labels


#: A disc this large (a city) is a thing a seam must not cut through; an intersection's dot
#: (1.25 mm) may be crossed, as a track space is.
SEAM_DISC = 2.0
#: The registration crosses' arm, and how far their perpendicular arm keeps from a word.
CROSS_R = 3.0
CROSS_CLEAR = 0.5


def seam_keepouts(ops: Iterable[Op]) -> list[Box]:
    """What a seam or a registration cross must not cross, in the drawing's millimetres: every
    word (measured with the font) and every disc (a city, a town)."""
    out: list[Box] = []
    for op in ops:
        if isinstance(op, Text):
            box = text_box(op)
            if box is not None:
                out.append(box)
        elif isinstance(op, Circle) and op.r >= SEAM_DISC:
            box = extent(op)
            if box is not None:
                out.append(box)
        elif isinstance(op, Group):
            out.extend(moved_box(b, op) for b in seam_keepouts(op.ops))
    return out


def cross_spots(
    at: float, lo: float, hi: float, axis: int, keepouts: Sequence[Box], count: int = 3
) -> list[float]:
    """Where along a seam (at ``at`` on ``axis``: 0 for a vertical seam at x, 1 for a horizontal
    one at y) between lo and hi its ``count`` registration crosses go: as near the equal
    spacing as the words leave room for the arm across the seam. Board millimetres along the
    seam."""
    reach = CROSS_R + CROSS_CLEAR
    near = [b for b in keepouts if b[axis] - reach <= at <= b[axis + 2] + reach]
    free = free_points(lo + reach, hi - reach, blocked(near, 1 - axis, CROSS_CLEAR))
    spots: list[float] = []
    for k in range(1, count + 1):
        want = lo + (hi - lo) * k / (count + 1)
        left = [p for p in free if all(abs(p - q) >= 2 * reach for q in spots)]
        if left:
            spots.append(min(left, key=lambda p: abs(p - want)))
    return sorted(spots)


def _cross_count(seam: Seam) -> int:
    """How many registration crosses a seam gets: three along a whole sheet's side, fewer
    along a short stretch (rows of sheets meet the next row in pieces)."""
    length = seam.hi - seam.lo
    return 3 if length > 100 else 2 if length > 50 else 1


def _seam_ops(
    index: int, tiling: Tiling, seams: Sequence[Seam], keepouts: Sequence[Box], lang: str
) -> list[Op]:
    """A sheet's cut lines (the sides where it lies over another sheet: left, top), glue lines
    (along each stretch where another lies over it: right, bottom) and the registration
    crosses on them, at the same board places on both sheets of a seam."""
    tile = tiling.tiles[index]
    top, _right, _bottom, left = TILE_MARGINS
    half = tiling.overlap / 2
    x0, y0, x1, y1 = left, top, left + tile.w, top + tile.h
    dx, dy = left - tile.x, top - tile.y  # board mm -> sheet mm
    dash = Style(stroke="#000000", width=0.3, dash=(2.0, 1.5), cap="butt")
    solid = Style(stroke="#000000", width=0.25, cap="butt")
    mine = [s for s in seams if index in (s.under, s.over)]
    cut = {s.axis for s in mine if s.over == index}
    ops: list[Op] = []
    if 0 in cut:  # cut off the left overlap's outer half
        ops.append(line((x0 + half, y0 - 4), (x0 + half, y1 + 4), dash))
        ops.append(Text(x0 + half - 1, y0 - 2.5, "✂ " + t("cut", lang), size=5.5, anchor="end"))
    if 1 in cut:
        ops.append(line((x0 - 4, y0 + half), (x1 + 4, y0 + half), dash))
    marks: list[Point] = []
    for seam in mine:
        # Along the stretch that shows once glued (the ends are under the next sheets).
        lo, hi = seam.lo + half, seam.hi - half
        spots = cross_spots(seam.at, lo, hi, seam.axis, keepouts, _cross_count(seam))
        if seam.axis == 0:
            marks += [(seam.at + dx, y + dy) for y in spots]
        else:
            marks += [(x + dx, seam.at + dy) for x in spots]
        if seam.under == index:  # the neighbour's cut edge lands here
            a = (seam.at + dx, seam.lo + dy) if seam.axis == 0 else (seam.lo + dx, seam.at + dy)
            b = (seam.at + dx, seam.hi + dy) if seam.axis == 0 else (seam.hi + dx, seam.at + dy)
            ops.append(line(a, b, solid))
    glued = {s.axis for s in mine if s.under == index}
    if 0 in glued:
        ops.append(Text(x1 + 1.5, y0 + 12, t("glue", lang), size=5.5, angle=90))
    if 1 in glued:
        ops.append(Text(x0 + 12, y1 + 3, t("glue", lang), size=5.5))
    if marks:
        ops.append(crosses(marks, CROSS_R))
    return ops


#: The sheet's name in its corner (points, bold).
NAME_SIZE = 16.0


def _footer(tiling: Tiling, glued: Sequence[Box], index: int, lang: str, title: str) -> list[Op]:
    """A sheet's footer, from 20.5 to 6.5 mm above the paper's bottom edge: its name, the
    title, which sheet of how many, the assembly map, the scale bar and (on the first sheet)
    how to assemble."""
    tile = tiling.tiles[index]
    left = TILE_MARGINS[3]
    base = tiling.paper_h - TEXT_MARGIN - 0.5
    name = sheet_name(tile, lang, start=True)
    ops: list[Op] = [Text(left, base - 3.5, name, size=NAME_SIZE, bold=True)]
    at = left + fonts.text_width(name, NAME_SIZE, True) + 4
    ops.append(Text(at, base - 14, title, size=7, bold=True))
    count = f"{name} {t('of', lang)} {len(tiling.tiles)}"
    ops.append(Text(at, base - 11, count, size=6.5))
    rx = tiling.paper_w - TILE_MARGINS[1] - 110
    ops.extend(_mini_map(tiling, glued, index, (at, base - 9), 9.0, rx - 3 - at))
    ops.extend(ruler_ops(rx, base - 11.5, lang, caption="right"))
    # How to assemble, on the first sheet (and in the kit's checklist): the cut and glue
    # words on every edge say the rest, and each sheet's SVG stays small.
    rows = fonts.wrap(t("assembly", lang), 5.5, 108)[:3] if index == 0 else []
    for k, text in enumerate(rows):
        ops.append(Text(rx, base - 2.4 * (len(rows) - 1 - k), text, size=5.5, fill="#333333"))
    return ops


def tiled_pages(
    drawing: Drawing,
    paper: str,
    lang: str,
    title: str,
    overlap: float = TILE_OVERLAP,
    keepouts: Sequence[Box] | None = None,
) -> tuple[Tiling, list[Drawing]]:
    """The drawing tiled over sheets of ``paper``; every sheet shows a window of the one drawing.

    Neighbouring windows share ``overlap`` mm. Each sheet's left and top edges carry a dashed cut
    line through the middle of the overlap; its right and bottom edges carry the matching glue
    line. The seams and their crosses keep clear of ``keepouts`` (by default the drawing's words
    and discs, :func:`seam_keepouts`): no cut runs through a city or a name. Registration
    crosses sit on those lines at the same board positions on both sheets, so a cut edge shows
    half crosses that meet the neighbour's whole ones. The footer (label, sheet count, assembly
    map, scale bar, instructions) keeps clear of the paper's last 5 mm.
    """
    top, _right, _bottom, left = TILE_MARGINS
    keep = seam_keepouts(drawing.ops) if keepouts is None else list(keepouts)
    tiling = choose_tiling(drawing.width, drawing.height, paper, TILE_MARGINS, overlap, keep)
    seams = tiling.seams()
    glued = _assembled(tiling, seams)
    pages: list[Drawing] = []
    ph = tiling.paper_h
    for index, tile in enumerate(tiling.tiles):
        ops: list[Op] = [Place(drawing, left, top, (tile.x, tile.y, tile.w, tile.h))]
        ops.extend(_seam_ops(index, tiling, seams, keep, lang))
        ops.extend(_footer(tiling, glued, index, lang, title))
        pages.append(Drawing(f"sheet_{tile.label}", tiling.paper_w, ph, tuple(ops)))
    return tiling, pages


# ------------------------------------------------------------------ posters


def _wordless(op: Op) -> Op | None:
    """The operation without its text (None when it is text)."""
    if isinstance(op, Text):
        return None
    if isinstance(op, Group):
        inner = tuple(o for o in (_wordless(c) for c in op.ops) if o is not None)
        return dataclasses.replace(op, ops=inner) if inner != op.ops else op
    return op


def bleed_ops(drawing: Drawing, x: float, y: float, bleed: float) -> list[Op]:
    """The drawing placed at (x, y) with ``bleed`` mm of art past its edges all round: its
    outermost strips mirrored outwards, so whatever runs to an edge (a sea, a frame) runs on
    past the cut line with nothing new in it."""
    w, h = drawing.width, drawing.height
    ops: list[Op] = [Place(drawing, x, y)]
    for mx in (-1, 0, 1):
        for my in (-1, 0, 1):
            if mx == my == 0:
                continue
            wx = {-1: 0.0, 0: 0.0, 1: w - bleed}[mx]
            wy = {-1: 0.0, 0: 0.0, 1: h - bleed}[my]
            ww = w if mx == 0 else bleed
            wh = h if my == 0 else bleed
            # Colours and lines run on into the bleed; words do not (a town's name mirrored in
            # the trim would be cut in half, and text-reading checks would find it at the edge).
            art = tuple(
                op
                for op in (
                    _wordless(o)
                    for o in window_index(drawing.ops).within((wx, wy, wx + ww, wy + wh))
                )
                if op is not None
            )
            part = Drawing(f"{drawing.name}_bleed_{mx + 1}{my + 1}", w, h, art)
            strip = Place(part, wx, wy, (wx, wy, ww, wh))
            # Mirrored about the edge it touches: x -> 2 * edge - x.
            dx = x + (2 * w if mx == 1 else 0.0)
            dy = y + (2 * h if my == 1 else 0.0)
            ops.append(Group((strip,), dx=dx, dy=dy, mirror_x=mx != 0, mirror_y=my != 0))
    return ops


def trim_marks(trim: tuple[float, float, float, float], offset: float, length: float) -> list[Op]:
    """Crop marks at a rectangle's four corners: each cut line continued outwards, ``offset``
    mm clear of the corner (outside the bleed), ``length`` mm long."""
    x, y, w, h = trim
    ops: list[Op] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            ops.append(line((cx + sx * offset, cy), (cx + sx * (offset + length), cy), MARK))
            ops.append(line((cx, cy + sy * offset), (cx, cy + sy * (offset + length)), MARK))
    return ops


def poster_page_drawing(drawing: Drawing, lang: str, title: str, size: str = "fit") -> Drawing:
    """The drawing as a poster at true size: the board (the trim) with 3 mm of bleed, crop
    marks at its corners, a note of its trim size and the standard size it prints on, and the
    scale bar, on a page just big enough (``fit``) or on a named standard size. The page's
    TrimBox and BleedBox say where to cut."""
    try:
        layout = poster_page(drawing.width, drawing.height, size)
    except ValueError as exc:
        raise TrackwrightError(str(exc), "--poster-size") from None
    tx, ty = layout.trim_x, layout.trim_y
    ops = bleed_ops(drawing, tx, ty, POSTER_BLEED)
    slug = min(tx, ty)
    ops.extend(trim_marks(layout.trim, POSTER_BLEED + 1.5, min(6.0, slug - POSTER_BLEED - 2.5)))
    where = POSTER_NAMES[layout.fits] if layout.fits else "-"
    note = t(
        "poster_note",
        lang,
        w=drawing.width,
        h=drawing.height,
        fits=where,
    )
    # The note and (by the kit's finish) the scale bar go where the slug has room.
    ops.extend(
        note_op(ops, layout.page_w, layout.page_h, f"{title} · {note}", size=7, margin=POSTER_TEXT)
    )
    return Drawing("poster", layout.page_w, layout.page_h, tuple(ops), layout.trim, layout.bleed)


def poster_and_sheets(
    drawing: Drawing,
    paper: str,
    lang: str,
    title: str,
    stem: str = "board",
    poster_size: str = "fit",
) -> dict[str, Document]:
    """A big drawing as two documents: one true-size poster page (bleed, crop marks, trim and
    bleed boxes), and tiled over sheets."""
    poster = poster_page_drawing(drawing, lang, title, poster_size)
    _tiling, sheets = tiled_pages(drawing, paper, lang, title)
    fits = poster_page(drawing.width, drawing.height).fits
    subject = f"trim {drawing.width:.1f} x {drawing.height:.1f} mm" + (
        f"; prints on {POSTER_NAMES[fits]}" if fits else ""
    )
    return {
        f"{stem}-poster": Document(f"{title}: {stem} (poster)", (poster,), subject),
        f"{stem}-{paper}": Document(f"{title}: {stem} on {paper} sheets", tuple(sheets)),
    }


# ------------------------------------------------------------------ cards and their backs


def front_marks(grid: CardGrid, length: float = 4.0, gap: float = 1.0) -> list[Op]:
    """Crop marks for the fronts: every cut line continued into the margins (up to the
    printable area's edge) and through the gutters between the cards, never onto a card."""
    ops: list[Op] = []
    xs, ys = grid.cut_xs(), grid.cut_ys()
    top, bottom = ys[0], ys[-1]
    left, right = xs[0], xs[-1]
    pw, ph = grid.paper_w, grid.paper_h

    def tick(a: tuple[float, float], b: tuple[float, float]) -> None:
        if math.dist(a, b) >= 1.0:
            ops.append(line(a, b, MARK))

    for x in xs:
        tick((x, top - gap), (x, max(PRINTABLE, top - gap - length)))
        tick((x, bottom + gap), (x, min(ph - PRINTABLE, bottom + gap + length)))
        if grid.gutter > 0:  # across each gutter
            for y0, y1 in zip(ys[1:-1:2], ys[2:-1:2], strict=True):
                tick((x, y0 + 0.5), (x, y1 - 0.5))
    for y in ys:
        tick((left - gap, y), (max(PRINTABLE, left - gap - length), y))
        tick((right + gap, y), (min(pw - PRINTABLE, right + gap + length), y))
        if grid.gutter > 0:
            for x0, x1 in zip(xs[1:-1:2], xs[2:-1:2], strict=True):
                tick((x0 + 0.5, y), (x1 - 0.5, y))
    return ops


def grow_background(ops: Sequence[Op], w: float, h: float, bleed: float) -> list[Op]:
    """A back's art with its bleed: a filled rectangle that covers the whole w x h piece (its
    background) grows by ``bleed`` all round, so the colour runs past the cut lines."""
    whole = ((0, 0), (w, 0), (w, h), (0, h))
    out: list[Op] = []
    for op in ops:
        if (
            isinstance(op, Path)
            and op.closed
            and op.style.fill is not None
            and len(op.subpaths) == 1
            and tuple((round(x, 6), round(y, 6)) for x, y in op.subpaths[0]) == whole
        ):
            op = rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, op.style)
        out.append(op)
    return out


def back_page(
    name: str, paper_w: float, paper_h: float, ops: Sequence[Op], offset: Offset
) -> Drawing:
    """A back page: its art moved by the printer's measured offset (``--back-offset``)."""
    dx, dy = offset
    body: tuple[Op, ...] = tuple(ops)
    if dx or dy:
        body = (Group(body, dx=dx, dy=dy),)
    return Drawing(name, paper_w, paper_h, body)


def note_op(
    page_ops: Sequence[Op],
    paper_w: float,
    paper_h: float,
    text: str,
    size: float = 6.5,
    margin: float = TEXT_MARGIN,
) -> list[Op]:
    """A one-line note put where the page has room (inside the printable area, clear of
    everything); nothing when there is none."""
    w = fonts.text_width(text, size)
    em = size * PT_TO_MM
    h = (_ASCENT + _DESCENT) * em
    spot = free_spot(
        tight_boxes(page_ops), paper_w, paper_h, w, h, pad=0.8, margin=margin, top_first=True
    )
    if spot is None:
        return []
    x, y, turned = spot
    if turned:
        return [Text(x + _ASCENT * em, y + w, text, size=size, fill="#444444", angle=-90.0)]
    return [Text(x, y + _ASCENT * em, text, size=size, fill="#444444")]


CardPainter = Callable[[int], list[Op]]


def card_pages(
    count: int,
    front: CardPainter,
    back: CardPainter | None,
    paper_w: float,
    paper_h: float,
    card_w: float,
    card_h: float,
    lang: str,
    name: str,
    duplex: str = "long",
    back_offset: Offset = (0.0, 0.0),
    bleed: float = BLEED,
) -> list[Drawing]:
    """Sheets of cards; each front sheet is followed by its back sheet, placed for the duplex
    flip (``layout.back_placement``) and moved by the printer's measured offset.

    ``front(i)`` and ``back(i)`` draw card i in a card_w x card_h box at the origin. Cards with
    backs are set a gutter apart; each back's background (a filled rectangle over the whole
    card) runs ``bleed`` mm past its cut lines. Crop marks are on the fronts only.
    """
    gutter = 2 * bleed if back is not None else 0.0
    grid = card_grid(paper_w, paper_h, card_w, card_h, gutter=gutter, may_turn=True)
    pages: list[Drawing] = []
    for sheet_no, sheet in enumerate(impose(count, grid.per_sheet)):
        ops: list[Op] = []
        backs: list[Op] = []
        for slot, card in enumerate(sheet):
            if card is None:
                continue
            x, y, angle = grid.placement(slot)
            ops.append(
                Group(tuple(front(card)), dx=x, dy=y, rotate=angle, clip=(0.0, 0.0, card_w, card_h))
            )
            if back is not None:
                bx, by, bangle = back_placement(x, y, angle, duplex, paper_w, paper_h, card_w / 2)
                art = grow_background(back(card), card_w, card_h, bleed)
                clip = (-bleed, -bleed, card_w + 2 * bleed, card_h + 2 * bleed)
                backs.append(Group(tuple(art), dx=bx, dy=by, rotate=bangle, clip=clip))
        ops.extend(front_marks(grid))
        if back is not None:
            ops.extend(note_op(ops, paper_w, paper_h, t(f"duplex_{duplex}", lang)))
        pages.append(Drawing(f"{name}_{sheet_no + 1}_front", paper_w, paper_h, tuple(ops)))
        if back is not None:
            pages.append(
                back_page(f"{name}_{sheet_no + 1}_back", paper_w, paper_h, backs, back_offset)
            )
    return pages


RULES_X, RULES_BODY = 16.0, 8.6
RULES_LEAD = RULES_BODY * 0.3528 * 1.35


def rules_text_ops(title: str, text: str, width: float) -> tuple[list[Op], float]:
    """A rules summary: the title, then "Heading|text" paragraphs wrapped to ``width`` mm.
    Returns the operations and the y where the text ends."""
    x, body, lead = RULES_X, RULES_BODY, RULES_LEAD
    ops: list[Op] = [Text(x, 22, title, size=17, bold=True)]
    y = 31.0
    for paragraph in text.split("\n"):
        heading, words = paragraph.split("|", 1)
        ops.append(Text(x, y, heading, size=body + 1, bold=True))
        y += lead * 1.15
        for row in fonts.wrap(words, body, width):
            ops.append(Text(x, y, row, size=body))
            y += lead
        y += lead * 0.6
    return ops, y


def made_with_op(name: str, page_h: float, lang: str, rules: str | None = None) -> Text:
    """The foot line of a rules page: the map's name, the rules preset's name (when it is not
    the default) and the trackwright version."""
    preset = "" if rules is None else t("rules_preset", lang, name=rules) + " · "
    return Text(
        RULES_X,
        page_h - 12,
        f"{name} · {preset}" + t("made_with", lang, version=VERSION),
        size=6.5,
        fill="#666666",
    )


DUPLEX_TEXT = 10.0  # points: the duplex test is read by people setting up a printer
_TARGET = (0.3, 0.32)  # where the front's target is, as shares of the page


def _other(edge: str) -> str:
    return "short" if edge == "long" else "long"


def _grid_ops(cx: float, cy: float, reach: int = 6) -> list[Op]:
    """A square of millimetre paper centred on (cx, cy), reach mm each way, with its scales:
    across (X) above, down (Y) on the left, every 2 mm labelled (in two staggered rows)."""
    thin = Style(stroke="#9a9a9a", width=0.1, cap="butt")
    bold = Style(stroke="#000000", width=0.25, cap="butt")
    ops: list[Op] = []
    for k in range(-reach, reach + 1):
        style = bold if k == 0 else thin
        ops.append(line((cx + k, cy - reach), (cx + k, cy + reach), style))
        ops.append(line((cx - reach, cy + k), (cx + reach, cy + k), style))
    ops.append(rect(cx - reach, cy - reach, 2 * reach, 2 * reach, bold))
    em = DUPLEX_TEXT * PT_TO_MM
    for k in range(-reach, reach + 1, 2):
        label = str(k)
        near = (k // 2) % 2 == 0
        ops.append(
            Text(
                cx + k,
                cy - reach - 1.2 - (0 if near else em * 0.95),
                label,
                size=DUPLEX_TEXT,
                anchor="middle",
            )
        )
        ops.append(
            Text(
                cx - reach - 1.2 - (0 if near else 5.2),
                cy + k + em * 0.35,
                label,
                size=DUPLEX_TEXT,
                anchor="end",
            )
        )
    return ops


def _block(lines: list[tuple[str, bool]], x: float, y: float, width: float) -> list[Op]:
    """Paragraphs (text, bold) wrapped to width from (x, y) down."""
    ops: list[Op] = []
    lead = DUPLEX_TEXT * PT_TO_MM * 1.3
    for text, bold in lines:
        for row in fonts.wrap(text, DUPLEX_TEXT, width, bold):
            y += lead
            ops.append(Text(x, y, row, size=DUPLEX_TEXT, bold=bold))
        y += lead * 0.4
    return ops


def duplex_test_pages(
    paper_w: float,
    paper_h: float,
    card_w: float,
    card_h: float,
    lang: str,
    duplex: str = "long",
    back_offset: Offset = (0.0, 0.0),
    what: str = "",
) -> list[Drawing]:
    """Two pages to print double-sided before the backs of ``what`` (cards, tiles): a target on
    the front; on the back, millimetre paper where the target lands when the printer flips the
    sheet as ``duplex`` says (its scales read the offset to pass to ``--back-offset``), and
    where it lands after the other flip, upside down, saying which setting to choose. Right for
    both flips, in words of at least 10 pt. ``card_w`` x ``card_h`` is the piece whose backs
    are tested: its outline is drawn round the target on the front, so the user sees how far a
    measured shift reaches into a piece."""
    tx, ty = paper_w * _TARGET[0], paper_h * _TARGET[1]
    other = _other(duplex)
    what = what or t("dt_cards", lang)
    ox, oy = back_offset
    offset = f"{ox:g},{oy:g}"
    # The front: the target to pierce, and the steps.
    front: list[Op] = [Text(15, 20, t("dt_title", lang), size=16, bold=True)]
    target = Style(stroke="#000000", width=0.25, cap="butt")
    front.append(line((tx - 18, ty), (tx + 18, ty), target))
    front.append(line((tx, ty - 18), (tx, ty + 18), target))
    front.append(Circle(tx, ty, 4.0, Style(stroke="#000000", width=0.35)))
    front.append(Circle(tx, ty, 0.6, Style(stroke=None, fill="#000000")))
    front.append(Text(tx + 7, ty - 6, t("dt_target", lang), size=DUPLEX_TEXT, bold=True))
    piece = Style(stroke="#000000", width=0.2, dash=(1.0, 1.0), cap="butt")
    front.append(rect(tx - card_w / 2, ty - card_h / 2, card_w, card_h, piece))
    steps = [
        (t("dt_step1", lang, edge=t(f"edge_{duplex}", lang), what=what), False),
        (t("dt_step2", lang, turn=t(f"dt_turn_{duplex}", lang)), False),
        (t("dt_step3", lang), False),
        (t("dt_made", lang, offset=offset, edge=t(f"edge_{duplex}", lang)), False),
    ]
    front.extend(_block(steps, 15, paper_h * 0.5, paper_w - 30))
    # The back: where the target lands after the right flip, and after the wrong one.
    rx, ry = sheet_flip(tx, ty, duplex, paper_w, paper_h)
    wx, wy = paper_w - rx, paper_h - ry  # the whole back page turned half round
    width = min(88.0, paper_w / 2 - 14)
    ok = [
        (t("dt_ok_title", lang, edge=t(f"edge_{duplex}", lang)), True),
        (t("dt_ok_text", lang, what=what, offset=offset), False),
    ]
    wrong = [
        (t("dt_wrong_title", lang), True),
        (
            t(
                "dt_wrong_text",
                lang,
                edge=t(f"edge_{duplex}", lang),
                other_edge=t(f"edge_{other}", lang),
                other=other,
            ),
            False,
        ),
    ]
    back: list[Op] = _grid_ops(rx, ry)
    back.extend(_block(ok, rx - width / 2, ry + 8, width))
    ring = Style(stroke="#000000", width=0.35)
    turned: list[Op] = [Circle(0, 0, 6.0, ring), *cross(0, 0, 8.0)]
    turned.extend(_block(wrong, -width / 2, 8, width))
    back.append(Group(tuple(turned), dx=wx, dy=wy, rotate=180.0))
    return [
        Drawing("duplex_test_front", paper_w, paper_h, tuple(front)),
        back_page("duplex_test_back", paper_w, paper_h, back, back_offset),
    ]


# ------------------------------------------------------------------ a kit's documents, finished

#: Documents whose pages need not be printed at true size (no scale bar), by file-name start.
FREE_SCALE = ("rules", "ledger", "races", "checklist")


def finish_kit(
    documents: dict[str, Document],
    lang: str,
    paper: str,
    game: str,
    needs: str,
    duplex: str = "long",
    ink: bool = False,
) -> dict[str, Document]:
    """A kit's documents as they are written: its checklist first (made from the documents, so
    its counts are right; ``needs``: what else the game needs, in the game's own words), a scale
    bar on every page that must print at 100 %, and with ``ink`` the ink saver's pale fills."""
    checklist = checklist_page(documents, paper, lang, game, duplex, needs)
    out = {f"checklist-{paper}": Document(f"{game}: checklist", (checklist,))}
    for stem, document in documents.items():
        size = DUPLEX_TEXT if stem.startswith("duplex-test") else 5.5
        if stem.startswith(FREE_SCALE):
            out[stem] = document
        elif stem.endswith("-poster"):
            # A poster's words keep clear of a plotter's or print shop's wider margin where
            # the slug has room for them (else a home printer's).
            try:
                out[stem] = true_size(document, lang, size, POSTER_TEXT)
            except ValueError:
                out[stem] = true_size(document, lang, size)
        else:
            out[stem] = true_size(document, lang, size)
    if ink:
        out = {stem: ink_saver(document) for stem, document in out.items()}
    return out
