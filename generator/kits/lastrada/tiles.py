"""La Strada's tiles to print: 124 road tiles (straight front, curved back), 19 settlement
tiles with backs, 8 start tiles, 4 markers and 48 merchant pawns.

Hex tiles are flat-top hexagons of the board's hex size, laid out by ``layout.hex_tile_grid``;
each back sheet holds the backs in mirrored slots (``layout.duplex_backs``), so after a long-edge
duplex print every back lies behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackwright.core import hexgrid
from trackwright.core.lastrada import LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset
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
from trackwright.kits.lastrada.board import EDGE, FILL, PLAYERS, settlement_icon, terrain_marks
from trackwright.kits.lastrada.strings import t
from trackwright.kits.layout import duplex_backs, hex_tile_grid, impose, paper_size

ROAD_ORDER = ("hill", "forest", "plain")  # the order the road tiles are printed in
CUT = Style(stroke="#000000", width=0.2, cap="butt")


@dataclass(frozen=True)
class Tile:
    kind: str  # road, settlement, start
    terrain: str = "plain"
    player: int = 0
    settlement: str = ""


def flat_hex(x: float, y: float, s: float) -> list[tuple[float, float]]:
    """A flat-top hexagon's corners, from the east clockwise."""
    return hexgrid.Layout(hexgrid.FLAT, s, (x, y)).corners((0, 0))


def _curve(
    a: tuple[float, float], c: tuple[float, float], b: tuple[float, float], n: int = 24
) -> list[tuple[float, float]]:
    """A quadratic Bezier curve from a to b pulled towards c, as points."""
    out = []
    for i in range(n + 1):
        u = i / n
        out.append(
            (
                (1 - u) ** 2 * a[0] + 2 * (1 - u) * u * c[0] + u * u * b[0],
                (1 - u) ** 2 * a[1] + 2 * (1 - u) * u * c[1] + u * u * b[1],
            )
        )
    return out


def road_face(tile: Tile, s: float, curved: bool) -> list[Op]:
    """One face of a road tile centred on (0, 0): terrain, the road in the player's colour."""
    _name, colour, shape = PLAYERS[tile.player]
    ops: list[Op] = [
        polygon(
            flat_hex(0, 0, s), Style(stroke=EDGE[tile.terrain], width=0.3, fill=FILL[tile.terrain])
        )
    ]
    h = hexgrid.Layout(hexgrid.FLAT, s).height / 2
    top, bottom = (0.0, -h), (0.0, h)
    if curved:
        end = (0.75 * s, -h / 2)  # the middle of the upper-right side: a gentle curve
        points = _curve(bottom, (0.0, 0.0), end)
    else:
        points = [bottom, top]
    # Terrain marks beside the road, so the cost is readable on the table.
    ops.extend(terrain_marks(-0.5 * s, -0.05 * s, tile.terrain, s))
    ops.append(Path((tuple(points),), Style(stroke="#2b2b2b", width=s * 0.34, cap="butt")))
    ops.append(Path((tuple(points),), Style(stroke=colour, width=s * 0.26, cap="butt")))
    mid = points[len(points) // 2]
    ops.append(
        symbol(shape, mid[0], mid[1], s * 0.12, Style(stroke="#000000", width=0.25, fill="#ffffff"))
    )
    return ops


def settlement_face(kind: str, s: float, lang: str, rules: LaStradaRules | None = None) -> list[Op]:
    gold = (rules or rules_preset()).gold[kind]
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke="#333333", width=0.3, fill="#fbf7ea"))]
    ops.extend(settlement_icon(kind, 0, -s * 0.2, s * 1.4))
    ops.append(Text(0, s * 0.28, t(f"ls_{kind}", lang), size=s * 0.33, bold=True, anchor="middle"))
    ops.append(Text(0, s * 0.6, "·".join(str(v) for v in gold), size=s * 0.36, anchor="middle"))
    return ops


def settlement_back(s: float) -> list[Op]:
    ops: list[Op] = [polygon(flat_hex(0, 0, s), Style(stroke="#333333", width=0.3, fill="#7b6a4a"))]
    ops.append(polygon(flat_hex(0, 0, s * 0.8), Style(stroke="#efe6cf", width=0.6)))
    ops.append(
        Text(0, s * 0.12, "La Strada", size=s * 0.4, bold=True, anchor="middle", fill="#efe6cf")
    )
    return ops


def start_face(player: int, s: float, lang: str) -> list[Op]:
    _name, colour, shape = PLAYERS[player]
    ops: list[Op] = [
        polygon(flat_hex(0, 0, s), Style(stroke="#333333", width=0.3, fill=FILL["plain"]))
    ]
    ops.append(Circle(0, -s * 0.1, s * 0.45, Style(stroke="#000000", width=0.5, fill=colour)))
    ops.append(
        symbol(shape, 0, -s * 0.1, s * 0.24, Style(stroke="#000000", width=0.3, fill="#ffffff"))
    )
    ops.append(Text(0, s * 0.65, t("ls_start", lang), size=s * 0.3, bold=True, anchor="middle"))
    return ops


def road_tiles(players: int = 4, rules: LaStradaRules | None = None) -> list[Tile]:
    """Each player's supply of road tiles, by the rules preset."""
    rules = rules or rules_preset()
    return [
        Tile("road", terrain, p)
        for p in range(players)
        for terrain in ROAD_ORDER
        for _ in range(rules.supply(terrain))
    ]


def hex_sheets(
    tiles: list[Tile], front, back, paper: str, size: float, lang: str, name: str
) -> list[Drawing]:
    """Front sheets, each followed by its mirrored back sheet (long-edge duplex)."""
    pw, ph = paper_size(paper)
    grid = hex_tile_grid(pw, ph, size)
    pages: list[Drawing] = []
    for n, sheet in enumerate(impose(len(tiles), grid.per_sheet)):
        for side, slots, painter in (
            ("front", sheet, front),
            ("back", duplex_backs(sheet, grid.cols, grid.rows), back),
        ):
            ops: list[Op] = []
            for slot, index in enumerate(slots):
                if index is None:
                    continue
                x, y = grid.centre(slot)
                ops.append(Group(tuple(painter(tiles[index])), dx=x, dy=y))
            for y in grid.row_cuts():  # one straight cut per row, marked in both margins
                ops.append(line((2, y), (grid.x0 - 2, y), CUT))
                ops.append(line((pw - grid.x0 + 2, y), (pw - 2, y), CUT))
            if side == "front":
                ops.append(
                    Text(
                        pw / 2,
                        ph - 6.5,  # clear of the 5 mm home printers leave blank
                        t("ls_tiles_note", lang),
                        size=5.5,
                        anchor="middle",
                        fill="#555555",
                    )
                )
            pages.append(Drawing(f"{name}_{n + 1}_{side}", pw, ph, tuple(ops)))
    return pages


def token_page(paper: str, lang: str, rules: LaStradaRules | None = None) -> Drawing:
    """4 markers (18 mm) and 48 merchant pawns (12 mm): squares, cut with straight lines."""
    rules = rules or rules_preset()
    pw, ph = paper_size(paper)
    ops: list[Op] = []
    x0, y = 15.0, 20.0
    per_row = min(rules.merchants, int((pw - 2 * x0) // 12))
    rows = -(-rules.merchants // per_row)
    ops.append(Text(x0, y - 4, t("ls_days", lang), size=8, bold=True))
    for p, (_name, colour, shape) in enumerate(PLAYERS):
        x = x0 + p * 18
        ops.append(rect(x, y, 18, 18, Style(stroke="#000000", width=0.25, fill=colour)))
        ops.append(
            symbol(shape, x + 9, y + 9, 5, Style(stroke="#000000", width=0.3, fill="#ffffff"))
        )
    y += 32
    ops.append(Text(x0, y - 4, t("ls_merchants", lang), size=8, bold=True))
    for p, (_name, colour, shape) in enumerate(PLAYERS):
        for k in range(rules.merchants):
            x = x0 + (k % per_row) * 12
            yy = y + (p * rows + k // per_row) * 12
            ops.append(rect(x, yy, 12, 12, Style(stroke="#000000", width=0.25, fill=colour)))
            ops.append(
                symbol(
                    shape, x + 6, yy + 6, 3.2, Style(stroke="#000000", width=0.25, fill="#ffffff")
                )
            )
    return Drawing("tokens", pw, ph, tuple(ops))


def tile_pages(
    m: LaStradaMap, paper: str, lang: str, rules: LaStradaRules | None = None
) -> list[Drawing]:
    rules = rules or rules_preset()
    s = m.hex_size
    roads = road_tiles(rules.players[1], rules)
    pages = hex_sheets(
        roads,
        lambda tile: road_face(tile, s, curved=False),
        lambda tile: road_face(tile, s, curved=True),
        paper,
        s,
        lang,
        "roads",
    )
    others = [Tile("settlement", settlement=x.kind) for x in m.settlements]
    others += [Tile("start", player=p) for p in range(len(PLAYERS)) for _ in range(2)]

    def front(tile: Tile) -> list[Op]:
        if tile.kind == "settlement":
            return settlement_face(tile.settlement, s, lang, rules)
        return start_face(tile.player, s, lang)

    def back(tile: Tile) -> list[Op]:
        return settlement_back(s) if tile.kind == "settlement" else start_face(tile.player, s, lang)

    pages += hex_sheets(others, front, back, paper, s, lang, "settlements")
    pages.append(token_page(paper, lang, rules))
    return pages
