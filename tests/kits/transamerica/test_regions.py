"""TransAmerica boards for any region and random ones, measured for balance."""

from __future__ import annotations

import itertools
import json
import random

import networkx as nx
import numpy as np
import pytest

from tests.conftest import MINIMAL, ROOT
from tests.support import cli
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.edit import hands
from trackwright.kits.transamerica import balance, continent, lattice
from trackwright.kits.transamerica import board as ta_board
from trackwright.scorer.steiner import Graph, steiner_tree

REGIONS = ROOT / "templates" / "transamerica" / "regions"


def region(name: str) -> dict:
    return json.loads((REGIONS / f"{name}.json").read_text("utf-8"))


# ------------------------------------------------------------------ region files


@pytest.mark.parametrize("name", ["usa", "europe", "japan"])
def test_built_in_boards_are_what_their_regions_build(name):
    built, result, tries = lattice.build_balanced(region(name), name)
    assert tries == 1  # the region file carries the lattice that balances
    stored = (ROOT / "templates" / "transamerica" / "maps" / f"{name}.json").read_bytes()
    assert mapfile.dumps(ta_board.printed(built).to_json()) == stored
    assert hands.Band().holds(result)
    assert len(built.cities) == 35 and len(built.nodes) >= 130


def test_a_city_off_the_land():
    bad = region("europe")
    bad["cities"][0].update(lon=-20.0, lat=45.0)  # Lisboa in the Atlantic
    with pytest.raises(
        TrackwrightError, match=r"europe.json: \$.cities\[0\]: city Lisboa .* lies off the land"
    ):
        lattice.build(bad, "europe.json")


def test_two_cities_on_one_node():
    """Cities far enough apart for a finer lattice, but not for this one: the lattice says so."""
    bad = region("europe")
    bad["cities"][1].update(lon=bad["cities"][0]["lon"] + 0.6, lat=bad["cities"][0]["lat"])
    with pytest.raises(
        TrackwrightError,
        match=r"\$.cities\[1\]: cities Lisboa and Porto fall on the same intersection",
    ):
        lattice.build(bad, "europe.json")


def test_a_region_with_six_cities():
    bad = region("europe")
    bad["cities"][0]["region"] = "yellow"  # green now has 6, yellow 8
    with pytest.raises(
        TrackwrightError,
        match=r"region green has 6 cities \(Porto, .*\); it needs 7; yellow has 8 \(Lisboa, ",
    ):
        lattice.build(bad, "europe.json")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("outline"), r"\$: 'outline' is a required property"),
        (lambda r: r["cities"][2].update(lat=123), r"\$.cities\[2\].lat: 123 is greater than"),
        (lambda r: r["lattice"].update(rows=2), r"\$.lattice.rows: 2 is less than"),
        (lambda r: r.update(colour="blue"), "unknown key 'colour'"),
    ],
)
def test_region_file_mistakes(mutate, message):
    bad = region("japan")
    mutate(bad)
    with pytest.raises(TrackwrightError, match=message):
        lattice.build(bad, "japan.json")


def test_the_band_can_refuse_a_region():
    with pytest.raises(TrackwrightError, match="no lattice of this region plays like the original"):
        lattice.build_balanced(region("japan"), "japan.json", hands.Band(40, 41, 60), tries=3)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["usa", "japan"])
def test_a_nineteen_row_region_is_balanced_in_a_few_tries(name):
    """Hands cost about in proportion to the rows: the search goes straight to the rows the band
    needs (the USA region asked for 19 rows needs about 14) instead of trying offsets at 19."""
    asked = region(name)
    asked["lattice"] = {**asked["lattice"], "rows": 19}
    built, result, tries = lattice.build_balanced(asked, name)
    assert hands.Band().holds(result)
    assert tries <= 10, tries
    assert built.to_json()["stats"]["lattice"]["rows"] != 19


def test_a_region_that_cannot_be_balanced_says_what_each_row_count_gives():
    with pytest.raises(TrackwrightError) as caught:
        lattice.build_balanced(region("japan"), "japan.json", hands.Band(26, 29, 20), tries=6)
    message = str(caught.value)
    assert "rows: mean" in message and "max" in message and "widen the band" in message


# ------------------------------------------------------------------ random boards


@pytest.mark.parametrize("seed", [2, pytest.param(5, marks=pytest.mark.slow), 11])
def test_random_boards_pass_the_checks_and_the_band(seed):
    m, result, _tries = continent.generate(seed)
    again = model.from_json(json.loads(mapfile.dumps(m.to_json())))  # the loader's checks
    assert again.to_json() == m.to_json()
    assert hands.Band().holds(result)
    assert m.stats["mean"] == round(result.mean, 2) and m.seed == seed
    assert len({c.name for c in m.cities}) == 35
    sizes = {r: len(m.cities_of(r)) for r in model.REGIONS}
    assert sizes == dict.fromkeys(model.REGIONS, 7)


@pytest.mark.slow
def test_random_boards_are_reproducible_and_differ():
    a = mapfile.dumps(continent.generate(5)[0].to_json())
    assert a == mapfile.dumps(continent.generate(5)[0].to_json())
    assert a != mapfile.dumps(continent.generate(6)[0].to_json())


def test_random_regions_are_compact_and_placed():
    m, _result, _tries = continent.generate(2)
    centre = {
        r: np.mean([[m.nodes[c.node].x, m.nodes[c.node].y] for c in m.cities_of(r)], axis=0)
        for r in model.REGIONS
    }
    assert centre["green"][0] < centre["yellow"][0] < centre["orange"][0]


def test_names_follow_the_language():
    m, _r, _t = continent.generate(2, "de")
    assert m.name == "Zufallskontinent 2"


# ------------------------------------------------------------------ the analysis


def brute_force(edges, terminals) -> int:
    """The cheapest edge set connecting the terminals, by trying every subset."""
    best = None
    for size in range(len(edges) + 1):
        for subset in itertools.combinations(edges, size):
            cost = sum(w for _, _, w in subset)
            if best is not None and cost >= best:
                continue
            g = nx.Graph()
            g.add_nodes_from(terminals)
            g.add_edges_from((a, b) for a, b, _ in subset)
            if nx.is_connected(g.subgraph(nx.node_connected_component(g, terminals[0]))) and all(
                nx.has_path(g, terminals[0], t) for t in terminals
            ):
                best = cost
    return best


@pytest.mark.parametrize("seed", range(8))
def test_all_hands_of_a_small_map_match_brute_force(seed):
    """A small hand-made graph with three colour groups of two or three cities: the batched
    analysis gives, for every hand, the cost a brute force over all edge subsets finds."""
    rng = random.Random(seed)
    g = nx.connected_watts_strogatz_graph(8, 3, 0.4, seed=seed)
    edges = [(a, b, rng.choice([1, 2])) for a, b in g.edges]
    index, board = balance.Board.of(list(g.nodes), edges)
    graph = Graph(list(g.nodes), edges)
    nodes = rng.sample(list(g.nodes), 7)
    groups = [nodes[:2], nodes[2:4], nodes[4:7]]
    costs = balance.hand_costs(board, [[index[n] for n in grp] for grp in groups])
    for pick in itertools.product(*(range(len(grp)) for grp in groups)):
        hand = [groups[k][i] for k, i in enumerate(pick)]
        exact = brute_force(edges, hand)
        assert round(costs[pick]) == exact, (seed, hand)
        assert steiner_tree(graph, hand).cost == exact, (seed, hand)


def test_analysis_of_the_minimal_map_matches_the_exact_solver():
    m = model.load(MINIMAL)
    result = balance.analyse(m)
    assert result.hands == 7**5 and sum(result.histogram.values()) == 7**5
    index, board = balance.board_of(m)
    graph = Graph(list(m.nodes), ((e.a, e.b, e.cost) for e in m.edges))
    cities = [m.cities_of(r) for r in model.REGIONS]
    costs = balance.hand_costs(board, [[index[c.node] for c in reg] for reg in cities])
    rng = random.Random(7)
    for _ in range(60):
        pick = tuple(rng.randrange(7) for _ in range(5))
        hand = [cities[r][i].node for r, i in enumerate(pick)]
        assert round(costs[pick]) == round(steiner_tree(graph, hand).cost)
    small = balance.analyse(m, small_game=True)
    assert small.hands == 5**5


def test_analysis_numbers_of_the_usa_board():
    result = balance.analyse(model.load("usa"))
    assert (result.minimum, round(result.mean, 2), result.maximum) == (20, 26.77, 35)
    assert result.histogram[27] == 2905
    assert abs(sum(v for v in result.city_effect["orange"].values())) < 1e-6


def test_analyse_command(tmp_path):
    done = cli.trackwright("analyse", "transamerica", "usa", "--out", tmp_path, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["min"] == 20 and data["max"] == 35 and data["hands"] == 16807
    assert (tmp_path / "usa-histogram.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "usa-histogram.svg").read_text(encoding="utf-8").startswith("<?xml")
    done = cli.trackwright("generate", "transamerica", "--region", tmp_path / "none.json")
    assert done.returncode == 2 and "none.json: file not found" in done.stderr


def test_relaxing_along_the_lines_gives_shortest_distances(usa):
    """The analysis never builds a table of all pairs: relaxing rows along the board's lines
    gives exactly networkx's Dijkstra distances, from one node or from many starting values."""
    index, board = balance.board_of(usa)
    g = nx.Graph()
    g.add_weighted_edges_from((e.a, e.b, e.cost) for e in usa.edges)
    rng = random.Random(3)
    for source in rng.sample(list(usa.nodes), 5):
        start = np.full((1, board.size), np.inf)
        start[0, index[source]] = 0.0
        got = balance.relax(start, board)[0]
        for node, length in nx.single_source_dijkstra_path_length(g, source).items():
            assert got[index[node]] == length
    values = np.array([[rng.choice([np.inf, rng.randint(0, 9)]) for _ in range(board.size)]])
    got = balance.relax(values, board)[0]
    for node, i in index.items():
        expected = min(
            values[0, index[u]] + d
            for u, d in nx.single_source_dijkstra_path_length(g, node).items()
        )
        assert got[i] == expected
