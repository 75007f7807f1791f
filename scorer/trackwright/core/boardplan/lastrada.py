"""La Strada's board plan: where the hexagon of land pieces lies in the board's frame (the kits
lay the board out with the same functions) and its hexes, piece borders and settlements as
drawing items."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trackwright.core import hexgrid
from trackwright.core.boardplan import Item, hex_places, hexes_by_class, marks, plan, pt, r2, text
from trackwright.core.hexgrid import Hex
from trackwright.core.lastrada import LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset

# The four player colours of the game (black, light grey, yellow, brick red), each with a shape.
PLAYERS: tuple[tuple[str, str, str], ...] = (
    ("black", "#262626", "circle"),
    ("grey", "#c4c4c4", "square"),
    ("yellow", "#f0c419", "triangle"),
    ("red", "#b5483a", "diamond"),
)
FRAME = 48.0  # frame width around the hexagon, mm (at least)
TRACK_BOX = 13.0  # a box of a travel-day track, mm (a marker is 2 mm smaller)
TRACK_MAX = 270.0  # a track's length at most, mm: it fits a landscape A4 or Letter sheet
TABLE_W, TABLE_H = 72.0, 37.5  # a scoring table in a corner of the frame, mm
Point = tuple[float, float]


def extent(m: LaStradaMap, hexes: Iterable[Hex] | None = None) -> tuple[float, float, float, float]:
    return hexgrid.Layout(size=m.hex_size).bounds(hexes or m.terrain)


def track_box(rules: LaStradaRules | None = None) -> float:
    """The side of a travel-day track's box, mm: the track runs 0 to a turn's most days."""
    rules = rules or rules_preset()
    return min(TRACK_BOX, TRACK_MAX / (rules.max_days_per_turn + 1))


def track_length(rules: LaStradaRules | None = None) -> float:
    rules = rules or rules_preset()
    return track_box(rules) * (rules.max_days_per_turn + 1)


def frame(m: LaStradaMap, rules: LaStradaRules | None = None) -> tuple[float, float, float, float]:
    """The assembled board's width and height and where hex (0, 0) sits, mm: the hexagon of
    land pieces centred in a frame at least FRAME wide, and wide enough for a track between
    two scoring tables on every side (a board of small hexes gets a wider frame)."""
    minx, miny, maxx, maxy = extent(m)
    room = track_length(rules) + 2 * (10 + TABLE_W + 4)  # a track between two tables
    width = max(maxx - minx + 2 * FRAME, room)
    height = max(maxy - miny + 2 * FRAME, room - 2 * TABLE_W + 2 * (TABLE_H + 15))
    ox = (width - (maxx - minx)) / 2 - minx
    oy = (height - (maxy - miny)) / 2 - miny
    return width, height, ox, oy


def places(m: LaStradaMap) -> dict[str, Any]:
    """The page's tap targets: every hex's centre and outline on the assembled board."""
    _width, _height, ox, oy = frame(m)
    return hex_places(m.terrain, m.hex_size, ox, oy)


def players() -> list[dict[str, Any]]:
    """The players' colours and shapes as the page draws them."""
    return [{"colour": c, "shape": s} for _n, c, s in PLAYERS]


def piece_borders(m: LaStradaMap, at: hexgrid.Layout) -> list[tuple[Point, Point]]:
    """The sides between hexes of different pieces: where the modules meet."""
    out = []
    for h, piece in m.piece_of.items():
        for n in hexgrid.neighbours(h):
            if n in m.piece_of and m.piece_of[n] != piece and h < n:
                out.append(at.side_points(hexgrid.side(h, n)))
    return out


ID_PT = 0.42  # a settlement id's size, pt per mm of hex size (6.3 pt on the 15 mm hexes)


def settlement_id_at(x: float, y: float, s: float) -> tuple[float, float, float]:
    """Where a settlement's id is printed ("s07", as records and the scorer name it) for a
    settlement (or spot) centred at x, y in a hex of size s: between its circle and the hex's
    top corner (x, baseline y, size pt)."""
    return x, y - s * 0.66, round(s * ID_PT, 2)


def _settlements(m: LaStradaMap, at: hexgrid.Layout, rules: LaStradaRules) -> list[Item]:
    s = m.hex_size
    out: list[Item] = []
    for st in m.settlements:
        x, y, size = settlement_id_at(*at.centre(st.hex), s)
        out.append(text(x, y, st.id, size, bold=True))
    for kind in rules.gold:
        spots = [at.centre(st.hex) for st in m.settlements if st.kind == kind]
        if spots:
            out.append(
                {"t": "rings", "c": "ls-spot", "r": r2(s * 0.62), "pts": [pt(*p) for p in spots]}
            )
            out += marks(f"ls-{kind}", s, [(x, y - s * 0.12) for x, y in spots])
            row = "·".join(str(v) for v in rules.gold[kind])
            out += [text(x, y + s * 0.38, row, s * 0.36, bold=True) for x, y in spots]
    return out


def board_plan(m: LaStradaMap) -> dict[str, Any]:
    """The whole plan: the frame, the hexes by terrain (trees and peaks on them), the borders
    between the land pieces, each settlement with its picture and its row of gold, and the
    board's name."""
    width, height, ox, oy = frame(m)
    at = hexgrid.Layout(size=m.hex_size, origin=(ox, oy))
    items: list[Item] = [
        {"t": "rect", "c": "ls-ground", "x": 0, "y": 0, "w": r2(width), "h": r2(height)},
        {"t": "rect", "c": "ls-frame", "x": 4, "y": 4, "w": r2(width - 8), "h": r2(height - 8)},
    ]
    items += hexes_by_class(m.terrain, "ls", ("plain", "forest", "hill"))
    bare = [h for h in sorted(m.terrain) if h not in m.settlement_by_hex]
    for terrain in ("forest", "hill"):
        items += marks(terrain, m.hex_size, [at.centre(h) for h in bare if m.terrain[h] == terrain])
    borders = [[*pt(*a), *pt(*b)] for a, b in piece_borders(m, at)]
    items.append({"t": "lines", "c": "ls-border", "segs": borders})
    items += _settlements(m, at, rules_preset())
    items.append(text(width / 2, height - 16, f"La Strada · {m.name}", 9, "title"))
    return plan(width, height, places(m), players(), items)
