"""``trackwright.core.graphs`` against networkx, on random small graphs: the same distances, the
same chosen paths among equal-cost ones (weights with many ties, zero weights, edges given
twice), the same components in the same order, the same failures. The engines' results depend
on it: Dampfross's build plans and race routes are pinned by the recorded games."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trackwright.core import graphs

# Node labels of mixed types: sorting or comparing two of them fails, so a heap that ever
# compared nodes (rather than its counter) would be caught.
LABELS = [0, "a", 1, "b", (2, 0), "c", 3, (4, 1), "d", 5]
WEIGHTS = st.sampled_from([0, 1, 1, 1, 2, 2, 3, 1000, 1001])


@st.composite
def graph_specs(draw: Any) -> tuple[list, list]:
    """Nodes added first (some of them isolated), then weighted edges in order, maybe repeated
    (networkx then keeps the first place and takes the last weight) and maybe loops."""
    n = draw(st.integers(1, len(LABELS)))
    nodes = LABELS[:n]
    first = draw(st.lists(st.sampled_from(nodes), unique=True, max_size=n))
    edges = draw(
        st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes), WEIGHTS), max_size=25)
    )
    return first, edges


def build(spec: tuple[list, list], directed: bool) -> tuple[nx.Graph, dict]:
    """The networkx graph and our adjacency dict, built by the same steps."""
    first, edges = spec
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(first)
    adj: dict = {n: {} for n in first}
    for u, v, w in edges:
        g.add_edge(u, v, weight=w)
        adj.setdefault(u, {})[v] = w
        adj.setdefault(v, {})
        if not directed:
            adj[v][u] = w
    return g, adj


@settings(max_examples=400, deadline=None)
@given(graph_specs(), st.booleans())
def test_single_source_dijkstra_is_networkx(spec, directed):
    g, adj = build(spec, directed)
    assert list(adj) == list(g)
    for source in g:
        dist, paths = nx.single_source_dijkstra(g, source, weight="weight")
        ours_dist, ours_paths = graphs.single_source_dijkstra(adj, source)
        assert list(ours_dist.items()) == list(dist.items())
        assert list(ours_paths.items()) == list(paths.items())


@settings(max_examples=400, deadline=None)
@given(graph_specs(), st.booleans())
def test_dijkstra_path_is_networkx(spec, directed):
    g, adj = build(spec, directed)
    for source in g:
        for target in [*g, "nowhere"]:
            try:
                expected = nx.dijkstra_path(g, source, target, weight="weight")
            except nx.NetworkXNoPath:
                with pytest.raises(graphs.NoPath):
                    graphs.dijkstra_path(adj, source, target)
                assert target == "nowhere" or not nx.has_path(g, source, target)
                continue
            assert graphs.dijkstra_path(adj, source, target) == expected


@settings(max_examples=400, deadline=None)
@given(graph_specs())
def test_components_and_lengths_are_networkx(spec):
    g, weighted = build(spec, directed=False)
    adj = {n: list(near) for n, near in weighted.items()}
    assert list(graphs.connected_components(adj)) == list(nx.connected_components(g))
    for source in g:
        assert graphs.node_connected_component(adj, source) == nx.node_connected_component(
            g, source
        )
        for target in g:
            if nx.has_path(g, source, target):
                assert graphs.shortest_path_length(adj, source, target) == (
                    nx.shortest_path_length(g, source, target)
                )
            else:
                with pytest.raises(graphs.NoPath):
                    graphs.shortest_path_length(adj, source, target)


@settings(max_examples=200, deadline=None)
@given(graph_specs())
def test_undirected_orders_nodes_as_networkx(spec):
    first, edges = spec
    g = nx.Graph()
    g.add_nodes_from(first)
    g.add_edges_from((u, v) for u, v, _ in edges)
    adj = graphs.undirected(((u, v) for u, v, _ in edges), first)
    assert list(adj) == list(g)
    assert {n: set(near) for n, near in adj.items()} == {n: set(g[n]) for n in g}


def test_unknown_nodes_are_key_errors():
    adj: dict = {"a": {"b": 1}, "b": {}}
    for call in (
        lambda: graphs.single_source_dijkstra(adj, "x"),
        lambda: graphs.dijkstra_path(adj, "x", "a"),
        lambda: graphs.shortest_path_length(adj, "a", "x"),
        lambda: graphs.shortest_path_length(adj, "x", "a"),
        lambda: graphs.node_connected_component(adj, "x"),
    ):
        with pytest.raises(KeyError):
            call()
    with pytest.raises(graphs.NoPath):
        graphs.dijkstra_path(adj, "b", "a")  # directed: no way back
    assert graphs.dijkstra_path(adj, "a", "a") == ["a"]
    assert graphs.shortest_path_length(adj, "a", "a") == 0
