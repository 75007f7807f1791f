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

#: a typographic point in millimetres (text sizes are in points, everything else in mm)
PT_TO_MM = 25.4 / 72.0

REGULAR = "TrackwrightSans"
BOLD = "TrackwrightSans-Bold"

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
        """The glyph's outline as SVG path data in units of ``GLYPH_UNIT`` font units."""
        pen = _RelativePen(self.font.getGlyphSet(), GLYPH_UNIT)
        self.font.getGlyphSet()[glyph].draw(pen)
        return "".join(pen.commands)

    def width(self, text: str) -> int:
        """The advance of text in font units (no kerning: the PDF sets none either)."""
        return sum(self.advances[self.glyph(ch)] for ch in text)


#: Font units to one unit of a glyph's SVG path data: DejaVu's 2048-unit em in steps of 1/256
#: em, so a point is at most 1/512 em off: 0.014 mm on the largest text printed (20 points),
#: a third of a 600 dpi printer's dot. Every SVG file carries the outlines of the letters it
#: uses (a tiled board's every sheet), and numbers eight times coarser make them a fifth smaller.
GLYPH_UNIT = 8


class _RelativePen(BasePen):
    """A glyph's outline as compact SVG path data: whole units of ``unit`` font units, each
    point relative to the last (the rounding is done on absolute positions, so no error adds
    up), straight lines along an axis as ``h``/``v``, and a command letter written once for a
    run of the same command."""

    def __init__(self, glyph_set: object, unit: int = 1) -> None:
        super().__init__(glyph_set)
        self.unit = unit
        self.commands: list[str] = []
        self.at = self.start = (0, 0)
        self.last = ""

    def _round(self, pt: tuple[float, float]) -> tuple[int, int]:
        return round(pt[0] / self.unit), round(pt[1] / self.unit)

    def _emit(self, letter: str, numbers: list[int]) -> None:
        text = " ".join(str(n) for n in numbers).replace(" -", "-")
        if letter == self.last and letter != "m":
            self.commands.append(text if text.startswith("-") else " " + text)
        else:
            self.commands.append(letter + text)
        self.last = letter

    def _step(self, letter: str, *points: tuple[float, float]) -> tuple[int, int]:
        x0, y0 = self.at
        numbers: list[int] = []
        for pt in points:
            x, y = self._round(pt)
            numbers += [x - x0, y - y0]
        self.at = self._round(points[-1])
        self._emit(letter, numbers)
        return self.at

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self._step("m", pt)
        self.start = self.at

    def _lineTo(self, pt: tuple[float, float]) -> None:
        x0, y0 = self.at
        x, y = self._round(pt)
        if y == y0 and x != x0:
            self._emit("h", [x - x0])
        elif x == x0 and y != y0:
            self._emit("v", [y - y0])
        else:
            self._emit("l", [x - x0, y - y0])
        self.at = (x, y)

    def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
        self._step("q", pt1, pt2)

    def _curveToOne(
        self, pt1: tuple[float, float], pt2: tuple[float, float], pt3: tuple[float, float]
    ) -> None:
        self._step("c", pt1, pt2, pt3)

    def _closePath(self) -> None:
        self._emit("z", [])
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
