"""SVG backend (svgwrite): renders one page drawing to an SVG document in millimetres.

The SVG's user unit is the millimetre (``viewBox`` equals the size in mm), so the file prints at
true size. Numbers are written with at most three decimals, so output is stable.

Text is set as the bundled font's outlines: each glyph used is defined once (``<defs>``) and
placed with ``<use>``, so the file shows the same letters in a browser, Inkscape or a print
shop's RIP, with or without DejaVu installed; each line keeps its words in ``aria-label``.
"""

from __future__ import annotations

import svgwrite

from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    PT_TO_MM,
    Circle,
    Drawing,
    Group,
    Path,
    Place,
    Style,
    Text,
    window_index,
)


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _style_attrs(style: Style, closed: bool = True) -> dict[str, str]:
    attrs = {
        "fill": style.fill if (style.fill and closed) else "none",
        "stroke": style.stroke if (style.stroke and style.width > 0) else "none",
    }
    if attrs["stroke"] != "none":
        attrs["stroke_width"] = _n(style.width)
        attrs["stroke_linecap"] = style.cap
        attrs["stroke_linejoin"] = style.join
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in style.dash)
    if attrs["fill"] != "none":
        attrs["fill_rule"] = "evenodd"
    return attrs


class _Renderer:
    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.clip_count = 0
        self.glyphs: dict[tuple[bool, str], str] = {}

    def glyph_ref(self, bold: bool, glyph: str, face: fonts.Outlines) -> str | None:
        """The id of a glyph's outline in the file's defs (added on first use); None for a
        glyph that draws nothing (a space)."""
        key = (bold, glyph)
        if key not in self.glyphs:
            data = face.path(glyph)
            if not data:
                self.glyphs[key] = ""
            else:
                ident = f"{'b' if bold else 'r'}{len(self.glyphs)}"
                self.dwg.defs.add(self.dwg.path(d=data, id=ident))
                self.glyphs[key] = ident
        return self.glyphs[key] or None

    def text(self, parent, op: Text) -> None:
        face = fonts.outlines(op.bold)
        unit = fonts.GLYPH_UNIT  # the outlines' units, in font units
        k = op.size * PT_TO_MM / face.units_per_em * unit
        width = face.width(op.text)
        x = {"start": 0, "middle": -width // 2, "end": -width}[op.anchor]
        transform = f"translate({_n(op.x)} {_n(op.y)})"
        if op.angle:
            transform += f" rotate({_n(op.angle)})"
        transform += f" scale({k:.6g} {-k:.6g})"
        # Black is SVG's default fill: not written, as a sheet holds hundreds of labels.
        paint = {} if op.fill == "#000000" else {"fill": op.fill}
        group = self.dwg.g(transform=transform, aria_label=op.text, **paint)
        for char in op.text:
            glyph = face.glyph(char)
            ref = self.glyph_ref(op.bold, glyph, face)
            if ref is not None:
                at = round(x / unit)
                group.add(self.dwg.use(f"#{ref}", x=at) if at else self.dwg.use(f"#{ref}"))
            x += face.advances[glyph]
        parent.add(group)

    def clip_path(self, x: float, y: float, w: float, h: float) -> str:
        self.clip_count += 1
        ident = f"clip{self.clip_count}"
        clip = self.dwg.clipPath(id=ident)
        clip.add(self.dwg.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h))))
        self.dwg.defs.add(clip)
        return ident

    def ops(self, parent, ops) -> None:
        for op in ops:
            self.op(parent, op)

    def op(self, parent, op) -> None:
        """Add one operation to ``parent`` (each kind by its own method)."""
        if isinstance(op, Path):
            self.path(parent, op)
        elif isinstance(op, Circle):
            parent.add(
                self.dwg.circle(
                    center=(_n(op.cx), _n(op.cy)), r=_n(op.r), **_style_attrs(op.style, True)
                )
            )
        elif isinstance(op, Text):
            if op.text:
                self.text(parent, op)
        elif isinstance(op, Group):
            self.group(parent, op)
        elif isinstance(op, Place):
            self.place(parent, op)
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing operation {op!r}")

    def path(self, parent, op: Path) -> None:
        """A path of straight lines (none when it has no points)."""
        parts = []
        for sub in op.subpaths:
            if not sub:
                continue
            parts.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in sub))
            if op.closed:
                parts.append("Z")
        if parts:
            parent.add(self.dwg.path(d=" ".join(parts), **_style_attrs(op.style, op.closed)))

    def group(self, parent, op: Group) -> None:
        """A group: its transform (moved, turned, scaled or mirrored), clip and operations."""
        dwg = self.dwg
        transform = []
        if op.dx or op.dy:
            transform.append(f"translate({_n(op.dx)} {_n(op.dy)})")
        if op.rotate:
            transform.append(f"rotate({_n(op.rotate)})")
        if op.scale != 1.0 or op.mirror_x or op.mirror_y:
            sx = -op.scale if op.mirror_x else op.scale
            sy = -op.scale if op.mirror_y else op.scale
            transform.append(f"scale({_n(sx)} {_n(sy)})" if sx != sy else f"scale({_n(sx)})")
        group = dwg.g(transform=" ".join(transform)) if transform else dwg.g()
        target = group
        if op.clip:
            inner = dwg.g(clip_path=f"url(#{self.clip_path(*op.clip)})")
            group.add(inner)
            target = inner
        self.ops(target, op.ops)
        parent.add(group)

    def place(self, parent, op: Place) -> None:
        """A placed drawing: the part of it in the window, clipped to it."""
        dwg = self.dwg
        d = op.drawing
        wx, wy, ww, wh = op.window or (0.0, 0.0, d.width, d.height)
        outer = dwg.g(clip_path=f"url(#{self.clip_path(op.x, op.y, ww, wh)})")
        inner = dwg.g(transform=f"translate({_n(op.x - wx)} {_n(op.y - wy)})")
        # A sheet's SVG is a file of its own: it holds only what shows in its window, so
        # the sheets of a board weigh about what the board does, not once per sheet.
        shown = window_index(d.ops).within((wx, wy, wx + ww, wy + wh)) if op.window else d.ops
        self.ops(inner, shown)
        outer.add(inner)
        parent.add(outer)


def render_svg(page: Drawing, title: str = "") -> bytes:
    """One page as SVG bytes, sized in millimetres."""
    dwg = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    if title:
        dwg.set_desc(title=title)
    _Renderer(dwg).ops(dwg, page.ops)
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + dwg.tostring() + "\n").encode("utf-8")
