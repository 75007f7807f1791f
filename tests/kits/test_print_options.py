"""The print options every kit shares, as users meet them: ``--back-offset``, ``--ink-saver`` and
``--poster-size`` on the command line (one-line errors, exit code 2, nothing written); the ink
saver's toner measured on the rendered pages; and a tiled board's sheets that hold only their
windows, so a kit's cost grows with its map and no faster."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.support import cli
from trackwright import games
from trackwright.core import transamerica as ta_model
from trackwright.kits.dampfross import board as df_board
from trackwright.kits.dampfross import kit as df_kit
from trackwright.kits.dampfross import random_map
from trackwright.kits.draw.ink import ink_saver
from trackwright.kits.draw.ops import (
    Circle,
    Group,
    Place,
    Text,
    WindowIndex,
    within,
)
from trackwright.kits.draw.ops import (
    Path as PathOp,
)
from trackwright.kits.lastrada import arrange
from trackwright.kits.lastrada import kit as ls_kit
from trackwright.kits.transamerica import board as ta_board
from trackwright.kits.transamerica import kit as ta_kit

PT = 72 / 25.4
GAMES = tuple(games.names())  # every game the registry holds


def trackwright(*args: str) -> cli.Done:
    return cli.trackwright(*args, env={"COLUMNS": "250"})  # help on one line per option


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize(
    ("game", "args", "expected"),
    [
        ("transamerica", ["--back-offset", "1"], "give it as X,Y in millimetres"),
        ("transamerica", ["--back-offset", "x,2"], "give it as X,Y in millimetres"),
        ("transamerica", ["--back-offset", "1,2,3"], "give it as X,Y in millimetres"),
        ("transamerica", ["--back-offset", "nan,0"], "at most 10 mm"),
        ("lastrada", ["--back-offset", "11,0"], "at most 10 mm"),
        ("lastrada", ["--back-offset", ""], "give it as X,Y in millimetres"),
        ("transamerica", ["--poster-size", "b5"], "'b5' is not one of"),
        ("dampfross", ["--poster-size", "a4"], "'a4' is not one of"),
        # The board does not fit the named sheet: which size it needs is said.
        ("dampfross", ["--seed", "1", "--poster-size", "a3"], "it fits A2, or use fit"),
        ("lastrada", ["--poster-size", "a3"], "more than A3 (420 x 297 mm)"),
    ],
)
def test_bad_print_options_are_one_line_and_exit_2(tmp_path, game, args, expected):
    out = tmp_path / "kit"
    done = trackwright("generate", game, "--format", "pdf", "--out", str(out), *args)
    assert done.returncode == 2, done.stderr
    assert expected in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "--back-offset" in done.stderr or "--poster-size" in done.stderr
    assert not out.exists() and "wrote" not in done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_every_kit_offers_the_print_options(game):
    done = trackwright("generate", game, "--help")
    assert done.returncode == 0
    for option in ("--ink-saver", "--poster-size", "a1", "24x36in"):
        assert option in done.stdout, option
    assert ("--back-offset" in done.stdout) == (game != "dampfross")  # no backs to place


def test_poster_on_a_named_sheet_is_that_sheet_with_the_board_at_true_size(tmp_path):
    done = trackwright(
        "generate", "transamerica", "--format", "pdf", "--poster-size", "a1", "--out", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    assert "board-poster.pdf: 690 x 398 mm at true size" in done.stdout
    page = PdfReader(tmp_path / "board-poster.pdf").pages[0]
    size = sorted((float(page.mediabox.width) / PT, float(page.mediabox.height) / PT))
    assert size == pytest.approx([594, 841], abs=0.05)  # A1, either way round
    trim, bleed = page.trimbox, page.bleedbox
    assert float(trim.width) / PT == pytest.approx(690.0, abs=0.01)
    assert float(trim.height) / PT == pytest.approx(398.0, abs=0.01)
    assert float(bleed.width - trim.width) / PT == pytest.approx(6.0, abs=0.01)  # 3 mm a side
    # Centred on the sheet.
    left = float(trim.left) / PT
    assert left == pytest.approx((size[1] - 690.0) / 2, abs=0.05) or left == pytest.approx(
        (size[0] - 690.0) / 2, abs=0.05
    )


def test_back_offset_moves_the_backs_and_nothing_else():
    usa = ta_model.load("usa")
    plain = ta_kit.documents(usa, ta_kit.KitOptions())
    moved = ta_kit.documents(usa, ta_kit.KitOptions(back_offset=(1.5, -0.5)))
    for stem in ("cards-a4", "duplex-test-a4"):
        for a, b in zip(plain[stem].pages, moved[stem].pages, strict=True):
            if a.name.endswith("_back"):
                # The whole back page's art, moved as one by the measured offset.
                (body,) = b.ops
                assert isinstance(body, Group) and (body.dx, body.dy) == (1.5, -0.5)
                # (the duplex test's back says which offset it was made with)
                assert body.ops == a.ops or stem.startswith("duplex-test")
            else:
                assert a.ops == b.ops or stem.startswith("duplex-test")  # its text says the offset
    done = trackwright("generate", "lastrada", "--help")
    assert "--back-offset" in done.stdout


# ------------------------------------------------------------------ the ink saver


def colourless(op):
    """An operation with its colours left out: what the ink saver must keep."""
    if isinstance(op, PathOp | Circle):
        style = dataclasses.replace(
            op.style, stroke=bool(op.style.stroke), fill=bool(op.style.fill)
        )
        return dataclasses.replace(op, style=style)
    if isinstance(op, Text):
        return dataclasses.replace(op, fill="")
    if isinstance(op, Group):
        return dataclasses.replace(op, ops=tuple(colourless(o) for o in op.ops))
    if isinstance(op, Place):
        return (colourless_drawing(op.drawing), op.x, op.y, op.window)
    raise TypeError(op)


def colourless_drawing(drawing):
    return (drawing.name, drawing.width, drawing.height, tuple(colourless(o) for o in drawing.ops))


@pytest.mark.parametrize("game", GAMES)
def test_ink_saver_keeps_every_shape_line_and_word(game):
    """The ink saver changes colours only: every shape, line width, dash, pattern and word of
    every page is kept, so nothing is lost in black and white."""
    docs = documents(game)
    for stem, document in docs.items():
        pale = ink_saver(document)
        assert [colourless_drawing(p) for p in pale.pages] == [
            colourless_drawing(p) for p in document.pages
        ], stem


def documents(game: str):
    if game == "transamerica":
        return ta_kit.documents(ta_model.load("usa"), ta_kit.KitOptions())
    if game == "dampfross":
        m = random_map.generate(1, random_map.RandomParams())
        return df_kit.documents(m, df_kit.KitOptions())
    return ls_kit.documents(arrange.arrange(1), ls_kit.KitOptions())


def kit_pdfs(game: str, ink: bool) -> dict[str, bytes]:
    out = Path("out")
    if game == "transamerica":
        files = ta_kit.kit_files(
            ta_model.load("usa"), ta_kit.KitOptions(formats=("pdf",), ink_saver=ink), out
        )
    elif game == "dampfross":
        m = random_map.generate(1, random_map.RandomParams())
        files = df_kit.kit_files(m, df_kit.KitOptions(formats=("pdf",), ink_saver=ink), out)
    else:
        files = ls_kit.kit_files(
            arrange.arrange(1), ls_kit.KitOptions(formats=("pdf",), ink_saver=ink), out
        )
    return {p.stem: data for p, data in files.items() if p.suffix == ".pdf"}


def toner(pdf: bytes, dpi: float = 30) -> float:
    """The toner a PDF takes, in A4 pages of solid black: each page rendered in grey, its mean
    darkness (0 white to 1 black) times its area in A4 pages."""
    import pypdfium2

    total = 0.0
    for page in pypdfium2.PdfDocument(pdf):
        w, h = page.get_size()
        image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
        image = image if image.ndim == 2 else image[..., 0]
        total += (1 - image.mean() / 255) * (w * h) / (595.276 * 841.89)
    return total


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_ink_saver_takes_at_most_half_the_toner(game):
    normal = {stem: toner(data) for stem, data in kit_pdfs(game, False).items()}
    saver = {stem: toner(data) for stem, data in kit_pdfs(game, True).items()}
    assert saver.keys() == normal.keys()
    for stem in normal:  # no document takes more than it did
        assert saver[stem] <= normal[stem] + 1e-3, stem
    assert sum(saver.values()) <= 0.5 * sum(normal.values()), (normal, saver)


# ------------------------------------------------------------------ sheets hold their windows


def test_window_index_answers_as_within():
    """The binned index a sheet's SVG is cut with gives exactly what ``within`` gives, for
    boards of both kinds and windows anywhere (inside, across an edge, outside)."""
    boards = [
        df_board.map_drawing(random_map.generate(2, random_map.RandomParams(40, 30)), "en"),
        ta_board.board_drawing(ta_model.load("usa"), "en"),
    ]
    rng = random.Random(15)
    for drawing in boards:
        index = WindowIndex(drawing.ops)
        for _ in range(60):
            x, y = rng.uniform(-60, drawing.width), rng.uniform(-60, drawing.height)
            window = (x, y, x + rng.uniform(0.5, 300), y + rng.uniform(0.5, 300))
            assert index.within(window) == within(drawing.ops, window)


def test_long_lines_keep_only_the_runs_in_the_window():
    from trackwright.kits.draw.ops import Style

    zigzag = tuple((10.0 * k, 5.0 * (k % 2)) for k in range(30))
    solid = PathOp((zigzag,), Style(width=0.5))
    dashed = PathOp((zigzag,), Style(width=0.5, dash=(1.0, 1.0)))
    (kept,) = within([solid], (95.0, -1.0, 125.0, 6.0))
    assert kept.subpaths == (zigzag[9:14],)  # from the point before the window to the one after
    assert within([dashed], (95.0, -1.0, 125.0, 6.0)) == [dashed]  # dashes would move


def test_dampfross_sheets_weigh_at_most_twice_the_poster(tmp_path):
    m = random_map.generate(1, random_map.RandomParams(60, 50))
    files = df_kit.kit_files(m, df_kit.KitOptions(formats=("svg",)), tmp_path)
    poster = sum(len(d) for p, d in files.items() if p.name == "map-poster.svg")
    sheets = [len(d) for p, d in files.items() if p.name.startswith("map-a4-")]
    assert len(sheets) >= 12
    assert sum(sheets) <= 2 * poster, (sum(sheets), poster)
