"""The TransAmerica tokens page and card backs (issue 15): every token fits the space it goes on,
start markers cannot be taken for cities, the preset's track pieces are printed in a colour the
board does not use, and the card backs no longer flood the page with toner. Measured on the
drawing operations of the page (what the PDF and SVG are rendered from) and on its rendering."""

from __future__ import annotations

import colorsys
import json
import math
import os
import shutil
import subprocess
import tempfile

import pytest
from PIL import Image

from tests.kits.test_rule_numbers import HOUSE as RULE_NUMBERS_HOUSE
from trackwright.core import transamerica as model
from trackwright.core.tiling import paper_size
from trackwright.kits.draw.ops import Circle, Document, Drawing, Group, Text
from trackwright.kits.draw.ops import Path as PathOp
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.draw.symbols import PLAYER_STYLE, REGION_STYLE, symbol
from trackwright.kits.transamerica import board, kit

# A house preset: five players, 17 points, 91 tracks.
HOUSE = RULE_NUMBERS_HOUSE["transamerica"]


@pytest.fixture(scope="module")
def house(tmp_path_factory) -> model.TransAmericaRules:
    path = tmp_path_factory.mktemp("rules") / "house-ta.json"
    path.write_text(json.dumps(HOUSE), encoding="utf-8")
    return model.rules(path)


CASES = [
    ("usa", "a4"),
    ("usa", "letter"),
    ("europe", "a4"),
    ("japan", "letter"),
]


def rects(page: Drawing):
    """Every closed four-point path on the page (not inside groups): (x, y, w, h, style)."""
    out = []
    for op in page.ops:
        if isinstance(op, PathOp) and op.closed and len(op.subpaths[0]) == 4:
            xs = [p[0] for p in op.subpaths[0]]
            ys = [p[1] for p in op.subpaths[0]]
            out.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), op.style))
    return out


def _same(a, b) -> bool:
    return all(abs(u - v) < 1e-6 for u, v in zip(a[:4], b[:4], strict=True))


def inside(inner, outer, margin: float = 0.0) -> bool:
    x, y, w, h = inner[:4]
    ox, oy, ow, oh = outer[:4]
    return (
        x >= ox + margin - 1e-9
        and y >= oy + margin - 1e-9
        and x + w <= ox + ow - margin + 1e-9
        and y + h <= oy + oh - margin + 1e-9
    )


def overlap(a, b, tol: float = 1e-6) -> bool:
    return (
        a[0] + tol < b[0] + b[2]
        and b[0] + tol < a[0] + a[2]
        and a[1] + tol < b[1] + b[3]
        and b[1] + tol < a[1] + a[3]
    )


@pytest.fixture(scope="module", params=CASES, ids=[f"{m}-{p}" for m, p in CASES])
def case(request):
    name, paper = request.param
    m = model.load(name)
    rules = model.rules()
    return m, paper, rules, kit.token_layout(m, paper, rules), kit.tokens_page(m, paper, "en")


def pdf_page_png(page: Drawing, dpi: int) -> Image.Image:
    """The page as the user's PDF prints it: rendered by poppler from reportlab's PDF."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "page.pdf")
        with open(source, "wb") as handle:
            handle.write(render_pdf(Document("t", (page,))))
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", source, source],
            capture_output=True,
            check=True,
        )
        with Image.open(source + ".png") as image:
            return image.copy()


# ------------------------------------------------------------------ score track and shed


def test_locomotives_fit_the_score_cells(case):
    _m, _paper, rules, lay, page = case
    found = rects(page)
    cells = [r for r in found if any(_same(r, lay.cell_box(k)) for k in range(lay.cells))]
    assert len(cells) == lay.cells == rules.start_points - rules.end_threshold
    # The locomotive pairs as printed: w x 2h, folded to w x h.
    pairs = [r for r in found if r[4].fill == "#ffffff" and r[4].width == 0.3]
    assert len(pairs) == rules.players[1]
    w, h = pairs[0][2], pairs[0][3] / 2
    assert (w, h) == (pytest.approx(lay.loco_w), pytest.approx(lay.loco_h))
    # Smaller than a cell with room to spare (were 24 x 18 mm on 16 x 22 mm cells), and two
    # locomotives on the same score fit one cell together.
    assert w <= lay.cell_w - 2 and h <= lay.cell_h - 2
    assert 2 * h + 2 <= lay.cell_h
    # The number stays readable above a locomotive standing in the cell's lower part.
    assert h + 7 <= lay.cell_h


def test_the_shed_holds_every_locomotive(case):
    _m, _paper, rules, lay, page = case
    found = rects(page)
    (shed,) = [r for r in found if r[4].fill == "#e8e2d0"]
    assert (shed[0], shed[2], shed[3]) == (
        pytest.approx(lay.shed_x),
        pytest.approx(lay.shed_w),
        pytest.approx(lay.cell_h),
    )
    slots = [r for r in found if r[4].stroke == "#8a7d5a"]
    assert len(slots) == rules.players[1] == 6  # six locomotives (were one 30 x 22 mm shed)
    for s in slots:
        assert inside(s, shed, margin=1.0)
        assert s[2] >= lay.loco_w - 1e-9 and s[3] >= lay.loco_h - 1e-9
    assert not any(overlap(a, b) for i, a in enumerate(slots) for b in slots[i + 1 :])


def test_fewer_players_fewer_tokens_and_the_house_numbers(house):
    rules = house
    m = model.load("usa")
    lay = kit.token_layout(m, "a4", rules)
    page = kit.tokens_page(m, "a4", "en", rules)
    assert lay.players == rules.players[1] == 5
    assert len([r for r in rects(page) if r[4].stroke == "#8a7d5a"]) == 5
    assert lay.cells == rules.start_points - rules.end_threshold
    pages = kit.tokens_pages(m, "a4", "en", rules)
    assert pages[0] == page
    pieces = [
        r
        for p in pages
        for r in rects(p)
        if r[4].fill == kit.PIECE_INK and abs(r[3] - lay.piece_w) < 1e-6
    ]
    assert len(pieces) == rules.tracks == 91
    assert lay.loco_w <= lay.cell_w - 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("tracks", [91, 200])
def test_many_pieces_continue_on_further_sheets(tmp_path, paper, tracks):
    """A house preset may have up to 200 pieces: those the tokens page cannot hold go on
    further sheets, each with its backing and scale bar, none past the page's margins."""
    path = tmp_path / "many.json"
    path.write_text(json.dumps(dict(HOUSE, tracks=tracks)), encoding="utf-8")
    rules = model.rules(path)
    m = model.load("usa")
    lay = kit.token_layout(m, paper, rules)
    pages = kit.tokens_pages(m, paper, "en", rules)
    assert len(pages) >= 2
    fronts, barriers = 0, []
    for k, page in enumerate(pages):
        found = rects(page)
        fronts += len(
            [r for r in found if r[4].fill == kit.PIECE_INK and abs(r[3] - lay.piece_w) < 1e-6]
        )
        barriers += [
            k for r in found if r[4].fill == kit.BARRIER_INK and abs(r[3] - lay.piece_w) < 1e-6
        ]
        ink = pdf_page_png(page, 100).convert("L").point(lambda v: 255 if v < 250 else 0)
        left, top, right, bottom = (v * 25.4 / 100 for v in ink.getbbox())
        assert min(left, top, page.width - right, page.height - bottom) >= 5, (k, ink.getbbox())
        shown = [c for op in page.ops for c in (op.ops if isinstance(op, Group) else (op,))]
        assert any(isinstance(op, Text) and op.text.startswith("Print at 100 %") for op in shown)
    assert fronts == tracks
    assert barriers == [len(pages) - 1]  # one barrier, on the last sheet
    # With this preset's 17 points the score track takes two rows and the tokens page holds
    # 56 pieces; one more sheet holds the rest, even of 200 (145 on it).
    assert _fronts(pages[0], lay) == 56
    assert len(pages) == 2


def _fronts(page: Drawing, lay: kit.TokenLayout) -> int:
    inks = (kit.PIECE_INK, kit.BARRIER_INK)
    return len([r for r in rects(page) if r[4].fill in inks and abs(r[3] - lay.piece_w) < 1e-6])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("points", [13, 17, 20, 30, 40])
def test_a_long_score_track_wraps_rather_than_shrinks(tmp_path, paper, points):
    """Up to 40 points (the schema's most): the track wraps onto a second row before its
    cells get narrower than a locomotive with a millimetre each side; tokens stay >= 9.5 mm
    (40 points for 5 players on Letter)."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps(dict(HOUSE, start_points=points)), encoding="utf-8")
    rules = model.rules(path)
    m = model.load("usa")
    lay = kit.token_layout(m, paper, rules)
    page = kit.tokens_page(m, paper, "en", rules)
    found = [r[:4] for r in rects(page)]
    boxes = [lay.cell_box(k) for k in range(lay.cells)]
    assert all(any(_same(b, f) for f in found) for b in boxes)
    assert lay.loco_w >= 9.5 and lay.loco_w <= lay.cell_w - 2
    one_row = (page.width - 2 * lay.x0 - lay.shed_w) / lay.cells >= 14.0
    assert lay.rows == (1 if one_row else 2)
    assert lay.rows == 1 or points >= 17
    # Cells and the shed never overlap, and the shed holds every locomotive.
    shed = (lay.shed_x, lay.shed_y, lay.shed_w, lay.cell_h)
    assert not any(overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    assert not any(overlap(b, shed) for b in boxes)
    assert all(inside(s, shed, margin=1.0) for s in lay.shed_slots())
    # Everything on the paper, ink 5 mm from the edges (poppler render of the PDF).
    ink = pdf_page_png(page, 100).convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
    left, top, right, bottom = (v * 25.4 / 100 for v in ink)
    assert min(left, top, page.width - right, page.height - bottom) >= 5


# ------------------------------------------------------------------ start markers


@pytest.mark.parametrize("name", ["usa", "europe", "japan", "usa-classic"])
def test_a_start_marker_leaves_the_track_spaces_around_its_node_free(name):
    m = model.load(name)
    lay = kit.token_layout(m, "a4", model.rules())
    space = lay.track_space
    # Less than a third of a track space across, so it reaches less than a sixth of the way
    # along each space from its node (the markers covered a third of each space).
    assert lay.marker_d < space / 3
    assert lay.marker_d / 2 < space / 6
    assert lay.marker_d <= 10.0
    # A track piece laid on a space next to the marker does not reach under it.
    gap = (space - lay.piece_l) / 2
    assert gap >= lay.marker_d / 2 + 0.5 and gap >= board.CITY_R + 0.5


def test_start_markers_as_drawn(case):
    _m, _paper, rules, lay, page = case
    d = lay.marker_d
    outlines = [
        op
        for op in page.ops
        if isinstance(op, PathOp) and op.closed and op.style.fill == kit.MARKER_INK
    ]
    assert len(outlines) == rules.players[1]
    for op in outlines:
        xs = [p[0] for p in op.subpaths[0]]
        ys = [p[1] for p in op.subpaths[0]]
        # A fold-over pair of octagons d across: d wide, 2 d high.
        assert max(xs) - min(xs) == pytest.approx(d)
        assert max(ys) - min(ys) == pytest.approx(2 * d)
        assert len(op.subpaths[0]) == 12  # two octagons joined on a flat


def test_start_markers_look_like_no_city():
    """A city is a disc in its region's colour with the region's shape; a start marker is a dark
    octagon: neither the regions' shapes nor their colours, and darker than any region in grey."""
    marker = kit.octagon(0, 0, 10)
    assert len(marker) == 8
    region_shapes = {shape for _colour, shape in REGION_STYLE.values()}
    for shape in region_shapes:
        op = symbol(shape, 0, 0, 5, kit.Style())
        assert isinstance(op, Circle) or len(op.subpaths[0]) != 8
    for colour, _shape in REGION_STYLE.values():
        assert delta_e(kit.MARKER_INK, colour) > 40, colour
        # Printed in black and white: a near-black token against mid-grey discs.
        assert _grey(colour) - _grey(kit.MARKER_INK) >= 0.25, colour
    # The faces carry the players' shapes in the players' colours.
    faces = kit.start_marker(0, 0, 10, 2)
    assert faces[1].style.fill == PLAYER_STYLE[2][0]


def _swatch(ops: list, size: float = 12.0) -> Drawing:
    return Drawing("swatch", size, size, tuple(ops))


def _ring(page: Drawing, dpi: int, r_in: float, r_out: float) -> list[int]:
    """Grey levels (0 black, 255 white) of the rendered PDF between two radii (mm) around the
    swatch's centre."""
    image = pdf_page_png(page, dpi).convert("L")
    px = 25.4 / dpi
    c = page.width / 2
    return [
        image.getpixel((i, j))
        for j in range(image.height)
        for i in range(image.width)
        if r_in <= math.dist(((i + 0.5) * px, (j + 0.5) * px), (c, c)) < r_out
    ]


def test_in_black_and_white_cities_and_start_markers_stay_apart():
    """Rendered from the PDF and turned to grey: each region's city keeps its own white shape
    (the blue and red discs print about the same grey, so the shape is the cue), and a start
    marker's body is far darker than any city disc."""
    dpi = 400
    masks: dict[str, set[int]] = {}
    discs: dict[str, int] = {}
    for region, (colour, shape) in REGION_STYLE.items():
        page = _swatch(
            [
                Circle(6, 6, board.CITY_R, kit.Style(stroke="#000000", width=0.45, fill=colour)),
                symbol(shape, 6, 6, board.CITY_R * 0.55, kit.Style(stroke=None, fill="#ffffff")),
            ]
        )
        image = pdf_page_png(page, dpi).convert("L")
        pixels = list(image.get_flattened_data())
        disc = sorted(_ring(page, dpi, board.CITY_R - 1.0, board.CITY_R - 0.5))
        discs[region] = disc[len(disc) // 2]
        # The white shape stands out of its disc by at least 40 grey levels (yellow is the
        # palest disc).
        assert discs[region] <= 255 - 40, (region, discs[region])
        masks[region] = {i for i, v in enumerate(pixels) if v > 250 and _in_disc(i, image, dpi)}
        assert len(masks[region]) > 100
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            # Two discs of near grey (blue 96 and red 97 of 255) carry clearly different
            # shapes: their white areas overlap by under three quarters (square and diamond
            # 0.69). Only discs 50 grey levels apart may carry close shapes (blue square and
            # yellow circle, 0.84).
            iou = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
            assert iou < 0.75 or abs(discs[a] - discs[b]) >= 50, (a, b, iou, discs)
    # A start marker's body, outside the player's shape: near black.
    marker = _swatch(kit.start_marker(6, 6, 10, 0))
    body = sorted(_ring(marker, dpi, 3.8, 4.4))
    median = body[len(body) // 2]
    assert median <= min(discs.values()) - 50, (median, discs)


def _in_disc(index: int, image: Image.Image, dpi: int) -> bool:
    px = 25.4 / dpi
    i, j = index % image.width, index // image.width
    return math.dist(((i + 0.5) * px, (j + 0.5) * px), (6, 6)) < board.CITY_R - 0.3


# ------------------------------------------------------------------ track pieces


def test_the_presets_track_pieces_are_printed_to_the_track_spaces_size(case):
    _m, _paper, rules, lay, page = case
    found = rects(page)
    pieces = [r for r in found if r[4].fill == kit.PIECE_INK and abs(r[3] - lay.piece_w) < 1e-6]
    barrier = [r for r in found if r[4].fill == kit.BARRIER_INK and abs(r[3] - lay.piece_w) < 1e-6]
    assert len(pieces) == rules.tracks == 84 and len(barrier) == 1  # 85 pieces in all
    for p in pieces:
        assert p[2] == pytest.approx(lay.piece_l)
    # As long as a track space between two city discs, and more than half of the space.
    assert lay.piece_l <= lay.track_space - 2 * board.CITY_R
    assert lay.piece_l >= 0.5 * lay.track_space
    # The barrier lies across the score track.
    assert barrier[0][2] > lay.cell_h
    # In grey its red prints like the magenta (0.29 and 0.34 of white): white stripes across it
    # (a level-crossing barrier) keep it apart in black and white.
    assert abs(_grey(kit.BARRIER_INK) - _grey(kit.PIECE_INK)) < 0.1
    stripes = [r for r in found if r[4].fill == "#ffffff" and inside(r, barrier[0])]
    assert len(stripes) >= 4
    assert sum(r[2] for r in stripes) >= 0.2 * barrier[0][2]
    # Pieces never touch: a white line to cut along between neighbours.
    front = pieces + barrier
    assert not any(overlap(a, b) for i, a in enumerate(front) for b in front[i + 1 :])
    # Every piece is backed once the block is folded on its line.
    folds = [
        op
        for op in page.ops
        if isinstance(op, PathOp) and not op.closed and op.style.dash == (1.5, 1.0)
    ]
    (fold,) = folds
    fold_y = fold.subpaths[0][0][1]
    backs = (kit.PIECE_BACK_INK, kit.BARRIER_BACK_INK)
    backing = [r for r in found if r[1] > fold_y and r[4].fill in backs]
    for p in front:
        mirrored = (p[0], 2 * fold_y - p[1] - p[3], p[2], p[3])
        ink = kit.BARRIER_BACK_INK if p in barrier else kit.PIECE_BACK_INK
        assert any(inside(mirrored, b) and b[4].fill == ink for b in backing), p


def test_the_pieces_colour_is_found_nowhere_on_the_board():
    """For the photo reader: a saturated magenta far from every colour the board prints."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in _rgb(kit.PIECE_INK)))
    assert s >= 0.95 and v >= 0.9 and 0.85 <= h <= 0.95  # process magenta
    for name in ("usa", "europe", "japan"):
        colours = _colours(board.board_ops(model.load(name), "en"))
        nearest = min(delta_e(kit.PIECE_INK, c) for c in colours)
        assert nearest > 45, (name, nearest)  # CIELAB; the nearest is the red region
        for c in colours:  # no colour of the board shares its hue at any strength
            hc, sc, _vc = colorsys.rgb_to_hsv(*(x / 255 for x in _rgb(c)))
            assert sc < 0.3 or min(abs(hc - h), 1 - abs(hc - h)) > 0.1, c


def test_the_tokens_page_is_filled_and_stays_on_the_paper(case):
    m, paper, _rules, _lay, page = case
    pw, ph = paper_size(paper, landscape=True)
    assert (page.width, page.height) == (pw, ph)
    # The ink as rendered (text at its real width), at 200 dpi: nothing in the 5 mm a home
    # printer cannot reach on each side.
    dpi = 200
    image = pdf_page_png(page, dpi).convert("L")
    ink = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert ink is not None
    mm = 25.4 / dpi
    left, top, right, bottom = (v * mm for v in ink)
    assert left >= 5 and top >= 5 and pw - right >= 5 and ph - bottom >= 5, (
        left,
        top,
        pw - right,
        ph - bottom,
    )
    # The pieces are on the page now: below the tokens, it is no longer half blank.
    pieces = [r for r in rects(page) if r[4].fill == kit.PIECE_INK]
    lowest = max(r[1] + r[3] for r in pieces)
    if m.name == "USA":
        assert lowest >= 0.6 * ph
    assert bottom >= 0.85 * ph


def test_the_pieces_backing_is_a_light_tint():
    """The backing is as large as the pieces' block: a light tint of the pieces' ink (a flipped
    piece still reads as one) costs about a quarter of the toner of a solid backing."""
    for full, tint in (
        (kit.PIECE_INK, kit.PIECE_BACK_INK),
        (kit.BARRIER_INK, kit.BARRIER_BACK_INK),
    ):
        assert _cmyk_sum(tint) <= 0.3 * _cmyk_sum(full), (tint, full)
        assert _grey(tint) >= 0.75  # light grey in black and white, not a second black slab


def test_the_tokens_page_toner():
    """The whole tokens page from the PDF: about 30 % (a solid magenta backing made it 48 %)."""
    page = kit.tokens_page(model.load("usa"), "a4", "en")
    assert toner(page) <= 0.33


# ------------------------------------------------------------------ card backs


def toner(page: Drawing, dpi: int = 40) -> float:
    """The page's toner coverage: C + M + Y + K (naive separation) averaged over the page; a
    solid black page is 100 %, a solid green one 150 %."""
    image = pdf_page_png(page, dpi).convert("RGB")
    total = 0.0
    pixels = list(image.get_flattened_data())
    for r, g, b in pixels:
        r, g, b = r / 255, g / 255, b / 255
        k = 1 - max(r, g, b)
        if k >= 1:
            total += 1
            continue
        total += k + sum((1 - x - k) / (1 - k) for x in (r, g, b))
    return total / len(pixels)


def test_card_backs_are_a_frame_not_a_flood():
    m = model.load("usa")
    pages = kit.documents(m, kit.KitOptions(formats=("pdf",)))["cards-a4"].pages
    backs = [p for p in pages if p.name.endswith("_back")]
    coverage = [toner(p) for p in backs]
    # A solid region colour over each card covered about 110 % of the page; the frame (2.5 mm
    # inside the cut line and the 2 mm bleed past it) and the shape cover a third of that.
    assert max(coverage) <= 0.4, coverage
    solid = Drawing(
        "solid",
        backs[0].width,
        backs[0].height,
        tuple(
            Group(
                (kit.rect(0, 0, kit.CARD_W, kit.CARD_H, kit.Style(stroke=None, fill=colour)),),
                dx=op.dx,
                dy=op.dy,
            )
            for op, colour in zip(
                [o for o in backs[0].ops if isinstance(o, Group)],
                [REGION_STYLE["green"][0]] * 9,
                strict=False,
            )
        ),
    )
    assert toner(solid) >= 1.0  # the old backs, for scale
    # The frame is the card's background colour, from its edge (the sheet grows it by the
    # bleed; the gutter between the cards keeps the neighbour's colour off), white inside.
    back = kit.card_back(m, 0, "en")
    ground, middle = back[0], back[1]
    xs = [p[0] for p in ground.subpaths[0]]
    assert (min(xs), max(xs)) == (0, kit.CARD_W) and ground.style.fill != "#ffffff"
    xs = [p[0] for p in middle.subpaths[0]]
    assert min(xs) == kit.BACK_BAND and middle.style.fill == "#ffffff"


def _cmyk_sum(colour: str) -> float:
    r, g, b = (c / 255 for c in _rgb(colour))
    k = 1 - max(r, g, b)
    if k >= 1:
        return 1.0
    return k + sum((1 - x - k) / (1 - k) for x in (r, g, b))


def _grey(colour: str) -> float:
    r, g, b = _rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def _lab(colour: str) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference."""
    return math.dist(_lab(a), _lab(b))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _colours(ops) -> set[str]:
    out: set[str] = set()
    for op in ops:
        if isinstance(op, Group):
            out |= _colours(op.ops)
            continue
        style = getattr(op, "style", None)
        if style is not None:
            out |= {c for c in (style.stroke, style.fill) if c}
        fill = getattr(op, "fill", None)
        if isinstance(fill, str):
            out.add(fill)
    return out
