"""The map file beside a kit says where the tiled board's sheets meet (``print.seams``), so the
phone's photo reader, which has no fonts to measure the words with, expects the seams where the
kit printed them on any board, a random continent's too. Read back from the PDF the user
prints."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support.pdfgeom import read_pdf
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.tiling import PAPERS, TILE_MARGINS
from trackwright.kits.sheets import seam_keepouts, tiled_pages
from trackwright.kits.transamerica import board, continent, kit
from trackwright.photo import seams

SEED = 3
OUT = Path("out")


@cache
def random_kit() -> tuple[model.TransAmericaMap, dict[Path, bytes]]:
    m = continent.generate(SEED, "en")[0]
    return m, kit.kit_files(m, kit.KitOptions(paper="a4", formats=("pdf",)), OUT)


def cut_lines(data: bytes, m: model.TransAmericaMap) -> tuple[set[float], set[float]]:
    """The dashed cut lines (0.3 mm, across the whole window) of a tiled board's PDF, in board
    millimetres: x of the vertical ones, y of the horizontal ones."""
    tiling, _pages = tiled_pages(board.board_drawing(m, "en"), "a4", "en", "t")
    top, _right, _bottom, left = TILE_MARGINS
    xs: set[float] = set()
    ys: set[float] = set()
    pages = read_pdf(data)
    assert len(pages) == len(tiling.tiles)
    for page, tile in zip(pages, tiling.tiles, strict=True):
        for path in page.paths:
            if path.stroke is None or abs(path.width - 0.3) > 1e-3:
                continue
            x0, y0, x1, y1 = path.bbox
            if x1 - x0 < 1e-3 and y1 - y0 > tile.h:  # a vertical cut across the window
                xs.add(round(x0 - left + tile.x, 3))
            elif y1 - y0 < 1e-3 and x1 - x0 > tile.w:
                ys.add(round(y0 - top + tile.y, 3))
    return xs, ys


def test_a_random_boards_map_file_carries_the_seams_the_kit_printed():
    m, files = random_kit()
    data = json.loads(files[OUT / "map.json"])
    printed = data["print"]["seams"]
    # The A4 sheets' cuts, as printed, are among the map file's seams ...
    xs, ys = cut_lines(files[OUT / "board-a4.pdf"], m)
    assert xs and ys
    assert xs <= {round(x, 3) for x in printed["x"]}
    assert ys <= {round(y, 3) for y in printed["y"]}
    # ... which are every paper's, clear of the words and discs the kit drew.
    drawing = board.board_drawing(m, "en")
    keep = seam_keepouts(drawing.ops)
    every = [seams.paper_seams(drawing.width, drawing.height, p, keep) for p in PAPERS]
    assert printed["x"] == sorted({x for px, _ in every for x in px})
    assert printed["y"] == sorted({y for _, py in every for y in py})
    # Not the equal split: the random board's words moved some seam.
    assert (printed["x"], printed["y"]) != seams.seams(drawing.width, drawing.height)
    # The file is a valid map whose model reads them.
    again = model.from_json(data, "map.json")
    assert again.printed_seams == (tuple(printed["x"]), tuple(printed["y"]))


def test_the_same_seed_gives_the_same_map_file():
    m, files = random_kit()
    again = continent.generate(SEED, "en")[0]
    other = kit.kit_files(again, kit.KitOptions(paper="a4", formats=("pdf",)), OUT)
    assert other[OUT / "map.json"] == files[OUT / "map.json"]
    assert mapfile.dumps(board.printed(m).to_json()) == files[OUT / "map.json"]


@pytest.mark.parametrize("name", ["usa", "usa-classic", "europe", "japan"])
def test_a_built_in_kits_map_file_is_the_built_in_map(name):
    """The built-in map files carry the seams their kits print: the kit's map.json is the
    built-in file, byte for byte (so a record pinned to its hash matches either)."""
    m = model.load(name)
    stored = (ROOT / "templates" / "transamerica" / "maps" / f"{name}.json").read_bytes()
    assert mapfile.dumps(board.printed(m).to_json()) == stored
    assert m.printed_seams is not None and m.printed_seams[0] and m.printed_seams[1]
