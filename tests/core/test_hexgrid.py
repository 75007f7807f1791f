"""Axial hex geometry: neighbours, distances, canonical sides and corners."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackwright.core import hexgrid

coords = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@given(coords)
def test_six_neighbours_at_distance_one(h):
    ns = hexgrid.neighbours(h)
    assert len(set(ns)) == 6 and all(hexgrid.distance(h, n) == 1 for n in ns)


@given(coords, coords)
def test_side_is_canonical(a, b):
    assert hexgrid.side(a, b) == hexgrid.side(b, a)


@given(st.integers(0, 40), st.integers(0, 40))
def test_offset_round_trip(col, row):
    assert hexgrid.axial_to_offset(hexgrid.offset_to_axial(col, row)) == (col, row)


def test_rectangle_rows_are_straight():
    hexes = hexgrid.rectangle(4, 3)
    ys = {hexgrid.centre(h, 1.0)[1] for h in hexes[:4]}
    assert len(hexes) == 12 and len(ys) == 1
    xs = [hexgrid.centre(h, 1.0)[0] for h in hexes[4:8]]  # an odd row, shifted half a hex
    assert xs[0] == pytest.approx(hexgrid.SQRT3 / 2)


@given(coords)
def test_corners_and_their_neighbours(h):
    corners = hexgrid.corners_of(h)
    assert len(set(corners)) == 6
    for corner in corners:
        hexes = sorted(corner)
        assert all(hexgrid.distance(a, b) == 1 for a in hexes for b in hexes if a != b)
        steps = hexgrid.corner_neighbours(corner)
        assert len({c for c, _ in steps}) == 3
        for other, s in steps:
            assert set(s) <= corner and set(s) <= other  # the side walked joins both corners


def test_side_points_are_shared_corners():
    a, b = hexgrid.side_points(((0, 0), (1, 0)), 10.0)
    assert a[0] == pytest.approx(b[0]) == pytest.approx(10 * hexgrid.SQRT3 / 2)
    assert abs(a[1] - b[1]) == pytest.approx(10.0)


# ------------------------------------------------------------------ layouts: pointy and flat

sizes = st.sampled_from([1.0, 2.6, 7.5, 10.0, 12.5, 31.0])
origins = st.tuples(st.floats(-500, 500), st.floats(-500, 500))
layouts = st.builds(hexgrid.Layout, st.sampled_from([hexgrid.POINTY, hexgrid.FLAT]), sizes, origins)


@given(layouts, coords)
def test_pixel_to_hex_inverts_hex_to_pixel(layout, h):
    assert layout.hex_at(*layout.centre(h)) == h


@given(layouts, coords, st.floats(0, 0.98), st.integers(0, 5), st.floats(0, 1))
def test_points_inside_a_hex_map_back_to_it(layout, h, reach, k, along):
    """Any point of the hex's polygon (short of its border) is in that hex."""
    cx, cy = layout.centre(h)
    corners = layout.corners(h)
    (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 6]
    ex, ey = ax + (bx - ax) * along, ay + (by - ay) * along  # a point on the border
    assert layout.hex_at(cx + (ex - cx) * reach, cy + (ey - cy) * reach) == h


@given(layouts, coords)
def test_neighbours_are_one_hex_apart(layout, h):
    x, y = layout.centre(h)
    for n in hexgrid.neighbours(h):
        nx, ny = layout.centre(n)
        assert hexgrid.distance(h, n) == 1
        assert ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 == pytest.approx(hexgrid.SQRT3 * layout.size)


@given(layouts, coords)
def test_corners_shared_by_three_hexes_coincide(layout, h):
    for corner in hexgrid.corners_of(h):
        point = layout.corner_point(corner)
        for other in corner:
            nearest = min(
                layout.corners(other), key=lambda p: (p[0] - point[0]) ** 2 + (p[1] - point[1]) ** 2
            )
            assert nearest == pytest.approx(point, abs=1e-6)


@given(layouts, coords, st.integers(0, 5))
def test_side_points_are_the_corners_both_hexes_share(layout, h, k):
    n = hexgrid.neighbours(h)[k]
    for p in layout.side_points(hexgrid.side(h, n)):
        for hx in (h, n):
            assert min(abs(p[0] - c[0]) + abs(p[1] - c[1]) for c in layout.corners(hx)) < 1e-6


@given(layouts, st.lists(coords, min_size=1, max_size=8))
def test_bounds_are_the_extremes_of_the_corners(layout, hexes):
    pts = [p for h in hexes for p in layout.corners(h)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    expected = (min(xs), min(ys), max(xs), max(ys))
    assert layout.bounds(hexes) == pytest.approx(expected, abs=1e-9)


@given(coords, sizes)
def test_pointy_layout_at_the_origin_is_the_module_functions(h, size):
    """Byte for byte: the kits' drawings did not change when they moved to Layout."""
    layout = hexgrid.Layout(size=size)
    assert layout.centre(h) == hexgrid.centre(h, size)
    assert layout.corners(h) == hexgrid.corner_points(h, size)
    n = hexgrid.neighbours(h)[0]
    assert layout.side_points(hexgrid.side(h, n)) == hexgrid.side_points(hexgrid.side(h, n), size)
    pts = [p for hx in (h, n) for p in hexgrid.corner_points(hx, size)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert layout.bounds([h, n]) == (min(xs), min(ys), max(xs), max(ys))


@given(st.integers(-40, 40), st.integers(-40, 40), st.sampled_from([hexgrid.POINTY, hexgrid.FLAT]))
def test_offset_round_trip_both_orientations(col, row, orientation):
    layout = hexgrid.Layout(orientation)
    assert layout.to_offset(layout.from_offset(col, row)) == (col, row)


def test_flat_offset_columns_are_straight():
    layout = hexgrid.Layout(hexgrid.FLAT, 1.0)
    column = [layout.centre(layout.from_offset(0, r)) for r in range(4)]
    assert len({x for x, _y in column}) == 1
    shifted = layout.centre(layout.from_offset(1, 0))  # an odd column, half a hex down
    assert shifted[1] == pytest.approx(hexgrid.SQRT3 / 2)


def test_flat_corners_start_east_and_turn_clockwise():
    layout = hexgrid.Layout(hexgrid.FLAT, 2.0, (10.0, 20.0))
    corners = layout.corners((0, 0))
    assert corners[0] == (12.0, 20.0) and corners[3] == (8.0, 20.0)
    assert corners[1][1] > 20.0  # y points down: clockwise from the east goes down first
    assert layout.width == 4.0 and layout.height == pytest.approx(2 * hexgrid.SQRT3)


def test_hex_round_keeps_the_cube_constraint():
    assert hexgrid.hex_round(0.4, 0.4) == (0, 1)  # s = -0.8 rounds closest: r gives way
    assert hexgrid.hex_round(0.1, -0.1) == (0, 0)
    assert hexgrid.hex_round(2.9, -1.1) == (3, -1)


def test_unknown_orientation_is_refused():
    with pytest.raises(ValueError, match="pointy or flat"):
        hexgrid.Layout("sideways")


# ------------------------------------------------------------------ printed labels


def test_column_letters_count_as_spreadsheets_do():
    assert [hexgrid.column_letters(c) for c in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip
    assert all(hexgrid.column_number(hexgrid.column_letters(c)) == c for c in range(800))


def test_labels_name_offset_columns_and_rows_from_a1():
    assert hexgrid.hex_label((0, 0)) == "A1"
    assert hexgrid.hex_label(hexgrid.offset_to_axial(5, 6)) == "F7"
    assert hexgrid.hex_label(hexgrid.offset_to_axial(27, 29)) == "AB30"
    assert hexgrid.parse_label("F7") == hexgrid.offset_to_axial(5, 6)
    assert hexgrid.parse_label(" f 7 ") == hexgrid.offset_to_axial(5, 6)
    assert hexgrid.parse_label("F-7") == hexgrid.offset_to_axial(5, 6)


def test_every_hex_of_a_map_has_one_label_and_back():
    """The pair is one function and its inverse over a whole map, negative offsets included
    (a map's labels count from its top-left hex)."""
    hexes = [hexgrid.offset_to_axial(c, r) for r in range(-3, 31) for c in range(-2, 40)]
    origin = hexgrid.label_origin(hexes)
    assert origin == (-2, -3)
    labels = [hexgrid.hex_label(h, origin) for h in hexes]
    assert len(set(labels)) == len(hexes)
    assert labels[0] == "A1"
    assert [hexgrid.parse_label(x, origin) for x in labels] == hexes


@pytest.mark.parametrize("text", ["", "7", "F", "F0", "Bordeaux", "F7x", "ABCD1", "[3, 4]"])
def test_text_that_is_no_label_names_no_hex(text):
    assert hexgrid.parse_label(text) is None
