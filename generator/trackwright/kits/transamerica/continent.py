"""Random TransAmerica boards: an invented continent on the lattice, from a seed.

Land is the higher part of seeded fractal noise (the sea deepening towards the board's edges;
land the lattice leaves enclosed is a lake). Rivers run from a source high up downhill from
triangle to triangle of the lattice to the sea or a lake, and every track space a river crosses
is a double line (2 tracks), as on the published board; mountain ranges follow ridged noise
until the double lines are as many as the published board's. The land is shared out between
five compact colour regions, seven towns with invented names inside each, every town nearer its
own region's centre than any other's; each region's printed name (from where it lies) holds for
every one of its towns. A board is made again from the next attempt of the same seed until all
that holds and its hands cost what the original's do.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from trackwright.core import lattice as grid
from trackwright.core import mapfile, progress
from trackwright.core import transamerica as model
from trackwright.core.boardplan.transamerica import compass_regions
from trackwright.core.errors import TrackwrightError
from trackwright.core.lattice import node_id
from trackwright.core.rng import Rng
from trackwright.kits.names import place_names
from trackwright.kits.noise import fbm, ridges
from trackwright.kits.transamerica.balance import Band, analyse, band_said
from trackwright.kits.transamerica.strings import t

CONTINENT_VERSION = "2"  # 2: compact regions, rivers to the water, every crossing double
ROWS, COLS, EDGE, MARGIN = 15, 22, 30.0, 22.0
DOUBLES = 0.22  # of the track spaces double (mountains and rivers): 21 % on the published board
INSIDE = 0.5  # towns stay this many lattice steps nearer their own region's centre
# A town's place among candidates: its distance to the nearest town (in lattice steps, counted
# up to GAP_CAP) less PULL times its distance to its region's centre. Pulled in, the dearest
# hands cost what the original's do about three times as often as with towns spread to the
# coasts (seeds 1-12: 33 of 96 attempts against 10).
GAP_CAP = 2.5
PULL = 1.5


@functools.cache
def _xy(col: int, row: int) -> tuple[float, float]:
    return grid.position(col, row, EDGE, (MARGIN, MARGIN))


Cell = tuple[int, int]
Tri = tuple[Cell, ...]  # a triangle of the lattice: its three corners
Side = tuple[Cell, ...]
Point = tuple[float, float]


def _heights(rng: Rng, cells: list[Cell]) -> tuple[Any, Any, Any]:
    """Seeded fractal noise over the lattice's cells, the sea deepening towards the edges: the
    heights, and the cells' positions on the lattice with edges of 1 (x, y)."""
    unit = [grid.position(c, r) for c, r in cells]  # the lattice with edges of 1
    xs = np.array([x for x, _y in unit], dtype=np.float64)
    ys = np.array([y for _x, y in unit], dtype=np.float64)
    height = fbm(rng, xs, ys, scale=4.5, octaves=4)
    # Sea towards the edges.
    edge_d = np.minimum.reduce(
        [xs / (COLS - 1), 1 - xs / (COLS - 0.5), ys / ys.max(), 1 - ys / ys.max()]
    )
    height = height - 0.5 * np.clip(1 - edge_d / 0.25, 0, 1) ** 2
    return height, xs, ys


def _largest_mass(land: set[Cell]) -> set[Cell]:
    """The largest connected land mass (ties: the one reaching furthest up, then left)."""
    seen: set[Cell] = set()
    parts = []
    for cell in sorted(land):
        if cell in seen:
            continue
        part, stack = set(), [cell]
        while stack:
            cur = stack.pop()
            if cur in part:
                continue
            part.add(cur)
            stack += [n for n in grid.neighbours(*cur) if n in land and n not in part]
        seen |= part
        parts.append(part)
    return max(parts, key=lambda p: (len(p), -min(p)[1], -min(p)[0]))


def _track_spaces(land: set[Cell]) -> dict[tuple[Cell, Cell], str]:
    """The track spaces between land cells, plain."""
    edges: dict[tuple[Cell, Cell], str] = {}
    for cell in sorted(land):
        for other in grid.forward_neighbours(*cell):
            if other in land:
                edges[(cell, other)] = "plain"
    return edges


def _mountains(
    edges: dict[tuple[Cell, Cell], str], h: dict[Cell, float], rd: dict[Cell, float]
) -> None:
    """Mountain ranges along the highest ridges, on plain spaces, until the double lines
    (rivers and mountains) are ``DOUBLES`` of all spaces, as on the published board."""
    ranked = sorted(edges, key=lambda e: (-(rd[e[0]] + rd[e[1]] + h[e[0]] + h[e[1]]), e))
    wanted = round(DOUBLES * len(edges)) - sum(kind != "plain" for kind in edges.values())
    for e in [e for e in ranked if edges[e] == "plain"][: max(wanted, 0)]:
        edges[e] = "mountain"


def _side(tri: Tri, i: int) -> Side:
    """A triangle's ``i``-th side, as its sorted corners."""
    return tuple(sorted((tri[i], tri[(i + 1) % 3])))


def _downhill(src: Tri, by_side: dict[Side, list[Tri]], tri_h: dict[Tri, float]) -> tuple:
    """A river from triangle ``src``: to the lowest neighbouring triangle not yet on it, step
    by step (30 at most), until it reaches a triangle with a side on the water (a side no other
    triangle shares): its triangles, and that side (None if it never got there)."""
    path, cur = [src], src
    for _ in range(30):
        shore = [_side(cur, i) for i in range(3) if len(by_side[_side(cur, i)]) == 1]
        if shore:
            return path, min(shore)
        options = [
            (tri_h[nxt], nxt)
            for i in range(3)
            for nxt in by_side[_side(cur, i)]
            if nxt != cur and nxt not in path
        ]
        if not options:
            break
        cur = min(options)[1]
        path.append(cur)
    return path, None


def _mouth(side: Side, tri: Tri, land: Any) -> Point | None:
    """Where a river leaving triangle ``tri`` across its shore ``side`` meets the water: the
    first point of the coast (or a lake's shore) straight out from the side's middle, a little
    past it so the drawn river touches the water; None if no water is near."""
    (ax, ay), (bx, by) = _xy(*side[0]), _xy(*side[1])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    cx, cy = _centroid(tri)
    length = math.hypot(mx - cx, my - cy)
    ux, uy = (mx - cx) / length, (my - cy) / length
    ray = LineString([(mx, my), (mx + ux * EDGE, my + uy * EDGE)])
    hit = ray.intersection(land.boundary)
    if hit.is_empty:
        return None
    t = min(math.hypot(x - mx, y - my) for g in getattr(hit, "geoms", [hit]) for x, y in g.coords)
    return mx + ux * (t + 0.6), my + uy * (t + 0.6)


def _rivers(tris: list[Tri], h: dict[Cell, float], land: Any) -> list[list[Point]]:
    """Rivers from high triangles (their sources) downhill to the sea or a lake, through the
    triangles' centres (5 at most, each crossing 3 track spaces or more, none meeting
    another); a river that finds no water on its way is not drawn."""
    tri_h = {tri: sum(h[p] for p in tri) / 3 for tri in tris}
    by_side: dict[Side, list[Tri]] = {}
    for tri in tris:
        for i in range(3):
            by_side.setdefault(_side(tri, i), []).append(tri)
    river_lines: list[list[Point]] = []
    sources = sorted(tris, key=lambda tr: (-tri_h[tr], tr))[: max(4, len(tris) // 12)]
    used: set = set()
    for src in sources:
        if len(river_lines) >= 5 or src in used:
            continue
        path, shore = _downhill(src, by_side, tri_h)
        mouth = _mouth(shore, path[-1], land) if shore else None
        if mouth is None or len(path) < 3 or used.intersection(path):
            continue
        used.update(path)
        line = [*(_centroid(tr) for tr in path), mouth]
        river_lines.append([(round(x, 1), round(y, 1)) for x, y in line])
    return river_lines


def _cross_rivers(edges: dict[tuple[Cell, Cell], str], river_lines: list[list[Point]]) -> None:
    """Every track space a river crosses becomes a river space (a double line, 2 tracks), as on
    the published board: no single line crosses a drawn river."""
    keys = list(edges)
    spaces = shapely.linestrings([[_node_xy(a), _node_xy(b)] for a, b in keys])
    for line in river_lines:
        for i in np.flatnonzero(shapely.intersects(spaces, LineString(line))):
            edges[keys[i]] = "river"


def _node_xy(c: Cell) -> Point:
    """An intersection's position as the map file has it (to 0.01 mm)."""
    x, y = _xy(*c)
    return round(x, 2), round(y, 2)


def _land(tris: list[Tri], edges: dict[tuple[Cell, Cell], str]) -> Any:
    """The land drawn under the lattice: around every triangle and every track space that is
    no triangle's side (so that no intersection stands in the sea), its holes the lakes."""
    sides = {_side(tri, i) for tri in tris for i in range(3)}
    parts = [Polygon([_xy(*p) for p in tri]) for tri in tris]
    parts += [
        LineString([_xy(*a), _xy(*b)]) for a, b in edges if tuple(sorted((a, b))) not in sides
    ]
    return unary_union(parts).buffer(0.45 * EDGE).simplify(0.8)


def _gap(c: Cell, towns: list[Cell]) -> float:
    """The distance from cell ``c`` to the nearest town, in mm (infinite when there is none)."""
    return min((math.dist(_xy(*c), _xy(*o)) for o in towns), default=math.inf)


def _next_town(rng: Rng, cells: list[Cell], towns: list[Cell], centre: Point) -> Cell:
    """The best of 20 random cells of ``cells`` for another town (apart from the others, near
    its region's ``centre``, never on a neighbouring intersection), or any free one far
    enough."""
    best, score = None, -math.inf
    for _ in range(20):
        c = rng.choice(cells)
        if c in towns:
            continue
        gap = _gap(c, towns) / EDGE
        if gap < 1.5:
            continue
        s = min(gap, GAP_CAP) - PULL * math.dist(_xy(*c), centre) / EDGE + rng.random() * 0.2
        if s > score:
            best, score = c, s
    if best is not None:
        return best
    free = [c for c in cells if c not in towns and _gap(c, towns) >= 1.5 * EDGE]
    if not free:
        raise TrackwrightError.of("ta.random.too-small", None)
    return rng.choice(free)


def _mean(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _centres(rng: Rng, land: set[Cell]) -> list[Point]:
    """Five region centres that share the land out evenly: spread-out starting points moved
    to the middle of the land nearest each, ten times over (Lloyd's relaxation)."""
    pts = [_xy(*c) for c in sorted(land)]
    centres = [rng.choice(pts)]
    while len(centres) < 5:
        centres.append(max(pts, key=lambda p: min(math.dist(p, q) for q in centres)))
    for _ in range(10):
        near: list[list[Point]] = [[] for _ in centres]
        for p in pts:
            near[min(range(5), key=lambda k: math.dist(p, centres[k]))].append(p)
        centres = [_mean(n) if n else c for n, c in zip(near, centres, strict=True)]
    return centres


def _interior(land: set[Cell], centres: list[Point]) -> list[list[Cell]]:
    """Each region's land cells well inside it: nearer its own centre than any other's by
    ``INSIDE`` lattice steps, so that towns placed there stay nearer their own region's
    centre once the centres are the towns' own."""
    out: list[list[Cell]] = [[] for _ in centres]
    for c in sorted(land):
        d = sorted((math.dist(_xy(*c), q), k) for k, q in enumerate(centres))
        if d[1][0] - d[0][0] >= INSIDE * EDGE:
            out[d[0][1]].append(c)
    return out


def _compact(groups: list[list[Cell]]) -> bool:
    """Whether every town is nearer its own group's centre than any other group's."""
    centres = [_mean([_xy(*c) for c in g]) for g in groups]
    return all(
        math.dist(_xy(*c), centres[k]) < min(math.dist(_xy(*c), q) for q in centres if q != own)
        for k, (g, own) in enumerate(zip(groups, centres, strict=True))
        for c in g
    )


def _towns(rng: Rng, land: set[Cell]) -> tuple[list[Cell], list[list[Cell]]]:
    """35 towns in five compact groups of seven: the land shared out between five centres,
    seven towns inside each share near its centre (in turns, best candidate), placed again until
    every town is nearer its own group's centre than any other's. The towns and the groups."""
    centres = _centres(rng, land)
    inside = _interior(land, centres)
    if any(len(cells) < 7 for cells in inside):
        raise TrackwrightError.of("ta.random.region-small", None)
    for _ in range(10):
        towns: list[Cell] = []
        groups: list[list[Cell]] = [[] for _ in centres]
        for i in range(35):
            town = _next_town(rng, inside[i % 5], towns, centres[i % 5])
            towns.append(town)
            groups[i % 5].append(town)
        if _compact(groups):
            return towns, groups
    raise TrackwrightError.of("ta.random.no-regions", None)


def _cities(
    rng: Rng, towns: list[Cell], names: list[str], groups: dict[str, list[Cell]]
) -> list[dict[str, Any]]:
    """The map's cities: each town named, in its region, two of each region's dotted."""
    cities = []
    for region, members in groups.items():
        dotted = set(rng.shuffled(members)[:2])
        for cell in members:
            i = towns.index(cell)
            cities.append(
                {
                    "name": names[i],
                    "node": node_id(*cell),
                    "region": region,
                    "dotted": cell in dotted,
                }
            )
    return sorted(cities, key=lambda c: (model.REGIONS.index(c["region"]), c["name"]))


def _decor(
    land: Any, edges: dict[tuple[Cell, Cell], str], river_lines: list[list[Point]]
) -> dict[str, Any]:
    """What the board draws under the lattice: the land, its lakes, the mountain ranges and
    the rivers."""
    mountains = unary_union(
        [
            LineString([_xy(*a), _xy(*b)]).buffer(0.22 * EDGE)
            for (a, b), kind in edges.items()
            if kind == "mountain"
        ]
    )
    return {
        "land": _rings(land),
        "lakes": _lakes(land),
        "mountains": _rings(mountains.simplify(0.5)),
        "rivers": [[[x, y] for x, y in line] for line in river_lines],
    }


def _attempt(seed: int, attempt: int, lang: str) -> dict[str, Any]:
    rng = Rng(seed * 1009 + attempt)
    cells = [(c, r) for r in range(ROWS) for c in range(COLS)]
    height, xs, ys = _heights(rng, cells)
    order = np.argsort(height, kind="stable")
    land = _largest_mass({cells[i] for i in order[int(len(cells) * 0.45) :]})
    h = {cell: float(height[i]) for i, cell in enumerate(cells)}
    ridge = ridges(rng, xs, ys, scale=5.0)
    rd = {cell: float(ridge[i]) for i, cell in enumerate(cells)}
    edges = _track_spaces(land)
    tris = grid.triangles(land)
    land_shape = _land(tris, edges)
    river_lines = _rivers(tris, h, land_shape)
    _cross_rivers(edges, river_lines)
    _mountains(edges, h, rd)
    towns, groups = _towns(rng, land)
    names = place_names(rng, 35, lang)
    nodes = [
        {"id": node_id(*c), "x": round(_xy(*c)[0], 2), "y": round(_xy(*c)[1], 2)}
        for c in sorted(land, key=lambda c: (c[1], c[0]))
    ]
    cities = _cities(rng, towns, names, _regions(groups))
    board_w = math.ceil(MARGIN * 2 + (COLS - 0.5) * EDGE)
    board_h = math.ceil(MARGIN * 2 + (ROWS - 1) * EDGE * grid.SQRT3_2)
    return {
        "format": mapfile.FORMAT,
        "game": "transamerica",
        "name": t("ta_random_board", lang, seed=seed),
        "version": "1",
        "generator": {
            "name": "trackwright-continent",
            "version": CONTINENT_VERSION,
            "seed": seed,
            "params": {"attempt": attempt, "lang": lang},
        },
        "board": {"width": board_w, "height": board_h},
        "nodes": nodes,
        "edges": [
            {"a": node_id(*a), "b": node_id(*b), "cost": 1 if kind == "plain" else 2, "kind": kind}
            for (a, b), kind in edges.items()
        ],
        "cities": cities,
        "decor": _decor(land_shape, edges, river_lines),
    }


def _centroid(tri) -> tuple[float, float]:
    pts = [_xy(*p) for p in tri]
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


def _rings(geom) -> list:
    polys = list(getattr(geom, "geoms", [geom]))
    out = []
    for poly in polys:
        if isinstance(poly, Polygon) and not poly.is_empty:
            out.append([[round(x, 1), round(y, 1)] for x, y in poly.exterior.coords[:-1]])
    return out


def _lakes(geom) -> list:
    """The holes in the land: lakes."""
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in getattr(poly, "interiors", []):
            out.append([[round(x, 1), round(y, 1)] for x, y in ring.coords[:-1]])
    return out


def _regions(groups: list[list[Cell]]) -> dict[str, list[Cell]]:
    """The five groups coloured by where they lie: west green, east orange, north blue, south
    red, the middle yellow."""
    centres = [_mean([_xy(*c) for c in g]) for g in groups]
    index = list(range(5))
    west = min(index, key=lambda k: centres[k][0])
    east = max((k for k in index if k != west), key=lambda k: centres[k][0])
    rest = [k for k in index if k not in (west, east)]
    north = min(rest, key=lambda k: centres[k][1])
    south = max((k for k in rest if k != north), key=lambda k: centres[k][1])
    middle = next(k for k in rest if k not in (north, south))
    return {
        "green": groups[west],
        "blue": groups[north],
        "yellow": groups[middle],
        "red": groups[south],
        "orange": groups[east],
    }


def names_fit(m: model.TransAmericaMap) -> bool:
    """Whether every city lies where its region's printed name says: none of a "South" region
    in the northern third of the cities' spread, none of a "West" one in the eastern third, and
    so on (a "Centre" region may reach anywhere)."""
    xs = [m.nodes[c.node].x for c in m.cities]
    ys = [m.nodes[c.node].y for c in m.cities]
    mid_x, mid_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    half_x, half_y = (max(xs) - min(xs)) / 2 or 1.0, (max(ys) - min(ys)) / 2 or 1.0
    names = compass_regions(m)
    for c in m.cities:
        u = (m.nodes[c.node].x - mid_x) / half_x  # -1 west .. 1 east
        v = (m.nodes[c.node].y - mid_y) / half_y  # -1 north .. 1 south
        words = names[c.region].split("_")
        wrong = {"north": v > 1 / 3, "south": v < -1 / 3, "west": u > 1 / 3, "east": u < -1 / 3}
        if any(wrong.get(w, False) for w in words):
            return False
    return True


def generate(seed: int, lang: str = "en", band=None, tries: int = 30):
    """A random board whose hands play like the original's. Returns (map, balance, attempts)."""
    band = band or Band()
    closest = None
    for attempt in range(tries):
        progress.report("progress.random-board", seed=seed, attempt=attempt + 1, tries=tries)
        try:
            data = _attempt(seed, attempt, lang)
        except TrackwrightError:
            continue
        m = model.from_json(data, f"random board {seed}")
        if not names_fit(m):
            continue
        b = analyse(m)
        if band.holds(b):
            data["stats"] = {**b.to_json(), "band": band.describe()}
            return model.from_json(data, f"random board {seed}"), b, attempt + 1
        centre = (band.mean_low + band.mean_high) / 2
        if closest is None or abs(b.mean - centre) < abs(closest.mean - centre):
            closest = b
    if closest is None:
        raise TrackwrightError.of(
            "ta.random.no-board", None, seed=seed, band=band_said(band), tries=tries
        )
    raise TrackwrightError.of(
        "ta.random.no-board.closest",
        None,
        seed=seed,
        band=band_said(band),
        tries=tries,
        mean=closest.mean,
        most=closest.maximum,
    )
