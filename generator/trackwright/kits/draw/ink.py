"""The ink saver: one transform of the drawing operations, so every kit gets it.

Fills are lightened the more the bigger they are (a card back or a sea keeps a pale tint of its
colour, a symbol keeps more) and lines print at 42 % of their darkness, so a kit (and every
file of it but the text pages) takes at most half the toner; shapes, widths, dashes and
patterns stay as they are, so every cue that tells pieces apart in black and white is kept.
Text stays dark (light text turns black), and white lines drawn on dark fills turn grey so
they still show on the paler ones.
"""

from __future__ import annotations

import dataclasses

from trackwright.kits.draw.ops import Circle, Document, Drawing, Group, Op, Path, Place, Style, Text

#: How much of a fill's darkness is kept, by the area it covers (mm²), biggest first.
KEEP = ((1500.0, 0.12), (150.0, 0.3), (0.0, 0.5))


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def luminance(colour: str) -> float:
    """0 for black to 1 for white (Rec. 601 weights, as a grey printer mixes them)."""
    r, g, b = _rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def lighten(colour: str, keep: float) -> str:
    """The colour with only ``keep`` of its distance from white left."""
    return "#" + "".join(f"{round(255 - (255 - c) * keep):02x}" for c in _rgb(colour))


def _area(subpaths: tuple[tuple[tuple[float, float], ...], ...]) -> float:
    total = 0.0
    for sub in subpaths:
        total += (
            abs(
                sum(
                    x1 * y2 - x2 * y1
                    for (x1, y1), (x2, y2) in zip(sub, sub[1:] + sub[:1], strict=True)
                )
            )
            / 2
        )
    return total


def _fill(colour: str | None, area: float) -> str | None:
    if colour is None:
        return None
    keep = next(k for limit, k in KEEP if area >= limit)
    return lighten(colour, keep)


#: How much of a line's darkness is kept: pale lines still show every shape, dash and pattern
#: (a 0.25 mm black line prints as a clear mid-grey one); below half, so that a page of lines
#: alone (a blank hex sheet, with its captions) takes at most half the toner too.
STROKE_KEEP = 0.42


def _stroke(colour: str | None) -> str | None:
    if colour is None:
        return None
    if luminance(colour) > 0.85:
        return "#707070"  # a white line drawn on a dark fill would vanish on the pale one
    return lighten(colour, STROKE_KEEP)


def _style(style: Style, area: float) -> Style:
    fill, stroke = _fill(style.fill, area), _stroke(style.stroke)
    if fill == style.fill and stroke == style.stroke:
        return style
    return Style(stroke, style.width, fill, style.dash, style.cap, style.join)


class _Saver:
    def __init__(self) -> None:
        self.drawings: dict[int, Drawing] = {}

    def drawing(self, drawing: Drawing) -> Drawing:
        key = id(drawing)
        if key not in self.drawings:
            self.drawings[key] = Drawing(
                drawing.name,
                drawing.width,
                drawing.height,
                tuple(self.op(op, 1.0) for op in drawing.ops),
                drawing.trim,
                drawing.bleed,
            )
        return self.drawings[key]

    def op(self, op: Op, scale: float) -> Op:
        if isinstance(op, Path):
            area = _area(op.subpaths) * scale * scale if op.closed else 0.0
            return Path(op.subpaths, _style(op.style, area), op.closed)
        if isinstance(op, Circle):
            area = 3.14159 * (op.r * scale) ** 2
            return Circle(op.cx, op.cy, op.r, _style(op.style, area))
        if isinstance(op, Text):
            if luminance(op.fill) > 0.6:
                return Text(op.x, op.y, op.text, op.size, op.bold, op.anchor, "#000000", op.angle)
            return op
        if isinstance(op, Group):
            inner = tuple(self.op(o, scale * op.scale) for o in op.ops)
            return type(op)(
                inner, op.dx, op.dy, op.rotate, op.scale, op.clip, op.mirror_x, op.mirror_y
            )
        if isinstance(op, Place):
            return Place(self.drawing(op.drawing), op.x, op.y, op.window)
        raise TypeError(f"unknown drawing operation {op!r}")  # pragma: no cover


def ink_saver(document: Document) -> Document:
    """The document with pale fills (see the module's note); a drawing placed on many pages
    stays one drawing."""
    saver = _Saver()
    return dataclasses.replace(
        document, pages=tuple(saver.drawing(page) for page in document.pages)
    )
