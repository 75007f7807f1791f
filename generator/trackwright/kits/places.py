"""Where a hex map's hexes lie on a printed board, as data for the web page.

The page draws its tap targets from these numbers, made by the same geometry as the print
(:mod:`trackwright.core.hexgrid`), so it never repeats a formula.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trackwright.core import hexgrid
from trackwright.core.hexgrid import Hex


def hex_places(hexes: Iterable[Hex], size: float, ox: float, oy: float) -> dict[str, Any]:
    """``{"kind": "hex", "centres": {"q,r": [x, y]}, "corners": [[dx, dy] x 6]}`` in mm: a hex's
    outline is its centre plus each corner offset."""
    at = hexgrid.Layout(size=size, origin=(ox, oy))
    centres = {}
    for h in sorted(hexes):
        x, y = at.centre(h)
        centres[f"{h[0]},{h[1]}"] = [round(x, 3), round(y, 3)]
    corners = [[round(x, 4), round(y, 4)] for x, y in at.corner_offsets()]
    return {"kind": "hex", "size": size, "centres": centres, "corners": corners}
