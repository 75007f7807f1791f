"""Lay out a La Strada board from a seed: the start piece first, the other five land pieces in a
shuffled order around it, and the 19 settlement tiles dealt onto the marked spots."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from trackwright.core import hexgrid, mapfile
from trackwright.core import lastrada as model
from trackwright.core.hexgrid import Hex
from trackwright.core.rng import Rng

ARRANGER_VERSION = "1"
LETTERS = {"p": "plain", "f": "forest", "h": "hill", "S": "plain"}


@cache
def pieces_data() -> dict[str, Any]:
    return json.loads(files("trackwright.templates").joinpath("lastrada/pieces.json").read_text())


def piece_cells(rings: list[str], position: int) -> list[tuple[Hex, str]]:
    """A wedge's hexes when laid at a position (0..5 clockwise from the east): ring k, index j
    lies at k steps in direction ``position`` and j steps two directions further on."""
    d = hexgrid.DIRECTIONS
    a, b = d[position % 6], d[(position + 2) % 6]
    return [
        ((k * a[0] + j * b[0], k * a[1] + j * b[1]), ch)
        for k, ring in enumerate(rings, start=1)
        for j, ch in enumerate(ring)
    ]


def arrange(seed: int, hex_size: float = model.DEFAULT_HEX_SIZE) -> model.LaStradaMap:
    rng = Rng(seed)
    data = pieces_data()
    start = data["start_piece"]
    others = rng.shuffled(sorted(p for p in data["pieces"] if p != start))
    order = [start, *others]
    terrain: dict[Hex, str] = {(0, 0): LETTERS[data["centre"]]}
    piece_of: dict[Hex, str] = {(0, 0): start}
    spots: list[Hex] = [(0, 0)] if data["centre"] == "S" else []
    for position, piece in enumerate(order):
        for h, ch in piece_cells(data["pieces"][piece], position):
            terrain[h] = LETTERS[ch]
            piece_of[h] = piece
            if ch == "S":
                spots.append(h)
    kinds = rng.shuffled([k for k in model.KINDS for _ in range(model.TILE_SET[k])])
    spots.sort(key=lambda h: (h[1], h[0]))  # reading order: s01 top-left ... s19
    hexes = sorted(terrain, key=lambda h: (h[1], h[0]))
    record = {
        "format": mapfile.FORMAT,
        "game": "lastrada",
        "name": f"La Strada {seed}",
        "version": "1",
        "generator": {
            "name": "trackwright-lastrada",
            "version": ARRANGER_VERSION,
            "seed": seed,
            "params": {"order": order},
        },
        "hex_size": hex_size,
        "pieces": [
            {"id": p, "position": i, **({"start": True} if p == start else {})}
            for i, p in enumerate(order)
        ],
        "hexes": [
            {"q": q, "r": r, "terrain": terrain[(q, r)], "piece": piece_of[(q, r)]}
            for q, r in hexes
        ],
        "settlements": [
            {"id": f"s{i + 1:02d}", "hex": list(h), "kind": kind}
            for i, (h, kind) in enumerate(zip(spots, kinds, strict=True))
        ],
    }
    return model.from_json(record, f"La Strada board {seed}")
