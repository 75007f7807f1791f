"""How many sheets a tiled board takes, before and after: every built-in board of the three games
and three random ones of each, on A4 and Letter, tiled by an earlier version's
``trackwright.core.tiling`` (``--before``, a git revision: by default the one before the sheets
were laid as bricks) and by this one, both with the board's words and cities kept clear of the
seams.

    python benchmarks/sheets.py [--before 416b280] [--papers a4,letter] [--quick]

Prints one row per board and paper: the board's size, the sheets before and after (how they
lie: rows x columns of a grid, or rows / columns of bricks; L landscape, P portrait), the
fewest a board with no word to keep clear would take (the floor no way of cutting beats), the share
of the paper printed on (the sheets' windows over the sheets' area) before and after, and the
CPU time this version took to choose. ``--quick`` leaves out the random TransAmerica boards (each
takes seconds to build). Not a test: the counts are pinned by ``tests/kits/test_sheet_count.py``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from trackwright.core import dampfross as df_model
from trackwright.core import transamerica as ta_model
from trackwright.core.tiling import TILE_MARGINS, TILE_OVERLAP, Tiling, choose_tiling
from trackwright.kits.dampfross import board as df_board
from trackwright.kits.dampfross import random_map
from trackwright.kits.draw.ops import Drawing
from trackwright.kits.lastrada import arrange
from trackwright.kits.lastrada import board as ls_board
from trackwright.kits.sheets import seam_keepouts
from trackwright.kits.transamerica import board as ta_board
from trackwright.kits.transamerica import continent

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "416b280"  # main before the sheets were laid as bricks
SEEDS = (1, 2, 3)
LASTRADA_SEEDS = (2, 3, 97764)  # 97764: the board whose seams took 9 sheets


def boards(quick: bool) -> Iterator[tuple[str, Callable[[], Drawing]]]:
    """(game: board, its English drawing) for every board measured."""
    for name in ("usa", "usa-classic", "europe", "japan"):
        yield f"transamerica: {name}", lambda n=name: ta_board.board_drawing(ta_model.load(n), "en")
    if not quick:
        for seed in SEEDS:
            yield (
                f"transamerica: seed {seed}",
                lambda s=seed: ta_board.board_drawing(continent.generate(s, "en")[0], "en"),
            )
    for name in ("england", "france", "usa-east"):
        yield f"dampfross: {name}", lambda n=name: df_board.map_drawing(df_model.load(n), "en")
    for seed in SEEDS:
        params = random_map.RandomParams(lang="en")
        yield (
            f"dampfross: seed {seed}",
            lambda s=seed, p=params: df_board.map_drawing(random_map.generate(s, p), "en"),
        )
    yield "lastrada: standard", lambda: ls_board.board_drawing(arrange.arrange(1), "en")
    for seed in LASTRADA_SEEDS:
        yield (
            f"lastrada: seed {seed}",
            lambda s=seed: ls_board.board_drawing(arrange.arrange(s), "en"),
        )


def earlier(revision: str) -> ModuleType:
    """``trackwright.core.tiling`` as it was at ``revision`` (pure arithmetic, stdlib only)."""
    path = "scorer/trackwright/core/tiling.py"
    source = subprocess.run(
        ["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    folder = Path(tempfile.mkdtemp())
    (folder / "tiling_before.py").write_bytes(source)
    spec = importlib.util.spec_from_file_location("tiling_before", folder / "tiling_before.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tiling_before"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def shape(tiling: Tiling) -> str:
    """How the sheets lie: rows x columns of a grid, or so many rows (columns) of bricks."""
    turn = "L" if tiling.paper_w > tiling.paper_h else "P"
    across = getattr(tiling, "across", "rows")
    cuts = {(t.x if across == "rows" else t.y) for t in tiling.tiles}
    grid = len(cuts) == (tiling.cols if across == "rows" else tiling.rows)
    if grid:
        return f"{tiling.rows}x{tiling.cols} {turn}"
    return f"{tiling.rows if across == 'rows' else tiling.cols} {across} {turn}"


def printed_share(tiling: Tiling) -> float:
    """The sheets' windows over the paper they take."""
    windows = sum(t.w * t.h for t in tiling.tiles)
    return windows / (len(tiling.tiles) * tiling.paper_w * tiling.paper_h)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--papers", default="a4,letter")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    old = earlier(args.before)
    print(f"Sheets of a tiled board, before ({args.before}) and now; words kept off the seams.\n")
    print(
        "| board | paper | size (mm) | sheets before | laid before | sheets now | laid now "
        "| floor | paper printed before | paper printed now | ms |"
    )
    print("| --- | --- | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: |")
    total = [0, 0, 0]
    for name, make in boards(args.quick):
        drawing = make()
        keep = seam_keepouts(drawing.ops)
        size = f"{drawing.width:.0f} x {drawing.height:.0f}"
        for paper in args.papers.split(","):
            w, h = drawing.width, drawing.height
            before = old.choose_tiling(w, h, paper, TILE_MARGINS, TILE_OVERLAP, keep)
            started = time.process_time()
            after = choose_tiling(w, h, paper, TILE_MARGINS, TILE_OVERLAP, keep)
            ms = (time.process_time() - started) * 1000
            floor = len(choose_tiling(w, h, paper, TILE_MARGINS, TILE_OVERLAP).tiles)
            total[0] += len(before.tiles)
            total[1] += len(after.tiles)
            total[2] += floor
            print(
                f"| {name} | {paper} | {size} | {len(before.tiles)} | {shape(before)} "
                f"| {len(after.tiles)} | {shape(after)} | {floor} | {printed_share(before):.0%} "
                f"| {printed_share(after):.0%} | {ms:.0f} |",
                flush=True,
            )
    print(f"| all | | | {total[0]} | | {total[1]} | | {total[2]} | | | |")


if __name__ == "__main__":
    main()
