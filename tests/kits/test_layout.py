"""Page layout is pure arithmetic: tiling, card imposition and duplex mirroring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackwright.core.tiling import (
    PAPERS,
    SEAM_CLEAR,
    blocked,
    choose_tiling,
    cuts,
    free_points,
    paper_size,
    place_cuts,
    tile_board,
)
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
    assert [t.label for t in tiles] == [str(n) for n in range(1, 9)]  # its page in the file


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


def test_blocked_spans_are_the_boxes_grown_and_merged():
    boxes = [(10, 0, 20, 5), (18, 50, 30, 60), (40, 0, 41, 1)]
    assert blocked(boxes, 0, clear=1) == [(9, 31), (39, 42)]
    assert blocked(boxes, 1, clear=0) == [(0, 5), (50, 60)]
    assert free_points(8, 12, [(9, 11)]) == [8.0, 8.5, 11.5, 12.0]
    # A gap narrower than the step between two words still offers its middle.
    assert free_points(0, 10, [(0, 4.1), (4.3, 10)]) == [pytest.approx(4.2)]


def test_without_keepouts_the_cuts_are_the_equal_split():
    assert place_cuts(690, 190, 14, []) == pytest.approx([176, 345, 514])
    assert place_cuts(100, 190, 14, []) == []


def test_a_cut_moves_off_a_word_to_the_nearest_free_place():
    # One cut (two windows of at most 190 mm over 300 mm: it must lie from 117 to 183); a word
    # from 145 to 160 sits where the equal split (150) would cut: the cut goes just past its
    # nearer end (on the half-mm grid).
    got = place_cuts(300, 190, 14, blocked([(145, 0, 160, 5)], 0))
    assert got == [144.0]
    assert got[0] < 145 - SEAM_CLEAR


def test_when_the_fewest_windows_leave_no_free_place_one_more_does():
    # Words from 110 to 190 block every place one cut could take (117..183): three windows.
    got = place_cuts(300, 190, 14, blocked([(110, 0, 190, 5)], 0))
    assert got is not None and len(got) == 2
    assert all(not 110 - SEAM_CLEAR < c < 190 + SEAM_CLEAR for c in got)
    # Each window still fits: from the edge (or the previous cut less half the overlap) to the
    # next cut plus half of it, at most 190 mm.
    starts = [0.0] + [c - 7 for c in got]
    ends = [c + 7 for c in got] + [300.0]
    spans = [b - a for a, b in zip(starts, ends, strict=True)]
    assert max(spans) <= 190 + 1e-6


def test_no_cut_at_all_when_every_place_is_blocked():
    assert place_cuts(300, 190, 14, [(0, 300)]) is None


def test_tiles_follow_the_cuts_and_still_cover_the_board():
    keep = [(140, 0, 160, 5), (0, 95, 5, 105)]
    rows, cols, tiles = tile_board(300, 200, 190, 190, 14, keep)
    assert (rows, cols) == (2, 2)
    xs, ys = cuts(choose_tiling(300, 200, "a4", (5, 5, 5, 5), 14, keep))
    for x in xs:
        assert not 140 - SEAM_CLEAR < x < 160 + SEAM_CLEAR
    for y in ys:
        assert not 95 - SEAM_CLEAR < y < 105 + SEAM_CLEAR
    a1, a2, b1 = tiles[0], tiles[1], tiles[2]
    assert a1.x + a1.w - a2.x == pytest.approx(14) and a1.y + a1.h - b1.y == pytest.approx(14)
    assert tiles[-1].x + tiles[-1].w == pytest.approx(300)
    assert tiles[-1].y + tiles[-1].h == pytest.approx(200)


def test_a_clear_tiling_beats_one_with_fewer_sheets_through_a_word():
    # On A4 with 10 mm margins: portrait (190 wide) needs a cut from 109 to 176 on a 300 mm
    # board, which the word blocks; landscape (277 wide) cuts anywhere from 30 to 263.
    keep = [(100, 0, 180, 5)]
    tiling = choose_tiling(300, 150, "a4", (10, 10, 10, 10), 14, keep)
    xs, _ys = cuts(tiling)
    assert all(not 100 - SEAM_CLEAR < x < 180 + SEAM_CLEAR for x in xs)


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
