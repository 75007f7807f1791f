"""TransAmerica's board plan: the places the page hit-tests (the lattice's own millimetres, with
the regions' colours, shapes and names as printed; the kits use the same functions) and the
board's land, track spaces, intersections and cities as drawing items."""

from __future__ import annotations

import functools
import itertools
import math
from typing import Any

from trackwright.core import palette
from trackwright.core.boardplan import Item, plan, pt, r2, text
from trackwright.core.transamerica import REGIONS, TransAmericaMap

CITY_R = 4.4
NODE_R = 1.25  # an intersection's dot
SHORTEN = 1.8  # a track space's line stops this far from each intersection
ID_PT = 6.0  # the intersections' ids (the smallest size readable at arm's length)
LABEL_PT = 8.5  # a city name's size

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# The published game's region names belong to the USA boards (the built-in re-drawing, the
# published board and boards built from the USA region file); every other board gets names
# from where its regions lie.
USA_BOARDS = ("USA", "USA (the published board)")
COMPASS: dict[str, tuple[float, float]] = {
    "centre": (0.0, 0.0),
    "north": (0.0, -1.0),
    "south": (0.0, 1.0),
    "west": (-1.0, 0.0),
    "east": (1.0, 0.0),
    "north_west": (-0.8, -0.8),
    "north_east": (0.8, -0.8),
    "south_west": (-0.8, 0.8),
    "south_east": (0.8, 0.8),
}


def shortened(a: Point, b: Point, shorten: float = SHORTEN) -> tuple[Point, Point]:
    """The segment a-b less ``shorten`` at each end (a track space as printed)."""
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    k = shorten / length if length else 0
    return (x1 + (x2 - x1) * k, y1 + (y2 - y1) * k), (x2 - (x2 - x1) * k, y2 - (y2 - y1) * k)


def compass_regions(m: TransAmericaMap) -> dict[str, str]:
    """Each colour region's compass name (a key of COMPASS), from where its cities lie among all
    the board's cities: the five names nearest the five regions' centres, no name twice."""
    xs = [m.nodes[c.node].x for c in m.cities]
    ys = [m.nodes[c.node].y for c in m.cities]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    hx, hy = max((max(xs) - min(xs)) / 2, 1e-9), max((max(ys) - min(ys)) / 2, 1e-9)
    centres = {}
    for region in REGIONS:
        own = [m.nodes[c.node] for c in m.cities if c.region == region]
        centres[region] = (
            (sum(n.x for n in own) / len(own) - cx) / hx,
            (sum(n.y for n in own) / len(own) - cy) / hy,
        )
    return dict(zip(REGIONS, _compass_names(tuple(centres[r] for r in REGIONS)), strict=True))


@functools.lru_cache(maxsize=64)
def _compass_names(centres: tuple[tuple[float, float], ...]) -> tuple[str, ...]:
    """The compass names for the regions' centres (in REGIONS order) that lie nearest them all
    together (least squares), each name once; asked for every card and legend, made once."""
    cost = [{name: math.dist(c, COMPASS[name]) ** 2 for name in COMPASS} for c in centres]
    best: tuple[float, tuple[str, ...]] | None = None
    for names in itertools.permutations(COMPASS, len(centres)):
        total = sum(cost[k][name] for k, name in enumerate(names))
        if best is None or total < best[0] - 1e-12:
            best = (total, names)
    assert best is not None
    return best[1]


def region_words(m: TransAmericaMap) -> dict[str, tuple[str, str]]:
    """Which words name each colour region on this board: ``("region", colour)`` (the published
    game's names, on the USA boards) or ``("compass", name)`` (from where the region lies). The
    kits print ``ta_<kind>_<name>`` of their strings, the page shows ``ta.<kind>.<name>`` of its."""
    if m.name in USA_BOARDS:
        return {region: ("region", region) for region in REGIONS}
    return {region: ("compass", name) for region, name in compass_regions(m).items()}


def places(m: TransAmericaMap, names: dict[str, str]) -> dict[str, Any]:
    """The page's places: the intersections are the map's own (millimetres of the board), with
    the cities' disc radius and the regions' colours, shapes and ``names`` as printed."""
    return {
        "kind": "lattice",
        "city_r": CITY_R,
        # The city cards' colours, shapes and region names as printed, for the page's cards.
        "regions": {
            region: {
                "colour": palette.REGION_STYLE[region][0],
                "outline": palette.shape_outline(palette.REGION_STYLE[region][1]),
                "label": names[region],
            }
            for region in REGIONS
        },
    }


def space_segment(a: Point, b: Point) -> list[float]:
    """A track space between intersections ``a`` and ``b`` as drawn: ``[x1, y1, x2, y2]``."""
    (x1, y1), (x2, y2) = shortened(a, b)
    return [r2(x1), r2(y1), r2(x2), r2(y2)]


def id_label(x: float, y: float, node_id: str) -> Item:
    """An intersection's id, under it."""
    return text(x, y + 4.2, node_id, ID_PT, "ta-id")


def name_label(x: float, y: float, name: str) -> Item:
    """A city's name, beside its shape at intersection (x, y)."""
    return text(x + CITY_R + 0.6, y - 1.2, name, LABEL_PT, "halo", "start", True)


def default_land(width: float, height: float) -> list[Point]:
    """The land of a board whose decor draws none: the board less a sea margin."""
    return [(6, 6), (width - 6, 6), (width - 6, height - 6), (6, height - 6)]


def _ring(points: Any) -> list[list[float]]:
    return [pt(*p) for p in points]


def _land(m: TransAmericaMap) -> list[Item]:
    decor = m.decor or {}
    land = decor.get("land") or [default_land(m.board_w, m.board_h)]
    out: list[Item] = [
        {"t": "paths", "c": "ta-land", "closed": True, "rings": [_ring(r) for r in land]}
    ]
    for name, kind, closed in (
        ("lakes", "ta-lake", True),
        ("mountains", "ta-mountain", True),
        ("rivers", "ta-river", False),
    ):
        if decor.get(name):
            rings = [_ring(r) for r in decor[name]]
            out.append({"t": "paths", "c": kind, "closed": closed, "rings": rings})
    return out


def _track(m: TransAmericaMap) -> list[Item]:
    single: list[list[float]] = []
    double: list[list[float]] = []
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        (single if e.cost == 1 else double).append(space_segment((a.x, a.y), (b.x, b.y)))
    dots = [pt(n.x, n.y) for n in m.nodes.values() if n.id not in m.city_by_node]
    ids = [id_label(n.x, n.y, n.id) for n in m.nodes.values()]
    return [
        {"t": "lines", "c": "ta-single", "segs": single},
        {"t": "lines", "c": "ta-double", "segs": double},
        {"t": "dots", "c": "ta-node", "r": NODE_R, "pts": dots},
        *ids,
    ]


def _cities(m: TransAmericaMap) -> list[Item]:
    shapes, labels = [], []
    for city in m.cities:
        n = m.nodes[city.node]
        colour, shape = palette.REGION_STYLE[city.region]
        shapes.append([r2(n.x), r2(n.y), colour, palette.shape_outline(shape)])
        labels.append(name_label(n.x, n.y, city.name))
    return [{"t": "shapes", "c": "ta-city", "r": CITY_R, "pts": shapes}, *labels]


def board_plan(
    m: TransAmericaMap, names: dict[str, str], cartouche: tuple[Box, float]
) -> dict[str, Any]:
    """The whole plan: sea and land (lakes, mountains, rivers as the map's decor has them), every
    track space (single or double line), the intersections with their ids, the cities in their
    regions' colours and shapes with their names, and the title box where the print has it
    (``cartouche``: its box and how much the board grows for it,
    ``trackwright.photo.marks.cartouche_box``)."""
    (x0, y0, x1, y1), extra = cartouche
    height = m.board_h + extra
    items: list[Item] = [
        {"t": "rect", "c": "ta-sea", "x": 0, "y": 0, "w": r2(m.board_w), "h": r2(height)}
    ]
    items += _land(m) + _track(m) + _cities(m)
    items.append(
        {
            "t": "rect",
            "c": "ta-cartouche",
            "x": r2(x0),
            "y": r2(y0),
            "w": r2(x1 - x0),
            "h": r2(y1 - y0),
        }
    )
    items.append(text(x0 + 5, y0 + 11, "TransAmerica", 20, "title", "start", True))
    items.append(text(x0 + 5, y0 + 17.5, m.name, 7.5, "label", "start"))
    return plan(m.board_w, height, places(m, names), palette.player_styles(), items)
