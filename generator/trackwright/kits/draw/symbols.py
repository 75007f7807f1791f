"""Shape symbols drawn as vectors, so colour is never the only cue (colour-blind safety),
and the palettes of regions and players that pair each colour with a shape."""

from __future__ import annotations

from trackwright.core.palette import (
    CIRCLE_R,
    PLAYER_DASH,
    PLAYER_STYLE,
    REGION_STYLE,
    player_styles,
    shape_outline,
    shape_points,
)
from trackwright.kits.draw.ops import Circle, Path, Style, polygon

__all__ = [
    "PLAYER_DASH",
    "PLAYER_STYLE",
    "REGION_STYLE",
    "ink_on",
    "player_styles",
    "shape_outline",
    "symbol",
]


def symbol(shape: str, cx: float, cy: float, r: float, style: Style) -> Path | Circle:
    """A shape of about radius r centred on (cx, cy) (its points: ``core.palette``)."""
    points = shape_points(shape, cx, cy, r)
    return Circle(cx, cy, r * CIRCLE_R, style) if points is None else polygon(points, style)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on the given fill colour."""
    r, g, b = (int(fill.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return "#000000" if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else "#ffffff"
