"""Drawing operations: one list of shapes in millimetres, rendered by the PDF and SVG backends.

Coordinates are millimetres with the origin at the top-left corner and y growing downwards
(the SVG convention). Text sizes are in typographic points, because that is how people think
about type; everything else is in millimetres. The operations are plain frozen dataclasses, so
a component can be built, inspected and tested without any backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]

PT_TO_MM = 25.4 / 72.0


@dataclass(frozen=True)
class Style:
    """How a shape is stroked and filled. Colours are ``#rrggbb`` strings or None.

    There is deliberately no transparency: PDF forms (how boards are reused across sheets)
    do not carry transparency states in reportlab, and printed kits do not need it.
    """

    stroke: str | None = "#000000"
    width: float = 0.25
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    cap: str = "round"  # butt | round | square
    join: str = "round"  # miter | round | bevel


@dataclass(frozen=True)
class Path:
    """One or more polylines; closed subpaths are filled with the even-odd rule (holes work)."""

    subpaths: tuple[tuple[Point, ...], ...]
    style: Style = Style()
    closed: bool = False


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text. ``anchor``: start, middle or end; ``angle``: degrees, clockwise."""

    x: float
    y: float
    text: str
    size: float = 9.0  # points
    bold: bool = False
    anchor: str = "start"
    fill: str = "#000000"
    angle: float = 0.0


@dataclass(frozen=True)
class Group:
    """Children drawn translated by (dx, dy), rotated (degrees, clockwise) and scaled, optionally
    clipped to a rectangle given in the group's own coordinates."""

    ops: tuple[Op, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h


@dataclass(frozen=True)
class Place:
    """A whole drawing placed at (x, y), showing only its window (wx, wy, ww, wh) when given.

    The PDF backend draws a placed drawing once as a form and reuses it on every page
    (a board tiled over twelve sheets is stored once); the SVG backend inlines it.
    """

    drawing: Drawing
    x: float = 0.0
    y: float = 0.0
    window: tuple[float, float, float, float] | None = None


Op = Path | Circle | Text | Group | Place


@dataclass(frozen=True)
class Drawing:
    """A named picture of a given size. ``name`` must be unique within one document."""

    name: str
    width: float
    height: float
    ops: tuple[Op, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Document:
    """A printable document: pages (each a drawing of the paper's size) and a title."""

    title: str
    pages: tuple[Drawing, ...]
    subject: str = ""


# ---------------------------------------------------------------- small constructors


def line(a: Point, b: Point, style: Style = Style()) -> Path:
    return Path(((a, b),), style)


def rect(x: float, y: float, w: float, h: float, style: Style = Style()) -> Path:
    return Path((((x, y), (x + w, y), (x + w, y + h), (x, y + h)),), style, closed=True)


def polygon(points: Sequence[Point], style: Style = Style()) -> Path:
    return Path((tuple(points),), style, closed=True)


def offset_segment(a: Point, b: Point, d: float) -> tuple[Point, Point]:
    """The segment a-b moved sideways by d millimetres (left of the direction a->b)."""
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    nx, ny = -(y2 - y1) / length * d, (x2 - x1) / length * d
    return (x1 + nx, y1 + ny), (x2 + nx, y2 + ny)
