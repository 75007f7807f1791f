"""Build a TransAmerica lattice board from a region file (geography in longitude/latitude).

The pipeline: project the geography (Albers equal-area conic), scale it so the land spans the
requested number of lattice rows, lay a triangular lattice over it, keep the intersections on
land, make a track space double where it crosses a river or runs in the mountains, snap each
city to its own nearest intersection, and keep the connected lattice. The result is an ordinary
map (``TransAmericaMap``); geometry is only the means, the map file is the product.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import Any

import networkx as nx
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.ops import unary_union

from trackwright.core import lattice as grid
from trackwright.core import mapfile, messages, progress
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.lattice import node_id
from trackwright.core.output import write_atomic
from trackwright.kits.transamerica import board
from trackwright.kits.transamerica.balance import Balance, Band, analyse, band_said

LATTICE_VERSION = "1"


def albers(lon0: float, lat0: float, lat1: float, lat2: float):
    """An Albers equal-area conic projection on the unit sphere: (lon, lat) -> (x, y north-up)."""
    p0, p1, p2 = (math.radians(v) for v in (lat0, lat1, lat2))
    n = (math.sin(p1) + math.sin(p2)) / 2
    c = math.cos(p1) ** 2 + 2 * n * math.sin(p1)
    rho0 = math.sqrt(c - 2 * n * math.sin(p0)) / n

    def project(lon: float, lat: float) -> tuple[float, float]:
        rho = math.sqrt(c - 2 * n * math.sin(math.radians(lat))) / n
        theta = n * math.radians(lon - lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    return project


def _rings(geom) -> list[list[list[float]]]:
    polys = list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]
    out = []
    for poly in polys:
        if poly.is_empty or not isinstance(poly, Polygon):
            continue
        out.append([[round(x, 1), round(y, 1)] for x, y in poly.exterior.coords[:-1]])
        for hole in poly.interiors:
            out.append([[round(x, 1), round(y, 1)] for x, y in hole.coords[:-1]])
    return out


def _lines(geom) -> list[list[list[float]]]:
    parts = getattr(geom, "geoms", [geom])
    return [
        [[round(x, 1), round(y, 1)] for x, y in part.coords]
        for part in parts
        if isinstance(part, LineString) and not part.is_empty and part.length > 0
    ]


@dataclass(frozen=True)
class _Plane:
    """From longitude and latitude to the board (mm, y down): the projection, then the scale
    and offset that make the land span the lattice's rows."""

    project: Callable[[float, float], tuple[float, float]]
    minx: float
    maxy: float
    scale: float
    margin: float
    edge: float
    top: float
    row_h: float

    def to_board(self, x: float, y: float) -> tuple[float, float]:
        """A projected point on the board."""
        return (
            self.margin + 0.5 * self.edge + (x - self.minx) * self.scale,
            self.top + (self.maxy - y) * self.scale - 0.25 * self.row_h,
        )

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        """A place on the board."""
        return self.to_board(*self.project(lon, lat))

    def ring(self, points) -> Polygon:
        """An outline (longitude, latitude pairs) as a polygon on the board."""
        return Polygon([self.point(lon, lat) for lon, lat in points]).buffer(0)

    def line(self, points) -> LineString:
        """A line (longitude, latitude pairs) on the board."""
        return LineString([self.point(lon, lat) for lon, lat in points])


@dataclass(frozen=True)
class _Geography:
    """The region on the board: land (lakes cut out), lakes, mountains, rivers, where the
    lattice reaches, and the links that bridge water."""

    land: Any
    lakes: Any
    mountains: Any
    rivers: list[Any]
    reach: Any
    links: list[LineString]


def _projection(region: dict[str, Any]) -> tuple[Callable, dict[str, float]]:
    """The region's projection (by default an Albers projection fitted to the outline) and its
    parameters."""
    lons = [p[0] for ring in region["outline"] for p in ring]
    lats = [p[1] for ring in region["outline"] for p in ring]
    south, north = min(lats), max(lats)
    proj_p = {  # default: an Albers projection fitted to the outline
        "lon0": (min(lons) + max(lons)) / 2,
        "lat0": (south + north) / 2,
        "lat1": south + (north - south) / 6,
        "lat2": north - (north - south) / 6,
        **region.get("projection", {}),
    }
    return albers(proj_p["lon0"], proj_p["lat0"], proj_p["lat1"], proj_p["lat2"]), proj_p


def _plane(region: dict[str, Any], rows: int, edge: float, margin: float) -> tuple[_Plane, float]:
    """The region's plane on the board, and the projected outline's width."""
    project, proj_p = _projection(region)
    lattice = region.get("lattice", {})
    row_h = edge * grid.SQRT3_2
    # North-up projected plane; flipped to y-down below.
    outline = unary_union(
        [Polygon([project(lon, lat) for lon, lat in r]).buffer(0) for r in region["outline"]]
    )
    minx, miny, maxx, maxy = outline.bounds
    # The rows may span a narrower band than the land: what lies beyond is cut by the board edge.
    if "south" in lattice:
        miny = max(miny, project(proj_p["lon0"], lattice["south"])[1])
    # Land spans rows-1 row gaps plus a little, so the outer rows hug the coasts.
    scale = ((rows - 1) * row_h + 0.5 * row_h) / (maxy - miny)
    top = margin + 0.25 * row_h
    return _Plane(project, minx, maxy, scale, margin, edge, top, row_h), maxx - minx


def _geography(region: dict[str, Any], plane: _Plane, reach_factor: float) -> _Geography:
    """The region's land, lakes, mountains, rivers and links on the board."""
    land = unary_union([plane.ring(r) for r in region["outline"]])
    lakes = unary_union([plane.ring(r) for r in region.get("lakes", [])])
    land = land.difference(lakes)
    mountains = unary_union([plane.ring(r) for r in region.get("mountains", [])]).intersection(land)
    rivers = [plane.line(line).intersection(land) for line in region.get("rivers", [])]
    reach = land.buffer(reach_factor * plane.edge).difference(lakes)
    links = [plane.line(line) for line in region.get("links", [])]
    return _Geography(land, lakes, mountains, rivers, reach, links)


def _positions(
    rows: int, cols: int, plane: _Plane, shift: tuple[float, float], reach: Any
) -> dict[tuple[int, int], tuple[float, float]]:
    """The lattice's intersections within reach of the land, by (column, row)."""
    positions: dict[tuple[int, int], tuple[float, float]] = {}
    for row in range(rows):
        for col in range(cols):
            x, y = grid.position(col, row, plane.edge, (plane.margin, plane.margin), shift)
            if reach.contains(Point(x, y)):
                positions[(col, row)] = (round(x, 2), round(y, 2))
    return positions


def _space(seg: LineString, geo: _Geography, edge: float) -> tuple[int, str] | None:
    """A track space's cost and kind (a river's or a link's crossing, mountains, plain); None
    when it runs too far over water and no link bridges it."""
    bridged = any(seg.intersects(link) for link in geo.links)
    if seg.difference(geo.reach).length > 0.35 * edge and not bridged:
        return None
    if bridged or any(seg.intersects(r) for r in geo.rivers if not r.is_empty):
        return 2, "river"
    if seg.intersection(geo.mountains).length >= 0.5 * edge:
        return 2, "mountain"
    return 1, "plain"


def _track_spaces(
    positions: dict[tuple[int, int], tuple[float, float]], geo: _Geography, edge: float
) -> list[tuple[str, str, int, str]]:
    """The track spaces between neighbouring intersections: (a, b, cost, kind)."""
    edges: list[tuple[str, str, int, str]] = []
    for (col, row), a in positions.items():
        for other in grid.forward_neighbours(col, row):
            if other not in positions:
                continue
            space = _space(LineString([a, positions[other]]), geo, edge)
            if space is not None:
                edges.append((node_id(col, row), node_id(*other), *space))
    return edges


def _assign_cities(
    cities: list[dict[str, Any]],
    city_xy: list[tuple[float, float]],
    ids: dict[str, tuple[float, float]],
    edge: float,
    where: str,
) -> dict[int, str]:
    """Each city's intersection: its nearest; two cities may not share one."""
    assigned: dict[int, str] = {}
    holder: dict[str, int] = {}
    for i, (city, xy) in enumerate(zip(cities, city_xy, strict=True)):
        near = min(ids, key=partial(_nearest_key, ids, xy)) if ids else None
        if near is None or math.dist(xy, ids[near]) > 0.9 * edge:
            raise TrackwrightError.of(
                "ta.region.city.off-land",
                f"{where}: $.cities[{i}]",
                name=city["name"],
                lon=city["lon"],
                lat=city["lat"],
            )
        if near in holder:
            other = cities[holder[near]]["name"]
            raise TrackwrightError.of(
                "ta.region.city.same-intersection",
                f"{where}: $.cities[{i}]",
                other=other,
                name=city["name"],
                near=near,
            )
        assigned[i], holder[near] = near, i
    return assigned


def _check_cities_on_land(
    cities: list[dict[str, Any]],
    city_xy: list[tuple[float, float]],
    land: Any,
    edge: float,
    where: str,
) -> None:
    """Every city lies on the land: inside the outline, out of the lakes."""
    for i, city in enumerate(cities):
        if not land.buffer(0.05 * edge).contains(Point(city_xy[i])):
            raise TrackwrightError.of(
                "ta.region.city.outside",
                f"{where}: $.cities[{i}]",
                name=city["name"],
                lon=city["lon"],
                lat=city["lat"],
            )


def _connected_part(
    ids: dict[str, tuple[float, float]],
    edges: list[tuple[str, str, int, str]],
    cities: list[dict[str, Any]],
    assigned: dict[int, str],
    where: str,
) -> set[str]:
    """The connected part of the lattice that holds the cities (every city must be in it)."""
    g = nx.Graph()
    g.add_nodes_from(ids)
    g.add_edges_from((a, b) for a, b, _, _ in edges)
    main = max(nx.connected_components(g), key=len)
    for i, city in enumerate(cities):
        if assigned[i] not in main:
            raise TrackwrightError.of(
                "ta.region.city.cut-off", f"{where}: $.cities[{i}]", name=city["name"]
            )
    return main


# ------------------------------------------------------------------ the front checks
#: Two cities nearer than this many steps of the finest lattice are too close for any board.
CITY_GAP = 0.5
EARTH_KM = 6371.0  # the projection is on the unit sphere: its lengths times this are km


def check_region(region: Any, where: str) -> None:
    """Everything a region file can be refused for before a lattice is laid over it (in
    milliseconds, where the balanced search takes seconds): its schema, its cities' names and
    counts, cities too close for the finest lattice, cities outside the outline. Each mistake on
    one line naming the places."""
    mapfile.validate(region, where, "region")
    cities = region["cities"]
    _check_names(cities, where)
    model.check_regions(
        [model.City(c["name"], "", c["region"], bool(c.get("dotted", False))) for c in cities],
        where,
    )
    lattice = region.get("lattice", {})
    edge = float(lattice.get("edge", 36.0))
    margin = float(lattice.get("margin", 22.0))
    finest, _width = _plane(region, _finest_rows(), edge, margin)
    _check_spacing(cities, [finest.point(c["lon"], c["lat"]) for c in cities], finest, where)
    plane, _width = _plane(region, int(lattice.get("rows", 13)), edge, margin)
    land = unary_union([plane.ring(r) for r in region["outline"]])
    land = land.difference(unary_union([plane.ring(r) for r in region.get("lakes", [])]))
    city_xy = [plane.point(c["lon"], c["lat"]) for c in cities]
    _check_cities_on_land(cities, city_xy, land, edge, where)


def _finest_rows() -> int:
    """The most lattice rows a region may ask for (the region schema's maximum): the finest
    lattice the balanced search can lay."""
    return int(mapfile.schema("region")["properties"]["lattice"]["properties"]["rows"]["maximum"])


def _check_names(cities: list[dict[str, Any]], where: str) -> None:
    """Each city named once."""
    seen: dict[str, int] = {}
    for i, city in enumerate(cities):
        if city["name"] in seen:
            raise TrackwrightError.of(
                "ta.region.city.twice",
                f"{where}: $.cities[{i}]",
                seen=seen[city["name"]],
                i=i,
                name=city["name"],
            )
        seen[city["name"]] = i


def _check_spacing(
    cities: list[dict[str, Any]], city_xy: list[tuple[float, float]], finest: _Plane, where: str
) -> None:
    """No two cities nearer than CITY_GAP steps of the finest lattice: no board could give them
    intersections of their own."""
    gap = CITY_GAP * finest.edge
    km = EARTH_KM / finest.scale
    for i, j in combinations(range(len(cities)), 2):
        apart = math.dist(city_xy[i], city_xy[j])
        if apart < gap:
            a, b = cities[i], cities[j]
            raise TrackwrightError.of(
                "ta.region.city.too-close",
                f"{where}: $.cities[{j}]",
                name=a["name"],
                i=i,
                name2=b["name"],
                j=j,
                apart=apart * km,
                finest_rows=_finest_rows(),
                edge=finest.edge * km,
                gap=gap * km,
            )


# ------------------------------------------------------------------ laying the lattice


def build(region: dict[str, Any], where: str = "<region>") -> model.TransAmericaMap:
    """Build a lattice map from a parsed region file (its front checks first)."""
    check_region(region, where)
    return _lay(region, where)


def _lay(region: dict[str, Any], where: str) -> model.TransAmericaMap:
    """The lattice over a checked region: what only a lattice can refuse is refused here (two
    cities on one intersection, a city cut off). The schema again: the balanced search's trials
    stay within its rows."""
    mapfile.validate(region, where, "region")
    lattice = region.get("lattice", {})
    rows = int(lattice.get("rows", 13))
    edge = float(lattice.get("edge", 36.0))
    margin = float(lattice.get("margin", 22.0))
    reach_factor = float(lattice.get("reach", 0.3))
    shift_x, shift_y = lattice.get("shift", [0.0, 0.0])
    plane, width = _plane(region, rows, edge, margin)
    geo = _geography(region, plane, reach_factor)
    cols = math.ceil((width * plane.scale) / edge) + 2
    positions = _positions(rows, cols, plane, (shift_x, shift_y), geo.reach)
    edges = _track_spaces(positions, geo, edge)
    ids = {node_id(c, r): xy for (c, r), xy in positions.items()}
    cities = region["cities"]
    city_xy = [plane.point(c["lon"], c["lat"]) for c in cities]
    assigned = _assign_cities(cities, city_xy, ids, edge, where)
    _check_cities_on_land(cities, city_xy, geo.land, edge, where)
    main = _connected_part(ids, edges, cities, assigned, where)

    max_x = max(x for x, _ in ids.values())
    max_y = max(y for _, y in ids.values())
    board_w = math.ceil(max_x + margin)
    board_h = math.ceil(max_y + margin)
    frame = Polygon([(0, 0), (board_w, 0), (board_w, board_h), (0, board_h)])
    land, lakes, mountains, rivers = geo.land, geo.lakes, geo.mountains, geo.rivers

    data: dict[str, Any] = {
        "format": mapfile.FORMAT,
        "game": "transamerica",
        "name": region.get("name", "Custom region"),
        "version": str(region.get("version", "1")),
        "generator": {
            "name": "trackwright-lattice",
            "version": LATTICE_VERSION,
            "seed": region.get("seed"),
            "params": {"region": region.get("name"), "rows": rows, "edge": edge, "margin": margin},
        },
        "board": {"width": board_w, "height": board_h},
        "nodes": [{"id": nid, "x": x, "y": y} for nid, (x, y) in ids.items() if nid in main],
        "edges": [
            {"a": a, "b": b, "cost": cost, "kind": kind} for a, b, cost, kind in edges if a in main
        ],
        "cities": [
            {"name": c["name"], "node": assigned[i], "region": c["region"], "dotted": c["dotted"]}
            for i, c in enumerate(cities)
        ],
        "decor": {
            "land": _rings(land.intersection(frame).simplify(0.3)),
            "lakes": _rings(lakes.simplify(0.3)) if not lakes.is_empty else [],
            "mountains": _rings(mountains.simplify(0.3)),
            "rivers": [line for r in rivers for line in _lines(r.simplify(0.3))],
        },
    }
    return model.from_json(data, where)


def build_file(path: Path) -> model.TransAmericaMap:
    return build(mapfile.read_json(path), str(path))


SHIFTS = (
    (0.0, 0.0),
    (0.5, 0.0),
    (0.0, 0.5),
    (0.5, 0.5),
    (0.25, 0.25),
    (0.75, 0.25),
    (0.25, 0.75),
    (0.75, 0.75),
)


def build_balanced(region: dict[str, Any], where: str, band=None, tries: int = 40):
    """The region's board, laid again with other row counts and lattice offsets until its hands
    cost what the original's do (``band``); the statistics go into the map file.

    The search is guided: hands cost about in proportion to the rows between the cities, so each
    board measured says how many rows the band needs (``rows - 1`` scaled by the band's middle
    over the mean measured); the next try is the untried lattice nearest that estimate (the given
    offset first, then eight others). The same region always gives the same board. When no
    lattice fits, the error says what the nearest row counts give. Returns (map, balance,
    attempts)."""
    check_region(region, where)
    band = band or Band()
    base = dict(region.get("lattice", {}))
    rows0 = int(base.get("rows", 13))
    given = tuple(base.get("shift", (0.0, 0.0)))
    shifts = [given, *(s for s in SHIFTS if s != given)]
    target = (band.mean_low + band.mean_high) / 2
    attempts, first_error, closest = 0, None, None
    tried: set[tuple[int, tuple[float, float]]] = set()
    measured: dict[int, list[Balance]] = {}
    estimate = rows0
    while attempts < tries:
        options = [
            (abs(rows - estimate), rows, k)
            for rows in range(max(5, estimate - 6), estimate + 7)
            for k, shift in enumerate(shifts)
            if (rows, shift) not in tried
        ]
        if not options:
            break
        _gap, rows, k = min(options)
        shift = shifts[k]
        tried.add((rows, shift))
        attempts += 1
        progress.report("progress.balancing", attempt=attempts, tries=tries, rows=rows)
        trial = dict(region, lattice={**base, "rows": rows, "shift": list(shift)})
        try:
            m = _lay(trial, where)
        except TrackwrightError as exc:
            first_error = first_error or exc
            continue
        b = analyse(m)
        measured.setdefault(rows, []).append(b)
        distance = abs(b.mean - target)
        if closest is None or distance < closest[0]:
            closest = (distance, b, rows, shift)
        if band.holds(b):
            data = m.to_json()
            data["stats"] = {
                **b.to_json(),
                "band": band.describe(),
                "lattice": {"rows": rows, "shift": list(shift)},
            }
            return model.from_json(data, where), b, attempts
        # The rows the band's middle needs, from the board nearest it so far.
        near_b, near_rows = closest[1], closest[2]
        if near_b.mean > 0:
            estimate = max(5, round(1 + (near_rows - 1) * target / near_b.mean))
    if closest is None and first_error is not None:
        raise first_error
    if not measured:
        raise TrackwrightError.of("ta.region.no-lattice", where, attempts=attempts)
    seen = [
        messages.part(
            "ta.region.seen" if k == 0 else "ta.region.seen.more",
            rows=rows,
            low=min(x.mean for x in bs),
            high=max(x.mean for x in bs),
            least=min(x.maximum for x in bs),
            most=max(x.maximum for x in bs),
        )
        for k, (rows, bs) in enumerate(sorted(measured.items()))
    ]
    raise TrackwrightError.of(
        "ta.region.no-balance", where, band=band_said(band), attempts=attempts, seen=seen
    )


def _nearest_key(
    ids: dict[str, tuple[float, float]], xy: tuple[float, float], nid: str
) -> tuple[float, str]:
    """Order intersections by distance to xy, then by id (a fixed tie-break)."""
    return math.dist(xy, ids[nid]), nid


if __name__ == "__main__":  # maintainers: rebuild a built-in map (and its printed seams)
    source = Path(sys.argv[1])
    built, _balance, _tries = build_balanced(mapfile.read_json(source), str(source))
    write_atomic(Path(sys.argv[2]), mapfile.dumps(board.printed(built).to_json()))
