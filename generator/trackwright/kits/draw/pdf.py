"""PDF backend (reportlab): renders a Document of millimetre drawing operations to PDF bytes.

Pages keep exact sizes in millimetres (A4 is 595.28 x 841.89 pt). A drawing that is placed
with ``Place`` is written once as a PDF form XObject and reused, so a board tiled over many
sheets is stored once. Output is reproducible: reportlab's invariant mode fixes the dates and
document id, and nothing else in the file depends on the clock or the machine.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    PT_TO_MM,
    Circle,
    Document,
    Drawing,
    Group,
    Path,
    Place,
    Style,
    Text,
)
from trackwright.version import VERSION

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _hex(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return tuple(int(value[i : i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


class _Renderer:
    def __init__(self, canvas: Canvas) -> None:
        self.c = canvas
        self.forms: set[str] = set()

    # Coordinates inside a page or form are millimetres, y down: see _mm_space.
    def mm_space(self, height: float) -> None:
        self.c.translate(0, height * mm)
        self.c.scale(mm, -mm)

    def style(self, style: Style) -> tuple[bool, bool]:
        c = self.c
        stroke = style.stroke is not None and style.width > 0
        fill = style.fill is not None
        if stroke:
            c.setStrokeColorRGB(*_hex(style.stroke))  # type: ignore[arg-type]
            c.setLineWidth(style.width)
            c.setLineCap(_CAPS[style.cap])
            c.setLineJoin(_JOINS[style.join])
            c.setDash(list(style.dash) if style.dash else [])
        if fill:
            c.setFillColorRGB(*_hex(style.fill))  # type: ignore[arg-type]
        return stroke, fill

    def ops(self, ops) -> None:
        for op in ops:
            self.op(op)

    def op(self, op) -> None:
        """Draw one operation (each kind by its own method)."""
        if isinstance(op, Path):
            self.path(op)
        elif isinstance(op, Circle):
            self.circle(op)
        elif isinstance(op, Text):
            self.text(op)
        elif isinstance(op, Group):
            self.group(op)
        elif isinstance(op, Place):
            self.place(op)
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing operation {op!r}")

    def path(self, op: Path) -> None:
        """A path of straight lines, stroked and (when closed) filled."""
        c = self.c
        stroke, fill = self.style(op.style)
        if not (stroke or fill):
            return
        p = c.beginPath()
        for sub in op.subpaths:
            if not sub:
                continue
            p.moveTo(*sub[0])
            for pt in sub[1:]:
                p.lineTo(*pt)
            if op.closed:
                p.close()
        c.drawPath(p, stroke=int(stroke), fill=int(fill and op.closed), fillMode=0)

    def circle(self, op: Circle) -> None:
        """A circle, stroked and filled."""
        stroke, fill = self.style(op.style)
        if stroke or fill:
            self.c.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))

    def text(self, op: Text) -> None:
        """A line of text in the bundled font, turned and anchored."""
        if not op.text:
            return
        c = self.c
        c.saveState()
        c.setFillColorRGB(*_hex(op.fill))
        c.translate(op.x, op.y)
        if op.angle:
            c.rotate(op.angle)
        c.scale(1, -1)
        size = op.size * PT_TO_MM
        c.setFont(fonts.font_name(op.bold), size)
        if op.anchor == "middle":
            c.drawCentredString(0, 0, op.text)
        elif op.anchor == "end":
            c.drawRightString(0, 0, op.text)
        else:
            c.drawString(0, 0, op.text)
        c.restoreState()

    def group(self, op: Group) -> None:
        """A group's operations, moved, turned, scaled or mirrored, and clipped."""
        c = self.c
        c.saveState()
        c.translate(op.dx, op.dy)
        if op.rotate:
            c.rotate(op.rotate)
        if op.scale != 1.0 or op.mirror_x or op.mirror_y:
            sx = -op.scale if op.mirror_x else op.scale
            sy = -op.scale if op.mirror_y else op.scale
            c.scale(sx, sy)
        if op.clip:
            self.clip(*op.clip)
        self.ops(op.ops)
        c.restoreState()

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def place(self, op: Place) -> None:
        d = op.drawing
        name = f"tw_{d.name}"
        if name not in self.forms:
            self.forms.add(name)
            self.c.beginForm(name, 0, 0, d.width * mm, d.height * mm)
            self.mm_space(d.height)
            self.ops(d.ops)
            self.c.endForm()
        c = self.c
        c.saveState()
        wx, wy, ww, wh = op.window or (0.0, 0.0, d.width, d.height)
        self.clip(op.x, op.y, ww, wh)
        c.translate(op.x - wx, op.y - wy)
        # Undo the millimetre, y-down space: the form carries its own.
        c.scale(1 / mm, -1 / mm)
        c.translate(0, -d.height * mm)
        c.doForm(name)
        c.restoreState()


def render_pdf(document: Document) -> bytes:
    """The document as PDF bytes; the same document always gives the same bytes."""
    fonts.register()
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(
        buffer,
        pagesize=(first.width * mm, first.height * mm),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.REGULAR,  # not Helvetica: every font in the file is embedded
        initialFontSize=9,
    )
    canvas.setTitle(document.title)
    canvas.setSubject(document.subject)
    canvas.setCreator(f"trackwright {VERSION}")
    canvas.setAuthor("trackwright")
    renderer = _Renderer(canvas)
    for page in document.pages:
        render_page(renderer, page)
    canvas.save()
    return buffer.getvalue()


def _box(page: Drawing, rect: tuple[float, float, float, float] | None) -> list[float] | None:
    """A page rectangle (mm, y down) as a PDF box (points, y up)."""
    if rect is None:
        return None
    x, y, w, h = rect
    return [round(v * mm, 3) for v in (x, page.height - y - h, x + w, page.height - y)]


def render_page(renderer: _Renderer, page: Drawing) -> None:
    c = renderer.c
    c.setPageSize((page.width * mm, page.height * mm))
    # reportlab keeps a box for the pages that follow: every page sets (or clears) its own.
    c.setTrimBox(_box(page, page.trim))
    c.setBleedBox(_box(page, page.bleed))
    c.saveState()
    renderer.mm_space(page.height)
    renderer.ops(page.ops)
    c.restoreState()
    c.showPage()
