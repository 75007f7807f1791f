"""Exact minimum Steiner trees for few terminals (Dreyfus-Wagner), with the tree as evidence.

TransAmerica's missing-track count is the cost of the cheapest set of empty track spaces that
connects a player's five cities and start marker, where track already on the board is free: a
Steiner tree with at most six terminals. Dreyfus-Wagner solves it exactly in
O(3^k n + 2^k n^2) for k terminals on n intersections; with k <= 6 and n ~ 190 that is a few
milliseconds with numpy. (networkx's ``steiner_tree`` is only a 2-approximation.)

``Metric`` holds the all-pairs shortest paths of one board state (one round's track); it is
shared by every player of the round.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

INF = np.inf


@dataclass(frozen=True)
class SteinerResult:
    cost: float
    edges: tuple[tuple[Hashable, Hashable], ...]  # every edge of one optimal tree


class Metric:
    """Shortest-path distances and next hops between all nodes of a weighted graph.

    ``edges`` are (a, b, weight) with non-negative weights; the graph is undirected.
    """

    def __init__(
        self, nodes: Sequence[Hashable], edges: Iterable[tuple[Hashable, Hashable, float]]
    ):
        self.nodes = list(nodes)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        n = len(self.nodes)
        dist = np.full((n, n), INF)
        np.fill_diagonal(dist, 0.0)
        for a, b, w in edges:
            i, j = self.index[a], self.index[b]
            if w < dist[i, j]:
                dist[i, j] = dist[j, i] = w
        # nxt[i, j]: the node after i on a shortest path from i to j.
        nxt = np.where(np.isfinite(dist), np.arange(n)[None, :], -1)
        for k in range(n):  # Floyd-Warshall, one vectorised sweep per pivot
            through = dist[:, k, None] + dist[None, k, :]
            better = through < dist
            if better.any():
                dist = np.where(better, through, dist)
                nxt = np.where(better, nxt[:, k, None], nxt)
        self.dist = dist
        self.nxt = nxt

    def path(self, i: int, j: int) -> list[int]:
        """Node indices of a shortest path from i to j."""
        out = [i]
        while i != j:
            i = int(self.nxt[i, j])
            if i < 0:
                raise ValueError("no path")
            out.append(i)
        return out


def steiner_tree(metric: Metric, terminals: Iterable[Hashable]) -> SteinerResult:
    """The cheapest tree connecting all terminals, exactly, with its edges."""
    terms = [metric.index[t] for t in dict.fromkeys(terminals)]
    k = len(terms)
    if k <= 1:
        return SteinerResult(0.0, ())
    d = metric.dist
    n = d.shape[0]
    full = (1 << k) - 1
    # dp[S, v]: cheapest tree spanning the terminals in S plus node v.
    dp = np.full((full + 1, n), INF)
    split = np.zeros((full + 1, n), dtype=np.int64)  # how S was split at its branch node
    via = np.zeros((full + 1, n), dtype=np.int64)  # branch node u; the tree reaches v by path u-v
    arange = np.arange(n)
    for i, t in enumerate(terms):
        dp[1 << i] = d[t]
        via[1 << i] = t
    for s in range(1, full + 1):
        if s & (s - 1) == 0:
            continue  # singletons are initialised
        low = s & -s
        best = np.full(n, INF)
        best_a = np.zeros(n, dtype=np.int64)
        a = (s - 1) & s
        while a:
            if a & low:  # each unordered split once
                value = dp[a] + dp[s ^ a]
                better = value < best
                best = np.where(better, value, best)
                best_a = np.where(better, a, best_a)
            a = (a - 1) & s
        split[s] = best_a
        total = best[:, None] + d  # total[u, v]: branch at u, then walk to v
        u = total.argmin(axis=0)
        value = total[u, arange]
        # Prefer branching at v itself when that is as cheap (keeps the evidence tidy).
        via[s] = np.where(best <= value, arange, u)
        dp[s] = np.minimum(value, best)
    root = terms[0]
    cost = float(dp[full, root])
    if not np.isfinite(cost):
        raise ValueError("the terminals are not connected")

    edges: set[tuple[int, int]] = set()

    def build(s: int, v: int) -> None:
        u = int(via[s, v])
        path = metric.path(u, v)
        edges.update((min(p, q), max(p, q)) for p, q in itertools.pairwise(path))
        if s & (s - 1):
            a = int(split[s, u])
            build(a, u)
            build(s ^ a, u)

    build(full, root)
    names = metric.nodes
    return SteinerResult(cost, tuple(sorted((names[p], names[q]) for p, q in edges)))


def greedy_tree(metric: Metric, terminals: Iterable[Hashable]) -> SteinerResult:
    """The nearest-city heuristic most programs use: grow a tree from the first terminal by
    repeatedly joining the nearest unconnected terminal along a shortest path. Not exact; kept
    for comparison (it can over-count, never under-count)."""
    terms = [metric.index[t] for t in dict.fromkeys(terminals)]
    tree = {terms[0]}
    todo = set(terms[1:])
    edges: set[tuple[int, int]] = set()
    cost = 0.0
    d = metric.dist
    while todo:
        members = sorted(tree)
        best = min(
            ((d[m, t], t, m) for t in sorted(todo) for m in members),
            key=lambda item: item[0],
        )
        _, t, m = best
        path = metric.path(m, t)
        for p, q in itertools.pairwise(path):
            key = (min(p, q), max(p, q))
            if key not in edges:
                edges.add(key)
                cost += float(d[p, q])
        tree.update(path)
        todo.discard(t)
        todo -= tree
    names = metric.nodes
    return SteinerResult(cost, tuple(sorted((names[p], names[q]) for p, q in edges)))
