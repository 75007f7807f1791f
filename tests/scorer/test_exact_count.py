"""The exact TransAmerica count against an independent exact method on every built-in board: a
textbook Dreyfus-Wagner over a full distance table (networkx's Floyd-Warshall, numpy), where the
scorer runs Erickson-Monma-Veinott with Dijkstra from the terminals on a graph with the placed
track contracted. Mid-round positions: random hands and start markers, part of the track placed."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import simulate
from trackwright.core import transamerica as model
from trackwright.scorer import transamerica as ta
from trackwright.scorer.steiner import Graph, steiner_tree


def dreyfus_wagner(dist: np.ndarray, terminals: list[int]) -> float:
    """The cheapest tree joining the terminals, given all shortest distances."""
    k = len(terminals)
    if k <= 1:
        return 0.0
    dp: dict[int, np.ndarray] = {1 << i: dist[t].copy() for i, t in enumerate(terminals)}
    full = (1 << k) - 1
    for size in range(2, k + 1):
        for members in itertools.combinations(range(k), size):
            mask = sum(1 << i for i in members)
            best = np.full(dist.shape[0], np.inf)
            sub = (mask - 1) & mask
            while sub:
                best = np.minimum(best, dp[sub] + dp[mask ^ sub])
                sub = (sub - 1) & mask
            if mask == full:
                return float(best.min())
            dp[mask] = (best[:, None] + dist).min(axis=0)
    raise AssertionError("unreachable")


@pytest.mark.slow
@pytest.mark.parametrize("board", ["usa", "europe", "japan"])
def test_the_exact_count_equals_dreyfus_wagner_on_the_built_in_boards(board):
    m = model.load(board)
    keys = sorted(m.edge_by_key)
    nodes = list(m.nodes)
    at = {n: i for i, n in enumerate(nodes)}
    rng = random.Random(board)
    checked = 0
    for _ in range(12):
        track = {keys[rng.randrange(len(keys))] for _ in range(rng.randrange(0, 60))}
        g = nx.Graph()
        g.add_nodes_from(nodes)
        for e in m.edges:
            g.add_edge(e.a, e.b, weight=0 if e.key in track else e.cost)
        dist = nx.floyd_warshall_numpy(g, nodelist=nodes, weight="weight")
        board_ = ta.RoundBoard(m, track)
        for _ in range(5):
            hand = simulate.deal(m, ["P"], rng)["P"]
            start = rng.choice(nodes)
            terminals = sorted({at[start], *(at[m.city_by_name[c].node] for c in hand)})
            exact = board_.missing(start, hand)
            assert exact.points == dreyfus_wagner(dist, terminals), (board, start, hand)
            checked += 1
    assert checked == 60


def _root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        i = parent[i]
    return i


def brute_force(n: int, edges: list[tuple[int, int, int]], terminals: list[int]) -> int | None:
    """The cheapest edge set joining the terminals, by trying every subset of the edges."""
    best = None
    for mask in range(1 << len(edges)):
        chosen = [edges[i] for i in range(len(edges)) if mask >> i & 1]
        cost = sum(w for _, _, w in chosen)
        if best is not None and cost >= best:
            continue
        parent = list(range(n))
        for a, b, _ in chosen:
            parent[_root(parent, a)] = _root(parent, b)
        if len({_root(parent, t) for t in terminals}) == 1:
            best = cost
    return best


@st.composite
def small_boards(draw):
    """A connected graph of up to 8 nodes and 11 edges of cost 1 or 2 (the lines), some placed
    (cost 0, as placed track), and 2 to 6 terminals (a start marker and cities)."""
    n = draw(st.integers(3, 8))
    edges = [(i, draw(st.integers(0, i - 1))) for i in range(1, n)]  # a spanning tree
    pairs = [(a, b) for a in range(n) for b in range(a) if (a, b) not in edges]
    extra = draw(st.lists(st.sampled_from(pairs), max_size=11 - len(edges), unique=True))
    weighted = [(a, b, draw(st.sampled_from([0, 1, 1, 2]))) for a, b in edges + extra]
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=6, unique=True))
    return n, weighted, terminals


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards())
def test_the_pruned_count_equals_brute_force(board):
    """The pruned programme (bounds from a spanning tree and from the farthest terminal left)
    finds the true minimum, and the tree it shows costs that much and joins the terminals."""
    n, edges, terminals = board
    names = [f"n{i}" for i in range(n)]
    graph = Graph(names, [(names[a], names[b], w) for a, b, w in edges])
    result = steiner_tree(graph, [names[t] for t in terminals])
    assert result.cost == brute_force(n, edges, terminals)
    cost = {frozenset((names[a], names[b])): w for a, b, w in edges}
    assert sum(cost[frozenset(e)] for e in result.edges) == result.cost
    g = nx.Graph()
    g.add_nodes_from(names[t] for t in terminals)
    g.add_edges_from(result.edges)
    g.add_edges_from((names[a], names[b]) for a, b, w in edges if w == 0)
    assert all(nx.has_path(g, names[terminals[0]], names[t]) for t in terminals)
