"""La Strada's board and tiles: the land pieces match the tile supply and never crowd the
settlements, arranged boards are whole and reproducible, tiles print at the board's hex size with
every back behind its front, and the kit's documents."""

from __future__ import annotations

import itertools
import json

import pytest

from trackwright.core import hexgrid, mapfile
from trackwright.core import lastrada as model
from trackwright.kits.lastrada import arrange, kit, tiles

# ------------------------------------------------------------------ the board


def test_pieces_match_the_tile_supply_and_never_crowd_settlements():
    data = arrange.pieces_data()
    letters = "".join("".join(rings) for rings in data["pieces"].values())
    land = {c: letters.count(c) for c in "pfh"}
    total = sum(land.values())
    assert (
        round(land["p"] / total, 2),
        round(land["f"] / total, 2),
        round(land["h"] / total, 2),
    ) == (0.58, 0.25, 0.17)  # the tile supply is 18 : 8 : 5
    for order in itertools.permutations(sorted(set(data["pieces"]) - {"A"})):
        spots = [(0, 0)]
        for position, piece in enumerate(("A", *order)):
            spots += [
                h for h, ch in arrange.piece_cells(data["pieces"][piece], position) if ch == "S"
            ]
        assert len(spots) == 19
        assert min(hexgrid.distance(a, b) for a, b in itertools.combinations(spots, 2)) >= 2


@pytest.mark.parametrize("seed", range(1, 11))
def test_arranged_boards(seed):
    m = arrange.arrange(seed)
    assert len(m.terrain) == 127 and hexgrid.components(m.terrain)[0] == set(m.terrain)
    assert m.kind_counts() == {"city": 4, "fortified_village": 5, "hamlet": 5, "farm": 5}
    assert m.pieces[0].id == "A" and m.pieces[0].start
    assert sorted(p.position for p in m.pieces) == list(range(6))
    again = model.from_json(json.loads(mapfile.dumps(m.to_json())))
    assert again.to_json() == m.to_json()


def test_seeds_are_reproducible_and_differ():
    a = mapfile.dumps(arrange.arrange(5).to_json())
    assert a == mapfile.dumps(arrange.arrange(5).to_json())
    assert a != mapfile.dumps(arrange.arrange(6).to_json())


# ------------------------------------------------------------------ tiles


@pytest.mark.parametrize("size", [12.0, 15.0, 20.0])
def test_tiles_are_the_boards_hex_size(size):
    from trackwright.kits.draw.ops import Group, Path

    m = arrange.arrange(1, hex_size=size)
    page = tiles.tile_pages(m, "a4", "en")[0]
    group = next(op for op in page.ops if isinstance(op, Group))
    outline = next(op for op in group.ops if isinstance(op, Path) and op.closed)
    radii = [(x * x + y * y) ** 0.5 for x, y in outline.subpaths[0]]
    assert all(abs(r - size) < 0.05 for r in radii)  # corner radius = the board's hex size
    board_hex = hexgrid.corner_points((0, 0), m.hex_size)
    assert all(abs((x * x + y * y) ** 0.5 - size) < 0.05 for x, y in board_hex)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_sit_behind_their_fronts(paper):
    from trackwright.core.tiling import paper_size
    from trackwright.kits.draw.ops import Group, ScaleBar

    m = arrange.arrange(1)
    pages = tiles.tile_pages(m, paper, "en")
    pw, _ph = paper_size(paper)
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        fronts = sorted(  # the tiles (the scale bar is a group too, on the front only)
            (round(op.dx, 3), round(op.dy, 3))
            for op in front.ops
            if isinstance(op, Group) and not isinstance(op, ScaleBar)
        )
        backs = sorted(
            (round(pw - op.dx, 3), round(op.dy, 3)) for op in back.ops if isinstance(op, Group)
        )
        assert fronts == backs  # mirrored across the long edge, every back on its front


def test_tile_counts():
    roads = tiles.road_tiles()
    assert len(roads) == 124
    per = {(t.player, t.terrain) for t in roads}
    assert len(per) == 12
    assert sum(1 for t in roads if t.player == 0 and t.terrain == "plain") == 18


def test_kit_documents():
    docs = kit.documents(arrange.arrange(2), kit.KitOptions(lang="it"))
    assert set(docs) == {
        "board-poster",
        "board-a4",
        "pieces-a4",
        "tiles-a4",
        "duplex-test-a4",
        "rules-a4",
    }
    assert len(docs["pieces-a4"].pages) == 7  # six pieces and the frame's sheet
    assert len(docs["tiles-a4"].pages) == 6  # three sheets of tiles and tokens, fronts and backs
