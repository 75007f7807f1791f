"""TransAmerica's whole lattice for the map editor: every intersection of the draft's board
rectangle, placed by ``trackwright.core.lattice``, so the page can paint any of them land.

A map file lists only the land's intersections (and the editor keeps those painted sea in the
draft's ``"x-sea"``): around a built-in board the sea has no intersections to grow the land into.
The lattice's step and origin are read from the draft's own intersections (their ids name their
cells), and the rectangle is the board's (``board.width`` x ``board.height``).

It gives the page every intersection's cell too (the points nearer to it than to any other: a
hexagon with a corner up, its corners the centres of the six lattice triangles around it), each
corner once, so that the page draws a lake as a cell and the coast as the outline of the land's
cells by dropping the sides two land cells share, with no geometry of its own.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping
from typing import Any

from trackwright.core import lattice as grid
from trackwright.core import transamerica as model
from trackwright.core.boardplan import transamerica as boardplan
from trackwright.edit import common

#: Rows of intersections are lettered A to Z.
MAX_ROWS = 26
#: An intersection of the rectangle is at least this far inside the board's edge (edges).
INSET = 0.3


def _known(draft: Mapping[str, Any]) -> dict[grid.Cell, tuple[float, float]]:
    """The cells of the draft's intersections (land and x-sea) and where they are."""
    sea = draft.get("x-sea")
    raws = [raw for _i, raw in common.items(draft, "nodes")]
    raws += [raw for _i, raw in common.items(sea, "nodes")] if isinstance(sea, Mapping) else []
    out: dict[grid.Cell, tuple[float, float]] = {}
    for raw in raws:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("id"), str):
            continue
        x, y = raw.get("x"), raw.get("y")
        if not isinstance(x, int | float) or not isinstance(y, int | float):
            continue
        if isinstance(x, bool) or isinstance(y, bool):
            continue
        try:
            cell = grid.cell_of(raw["id"])
        except ValueError:
            continue
        out[cell] = (float(x), float(y))
    return out


def fit(known: dict[grid.Cell, tuple[float, float]]) -> tuple[float, tuple[float, float]] | None:
    """The lattice's step and the position of cell (0, 0), from the intersections' places: the
    median distance between neighbouring intersections, the median origin they give."""
    steps = [
        ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
        for a, (ax, ay) in known.items()
        for b in grid.forward_neighbours(*a)
        if b in known
        for bx, by in [known[b]]
    ]
    if not steps:
        return None
    edge = statistics.median(steps)
    xs = [x - (c + 0.5 * (r % 2)) * edge for (c, r), (x, _y) in known.items()]
    ys = [y - r * edge * grid.SQRT3_2 for (_c, r), (_x, y) in known.items()]
    return edge, (statistics.median(xs), statistics.median(ys))


def _board(
    draft: Mapping[str, Any], known: dict[grid.Cell, tuple[float, float]]
) -> tuple[float, float] | None:
    """The board's width and height: as the draft gives them, or as the loader makes them when
    it gives none (the intersections' extent and ``BOARD_MARGIN``)."""
    board = draft.get("board")
    if board is None and known:
        return (
            round(max(x for x, _y in known.values()) + model.BOARD_MARGIN, 2),
            round(max(y for _x, y in known.values()) + model.BOARD_MARGIN, 2),
        )
    if not isinstance(board, Mapping):
        return None
    w, h = board.get("width"), board.get("height")
    if not isinstance(w, int | float) or not isinstance(h, int | float):
        return None
    if isinstance(w, bool) or isinstance(h, bool) or w <= 0 or h <= 0:
        return None
    return float(w), float(h)


def rectangle(
    edge: float, origin: tuple[float, float], size: tuple[float, float]
) -> dict[grid.Cell, tuple[float, float]]:
    """Every cell whose intersection lies on the board, ``INSET`` edges inside its border."""
    inset = INSET * edge
    out = {}
    for row in range(MAX_ROWS):
        for col in range(int(size[0] / edge) + 2):
            x, y = grid.position(col, row, edge, origin)
            if inset <= x <= size[0] - inset and inset <= y <= size[1] - inset:
                out[(col, row)] = (round(x, 2), round(y, 2))
    return out


def around(cell: grid.Cell) -> list[tuple[grid.Cell, ...]]:
    """The six lattice triangles around an intersection (each its three cells, sorted), in the
    order of their centres' angles from the intersection: 30, 90, ..., 330 degrees, y down."""
    x0, y0 = grid.position(*cell)

    def angle(c: grid.Cell) -> float:
        x, y = grid.position(*c)
        return math.atan2(y - y0, x - x0) % (2 * math.pi)

    ring = sorted(grid.neighbours(*cell), key=angle)
    return [tuple(sorted((cell, ring[k], ring[(k + 1) % 6]))) for k in range(6)]


def cells(
    places: Mapping[grid.Cell, tuple[float, float]], edge: float, origin: tuple[float, float]
) -> dict[str, Any]:
    """``{"corners": [[x, y], ...], "cells": {id: [six corner indices]}}``: each intersection's
    cell, its corners in :func:`around`'s order, each corner (a triangle's centre, placed on the
    fitted lattice) listed once and shared by the cells around it."""
    index: dict[tuple[grid.Cell, ...], int] = {}
    corners: list[list[float]] = []
    out: dict[str, list[int]] = {}
    for cell in sorted(places):
        ring = []
        for tri in around(cell):
            if tri not in index:
                points = [grid.position(c, r, edge, origin) for c, r in tri]
                index[tri] = len(corners)
                corners.append([round(sum(p[i] for p in points) / 3, 2) for i in (0, 1)])
            ring.append(index[tri])
        out[grid.node_id(*cell)] = ring
    return {"corners": corners, "cells": out}


def drawing(
    places: Mapping[grid.Cell, tuple[float, float]], size: tuple[float, float]
) -> dict[str, Any]:
    """What the editor draws of a draft, made by the board plan's own functions
    (core/boardplan/transamerica.py) for every intersection and track space of the board's
    lattice, land or not, so that a stroke is drawn from it without a rule of its own:
    ``{"width", "height", "land": the land ring when the decor has none, "node_r", "city_r"
    (the dots' and cities' radii), "spaces": {"a|b":
    [x1, y1, x2, y2]}, "ids": {id: text item}, "names": {id: a city name's text item there,
    its text empty}}``."""
    spaces: dict[str, list[float]] = {}
    for a, p in places.items():
        for b in grid.forward_neighbours(*a):
            if b in places:
                ids = sorted((grid.node_id(*a), grid.node_id(*b)))
                spaces["|".join(ids)] = boardplan.space_segment(p, places[b])
    width, height = size
    return {
        "width": width,
        "height": height,
        "land": [list(p) for p in boardplan.default_land(width, height)],
        "node_r": boardplan.NODE_R,
        "city_r": boardplan.CITY_R,
        "spaces": spaces,
        "ids": {
            grid.node_id(*c): boardplan.id_label(x, y, grid.node_id(*c))
            for c, (x, y) in places.items()
        },
        "names": {grid.node_id(*c): boardplan.name_label(x, y, "") for c, (x, y) in places.items()},
    }


def whole(draft: Any) -> dict[str, Any]:
    """``{"edge", "nodes": [{id, x, y}], "edges": [{a, b, cost, kind}], "corners", "cells",
    "draw"}``:
    the intersections of the board's rectangle that are not the draft's land, the track spaces
    that touch one (plain, cost 1), and every intersection's cell (:func:`cells`: the land's,
    the sea's and those) and what the editor draws (:func:`drawing`); ``edge`` null and nothing
    else when the draft's lattice cannot be read."""
    empty: dict[str, Any] = {"edge": None, "nodes": [], "edges": [], "corners": [], "cells": {}}
    if not isinstance(draft, Mapping):
        return empty
    known = _known(draft)
    lattice, size = fit(known), _board(draft, known)
    if lattice is None or size is None:
        return empty
    edge, origin = lattice
    land = {grid.cell_of(raw["id"]) for _i, raw in common.items(draft, "nodes") if _id(raw)}
    cells_of = {**rectangle(edge, origin, size), **known}
    off = {c: p for c, p in cells_of.items() if c not in land}
    edges = [
        {"a": grid.node_id(*a), "b": grid.node_id(*b), "cost": 1, "kind": "plain"}
        for a in cells_of
        for b in grid.forward_neighbours(*a)
        if b in cells_of and (a in off or b in off)
    ]
    nodes = [{"id": grid.node_id(*c), "x": x, "y": y} for c, (x, y) in sorted(off.items())]
    return {
        "edge": round(edge, 2),
        "nodes": nodes,
        "edges": edges,
        **cells(cells_of, edge, origin),
        "draw": drawing(cells_of, _holding(size, cells_of)),
    }


def _holding(
    size: tuple[float, float], places: Mapping[grid.Cell, tuple[float, float]]
) -> tuple[float, float]:
    """The board's size, grown where an intersection lies beyond its right or bottom edge (a
    mistake the check names: the editor draws it, and rings it, rather than clip it away)."""
    width, height = size
    right = max((x for x, _y in places.values()), default=0.0)
    bottom = max((y for _x, y in places.values()), default=0.0)
    if right > width:
        width = round(right + model.BOARD_MARGIN, 2)
    if bottom > height:
        height = round(bottom + model.BOARD_MARGIN, 2)
    return width, height


def _id(raw: Any) -> bool:
    if not (isinstance(raw, Mapping) and isinstance(raw.get("id"), str)):
        return False
    try:
        grid.cell_of(raw["id"])
    except ValueError:
        return False
    return True


def map_lattice(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The page's question: the draft board's whole lattice off its land (``whole``)."""
    return whole(common.map_of(data))
