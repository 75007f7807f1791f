"""The Dampfross editor's geometry question (map_layout) and resizing (map_resize): the page
draws at the engine's places, computed by trackwright.core.hexgrid, for a draft the loader
refuses as well as a finished one."""

from __future__ import annotations

import math

from tests.edit.support import ask
from trackwright.core import hexgrid

GAME = "dampfross"


def start(cols: int = 10, rows: int = 8) -> dict:
    return ask(GAME, "map_start", None, kind="empty", cols=cols, rows=rows)


def test_the_layout_gives_hexgrids_centres_for_the_draft_and_a_margin():
    draft = start()
    draft["towns"] = [{"name": "", "hex": [99, 99], "numbers": [7]}]  # the loader refuses it
    answer = ask(GAME, "map_layout", draft)
    size = answer["size"]
    at = hexgrid.Layout(size=size)
    got = {(q, r): (x, y) for q, r, x, y in answer["hexes"]}
    assert len(got) == 12 * 10  # 10 x 8 and one hex around
    for h, (x, y) in got.items():
        cx, cy = at.centre(h)
        assert math.isclose(x, cx, abs_tol=0.01) and math.isclose(y, cy, abs_tol=0.01)
    assert answer["corners"] == [[round(x, 2), round(y, 2)] for x, y in at.corner_offsets()]
    assert math.isclose(answer["pitch"], at.width, abs_tol=0.01)


def test_each_side_offset_is_the_side_between_a_hex_and_its_neighbour():
    answer = ask(GAME, "map_layout", start())
    at = hexgrid.Layout(size=answer["size"])
    for side in answer["sides"]:
        b = tuple(side["dir"])
        ends = at.side_points(hexgrid.side((0, 0), b))
        assert sorted(map(tuple, side["ends"])) == sorted(
            (round(x, 2), round(y, 2)) for x, y in ends
        )


def test_the_nearest_centre_is_hexgrids_hex_at():
    answer = ask(GAME, "map_layout", start())
    at = hexgrid.Layout(size=answer["size"])
    for i in range(200):
        x, y = (i * 7.31) % 120, (i * 3.77) % 80
        near = min(answer["hexes"], key=lambda h: (h[2] - x) ** 2 + (h[3] - y) ** 2)
        assert tuple(near[:2]) == at.hex_at(x, y)


def test_labels_are_the_printed_ones():
    answer = ask(GAME, "map_layout", start())
    labels = answer["labels"]
    assert labels["hexes"]["0,0"] == "A1"
    assert [c["text"] for c in labels["columns"]] == list("ABCDEFGHIJ")
    assert sorted({r["text"] for r in labels["rows"]}, key=int) == [str(n) for n in range(1, 9)]
    assert len(labels["rows"]) == 16  # at both sides
    (f7,) = [k for k, v in labels["hexes"].items() if v == "F7"]
    assert tuple(map(int, f7.split(","))) == hexgrid.parse_label("F7")


def test_a_draft_grows_and_shrinks_at_each_side():
    draft = start()
    for edge, cols, rows in (("top", 10, 9), ("bottom", 10, 9), ("left", 11, 8), ("right", 11, 8)):
        grown = ask(GAME, "map_resize", draft, edge=edge, grow=True)["map"]
        assert len(grown["hexes"]) == cols * rows, edge
        assert all(h["terrain"] == "plain" for h in grown["hexes"])
        back = ask(GAME, "map_resize", grown, edge=edge, grow=False)["map"]
        assert {(h["q"], h["r"]) for h in back["hexes"]} == {
            (h["q"], h["r"]) for h in draft["hexes"]
        }


def test_a_row_grown_above_becomes_row_1():
    grown = ask(GAME, "map_resize", start(), edge="top", grow=True)["map"]
    labels = ask(GAME, "map_layout", grown)["labels"]["hexes"]
    assert labels["0,0"] == "A2"
    top = hexgrid.offset_to_axial(0, -1)
    assert labels[f"{top[0]},{top[1]}"] == "A1"


def test_what_stood_on_a_removed_row_goes_with_it():
    draft = start()
    last = hexgrid.offset_to_axial(3, 7)
    above = hexgrid.offset_to_axial(3, 6)
    draft["towns"] = [
        {"name": "Gone", "hex": list(last), "numbers": [11]},
        {"name": "Kept", "hex": list(above), "numbers": [12]},
    ]
    draft["ports"] = ["Gone", "Kept"]
    draft["x-big"] = ["Gone"]
    draft["rivers"] = [[list(last), list(above)]]
    out = ask(GAME, "map_resize", draft, edge="bottom", grow=False)["map"]
    assert [t["name"] for t in out["towns"]] == ["Kept"]
    assert out["ports"] == ["Kept"] and out["x-big"] == [] and out["rivers"] == []
    assert len(out["hexes"]) == 70


def test_a_board_is_never_shrunk_to_nothing():
    draft = start()
    draft["hexes"] = draft["hexes"][:10]  # one row
    out = ask(GAME, "map_resize", draft, edge="top", grow=False)["map"]
    assert len(out["hexes"]) == 10
