"""The triangular lattice's geometry (core/lattice.py): ids, positions, neighbours, nearest."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackwright.core import lattice

cells = st.tuples(st.integers(0, 40), st.integers(0, 25))
edges = st.sampled_from([1.0, 30.0, 34.0, 36.0])
origins = st.tuples(st.floats(-100, 100), st.floats(-100, 100))
shifts = st.one_of(
    st.none(), st.tuples(st.sampled_from([0.0, 0.25, 0.5, 0.75]), st.sampled_from([0.0, 0.5]))
)


@given(cells)
def test_node_id_round_trip(cell):
    assert lattice.cell_of(lattice.node_id(*cell)) == cell


def test_node_ids_are_row_letter_and_column():
    assert lattice.node_id(0, 0) == "A1" and lattice.node_id(11, 3) == "D12"


@given(cells, edges, origins, shifts)
def test_position_round_trips_through_nearest(cell, edge, origin, shift):
    x, y = lattice.position(*cell, edge, origin, shift)
    assert lattice.nearest(x, y, edge, origin, shift) == cell


@given(cells, edges, origins, shifts, st.floats(0, 0.49 * 2 * math.pi), st.floats(0, 0.49))
def test_points_near_an_intersection_snap_to_it(cell, edge, origin, shift, angle, reach):
    """Within half an edge of an intersection, no other is nearer."""
    x, y = lattice.position(*cell, edge, origin, shift)
    r = reach * edge
    assert lattice.nearest(
        x + r * math.cos(angle), y + r * math.sin(angle), edge, origin, shift
    ) == (cell)


@given(cells)
def test_six_neighbours_one_edge_away_and_symmetric(cell):
    ns = lattice.neighbours(*cell)
    assert len(set(ns)) == 6
    x, y = lattice.position(*cell, 30.0)
    for n in ns:
        assert cell in lattice.neighbours(*n)
        assert lattice.are_neighbours(cell, n) and lattice.are_neighbours(n, cell)
        assert math.dist((x, y), lattice.position(*n, 30.0)) == pytest.approx(30.0)
        assert lattice.edge_key(cell, n) == lattice.edge_key(n, cell)


@given(cells)
def test_forward_neighbours_give_each_edge_once(cell):
    forward = lattice.forward_neighbours(*cell)
    assert set(forward) <= set(lattice.neighbours(*cell))
    for n in lattice.neighbours(*cell):  # an edge is forward from exactly one of its ends
        assert (n in forward) != (cell in lattice.forward_neighbours(*n))


def test_triangles_of_a_block():
    block = [(c, r) for r in range(3) for c in range(4)]
    tris = lattice.triangles(block)
    assert len(tris) == len(set(tris)) == 2 * 2 * 3  # 2 row gaps x (2 x 3 columns) triangles
    for tri in tris:
        assert all(lattice.are_neighbours(a, b) for a in tri for b in tri if a != b)


def test_unshifted_and_shifted_rows_keep_their_rounding():
    """The two forms of a row's height stay distinct: the maps built with each are stored."""
    plain = lattice.position(0, 3, 30.0)[1]
    shifted = lattice.position(0, 3, 30.0, shift=(0.0, 0.0))[1]
    assert plain == 3 * 30.0 * lattice.SQRT3_2 and shifted == 3 * (30.0 * lattice.SQRT3_2)
    assert plain == pytest.approx(shifted) and plain != shifted  # the last bit
