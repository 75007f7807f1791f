"""TransAmerica's whole lattice (map_lattice): the sea around a built-in board, which its map
file does not list, placed by trackwright.core.lattice so that the editor can paint it land."""

from __future__ import annotations

import json
import math

import pytest

from tests.edit.support import ask
from trackwright.core import lattice as grid
from trackwright.core import mapfile

GAME = "transamerica"
BUILT_IN = ["usa", "europe", "japan", "usa-classic"]


def built_in(name: str) -> dict:
    path = mapfile.builtin_map_path(GAME, name)
    assert path is not None
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_sea_around_a_built_in_board_is_on_the_boards_lattice(name):
    board = built_in(name)
    answer = ask(GAME, "map_lattice", board)
    land = {n["id"]: (n["x"], n["y"]) for n in board["nodes"]}
    assert answer["nodes"], name
    assert not {n["id"] for n in answer["nodes"]} & set(land)
    edge = answer["edge"]
    # Every intersection of the answer is one edge from its lattice neighbours, land or sea.
    every = {**land, **{n["id"]: (n["x"], n["y"]) for n in answer["nodes"]}}
    for n in answer["nodes"]:
        c = grid.cell_of(n["id"])
        for b in grid.neighbours(*c):
            other = every.get(grid.node_id(*b)) if b[0] >= 0 and b[1] >= 0 else None
            if other:
                assert math.isclose(math.dist((n["x"], n["y"]), other), edge, abs_tol=0.05)
        assert 0 < n["x"] < board["board"]["width"] and 0 < n["y"] < board["board"]["height"]


def test_track_spaces_join_the_sea_to_the_coast():
    board = built_in("usa")
    answer = ask(GAME, "map_lattice", board)
    land = {n["id"] for n in board["nodes"]}
    sea = {n["id"] for n in answer["nodes"]}
    assert all(e["a"] in sea or e["b"] in sea for e in answer["edges"])
    assert any((e["a"] in land) != (e["b"] in land) for e in answer["edges"])


def test_an_empty_lattice_has_no_sea_and_a_broken_draft_no_lattice():
    draft = ask(GAME, "map_start", None, kind="empty", cols=6, rows=5)
    assert ask(GAME, "map_lattice", draft)["nodes"] == []
    assert ask(GAME, "map_lattice", {"nodes": "no"}) == {"edge": None, "nodes": [], "edges": []}
