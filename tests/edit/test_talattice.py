"""TransAmerica's whole lattice (map_lattice): the sea around a built-in board, which its map
file does not list, placed by trackwright.core.lattice so that the editor can paint it land."""

from __future__ import annotations

import json
import math

import pytest

from tests.edit.support import ask
from trackwright.core import lattice as grid
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.boardplan import transamerica as ta_plan

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
    assert ask(GAME, "map_lattice", {"nodes": "no"}) == {
        "edge": None,
        "nodes": [],
        "edges": [],
        "corners": [],
        "cells": {},
    }


@pytest.mark.parametrize("name", ["usa", "japan"])
def test_every_intersections_cell_is_a_hexagon_whose_corners_its_neighbours_share(name):
    """The cells the page draws lakes and the coast with: around each intersection, corner up,
    one step over the square root of 3 from it (the points nearer to it than to any other),
    each corner one point shared by the three cells that meet there."""
    board = built_in(name)
    answer = ask(GAME, "map_lattice", board)
    edge, corners, cells = answer["edge"], answer["corners"], answer["cells"]
    every = {n["id"]: n for n in board["nodes"] + answer["nodes"]}
    assert set(cells) == set(every)
    r = edge / math.sqrt(3)
    for nid, ring in cells.items():
        n = every[nid]
        for k, i in enumerate(ring):
            a = math.pi / 6 + k * math.pi / 3
            x, y = n["x"] + r * math.cos(a), n["y"] + r * math.sin(a)
            assert math.dist(corners[i], (x, y)) < 0.05, (nid, k)
    uses: dict[int, int] = {}
    for ring in cells.values():
        for i in ring:
            uses[i] = uses.get(i, 0) + 1
    assert max(uses.values()) == 3 and len(corners) == len(set(map(tuple, corners)))
    # Two neighbouring cells share one side: two corners.
    a = grid.cell_of(board["nodes"][0]["id"])
    b = next(grid.node_id(*c) for c in grid.neighbours(*a) if grid.node_id(*c) in cells)
    assert len(set(cells[grid.node_id(*a)]) & set(cells[b])) == 2


def test_a_map_without_a_board_size_has_the_loaders_board():
    """A map file may leave out its board's size (the loader takes the intersections' extent
    with a margin): the editor still gets its lattice and cells, within that board."""
    board = built_in("usa")
    del board["board"]
    answer = ask(GAME, "map_lattice", board)
    assert answer["edge"] == 34.0 and answer["cells"]
    width = max(n["x"] for n in board["nodes"]) + model.BOARD_MARGIN
    assert all(n["x"] < width for n in answer["nodes"])


@pytest.mark.parametrize("name", ["usa", "japan"])
def test_what_the_editor_draws_of_a_finished_draft_is_its_board_plan(name):
    """map_lattice's ``draw`` (asked once per board): the track spaces, the intersections' ids,
    the cities' names and the land as the editor composes them from it for the draft (nothing of
    the board plan's geometry in the page) are the items of the board plan of the same map."""
    board = built_in(name)
    m = model.from_json(board)
    names = {region: "x" for region in ta_plan.region_words(m)}
    items = ta_plan.board_plan(m, names, ((0, 0, 1, 1), 0))["items"]
    draw = ask(GAME, "map_lattice", board)["draw"]
    assert (draw["width"], draw["height"]) == (m.board_w, m.board_h)
    single, double = [], []
    for e in board["edges"]:
        key = "|".join(sorted((e["a"], e["b"])))
        (single if e["cost"] == 1 else double).append(draw["spaces"][key])
    lines = {i["c"]: i["segs"] for i in items if i["t"] == "lines"}
    assert lines == {"ta-single": single, "ta-double": double}
    ids = [i for i in items if i.get("c") == "ta-id"]
    assert ids == [draw["ids"][n["id"]] for n in board["nodes"]]
    labels = [i for i in items if i.get("c") == "halo"]
    assert labels == [{**draw["names"][c["node"]], "s": c["name"]} for c in board["cities"]]
    land = next(i for i in items if i.get("c") == "ta-land")["rings"]
    assert land == (board.get("decor") or {}).get("land") or [draw["land"]]
