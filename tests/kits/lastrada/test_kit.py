"""The La Strada kit as the user prints it, measured from its PDFs: the player's shape at the
centre of every tile, every back behind its own front for both duplex flips, full tile sheets,
no text in a home printer's unprintable margin, the travel-day track 0 to a turn's most days
with the kept maximum marked, and a clear error when the hexes do not fit the paper."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest

from tests.support import cli
from tests.support.pdfgeom import Page, Painted, read_pdf, rgb
from trackwright.core.lastrada import rules as rules_preset
from trackwright.core.tiling import paper_size
from trackwright.kits import i18n
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.lastrada import arrange, board, kit, tiles

WHITE, BLACK = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
MARGIN = 6.5  # mm: no La Strada text nearer a sheet's edge (home printers leave 3 to 5 mm blank)
PRINTABLE = 5.0  # mm: the common scale bar's caption (kits.sheets) stays inside this


def scale_caption(text: str) -> bool:
    """A row of the common scale bar's caption (its wording and layout are kits.sheets')."""
    rows = [v for k, d in i18n.STRINGS.items() if k.startswith("scale") for v in d.values()]
    return len(text.strip()) > 8 and any(text.strip() in row for row in rows)


def trackwright(*args: str) -> cli.Done:
    """``trackwright generate lastrada ARGS``, as the user runs it (in-process)."""
    return cli.trackwright("generate", "lastrada", *args)


def tile_pdf(
    paper: str,
    duplex: str,
    hex_size: float = 15.0,
    seed: int = 1,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Page]:
    m = arrange.arrange(seed, hex_size)
    opts = kit.KitOptions(paper=paper, duplex=duplex, formats=("pdf",), back_offset=back_offset)
    docs = kit.documents(m, opts)
    return read_pdf(render_pdf(docs[f"tiles-{paper}"]))


@pytest.fixture(scope="module", params=[("a4", "long"), ("a4", "short"), ("letter", "short")])
def printed(request):
    paper, duplex = request.param
    return paper, duplex, tile_pdf(paper, duplex)


def is_hexagon(p: Painted, size: float) -> bool:
    """A flat-top hexagon of ``size`` mm (centre to corner)."""
    x0, y0, x1, y1 = p.bbox
    return (
        len(p.points) == 6
        and abs(x1 - x0 - 2 * size) < 0.01
        and abs(y1 - y0 - math.sqrt(3) * size) < 0.01
    )


def cut_hexes(page: Page, size: float) -> list[tuple[float, float]]:
    """The centres of the tiles' cut lines on a front page."""
    return [
        p.centre
        for p in page.paths
        if p.fill is None and p.stroke is not None and p.group == 0 and is_hexagon(p, size)
    ]


def bleed_hexes(page: Page, size: float) -> list[tuple[float, float]]:
    """The centres of the tiles (their bleed) on any page."""
    big = tiles.grown(size, tiles.BLEED)
    return [p.centre for p in page.paths if p.fill is not None and is_hexagon(p, big)]


def symbols(page: Page, size: float) -> list[Painted]:
    """The players' shapes: white with a black outline, smaller than a tile."""
    out = []
    for p in page.paths:
        x0, y0, x1, y1 = p.bbox
        if p.fill == WHITE and p.stroke == BLACK and max(x1 - x0, y1 - y0) < size:
            out.append(p)
    return out


def scale_bars(page: Page) -> list[Painted]:
    """The 50 mm scale bars: level lines 50 mm long."""
    return [
        p
        for p in page.paths
        if len(p.points) == 2
        and abs(p.points[0][1] - p.points[1][1]) < 1e-3
        and abs(abs(p.points[1][0] - p.points[0][0]) - 50.0) < 1e-3
    ]


def nearest(point: tuple[float, float], centres: list[tuple[float, float]]) -> float:
    return min(math.dist(point, c) for c in centres)


# ------------------------------------------------------------------ symbols at the centre


def test_every_players_shape_is_at_its_tiles_centre(printed):
    paper, _duplex, pages = printed
    s = 15.0
    on_tiles = 0
    for page in pages:
        centres = bleed_hexes(page, s)
        for symbol in symbols(page, s):
            if symbol.group == 0:
                continue  # a token's (below)
            on_tiles += 1
            assert nearest(symbol.centre, centres) <= 0.2, (paper, symbol.centre)
    # 124 road tiles and 8 start tiles, front and back.
    assert on_tiles == 2 * (4 * 31 + 8)


def test_the_shape_is_off_every_cut_line(printed):
    """The old defect: shapes centred on the row cuts, half on each neighbour."""
    _paper, _duplex, pages = printed
    s = 15.0
    half_height = math.sqrt(3) / 2 * s
    for page in pages[0::2]:
        centres = cut_hexes(page, s)
        for symbol in symbols(page, s):
            if symbol.group:
                _x0, y0, _x1, y1 = symbol.bbox
                cx, cy = symbol.centre
                tile = min(centres, key=lambda c: math.dist(c, (cx, cy)))
                assert tile[1] - half_height + 3 < y0 and y1 < tile[1] + half_height - 3


def test_every_tokens_shape_is_at_its_squares_centre(printed):
    _paper, _duplex, pages = printed
    front = pages[-2]
    squares = [
        p
        for p in front.paths
        if p.fill is None and p.stroke == BLACK and len(p.points) == 4 and p.group == 0
    ]
    shapes = [p for p in symbols(front, 15.0) if p.group == 0]
    rules = rules_preset()
    assert len(squares) == len(shapes) == 4 * (rules.merchants + 1)
    for shape in shapes:
        assert nearest(shape.centre, [q.centre for q in squares]) <= 0.2


# ------------------------------------------------------------------ duplex


def face(page: Page, origin: tuple[float, float], s: float) -> tuple:
    """What a tile face at ``origin`` shows: its background, its road's colour and whether the
    road bends (or the start disc's colour)."""
    paths = [p for p in page.paths if p.group and math.dist(p.origin, origin) < 0.01]
    background = next(p.fill for p in paths if p.fill is not None)
    road = [p for p in paths if p.stroke is not None and 0.2 * s < p.width < 0.3 * s]
    if road:
        return background, road[0].stroke, len(road[0].points) > 2
    disc = [p for p in paths if p.fill not in (None, WHITE, background) and p.stroke == BLACK]
    return background, disc[0].fill if disc else None, None


def behind(x: float, y: float, page: Page, duplex: str) -> tuple[float, float]:
    if duplex == "long":
        return page.width - x, y
    return x, page.height - y


def expected_back(front: tuple) -> tuple:
    background, colour, curved = front
    if background == rgb("#fbf7ea"):  # a settlement: its brown back
        return rgb("#7b6a4a"), None, None
    if curved is False:  # a road: the same road, bent
        return background, colour, True
    return front  # a start tile: the same on both faces


def wrong_backs(pages: list[Page], duplex: str, s: float = 15.0) -> tuple[int, int]:
    """How many tiles and token blocks of a kit get a back other than their own once the
    sheets are turned over on ``duplex``, and how many there are."""
    wrong = total = 0
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        backs = bleed_hexes(back, s)
        for x, y in cut_hexes(front, s):
            total += 1
            spot = behind(x, y, front, duplex)
            if nearest(spot, backs) > 0.01:
                wrong += 1
                continue
            if face(back, spot, s) != expected_back(face(front, (x, y), s)):
                wrong += 1
        blocks = [
            p
            for p in back.paths + front.paths
            if p.group == 0 and p.stroke is None and len(p.points) == 4 and p.fill != WHITE
        ]
        for block in [p for p in front.paths if p in blocks]:
            total += 1
            bx, by = behind(*block.centre, front, duplex)
            match = [
                p
                for p in back.paths
                if p.group == 0
                and p.stroke is None
                and p.fill == block.fill
                and math.dist(p.centre, (bx, by)) < 0.01
            ]
            wrong += not match
    return wrong, total


def test_every_back_is_behind_its_own_front(printed):
    paper, duplex, pages = printed
    wrong, total = wrong_backs(pages, duplex)
    # 151 tiles and 8 token blocks (four players' merchants and markers).
    assert (wrong, total) == (0, 151 + 8), paper


def test_the_other_flip_would_be_wrong(printed):
    """The check above can fail: the same sheets turned over the other way give most tiles
    another tile's back (the issue counted 131 of 151 for short-edge printers)."""
    _paper, duplex, pages = printed
    wrong, total = wrong_backs(pages, "short" if duplex == "long" else "long")
    assert wrong > total / 2


def test_fronts_carry_cut_lines_and_backs_none(printed):
    _paper, _duplex, pages = printed
    for back in pages[1::2]:
        assert not cut_hexes(back, 15.0)
        assert not [p for p in back.paths if p.stroke == BLACK and p.fill is None]


@pytest.mark.parametrize("offset", [(1.5, -0.5), (-2.0, 1.0)])
def test_back_offset_moves_every_back_and_no_front(offset):
    """``--back-offset X,Y``: the printer's measured shift, corrected on the back pages only."""
    plain = tile_pdf("a4", "short")
    moved = tile_pdf("a4", "short", back_offset=offset)
    for k, (before, after) in enumerate(zip(plain, moved, strict=True)):
        dx, dy = offset if k % 2 else (0.0, 0.0)
        old = sorted(bleed_hexes(before, 15.0))
        new = sorted(bleed_hexes(after, 15.0))
        assert len(old) == len(new) > 0
        for (x0, y0), (x1, y1) in zip(old, new, strict=True):
            assert (x1 - x0, y1 - y0) == (pytest.approx(dx, abs=1e-3), pytest.approx(dy, abs=1e-3))


# ------------------------------------------------------------------ full sheets


@pytest.mark.parametrize(
    ("paper", "per_sheet"),
    [("a4", [54, 54, 43]), ("letter", [48, 48, 48, 7])],
)
def test_tiles_fill_the_sheets(paper, per_sheet):
    """All kinds of tiles one after the other, every sheet full but the last, tokens in the
    room it leaves: 3 duplex sheets on A4 (before: 60, 60 and 4 road tiles, 27 settlement
    and start tiles, a tokens page: 5 sheets)."""
    pages = tile_pdf(paper, "long")
    counts = [len(cut_hexes(page, 15.0)) for page in pages[0::2]]
    assert counts == per_sheet and sum(counts) == 4 * 31 + 19 + 8


@pytest.mark.parametrize(("paper", "size"), [("a4", 12.0), ("a4", 15.0), ("letter", 15.0)])
def test_tokens_fill_the_last_sheet_in_blocks_of_two_rows(paper, size):
    """Each player's merchants in a block of at most two rows, markers beside them: blocks
    (with their bleed) clear of each other and of every tile, on the paper."""
    last = tile_pdf(paper, "long", hex_size=size)[-2]
    colours = {rgb(c) for _n, c, _s in board.PLAYERS}
    blocks = [
        p.bbox
        for p in last.paths
        if p.group == 0 and p.stroke is None and len(p.points) == 4 and p.fill in colours
    ]
    assert len(blocks) == 8
    pawn = tiles.pawn_size(size)
    assert all(y1 - y0 <= 2 * pawn + 2 * tiles.BLEED + 1e-3 for _x0, y0, _x1, y1 in blocks)
    s3 = math.sqrt(3) / 2 * size
    hexes = [(x - size, y - s3, x + size, y + s3) for x, y in cut_hexes(last, size)]

    def apart(a, b) -> bool:
        return (
            a[2] <= b[0] + 1e-3 or b[2] <= a[0] + 1e-3 or a[3] <= b[1] + 1e-3 or b[3] <= a[1] + 1e-3
        )

    for k, a in enumerate(blocks):
        assert a[0] >= 6.5 and a[2] <= last.width - 6.5 and a[3] <= last.height - 13.0
        assert all(apart(a, b) for b in blocks[k + 1 :] + hexes)


# ------------------------------------------------------------------ margins


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_in_the_unprintable_margin(paper):
    m = arrange.arrange(1, kit.largest_hex_size(arrange.arrange(1), paper))
    docs = kit.documents(m, kit.KitOptions(paper=paper, formats=("pdf",)))
    for name in (f"tiles-{paper}", f"pieces-{paper}", f"rules-{paper}"):
        for page in read_pdf(render_pdf(docs[name])):
            for text in page.texts:
                top, bottom = text.y - 0.75 * text.size, text.y + 0.25 * text.size
                margin = PRINTABLE if scale_caption(text.text) else MARGIN
                assert top >= margin and bottom <= page.height - margin, (name, text)
                assert text.x >= margin, (name, text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_footer_and_scale_bar(paper):
    pages = tile_pdf(paper, "long")
    for page in pages[0::2]:
        foot = [t for t in page.texts if t.y > page.height - 15.0]
        notes = [t for t in foot if not scale_caption(t.text)]
        assert len(notes) == 2  # two lines of note beside the scale bar
        assert page.height - max(t.y + 0.25 * t.size for t in notes) >= MARGIN
        assert page.height - max(t.y + 0.25 * t.size for t in foot) >= PRINTABLE
        bars = scale_bars(page)
        assert len(bars) == 1  # the 50 mm scale bar
        (bx, by) = bars[0].points[0]
        # no tile's bleed reaches the scale bar's ticks
        for cx, cy in bleed_hexes(page, 15.0):
            big = math.sqrt(3) / 2 * tiles.grown(15.0, tiles.BLEED)
            assert cy + big < by - 2.2 or cx - tiles.grown(15.0, tiles.BLEED) > bx + 50


# ------------------------------------------------------------------ the travel-day track


def frame_page(rules=None) -> Page:
    m = arrange.arrange(1)
    opts = kit.KitOptions(formats=("pdf",), rules=rules or rules_preset())
    docs = kit.documents(m, opts)
    return read_pdf(render_pdf(docs["pieces-a4"]))[-1]


@pytest.mark.parametrize(("days", "kept"), [(None, None), (7, 11), (4, 4)])
def test_travel_day_track_runs_to_a_turns_most_days(days, kept):
    """0 to max_reserve + days_per_turn (6 + 10 = 16 by the rules: 'il est interdit de
    conserver plus de 10 jours en réserve'), the days past the kept maximum grey and behind a
    heavy bar: numbers from the rules preset."""
    rules = rules_preset()
    if days is not None:
        rules = replace(rules, days_per_turn=days, max_reserve=kept)
    most, reserve = rules.max_days_per_turn, rules.max_reserve
    if days is None:
        assert (most, reserve) == (16, 10)
    page = frame_page(rules)
    box = board.track_box(rules)
    boxes = [
        p
        for p in page.paths
        if len(p.points) == 4
        and abs(p.bbox[2] - p.bbox[0] - box) < 1e-3
        and abs(p.bbox[3] - p.bbox[1] - box) < 1e-3
    ]
    rows: dict[float, list[Painted]] = {}
    for b in boxes:
        rows.setdefault(round(b.bbox[1], 3), []).append(b)
    assert len(rows) == 4 and all(len(r) == most + 1 for r in rows.values())
    for row in rows.values():
        row.sort(key=lambda b: b.bbox[0])
        read = []
        for b in row[1:]:
            x0, y0, x1, y1 = b.bbox
            inside = [t.text for t in page.texts if x0 < t.x < x1 and y0 < t.y < y1]
            read.append(int(inside[0]))
        assert read == list(range(1, most + 1))
        assert [b.fill == WHITE for b in row[1:]] == [d <= reserve for d in range(1, most + 1)]
        assert all(b.fill == rgb(board.SPENT_FILL) for b in row[reserve + 1 :])
    bars = [p for p in page.paths if p.stroke == BLACK and abs(p.width - 1.2) < 1e-6]
    assert len(bars) == 4
    for bar, track in zip(bars, range(4), strict=True):
        first = min(b.bbox[0] for b in boxes if abs(b.bbox[1] - bar.bbox[1]) < 1e-3)
        assert bar.bbox[0] == pytest.approx(first + (reserve + 1) * box, abs=1e-3), track
    caption = [t.text for t in page.texts if t.text.startswith("Travel days")]
    assert (
        caption
        == [
            f"Travel days: at most {reserve} are kept after your turn; {reserve + 1} to {most} "
            "only during it"
        ]
        * 4
    )


def test_board_carries_four_tracks_to_sixteen():
    m = arrange.arrange(1)
    docs = kit.documents(m, kit.KitOptions(formats=("pdf",)))
    poster = read_pdf(render_pdf(docs["board-poster"]))[0]
    numbers = Counter(t.text for t in poster.texts if t.text.isdigit())
    assert all(numbers[str(n)] >= 4 for n in range(1, 17)) and "17" not in numbers


# ------------------------------------------------------------------ hexes too big


def test_largest_hex_size_fits_and_one_more_tenth_does_not():
    for paper, expected in (("a4", 17.8), ("letter", 18.5), ("a3", 27.0)):
        most = kit.largest_hex_size(arrange.arrange(1), paper)
        assert most == expected
        assert kit.fit_error(arrange.arrange(1, most), paper) is None
        assert kit.fit_error(arrange.arrange(1, most + 0.1), paper) is not None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_at_the_largest_hex_size_stay_on_the_paper(paper):
    m = arrange.arrange(1, kit.largest_hex_size(arrange.arrange(1), paper))
    pages = read_pdf(render_pdf(kit.documents(m, kit.KitOptions(paper=paper))[f"pieces-{paper}"]))
    for page in pages:
        assert len(scale_bars(page)) == 1  # every sheet to print at 100 %, the frame's too
    for page in pages[:-1]:
        xs = [x for p in page.paths for x, _y in p.points]
        ys = [y for p in page.paths for _x, y in p.points]
        assert min(xs) >= 7.9 and max(xs) <= page.width - 7.9
        assert min(ys) >= 7.9 and max(ys) <= page.height - 7.9


def test_hexes_too_big_for_the_paper_are_a_clear_error(tmp_path):
    out = tmp_path / "kit"
    done = trackwright("--seed", "1", "--hex-size", "22", "--format", "pdf", "--out", str(out))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--hex-size" in lines[0]
    assert "17.8 mm" in lines[0] and "A4" in lines[0] and "A3" in lines[0]
    assert not out.exists()


def test_a_map_too_big_for_the_paper_names_the_map(tmp_path):
    from trackwright.core import mapfile

    path = tmp_path / "big.json"
    path.write_bytes(mapfile.dumps(arrange.arrange(1, 22.0).to_json()))
    kit_dir = str(tmp_path / "kit")
    done = trackwright("--map", str(path), "--paper", "letter", "--format", "pdf", "--out", kit_dir)
    assert done.returncode == 2 and "--map" in done.stderr and "18.5 mm" in done.stderr
    assert not (tmp_path / "kit").exists()


def test_tiles_sheet_sizes_are_the_paper():
    for paper in ("a4", "letter"):
        pw, ph = paper_size(paper)
        for page in tile_pdf(paper, "short"):
            assert (page.width, page.height) == (pytest.approx(pw, abs=1e-3), pytest.approx(ph))


def test_tile_kit_is_reproducible():
    one = kit.documents(arrange.arrange(3), kit.KitOptions(duplex="short"))
    two = kit.documents(arrange.arrange(3), kit.KitOptions(duplex="short"))
    assert render_pdf(one["tiles-a4"]) == render_pdf(two["tiles-a4"])
