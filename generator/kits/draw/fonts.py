"""The bundled font (DejaVu Sans, which covers French, German and Italian) and text metrics.

Text measurement uses the font's own metrics through reportlab, so line breaking is the same
for the PDF and the SVG, on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont as FontFile
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from trackwright.kits.draw.ops import PT_TO_MM

REGULAR = "TrackwrightSans"
BOLD = "TrackwrightSans-Bold"
SVG_FAMILY = "'DejaVu Sans', 'Verdana', sans-serif"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@cache
def register() -> None:
    """Register the bundled fonts with reportlab (once per process)."""
    folder = files("trackwright.kits.fonts")
    for name, filename in _FILES.items():
        with folder.joinpath(filename).open("rb") as handle:
            pdfmetrics.registerFont(TTFont(name, handle))


def font_name(bold: bool) -> str:
    register()
    return BOLD if bold else REGULAR


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of one line of text in millimetres."""
    return pdfmetrics.stringWidth(text, font_name(bold), size_pt) * PT_TO_MM


# French sets a space before ; : ! ? » and after «; a line never breaks at that space.
_GLUED_BEFORE = frozenset(";:!?»")
_GLUED_AFTER = frozenset("«")
_UNITS = frozenset(("mm", "cm", "m", "%", "in", "pt", "kb", "mb"))


def _words(paragraph: str) -> list[str]:
    """The paragraph's breakable units: words, with French punctuation kept on its word."""
    words: list[str] = []
    for word in paragraph.split():
        glued = words and (word[0] in _GLUED_BEFORE or words[-1][-1] in _GLUED_AFTER)
        # A number keeps its unit on its line: "50 mm", "100 %".
        unit = (
            words
            and words[-1].replace(".", "").replace(",", "").isdigit()
            and (word.rstrip(".,;:)").lower() in _UNITS)
        )
        if glued or unit:
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def wrap(text: str, size_pt: float, max_width: float, bold: bool = False) -> list[str]:
    """Break text into lines no wider than max_width millimetres (words longer stay whole).
    A line never starts with French closing punctuation (" ;", " :", " »") nor ends with "«"."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in _words(paragraph):
            candidate = f"{current} {word}" if current else word
            if current and text_width(candidate, size_pt, bold) > max_width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def missing_glyphs(text: str) -> set[str]:
    """Characters of text that the bundled fonts cannot draw."""
    register()
    missing: set[str] = set()
    for name in _FILES:
        face = pdfmetrics.getFont(name).face
        missing |= {ch for ch in text if not ch.isspace() and ord(ch) not in face.charToGlyph}
    return missing


# ------------------------------------------------------------------ glyph outlines (SVG)


@dataclass(frozen=True, eq=False)
class Outlines:
    """One bundled face's glyphs as SVG path data in font units (y up), for SVG files that show
    the same letters everywhere, with or without the font installed."""

    units_per_em: int
    cmap: dict[int, str]
    advances: dict[str, int]
    font: FontFile

    def glyph(self, char: str) -> str:
        """The name of the glyph that draws char (``.notdef`` when the face has none)."""
        return self.cmap.get(ord(char), ".notdef")

    @cache  # noqa: B019 - two faces, kept for the process
    def path(self, glyph: str) -> str:
        pen = _RelativePen(self.font.getGlyphSet())
        self.font.getGlyphSet()[glyph].draw(pen)
        return "".join(pen.commands)

    def width(self, text: str) -> int:
        """The advance of text in font units (no kerning: the PDF sets none either)."""
        return sum(self.advances[self.glyph(ch)] for ch in text)


class _RelativePen(BasePen):
    """A glyph's outline as compact SVG path data: whole font units (1/2048 em, 0.001 mm at
    6 pt), each point relative to the last (the rounding is done on absolute positions, so no
    error adds up): a sheet's SVG carries the glyphs it uses, so they must be small."""

    def __init__(self, glyph_set: object) -> None:
        super().__init__(glyph_set)
        self.commands: list[str] = []
        self.at = self.start = (0, 0)

    def _step(self, *points: tuple[float, float]) -> str:
        parts = []
        x0, y0 = self.at
        for x, y in points:
            parts.append(f"{round(x) - x0} {round(y) - y0}")
        return " ".join(parts).replace(" -", "-")

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self.commands.append("m" + self._step(pt))
        self.at = self.start = (round(pt[0]), round(pt[1]))

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self.commands.append("l" + self._step(pt))
        self.at = (round(pt[0]), round(pt[1]))

    def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
        self.commands.append("q" + self._step(pt1, pt2))
        self.at = (round(pt2[0]), round(pt2[1]))

    def _curveToOne(
        self, pt1: tuple[float, float], pt2: tuple[float, float], pt3: tuple[float, float]
    ) -> None:
        self.commands.append("c" + self._step(pt1, pt2, pt3))
        self.at = (round(pt3[0]), round(pt3[1]))

    def _closePath(self) -> None:
        self.commands.append("z")
        self.at = self.start  # where SVG puts the pen after a close

    def _endPath(self) -> None:
        self.at = self.start


@cache
def outlines(bold: bool) -> Outlines:
    name = _FILES[BOLD if bold else REGULAR]
    with files("trackwright.kits.fonts").joinpath(name).open("rb") as handle:
        font = FontFile(handle, lazy=False)
    advances = {glyph: metrics[0] for glyph, metrics in font["hmtx"].metrics.items()}
    return Outlines(font["head"].unitsPerEm, dict(font.getBestCmap()), advances, font)
