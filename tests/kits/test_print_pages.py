"""Every page of every kit, on A4 and Letter, read back from its PDF: a 50 mm scale bar on each
page that must be printed at 100 %, inside the printable area, and no text within 6 mm of the
paper's edge (home printers leave it blank)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from trackwright import games
from trackwright.core import lastrada as ls_model
from trackwright.core import transamerica as ta_model
from trackwright.kits.dampfross import kit as df_kit
from trackwright.kits.dampfross import random_map
from trackwright.kits.lastrada import arrange
from trackwright.kits.lastrada import kit as ls_kit
from trackwright.kits.layout import TEXT_MARGIN
from trackwright.kits.sheets import FREE_SCALE
from trackwright.kits.transamerica import kit as ta_kit

PT = 72 / 25.4
EDGE = TEXT_MARGIN  # mm: no text nearer the paper's edge


@cache
def kit_pdfs(game: str, paper: str) -> dict[str, bytes]:
    """The kit's PDFs by file stem, as ``trackwright generate`` writes them."""
    out = Path("out")
    if game == "transamerica":
        files = ta_kit.kit_files(
            ta_model.load("usa"), ta_kit.KitOptions(paper=paper, formats=("pdf",)), out
        )
    elif game == "dampfross":
        m = random_map.generate(1, random_map.RandomParams())
        files = df_kit.kit_files(m, df_kit.KitOptions(paper=paper, formats=("pdf",)), out)
    else:
        assert ls_model  # the map model comes from arrange
        files = ls_kit.kit_files(
            arrange.arrange(1), ls_kit.KitOptions(paper=paper, formats=("pdf",)), out
        )
    return {p.stem: data for p, data in files.items() if p.suffix == ".pdf"}


def scale_bars(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    """Straight 50 mm lines with a tick at each end and every centimetre: the scale bars
    (x0, top, x1, bottom in mm)."""
    lines = [(ln["x0"] / PT, ln["top"] / PT, ln["x1"] / PT, ln["bottom"] / PT) for ln in page.lines]
    bars = []
    for x0, y0, x1, y1 in lines:
        horizontal = abs(x1 - x0 - 50) < 0.05 and y1 - y0 < 0.05
        vertical = abs(y1 - y0 - 50) < 0.05 and x1 - x0 < 0.05
        if not (horizontal or vertical):
            continue
        ticks = 0
        for k in range(6):
            px, py = (x0 + 10 * k, y0) if horizontal else (x0, y1 - 10 * k)
            ticks += any(
                (
                    abs(a - px) < 0.05
                    and abs(c - px) < 0.05
                    and min(b, d) <= py + 0.05 <= max(b, d) + 0.1
                )
                if horizontal
                else (abs(b - py) < 0.05 and abs(d - py) < 0.05)
                for a, b, c, d in lines
                if (a, b, c, d) != (x0, y0, x1, y1)
            )
        if ticks == 6:
            bars.append((x0, y0, x1, y1))
    return bars


DPI = 100


def ink_in_margin(image, box: tuple[float, float, float, float], w: float, h: float) -> bool:
    """Whether the rendered page (grey pixels at DPI) has ink in the part of a box (mm) that lies
    within 6 mm of the paper's edge: text clipped away (a board's names outside a sheet's
    window) leaves none."""
    px = DPI / 25.4
    x0, y0, x1, y1 = box
    for bx0, by0, bx1, by1 in (
        (0, 0, EDGE, h),
        (w - EDGE, 0, w, h),
        (0, 0, w, EDGE),
        (0, h - EDGE, w, h),
    ):
        ix0, iy0, ix1, iy1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
        if ix0 >= ix1 or iy0 >= iy1:
            continue
        area = image[int(iy0 * px) : int(iy1 * px) + 1, int(ix0 * px) : int(ix1 * px) + 1]
        if area.size and area.min() < 160:
            return True
    return False


CASES = [(g, p) for g in games.names() for p in ("a4", "letter")]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_every_page_has_its_scale_bar_and_no_text_in_the_margin(game, paper):
    problems = []
    for stem, data in kit_pdfs(game, paper).items():
        rendered = pypdfium2.PdfDocument(data)
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                w, h = page.width / PT, page.height / PT
                where = f"{stem}.pdf page {number}"
                image = None
                for ch in page.chars:
                    if ch["text"].isspace():
                        continue
                    x0, x1 = ch["x0"] / PT, ch["x1"] / PT
                    top, bottom = ch["top"] / PT, ch["bottom"] / PT
                    if min(x0, top, w - x1, h - bottom) >= EDGE - 0.05:
                        continue
                    if image is None:
                        bitmap = rendered[number - 1].render(scale=DPI / 72, grayscale=True)
                        image = bitmap.to_numpy()
                        image = image if image.ndim == 2 else image[..., 0]
                    if ink_in_margin(image, (x0, top, x1, bottom), w, h):
                        problems.append(
                            f"{where}: {ch['text']!r} {min(x0, top, w - x1, h - bottom):.1f} mm from the edge"
                        )
                        break
                if stem.startswith(FREE_SCALE):
                    continue
                bars = scale_bars(page)
                if not bars:
                    problems.append(f"{where}: no 50 mm scale bar")
                for x0, y0, x1, y1 in bars:
                    if min(x0, y0, w - x1, h - y1) < EDGE - 0.05:
                        problems.append(f"{where}: the scale bar is in the margin")
    assert not problems, "\n".join(problems)
