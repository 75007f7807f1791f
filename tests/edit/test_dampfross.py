"""The Dampfross map editor's questions: every problem kind at its place on a small hand-made
map, the built-in maps clean and measured by the engine's own costs, the fill, the start."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.edit.support import ask, check, found
from trackwright.core import dampfross as model
from trackwright.core import hexgrid, mapfile
from trackwright.edit import dampfross as ed
from trackwright.kits import layout
from trackwright.scorer import dampfross as engine

GAME = "dampfross"


def small() -> dict[str, Any]:
    """A 10 x 8 board (the smallest the editor makes) with 18 big towns, numbered by the fill:
    a finished map."""
    draft = ask(GAME, "map_start", None, kind="empty", cols=10, rows=8)
    spots = [(c, r) for r in (0, 2, 4, 6) for c in (0, 2, 4, 6, 8)][:18]
    draft["towns"] = [
        {"name": f"T{i:02d}", "hex": list(hexgrid.offset_to_axial(c, r)), "numbers": []}
        for i, (c, r) in enumerate(spots)
    ]
    draft["x-big"] = [t["name"] for t in draft["towns"]]
    return ask(GAME, "map_fill", draft)["map"]


def test_a_small_hand_made_map_is_finished_and_loads():
    draft = small()
    answer = check(GAME, draft)
    assert answer["problems"] == [] and answer["finished"] is True
    model.from_json(draft)


def town(draft: dict[str, Any], i: int) -> dict[str, Any]:
    return draft["towns"][i]


def terrain_at(draft: dict[str, Any], h: list[int], terrain: str) -> None:
    for row in draft["hexes"]:
        if [row["q"], row["r"]] == list(h):
            row["terrain"] = terrain


def on_water(d):
    terrain_at(d, town(d, 3)["hex"], "water")


def off_board(d):
    town(d, 3)["hex"] = [40, 40]


def shared(d):
    town(d, 3)["hex"] = town(d, 2)["hex"]


def number_twice(d):
    town(d, 3)["numbers"] = [town(d, 2)["numbers"][0], town(d, 3)["numbers"][1]]


def number_missing(d):
    town(d, 3)["numbers"] = town(d, 3)["numbers"][:1]


def river_on_water(d):
    a = town(d, 3)["hex"]
    b = list(hexgrid.neighbours(tuple(a))[0])
    terrain_at(d, b, "water")
    d["rivers"] = [[a, b]]


def river_off_board(d):
    d["rivers"] = [[[40, 40], [41, 40]]]


def cut_off(d):
    for n in hexgrid.neighbours(tuple(town(d, 3)["hex"])):
        terrain_at(d, list(n), "water")


def port_inland(d):
    d["ports"] = [town(d, 3)["name"]]


def name_twice(d):
    town(d, 3)["name"] = town(d, 2)["name"]


CASES = [
    (on_water, "df.town.on_water", 3),
    (off_board, "df.town.off_board", 3),
    (shared, "df.town.shared", 3),
    (number_missing, "df.dice.big_one", 3),
    (number_missing, "df.dice.missing", None),
    (cut_off, "df.town.cut_off", 3),
    (port_inland, "df.port.not_coast", 3),
    (name_twice, "df.town.name_twice", 3),
]


@pytest.mark.parametrize(("edit", "kind", "which"), CASES, ids=[c[1] for c in CASES])
def test_each_problem_is_found_at_its_place(edit, kind, which):
    draft = small()
    before = copy.deepcopy(draft)
    edit(draft)
    [problem] = found(check(GAME, draft), kind)
    assert problem["message"]
    if which is not None:
        t = before["towns"][which]
        assert problem["cities"] == [draft["towns"][which]["name"]]
        assert problem["hexes"] == [draft["towns"][which]["hex"]] or t["hex"] == [40, 40]


@pytest.mark.parametrize(
    ("edit", "kind"),
    [(river_on_water, "df.river.water"), (river_off_board, "df.river.off_board")],
)
def test_river_problems_are_on_their_side(edit, kind):
    draft = small()
    edit(draft)
    [problem] = found(check(GAME, draft), kind)
    assert problem["sides"] == draft["rivers"]


def test_a_number_on_two_towns_is_on_both():
    draft = small()
    number_twice(draft)
    [problem] = found(check(GAME, draft), "df.dice.twice")
    assert problem["cities"] == ["T02", "T03"]
    assert problem["hexes"] == [town(draft, 2)["hex"], town(draft, 3)["hex"]]


def test_the_board_must_be_10_x_8_to_what_the_kit_prints():
    draft = small()
    draft["hexes"] = [h for h in draft["hexes"] if h["r"] < 7]
    draft["towns"] = [t for t in draft["towns"] if t["hex"][1] < 7]
    found(check(GAME, draft), "df.board.small")
    (cols, _rows), _tall = ed.largest()
    wide = ask(GAME, "map_start", None, kind="empty", cols=cols + 1, rows=8)
    assert ed.extent([(h["q"], h["r"]) for h in wide["hexes"]])[0] == cols  # kept to the limit
    wide["hexes"] = [
        {"q": q, "r": r, "terrain": "plain"} for q, r in hexgrid.rectangle(cols + 1, 8)
    ]
    found(check(GAME, wide), "df.board.large")


def test_the_largest_board_is_the_largest_poster_the_kit_prints():
    """LARGEST_PAGE_MM is the kit's A0 poster less its bleed and printable margin."""
    w, h = ed.LARGEST_PAGE_MM
    assert layout.poster_fit(w, h) == "a0"
    assert layout.poster_fit(w + 1, h) == "" and layout.poster_fit(w, h + 1) == ""
    (cols, rows), (tall_cols, tall_rows) = ed.largest()
    assert ed.prints(hexgrid.rectangle(cols, rows), model.DEFAULT_HEX_SIZE)
    assert not ed.prints(hexgrid.rectangle(cols + 1, rows), model.DEFAULT_HEX_SIZE)
    assert not ed.prints(hexgrid.rectangle(tall_cols, tall_rows + 1), model.DEFAULT_HEX_SIZE)


def test_the_loaders_error_is_there_too_at_its_place():
    draft = small()
    draft["ports"] = ["Atlantis"]
    [problem] = found(check(GAME, draft), "df.port.not_town")
    assert problem["cities"] == ["Atlantis"]
    draft = small()
    draft["hex_size"] = 1  # only the loader (its schema) refuses this
    answer = check(GAME, draft, lang="de")
    [problem] = answer["problems"]
    assert not problem["kind"].startswith("df.") and problem["message"]
    assert answer["finished"] is False


@pytest.mark.parametrize("name", ["england", "france", "usa-east"])
def test_built_in_maps_have_no_problems_and_are_measured_by_the_rules(name):
    data = json.loads(mapfile.builtin_map_path(GAME, name).read_text("utf-8"))
    answer = check(GAME, data, lang="fr")
    assert answer["problems"] == [] and answer["finished"] is True
    m = model.load(name)
    measures = answer["measures"]
    assert len(measures["towns"]) == len(m.towns)
    # Race lengths are the engine's (race_length) for every pair of towns.
    pairs = [(a, b) for i, a in enumerate(m.towns) for b in m.towns[i + 1 :]]
    races = sorted(engine.race_length(m, a.hex, b.hex) for a, b in pairs)
    assert measures["race"]["min"] == races[0] and measures["race"]["max"] == races[-1]
    assert sum(c for _v, c in measures["histogram"]) == len(pairs)
    # A town's link is the cheapest line by the rules' step costs to another town.
    rules = model.rules()
    first = measures["towns"][0]
    assert first["cost"] == _cheapest(m, rules, m.towns[0])
    assert all(line["label"] and line["value"] and line["note"] for line in measures["lines"])


def _cheapest(m: model.DampfrossMap, rules: model.DampfrossRules, start: model.Town) -> int:
    """The cheapest line from ``start`` to any other town, by brute force over the step costs
    (a plain Bellman-Ford, not the editor's Dijkstra)."""
    dist = {h: float("inf") for h in m.land}
    dist[start.hex] = 0
    changed = True
    while changed:
        changed = False
        for h in m.land:
            for n in hexgrid.neighbours(h):
                if n in m.land and dist[h] + rules.step_cost(m, h, n) < dist[n]:
                    dist[n] = dist[h] + rules.step_cost(m, h, n)
                    changed = True
    return int(min(dist[t.hex] for t in m.towns if t is not start))


def test_a_town_beyond_a_die_is_warned_not_refused():
    draft = small()
    # T00 alone in the top-left corner behind hills: its nearest town costs more than a die.
    far = {tuple(t["hex"]) for t in draft["towns"][1:]}
    for row in draft["hexes"]:
        if (row["q"], row["r"]) not in far and (row["q"], row["r"]) != tuple(town(draft, 0)["hex"]):
            row["terrain"] = "hill"
    answer = check(GAME, draft)
    assert answer["finished"] is True
    warned = {w["cities"][0] for w in answer["measures"]["warnings"] if w["kind"] == "df.warn.far"}
    assert "T00" in warned


def test_the_fill_gives_11_to_66_once_big_towns_two_and_keeps_the_users_numbers():
    draft = small()
    for t in draft["towns"]:
        t["numbers"] = []
    draft["towns"][0]["numbers"] = [66, 11]
    draft["towns"][1]["numbers"] = [11, 99]  # 11 taken already, 99 no dice number
    filled = ask(GAME, "map_fill", draft, seed=4)["map"]
    numbers = sorted(n for t in filled["towns"] for n in t["numbers"])
    assert numbers == sorted(model.DICE_NUMBERS)
    assert filled["towns"][0]["numbers"] == [11, 66]
    assert all(len(t["numbers"]) == 2 for t in filled["towns"])
    assert check(GAME, filled)["finished"] is True


def test_the_fill_makes_towns_big_when_numbers_are_left_and_finds_the_ports():
    draft = small()
    draft.pop("x-big")
    for t in draft["towns"][:14]:
        t["numbers"] = []
    draft["towns"] = draft["towns"][:30]
    # Water along the top row: the towns on it are on the coast.
    for row in draft["hexes"]:
        if row["r"] == 1:
            row["terrain"] = "water"
    answer = ask(GAME, "map_fill", draft)
    filled = answer["map"]
    assert sorted(n for t in filled["towns"] for n in t["numbers"]) == sorted(model.DICE_NUMBERS)
    coast = ed.coast(ed.read(filled))
    assert filled["ports"] == sorted(t["name"] for t in filled["towns"] if tuple(t["hex"]) in coast)
    assert filled["ports"]


def test_map_start_empty_and_random():
    draft = ask(GAME, "map_start", None, kind="empty", cols=12, rows=9, lang="de")
    assert ed.extent([(h["q"], h["r"]) for h in draft["hexes"]]) == (12, 9)
    assert {h["terrain"] for h in draft["hexes"]} == {"plain"}
    assert draft["name"] == "Meine Karte"
    random = ask(GAME, "map_start", None, kind="random", cols=12, rows=9, lang="fr")
    assert random["laptop"] is True and "trackwright serve" in random["message"]


def test_problems_speak_the_players_language():
    draft = small()
    on_water(draft)
    messages = {
        lang: found(check(GAME, draft, lang=lang), "df.town.on_water")[0]["message"]
        for lang in ("en", "fr", "de", "it")
    }
    assert len(set(messages.values())) == 4
    assert "water" in messages["en"] and "eau" in messages["fr"] and "Wasser" in messages["de"]


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["terrain", "town", "number", "river", "drop", "port", "junk"]),
        st.integers(0, 10_000),
        st.sampled_from(["plain", "hill", "water", "lava", None]),
    ),
    min_size=1,
    max_size=6,
)


def _edit(draft: dict[str, Any], what: str, k: int, value: Any) -> None:
    hexes, towns = draft["hexes"], draft["towns"]
    if what == "terrain":
        hexes[k % len(hexes)]["terrain"] = value
    elif what == "town" and towns:
        towns[k % len(towns)]["hex"] = [k % 37 - 5, k % 23 - 3]
    elif what == "number" and towns:
        towns[k % len(towns)]["numbers"] = [k % 70, 11 + k % 56]
    elif what == "river":
        h = hexes[k % len(hexes)]
        draft["rivers"].append([[h["q"], h["r"]], [h["q"] + k % 3 - 1, h["r"]]])
    elif what == "drop" and towns:
        towns.pop(k % len(towns))
    elif what == "port" and towns:
        draft["ports"].append(towns[k % len(towns)]["name"])
    elif what == "junk":
        draft[("towns", "hexes", "rivers", "ports", "x-big")[k % 5]] = value


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
def test_random_edits_of_a_built_in_map_give_problems_never_an_error(edits):
    draft = json.loads(mapfile.builtin_map_path(GAME, "england").read_text("utf-8"))
    for what, k, value in sorted(edits, key=lambda e: e[0] == "junk"):  # junk last
        _edit(draft, what, k, value)
    answer = check(GAME, draft)
    assert set(answer) == {"problems", "measures", "finished"}
    if answer["finished"]:
        model.from_json(draft)
    else:
        assert all(p["kind"] and p["message"] for p in answer["problems"])
