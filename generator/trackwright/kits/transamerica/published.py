"""The published TransAmerica board as a trackwright map, for scoring games played on it.

Players who own the retail game (Winning Moves 2002 / Rio Grande) score it with the built-in
map ``usa-classic``. It is built from facts only, the board's graph as public hobby programs
encode it (``templates/transamerica/sources/published-board.json``): 188 intersections, 509
track spaces of which 109 double, and the 35 cities with their colours and dotted cards. It
has no drawn geography, and it is never printed: the board is the publisher's, not ours
(``generate transamerica --map usa-classic`` refuses; :func:`is_published` tells).

The source's lattice: a node is ``[x, y]``, ``y`` counting rows from the south (0) to the north
(12); on the plane, in edge lengths and north up, it lies at ``X = x + y/2``,
``Y = y * sqrt(3)/2``. trackwright's lattice (``core/lattice.py``) counts rows from the north
and shifts odd rows half an edge to the right, so ``row = 12 - y`` and ``col = x + y // 2``
(less the smallest column) put every node at the same place on the plane, and the six
neighbours of the source are exactly the six of :func:`trackwright.core.lattice.neighbours`.

Maintainers rebuild the stored map with::

    python -m trackwright.kits.transamerica.published [SOURCE.json [MAP.json]]

(by default from the packaged source into ``templates/transamerica/maps/usa-classic.json``);
``tests/kits/transamerica/test_usa_classic.py`` checks that the stored file is what this builds.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

from trackwright.core import lattice as grid
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_atomic
from trackwright.kits.transamerica import board

NAME = "usa-classic"
GENERATOR = "trackwright-published-board"
VERSION = "1"
EDGE = 34.0  # mm between neighbouring intersections, as the built-in boards
MARGIN = 22.0  # mm around the outermost intersections


def source_path() -> Path:
    """The packaged source data: the published board's graph."""
    resource = files("trackwright.templates").joinpath("transamerica/sources/published-board.json")
    return Path(str(resource))


def is_published(m: model.TransAmericaMap) -> bool:
    """Whether a map is the published board (built here): scored, never printed."""
    return m.generator.get("name") == GENERATOR


def build(data: dict[str, Any], where: str = "<source>") -> dict[str, Any]:
    """The map file's JSON from the parsed source data; every count is checked against the
    source's own ``counts``."""
    rows = max(y for _x, y in data["nodes"])
    cells = {(int(x), int(y)): (int(x) + int(y) // 2, rows - int(y)) for x, y in data["nodes"]}
    least = min(col for col, _row in cells.values())
    cells = {node: (col - least, row) for node, (col, row) in cells.items()}
    ids = {node: grid.node_id(*cell) for node, cell in cells.items()}
    if len(set(ids.values())) != len(ids):
        raise TrackwrightError.of("ta.published.nodes-shared", f"{where}: $.nodes")
    at = {cell: node for node, cell in cells.items()}

    plane = {node: grid.position(col, row, EDGE) for node, (col, row) in cells.items()}
    left = min(x for x, _y in plane.values())
    top = min(y for _x, y in plane.values())
    xy = {
        node: (round(x - left + MARGIN, 2), round(y - top + MARGIN, 2))
        for node, (x, y) in plane.items()
    }
    width = round(max(x for x, _y in xy.values()) + MARGIN, 2)
    height = round(max(y for _x, y in xy.values()) + MARGIN, 2)

    double = {frozenset((tuple(a), tuple(b))) for a, b in data["double_edges"]}
    order = sorted(cells, key=lambda node: (cells[node][1], cells[node][0]))
    edges: list[dict[str, Any]] = []
    seen_double = 0
    for node in order:
        for cell in grid.forward_neighbours(*cells[node]):
            other = at.get(cell)
            if other is None:
                continue
            is_double = frozenset((node, other)) in double
            seen_double += is_double
            edges.append(
                {
                    "a": ids[node],
                    "b": ids[other],
                    "cost": 2 if is_double else 1,
                    "kind": "mountain" if is_double else "plain",
                }
            )
    if seen_double != len(double):
        raise TrackwrightError.of(
            "ta.published.double", f"{where}: $.double_edges", count=len(double) - seen_double
        )
    cities = [
        {
            "name": city["name"],
            "node": ids[tuple(city["node"])],
            "region": city["colour"],
            "dotted": bool(city["dotted"]),
        }
        for city in data["cities"]
    ]
    built = {"nodes": len(ids), "edges": len(edges), "double": seen_double, "cities": len(cities)}
    if built != data["counts"]:
        raise TrackwrightError.of("ta.published.counts", where, built=built, counts=data["counts"])
    return {
        "format": mapfile.FORMAT,
        "game": model.GAME,
        "name": "USA (the published board)",
        "version": VERSION,
        "generator": {
            "name": GENERATOR,
            "version": VERSION,
            "seed": None,
            "params": {
                "source": "templates/transamerica/sources/published-board.json",
                "board": "TransAmerica, Winning Moves 2002 / Rio Grande: its graph only",
                "use": "scoring games played on the published board; never printed",
                "double": "mountains and rivers alike (the source does not tell them apart)",
                "edge": EDGE,
                "margin": MARGIN,
            },
        },
        "board": {"width": width, "height": height},
        "nodes": [{"id": ids[n], "x": xy[n][0], "y": xy[n][1]} for n in order],
        "edges": edges,
        "cities": cities,
    }


def build_file(source: Path) -> bytes:
    """The stored map file's bytes, built from a source file (and checked as a map), with the
    seams the kit prints it with (:func:`.board.printed`)."""
    data = build(mapfile.read_json(source), str(source))
    return mapfile.dumps(board.printed(model.from_json(data, NAME)).to_json())


if __name__ == "__main__":  # maintainers: rebuild templates/transamerica/maps/usa-classic.json
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else source_path()
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("templates/transamerica/maps")
    if target.is_dir():
        target = target / f"{NAME}.json"
    write_atomic(target, build_file(source))
    print(f"wrote {target}")
