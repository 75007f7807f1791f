"""Random TransAmerica boards: an invented continent on the lattice, from a seed.

Land is the higher part of seeded fractal noise (the sea deepening towards the board's edges),
mountain ranges follow ridged noise, rivers run downhill from triangle to triangle of the
lattice (crossing one track space at each step) to the sea, 35 towns with invented names are
spread over the land and grouped into five compact colour regions. A board is made again from
the next attempt of the same seed until its hands cost what the original's do.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from trackwright.core import lattice as grid
from trackwright.core import mapfile, progress
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.lattice import node_id
from trackwright.core.rng import Rng
from trackwright.kits.names import place_names
from trackwright.kits.noise import fbm, ridges
from trackwright.kits.transamerica.balance import Band, analyse
from trackwright.kits.transamerica.strings import t

CONTINENT_VERSION = "1"
ROWS, COLS, EDGE, MARGIN = 15, 22, 30.0, 22.0


def _xy(col: int, row: int) -> tuple[float, float]:
    return grid.position(col, row, EDGE, (MARGIN, MARGIN))


Cell = tuple[int, int]
Tri = tuple[Cell, ...]  # a triangle of the lattice: its three corners
Side = tuple[Cell, ...]


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


def _track_spaces(
    land: set[Cell], h: dict[Cell, float], rd: dict[Cell, float]
) -> dict[tuple[Cell, Cell], str]:
    """The track spaces between land cells, plain, with mountain ranges along the highest
    ridges (about a quarter of them)."""
    edges: dict[tuple[Cell, Cell], str] = {}
    for cell in sorted(land):
        for other in grid.forward_neighbours(*cell):
            if other in land:
                edges[(cell, other)] = "plain"
    ranked = sorted(edges, key=lambda e: (-(rd[e[0]] + rd[e[1]] + h[e[0]] + h[e[1]]), e))
    for e in ranked[: len(edges) // 4]:
        edges[e] = "mountain"
    return edges


def _side(tri: Tri, i: int) -> Side:
    """A triangle's ``i``-th side, as its sorted corners."""
    return tuple(sorted((tri[i], tri[(i + 1) % 3])))


def _downhill(src: Tri, by_side: dict[Side, list[Tri]], tri_h: dict[Tri, float]) -> tuple:
    """A river from triangle ``src``: to the lowest neighbouring triangle not yet on it, step
    by step (30 at most), until it reaches the coast: its triangles and the sides it crossed."""
    path, crossed, cur = [src], [], src
    for _ in range(30):
        options = []
        for i in range(3):
            side = _side(cur, i)
            for nxt in by_side.get(side, []):
                if nxt != cur and nxt not in path:
                    options.append((tri_h[nxt], nxt, side))
        coastal = any(len(by_side[_side(cur, i)]) == 1 for i in range(3))
        if coastal or not options:
            break
        _h, nxt, side = min(options)
        crossed.append(side)
        path.append(nxt)
        cur = nxt
    return path, crossed


def _rivers(
    tris: list[Tri], h: dict[Cell, float], edges: dict[tuple[Cell, Cell], str]
) -> list[list[Any]]:
    """Rivers from high triangles downhill to the coast, crossing one track space per step (5
    at most, each 3 steps or more, none meeting another); the spaces they cross become river
    spaces. Their lines through the triangles' centres."""
    tri_h = {tri: sum(h[p] for p in tri) / 3 for tri in tris}
    by_side: dict[Side, list[Tri]] = {}
    for tri in tris:
        for i in range(3):
            by_side.setdefault(_side(tri, i), []).append(tri)
    river_lines: list[list[Any]] = []
    sources = sorted(tris, key=lambda tr: (-tri_h[tr], tr))[: max(4, len(tris) // 12)]
    used: set = set()
    for src in sources:
        if len(river_lines) >= 5 or src in used:
            continue
        path, crossed = _downhill(src, by_side, tri_h)
        if len(crossed) >= 3 and not used.intersection(path):
            used.update(path)
            for side in crossed:
                if side in edges:
                    edges[side] = "river"
            river_lines.append([_centroid(tr) for tr in path])
    return river_lines


def _gap(c: Cell, towns: list[Cell]) -> float:
    """The distance from cell ``c`` to the nearest town, in mm."""
    return min(math.dist(_xy(*c), _xy(*o)) for o in towns)


def _next_town(rng: Rng, land_list: list[Cell], towns: list[Cell]) -> Cell:
    """The best of 20 random land cells for another town (far from the others, never on a
    neighbouring intersection), or any free one far enough."""
    best, score = None, -1.0
    for _ in range(20):
        c = rng.choice(land_list)
        if c in towns:
            continue
        gap = _gap(c, towns) / EDGE
        if gap < 1.5:
            continue
        s = gap + rng.random() * 0.2
        if s > score:
            best, score = c, s
    if best is not None:
        return best
    free = [c for c in land_list if c not in towns and _gap(c, towns) >= 1.5 * EDGE]
    if not free:
        raise TrackwrightError("the continent is too small for 35 towns")
    return rng.choice(free)


def _towns(rng: Rng, land: set[Cell]) -> list[Cell]:
    """35 towns spread out over the land (best candidate)."""
    land_list = sorted(land)
    towns: list[Cell] = [rng.choice(land_list)]
    while len(towns) < 35:
        towns.append(_next_town(rng, land_list, towns))
    return towns


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
    tris: list[Tri], edges: dict[tuple[Cell, Cell], str], river_lines: list[list[Any]]
) -> dict[str, Any]:
    """What the board draws under the lattice: the land, the mountain ranges and the rivers."""
    land_shape = (
        unary_union([Polygon([_xy(*p) for p in tri]) for tri in tris])
        .buffer(0.45 * EDGE)
        .simplify(0.8)
    )
    mountains = unary_union(
        [
            LineString([_xy(*a), _xy(*b)]).buffer(0.22 * EDGE)
            for (a, b), kind in edges.items()
            if kind == "mountain"
        ]
    )
    return {
        "land": _rings(land_shape),
        "lakes": [],
        "mountains": _rings(mountains.simplify(0.5)),
        "rivers": [[[round(x, 1), round(y, 1)] for x, y in line] for line in river_lines],
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
    edges = _track_spaces(land, h, rd)
    tris = grid.triangles(land)
    river_lines = _rivers(tris, h, edges)
    towns = _towns(rng, land)
    names = place_names(rng, 35, lang)
    groups = _regions(towns)
    nodes = [
        {"id": node_id(*c), "x": round(_xy(*c)[0], 2), "y": round(_xy(*c)[1], 2)}
        for c in sorted(land, key=lambda c: (c[1], c[0]))
    ]
    cities = _cities(rng, towns, names, groups)
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
        "decor": _decor(tris, edges, river_lines),
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


def _regions(towns: list[tuple[int, int]]) -> dict[str, list[tuple[int, int]]]:
    """Five compact groups of seven: capacity-limited nearest-centre assignment, refined a few
    times, then coloured by position (west green, east orange, north blue, south red, the middle
    yellow)."""
    pts = {c: _xy(*c) for c in towns}
    centres = [pts[towns[0]]]
    while len(centres) < 5:  # spread-out starting centres
        centres.append(
            max((pts[c] for c in towns), key=lambda p: min(math.dist(p, q) for q in centres))
        )
    groups: list[list[tuple[int, int]]] = []
    for _ in range(8):
        pairs = sorted((math.dist(pts[c], centres[k]), k, c) for c in towns for k in range(5))
        groups = [[] for _ in range(5)]
        placed: set = set()
        for _d, k, c in pairs:
            if c in placed or len(groups[k]) >= 7:
                continue
            groups[k].append(c)
            placed.add(c)
        centres = [(sum(pts[c][0] for c in g) / 7, sum(pts[c][1] for c in g) / 7) for g in groups]
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


def generate(seed: int, lang: str = "en", band=None, tries: int = 30):
    """A random board whose hands play like the original's. Returns (map, balance, attempts)."""
    band = band or Band()
    closest = None
    for attempt in range(tries):
        progress.report(f"random board from seed {seed}: try {attempt + 1} of {tries}")
        try:
            data = _attempt(seed, attempt, lang)
        except TrackwrightError:
            continue
        m = model.from_json(data, f"random board {seed}")
        b = analyse(m)
        if band.holds(b):
            data["stats"] = {**b.to_json(), "band": band.describe()}
            return model.from_json(data, f"random board {seed}"), b, attempt + 1
        centre = (band.mean_low + band.mean_high) / 2
        if closest is None or abs(b.mean - centre) < abs(closest.mean - centre):
            closest = b
    detail = f"closest: mean {closest.mean:.1f}, max {closest.maximum}" if closest else ""
    raise TrackwrightError(
        f"no random board from seed {seed} played like the original "
        f"({band.describe()}) in {tries} attempts; {detail}"
    )
