"""La Strada's tiles to print: 124 road tiles (straight front, curved back), 19 settlement
tiles with backs, 8 start tiles, 4 markers and 48 merchant pawns.

Hex tiles are flat-top hexagons of the board's hex size, all kinds imposed one after the other
on sheets that are full but the last (``tile_sheet``): rows of tiles a gutter apart, so each row
comes off with two straight cuts, and every face (front and back) runs BLEED mm past its cut,
so a back printed a little off still covers its tile. Each front sheet is followed by its back
sheet, the backs in the slots ``layout.duplex_backs`` gives for the chosen flip (long or short
edge): the grid is centred on the sheet, so every back lies behind its front.

Every tile that carries a player's shape (road tiles on both faces, start tiles, markers and
merchants) has it at its centre: in black and white grey and yellow print alike, and the shape
is then the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from trackwright.core import hexgrid
from trackwright.core.lastrada import LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset
from trackwright.core.tiling import paper_size
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Circle,
    Drawing,
    Group,
    Op,
    Path,
    Style,
    Text,
    line,
    polygon,
    rect,
)
from trackwright.kits.draw.symbols import symbol
from trackwright.kits.lastrada.board import (
    EDGE,
    FILL,
    PLAYERS,
    settlement_icon,
    terrain_marks,
    track_box,
)
from trackwright.kits.lastrada.strings import t
from trackwright.kits.layout import duplex_backs, impose
from trackwright.kits.sheets import ruler_ops

ROAD_ORDER = ("hill", "forest", "plain")  # the order the road tiles are printed in
CUT = Style(stroke="#000000", width=0.2, cap="butt")
BLEED = 2.0  # mm of every face past its cut line, front and back
SIDE = 10.0  # mm from a sheet's left and right edges to the tiles (the row cut marks between)
BAND = 15.0  # mm from a sheet's top and bottom edges to the row cuts (title; ruler and note)
FOOT_RULER = 12.0  # mm from a sheet's bottom edge to its scale bar (its caption below it)
FOOT_ROOM = FOOT_RULER + 3.0  # mm from the bottom edge the last row's bleed keeps clear
TITLE_ROOM = 11.5  # mm from the top edge the first row's bleed keeps clear (the title)
NOTE_PT = 6.0  # the note beside the scale bar, pt
TOKEN_ROWS = 2  # a player's merchants in a block of at most this many rows
SQRT3 = math.sqrt(3)
SYMBOL = Style(stroke="#000000", width=0.25, fill="#ffffff")  # a player's shape on a tile


@dataclass(frozen=True)
class Tile:
    kind: str  # road, settlement, start
    terrain: str = "plain"
    player: int = 0
    settlement: str = ""


@dataclass(frozen=True)
class Face:
    """One face of a hex tile, centred on (0, 0): its background colour (which also fills the
    bleed), what is drawn on it (a road may run BLEED mm past the cut), and the colour of its
    cut line on a front sheet."""

    fill: str
    ops: tuple[Op, ...]
    edge: str = "#333333"


Painter = Callable[[Tile], Face]


# ------------------------------------------------------------------ geometry (pure)


def flat_hex(x: float, y: float, s: float) -> list[tuple[float, float]]:
    """A flat-top hexagon's corners, from the east clockwise."""
    return hexgrid.Layout(hexgrid.FLAT, s, (x, y)).corners((0, 0))


def grown(s: float, by: float) -> float:
    """The size (centre to corner) of a hexagon whose sides lie ``by`` mm outside those of a
    hexagon of size s."""
    return s + 2 * by / SQRT3


@dataclass(frozen=True)
class TileSheet:
    """Flat-top hex tiles of ``size`` mm in rows on a sheet, centred on it both ways (so a
    long-edge flip swaps its columns and a short-edge flip its rows, slot for slot), then
    raised by ``lift`` mm where the footer needs the room (a back page for a short-edge flip is
    lowered as much: see :meth:`turned`).

    Tiles in a row are ``gap_x`` mm apart at their side corners; rows are ``gap_y`` mm apart,
    room for both rows' bleed, so each row comes off the sheet with two straight cuts."""

    paper_w: float
    paper_h: float
    size: float
    cols: int
    rows: int
    gap_x: float
    gap_y: float
    lift: float = 0.0

    def turned(self, edge: str) -> TileSheet:
        """The same sheet as its back page lays it out for a flip on ``edge``: a short-edge flip
        swaps top and bottom, so a raised grid is lowered there."""
        return replace(self, lift=-self.lift) if edge == "short" else self

    @property
    def tile_w(self) -> float:
        return 2 * self.size

    @property
    def tile_h(self) -> float:
        return SQRT3 * self.size

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.paper_w - self.cols * self.tile_w - (self.cols - 1) * self.gap_x) / 2

    @property
    def y0(self) -> float:
        grid = self.rows * self.tile_h + (self.rows - 1) * self.gap_y
        return (self.paper_h - grid) / 2 - self.lift

    def centre(self, slot: int) -> tuple[float, float]:
        row, col = divmod(slot, self.cols)
        return (
            self.x0 + col * (self.tile_w + self.gap_x) + self.size,
            self.y0 + row * (self.tile_h + self.gap_y) + self.tile_h / 2,
        )

    def row_cuts(self) -> list[float]:
        """The y of every straight cut: the top and the bottom of each row."""
        cuts: list[float] = []
        for r in range(self.rows):
            top = self.y0 + r * (self.tile_h + self.gap_y)
            cuts += [top, top + self.tile_h]
        return cuts


def tile_sheet(paper_w: float, paper_h: float, size: float, bleed: float = BLEED) -> TileSheet:
    """As many hex tiles of ``size`` as fit between the side margins (SIDE) and the top and
    bottom bands (BAND), rows 2 x bleed apart; the tiles of a row up to 2 x bleed apart."""
    w, h = 2 * size, SQRT3 * size
    cols = int((paper_w - 2 * SIDE) // w)
    rows = int((paper_h - 2 * BAND + 2 * bleed) // (h + 2 * bleed))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {size} mm hex tile does not fit on {paper_w} x {paper_h} mm")
    gap_x = 0.0 if cols == 1 else min(2 * bleed, (paper_w - 2 * SIDE - cols * w) / (cols - 1))
    # The footer (scale bar and note) wants FOOT_ROOM mm below the last row's bleed; the grid is
    # raised into the top band for it, as far as the title leaves room.
    grid = rows * h + (rows - 1) * 2 * bleed
    spare = (paper_h - grid) / 2 - bleed
    lift = min(max(0.0, FOOT_ROOM - spare), max(0.0, spare - TITLE_ROOM))
    return TileSheet(paper_w, paper_h, size, cols, rows, round(gap_x, 6), 2 * bleed, round(lift, 6))


def behind(x: float, y: float, paper_w: float, paper_h: float, edge: str) -> tuple[float, float]:
    """Where a point of a back page lies on its front page once the sheet is turned over on
    its long edge (left and right swap on a portrait sheet) or its short edge (top and bottom
    swap)."""
    if edge == "long":
        return paper_w - x, y
    if edge == "short":
        return x, paper_h - y
    raise ValueError("duplex edge must be 'long' or 'short'")


def centred_symbol(shape: str, x: float, y: float, r: float, style: Style = SYMBOL) -> Op:
    """A player's shape whose bounding box is centred on (x, y) (a triangle's is not, drawn
    by ``symbols.symbol``)."""
    op = symbol(shape, x, y, r, style)
    if isinstance(op, Circle):
        return op
    points = op.subpaths[0]
    dx = x - (min(p[0] for p in points) + max(p[0] for p in points)) / 2
    dy = y - (min(p[1] for p in points) + max(p[1] for p in points)) / 2
    return Path(
        tuple(tuple((px + dx, py + dy) for px, py in sub) for sub in op.subpaths),
        op.style,
        op.closed,
    )


def _bend(s: float, bleed: float) -> list[tuple[float, float]]:
    """The curved road: from the middle of the bottom side to the middle of the upper-right
    side, leaving both at right angles (so roads meet smoothly from tile to tile), straight
    towards the centre and round the centre in an arc of radius s / 2; each end runs ``bleed``
    mm past its side."""
    h = SQRT3 / 2 * s
    out = (math.cos(math.radians(-30)), math.sin(math.radians(-30)))  # towards the side
    radius = s / 2
    tangent = radius * math.tan(math.radians(30))  # a turn of 60 degrees
    cx, cy = radius, tangent  # the arc's centre, right of the road as it goes up
    a0 = math.atan2(0.0, -radius)  # pi: the arc starts left of its centre
    a1 = a0 + math.radians(60)
    arc = [
        (
            cx + radius * math.cos(a0 + (a1 - a0) * k / 12),
            cy + radius * math.sin(a0 + (a1 - a0) * k / 12),
        )
        for k in range(13)
    ]
    end = ((h + bleed) * out[0], (h + bleed) * out[1])
    return [(0.0, h + bleed), *arc, end]


# ------------------------------------------------------------------ the faces


def road_face(tile: Tile, s: float, curved: bool, bleed: float = BLEED) -> Face:
    """One face of a road tile: terrain, the road in the player's colour, the player's shape
    at the centre."""
    _name, colour, shape = PLAYERS[tile.player]
    h = SQRT3 / 2 * s
    points = _bend(s, bleed) if curved else [(0.0, h + bleed), (0.0, -h - bleed)]
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke=None, fill=FILL[tile.terrain]))]
    # Terrain marks beside the road, so the cost is readable on the table.
    ops.extend(terrain_marks(-0.55 * s, 0.0, tile.terrain, 0.8 * s))
    ops.append(Path((tuple(points),), Style(stroke="#2b2b2b", width=s * 0.34, cap="butt")))
    ops.append(Path((tuple(points),), Style(stroke=colour, width=s * 0.26, cap="butt")))
    ops.append(centred_symbol(shape, 0.0, 0.0, s * 0.15))
    return Face(FILL[tile.terrain], tuple(ops), EDGE[tile.terrain])


def settlement_face(kind: str, s: float, lang: str, rules: LaStradaRules | None = None) -> Face:
    gold = (rules or rules_preset()).gold[kind]
    fill = "#fbf7ea"
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke=None, fill=fill))]
    ops.extend(settlement_icon(kind, 0, -s * 0.2, s * 1.4))
    ops.append(Text(0, s * 0.28, t(f"ls_{kind}", lang), size=s * 0.33, bold=True, anchor="middle"))
    ops.append(Text(0, s * 0.6, "·".join(str(v) for v in gold), size=s * 0.36, anchor="middle"))
    return Face(fill, tuple(ops))


def settlement_back(s: float) -> Face:
    fill = "#7b6a4a"
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke=None, fill=fill))]
    ops.append(polygon(flat_hex(0, 0, s * 0.8), Style(stroke="#efe6cf", width=0.6)))
    ops.append(
        Text(0, s * 0.12, "La Strada", size=s * 0.4, bold=True, anchor="middle", fill="#efe6cf")
    )
    return Face(fill, tuple(ops))


def start_face(player: int, s: float, lang: str) -> Face:
    """A start tile: a disc in the player's colour with their shape, both at the centre."""
    _name, colour, shape = PLAYERS[player]
    fill = FILL["plain"]
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke=None, fill=fill))]
    ops.append(Circle(0, 0, s * 0.42, Style(stroke="#000000", width=0.5, fill=colour)))
    ops.append(
        centred_symbol(shape, 0, 0, s * 0.24, Style(stroke="#000000", width=0.3, fill="#ffffff"))
    )
    ops.append(Text(0, s * 0.71, t("ls_start", lang), size=s * 0.3, bold=True, anchor="middle"))
    return Face(fill, tuple(ops))


def road_tiles(players: int = 4, rules: LaStradaRules | None = None) -> list[Tile]:
    """Each player's supply of road tiles, by the rules preset."""
    rules = rules or rules_preset()
    return [
        Tile("road", terrain, p)
        for p in range(players)
        for terrain in ROAD_ORDER
        for _ in range(rules.supply(terrain))
    ]


def all_tiles(m: LaStradaMap, rules: LaStradaRules | None = None) -> list[Tile]:
    """Every hex tile of the kit, in print order: the road tiles, the settlements, two start
    tiles per colour."""
    rules = rules or rules_preset()
    tiles = road_tiles(rules.players[1], rules)
    tiles += [Tile("settlement", settlement=x.kind) for x in m.settlements]
    tiles += [Tile("start", player=p) for p in range(len(PLAYERS)) for _ in range(2)]
    return tiles


# ------------------------------------------------------------------ the tokens (pure layout)


@dataclass(frozen=True)
class Squares:
    """A block of one player's square tokens, cut edge to edge: ``count`` squares of ``side``
    mm in ``cols`` x ``rows`` from (x, y), reading order."""

    player: int
    x: float
    y: float
    cols: int
    rows: int
    count: int
    side: float

    @property
    def w(self) -> float:
        return self.cols * self.side

    @property
    def h(self) -> float:
        return self.rows * self.side

    def squares(self) -> list[tuple[float, float]]:
        """The top-left corner of each square."""
        return [
            (self.x + (k % self.cols) * self.side, self.y + (k // self.cols) * self.side)
            for k in range(self.count)
        ]


Shelf = tuple[float, float, float, float]  # x, y, w, h: free room on a sheet, mm


def free_shelves(sheet: TileSheet, used: int) -> list[Shelf]:
    """The room a sheet holding ``used`` tiles leaves: the rest of the last row it uses (one
    gutter after its last tile), then every free row below as one shelf."""
    if used >= sheet.per_sheet:
        return []
    full, part = divmod(used, sheet.cols)
    pitch_x, pitch_y = sheet.tile_w + sheet.gap_x, sheet.tile_h + sheet.gap_y
    width = sheet.cols * sheet.tile_w + (sheet.cols - 1) * sheet.gap_x
    shelves: list[Shelf] = []
    if part:
        x = sheet.x0 + part * pitch_x - sheet.gap_x + 2 * BLEED
        shelves.append((x, sheet.y0 + full * pitch_y, sheet.x0 + width - x, sheet.tile_h))
        full += 1
    if full < sheet.rows:
        rows = sheet.rows - full
        shelves.append(
            (
                sheet.x0,
                sheet.y0 + full * pitch_y,
                width,
                rows * sheet.tile_h + (rows - 1) * sheet.gap_y,
            )
        )
    return shelves


def pack_tokens(
    shelves: list[Shelf], players: int, merchants: int, pawn: float, marker: float
) -> list[Squares] | None:
    """Each player's merchants as one block of at most TOKEN_ROWS rows, then each player's
    marker, left to right in lines down the shelves, 2 x BLEED apart (room for both blocks'
    bleed); None when they do not fit."""
    todo = [(p, merchants, pawn) for p in range(players)] + [(p, 1, marker) for p in range(players)]
    placed: list[Squares] = []
    for sx, sy, sw, sh in shelves:
        x, y, line_h = sx, sy, 0.0
        while todo:
            player, count, side = todo[0]
            rows = min(count, TOKEN_ROWS, int((sy + sh - y + 1e-9) // side))
            if rows < 1:
                break
            cols = -(-count // rows)
            rows = -(-count // cols)
            if x + cols * side > sx + sw + 1e-9:
                if x == sx:
                    break  # not even on a line of its own
                x, y, line_h = sx, y + line_h + 2 * BLEED, 0.0  # the next line
                continue
            placed.append(Squares(player, x, y, cols, rows, count, side))
            x += cols * side + 2 * BLEED
            line_h = max(line_h, rows * side)
            todo.pop(0)
    return None if todo else placed


def behind_rect(
    x: float, y: float, w: float, h: float, paper_w: float, paper_h: float, edge: str
) -> tuple[float, float]:
    """The top-left corner, on the back page, of the rectangle behind (x, y, w, h) of the
    front page once the sheet is turned over on ``edge``."""
    cx, cy = behind(x + w / 2, y + h / 2, paper_w, paper_h, edge)
    return cx - w / 2, cy - h / 2


def pawn_size(hex_size: float) -> float:
    """A merchant pawn's side, mm: four of them, two by two, sit inside a settlement's hex."""
    return round(min(12.0, 0.6 * hex_size), 1)


def marker_size(rules: LaStradaRules | None = None) -> float:
    """A travel-day marker's side, mm: it sits inside a box of the track."""
    return round(track_box(rules) - 2.0, 1)


def token_ops(
    blocks: list[Squares], paper_w: float, paper_h: float, front: bool, edge: str
) -> list[Op]:
    """The token blocks on a front page (bleed, squares with their cut lines, shapes), or
    their backs on the back page, each square behind its front."""
    ops: list[Op] = []
    for block in blocks:
        _name, colour, shape = PLAYERS[block.player]
        x, y = (block.x, block.y)
        if not front:
            x, y = behind_rect(x, y, block.w, block.h, paper_w, paper_h, edge)
        ops.append(
            rect(
                x - BLEED,
                y - BLEED,
                block.w + 2 * BLEED,
                block.h + 2 * BLEED,
                Style(stroke=None, fill=colour),
            )
        )
        for sx, sy in block.squares():
            if not front:
                sx, sy = behind_rect(sx, sy, block.side, block.side, paper_w, paper_h, edge)
            if front:
                ops.append(
                    rect(sx, sy, block.side, block.side, Style(stroke="#000000", width=0.25))
                )
            ops.append(
                centred_symbol(shape, sx + block.side / 2, sy + block.side / 2, block.side * 0.28)
            )
    return ops


# ------------------------------------------------------------------ the sheets


def _place(sheet: TileSheet, slots: list[int | None], faces: list[Face], edges: bool) -> list[Op]:
    """The faces in their slots: every bleed first (a neighbour's bleed never covers a face),
    then the faces, then (on a front) the cut lines."""
    placed = [(sheet.centre(slot), faces[i]) for slot, i in enumerate(slots) if i is not None]
    big = grown(sheet.size, BLEED)
    ops: list[Op] = [
        polygon(flat_hex(x, y, big), Style(stroke=None, fill=face.fill)) for (x, y), face in placed
    ]
    ops += [Group(face.ops, dx=x, dy=y) for (x, y), face in placed]
    if edges:
        ops += [
            polygon(flat_hex(x, y, sheet.size), Style(stroke=face.edge, width=0.25))
            for (x, y), face in placed
        ]
    return ops


@dataclass(frozen=True)
class Tokens:
    """The square tokens to print with the tiles: per player ``merchants`` pawns of ``pawn``
    mm and one marker of ``marker`` mm."""

    players: int
    merchants: int
    pawn: float
    marker: float


def hex_sheets(
    tiles: list[Tile],
    front: Painter,
    back: Painter,
    paper: str,
    size: float,
    lang: str,
    name: str,
    duplex: str = "long",
    tokens: Tokens | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Drawing]:
    """The tiles on as few sheets as hold them, all kinds one after the other, then the tokens
    in the room the last sheet leaves (on a sheet of their own when they do not fit there).
    Each front page is followed by its back page: every back, tile or token, lies behind its
    front once the sheet is turned over on the ``duplex`` edge, then moved by ``back_offset``
    (mm, on the back page: what the duplex test measured for the printer)."""
    pw, ph = paper_size(paper)
    sheet = tile_sheet(pw, ph, size)
    fronts = [front(tile) for tile in tiles]
    backs = [back(tile) for tile in tiles]
    sheets = impose(len(tiles), sheet.per_sheet) or [[None] * sheet.per_sheet]
    blocks: list[Squares] = []
    if tokens is not None:
        used = sum(i is not None for i in sheets[-1])
        args = (tokens.players, tokens.merchants, tokens.pawn, tokens.marker)
        found = pack_tokens(free_shelves(sheet, used), *args)
        if found is None:
            sheets.append([None] * sheet.per_sheet)
            found = pack_tokens(free_shelves(sheet, 0), *args)
        if found is None:
            raise ValueError(f"the tokens do not fit on {paper} paper")
        blocks = found
    pages: list[Drawing] = []
    for n, slots in enumerate(sheets):
        last = n == len(sheets) - 1
        ops = _place(sheet, slots, fronts, edges=True)
        ops += token_ops(blocks if last else [], pw, ph, True, duplex)
        x_end = pw - sheet.x0
        used_rows = -(-sum(i is not None for i in slots) // sheet.cols)
        for y in sheet.row_cuts()[: 2 * used_rows]:  # the straight cuts, marked in both margins
            ops.append(line((3.0, y), (sheet.x0 - 1.5, y), CUT))
            ops.append(line((x_end + 1.5, y), (pw - 3.0, y), CUT))
        title = t("ls_tiles_title", lang, n=n + 1, count=len(sheets))
        ops.append(Text(pw / 2, 9.0, title, size=8, bold=True, anchor="middle"))
        # The scale bar and the note in the bottom band, below the last row's bleed and
        # FOOT mm or more above the paper's edge (out of a home printer's unprintable margin).
        ruler_y = ph - FOOT_RULER
        ops.extend(ruler_ops(SIDE, ruler_y, lang))
        note = t(f"duplex_{duplex}", lang) + " " + t("ls_tiles_note", lang)
        note_x = SIDE + 56.0
        for k, row in enumerate(fonts.wrap(note, NOTE_PT, pw - SIDE - note_x)[:2]):
            ops.append(Text(note_x, ruler_y - 1.0 + 2.8 * k, row, size=NOTE_PT, fill="#333333"))
        pages.append(Drawing(f"{name}_{n + 1}_front", pw, ph, tuple(ops)))
        behind_slots = duplex_backs(slots, sheet.cols, sheet.rows, duplex)
        ops = _place(sheet.turned(duplex), behind_slots, backs, edges=False)
        ops += token_ops(blocks if last else [], pw, ph, False, duplex)
        dx, dy = back_offset
        body: tuple[Op, ...] = (Group(tuple(ops), dx=dx, dy=dy),) if dx or dy else tuple(ops)
        pages.append(Drawing(f"{name}_{n + 1}_back", pw, ph, body))
    return pages


def tile_pages(
    m: LaStradaMap,
    paper: str,
    lang: str,
    rules: LaStradaRules | None = None,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Drawing]:
    """Every hex tile and token, double-sided, on as few sheets as hold them: fronts, each
    followed by its backs for the ``duplex`` flip, moved by the printer's measured
    ``back_offset`` (mm)."""
    rules = rules or rules_preset()
    s = m.hex_size

    def front(tile: Tile) -> Face:
        if tile.kind == "road":
            return road_face(tile, s, curved=False)
        if tile.kind == "settlement":
            return settlement_face(tile.settlement, s, lang, rules)
        return start_face(tile.player, s, lang)

    def back(tile: Tile) -> Face:
        if tile.kind == "road":
            return road_face(tile, s, curved=True)
        if tile.kind == "settlement":
            return settlement_back(s)
        return start_face(tile.player, s, lang)

    tokens = Tokens(rules.players[1], rules.merchants, pawn_size(s), marker_size(rules))
    return hex_sheets(
        all_tiles(m, rules), front, back, paper, s, lang, "tiles", duplex, tokens, back_offset
    )
