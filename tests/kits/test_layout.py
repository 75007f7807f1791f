"""Page layout is pure arithmetic: tiling, card imposition and duplex mirroring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackwright.core.tiling import PAPERS, choose_tiling, cuts, paper_size, tile_board
from trackwright.kits.layout import card_grid, duplex_backs, impose


def test_paper_sizes_are_exact():
    assert paper_size("a4") == (210.0, 297.0)
    assert paper_size("a4", landscape=True) == (297.0, 210.0)
    assert paper_size("letter") == pytest.approx((8.5 * 25.4, 11 * 25.4))
    assert paper_size("a3") == (297.0, 420.0)


def test_small_board_is_one_tile():
    rows, cols, tiles = tile_board(100, 80, 190, 270, 10)
    assert (rows, cols) == (1, 1)
    assert (tiles[0].x, tiles[0].y, tiles[0].w, tiles[0].h) == (0, 0, 100, 80)


def test_tiles_are_equal_and_overlap_exactly():
    rows, cols, tiles = tile_board(690, 398, 190, 263, 14)
    assert (rows, cols) == (2, 4)
    assert all(t.w == pytest.approx(183.0) and t.h == pytest.approx(206.0) for t in tiles)
    a1, a2 = tiles[0], tiles[1]
    assert a1.x + a1.w - a2.x == pytest.approx(14)
    assert [t.label for t in tiles] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


@given(
    board_w=st.floats(50, 2000),
    board_h=st.floats(50, 2000),
    usable_w=st.floats(60, 400),
    usable_h=st.floats(60, 400),
    overlap=st.floats(0, 30),
)
def test_tiling_covers_the_board(board_w, board_h, usable_w, usable_h, overlap):
    rows, cols, tiles = tile_board(board_w, board_h, usable_w, usable_h, overlap)
    assert len(tiles) == rows * cols
    for tile in tiles:
        assert tile.w <= usable_w + 1e-6 and tile.h <= usable_h + 1e-6
    # The last column and row end exactly at the board's edges.
    last = tiles[-1]
    assert last.x + last.w == pytest.approx(board_w, abs=1e-4)
    assert last.y + last.h == pytest.approx(board_h, abs=1e-4)
    # Neighbours overlap by exactly `overlap` (no gaps, no slivers).
    for tile in tiles:
        if tile.col + 1 < cols:
            right = tiles[tile.row * cols + tile.col + 1]
            assert tile.x + tile.w - right.x == pytest.approx(overlap, abs=1e-4)
        if tile.row + 1 < rows:
            below = tiles[(tile.row + 1) * cols + tile.col]
            assert tile.y + tile.h - below.y == pytest.approx(overlap, abs=1e-4)


def test_orientation_with_fewer_sheets_wins():
    tiling = choose_tiling(690, 398, "a4", (10, 10, 24, 10), 14)
    assert not tiling.landscape and len(tiling.tiles) == 8
    wide = choose_tiling(560, 150, "a4", (10, 10, 24, 10), 14)
    assert wide.landscape and len(wide.tiles) == 3


def test_sheets_are_cut_through_the_middle_of_each_overlap():
    tiling = choose_tiling(690, 398, "a4", (10, 10, 24, 10), 14)
    xs, ys = cuts(tiling)
    assert len(xs) == tiling.cols - 1 and len(ys) == tiling.rows - 1
    for x, right in zip(xs, [t for t in tiling.tiles if t.row == 0][1:], strict=True):
        assert x == pytest.approx(right.x + 7)
    assert cuts(choose_tiling(100, 80, "a4", (10, 10, 24, 10), 14)) == ([], [])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_poker_cards_fit_with_margins(paper):
    w, h = paper_size(paper)
    grid = card_grid(w, h, 63, 88)
    assert (grid.cols, grid.rows) == ((4, 4) if paper == "a3" else (3, 3))
    assert grid.x0 >= 5 and grid.y0 >= 5
    assert grid.x0 + grid.cols * 63 + grid.x0 == pytest.approx(w)
    assert grid.slot_origin(grid.cols + 1) == pytest.approx((grid.x0 + 63, grid.y0 + 88))


def test_impose_pads_the_last_sheet():
    assert impose(11, 9) == [list(range(9)), [9, 10] + [None] * 7]


def test_long_edge_duplex_reverses_rows():
    front = list(range(9))
    assert duplex_backs(front, 3, 3, "long") == [2, 1, 0, 5, 4, 3, 8, 7, 6]
    assert duplex_backs(front, 3, 3, "short") == [6, 7, 8, 3, 4, 5, 0, 1, 2]
    assert duplex_backs([0, 1, None, None], 2, 2) == [1, 0, None, None]


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(["long", "short"]))
def test_duplex_twice_is_identity(cols, rows, edge):
    front = list(range(cols * rows))
    back = duplex_backs(front, cols, rows, edge)
    assert sorted(back) == front
    assert duplex_backs(back, cols, rows, edge) == front
