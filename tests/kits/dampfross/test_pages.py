"""Dampfross sheets as a home printer prints them: no text in the unprintable margin (measured with
poppler's word boxes in the PDFs), a scale check on the sheets printed at 100 %, the default
board on exactly A3."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from trackwright.core import dampfross as model
from trackwright.kits.dampfross import board, kit, random_map
from trackwright.kits.draw.pdf import render_pdf

MM = 72 / 25.4
pdftotext = shutil.which("pdftotext")
needs_poppler = pytest.mark.skipif(pdftotext is None, reason="poppler-utils not installed")


def word_margins(pdf: bytes) -> list[tuple[int, float, str]]:
    """(page, distance to the nearest paper edge in mm, word) for every word of the PDF."""
    assert pdftotext is not None
    html = subprocess.run(
        [pdftotext, "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode("utf-8")
    out: list[tuple[int, float, str]] = []
    page, w, h = 0, 0.0, 0.0
    for line in html.splitlines():
        if m := re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line):
            page, w, h = page + 1, float(m[1]), float(m[2])
        elif m := re.search(
            r'xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<', line
        ):
            x0, y0, x1, y1 = (float(m[k]) for k in range(1, 5))
            edge = min(x0, y0, w - x1, h - y1) / MM
            out.append((page, edge, m[5]))
    return out


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_no_text_in_the_unprintable_margin(paper, lang):
    m = model.load("england")
    docs = kit.documents(m, kit.KitOptions(paper=paper, lang=lang, players=8, formats=("pdf",)))
    for name in (f"hexsheets-{paper}", f"ledger-{paper}", f"races-{paper}", f"rules-{paper}"):
        words = word_margins(render_pdf(docs[name]))
        assert words, name
        nearest = min(words, key=lambda w: w[1])
        # Was 4.3 mm: the hex sheets' scale check caption.
        assert nearest[1] >= kit.TEXT_EDGE, (name, nearest)
    poster = word_margins(render_pdf(docs["map-poster"]))
    assert min(e for _p, e, _w in poster) >= kit.TEXT_EDGE


def rulers(pdf: bytes) -> list[int]:
    """The pages (1-based) that carry the 50 mm scale check caption."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return [k + 1 for k, p in enumerate(pages) if "50 mm" in p.extract_text()]


def test_sheets_printed_at_100_percent_carry_the_scale_check():
    m = model.load("england")
    docs = kit.documents(m, kit.KitOptions(players=8, formats=("pdf",)))
    hexsheets = render_pdf(docs["hexsheets-a4"])
    assert rulers(hexsheets) == [1, 2, 3]  # three hex sizes, each on its sheet
    rules = render_pdf(docs["rules-a4"])
    assert rulers(rules) == [len(docs["rules-a4"].pages)]  # the tokens' page


def test_the_default_board_is_exactly_a3():
    """The README's A3 board: a 30 x 22 map (the default) on an A3 page, 420 x 297 mm (was
    420.2 x 305.3)."""
    m = random_map.generate(seed=1)
    w, h, cx, cy = board.page_size(m)
    assert (w, h) == (420.0, 297.0)
    assert cx >= 0 and cy >= 0
    docs = kit.documents(m, kit.KitOptions(formats=("pdf",)))
    page = PdfReader(io.BytesIO(render_pdf(docs["map-poster"]))).pages[0]
    # The board is the poster's trim; the page adds the bleed and the crop marks round it.
    assert round(float(page.trimbox.width) / MM, 1) == 420.0
    assert round(float(page.trimbox.height) / MM, 1) == 297.0
