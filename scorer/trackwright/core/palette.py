"""The colours and shapes that tell regions and players apart, as plain data and points: the
kits draw them (``trackwright.kits.draw.symbols``) and the phone's page gets the same numbers
from a board plan (:mod:`trackwright.core.boardplan`). Colour is never the only cue: each colour
goes with a shape, and each player's lines with a dash."""

from __future__ import annotations

import math

Point = tuple[float, float]

# TransAmerica's five regions: colour and shape.
REGION_STYLE: dict[str, tuple[str, str]] = {
    "green": ("#3b9a4b", "triangle"),
    "blue": ("#2c6bb3", "square"),
    "yellow": ("#e9c21d", "circle"),
    "red": ("#c8372d", "diamond"),
    "orange": ("#ee8a1e", "star"),
}

# Eight player colours, the whole Okabe-Ito palette (told apart with the common colour-vision
# deficiencies), each with its own shape, so a black-and-white print or a colour-blind player
# still tells every player apart. TransAmerica (6 players) uses the first six; Dampfross (up to
# 8) all of them.
PLAYER_STYLE: tuple[tuple[str, str], ...] = (
    ("#0072b2", "circle"),
    ("#e69f00", "square"),
    ("#009e73", "triangle"),
    ("#cc79a7", "diamond"),
    ("#d55e00", "star"),
    ("#f0e442", "hexagon"),
    ("#56b4e9", "cross"),
    ("#000000", "hourglass"),
)

#: Each player's dash pattern (millimetres on, off, ...) for lines drawn in the player's colour:
#: with the shape, colour is never the only cue.
PLAYER_DASH: tuple[tuple[float, ...] | None, ...] = (
    None,
    (4.0, 1.6),
    (1.2, 1.2),
    (5.0, 1.5, 1.2, 1.5),
    (2.5, 2.5),
    (6.0, 1.2, 1.2, 1.2, 1.2, 1.2),
    (10.0, 1.6),
    (1.0, 1.0, 1.0, 1.0, 1.0, 3.5),
)


def _regular(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[Point]:
    return [
        (
            cx + r * math.cos(math.radians(start_deg + 360 * k / n)),
            cy + r * math.sin(math.radians(start_deg + 360 * k / n)),
        )
        for k in range(n)
    ]


def _square(cx: float, cy: float, r: float) -> list[Point]:
    s = r * 0.8
    return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]


def _star(cx: float, cy: float, r: float) -> list[Point]:
    outer = _regular(cx, cy, r * 1.1, 5, -90)
    inner = _regular(cx, cy, r * 0.45, 5, -54)
    return [p for pair in zip(outer, inner, strict=True) for p in pair]


def _cross(cx: float, cy: float, r: float) -> list[Point]:
    a, b = r * 0.9, r * 0.32
    pts = [
        (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b),
        (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b),
    ]  # fmt: skip
    return [(cx + x, cy + y) for x, y in pts]


def _hourglass(cx: float, cy: float, r: float) -> list[Point]:
    # Two triangles tip to tip with a narrow waist: one outline, unlike any other shape
    # however it is turned.
    a, w = r * 0.95, r * 0.16
    pts = [(-a, -a), (a, -a), (w, 0.0), (a, a), (-a, a), (-w, 0.0)]
    return [(cx + x, cy + y) for x, y in pts]


SHAPES = {
    "square": _square,
    "triangle": lambda cx, cy, r: _regular(cx, cy + r * 0.15, r * 1.05, 3, -90),
    "diamond": lambda cx, cy, r: _regular(cx, cy, r * 1.05, 4, -90),
    "hexagon": lambda cx, cy, r: _regular(cx, cy, r * 0.98, 6, 0),
    "star": _star,
    "cross": _cross,
    "hourglass": _hourglass,
}
CIRCLE_R = 0.9  # a circle symbol's radius, for a shape of radius 1


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[Point] | None:
    """The outline of a shape of about radius r centred on (cx, cy); None for a circle (of
    radius ``CIRCLE_R * r``)."""
    if shape == "circle":
        return None
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}")
    return SHAPES[shape](cx, cy, r)


def shape_outline(shape: str) -> list[list[float]] | None:
    """A symbol's points around (0, 0) at radius 1, for a page to draw it (None: a circle)."""
    points = shape_points(shape, 0.0, 0.0, 1.0)
    return [[round(x, 3), round(y, 3)] for x, y in points] if points else None


def player_styles() -> list[dict[str, object]]:
    """The players' colours, shapes and dashes as the web page draws them: ``outline`` is the
    shape's points around (0, 0) at radius 1 (``None`` for a circle), ``dash`` an SVG dash array."""
    out: list[dict[str, object]] = []
    for i, (colour, shape) in enumerate(PLAYER_STYLE):
        dash = PLAYER_DASH[i % len(PLAYER_DASH)]
        out.append(
            {
                "colour": colour,
                "shape": shape,
                "outline": shape_outline(shape),
                "dash": " ".join(f"{d:g}" for d in dash) if dash else "none",
            }
        )
    return out
