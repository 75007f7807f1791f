"""The TransAmerica print-and-play kit: board poster and tiled sheets, city cards with backs,
score track and markers, rules summary and the map file. Everything is built in memory first,
then written file by file atomically."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from trackwright.core import mapfile
from trackwright.core.tiling import paper_size
from trackwright.core.transamerica import TransAmericaMap, TransAmericaRules
from trackwright.core.transamerica import rules as rules_preset
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Circle,
    Document,
    Drawing,
    Group,
    Op,
    Style,
    Text,
    line,
    polygon,
    rect,
)
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.draw.symbols import PLAYER_STYLE, REGION_STYLE, ink_on, symbol
from trackwright.kits.sheets import (
    RULES_BODY,
    RULES_LEAD,
    RULES_X,
    card_pages,
    duplex_test_pages,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)
from trackwright.kits.transamerica import board
from trackwright.kits.transamerica.strings import t, values

CARD_W, CARD_H = 63.0, 88.0


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    lang: str = "en"
    formats: tuple[str, ...] = ("pdf", "svg")
    duplex: str = "long"
    rules: TransAmericaRules = field(default_factory=rules_preset)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, the printer's measured duplex shift
    ink_saver: bool = False
    poster_size: str = "fit"
    photo_marks: bool = True  # the photo reader's registration squares round the board


def preset_label(rules: TransAmericaRules) -> str | None:
    """The preset's name for the rules page's foot line; none for the default rules."""
    return None if rules == rules_preset() else rules.name


# ---------------------------------------------------------------------------- cards


def _fit_size(text: str, max_w: float, size: float, bold: bool = True) -> float:
    while size > 6 and fonts.text_width(text, size, bold) > max_w:
        size -= 0.5
    return size


def card_front(
    m: TransAmericaMap, index: int, lang: str, rules: TransAmericaRules | None = None
) -> list[Op]:
    rules = rules or rules_preset()
    city = m.cities[index]
    colour, shape = REGION_STYLE[city.region]
    ink = ink_on(colour)
    ops: list[Op] = [rect(0, 0, CARD_W, CARD_H, Style(stroke=None, fill="#ffffff"))]
    ops.append(rect(2.5, 2.5, CARD_W - 5, 15, Style(stroke=None, fill=colour)))
    ops.append(symbol(shape, 10, 10, 4.2, Style(stroke=ink, width=0.4, fill="#ffffff")))
    region = board.region_names(m, lang)[city.region]
    ops.append(Text(17, 11.8, region, size=10, bold=True, fill=ink))
    size = _fit_size(city.name, CARD_W - 10, 15)
    ops.append(Text(CARD_W / 2, 29, city.name, size=size, bold=True, anchor="middle"))
    ops.append(rect(5, 34, CARD_W - 10, 38, Style(stroke="#bbbbbb", width=0.2, fill="#f3f8fb")))
    ops.extend(board.locator_ops(m, city.name, 6, 35, CARD_W - 12, 36))
    ops.append(
        Text(
            CARD_W / 2,
            78,
            f"{board.board_title(m, lang)} · {city.node}",
            size=6.5,
            anchor="middle",
            fill="#555555",
        )
    )
    # No frame: the card's edge is its cut line (the crop marks say where). A dotted card
    # (left out of a small game) says so with a dotted ring, which no one takes for a cut line.
    if city.dotted:
        frame = Style(stroke="#000000", width=0.9, dash=(0.01, 1.6), cap="round")
        ops.append(rect(2.5, 2.5, CARD_W - 5, CARD_H - 5, frame))
        dotted = values(rules, lang)["dotted"]
        said = t("ta_dotted_card", lang, dotted=dotted)
        ops.append(Text(CARD_W / 2, 84, said, size=6, anchor="middle", fill="#555555"))
    return ops


#: A back's coloured border inside the cut line (the sheet runs it the bleed past it too).
BACK_BAND = 2.5


def card_back(m: TransAmericaMap, index: int, lang: str) -> list[Op]:
    """A city card's back: the region's colour as a border from the card's edge, its shape
    large and its name, on white (a fifth of the ink of a solid back). The colour is the
    card's background, so it runs the bleed past the cut line (``sheets.card_pages``): a
    duplex shift of a millimetre or two shows no white sliver at the edge, and the gutter
    between the cards keeps the neighbour's colour off."""
    city = m.cities[index]
    colour, shape = REGION_STYLE[city.region]
    band = BACK_BAND
    ops: list[Op] = [
        rect(0, 0, CARD_W, CARD_H, Style(stroke=None, fill=colour)),
        rect(band, band, CARD_W - 2 * band, CARD_H - 2 * band, Style(stroke=None, fill="#ffffff")),
    ]
    ops.append(
        symbol(
            shape, CARD_W / 2, CARD_H / 2 - 2, 12, Style(stroke="#000000", width=0.5, fill=colour)
        )
    )
    ops.append(Text(CARD_W / 2, 20, "TransAmerica", size=12, bold=True, anchor="middle"))
    ops.append(
        Text(
            CARD_W / 2,
            CARD_H - 16,
            board.region_names(m, lang)[city.region],
            size=10,
            bold=True,
            anchor="middle",
        )
    )
    return ops


# ------------------------------------------------------------- score track and markers


def locomotive(x: float, y: float, w: float, colour: str) -> list[Op]:
    """A side view of a steam locomotive, w wide, standing on (x, y), facing left."""
    k = w / 30
    body = Style(stroke="#000000", width=0.3, fill=colour)

    def box_(x1: float, b1: float, x2: float, b2: float, style: Style = body) -> Op:
        return polygon(
            [
                (x + x1 * k, y - b1 * k),
                (x + x2 * k, y - b1 * k),
                (x + x2 * k, y - b2 * k),
                (x + x1 * k, y - b2 * k),
            ],
            style,
        )

    ops: list[Op] = [
        box_(1, 3, 29, 6),  # frame
        box_(3, 6, 20, 13),  # boiler
        polygon(
            [
                (x + 4 * k, y - 13 * k),
                (x + 7.5 * k, y - 13 * k),
                (x + 8.5 * k, y - 18 * k),
                (x + 3 * k, y - 18 * k),
            ],
            body,
        ),  # chimney
        box_(19, 6, 28, 18),  # cab
        box_(18, 18, 29, 20),  # roof
        box_(21, 12, 26, 16, Style(stroke="#000000", width=0.25, fill="#ffffff")),  # window
    ]
    for cx, r in ((7, 2.8), (13, 2.8), (23.5, 3.2)):
        ops.append(
            Circle(x + cx * k, y - 3 * k, r * k, Style(stroke="#000000", width=0.3, fill="#ffffff"))
        )
    return ops


# The printed track pieces' colour: process magenta (one toner, CMYK 0/100/0/0), a saturated
# hue printed nowhere on the board (sea, land, mountains, rivers, lines, the regions' and the
# players' colours are all far from it), so a photo of the board shows where the pieces lie.
PIECE_INK = "#ec008c"
BARRIER_INK = "#c8102e"  # the barrier piece: the red of the score track's barrier line
# The pieces' backs: a quarter tint of each ink. A piece that lands upside down still reads as a
# track piece (or the barrier), and the backing costs a quarter of the toner of a solid one.
PIECE_BACK_INK = "#fac0e0"
BARRIER_BACK_INK = "#f2c3cb"
MARKER_INK = (
    "#1a1a1a"  # the start markers' body: no region's colour, and an octagon, no region's shape
)
PIECE_W = 4.0  # a track piece's width (mm)
TRACK_ROW_GAP = 12.0  # between two rows of a long score track: room for the shed's roof
PIECE_GAP = 0.6  # the white line between two pieces, cut along its middle
BACKING_GAP = 2.5  # from the pieces to the fold line, and from the fold line to the backing


@dataclass(frozen=True)
class TokenLayout:
    """The tokens page's sizes (mm), derived from the paper, the board and the rules preset, so
    every token fits the space it goes on."""

    x0: float
    track_y: float
    cells: int  # score cells: the end threshold (or fewer) up to the start, less one
    cell_w: float
    cell_h: float
    shed_w: float
    loco_w: float  # a locomotive token, flat, as it lies on a score cell or in the shed
    loco_h: float
    slot_gap: float  # between the shed's parking slots
    players: int
    track_space: float  # the board's track space, intersection to intersection
    marker_d: float  # a start marker, flat to flat
    piece_l: float  # a track piece, sized to the board's track spaces
    piece_w: float
    barrier_l: float
    per_row: int = 0  # score cells per row of the track (0: all in one row)

    @property
    def rows(self) -> int:
        return 1 if not self.per_row else math.ceil(self.cells / self.per_row)

    def cell_box(self, k: int) -> tuple[float, float, float, float]:
        """Score cell k (0: the end threshold or fewer): x, y, w, h. A long track wraps onto
        further rows, read left to right like a line of text."""
        row, col = divmod(k, self.per_row or self.cells)
        return (
            self.x0 + col * self.cell_w,
            self.track_y + row * (self.cell_h + TRACK_ROW_GAP),
            self.cell_w,
            self.cell_h,
        )

    @property
    def shed_x(self) -> float:
        x, _y, w, _h = self.cell_box(self.cells - 1)
        return x + w

    @property
    def shed_y(self) -> float:
        return self.cell_box(self.cells - 1)[1]

    @property
    def track_bottom(self) -> float:
        return self.track_y + self.rows * self.cell_h + (self.rows - 1) * TRACK_ROW_GAP

    def shed_slots(self) -> list[tuple[float, float, float, float]]:
        """Where the locomotives park in the shed: a grid of slots, one per player."""
        cols = math.ceil(self.players / 2)
        out = []
        for k in range(self.players):
            col, row = k % cols, k // cols
            x = self.shed_x + self.slot_gap + col * (self.loco_w + self.slot_gap)
            y = self.shed_y + self.slot_gap + row * (self.loco_h + self.slot_gap)
            out.append((x, y, self.loco_w, self.loco_h))
        return out


def track_space(m: TransAmericaMap) -> float:
    """The board's track space length: the shortest distance between two joined intersections."""
    return min(
        math.dist((m.nodes[e.a].x, m.nodes[e.a].y), (m.nodes[e.b].x, m.nodes[e.b].y))
        for e in m.edges
    )


def token_layout(m: TransAmericaMap, paper: str, rules: TransAmericaRules) -> TokenLayout:
    pw, _ph = paper_size(paper, landscape=True)
    x0, cell_h = 10.0, 22.0
    players = rules.players[1]
    cells = rules.start_points - rules.end_threshold
    slot_gap = 1.2
    # A locomotive token at most 12 x 9 mm: it fits a cell with room to spare, and two rows of
    # them (3 players each) fill the shed.
    loco_h = (cell_h - 3 * slot_gap) / 2
    loco_w = min(12.0, loco_h * 4 / 3)
    shed_w = math.ceil(players / 2) * (loco_w + slot_gap) + slot_gap
    # A long score track (a house preset's many points) wraps onto further rows rather than
    # shrink its cells under the locomotives: rows of per_row cells, the shed after the last.
    per_row, cell_w = 0, min(16.0, (pw - 2 * x0 - shed_w) / cells)
    rows = 1
    width = pw - 2 * x0
    if cell_w < loco_w + 2:  # two rows: full rows of per_row cells, the last one and the shed
        rows = 2
        cell_w = min(16.0, math.floor((rows * width - shed_w) / cells * 100) / 100)
        while True:
            # Rows as even as the shed allows (cells and shed shared out between the two).
            per_row = min(int(width / cell_w + 1e-9), math.ceil((cells + shed_w / cell_w) / 2))
            last = cells - (rows - 1) * per_row
            if last * cell_w + shed_w <= width + 1e-9:
                break
            cell_w = round(cell_w - 0.05, 2)
    if loco_w > cell_w - 2:  # longer still: smaller tokens
        loco_w = cell_w - 2
        shed_w = math.ceil(players / 2) * (loco_w + slot_gap) + slot_gap
    space = track_space(m)
    # A start marker reaches less than a sixth of a track space from its intersection (it is
    # less than a third of a track space across), and never more than 10 mm across.
    marker_d = min(10.0, math.floor(space * 0.3 * 2) / 2)
    clear = max(board.CITY_R, marker_d / 2) + 0.8  # a piece leaves its ends' city or marker free
    return TokenLayout(
        x0=x0,
        track_y=17.0,
        cells=cells,
        cell_w=cell_w,
        cell_h=cell_h,
        shed_w=shed_w,
        loco_w=loco_w,
        loco_h=round(loco_w * 0.75, 2),
        slot_gap=slot_gap,
        players=players,
        track_space=space,
        marker_d=marker_d,
        piece_l=round(space - 2 * clear, 1),
        piece_w=PIECE_W,
        barrier_l=cell_h + 4.0,
        per_row=per_row,
    )


def octagon(cx: float, cy: float, d: float) -> list[tuple[float, float]]:
    """A regular octagon d across its flats, flat at top and bottom."""
    r = d / 2 / math.cos(math.pi / 8)
    return [
        (
            cx + r * math.cos(math.pi / 8 + k * math.pi / 4),
            cy + r * math.sin(math.pi / 8 + k * math.pi / 4),
        )
        for k in range(8)
    ]


def start_marker(cx: float, cy: float, d: float, player: int) -> list[Op]:
    """A start marker's face: a dark octagon (no region's shape or colour) with the player's shape
    in the player's colour."""
    colour, shape = PLAYER_STYLE[player % len(PLAYER_STYLE)]
    return [
        polygon(octagon(cx, cy, d), Style(stroke=None, fill=MARKER_INK)),
        symbol(shape, cx, cy, d * 0.3, Style(stroke="#ffffff", width=0.3, fill=colour)),
    ]


def loco_face(x: float, y: float, w: float, h: float, player: int) -> list[Op]:
    """A locomotive token's face, w x h: the player's locomotive and shape on white."""
    colour, shape = PLAYER_STYLE[player % len(PLAYER_STYLE)]
    ops: list[Op] = locomotive(x + w * 0.1, y + h * 0.86, w * 0.8, colour)
    ops.append(
        symbol(
            shape,
            x + w * 0.4,
            y + h * 0.46,
            h * 0.17,
            Style(stroke="#000000", width=0.2, fill="#ffffff"),
        )
    )
    return ops


def _fold_line(a: tuple[float, float], b: tuple[float, float]) -> Op:
    return line(a, b, Style(stroke="#777777", width=0.2, dash=(0.8, 0.8), cap="butt"))


def tokens_page(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules | None = None
) -> Drawing:
    """The score track with its engine shed, the locomotives and start markers (fold-over, so
    both sides are printed), the first-player card and the track pieces, to cut out (those of
    a house preset with many pieces continue on ``tokens_pages``' further sheets)."""
    return _tokens_page(m, paper, lang, rules or rules_preset())[0]


def _score_track_ops(lay: TokenLayout, rules: TransAmericaRules, lang: str) -> list[Op]:
    """The score track: its cells, the engine shed holding the start number, the barrier."""
    x0, y0, cell, cell_h = lay.x0, lay.track_y, lay.cell_w, lay.cell_h
    low, start = rules.end_threshold, rules.start_points
    ops: list[Op] = [Text(x0, y0 - 4, t("ta_score_track", lang), size=7, fill="#444444")]
    # Cells low .. start - 1 (the first: low or fewer), then the engine shed holding start. The
    # number sits at the top of the cell, where a locomotive standing on it leaves it readable.
    for k in range(lay.cells):
        cx, cy, _w, _h = lay.cell_box(k)
        fill = "#f3e0de" if k == 0 else "#ffffff"
        ops.append(rect(cx, cy, cell, cell_h, Style(width=0.35, fill=fill)))
        label = f"≤ {low}" if k == 0 else str(low + k)
        ops.append(Text(cx + cell / 2, cy + 5.2, label, size=10, bold=True, anchor="middle"))
    sx, sy = lay.shed_x, lay.shed_y
    ops.append(rect(sx, sy, lay.shed_w, cell_h, Style(width=0.35, fill="#e8e2d0")))
    ops.append(  # the shed's roof, with the start number in it
        polygon(
            [(sx, sy), (sx + lay.shed_w / 2, sy - 9), (sx + lay.shed_w, sy)],
            Style(width=0.35, fill="#b9ab86"),
        )
    )
    ops.append(Text(sx + lay.shed_w / 2, sy - 1.6, str(start), size=11, bold=True, anchor="middle"))
    for x, y, w, h in lay.shed_slots():
        ops.append(rect(x, y, w, h, Style(stroke="#8a7d5a", width=0.2, dash=(0.8, 0.6))))
    ops.append(
        Text(sx + lay.shed_w / 2, sy + cell_h + 3.6, t("ta_shed", lang), size=6.5, anchor="middle")
    )
    # The barrier: a double red line between the end threshold and the next cell.
    red = Style(stroke=BARRIER_INK, width=0.8, cap="butt")
    for d in (-0.9, 0.9):
        ops.append(line((x0 + cell + d, y0 - 1.5), (x0 + cell + d, y0 + cell_h + 1.5), red))
    ops.append(
        Text(
            x0 + cell,
            y0 + cell_h + 5,
            t("ta_barrier", lang),
            size=6.5,
            anchor="middle",
            fill=BARRIER_INK,
        )
    )
    return ops


def _fold_over_ops(lay: TokenLayout, y: float, lang: str) -> list[Op]:
    """Locomotives and start markers at height ``y``: fold-over pairs, so each token is printed
    on both sides."""
    x0, grey = lay.x0, "#444444"
    w, h = lay.loco_w, lay.loco_h
    ops: list[Op] = [Text(x0, y - 3, t("ta_locomotives", lang), size=7, fill=grey)]
    step = w + 5
    for i in range(lay.players):
        bx = x0 + i * step
        ops.append(rect(bx, y, w, 2 * h, Style(width=0.3, fill="#ffffff")))
        ops.append(_fold_line((bx, y + h), (bx + w, y + h)))
        ops.append(
            Group(
                tuple(loco_face(-w / 2, -h / 2, w, h, i)), dx=bx + w / 2, dy=y + h / 2, rotate=180.0
            )
        )
        ops.extend(loco_face(bx, y + h, w, h, i))
    mx = x0 + lay.players * step + 8
    d = lay.marker_d
    ops.append(Text(mx, y - 3, t("ta_start_markers", lang), size=7, fill=grey))
    for i in range(lay.players):
        cx = mx + d / 2 + i * (d + 5)
        top, bottom = octagon(cx, y + d / 2, d), octagon(cx, y + 1.5 * d, d)
        # One outline around the pair: the lower octagon's five lower points, the upper's upper.
        outline = [p for p in bottom if p[1] > y + d + 1e-6] + [
            p for p in top if p[1] < y + d - 1e-6
        ]
        ops.append(polygon(sorted_ring(outline, (cx, y + d)), Style(width=0.25, fill=MARKER_INK)))
        # The upper face upside down: folded over, it stands the right way up on the back.
        ops.append(Group(tuple(start_marker(0, 0, d, i)[1:]), dx=cx, dy=y + d / 2, rotate=180.0))
        ops.extend(start_marker(cx, y + 1.5 * d, d, i)[1:])
        ops.append(_fold_line((cx - d * 0.21, y + d), (cx + d * 0.21, y + d)))
    return ops


def _first_player_card(pw: float, lay: TokenLayout, lang: str) -> Op:
    """The first-player card, at the page's right."""
    fx, fy = pw - 10 - CARD_W, lay.track_bottom + 12
    card: list[Op] = [rect(0, 0, CARD_W, CARD_H, Style(width=0.4, fill="#ffffff"))]
    card.extend(locomotive(11, 52, 41, "#444444"))
    card.append(
        Text(CARD_W / 2, 14, t("ta_first_player", lang), size=13, bold=True, anchor="middle")
    )
    for k, text in enumerate(fonts.wrap(t("ta_first_player_note", lang), 8, CARD_W - 10)):
        card.append(Text(CARD_W / 2, 64 + 4 * k, text, size=8, anchor="middle"))
    return Group(tuple(card), dx=fx, dy=fy)


def _tokens_page(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules
) -> tuple[Drawing, int]:
    """The tokens page, and how many pieces (the barrier counted) it holds."""
    v = values(rules, lang)
    pw, ph = paper_size(paper, landscape=True)
    lay = token_layout(m, paper, rules)
    x0, grey = lay.x0, "#444444"
    ops = _score_track_ops(lay, rules, lang)
    y = lay.track_bottom + 15
    ops.extend(_fold_over_ops(lay, y, lang))
    text_w = pw - 10 - CARD_W - 8 - x0  # the column left of the first-player card
    ty = y + max(2 * lay.loco_h, 2 * lay.marker_d) + 3.5
    for row in fonts.wrap(t("ta_fold", lang), 6.5, text_w):
        ops.append(Text(x0, ty, row, size=6.5, fill=grey))
        ty += 2.8
    ops.append(_first_player_card(pw, lay, lang))

    # The track pieces: rows of pieces the size of the board's track spaces, the barrier last.
    ty += 3.5
    ops.append(Text(x0, ty, t("ta_pieces", lang, **v), size=7, fill=grey))
    for row in fonts.wrap(t("ta_pieces_fold", lang), 6.5, text_w):
        ty += 2.8
        ops.append(Text(x0, ty, row, size=6.5, fill=grey))
    py = ty + 2.5
    here = pieces_that_fit(lay, rules.tracks + 1, x0, py, text_w, ph - PIECES_FOOT)
    ops.extend(piece_ops(lay, here, x0, py, text_w, barrier=here == rules.tracks + 1))
    ops.extend(ruler_ops(x0, ph - 11, lang))
    return Drawing("tokens", pw, ph, tuple(ops)), here


def tokens_pages(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules | None = None
) -> tuple[Drawing, ...]:
    """The tokens page and, when a house preset has more track pieces than it holds, sheets of
    the remaining pieces (each with its own backing and scale bar), the barrier last."""
    rules = rules or rules_preset()
    first, done = _tokens_page(m, paper, lang, rules)
    lay = token_layout(m, paper, rules)
    pw, ph = paper_size(paper, landscape=True)
    pages = [first]
    left = rules.tracks + 1 - done
    x0, width, top = lay.x0, pw - 2 * lay.x0, 14.0
    notes = fonts.wrap(t("ta_pieces_fold", lang), 6.5, width)
    block_y = top + 2.8 * len(notes) + 2.5
    while left > 0:
        here = pieces_that_fit(lay, left, x0, block_y, width, ph - PIECES_FOOT)
        if here == 0:  # pragma: no cover - a page always holds a row of pieces
            raise ValueError("the track pieces do not fit the paper")
        ops: list[Op] = [
            Text(x0, top, t("ta_pieces_more", lang, count=str(here)), size=7, fill="#444444")
        ]
        for k, row in enumerate(notes):
            ops.append(Text(x0, top + 2.8 * (k + 1), row, size=6.5, fill="#444444"))
        ops.extend(piece_ops(lay, here, x0, block_y, width, barrier=here == left))
        ops.extend(ruler_ops(x0, ph - 11, lang))
        pages.append(Drawing(f"pieces-{len(pages)}", pw, ph, tuple(ops)))
        left -= here
    return tuple(pages)


@dataclass(frozen=True)
class Piece:
    x: float
    y: float
    length: float
    width: float
    barrier: bool = False


def piece_places(
    lay: TokenLayout, count: int, x: float, y: float, width: float, barrier: bool = True
) -> list[Piece]:
    """Where the pieces go: rows of pieces, as many per row as the width holds, separated by
    thin white lines to cut along; the barrier piece last (when ``barrier``, one of the count)."""
    if barrier:
        sizes = [(lay.piece_l, False)] * (count - 1) + [(lay.barrier_l, True)]
    else:
        sizes = [(lay.piece_l, False)] * count
    out: list[Piece] = []
    px, py = x, y
    for length, barrier in sizes:
        if px > x and px + length > x + width + 1e-9:
            px, py = x, py + lay.piece_w + PIECE_GAP
        out.append(Piece(px, py, length, lay.piece_w, barrier))
        px += length + PIECE_GAP
    return out


def barrier_stripes(p: Piece) -> list[Op]:
    """White slanted stripes across the barrier, as on a level-crossing barrier: in black and
    white its red prints the grey of the magenta pieces, the stripes keep it apart."""
    slant, band, step = p.width * 0.5, 1.2, 4.0
    out: list[Op] = []
    count = int((p.length - 4.0 - band - slant) // step) + 1
    s = (p.length - (count - 1) * step - band - slant) / 2  # centred along the barrier
    for _ in range(count):
        x, y = p.x + s, p.y
        out.append(
            polygon(
                [
                    (x, y + p.width),
                    (x + band, y + p.width),
                    (x + band + slant, y),
                    (x + slant, y),
                ],
                Style(stroke=None, width=0.0, fill="#ffffff"),
            )
        )
        s += step
    return out


PIECES_FOOT = 14.0  # below the backing: the scale bar (its ticks reach 13.2 mm from the foot)
BACKING_PAD = 1.5  # the backing's margin around the mirrored pieces


def block_bottom(places: list[Piece], y: float) -> float:
    """The lowest point of a block of pieces placed from y, its backing included."""
    fold = max(p.y + p.width for p in places) + BACKING_GAP
    return 2 * fold - y + BACKING_PAD


def pieces_that_fit(
    lay: TokenLayout, count: int, x: float, y: float, width: float, bottom: float
) -> int:
    """How many of count pieces (the last the barrier) a block from y holds, backing included,
    above bottom (the whole count, or as many as fill the place)."""
    best = 0
    for k in range(1, count + 1):
        places = piece_places(lay, k, x, y, width, barrier=k == count)
        if block_bottom(places, y) > bottom:
            break
        best = k
    return best


def piece_ops(
    lay: TokenLayout, count: int, x: float, y: float, width: float, barrier: bool = True
) -> list[Op]:
    """The pieces and, below a fold line, their backing: fold the sheet on that line, glue the
    two layers together and cut along the white lines through both, so every piece is coloured
    on both sides (one fold and one glueing for them all)."""
    places = piece_places(lay, count, x, y, width, barrier)
    ops: list[Op] = []
    for p in places:
        ink = BARRIER_INK if p.barrier else PIECE_INK
        ops.append(rect(p.x, p.y, p.length, p.width, Style(stroke=None, fill=ink)))
        if p.barrier:
            ops.extend(barrier_stripes(p))
    right = max(p.x + p.length for p in places)
    bottom = max(p.y + p.width for p in places)
    fold = bottom + BACKING_GAP
    # The backing: each row of pieces mirrored about the fold line, a light tint of its ink and a
    # little larger (a slightly crooked fold still backs every piece), the barrier's place in
    # light red.
    pad = BACKING_PAD
    rows: dict[float, list[Piece]] = {}
    for p in places:
        rows.setdefault(p.y, []).append(p)
    join = PIECE_GAP / 2 + 0.05  # neighbours' backings meet under the white line
    last_row = max(rows)
    for row_y, row in rows.items():
        top = 2 * fold - row_y - lay.piece_w
        up = pad if row_y == last_row else join
        down = pad if row_y == y else join
        for k, p in enumerate(row):
            left = p.x - (pad if k == 0 else join)
            right_edge = p.x + p.length + (pad if k == len(row) - 1 else join)
            ink = BARRIER_BACK_INK if p.barrier else PIECE_BACK_INK
            ops.append(
                rect(
                    left,
                    top - up,
                    right_edge - left,
                    lay.piece_w + up + down,
                    Style(stroke=None, fill=ink),
                )
            )
    ops.append(
        line(
            (x - 4, fold),
            (right + 4, fold),
            Style(stroke="#000000", width=0.25, dash=(1.5, 1.0), cap="butt"),
        )
    )
    return ops


def sorted_ring(
    points: list[tuple[float, float]], centre: tuple[float, float]
) -> list[tuple[float, float]]:
    """Points in order around a centre (an outline from a set of corners)."""
    return sorted(points, key=lambda p: math.atan2(p[1] - centre[1], p[0] - centre[0]))


# ---------------------------------------------------------------------------- rules


def rules_page(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules | None = None
) -> Drawing:
    rules = rules or rules_preset()
    v = values(rules, lang)
    pw, ph = paper_size(paper)
    x, width, body, lead = RULES_X, pw - 2 * RULES_X, RULES_BODY, RULES_LEAD
    ops, y = rules_text_ops(t("ta_rules_title", lang), t("ta_rules", lang, **v), width)
    # Legend of the board.
    y += 2
    ops.extend(board.edge_ops((x, y), (x + 14, y), 1, shorten=0))
    ops.append(Text(x + 18, y + 1.2, t("ta_plain", lang), size=body))
    y += lead * 1.3
    ops.extend(board.edge_ops((x, y), (x + 14, y), 2, shorten=0))
    ops.append(Text(x + 18, y + 1.2, t("ta_double", lang), size=body))
    y += lead * 1.3
    ops.append(rect(x, y - 3, 14, 6, Style(width=0.8, dash=(0.01, 1.4))))
    ops.append(Text(x + 18, y + 1.2, t("ta_dotted", lang, **v), size=body))
    y += lead * 1.8
    for k, text in enumerate(fonts.wrap(t("ta_tracks_note", lang, **v), body, width)):
        ops.append(Text(x, y + lead * k, text, size=body))
    # A score pad: six players, eight rounds; rows of 8 mm, less if the text left less room
    # above the foot line (German on Letter).
    y += lead * 3 + 6
    ops.append(Text(x, y, t("ta_score_pad", lang, **v), size=body + 1, bold=True))
    y += 3
    name_w, col_w, rounds = 46.0, (width - 46.0) / 9, 8
    rows = rules.players[1] + 1  # a heading and a row per player
    row_h = min(8.0, (ph - 17 - y) / rows)
    text_dy = row_h / 2 + 1.4
    for r in range(rows):
        for c in range(rounds + 2):
            cx = x if c == 0 else x + name_w + (c - 1) * col_w
            w = name_w if c == 0 else col_w
            fill = "#eeeeee" if r == 0 or c == 1 else None
            ops.append(rect(cx, y + r * row_h, w, row_h, Style(width=0.25, fill=fill)))
            if r == 0:
                label = t("player", lang) if c == 0 else "" if c == 1 else str(c - 1)
                ops.append(
                    Text(cx + w / 2, y + text_dy, label, size=7.5, bold=True, anchor="middle")
                )
            elif c == 1:
                ops.append(
                    Text(
                        cx + w / 2,
                        y + r * row_h + text_dy,
                        str(rules.start_points),
                        size=7.5,
                        anchor="middle",
                    )
                )
        if r > 0 and r <= len(PLAYER_STYLE):
            colour, shape = PLAYER_STYLE[r - 1]
            ops.append(
                symbol(
                    shape,
                    x + 4,
                    y + r * row_h + row_h / 2,
                    2.2,
                    Style(stroke="#000000", width=0.3, fill=colour),
                )
            )
    ops.append(made_with_op(board.board_title(m, lang), ph, lang, preset_label(rules)))
    return Drawing("rules", pw, ph, tuple(ops))


# ---------------------------------------------------------------------------- the kit


def documents(
    m: TransAmericaMap, opts: KitOptions, drawing: Drawing | None = None
) -> dict[str, Document]:
    """Every printable document of the kit, by file stem (``drawing``: the board's, if made
    already)."""
    lang, paper = opts.lang, opts.paper
    if drawing is None:
        drawing = board.board_drawing(m, lang, marks=opts.photo_marks)
    title = f"TransAmerica · {board.board_title(m, lang)}"
    pw, ph = paper_size(paper)
    cards = card_pages(
        len(m.cities),
        lambda i: card_front(m, i, lang, opts.rules),
        lambda i: card_back(m, i, lang),
        pw,
        ph,
        CARD_W,
        CARD_H,
        lang,
        "cards",
        opts.duplex,
        opts.back_offset,
    )
    return {
        **poster_and_sheets(drawing, paper, lang, title, "board", opts.poster_size),
        f"cards-{paper}": Document(f"{title}: city cards", tuple(cards)),
        f"duplex-test-{paper}": Document(
            f"{title}: duplex test for the cards",
            tuple(duplex_test_pages(pw, ph, CARD_W, CARD_H, lang, opts.duplex, opts.back_offset)),
        ),
        f"tokens-{paper}": Document(
            f"{title}: score track and markers",
            tokens_pages(m, paper, lang, opts.rules),
            checklist=f"{t('ta_pieces', lang, **values(opts.rules, lang))}. "
            + t("ta_pieces_fold", lang),
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary", (rules_page(m, paper, lang, opts.rules),)
        ),
    }


def kit_files(m: TransAmericaMap, opts: KitOptions, out: Path) -> dict[Path, bytes]:
    """All files of the kit, rendered in memory: path -> bytes. The map file beside it says where
    the tiled board's sheets meet (:func:`.board.printed`), so the phone's photo reader knows."""
    needs = t("ck_needs", opts.lang)
    drawing = board.board_drawing(m, opts.lang, marks=opts.photo_marks)
    finished = finish_kit(
        documents(m, opts, drawing),
        opts.lang,
        opts.paper,
        "TransAmerica",
        needs,
        opts.duplex,
        opts.ink_saver,
    )
    return render_kit(
        finished, opts.formats, out, mapfile.dumps(board.printed(m, drawing).to_json())
    )
