"""The La Strada map editor's questions: the arranged layouts clean, each problem of a layout
the rules do not allow at its place, the measures by the preset's costs, the start."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.edit.support import ask, check, found
from trackwright.core import lastrada as model
from trackwright.core.errors import TrackwrightError

GAME = "lastrada"


def layout(seed: int = 1) -> dict[str, Any]:
    return ask(GAME, "map_start", None, kind="random", seed=seed)


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
def test_arranged_layouts_have_no_problems(seed):
    d = layout(seed)
    assert d == model.arrange(seed).to_json()
    answer = check(GAME, d, lang="de")
    assert answer["problems"] == [] and answer["finished"] is True
    m = answer["measures"]
    assert m["kinds"] == model.TILE_SET
    assert len(m["settlements"]) == 19 and all(s["days"] for s in m["settlements"])
    assert m["lines"][0]["label"] == "Orte"


def _settlement(d: dict[str, Any], i: int) -> dict[str, Any]:
    return d["settlements"][i]


def test_settlements_on_one_another_and_on_no_hex():
    d = layout()
    _settlement(d, 1)["hex"] = _settlement(d, 0)["hex"]
    _settlement(d, 2)["hex"] = [30, 30]
    answer = check(GAME, d)
    [shared] = found(answer, "ls.settlement.shared")
    assert shared["settlements"] == ["s02"] and shared["hexes"] == [_settlement(d, 0)["hex"]]
    [off] = found(answer, "ls.settlement.off_board")
    assert off["settlements"] == ["s03"]


def test_kinds_counted_against_the_games_tiles():
    d = layout()
    city = next(s for s in d["settlements"] if s["kind"] == "city")
    city["kind"] = "farm"
    problems = found(check(GAME, d, lang="en"), "ls.settlement.count")
    messages = " ".join(p["message"] for p in problems)
    assert "3 cities" in messages and "6 farms" in messages
    assert any(city["id"] in p["settlements"] for p in problems)


def test_a_settlement_off_the_marked_hexes():
    d = layout()
    spots = {tuple(s["hex"]) for s in d["settlements"]}
    free = next(h for h in d["hexes"] if (h["q"], h["r"]) not in spots)
    _settlement(d, 4)["hex"] = [free["q"], free["r"]]
    [problem] = found(check(GAME, d), "ls.settlement.off_spot")
    assert problem["settlements"] == ["s05"] and problem["hexes"] == [[free["q"], free["r"]]]


def test_pieces_the_rules_do_not_allow():
    d = layout()
    d["pieces"][2]["position"] = d["pieces"][1]["position"]
    [problem] = found(check(GAME, d), "ls.piece.position")
    assert problem["hexes"]  # the piece's hexes
    d = layout()
    d["pieces"].pop()
    found(check(GAME, d), "ls.piece.missing")
    d = layout()
    d["pieces"][0]["start"] = False
    found(check(GAME, d), "ls.piece.start")


def test_hexes_that_are_not_the_pieces_as_laid():
    d = layout()
    row = next(h for h in d["hexes"] if h["terrain"] == "forest")
    row["terrain"] = "hill"
    [problem] = found(check(GAME, d), "ls.piece.hexes")
    assert problem["hexes"] == [[row["q"], row["r"]]]


def test_a_settlement_out_of_a_turns_reach_is_warned():
    d = layout()
    # Hills everywhere but the settlements: roads cost 4 a tile.
    spots = {tuple(s["hex"]) for s in d["settlements"]}
    for h in d["hexes"]:
        if (h["q"], h["r"]) not in spots:
            h["terrain"] = "hill"
    d.pop("pieces")
    d["settlements"] = [d["settlements"][0], d["settlements"][-1]]  # far apart
    answer = check(GAME, d)
    days = [s["days"] for s in answer["measures"]["settlements"]]
    assert min(days) > model.rules().max_days_per_turn
    warned = answer["measures"]["warnings"]
    assert {w["kind"] for w in warned} == {"ls.warn.far"} and len(warned) == 2


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["move", "kind", "terrain", "piece", "drop", "junk"]), st.integers(0, 9999)
    ),
    min_size=1,
    max_size=6,
)


def _edit(d: dict[str, Any], what: str, k: int) -> None:
    if what == "junk":
        d[("pieces", "hexes", "settlements")[k % 3]] = k
        return
    s = d["settlements"][k % len(d["settlements"])] if d["settlements"] else {}
    if what == "move":
        s["hex"] = [k % 15 - 7, k % 13 - 6]
    elif what == "kind":
        s["kind"] = (*model.KINDS, "castle")[k % 5]
    elif what == "terrain":
        d["hexes"][k % len(d["hexes"])]["terrain"] = ("plain", "forest", "hill", "sea")[k % 4]
    elif what == "piece" and d.get("pieces"):
        d["pieces"][k % len(d["pieces"])]["position"] = k % 8
    elif what == "drop":
        d["hexes"].pop(k % len(d["hexes"]))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
def test_random_edits_of_a_layout_give_problems_never_an_error(edits):
    d = layout()
    for what, k in sorted(edits, key=lambda e: e[0] == "junk"):  # junk last
        _edit(d, what, k)
    answer = check(GAME, d)
    assert set(answer) == {"problems", "measures", "finished"}
    if answer["finished"]:
        model.from_json(d)
    assert ask(GAME, "map_board", d)["width"] > 0  # a broken layout is drawn too, never an error


# ------------------------------------------------------------------ the board the editor draws


@pytest.mark.parametrize("seed", [1, 2, 17])
def test_the_editors_board_of_a_valid_layout_is_the_game_pages(seed):
    d = layout(seed)
    assert ask(GAME, "map_board", d) == ask(GAME, "board", d)


def _drawn(plan: dict[str, Any]) -> set[str]:
    return {k for item in plan["items"] if item["t"] == "hexes" for k in item["hexes"]}


def _ids(plan: dict[str, Any]) -> list[str]:
    return [i["s"] for i in plan["items"] if i["t"] == "text" and i["s"].startswith("s")]


def test_a_layout_the_loader_refuses_is_drawn_where_the_draft_puts_it():
    d = layout()
    d["hexes"].append(dict(d["hexes"][10]))  # a hex twice
    d["hexes"].append({"q": 20, "r": 0, "terrain": "plain"})  # a hex apart
    _settlement(d, 1)["hex"] = _settlement(d, 0)["hex"]  # two on one hex
    _settlement(d, 3)["kind"] = "castle"  # a kind the game has not
    _settlement(d, 4)["id"] = _settlement(d, 5)["id"]  # an id twice
    _settlement(d, 2)["hex"] = [30, 30]  # on no hex of the board
    _settlement(d, 6)["colour"] = 1  # a key the schema does not know
    with pytest.raises(TrackwrightError):
        model.from_json(d)
    plan = ask(GAME, "map_board", d)
    keys = {f"{h['q']},{h['r']}" for h in d["hexes"]} | {"30,30"}
    assert set(plan["layout"]["centres"]) == keys == _drawn(plan)
    [outline] = [i for i in plan["items"] if i.get("c") == "ls-frame" and i["t"] == "hexes"]
    assert outline["hexes"] == ["30,30"]  # off the board: outlined where the draft puts it
    ids = _ids(plan)
    assert ids.count("s01") == 1 and ids.count("s02") == 1 and "s04" in ids
    assert ids.count("s06") == 2 and ids.count("s03") == 1


@pytest.mark.parametrize("draft", [None, {}, {"hexes": 3, "settlements": "x"}, {"hexes": []}])
def test_a_draft_with_no_board_is_an_empty_frame(draft):
    plan = ask(GAME, "map_board", draft)
    assert plan["layout"]["centres"] == {} and plan["width"] > 0
