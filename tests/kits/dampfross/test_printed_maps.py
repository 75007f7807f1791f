"""Dampfross presets and boards as printed: the sea as a real coast has it (no detached columns of
water at the east edge of France and England), town names and numbers readable (measured from the
PDF), built-in maps' names in the kit's language and no "seed -" on them."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT
from trackwright.core import dampfross as model
from trackwright.core import hexgrid
from trackwright.kits.dampfross import board, kit, preset
from trackwright.kits.dampfross.strings import MAP_TITLES, map_title
from trackwright.kits.draw.pdf import render_pdf

DF = ROOT / "templates" / "dampfross"
PRESETS = ["england", "usa-east", "france"]
MM = 72 / 25.4


def grid_of(m: model.DampfrossMap) -> set[hexgrid.Hex]:
    params = m.generator["params"]
    return set(hexgrid.rectangle(params["width"], params["height"]))


def lake_hexes(name: str) -> set[hexgrid.Hex]:
    """The water joined to the lakes the region file gives whole (USA East's Great Lakes)."""
    m = model.load(name)
    lakes = preset.lakes_of(json.loads((DF / "regions" / f"{name}.json").read_text("utf-8")))
    water = [h for h, t in m.terrain.items() if t == "water"]
    return set().union(*(b for b in hexgrid.components(water) if b & lakes))


# ------------------------------------------------------------------ the sea as a coast has it


@pytest.mark.parametrize("name", PRESETS)
def test_every_water_hex_is_coast_or_open_sea(name):
    """No strip of water that touches neither land of the map nor open sea (a water hex whose
    six neighbours are all water of the map), lakes given whole aside."""
    m = model.load(name)
    water = {h for h, t in m.terrain.items() if t == "water"}
    land = {h for h, t in m.terrain.items() if t != "water"}
    open_sea = {h for h in water if all(n in water for n in hexgrid.neighbours(h))}
    lakes = lake_hexes(name)
    stranded = [
        h
        for h in sorted(water - lakes)
        if not any(n in land for n in hexgrid.neighbours(h))
        and h not in open_sea
        and not any(n in open_sea for n in hexgrid.neighbours(h))
    ]
    assert stranded == []


@pytest.mark.parametrize("name", PRESETS)
def test_every_water_body_is_sea_a_lake_or_inland(name):
    """Each body of water holds open sea, or is a lake, or lies inside the map's land (a bay the
    grid cuts off, like the Chesapeake by Washington): none is a pond wedged against foreign land
    by the coarse outlines."""
    m = model.load(name)
    grid = grid_of(m)
    water = {h for h, t in m.terrain.items() if t == "water"}
    lakes = lake_hexes(name)
    for body in hexgrid.components(sorted(water)):
        open_sea = any(all(n in water for n in hexgrid.neighbours(h)) for h in body)
        around = {n for h in body for n in hexgrid.neighbours(h)} - body
        foreign = {n for n in around if n in grid and n not in m.terrain}
        assert open_sea or body & lakes or not foreign, (name, sorted(body))


@pytest.mark.parametrize("name", ["england", "france"])
def test_no_sea_east_of_the_land_but_the_open_sea(name):
    """The old defect: a column of sea east of France's border and east of the Channel. Every
    water hex east of a row's easternmost land hex now belongs to a sea (a body of water that
    holds open sea: the North Sea, the Channel, the Mediterranean)."""
    m = model.load(name)
    water = {h for h, t in m.terrain.items() if t == "water"}
    seas = [
        b
        for b in hexgrid.components(sorted(water))
        if any(all(n in water for n in hexgrid.neighbours(h)) for h in b)
    ]
    main = set().union(*seas)
    for r in sorted({r for _q, r in m.terrain}):
        row = sorted(q for q, rr in m.terrain if rr == r)
        land = [q for q in row if m.terrain[(q, r)] != "water"]
        if not land:
            continue
        east = [q for q in row if q > max(land)]
        assert all((q, r) in main for q in east), (name, r, east)


def test_the_builder_drops_stranded_water_and_border_pockets():
    # A lone water hex between land and foreign land (off the map) is a pocket; a bay enclosed
    # by land stays.
    grid = set(hexgrid.rectangle(7, 7))
    terrain = {h: "plain" for h in grid}
    inner = sorted(h for h in grid if all(n in grid for n in hexgrid.neighbours(h)))
    lake, foreign = inner[0], inner[-1]
    pocket = next(n for n in hexgrid.neighbours(foreign) if n not in hexgrid.neighbours(lake))
    terrain[lake] = "water"  # enclosed by the map's land: stays
    del terrain[foreign]  # foreign land
    terrain[pocket] = "water"  # wedged against it
    assert preset.border_pockets(terrain, grid) == [pocket]
    assert preset.border_pockets(terrain, grid, keep={pocket}) == []
    # A water hex with no land and no open sea beside it is stranded.
    terrain = {(q, 0): "water" for q in range(3)}
    assert preset.stranded_water(terrain) == [(0, 0), (1, 0), (2, 0)]


def test_france_keeps_its_ports_and_loses_its_ponds():
    m = model.load("france")
    assert {"Marseille", "Nice", "Bayonne", "Brest", "Calais"} <= m.ports
    assert (13, 21) not in m.terrain and (-1, 27) not in m.terrain  # ponds at the borders


# ------------------------------------------------------------------ town labels, from the PDF


def text_sizes(pdf_bytes: bytes) -> list[tuple[float, str]]:
    """(font size pt, text) of each text shown on the first page, from the content stream."""
    page = PdfReader(io.BytesIO(pdf_bytes)).pages[0]
    out: list[tuple[float, str]] = []

    def visit(text, cm, tm, _font, size):
        if text.strip():  # the size as printed: the font size through the text and page matrices
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            out.append((round(size * scale, 2), text.strip()))

    page.extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_town_names_and_numbers_are_readable_in_the_pdf(name):
    m = model.load(name)
    docs = kit.documents(m, kit.KitOptions(formats=("pdf",)))
    sizes = text_sizes(render_pdf(docs["map-poster"]))
    names = {t.name for t in m.towns}
    numbers = {"·".join(str(n) for n in t.numbers) for t in m.towns}
    name_pts = [s for s, text in sizes if text in names]
    number_pts = [s for s, text in sizes if text in numbers]
    # Each label is drawn once in black over its white halo (eight copies): every copy counts.
    assert len({text for _s, text in sizes if text in names}) == len(names)
    assert min(name_pts) >= 6.0 and min(name_pts) >= board.NAME_PT - 0.01
    assert min(number_pts) >= 8.0 - 0.01
    # Was 4.35 pt names and 6.75 pt numbers on the 7.5 mm hexes of the presets.
    assert board.town_label_sizes(7.5) == (8.25, 6.53)
    assert min(number_pts) == pytest.approx(8.25) and min(name_pts) == pytest.approx(6.53)


def test_town_labels_grow_with_the_hexes():
    number_pt, name_pt = board.town_label_sizes(11.0)
    assert number_pt > board.NUMBER_PT and name_pt > board.NAME_PT


def test_the_map_page_is_a3_when_the_map_fits_it():
    """Between A4 and A3 the board is an A3 page, the map centred (a print shop's paper)."""
    for name in PRESETS:
        m = model.load(name)
        w, h, _cx, _cy = board.page_size(m)
        assert w >= 200 and h >= 200
    small = model.load("england")
    _ox, _oy, w, h = board.layout(small)
    minx, _miny, maxx, _maxy = small.extent()
    assert w >= maxx - minx + 2 * board.MARGIN


# ------------------------------------------------------------------ titles in every language


@pytest.mark.parametrize(
    ("name", "lang", "title"),
    [
        ("england", "fr", "Angleterre"),
        ("england", "it", "Inghilterra"),
        ("england", "de", "England"),
        ("usa-east", "fr", "États-Unis (côte Est)"),
        ("usa-east", "de", "USA (Ostküste)"),
        ("usa-east", "it", "Stati Uniti (costa orientale)"),
        ("france", "de", "Frankreich"),
        ("france", "it", "Francia"),
    ],
)
def test_built_in_map_names_are_translated_in_titles(name, lang, title):
    m = model.load(name)
    assert map_title(m, lang) == title
    docs = kit.documents(m, kit.KitOptions(lang=lang, formats=("pdf",)))
    poster = PdfReader(io.BytesIO(render_pdf(docs["map-poster"])))
    text = poster.pages[0].extract_text()
    assert f"Dampfross · {title}" in text
    if title != m.name:
        assert f"Dampfross · {m.name}" not in text
    rules = PdfReader(io.BytesIO(render_pdf(docs["rules-a4"])))
    assert title in rules.pages[0].extract_text()
    assert docs["rules-a4"].title.startswith(f"Dampfross · {title}")


def test_every_built_in_map_has_its_titles():
    for name in PRESETS:
        titles = MAP_TITLES[model.load(name).name]
        assert set(titles) == {"en", "fr", "de", "it"}


def test_a_map_of_ones_own_keeps_its_name():
    m = model.load("england")
    data = m.to_json()
    data["generator"] = {}
    own = model.from_json(data)
    assert map_title(own, "fr") == "England"


@pytest.mark.parametrize("name", PRESETS)
def test_no_seed_dash_on_built_in_maps(name):
    m = model.load(name)
    docs = kit.documents(m, kit.KitOptions(lang="en", formats=("pdf",)))
    text = PdfReader(io.BytesIO(render_pdf(docs["map-poster"]))).pages[0].extract_text()
    assert not re.search(r"seed\s*-", text)
    assert "seed" not in text


# ------------------------------------------------------------------ black and white


def grey(colour: str) -> float:
    """A colour's lightness as a black-and-white print gives it (Rec. 601 luma, 0 to 1)."""
    r, g, b = (int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("name", PRESETS)
def test_the_sea_and_the_hills_keep_a_mark_in_black_and_white(name):
    """Sea and plain differ by 0.1 in grey (0.83 and 0.93): with the ink saver's light fills
    nothing but a mark would tell them apart. Every sea hex carries two waves and every hill
    without a town two peaks, in strokes darker than the fills, and the legend shows both."""
    from trackwright.kits.draw.ops import Path

    m = model.load(name)
    ops, _w, _h = board.map_ops(m, "en")
    water = sum(1 for t in m.terrain.values() if t == "water")
    waves = [op for op in ops if isinstance(op, Path) and op.style.stroke == board.WAVE]
    legend_waves = 1
    assert len(waves) == 1 + legend_waves
    assert len(waves[0].subpaths) == 2 * water
    assert grey(board.FILL["water"]) - grey(board.WAVE) >= 0.3
    hills = sum(1 for h, t in m.terrain.items() if t == "hill" and h not in m.town_by_hex)
    peaks = [op for op in ops if isinstance(op, Path) and op.style.stroke == "#7a6334"]
    assert len(peaks) == 2 * hills + 2  # two more in the legend
    assert grey(board.FILL["hill"]) - grey("#7a6334") >= 0.3
    texts = {op.text for op in ops if type(op).__name__ == "Text"}
    assert {"sea, lake", "hill", "port", "river"} <= texts
