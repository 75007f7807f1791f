"""A city card's visible edge is its cut line (no frame drawn inside it, so a card cut on what
it shows is 63 x 88 mm and fits a sleeve), and its back's colour bleeds past the cut line, read
back from the PDF."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from trackwright.core import transamerica as model
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.layout import BLEED
from trackwright.kits.transamerica import kit
from trackwright.kits.transamerica.kit import CARD_H, CARD_W

PT = 72 / 25.4


@pytest.fixture(scope="module")
def cards():
    document = kit.documents(model.load("usa"), kit.KitOptions())["cards-a4"]
    with pdfplumber.open(io.BytesIO(render_pdf(document))) as pdf:
        yield [
            (
                [{k: r[k] / PT for k in ("x0", "top", "x1", "bottom")} | r for r in page.rects],
                page.lines,
            )
            for page in pdf.pages
        ]


def _size(r: dict) -> tuple[float, float]:
    return round((r["x1"] - r["x0"]) / PT, 2), round((r["bottom"] - r["top"]) / PT, 2)


def test_no_solid_frame_inside_a_card(cards):
    """The fronts carry no solid stroked rectangle smaller than the card (the old frame was
    58 x 83 mm, 2.5 mm inside the cut); only the dotted cards' dotted ring, which no one cuts
    on, remains."""
    for rects, _lines in cards[::2]:  # the fronts
        for r in rects:
            w, h = _size(r)
            if r["stroke"] and 50 < w < CARD_W and 70 < h < CARD_H:
                assert r.get("dash") and r["dash"][0], (w, h)  # dotted, never solid


def test_each_back_s_colour_runs_the_bleed_past_the_cut_line(cards):
    """Each back is its region's colour from (and past) the cut line: a filled rectangle of the
    card grown by the bleed (2 mm) all round, the white middle inside it."""
    backs = cards[1::2]
    coloured = 0
    for rects, _lines in backs:
        for r in rects:
            w, h = _size(r)
            if r["fill"] and (w, h) == (CARD_W + 2 * BLEED, CARD_H + 2 * BLEED):
                assert r["non_stroking_color"] not in ((1, 1, 1), (1.0, 1.0, 1.0), [1, 1, 1])
                coloured += 1
    cities = len(model.load("usa").cities)
    assert coloured == cities
    assert 2 <= BLEED <= 3
