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


def read_page(reader: PdfReader, index: int) -> Page:
    page = reader.pages[index]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    out = Page(width / PT, height / PT)
    counter = [0]

    def to_mm(m: Matrix, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = m
        px, py = a * x + c * y + e, b * x + d * y + f
        return px / PT, (height - py) / PT

    def run(stream, resources, ctm: Matrix) -> None:
        ops = ContentStream(stream, reader).operations
        state = {"ctm": ctm, "fill": (0.0, 0.0, 0.0), "stroke": (0.0, 0.0, 0.0), "w": 1.0}
        state["group"], state["origin"] = 0, (0.0, 0.0)
        stack: list[dict] = []
        path: list[tuple[float, float]] = []
        subpaths = 0
        tm: Matrix = IDENTITY
        size = 0.0
        for operands, op in ops:
            if op == b"q":
                stack.append(dict(state))
            elif op == b"Q":
                state = stack.pop()
            elif op == b"cm":
                m = tuple(float(v) for v in operands)
                state["ctm"] = mul(m, state["ctm"])  # type: ignore[arg-type]
                if m[:4] == (1.0, 0.0, 0.0, 1.0) and m != IDENTITY and stack:
                    counter[0] += 1
                    state["group"] = counter[0]
                    state["origin"] = to_mm(state["ctm"], 0.0, 0.0)
            elif op == b"rg":
                state["fill"] = _colour(operands)
            elif op == b"RG":
                state["stroke"] = _colour(operands)
            elif op == b"g":
                state["fill"] = _colour(operands) * 3
            elif op == b"G":
                state["stroke"] = _colour(operands) * 3
            elif op == b"w":
                state["w"] = float(operands[0])
            elif op in (b"m", b"l"):
                path.append(to_mm(state["ctm"], float(operands[0]), float(operands[1])))
                subpaths += op == b"m"
            elif op == b"c":
                for k in (0, 2, 4):
                    path.append(to_mm(state["ctm"], float(operands[k]), float(operands[k + 1])))
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                path += [
                    to_mm(state["ctm"], px, py)
                    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
                ]
                subpaths += 1
            elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
                fills = op in (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*")
                strokes = op in (b"S", b"s", b"B", b"B*", b"b", b"b*")
                if path and op != b"n":
                    a, b, c, d, _e, _f = state["ctm"]
                    scale = (abs(a * d - b * c)) ** 0.5 / PT
                    out.paths.append(
                        Painted(
                            path,
                            subpaths,
                            state["fill"] if fills else None,
                            state["stroke"] if strokes else None,
                            state["w"] * scale,
                            state["group"],
                            state["origin"],
                        )
                    )
                path, subpaths = [], 0
            elif op == b"BT":
                tm = IDENTITY
            elif op == b"Tm":
                tm = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op == b"Tf":
                size = float(operands[1])
            elif op in (b"Tj", b"TJ"):
                m = mul(tm, state["ctm"])
                x, y = to_mm(m, 0.0, 0.0)
                a, b, c, d, _e, _f = m
                if op == b"Tj":
                    text = str(operands[0])
                else:
                    text = "".join(str(v) for v in operands[0] if not isinstance(v, (int, float)))
                out.texts.append(TextRun(x, y, size * (abs(a * d - b * c)) ** 0.5 / PT, text))
            elif op == b"Do":
                xobj = resources["/XObject"][operands[0]].get_object()
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                run(xobj, xobj.get("/Resources", resources), mul(matrix, state["ctm"]))  # type: ignore[arg-type]

    run(page.get_contents(), page.get("/Resources"), IDENTITY)
    return out


def read_pdf(data: bytes) -> list[Page]:
    reader = PdfReader(io.BytesIO(data))
    return [read_page(reader, k) for k in range(len(reader.pages))]
