"""Exact minimum Steiner trees for few terminals, in pure Python, with the tree as evidence.

TransAmerica's missing-track count is the cost of the cheapest set of empty track spaces that
connects a player's five cities and start marker, where track already on the board is free: a
Steiner tree with at most six terminals. (networkx's ``steiner_tree`` is only a
2-approximation.)

The method is Dreyfus-Wagner's dynamic programme in the form of Erickson, Monma and Veinott: for
every subset S of the terminals but one (the root) and every node v, the cheapest tree spanning
S and v, found by merging two smaller trees at v and then relaxing along the edges with
Dijkstra's algorithm. That costs O(3^k n + 2^k (m + n log n)) for k terminals on a graph of n
nodes and m edges: no table of all distances is ever made.

A :class:`Graph` is built once per board state (one round's track) and shared by every player:
free edges (placed track) are contracted first, so a round with much track is a small graph
and terminals on one network count once. Ties are broken by a fixed order everywhere, so the
same board and hand always give the same tree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

INF = float("inf")

Edge = tuple[str, str]


@dataclass(frozen=True)
class SteinerResult:
    cost: float
    edges: tuple[Edge, ...]
    """The edges of one optimal tree that cost something (free edges are not listed)."""


def _buckets(dist: list[float], ahead: list[float], limit: float) -> list[list[int]]:
    """The queue Dijkstra starts from: the nodes with a finite distance within the limit, in
    buckets by distance (whole numbers)."""
    buckets: list[list[int]] = []
    for v, d in enumerate(dist):
        if d + ahead[v] <= limit and d < INF:
            level = int(d)
            while len(buckets) <= level:
                buckets.append([])
            buckets[level].append(v)
    return buckets


class Graph:
    """An undirected graph with non-negative edge weights, its free (weight 0) edges contracted.

    ``edges`` are (a, b, weight). Between two contracted nodes only the cheapest edge is kept (the
    first in the order of the edges given, among equals); it is the one the evidence names.
    """

    def __init__(self, nodes: Sequence[str], edges: Iterable[tuple[str, str, float]]) -> None:
        self.nodes = list(nodes)
        index = {node: i for i, node in enumerate(self.nodes)}
        weighted = [(index[a], index[b], w, (a, b)) for a, b, w in edges]
        parent = list(range(len(self.nodes)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i, j, w, _name in weighted:
            if w == 0:
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
        roots = sorted({find(i) for i in range(len(self.nodes))})
        number = {r: k for k, r in enumerate(roots)}
        #: the contracted node of every original node
        self.part = {node: number[find(i)] for i, node in enumerate(self.nodes)}
        self.size = len(roots)
        best: dict[tuple[int, int], tuple[float, Edge]] = {}
        for i, j, w, name in weighted:
            a, b = number[find(i)], number[find(j)]
            if a == b:
                continue
            key = (a, b) if a < b else (b, a)
            if key not in best or w < best[key][0]:
                best[key] = (w, name)
        #: adjacency: for each contracted node, (neighbour, weight, original edge), in order
        self.adjacent: list[list[tuple[int, float, Edge]]] = [[] for _ in range(self.size)]
        for (a, b), (w, name) in sorted(best.items()):
            self.adjacent[a].append((b, w, name))
            self.adjacent[b].append((a, w, name))
        if not all(float(w).is_integer() and w > 0 for w, _name in best.values()):
            raise ValueError("line costs must be whole numbers (0 only for placed track)")

    def relax(
        self,
        dist: list[float],
        pred: list[tuple[int, Edge] | None],
        stop: int | None = None,
        limit: float = INF,
        ahead: list[float] | None = None,
    ) -> None:
        """Dijkstra from every node with a finite ``dist`` at once, in place; ``pred`` records
        the edge each improved node was reached by. With ``stop``, ends once it is settled; with
        ``limit``, a node is never reached at a distance that, with its ``ahead`` (a lower bound
        of what is still to pay from there), exceeds the limit.

        Line costs are whole numbers (1 or 2; placed track is contracted away), so distances are
        too and the queue is a list of buckets, one per distance. No weight is 0, so every node
        of a bucket is known before the bucket is reached, and its nodes are settled in index
        order: the order (distance, node index) a heap would give, so the evidence is the same."""
        if ahead is None:
            ahead = [0.0] * self.size
        buckets = _buckets(dist, ahead, limit)
        done = [False] * self.size
        adjacent = self.adjacent
        level = 0
        while level < len(buckets):
            bucket = buckets[level]
            if len(bucket) > 1:
                bucket.sort()
            for v in bucket:
                if done[v] or dist[v] != level:
                    continue
                done[v] = True
                if v == stop:
                    return
                for u, w, name in adjacent[v]:
                    nd = level + w
                    if nd < dist[u] and nd + ahead[u] <= limit:
                        dist[u] = nd
                        pred[u] = (v, name)
                        slot = int(nd)
                        while len(buckets) <= slot:
                            buckets.append([])
                        buckets[slot].append(u)
            level += 1


def _tree_edges(
    pred: list[list[tuple[int, Edge] | None]], split: list[list[int]], full: int, root: int
) -> list[Edge]:
    """The edges of the tree the programme chose, walked back from the root over all terminals."""
    edges: list[Edge] = []
    todo = [(full, root)]
    while todo:
        s, v = todo.pop()
        step = pred[s][v]
        while step is not None:  # walk the edges back to where the tree branches
            u, name = step
            edges.append(name)
            v, step = u, pred[s][u]
        if s & (s - 1):
            a = split[s][v]
            todo += [(a, v), (s ^ a, v)]
    return edges


def _ahead(away: list[list[float]], s: int, nothing: list[float]) -> list[float]:
    """At each node, the distance to the farthest terminal outside the set ``s``: a lower bound
    of what a partial tree for ``s`` there still has to pay."""
    rest = [away[i] for i in range(len(away)) if not s >> i & 1]
    return list(map(max, *rest)) if len(rest) > 1 else rest[0] if rest else nothing


def _merged(
    dp: list[list[float]],
    within: list[list[int]],
    s: int,
    h: list[float],
    bound: float,
) -> tuple[list[float], list[int]]:
    """The cheapest join at each node of two smaller trees that together span ``s`` (each
    unordered split once, within the bound): the costs, and the split each chose."""
    n = len(h)
    dist = [INF] * n
    how = [0] * n
    low = s & -s
    a = (s - 1) & s
    while a:
        if a & low:
            left, right = dp[a], dp[s ^ a]
            nodes = within[a] if len(within[a]) <= len(within[s ^ a]) else within[s ^ a]
            for v in nodes:
                value = left[v] + right[v]
                if value < dist[v] and value + h[v] <= bound:
                    dist[v] = value
                    how[v] = a
        a = (a - 1) & s
    return dist, how


def steiner_tree(graph: Graph, terminals: Iterable[str]) -> SteinerResult:
    """The cheapest tree connecting all terminals, exactly, with its edges that cost something.
    Raises ValueError when the terminals are not connected."""
    parts = list(dict.fromkeys(graph.part[t] for t in terminals))
    if len(parts) <= 1:
        return SteinerResult(0.0, ())
    root, others = parts[0], parts[1:]
    k = len(others)
    full = (1 << k) - 1
    n = graph.size
    dp: list[list[float]] = [[]] * (full + 1)
    pred: list[list[tuple[int, Edge] | None]] = [[]] * (full + 1)
    split: list[list[int]] = [[]] * (full + 1)
    # The single terminals first: each one's distances to every node.
    for i, t in enumerate(others):
        s = 1 << i
        dist = [INF] * n
        dist[t] = 0.0
        came: list[tuple[int, Edge] | None] = [None] * n
        graph.relax(dist, came, stop=root if s == full else None)
        dp[s], pred[s], split[s] = dist, came, [0] * n
    # Pruning (the answer and the tree stay exactly those of the full programme): an upper bound
    # on the answer, the terminals joined by shortest paths along a minimum spanning tree of
    # their distances; and a lower bound of what a partial tree for the terminals S at v still
    # has to pay, the distance from v to the farthest terminal outside S (the rest of the tree
    # joins v to each of them). A partial tree whose cost plus that exceeds the upper bound is
    # in no optimal tree: it is left out, and the search stops there.
    bound = _spanning_bound(dp, others, root)
    away = [dp[1 << i] for i in range(k)]
    nothing = [0.0] * n
    within: list[list[int]] = [[]] * (full + 1)
    for i in range(k):
        h = _ahead(away, 1 << i, nothing)
        d = dp[1 << i]
        within[1 << i] = [v for v in range(n) if d[v] + h[v] <= bound]
    for s in range(1, full + 1):
        if s & (s - 1) == 0:
            continue
        h = _ahead(away, s, nothing)
        # Merge two smaller trees at each node, each unordered split once.
        dist, split[s] = _merged(dp, within, s, h, bound)
        came = [None] * n
        graph.relax(dist, came, stop=root if s == full else None, limit=bound, ahead=h)
        dp[s], pred[s] = dist, came
        within[s] = [v for v in range(n) if dist[v] + h[v] <= bound]
    cost = dp[full][root]
    if cost == INF:
        raise ValueError("the terminals are not connected")
    edges = _tree_edges(pred, split, full, root)
    return SteinerResult(cost, tuple(sorted(set(edges))))


def _spanning_bound(dp: list[list[float]], others: list[int], root: int) -> float:
    """The cost of joining the terminals along a minimum spanning tree of their shortest-path
    distances (Prim's algorithm on at most six points), from the single terminals' tables."""
    k = len(others)
    points = [*others, root]

    def apart(i: int, j: int) -> float:
        return dp[1 << i][points[j]] if i < k else dp[1 << j][points[i]]

    joined, cost = {0}, 0.0
    while len(joined) < len(points):
        d, j = min((apart(i, j), j) for i in joined for j in range(len(points)) if j not in joined)
        joined.add(j)
        cost += d
    return cost


def greedy_tree(graph: Graph, terminals: Iterable[str]) -> SteinerResult:
    """The nearest-city heuristic most programs use: grow a tree from the first terminal by
    repeatedly joining the nearest unconnected terminal along a shortest path. Not exact; kept
    for comparison (it can over-count, never under-count)."""
    parts = list(dict.fromkeys(graph.part[t] for t in terminals))
    tree = {parts[0]}
    todo = set(parts[1:])
    edges: list[Edge] = []
    cost = 0.0
    while todo:
        dist = [INF] * graph.size
        for v in tree:
            dist[v] = 0.0
        came: list[tuple[int, Edge] | None] = [None] * graph.size
        graph.relax(dist, came)
        nearest = min(sorted(todo), key=lambda t: dist[t])
        if dist[nearest] == INF:
            raise ValueError("the terminals are not connected")
        cost += dist[nearest]
        v, step = nearest, came[nearest]
        tree.add(v)
        while step is not None:
            u, name = step
            edges.append(name)
            tree.add(u)
            v, step = u, came[u]
        todo -= tree
    return SteinerResult(cost, tuple(sorted(set(edges))))
