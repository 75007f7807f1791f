"""The TransAmerica map editor's questions: every problem kind at its place, the built-in boards
clean, the pure-Python hand costs against the balance analysis (numpy), the start."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MINIMAL
from tests.edit.support import ask, check, found
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.edit import hands
from trackwright.edit import transamerica as ed
from trackwright.kits.transamerica import balance
from trackwright.scorer import steiner

GAME = "transamerica"
#: How far a sample of 400 hands' mean may lie from every hand's (the hand costs' spread is
#: about 3.5 on the built-in boards: 0.75 is over four standard errors).
MEAN_TOLERANCE = 0.75


def board(name: str = "usa") -> dict[str, Any]:
    return json.loads(mapfile.builtin_map_path(GAME, name).read_text("utf-8"))


def city(d: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in d["cities"] if c["name"] == name)


@pytest.mark.parametrize("name", ["usa", "europe", "japan", "usa-classic"])
def test_built_in_boards_have_no_problems(name):
    answer = check(GAME, board(name), lang="it")
    assert answer["problems"] == [] and answer["finished"] is True
    m = answer["measures"]
    assert m["hands"] == ed.SAMPLE_HANDS and m["exact"] is False
    assert sum(c for _v, c in m["histogram"]) == ed.SAMPLE_HANDS
    assert [line["label"] for line in m["lines"]][:2] == ["Mani misurate", "Mano più economica"]


def _figures(name: str) -> tuple[hands.Lattice, list[list[str]], balance.Balance]:
    m = model.load(MINIMAL if name == "minimal" else name)
    lattice = (tuple(m.nodes), tuple((e.a, e.b, e.cost) for e in m.edges))
    groups = [[c.node for c in m.cities_of(r)] for r in model.REGIONS]
    return lattice, groups, balance.analyse(m)


@pytest.mark.parametrize(
    "name",
    ["minimal", *(pytest.param(n, marks=pytest.mark.slow) for n in ("japan", "usa", "europe"))],
)
def test_every_hand_exactly_as_the_balance_analysis(name):
    lattice, groups, b = _figures(name)
    costs = hands.all_costs(lattice, groups)
    assert len(costs) == b.hands
    assert {v: costs.count(v) for v in set(costs)} == b.histogram
    assert (min(costs), max(costs)) == (b.minimum, b.maximum)
    assert sum(costs) / len(costs) == pytest.approx(b.mean)


@pytest.mark.parametrize("name", ["usa", "europe", "japan"])
def test_a_sample_of_hands_within_its_tolerance_of_the_analysis(name):
    lattice, groups, b = _figures(name)
    costs = hands.sample_costs(lattice, groups, ed.SAMPLE_HANDS)
    assert b.minimum <= min(costs) and max(costs) <= b.maximum
    assert abs(sum(costs) / len(costs) - b.mean) < MEAN_TOLERANCE


def test_each_hand_costs_what_the_engines_steiner_tree_says():
    lattice, groups, _b = _figures("usa")
    graph = steiner.Graph(*lattice)
    drawn = hands.draw_hands(groups, 60, seed=5)
    assert hands.sample_costs(lattice, groups, 60, seed=5) == [
        int(steiner.steiner_tree(graph, hand).cost) for hand in drawn
    ]


def test_exact_measures_through_the_question_are_the_analysis(minimal_data):
    answer = check(GAME, minimal_data, exact=True)
    b = balance.analyse(model.load(MINIMAL))
    m = answer["measures"]
    assert m["exact"] is True and m["hands"] == b.hands
    assert (m["min"], m["max"], m["mean"]) == (b.minimum, b.maximum, round(b.mean, 2))
    assert dict(map(tuple, m["histogram"])) == b.histogram


def test_every_hand_in_parts_through_the_question_is_the_analysis():
    """On export the page asks map_exact again and again, a short part each time: the parts go
    on from each other, say how far they are in the player's language, and end in map_check's
    exact measures, which are balance.py's figures."""
    hands._EXACT.clear()
    data = board("japan")
    answers = [ask(GAME, "map_exact", data, lang="de", budget_ms=1)]
    while answers[-1]["measures"] is None:
        answers.append(ask(GAME, "map_exact", data, lang="de", budget_ms=50))
    done = [a["done"] for a in answers]
    b = balance.analyse(model.load("japan"))
    assert len(answers) > 2 and done == sorted(set(done)) and done[-1] == b.hands
    assert {a["total"] for a in answers} == {b.hands}
    assert answers[0]["progress"].startswith("Alle Hände werden gemessen: ")
    m = answers[-1]["measures"]
    assert m["exact"] is True and m["hands"] == b.hands
    assert (m["min"], m["max"], m["mean"]) == (b.minimum, b.maximum, round(b.mean, 2))
    assert dict(map(tuple, m["histogram"])) == b.histogram
    assert m == check(GAME, data, lang="de", exact=True)["measures"]


def test_the_exact_run_of_a_board_without_a_colour_is_none(minimal_data):
    data = {**minimal_data, "cities": [c for c in minimal_data["cities"] if c["region"] != "red"]}
    answer = ask(GAME, "map_exact", data, budget_ms=10)
    assert answer["total"] == 0 and answer["measures"]["hands"] == 0


def test_the_lean_relaxation_is_the_engines():
    lattice, groups, _b = _figures("usa")
    t = hands.Tables(lattice)
    for nodes in [(groups[0][0],), (groups[1][2], groups[3][4])]:
        start = t.joined(nodes) if len(nodes) > 1 else None
        mine = list(start) if start else t.row(nodes)
        theirs = list(start) if start else [hands.INF] * t.graph.size
        if start is None:
            theirs[t.graph.part[nodes[0]]] = 0.0
        else:
            hands.relax(mine, t.near)
        t.graph.relax(theirs, [None] * t.graph.size)
        assert mine == theirs


def test_a_budget_keeps_the_sample_short():
    answer = check(GAME, board("usa"), hands=400, budget_ms=0, seed=9)
    assert ed.LEAST_HANDS <= answer["measures"]["hands"] < 400


def test_region_counts_name_the_region_and_its_cities():
    d = board()
    city(d, "Seattle")["region"] = "blue"
    problems = found(check(GAME, d, hands=20), "ta.region.count")
    green = next(p for p in problems if "green" in p["message"])
    assert "Portland" in green["message"] and "6" in green["message"]
    assert "Seattle" not in green["cities"] and "Portland" in green["cities"]
    blue = next(p for p in problems if "blue" in p["message"])
    assert "Seattle" in blue["cities"] and city(d, "Seattle")["node"] in blue["nodes"]


def test_dotted_flags_two_per_region():
    d = board()
    dotted = next(c for c in d["cities"] if c["dotted"] and c["region"] == "red")
    dotted["dotted"] = False
    [problem] = found(check(GAME, d, hands=20), "ta.region.dotted")
    assert "1" in problem["message"] and dotted["name"] not in problem["cities"]


def test_two_cities_on_one_intersection():
    d = board()
    city(d, "Portland")["node"] = city(d, "Seattle")["node"]
    [problem] = found(check(GAME, d, hands=20), "ta.city.shared")
    assert problem["cities"] == ["Portland"] and problem["nodes"] == [city(d, "Seattle")["node"]]


def test_a_city_on_the_sea_or_off_the_lattice():
    d = board()
    node = city(d, "Seattle")["node"]
    d["nodes"] = [n for n in d["nodes"] if n["id"] != node]  # the intersection made sea
    d["edges"] = [e for e in d["edges"] if node not in (e["a"], e["b"])]
    [problem] = found(check(GAME, d, hands=20), "ta.city.off_lattice")
    assert problem["cities"] == ["Seattle"] and problem["nodes"] == [node]


def test_a_city_no_track_reaches():
    d = board()
    node = city(d, "Jacksonville")["node"]
    d["edges"] = [e for e in d["edges"] if node not in (e["a"], e["b"])]
    answer = check(GAME, d, hands=20)
    [problem] = found(answer, "ta.city.cut_off")
    assert problem["cities"] == ["Jacksonville"] and problem["nodes"] == [node]
    assert answer["measures"]["hands"] == 20  # measured without it


def test_names_used_twice_and_a_line_listed_twice():
    d = board()
    city(d, "Portland")["name"] = "Seattle"
    d["edges"].append(dict(d["edges"][0]))
    answer = check(GAME, d, hands=20)
    assert found(answer, "ta.city.name_twice")[0]["cities"] == ["Seattle"]
    edge = d["edges"][0]
    assert found(answer, "ta.edge.twice")[0]["edges"] == [[edge["a"], edge["b"]]]


def test_map_start_an_empty_lattice_and_random_on_the_laptop():
    d = ask(GAME, "map_start", None, kind="empty", cols=6, rows=5, lang="fr")
    assert len(d["nodes"]) == 30 and d["cities"] == []
    assert d["name"] == "Mon plateau"
    answer = check(GAME, d, lang="fr")
    kinds = {p["kind"] for p in answer["problems"]}
    assert kinds == {"ta.region.count", "ta.region.dotted"}
    assert answer["measures"]["hands"] == 0 and answer["measures"]["histogram"] is None
    assert ask(GAME, "map_start", None, kind="random")["laptop"] is True


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["move", "region", "dot", "drop_node", "drop_edge", "name", "junk"]),
        st.integers(0, 10_000),
    ),
    min_size=1,
    max_size=6,
)


def _edit(d: dict[str, Any], what: str, k: int) -> None:
    cities, nodes, edges = d["cities"], d["nodes"], d["edges"]
    c = cities[k % len(cities)]
    if what == "move":
        c["node"] = nodes[k % len(nodes)]["id"] if k % 5 else "Z99"
    elif what == "region":
        c["region"] = (*model.REGIONS, "purple")[k % 6]
    elif what == "dot":
        c["dotted"] = not c.get("dotted")
    elif what == "drop_node":
        nodes.pop(k % len(nodes))
    elif what == "drop_edge":
        edges.pop(k % len(edges))
    elif what == "name":
        c["name"] = cities[(k // 7) % len(cities)].get("name", "Nowhere")
    else:
        c.pop(("name", "node", "region")[k % 3], None)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
def test_random_edits_of_a_built_in_board_give_problems_never_an_error(edits):
    d = board("japan")
    for what, k in edits:
        _edit(d, what, k)
    answer = check(GAME, d, hands=40)
    assert set(answer) == {"problems", "measures", "finished"}
    if answer["finished"]:
        model.from_json(d)


def test_the_histogram_carries_the_published_boards_band():
    shade = check(GAME, board(), lang="fr")["measures"]["histogram_band"]
    assert (shade["low"], shade["high"], shade["most"]) == (26.0, 29.0, 38)
    assert "26" in shade["label"] and "38" in shade["label"] and "plateau" in shade["label"]
