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
from trackwright.core import transamerica as model
from trackwright.scorer import simulate
from trackwright.scorer import transamerica as ta


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
