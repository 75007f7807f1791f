"""How a TransAmerica board plays, in pure Python: the cost of its hands (one city of each
colour; the fewest tracks, double lines counting 2, that join the five cities on the empty
board: an exact Steiner tree), for the editor page, where numpy is not loaded.

Two ways: :func:`sample_costs`, a seeded sample of hands each solved by the engine's own
:func:`trackwright.scorer.steiner.steiner_tree` (what the page asks while drawing, kept per
lattice so that moving one city solves only the hands that hold it); and :func:`all_costs`,
every hand exactly, by the Dreyfus-Wagner programme over the regions' choices that
``trackwright.kits.transamerica.balance`` runs with numpy (the subsets of up to three regions
relaxed along the board's lines, the whole hand the best split at one node): the same figures,
tests/edit/test_transamerica.py holds the two to each other on the built-in boards.

:class:`Band` and :data:`ORIGINAL` say what "plays like the published board" means; the
balance analysis, the kits and the commands read them from here.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from trackwright.scorer import steiner

INF = float("inf")

#: The published board's hand costs (the issue's figures): all 16,807 hands.
ORIGINAL = {"min": 19, "mean": 27.5, "max": 36}


class Figures(Protocol):
    @property
    def mean(self) -> float: ...

    @property
    def maximum(self) -> int: ...


@dataclass(frozen=True)
class Band:
    """What 'plays like the original' means: hand-cost statistics inside these limits."""

    mean_low: float = 26.0
    mean_high: float = 29.0
    max_high: int = 38

    def holds(self, b: Figures) -> bool:
        return self.mean_low <= b.mean <= self.mean_high and b.maximum <= self.max_high

    def describe(self) -> str:
        return f"mean {self.mean_low:g}-{self.mean_high:g}, maximum at most {self.max_high}"


Lattice = tuple[tuple[str, ...], tuple[tuple[str, str, int], ...]]


def graph_of(lattice: Lattice) -> steiner.Graph:
    nodes, edges = lattice
    return steiner.Graph(nodes, edges)


# ------------------------------------------------------------------ a sample of hands

#: Hands solved, per lattice (its nodes and lines): moving a city keeps the others' hands.
_SOLVED: OrderedDict[Lattice, tuple[steiner.Graph, dict[tuple[str, ...], int]]] = OrderedDict()
_KEEP_LATTICES = 2
_KEEP_HANDS = 50_000


def _solver(lattice: Lattice) -> tuple[steiner.Graph, dict[tuple[str, ...], int]]:
    if lattice in _SOLVED:
        _SOLVED.move_to_end(lattice)
    else:
        _SOLVED[lattice] = (graph_of(lattice), {})
        while len(_SOLVED) > _KEEP_LATTICES:
            _SOLVED.popitem(last=False)
    return _SOLVED[lattice]


def draw_hands(groups: Sequence[Sequence[str]], count: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` hands, one node of each group, drawn by a seeded generator: the same sizes
    and seed give the same choices, so a city moved changes only the hands that hold it."""
    rng = random.Random(f"trackwright/transamerica/hands/{seed}")
    return [tuple(g[rng.randrange(len(g))] for g in groups) for _ in range(count)]


def sample_costs(
    lattice: Lattice, groups: Sequence[Sequence[str]], count: int, seed: int = 0
) -> list[int]:
    """The exact cost of ``count`` hands drawn at random (:func:`draw_hands`), each city of a
    hand from its group; the lattice must join them all."""
    graph, solved = _solver(lattice)
    out = []
    for hand in draw_hands(groups, count, seed):
        key = tuple(sorted(hand))
        if key not in solved:
            if len(solved) >= _KEEP_HANDS:
                solved.clear()
            solved[key] = int(steiner.steiner_tree(graph, hand).cost)
        out.append(solved[key])
    return out


# ------------------------------------------------------------------ every hand, exactly


def _pick(choice: Sequence[int], members: Sequence[int], sub: int) -> tuple[int, ...]:
    """The part of a choice (one index per member group) that falls in the groups of ``sub``."""
    return tuple(c for c, r in zip(choice, members, strict=True) if sub >> r & 1)


def _single(graph: steiner.Graph, node: int) -> list[float]:
    dist = [INF] * graph.size
    dist[node] = 0.0
    graph.relax(dist, [None] * graph.size)
    return dist


def _joined(
    graph: steiner.Graph,
    dp: dict[int, dict[tuple[int, ...], list[float]]],
    members: tuple[int, ...],
    choice: tuple[int, ...],
) -> list[float]:
    """The cheapest tree at each node spanning the chosen cities of ``members``: the best join
    of two smaller trees there (each unordered split once), relaxed along the lines."""
    mask = sum(1 << r for r in members)
    low = mask & -mask
    best: list[float] | None = None
    sub = (mask - 1) & mask
    while sub:
        if sub & low:
            a = dp[sub][_pick(choice, members, sub)]
            b = dp[mask ^ sub][_pick(choice, members, mask ^ sub)]
            total = list(map(operator.add, a, b))
            best = total if best is None else list(map(min, best, total))
        sub = (sub - 1) & mask
    assert best is not None
    graph.relax(best, [None] * graph.size)
    return best


def all_costs(lattice: Lattice, groups: Sequence[Sequence[str]]) -> list[int]:
    """Every hand's exact cost, one node of each group (hands in the order of
    ``itertools.product`` over the groups); the lattice must join them all."""
    graph = graph_of(lattice)
    idx = [[graph.part[n] for n in g] for g in groups]
    k = len(idx)
    dp: dict[int, dict[tuple[int, ...], list[float]]] = {
        1 << r: {(i,): _single(graph, v) for i, v in enumerate(g)} for r, g in enumerate(idx)
    }
    if k == 1:
        return [0] * len(idx[0])
    # Up to five groups the whole hand is the best join at one node of two trees holding at
    # most half its groups (rounded up) each: balance.py's centroid argument.
    top = (k + 1) // 2 if k <= 5 else k - 1
    for size in range(2, top + 1):
        for members in itertools.combinations(range(k), size):
            choices = itertools.product(*(range(len(idx[r])) for r in members))
            dp[sum(1 << r for r in members)] = {c: _joined(graph, dp, members, c) for c in choices}
    full = (1 << k) - 1
    everyone = tuple(range(k))
    splits = [(sub, full ^ sub) for sub in dp if full ^ sub in dp and sub < full ^ sub]
    out = []
    for hand in itertools.product(*(range(len(g)) for g in idx)):
        best = INF
        for sub, rest in splits:
            a = dp[sub][_pick(hand, everyone, sub)]
            b = dp[rest][_pick(hand, everyone, rest)]
            best = min(best, min(map(operator.add, a, b)))
        out.append(int(best))
    return out
