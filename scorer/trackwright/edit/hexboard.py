"""A draft hex board's geometry for the map editor page, computed by ``trackwright.core.hexgrid``
so that the page only looks positions up and draws (no hex formula written twice in JS): every
hex of the draft's bounding rectangle and a margin around it with its centre, the corner and
side offsets, the printed border labels (columns "A", "B"... above, rows "1", "2"... at both
sides, as ``trackwright.core.boardplan.dampfross`` prints them), and resizing a draft by a row or
column at any side.

A draft fails the game's loader while it is being drawn, so the ``board`` plan (which loads the
map) cannot answer for it; this module reads only the hexes' coordinates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from trackwright.core import hexgrid
from trackwright.core.hexgrid import Hex
from trackwright.edit import common

#: Hexes drawn around the draft's own (where a resize would add them), in rows and columns.
MARGIN = 1
#: A draft's hexes without a size of their own (mm, ``trackwright.core.dampfross``'s default).
DEFAULT_SIZE = 7.5
#: The border labels: this far from the board's hexes (mm), as the printed board has them.
LABEL_GAP = 1.8


def _r(v: float) -> float:
    return round(v, 2)


def hexes_of(draft: Any) -> list[Hex]:
    """The draft's hexes, in its order, whatever else is wrong with it."""
    out: list[Hex] = []
    for _i, raw in common.items(draft, "hexes"):
        if isinstance(raw, Mapping):
            h = common.pair([raw.get("q"), raw.get("r")])
            if h is not None:
                out.append(h)
    return out


def offset_box(hexes: Iterable[Hex]) -> tuple[int, int, int, int]:
    """First and last offset column and row of the hexes."""
    cols, rows = zip(*(hexgrid.axial_to_offset(h) for h in hexes), strict=True)
    return min(cols), min(rows), max(cols), max(rows)


def _unit(at: hexgrid.Layout) -> dict[str, Any]:
    """The offsets of one hex's corners and of its six sides (the neighbour's direction, the
    side's middle and ends) from its centre."""
    sides = []
    for dq, dr in hexgrid.DIRECTIONS:
        (x1, y1), (x2, y2) = at.side_points(hexgrid.side((0, 0), (dq, dr)))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        sides.append(
            {"dir": [dq, dr], "mid": [_r(mx), _r(my)], "ends": [[_r(x1), _r(y1)], [_r(x2), _r(y2)]]}
        )
    return {"corners": [[_r(x), _r(y)] for x, y in at.corner_offsets()], "sides": sides}


def _labels(hexes: list[Hex], at: hexgrid.Layout) -> dict[str, list[dict[str, Any]]]:
    """The printed border labels of the draft's hexes: a letter over each column, a number at
    both ends of each row."""
    oc, orow = hexgrid.label_origin(hexes)
    minx, miny, maxx, _maxy = at.bounds(hexes)
    c0, r0, c1, r1 = offset_box(hexes)
    cols = [
        {
            "text": hexgrid.column_letters(col - oc),
            "x": _r(at.centre(hexgrid.offset_to_axial(col, r0 - r0 % 2))[0]),
            "y": _r(miny - LABEL_GAP),
        }
        for col in range(c0, c1 + 1)
    ]
    rows = []
    for row in range(r0, r1 + 1):
        y = _r(at.centre(hexgrid.offset_to_axial(c0, row))[1])
        text = str(row - orow + 1)
        rows.append({"text": text, "x": _r(minx - LABEL_GAP), "y": y, "anchor": "end"})
        rows.append({"text": text, "x": _r(maxx + LABEL_GAP), "y": y, "anchor": "start"})
    return {"columns": cols, "rows": rows}


def layout(draft: Any, margin: int = MARGIN) -> dict[str, Any]:
    """The geometry the editor draws the draft with: ``size`` (mm, centre to corner), ``hexes``
    ([q, r, x, y] for every hex of the draft's offset rectangle grown by ``margin``; the draft's
    own are ``draft``: its hex keys "q,r"), ``corners`` and ``sides`` (offsets from a centre),
    ``labels`` ("A1" of each draft hex by key, and the border's columns and rows), ``box`` (the
    viewBox: x, y, width, height) and ``pitch`` (the distance between neighbouring centres)."""
    raw = draft.get("hex_size") if isinstance(draft, Mapping) else None
    size = DEFAULT_SIZE
    if isinstance(raw, int | float) and not isinstance(raw, bool) and 0 < raw <= 100:
        size = float(raw)
    at = hexgrid.Layout(size=size)
    own = hexes_of(draft)
    out: dict[str, Any] = {"size": size, "pitch": _r(at.width), **_unit(at)}
    if not own:
        return {**out, "hexes": [], "labels": {"hexes": {}, "columns": [], "rows": []}, "box": None}
    c0, r0, c1, r1 = offset_box(own)
    around = [
        hexgrid.offset_to_axial(c, r)
        for r in range(r0 - margin, r1 + margin + 1)
        for c in range(c0 - margin, c1 + margin + 1)
    ]
    out["hexes"] = [[q, r, *map(_r, at.centre((q, r)))] for q, r in around]
    origin = hexgrid.label_origin(own)
    labels: dict[str, Any] = dict(_labels(own, at))
    labels["hexes"] = {f"{q},{r}": hexgrid.hex_label((q, r), origin) for q, r in own}
    out["labels"] = labels
    x0, y0, x1, y1 = at.bounds(own)
    room = 4 * LABEL_GAP  # the border labels
    out["box"] = [_r(x0 - room), _r(y0 - room), _r(x1 - x0 + 2 * room), _r(y1 - y0 + 2 * room)]
    return out


def map_layout(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The page's question: the draft's geometry (``layout``)."""
    margin = common.integer(args.get("margin")) if isinstance(args, Mapping) else None
    return layout(common.map_of(data), MARGIN if margin is None else max(0, min(margin, 4)))


# ------------------------------------------------------------------ resizing

#: The sides a draft grows or shrinks at.
EDGES = ("top", "bottom", "left", "right")


def _edge_line(own: list[Hex], edge: str, grow: bool) -> list[Hex]:
    """The hexes of the row or column added beyond an edge (grow) or the draft's own on it."""
    c0, r0, c1, r1 = offset_box(own)
    col = {"left": c0 - 1 if grow else c0, "right": c1 + 1 if grow else c1}.get(edge)
    row = {"top": r0 - 1 if grow else r0, "bottom": r1 + 1 if grow else r1}.get(edge)
    if col is not None:
        return [hexgrid.offset_to_axial(col, r) for r in range(r0, r1 + 1)]
    assert row is not None
    return [hexgrid.offset_to_axial(c, row) for c in range(c0, c1 + 1)]


def _without(draft: dict[str, Any], gone: set[Hex]) -> None:
    """Drop the hexes and what stands on them: their towns (and ports, big marks), rivers."""
    draft["hexes"] = [
        raw
        for _i, raw in common.items(draft, "hexes")
        if not (isinstance(raw, Mapping) and common.pair([raw.get("q"), raw.get("r")]) in gone)
    ]
    towns = [raw for _i, raw in common.items(draft, "towns")]
    dropped = {
        raw.get("name")
        for raw in towns
        if isinstance(raw, Mapping) and common.pair(raw.get("hex")) in gone
    }
    draft["towns"] = [
        raw for raw in towns if not (isinstance(raw, Mapping) and raw.get("name") in dropped)
    ]
    for k in ("ports", "x-big"):
        if isinstance(draft.get(k), list):
            draft[k] = [n for n in draft[k] if n not in dropped]
    draft["rivers"] = [
        pair
        for _i, pair in common.items(draft, "rivers")
        if not (isinstance(pair, list) and any(common.pair(h) in gone for h in pair))
    ]


def resize(draft: Any, edge: str, grow: bool, terrain: str = "plain") -> dict[str, Any]:
    """The draft with a row or column added beyond ``edge`` (``grow``, of ``terrain``) or its
    last one at that edge removed (never below one row or column)."""
    if not isinstance(draft, Mapping) or edge not in EDGES:
        return {"map": draft}
    out = dict(draft)
    own = hexes_of(draft)
    if not own:
        return {"map": out}
    line = _edge_line(own, edge, grow)
    if grow:
        have = set(own)
        out["hexes"] = [raw for _i, raw in common.items(draft, "hexes")] + [
            {"q": q, "r": r, "terrain": terrain} for q, r in line if (q, r) not in have
        ]
        return {"map": out}
    if len(set(own) - set(line)) == 0:
        return {"map": out}
    _without(out, set(line))
    return {"map": out}


def map_resize(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The page's question: ``{"map"}``, the draft grown or shrunk by one row or column at
    ``args.edge`` ("top", "bottom", "left", "right"; ``args.grow`` true to add)."""
    a = args if isinstance(args, Mapping) else {}
    return resize(common.map_of(data), str(a.get("edge")), bool(a.get("grow")))
