"""What a PDF page draws, in millimetres from its top-left corner: every painted path (its
points, fill and stroke colours, line width) and every text run (baseline origin, size), with
the group (the ``q ... cm ... Q`` block) it belongs to. Enough of a PDF interpreter to measure
a kit's geometry from the files the user prints, not from the drawing operations."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72 / 25.4  # points per mm
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point is transformed by m first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


@dataclass
class Painted:
    points: list[tuple[float, float]]  # mm, y down, every point of the path (curves' too)
    subpaths: int
    fill: tuple[float, ...] | None
    stroke: tuple[float, ...] | None
    width: float  # mm
    group: int  # the innermost q ... Q block that moved the origin (0: none)
    origin: tuple[float, float]  # that block's origin, mm

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bbox
        return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass
class TextRun:
    x: float
    y: float  # the baseline, mm from the top
    size: float  # mm
    text: str


@dataclass
class Page:
    width: float  # mm
    height: float
    paths: list[Painted] = field(default_factory=list)
    texts: list[TextRun] = field(default_factory=list)


def _colour(operands: list) -> tuple[float, ...]:
    return tuple(round(float(v), 4) for v in operands)


def rgb(colour: str) -> tuple[float, ...]:
    value = colour.lstrip("#")
    return tuple(round(int(value[i : i + 2], 16) / 255.0, 4) for i in (0, 2, 4))


FILLS = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))
STROKES = frozenset((b"S", b"s", b"B", b"B*", b"b", b"b*"))
PAINTS = FILLS | STROKES | {b"n"}


class _Pdf:
    """One page being read: where its drawing goes, and its content streams run into it."""

    def __init__(self, reader: PdfReader, height: float, out: Page) -> None:
        self.reader, self.height, self.out = reader, height, out
        self.groups = 0

    def to_mm(self, m: Matrix, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = m
        px, py = a * x + c * y + e, b * x + d * y + f
        return px / PT, (self.height - py) / PT

    def run(self, stream, resources, ctm: Matrix) -> None:
        stream_run = _Run(self, resources, ctm)
        for operands, op in ContentStream(stream, self.reader).operations:
            stream_run.do(op, operands)


class _Run:
    """One content stream's graphics and text state while its operators are read."""

    def __init__(self, pdf: _Pdf, resources, ctm: Matrix) -> None:
        self.pdf, self.resources = pdf, resources
        self.state: dict = {"ctm": ctm, "fill": (0.0, 0.0, 0.0), "stroke": (0.0, 0.0, 0.0)}
        self.state.update(w=1.0, group=0, origin=(0.0, 0.0))
        self.stack: list[dict] = []
        self.path: list[tuple[float, float]] = []
        self.subpaths = 0
        self.tm: Matrix = IDENTITY
        self.size = 0.0

    def do(self, op: bytes, operands: list) -> None:
        handler = _HANDLERS.get(op)
        if handler is not None:
            handler(self, operands, op)
        elif op in PAINTS:
            self.paint(op)

    def point(self, x, y) -> tuple[float, float]:
        return self.pdf.to_mm(self.state["ctm"], float(x), float(y))

    def push(self, operands: list, op: bytes) -> None:
        self.stack.append(dict(self.state))

    def pop(self, operands: list, op: bytes) -> None:
        self.state = self.stack.pop()

    def concat(self, operands: list, op: bytes) -> None:
        m = tuple(float(v) for v in operands)
        self.state["ctm"] = mul(m, self.state["ctm"])  # type: ignore[arg-type]
        if m[:4] == (1.0, 0.0, 0.0, 1.0) and m != IDENTITY and self.stack:
            self.pdf.groups += 1
            self.state["group"] = self.pdf.groups
            self.state["origin"] = self.pdf.to_mm(self.state["ctm"], 0.0, 0.0)

    def colour(self, operands: list, op: bytes) -> None:
        value = _colour(operands)
        key = "fill" if op in (b"rg", b"g") else "stroke"
        self.state[key] = value * 3 if op in (b"g", b"G") else value

    def width(self, operands: list, op: bytes) -> None:
        self.state["w"] = float(operands[0])

    def line(self, operands: list, op: bytes) -> None:
        self.path.append(self.point(operands[0], operands[1]))
        self.subpaths += op == b"m"

    def curve(self, operands: list, op: bytes) -> None:
        for k in (0, 2, 4):
            self.path.append(self.point(operands[k], operands[k + 1]))

    def rect(self, operands: list, op: bytes) -> None:
        x, y, w, h = (float(v) for v in operands)
        self.path += [
            self.point(px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        ]
        self.subpaths += 1

    def paint(self, op: bytes) -> None:
        state = self.state
        if self.path and op != b"n":
            a, b, c, d, _e, _f = state["ctm"]
            scale = (abs(a * d - b * c)) ** 0.5 / PT
            self.pdf.out.paths.append(
                Painted(
                    self.path,
                    self.subpaths,
                    state["fill"] if op in FILLS else None,
                    state["stroke"] if op in STROKES else None,
                    state["w"] * scale,
                    state["group"],
                    state["origin"],
                )
            )
        self.path, self.subpaths = [], 0

    def begin_text(self, operands: list, op: bytes) -> None:
        self.tm = IDENTITY

    def text_matrix(self, operands: list, op: bytes) -> None:
        self.tm = tuple(float(v) for v in operands)  # type: ignore[assignment]

    def font(self, operands: list, op: bytes) -> None:
        self.size = float(operands[1])

    def show(self, operands: list, op: bytes) -> None:
        m = mul(self.tm, self.state["ctm"])
        x, y = self.pdf.to_mm(m, 0.0, 0.0)
        a, b, c, d, _e, _f = m
        if op == b"Tj":
            text = str(operands[0])
        else:
            text = "".join(str(v) for v in operands[0] if not isinstance(v, (int, float)))
        size = self.size * (abs(a * d - b * c)) ** 0.5 / PT
        self.pdf.out.texts.append(TextRun(x, y, size, text))

    def xobject(self, operands: list, op: bytes) -> None:
        xobj = self.resources["/XObject"][operands[0]].get_object()
        matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
        resources = xobj.get("/Resources", self.resources)
        self.pdf.run(xobj, resources, mul(matrix, self.state["ctm"]))  # type: ignore[arg-type]


_HANDLERS = {
    b"q": _Run.push,
    b"Q": _Run.pop,
    b"cm": _Run.concat,
    b"rg": _Run.colour,
    b"RG": _Run.colour,
    b"g": _Run.colour,
    b"G": _Run.colour,
    b"w": _Run.width,
    b"m": _Run.line,
    b"l": _Run.line,
    b"c": _Run.curve,
    b"re": _Run.rect,
    b"BT": _Run.begin_text,
    b"Tm": _Run.text_matrix,
    b"Tf": _Run.font,
    b"Tj": _Run.show,
    b"TJ": _Run.show,
    b"Do": _Run.xobject,
}


def read_page(reader: PdfReader, index: int) -> Page:
    page = reader.pages[index]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    out = Page(width / PT, height / PT)
    _Pdf(reader, height, out).run(page.get_contents(), page.get("/Resources"), IDENTITY)
    return out


def read_pdf(data: bytes) -> list[Page]:
    reader = PdfReader(io.BytesIO(data))
    return [read_page(reader, k) for k in range(len(reader.pages))]
