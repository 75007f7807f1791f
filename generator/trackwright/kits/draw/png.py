"""PNG backend (Pillow): renders a page of drawing operations to a raster image, for plots and
previews. Same operations, same bundled font; coordinates in millimetres scaled to ``dpi``."""

from __future__ import annotations

import io
import itertools
from functools import cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

from trackwright.kits.draw.ops import (
    PT_TO_MM,
    Circle,
    Drawing,
    Group,
    Path,
    Place,
    Style,
    Text,
)


@cache
def _font(bold: bool, px: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with files("trackwright.kits.fonts").joinpath(name).open("rb") as handle:
        return ImageFont.truetype(io.BytesIO(handle.read()), max(px, 1))


def _dashes(points, pattern):
    """The drawn pieces of a polyline under a dash pattern (lengths in pixels)."""
    pieces, current = [], [points[0]]
    index, left, on = 0, max(pattern[0], 0.01), True
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if on:
                pieces.append([*current, p])
            current = [p]
            index = (index + 1) % len(pattern)
            left, on = max(pattern[index], 0.01), not on
        left -= length - done
        current.append((x2, y2))
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


class _Renderer:
    def __init__(self, image: Image.Image, scale: float) -> None:
        self.image = image
        self.scale = scale

    def ops(self, ops, dx: float, dy: float, k: float) -> None:
        for op in ops:
            self.op(op, dx, dy, k)

    def pt(self, x: float, y: float, dx: float, dy: float, k: float) -> tuple[float, float]:
        return (dx + x * k) * self.scale, (dy + y * k) * self.scale

    def width(self, style: Style, k: float) -> int:
        return max(1, round(style.width * k * self.scale))

    def op(self, op, dx: float, dy: float, k: float) -> None:
        """Draw one operation, moved by (dx, dy) and scaled by k (each kind by its own method)."""
        if isinstance(op, Path):
            self.path(op, dx, dy, k)
        elif isinstance(op, Circle):
            self.circle(op, dx, dy, k)
        elif isinstance(op, Text):
            self.text(op, dx, dy, k)
        elif isinstance(op, Group):
            self.group(op, dx, dy, k)
        elif isinstance(op, Place):
            d = op.drawing
            wx, wy, ww, wh = op.window or (0.0, 0.0, d.width, d.height)
            self.clipped(d.ops, dx + (op.x - wx) * k, dy + (op.y - wy) * k, k, (wx, wy, ww, wh))
        else:  # pragma: no cover
            raise TypeError(f"unknown drawing operation {op!r}")

    def path(self, op: Path, dx: float, dy: float, k: float) -> None:
        """A path of straight lines: each part filled (when closed) and stroked."""
        draw = ImageDraw.Draw(self.image)
        for sub in op.subpaths:
            pts = [self.pt(x, y, dx, dy, k) for x, y in sub]
            if len(pts) < 2:
                continue
            if op.closed and op.style.fill:
                draw.polygon(pts, fill=op.style.fill)
            if op.style.stroke and op.style.width > 0:
                self.stroke(draw, op, [*pts, pts[0]] if op.closed else pts, k)

    def stroke(self, draw: ImageDraw.ImageDraw, op: Path, line: list, k: float) -> None:
        """One part of a path stroked, solid or dashed."""
        width = self.width(op.style, k)
        if op.style.dash:
            pattern = [d * k * self.scale for d in op.style.dash]
            for piece in _dashes(line, pattern):
                draw.line(piece, fill=op.style.stroke, width=width)
        else:
            draw.line(line, fill=op.style.stroke, width=width, joint="curve")

    def circle(self, op: Circle, dx: float, dy: float, k: float) -> None:
        """A circle, filled and outlined."""
        draw = ImageDraw.Draw(self.image)
        x, y = self.pt(op.cx, op.cy, dx, dy, k)
        r = op.r * k * self.scale
        draw.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=op.style.fill,
            outline=op.style.stroke if op.style.width > 0 else None,
            width=self.width(op.style, k) if op.style.stroke else 0,
        )

    def text(self, op: Text, dx: float, dy: float, k: float) -> None:
        """A line of text in the bundled font (turned text drawn on a layer and turned)."""
        if not op.text:
            return
        draw = ImageDraw.Draw(self.image)
        font = _font(op.bold, round(op.size * PT_TO_MM * k * self.scale))
        x, y = self.pt(op.x, op.y, dx, dy, k)
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[op.anchor]
        if op.angle:
            box = font.getbbox(op.text, anchor="ls")
            size = (int(box[2] - box[0]) + 4, int(box[3] - box[1]) + 4)
            layer = Image.new("RGBA", size, (0, 0, 0, 0))
            ImageDraw.Draw(layer).text(
                (2 - box[0], 2 - box[1]), op.text, font=font, fill=op.fill, anchor="ls"
            )
            turned = layer.rotate(-op.angle, expand=True)
            self.image.alpha_composite(turned, (round(x), round(y - turned.height)))
        else:
            draw.text((x, y), op.text, font=font, fill=op.fill, anchor=anchor)

    def group(self, op: Group, dx: float, dy: float, k: float) -> None:
        """A group's operations, moved and scaled, and clipped (not turned or mirrored)."""
        if op.rotate or op.mirror_x or op.mirror_y:
            raise NotImplementedError("the PNG backend does not rotate or mirror groups")
        inner_k = k * op.scale
        ndx, ndy = dx + op.dx * k, dy + op.dy * k
        if op.clip:
            self.clipped(op.ops, ndx, ndy, inner_k, op.clip)
        else:
            self.ops(op.ops, ndx, ndy, inner_k)

    def clipped(self, ops, dx: float, dy: float, k: float, clip) -> None:
        """Draw ops on a layer of their own and keep only the clip rectangle of it."""
        cx, cy, cw, ch = clip
        layer = Image.new("RGBA", self.image.size, (0, 0, 0, 0))
        _Renderer(layer, self.scale).ops(ops, dx, dy, k)
        x0, y0 = self.pt(cx, cy, dx, dy, k)
        box = (
            max(0, round(x0)),
            max(0, round(y0)),
            min(self.image.width, round(x0 + cw * k * self.scale)),
            min(self.image.height, round(y0 + ch * k * self.scale)),
        )
        if box[2] > box[0] and box[3] > box[1]:
            self.image.alpha_composite(layer.crop(box), box[:2])


def render_png(page: Drawing, dpi: float = 150.0) -> bytes:
    """One page as PNG bytes at the given resolution (white background)."""
    scale = dpi / 25.4
    size = (max(1, round(page.width * scale)), max(1, round(page.height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 255))
    _Renderer(image, scale).ops(page.ops, 0.0, 0.0, 1.0)
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()
