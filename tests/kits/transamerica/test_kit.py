"""The TransAmerica kit as a user receives it: exact sizes, sheets that assemble, mirrored backs,
one embedded font, and byte-identical output."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from trackwright.core.tiling import TILE_MARGINS, TILE_OVERLAP, paper_size
from trackwright.kits.draw.ops import Group, Place, Text
from trackwright.kits.draw.ops import Path as PathOp
from trackwright.kits.draw.svg import render_svg
from trackwright.kits.sheets import MARK, tiled_pages
from trackwright.kits.transamerica import board, kit

GOLDEN = Path(__file__).parent / "golden"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def files_a4(usa):
    return kit.kit_files(usa, kit.KitOptions(paper="a4"), Path("out"))


@pytest.fixture(scope="module")
def files_letter(usa):
    return kit.kit_files(usa, kit.KitOptions(paper="letter", formats=("pdf",)), Path("out"))


def pdf(files, name) -> PdfReader:
    return PdfReader(io.BytesIO(files[Path("out") / name]))


def test_kit_contents(files_a4):
    names = {p.name for p in files_a4}
    for stem in ("board-poster", "board-a4", "cards-a4", "tokens-a4", "rules-a4"):
        assert f"{stem}.pdf" in names
    assert "board-poster.svg" in names and "map.json" in names
    assert "cards-a4-01.svg" in names and "board-a4-01.svg" in names


@pytest.mark.parametrize(
    ("which", "paper", "size"),
    [("files_a4", "a4", (210, 297)), ("files_letter", "letter", (215.9, 279.4))],
)
def test_pages_are_exactly_the_paper(files_a4, files_letter, which, paper, size):
    # (both named: a test asking for a module's fixture by name alone would not be grouped
    # with the module's others, tests/conftest.py, and would make the kit again elsewhere)
    files = {"files_a4": files_a4, "files_letter": files_letter}[which]
    for stem in ("board", "cards", "rules"):
        for page in pdf(files, f"{stem}-{paper}.pdf").pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            if stem == "board":  # the tiled board takes whichever way round needs fewer sheets
                w, h = min(w, h), max(w, h)
            assert (w, h) == (
                pytest.approx(size[0] * PT, abs=0.01),
                pytest.approx(size[1] * PT, abs=0.01),
            )
    tokens = pdf(files, f"tokens-{paper}.pdf").pages[0]
    assert float(tokens.mediabox.width) == pytest.approx(size[1] * PT, abs=0.01)


def test_poster_is_true_size(files_a4, usa):
    page = pdf(files_a4, "board-poster.pdf").pages[0]
    # The board is the poster's trim (the page adds bleed and crop marks round it).
    assert float(page.trimbox.width) == pytest.approx(usa.board_w * PT, abs=0.01)


def test_cards_measure_63_by_88(files_a4):
    content = pdf(files_a4, "cards-a4.pdf").pages[0].get_contents().get_data().decode("latin-1")
    # Each card is clipped to its own 63 x 88 mm box (page units are millimetres).
    assert len(re.findall(r"\b0 0 63 88 re\b", content)) == 9
    svg = files_a4[Path("out/cards-a4-01.svg")].decode()
    assert len(re.findall(r'<rect height="88" width="63" x="0" y="0"', svg)) == 9


@pytest.mark.parametrize("edge", ["long", "short"])
def test_card_backs_lie_behind_their_fronts(usa, edge):
    """Each card's back sits where the duplex flip puts its front (``back_placement``): San
    Diego's back (West coast) behind San Diego, Bismarck's (North) behind Bismarck."""
    from trackwright.kits.layout import back_placement

    docs = kit.documents(usa, kit.KitOptions(duplex=edge))
    pages = docs["cards-a4"].pages
    assert len(pages) % 2 == 0  # each sheet of fronts followed by its backs
    pw, ph = paper_size("a4")

    def texts(group):
        return [op.text for op in group.ops if isinstance(op, Text)]

    found = 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        backs = [op for op in back.ops if isinstance(op, Group)]  # no offset: not moved
        for group in (op for op in front.ops if isinstance(op, Group) and op.clip):
            for city, region in (("San Diego", "West coast"), ("Bismarck", "North")):
                if city in texts(group):
                    bx, by, turn = back_placement(
                        group.dx, group.dy, group.rotate, edge, pw, ph, 63 / 2
                    )
                    behind = next(
                        g
                        for g in backs
                        if (round(g.dx, 6), round(g.dy, 6)) == (round(bx, 6), round(by, 6))
                    )
                    assert region in texts(behind) and behind.rotate == turn
                    found += 1
    assert found == 2


def cross_centres(page, tile):
    """Registration crosses on a sheet, in board coordinates (x, y)."""
    left, top = TILE_MARGINS[3], TILE_MARGINS[0]
    out = set()
    for op in page.ops:
        if isinstance(op, PathOp) and op.style == MARK:
            for (x1, y1), (x2, y2) in op.subpaths:
                if y1 == y2 and abs(x2 - x1 - 6) < 1e-9:  # the horizontal bar of a cross
                    out.add((round((x1 + x2) / 2 - left + tile.x, 6), round(y1 - top + tile.y, 6)))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_tiled_sheets_assemble_into_the_poster(usa, paper):
    drawing = board.board_drawing(usa, "en")
    tiling, pages = tiled_pages(drawing, paper, "en", "t")
    tiles = tiling.tiles
    # Every sheet is a window on the one board drawing, inside the printable area.
    for page, tile in zip(pages, tiles, strict=True):
        place = next(op for op in page.ops if isinstance(op, Place))
        assert place.drawing is drawing
        assert place.window == (tile.x, tile.y, tile.w, tile.h)
        assert place.x + tile.w <= tiling.paper_w - TILE_MARGINS[1] + 1e-6
        assert place.y + tile.h <= tiling.paper_h - TILE_MARGINS[2] + 1e-6
    # Windows cover the board; neighbours share the overlap; crosses meet across each seam.
    assert max(t.x + t.w for t in tiles) == pytest.approx(drawing.width)
    assert max(t.y + t.h for t in tiles) == pytest.approx(drawing.height)
    # The sheets lie as bricks: each seam is where one sheet lies over another's overlap.
    seams = tiling.seams()
    assert seams
    for seam in seams:
        tile, other = tiles[seam.under], tiles[seam.over]
        start, length = (tile.x, tile.w) if seam.axis == 0 else (tile.y, tile.h)
        other_start = other.x if seam.axis == 0 else other.y
        assert start + length - other_start == pytest.approx(TILE_OVERLAP)
        assert seam.at == pytest.approx(other_start + TILE_OVERLAP / 2)
        lo, hi = seam.lo + TILE_OVERLAP / 2, seam.hi - TILE_OVERLAP / 2  # shown once glued

        def on_seam(p, t, seam=seam, lo=lo, hi=hi):
            return {
                c
                for c in cross_centres(p, t)
                if c[seam.axis] == pytest.approx(seam.at) and lo <= c[1 - seam.axis] <= hi
            }

        mine, theirs = on_seam(pages[seam.under], tile), on_seam(pages[seam.over], other)
        assert mine == theirs
        assert len(mine) == 3 if seam.hi - seam.lo > 100 else mine or hi - lo < 20


def test_board_is_stored_once_in_the_tiled_pdf(files_a4):
    reader = pdf(files_a4, "board-a4.pdf")
    forms = set()
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        forms |= {xobjects.raw_get(name).idnum for name in xobjects}
    assert len(reader.pages) == 9 and len(forms) == 1  # 3 x 3: the seams clear of every name


def test_font_is_embedded(files_a4):
    page = pdf(files_a4, "rules-a4.pdf").pages[0]
    fonts = page["/Resources"]["/Font"]
    names = []
    for key in fonts:
        font = fonts[key].get_object()
        descendant = (
            font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        )
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor
        names.append(str(font["/BaseFont"]))
    assert sorted(n.split("+")[1] for n in names) == ["DejaVuSans", "DejaVuSans-Bold"]


def test_same_input_gives_identical_bytes(usa, files_a4):
    again = kit.kit_files(usa, kit.KitOptions(paper="a4"), Path("out"))
    assert again.keys() == files_a4.keys()
    for path, data in again.items():
        assert data == files_a4[path], path


def test_minimal_map_renders_board_and_cards(minimal):
    files = kit.kit_files(minimal, kit.KitOptions(formats=("pdf",)), Path("out"))
    cards = PdfReader(io.BytesIO(files[Path("out/cards-a4.pdf")]))
    assert len(cards.pages) == 8
    text = cards.pages[0].extract_text()
    assert "Ashford" in text


def test_board_svg_matches_golden(minimal):
    """The rendering of the minimal map is pinned; regenerate with TRACKWRIGHT_UPDATE_GOLDEN=1
    after an intended change, and look at the picture before committing it."""
    svg = render_svg(board.board_drawing(minimal, "fr"), "golden")
    golden = GOLDEN / "minimal-board-fr.svg"
    if os.environ.get("TRACKWRIGHT_UPDATE_GOLDEN"):
        golden.write_bytes(svg)
    assert svg == golden.read_bytes()


@pytest.mark.parametrize("edge", ["long", "short"])
def test_duplex_test_page_shows_where_backs_land(edge):
    """The pin through the front's target comes out on the back where the printer's flip puts
    it: the "right" answer sits there for the chosen flip, the "wrong" one where the other flip
    puts it (upside down, as it reads after that flip)."""
    from trackwright.kits.layout import sheet_flip
    from trackwright.kits.sheets import _TARGET, duplex_test_pages

    front, back = duplex_test_pages(210, 297, 63, 88, "en", edge)
    assert any(isinstance(op, Text) and "Duplex test" in op.text for op in front.ops)
    tx, ty = 210 * _TARGET[0], 297 * _TARGET[1]
    rx, ry = sheet_flip(tx, ty, edge, 210, 297)
    other = "short" if edge == "long" else "long"
    wx, wy = sheet_flip(tx, ty, other, 210, 297)
    texts = [op for op in back.ops if isinstance(op, Text)]
    right = next(op for op in texts if "is right" in op.text)
    assert abs(right.x + 44 - rx) < 45 and 0 < right.y - ry < 20
    turned = next(op for op in back.ops if isinstance(op, Group) and op.rotate == 180.0)
    assert (round(turned.dx, 6), round(turned.dy, 6)) == (round(wx, 6), round(wy, 6))
    assert min(op.size for op in texts) >= 9


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("transamerica", ["--map", "usa"]),
        ("transamerica", ["--map", "europe"]),
        ("transamerica", ["--map", "japan", "--paper", "letter"]),
        ("lastrada", ["--seed", "1"]),
    ],
)
def test_each_sheet_svg_holds_only_its_window(tmp_path, game, args):
    """A tiled sheet's SVG is a file of its own: it keeps only what can show in its window (a
    land or sea polygon cut to it), so all the sheets of a board together weigh at most twice
    its poster (for 8 sheets), each with its own table of glyph outlines (text is set as outlines, so every
    file carries the letters it uses) and its assembly aids."""
    from trackwright.cli import run

    assert run(["generate", game, *args, "--format", "svg", "--out", str(tmp_path)]) == 0
    (poster,) = tmp_path.rglob("board-poster.svg")
    files = list(poster.parent.glob("board-a4-*.svg")) + list(
        poster.parent.glob("board-letter-*.svg")
    )
    sheets = sum(p.stat().st_size for p in files)
    assert len(files) >= 6
    # Twice the poster for 8 sheets, in proportion for more (seams clear of every name can
    # take a sheet or a column more).
    bound = 2 * poster.stat().st_size * max(1.0, len(files) / 8)
    assert sheets <= bound, (sheets, poster.stat().st_size)


def test_closed_shapes_are_cut_to_the_window_and_fill_it_as_before():
    """A polygon reaching far past a window keeps only its part near the window, and inside
    the window every point is inside the cut shape exactly when it was inside the whole one
    (even-odd, holes and concave shapes included)."""
    from trackwright.kits.draw.ops import Style, within

    def inside(rings, p):
        hits = 0
        for ring in rings:
            for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
                if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
                    hits += 1
        return hits % 2 == 1

    comb = ((0, 0), (300, 0), (300, 100), (250, 100), (250, 20), (200, 20), (200, 100), (0, 100))
    hole = ((100, 40), (280, 40), (280, 60), (100, 60))
    land = PathOp((comb, hole), Style(stroke="#000000", width=0.5, fill="#eeeeee"), closed=True)
    window = (150.0, 10.0, 230.0, 90.0)
    (cut,) = within([land], window)
    assert all(
        window[0] - 3 <= x <= window[2] + 3 and window[1] - 3 <= y <= window[3] + 3
        for ring in cut.subpaths
        for x, y in ring
    )
    for i in range(41):
        for j in range(41):
            p = (150 + 2 * i + 0.01, 10 + 2 * j + 0.01)
            assert inside([list(r) for r in cut.subpaths], p) == inside([list(comb), list(hole)], p)
    dashed = PathOp((comb,), Style(width=0.5, dash=(1.0, 1.0)), closed=True)
    assert within([dashed], window) == [dashed]  # dashes would move


def test_within_keeps_every_shape_that_can_show():
    from trackwright.kits.draw.ops import Circle, Group, Style, Text, extent, overlaps, within
    from trackwright.kits.draw.ops import Path as PathOp

    ops = [
        PathOp((((0, 0), (10, 0)), ((50, 50), (60, 60))), Style(width=1.0)),
        Circle(100, 100, 5),
        Text(20, 20, "Denver", size=8),
        Group((Circle(0, 0, 2),), dx=200, dy=0, rotate=30),
    ]
    window = (45.0, 45.0, 120.0, 120.0)
    # The path keeps only its subpath inside; the text near the origin and the group moved far
    # right cannot reach the window.
    assert within(ops, window) == [PathOp((((50, 50), (60, 60)),), Style(width=1.0)), ops[1]]
    assert within(ops, (0.0, 0.0, 300.0, 300.0)) == ops
    for op in ops:
        box = extent(op)
        assert box is not None and overlaps(box, (0.0, 0.0, 300.0, 300.0))
