"""Shape symbols drawn as vectors, so colour is never the only cue (colour-blind safety),
and the palettes of regions and players that pair each colour with a shape."""

from __future__ import annotations

import math

from trackwright.kits.draw.ops import Circle, Path, Style, polygon


def _regular(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(start_deg + 360 * k / n)),
            cy + r * math.sin(math.radians(start_deg + 360 * k / n)),
        )
        for k in range(n)
    ]


def symbol(shape: str, cx: float, cy: float, r: float, style: Style) -> Path | Circle:
    """A shape of about radius r centred on (cx, cy)."""
    if shape == "circle":
        return Circle(cx, cy, r * 0.9, style)
    if shape == "square":
        s = r * 0.8
        return polygon(
            [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)], style
        )
    if shape == "triangle":
        return polygon(_regular(cx, cy + r * 0.15, r * 1.05, 3, -90), style)
    if shape == "diamond":
        return polygon(_regular(cx, cy, r * 1.05, 4, -90), style)
    if shape == "hexagon":
        return polygon(_regular(cx, cy, r * 0.98, 6, 0), style)
    if shape == "star":
        outer = _regular(cx, cy, r * 1.1, 5, -90)
        inner = _regular(cx, cy, r * 0.45, 5, -54)
        return polygon([p for pair in zip(outer, inner, strict=True) for p in pair], style)
    if shape == "cross":
        a, b = r * 0.9, r * 0.32
        pts = [
            (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b),
            (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b),
        ]  # fmt: skip
        return polygon([(cx + x, cy + y) for x, y in pts], style)
    if shape == "hourglass":
        # Two triangles tip to tip with a narrow waist: one outline, unlike any other shape
        # however it is turned.
        a, w = r * 0.95, r * 0.16
        pts = [(-a, -a), (a, -a), (w, 0.0), (a, a), (-a, a), (-w, 0.0)]
        return polygon([(cx + x, cy + y) for x, y in pts], style)
    raise ValueError(f"unknown shape {shape!r}")


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


def shape_outline(shape: str) -> list[list[float]] | None:
    """A symbol's points around (0, 0) at radius 1, for a page to draw it (None: a circle)."""
    op = symbol(shape, 0.0, 0.0, 1.0, Style())
    points = op.subpaths[0] if isinstance(op, Path) else None
    return [[round(x, 3), round(y, 3)] for x, y in points] if points else None


def player_styles() -> list[dict[str, object]]:
    """The players' colours, shapes and dashes as the web page draws them: ``outline`` is the
    shape's points around (0, 0) at radius 1 (``None`` for a circle), ``dash`` an SVG dash array."""
    out: list[dict[str, object]] = []
    for i, (colour, shape) in enumerate(PLAYER_STYLE):
        op = symbol(shape, 0.0, 0.0, 1.0, Style())
        outline = (
            [[round(x, 3), round(y, 3)] for x, y in op.subpaths[0]]
            if isinstance(op, Path)
            else None
        )
        dash = PLAYER_DASH[i % len(PLAYER_DASH)]
        out.append(
            {
                "colour": colour,
                "shape": shape,
                "outline": outline,
                "dash": " ".join(f"{d:g}" for d in dash) if dash else "none",
            }
        )
    return out


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on the given fill colour."""
    r, g, b = (int(fill.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return "#000000" if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else "#ffffff"
