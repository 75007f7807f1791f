"""The few graph algorithms the rules engines and the map checks need, in pure Python.

The engines run in a phone's browser (Pyodide) from a static site, so they load nothing but the
standard library and our own code; networkx would add megabytes and a long import to every cold
start for a handful of basic algorithms. These functions replace the networkx calls the engines
made, and give **the same results**, down to which path is chosen among equal-cost paths (the
recorded games and the examples pin Dampfross's build plans and race routes): they follow
networkx 3's ``_dijkstra_multisource`` and ``connected_components`` step by step.

A graph is an adjacency mapping, every node a key:

* unweighted: ``node -> its neighbours`` (any iterable, e.g. a list);
* weighted: ``node -> {neighbour: weight}``, weights non-negative. A directed graph lists an
  edge under its tail only; an undirected one under both ends.

Neighbours are visited in the mapping's order, which for a dict is the order of insertion: build
it in the order networkx's ``add_edge`` calls would have been made, and ties break the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from heapq import heappop, heappush
from itertools import count
from typing import TypeVar

N = TypeVar("N", bound=Hashable)


class NoPath(LookupError):
    """No path joins the two nodes (networkx raises ``NetworkXNoPath``)."""


def undirected(edges: Iterable[tuple[N, N]], nodes: Iterable[N] = ()) -> dict[N, list[N]]:
    """The adjacency lists of an undirected graph: first ``nodes``, then each edge's ends as
    they come (the node order of networkx's ``add_nodes_from(nodes)``, ``add_edges_from(edges)``).
    Give each edge once: a repeated edge lists its ends twice (harmless, only slower)."""
    adj: dict[N, list[N]] = {n: [] for n in nodes}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


def node_connected_component(adj: Mapping[N, Iterable[N]], source: N) -> set[N]:
    """The nodes reachable from ``source``, itself included. KeyError if it is no node."""
    seen = {source}
    todo = [source]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def connected_components(adj: Mapping[N, Iterable[N]]) -> Iterator[set[N]]:
    """The connected parts of an undirected graph, in the order of their first node in ``adj``
    (as networkx's ``connected_components`` yields them)."""
    seen: set[N] = set()
    for node in adj:
        if node not in seen:
            part = node_connected_component(adj, node)
            seen |= part
            yield part


def shortest_path_length(adj: Mapping[N, Iterable[N]], source: N, target: N) -> int:
    """The fewest edges from ``source`` to ``target`` (breadth first). KeyError if either is no
    node (networkx: ``NodeNotFound``), :class:`NoPath` if they are not joined."""
    for node in (source, target):
        if node not in adj:
            raise KeyError(node)
    if source == target:
        return 0
    seen = {source}
    level, length = [source], 0
    while level:
        length += 1
        following = []
        for node in level:
            for n in adj[node]:
                if n == target:
                    return length
                if n not in seen:
                    seen.add(n)
                    following.append(n)
        level = following
    raise NoPath(f"no path from {source!r} to {target!r}")


def _dijkstra(
    adj: Mapping[N, Mapping[N, float]], source: N, target: N | None = None
) -> tuple[dict[N, float], dict[N, N]]:
    """Distances from ``source`` (in the order settled) and each reached node's predecessor on
    its chosen path; stops once ``target`` is settled.

    networkx's ``_dijkstra_multisource`` exactly: the heap holds ``(distance, counter, node)``,
    so equal distances leave in the order pushed; a settled node is never revisited; a node's
    tentative distance and predecessor change only for a strictly shorter distance."""
    if source not in adj:
        raise KeyError(source)
    dist: dict[N, float] = {}
    seen: dict[N, float] = {source: 0}
    pred: dict[N, N] = {}
    counter = count()
    fringe: list[tuple[float, int, N]] = [(0, next(counter), source)]
    while fringe:
        d, _, v = heappop(fringe)
        if v in dist:
            continue
        dist[v] = d
        if v == target:
            break
        for u, cost in adj[v].items():
            du = d + cost
            if u not in dist and (u not in seen or du < seen[u]):
                seen[u] = du
                heappush(fringe, (du, next(counter), u))
                pred[u] = v
    return dist, pred


def single_source_dijkstra(
    adj: Mapping[N, Mapping[N, float]], source: N
) -> tuple[dict[N, float], dict[N, list[N]]]:
    """The cheapest distance and path from ``source`` to every node it reaches, as networkx's
    ``single_source_dijkstra(G, source)`` gives them (the same path among equal-cost ones, the
    same dict order). KeyError if ``source`` is no node."""
    dist, pred = _dijkstra(adj, source)
    paths = {source: [source]}
    for v in dist:  # settled in order of distance: a node's predecessor has its path already
        if v != source:
            paths[v] = [*paths[pred[v]], v]
    return dist, paths


def dijkstra_path(adj: Mapping[N, Mapping[N, float]], source: N, target: N) -> list[N]:
    """The cheapest path from ``source`` to ``target``, as networkx's ``dijkstra_path`` chooses
    it. KeyError if ``source`` is no node, :class:`NoPath` if ``target`` cannot be reached."""
    if source not in adj:
        raise KeyError(source)
    if target == source:
        return [source]
    dist, pred = _dijkstra(adj, source, target)
    if target not in dist:
        raise NoPath(f"no path from {source!r} to {target!r}")
    path = [target]
    while path[-1] != source:
        path.append(pred[path[-1]])
    path.reverse()
    return path
