"""Board plans: a map's board as numbers, for a page to draw it without the kits.

A plan has the printed board's size (``width``, ``height``, in its millimetres), the places the
page hit-tests (``layout``: exactly what a game's ``board_view(...).places`` gives, made by the
same functions here) and its players' colours and shapes, with simple drawing items (``items``):
each a dict with ``t`` its kind and ``c`` its class (the page's module
``static/board-plan.js`` chooses colours by class, readable in black and white too):

- ``rect``: ``x, y, w, h``
- ``hexes``: ``hexes`` (``"q,r"`` keys of ``layout.centres``), each outlined by the layout's corners
- ``lines``: ``segs``, each ``[x1, y1, x2, y2]``
- ``paths``: ``rings`` (lists of ``[x, y]``), ``closed``
- ``dots``, ``rings``, ``squares``: ``r`` and ``pts`` (centres), filled, outlined or squares
- ``marks``: ``m`` (``hill``, ``wave``, ``forest``), ``s`` (the hex size) and ``pts``
- ``shapes``: ``r`` and ``pts``, each point ``[x, y, fill, outline]`` (outline: a palette
  shape's points at radius 1, or ``None`` for a circle)
- ``text``: ``x, y, s`` (the text), ``size`` (mm), ``anchor`` (``start``, ``middle``, ``end``),
  ``bold``; class ``halo`` gets a white rim

Every game's plan is made by its module here from the map model; the kits lay out their boards
with the same functions (``trackwright.kits.<game>.board``), so the two never disagree."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex

M = TypeVar("M", bound=mapfile.MapModel)

PT_TO_MM = 25.4 / 72  # a text size in points, in millimetres

Item = dict[str, Any]


def map_of(
    game: str,
    data: Any,
    where: str,
    build: Callable[[Any, str], M],
    made: Mapping[str, Callable[[], M]] | None = None,
) -> M:
    """The map model of a record as a page question gets it (``{"game", "map", ...}``, its map
    built in or embedded): what a board plan is made from; a map that is not valid is refused
    with the one-line error of its loader, naming the JSON path under ``$.map``."""
    if not isinstance(data, dict) or "map" not in data:
        raise TrackwrightError.of("board.no-map", f"{where}: $.map")
    return mapfile.record_model(game, data, None, where, build, made)


def r2(v: float) -> float:
    return round(v, 2)


def pt(x: float, y: float) -> list[float]:
    return [r2(x), r2(y)]


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def hex_places(hexes: Iterable[Hex], size: float, ox: float, oy: float) -> dict[str, Any]:
    """``{"kind": "hex", "centres": {"q,r": [x, y]}, "corners": [[dx, dy] x 6]}`` in mm: a hex's
    outline is its centre plus each corner offset."""
    at = hexgrid.Layout(size=size, origin=(ox, oy))
    centres = {}
    for h in sorted(hexes):
        x, y = at.centre(h)
        centres[hex_key(h)] = [round(x, 3), round(y, 3)]
    corners = [[round(x, 4), round(y, 4)] for x, y in at.corner_offsets()]
    return {"kind": "hex", "size": size, "centres": centres, "corners": corners}


def plan(
    width: float,
    height: float,
    layout: dict[str, Any],
    players: list[dict[str, Any]],
    items: list[Item],
) -> dict[str, Any]:
    """A board plan (see the module's text)."""
    return {
        "width": round(width, 3),
        "height": round(height, 3),
        "layout": layout,
        "players": players,
        "items": items,
    }


def text(
    x: float,
    y: float,
    s: str,
    size_pt: float,
    c: str = "label",
    anchor: str = "middle",
    bold: bool = False,
) -> Item:
    """A text item, its size given in points like the kits' texts."""
    return {
        "t": "text",
        "c": c,
        "x": r2(x),
        "y": r2(y),
        "s": s,
        "size": round(size_pt * PT_TO_MM, 3),
        "anchor": anchor,
        "bold": bold,
    }


def hexes_by_class(terrain: dict[Hex, str], prefix: str, order: Iterable[str]) -> list[Item]:
    """One ``hexes`` item per terrain, in the given order (later ones drawn over)."""
    out = []
    for kind in order:
        keys = [hex_key(h) for h in sorted(terrain) if terrain[h] == kind]
        if keys:
            out.append({"t": "hexes", "c": f"{prefix}-{kind}", "hexes": keys})
    return out


def marks(m: str, size: float, points: list[tuple[float, float]]) -> list[Item]:
    """A ``marks`` item (none when there is no point)."""
    if not points:
        return []
    return [{"t": "marks", "m": m, "s": size, "pts": [pt(x, y) for x, y in points]}]
