"""Hex maps of real regions (England, the US east coast, France) from coarse geography.

A region file (templates/dampfross/regions/*.json) gives, in longitude/latitude: the land, the
foreign land left off the map, estuaries the coarse coastline misses, hill regions, rivers, and
towns with their numbers; and lakes, whole: water over land and foreign land alike, never sea.
The builder lays the hex grid over it: a hex is land when its centre is on land, off the map when
it is on foreign land, sea otherwise (a lake's hexes are water first); hills likewise; each river
becomes the chain of hex sides closest to its course; each town takes the nearest free land hex.
The result goes through the same checks as any map file, and the built maps are stored in
templates/dampfross/maps/ (rebuild one with
``python -m trackwright.kits.dampfross.preset REGION.json MAP.json``).
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx
from shapely.geometry import Point, Polygon
from shapely.ops import unary_union
from shapely.prepared import prep

from trackwright.core import dampfross as model
from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex, Side
from trackwright.core.output import write_atomic

BUILDER_VERSION = "2"  # 2: no stranded water nor border pockets


def _projection(region: dict[str, Any]) -> Callable[[float, float], tuple[float, float]]:
    """Longitude/latitude to the grid of hex centres (hex units: size 1), the region's bounds
    fitted into the grid."""
    width, height = region["grid"]["width"], region["grid"]["height"]
    b = region["bounds"]
    lat0 = (b["south"] + b["north"]) / 2
    k = math.cos(math.radians(lat0))
    span_x, span_y = (b["east"] - b["west"]) * k, b["north"] - b["south"]
    grid_w, grid_h = hexgrid.rectangle_span(width, height, 1.0)
    scale = min(grid_w / span_x, grid_h / span_y)
    off_x = (grid_w - span_x * scale) / 2
    off_y = (grid_h - span_y * scale) / 2

    def to_grid(lon: float, lat: float) -> tuple[float, float]:
        return off_x + (lon - b["west"]) * k * scale, off_y + (b["north"] - lat) * scale

    return to_grid


def lakes_of(region: dict[str, Any]) -> set[Hex]:
    """The hexes of the region's lakes (see ``_lakes``)."""
    width, height = region["grid"]["width"], region["grid"]["height"]
    return _lakes(region.get("lakes", []), width, height, _projection(region))


def build(region: dict[str, Any], where: str = "<region>") -> model.DampfrossMap:
    width, height = region["grid"]["width"], region["grid"]["height"]
    to_grid = _projection(region)

    def shapes(key: str):
        rings = [Polygon([to_grid(*p) for p in ring]).buffer(0) for ring in region.get(key, [])]
        return prep(unary_union(rings)) if rings else None

    land, foreign, hills = shapes("land"), shapes("foreign"), shapes("hills")
    estuaries = shapes("water")  # sea the coarse coastline misses: estuaries, bays
    lake_hexes = _lakes(region.get("lakes", []), width, height, to_grid)
    terrain: dict[Hex, str] = {}
    for h in hexgrid.rectangle(width, height):
        centre = Point(hexgrid.centre(h, 1.0))
        if h in lake_hexes or (estuaries is not None and estuaries.contains(centre)):
            terrain[h] = "water"
        elif land is not None and land.contains(centre):
            terrain[h] = "hill" if hills is not None and hills.contains(centre) else "plain"
        elif foreign is not None and foreign.contains(centre):
            continue  # another country: not part of the map
        else:
            terrain[h] = "water"

    lakes = lake_water(terrain, lake_hexes)
    for h in stranded_water(terrain, lakes):
        del terrain[h]  # sea cut off behind foreign land: not part of the map either
    for h in border_pockets(terrain, set(hexgrid.rectangle(width, height)), lakes):
        del terrain[h]  # a gap between the outlines at a land border: that country's land

    rivers = _rivers(region.get("rivers", []), terrain, to_grid)

    towns = []
    taken: dict[Hex, str] = {}
    land_hexes = [h for h, t in terrain.items() if t != "water"]
    for i, town in enumerate(region["towns"]):
        point = to_grid(town["lon"], town["lat"])
        # The nearest land hex; when a neighbouring town already has it, the nearest free one.
        free = [h for h in land_hexes if h not in taken]
        nearest = min(free, key=lambda h: (math.dist(hexgrid.centre(h, 1.0), point), h))
        if math.dist(hexgrid.centre(nearest, 1.0), point) > 2.0:
            crowded = [n for h, n in taken.items() if math.dist(hexgrid.centre(h, 1.0), point) < 2]
            raise TrackwrightError.of(
                "df.preset.town.crowded" if crowded else "df.preset.town.off-land",
                f"{where}: $.towns[{i}]",
                name=town["name"],
                crowded=", ".join(crowded),
            )
        taken[nearest] = town["name"]
        towns.append({"name": town["name"], "hex": list(nearest), "numbers": town["numbers"]})

    sea = model.sea_hexes(terrain) - lake_water(terrain, lake_hexes)
    ports = sorted(
        t["name"] for t in towns if any(n in sea for n in hexgrid.neighbours(tuple(t["hex"])))
    )
    data = {
        "format": mapfile.FORMAT,
        "game": "dampfross",
        "name": region["name"],
        "version": str(region.get("version", "1")),
        "generator": {
            "name": "trackwright-dampfross-preset",
            "version": BUILDER_VERSION,
            "seed": None,
            "params": {"region": region["name"], "width": width, "height": height},
        },
        "hex_size": region["grid"].get("hex_size", model.DEFAULT_HEX_SIZE),
        "start": region.get("start", "town"),
        "hexes": [{"q": q, "r": r, "terrain": t} for (q, r), t in terrain.items()],
        "rivers": [[list(a), list(c)] for a, c in sorted(rivers)],
        "towns": towns,
        "ports": ports,
    }
    return model.from_json(data, where)


def _lakes(rings, width: int, height: int, to_grid) -> set[Hex]:
    """The hexes of the region's lakes, over land and foreign land alike: for each lake the hexes
    whose centres it holds, kept whole (its largest connected piece: a bay the grid cuts off
    stays land)."""
    out: set[Hex] = set()
    grid = hexgrid.rectangle(width, height)
    for ring in rings:
        shape = prep(Polygon([to_grid(*p) for p in ring]).buffer(0))
        inside = [h for h in grid if shape.contains(Point(hexgrid.centre(h, 1.0)))]
        if inside:
            out |= max(hexgrid.components(inside), key=lambda g: (len(g), sorted(g)))
    return out


def lake_water(terrain: dict[Hex, str], lake_hexes: set[Hex]) -> set[Hex]:
    """The water of the region's lakes: every body of water hexes that holds a lake hex. A lake
    may touch the map's edge or foreign land, which makes it sea to ``sea_hexes``; a town on
    its shore is no sea port."""
    water = [h for h, t in terrain.items() if t == "water"]
    return set().union(*(g for g in hexgrid.components(water) if g & lake_hexes))


def _rivers(lines, terrain: dict[Hex, str], to_grid) -> set[Side]:
    """Each river's course as the chain of land-land hex sides that follows it most closely."""
    g = nx.Graph()
    for h, t in terrain.items():
        if t == "water":
            continue
        for corner in hexgrid.corners_of(h):
            for other, s in hexgrid.corner_neighbours(corner):
                a, c = s
                if terrain.get(a, "water") != "water" and terrain.get(c, "water") != "water":
                    pa, pb = hexgrid.corner_point(corner, 1.0), hexgrid.corner_point(other, 1.0)
                    g.add_edge(corner, other, side=s, weight=math.dist(pa, pb))
    if g.number_of_nodes() == 0:
        return set()
    corners = sorted(g.nodes, key=sorted)
    points = {c: hexgrid.corner_point(c, 1.0) for c in corners}
    out: set[Side] = set()
    for line in lines:
        course = [to_grid(lon, lat) for lon, lat in line]
        stops = [min(corners, key=partial(_nearest_key, points, p)) for p in course]
        for a, c in itertools.pairwise(stops):
            if a == c or not nx.has_path(g, a, c):
                continue
            path = nx.shortest_path(g, a, c, weight="weight")
            out.update(g.edges[u, v]["side"] for u, v in itertools.pairwise(path))
    return out


def build_file(path: Path) -> model.DampfrossMap:
    return build(mapfile.read_json(path), str(path))


def stranded_water(terrain: dict[Hex, str], keep: AbstractSet[Hex] = frozenset()) -> list[Hex]:
    """Water hexes that are neither coast nor open sea: they touch no land hex of the map and no
    hex of open sea (a water hex whose six neighbours are all water on the map). These are the
    strips the coarse outlines leave between foreign land and the grid's edge (east of France's
    border, east of the Channel), which would print as detached columns of sea. Hexes in
    ``keep`` (the lakes and the water joined to them) stay."""
    water = {h for h, t in terrain.items() if t == "water"}
    core = {h for h in water if all(n in water for n in hexgrid.neighbours(h))}
    out = []
    for h in sorted(water):
        around = hexgrid.neighbours(h)
        coast = any(terrain.get(n, "water") != "water" for n in around)
        if h in keep:
            continue
        if not coast and h not in core and not any(n in core for n in around):
            out.append(h)
    return out


def border_pockets(
    terrain: dict[Hex, str], grid: set[Hex], keep: AbstractSet[Hex] = frozenset()
) -> list[Hex]:
    """Water bodies wedged between the map's land and foreign land: they touch foreign land (a
    hex of the grid left off the map) and hold no open sea (no hex whose six neighbours are all
    water on the map). The coarse outlines leave such gaps at land borders (France's with Spain
    and Italy); printed, they are ponds that no real coast has. Hexes in ``keep`` stay."""
    water = [h for h, t in terrain.items() if t == "water"]
    out: list[Hex] = []
    for body in hexgrid.components(water):
        if body & keep:
            continue
        around = [n for h in body for n in hexgrid.neighbours(h)]
        foreign = any(n in grid and n not in terrain for n in around)
        open_sea = any(all(terrain.get(n) == "water" for n in hexgrid.neighbours(h)) for h in body)
        if foreign and not open_sea:
            out.extend(body)
    return sorted(out)


def _nearest_key(
    points: dict[Any, tuple[float, float]], p: tuple[float, float], c: Any
) -> tuple[float, list[Any]]:
    """Order corners by distance to p, then by their hexes (a fixed tie-break)."""
    return math.dist(points[c], p), sorted(c)


if __name__ == "__main__":  # maintainers: rebuild a stored preset from its region file
    write_atomic(Path(sys.argv[2]), mapfile.dumps(build_file(Path(sys.argv[1])).to_json()))
