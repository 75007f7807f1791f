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
