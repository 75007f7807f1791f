"""How fair is a TransAmerica board? The exact cost of every possible hand.

A hand is one city of each colour; its cost is the fewest tracks (double lines count 2) that
connect its five cities on the empty board: an exact Steiner tree. The published board's hands
cost 19 to 36, 27.5 on average; a board whose statistics differ much plays differently.

All 7^5 = 16,807 hands (3,125 with the dotted cards out) are solved together: the Dreyfus-Wagner
programme is run over tensors indexed by the chosen city of every region, so the trees of
city subsets that many hands share are computed once. Subsets of up to four regions are relaxed
along the board's lines (a few per intersection, never a table of all pairs), so time and memory
grow with the board, not its square; the full hand needs only the best split at one node.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from trackwright.core import messages
from trackwright.core.transamerica import REGIONS, TransAmericaMap

# What "plays like the published board" means (the band and the published board's figures) is
# pure data the map editor's page checks too, so it lives in the pure half, beside the editor's
# hand costs; the analysis, the kits and the commands judge a board by it.
from trackwright.edit.hands import ORIGINAL, Band

__all__ = [
    "BATCH",
    "ORIGINAL",
    "Balance",
    "Band",
    "Board",
    "analyse",
    "band_said",
    "board_of",
    "hand_costs",
    "relax",
]

BATCH = 512  # rows relaxed at once: BATCH x nodes x degree floats (about 30 MB at 1,200 nodes)


@dataclass(frozen=True)
class Board:
    """A board as arrays for relaxing many distance rows at once: each intersection's neighbours
    and the cost of the line to each, padded with a sink (index ``size``) that stays infinite."""

    size: int
    neighbours: np.ndarray  # (size + 1, degree) node indices
    costs: np.ndarray  # (size + 1, degree) line costs; padding is infinite

    @classmethod
    def of(
        cls, nodes: Sequence[Hashable], edges: Iterable[tuple[Hashable, Hashable, float]]
    ) -> tuple[dict[Hashable, int], Board]:
        """The node indices and the board of an undirected graph given as (a, b, cost)."""
        index = {node: i for i, node in enumerate(nodes)}
        n = len(index)
        around: list[dict[int, float]] = [{} for _ in range(n)]
        for a, b, w in edges:
            i, j = index[a], index[b]
            if w < around[i].get(j, np.inf):
                around[i][j] = around[j][i] = float(w)
        degree = max((len(x) for x in around), default=0) or 1
        neighbours = np.full((n + 1, degree), n, dtype=np.int64)
        costs = np.full((n + 1, degree), np.inf)
        for i, near in enumerate(around):
            for k, (j, w) in enumerate(sorted(near.items())):
                neighbours[i, k], costs[i, k] = j, w
        return index, cls(n, neighbours, costs)


def relax(values: np.ndarray, board: Board) -> np.ndarray:
    """For every row m (the last axis is the node): out[v] = min over u of m[u] + d(u, v), the
    cheapest line from any node to v. Each pass lets every node take its best neighbour's value
    plus the line; a row stops when a pass changes nothing, so the work follows the edges (a few
    per node) instead of all n x n pairs."""
    n = board.size
    rows = values.reshape(-1, n)
    out = np.empty_like(rows)
    for start in range(0, rows.shape[0], BATCH):
        block = np.full((min(BATCH, rows.shape[0] - start), n + 1), np.inf)
        block[:, :n] = rows[start : start + BATCH]
        active = np.arange(block.shape[0])
        while active.size:
            current = block[active]
            better = np.minimum(current, (current[:, board.neighbours] + board.costs).min(axis=2))
            moved = (better < current).any(axis=1)
            block[active] = better
            active = active[moved]
        out[start : start + BATCH] = block[:, :n]
    return out.reshape(values.shape)


def board_of(m: TransAmericaMap) -> tuple[dict[Hashable, int], Board]:
    """The empty board of a map (every line at its cost)."""
    return Board.of(list(m.nodes), ((e.a, e.b, e.cost) for e in m.edges))


def hand_costs(board: Board, groups: Sequence[Sequence[int]]) -> np.ndarray:
    """The exact Steiner tree cost of every hand taking one node from each group.

    ``groups`` lists node indices per group. Returns a tensor with one axis per group:
    cost[i0, i1, ...].
    """
    k = len(groups)
    idx = [np.asarray(g, dtype=np.int64) for g in groups]
    full = (1 << k) - 1
    # dp[mask]: axes = the groups in mask (in order), then the node v.
    dp: dict[int, np.ndarray] = {}
    for r in range(k):
        start = np.full((len(idx[r]), board.size), np.inf)
        start[np.arange(len(idx[r])), idx[r]] = 0.0
        dp[1 << r] = relax(start, board)

    def expand(mask: int, within: int, tensor: np.ndarray) -> np.ndarray:
        """Give tensor (axes: groups of mask, then v) the axes of the groups of ``within``."""
        shape = []
        for r in range(k):
            if within >> r & 1:
                shape.append(len(idx[r]) if mask >> r & 1 else 1)
        return tensor.reshape(*shape, tensor.shape[-1])

    if k == 1:
        return np.zeros(len(idx[0]))
    # Up to five groups, the whole hand needs the trees of at most half its groups (rounded up):
    # every tree has an intersection v where it falls apart into parts holding at most half the
    # hand's cities each (a centroid), and with at most five cities those parts always gather
    # into two subtrees through v holding floor(k/2) and ceil(k/2) cities. So the hand's cost is
    # the best such split at any node, and the dearest tables (four of five groups: three
    # quarters of the work) are never made.
    top = (k + 1) // 2 if k <= 5 else k - 1
    for size in range(2, top + 1):
        for members in itertools.combinations(range(k), size):
            mask = sum(1 << r for r in members)
            low = mask & -mask
            best = None
            sub = (mask - 1) & mask
            while sub:
                if sub & low:
                    total = expand(sub, mask, dp[sub]) + expand(mask ^ sub, mask, dp[mask ^ sub])
                    best = total if best is None else np.minimum(best, total)
                sub = (sub - 1) & mask
            assert best is not None
            dp[mask] = relax(best, board)
    whole = None
    for sub in dp:
        rest = full ^ sub
        if rest in dp and sub < rest:
            total = expand(sub, full, dp[sub]) + expand(rest, full, dp[rest])
            whole = total if whole is None else np.minimum(whole, total)
    assert whole is not None
    return whole.min(axis=-1)  # the tree of the whole hand: the best split at any node


@dataclass(frozen=True)
class Balance:
    hands: int
    minimum: int
    mean: float
    maximum: int
    histogram: dict[int, int]  # cost -> number of hands
    city_effect: dict[str, dict[str, float]]  # region -> city -> mean cost of its hands - mean
    double_share: float
    small_game: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "min": self.minimum,
            "mean": round(self.mean, 2),
            "max": self.maximum,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "city_effect": {
                r: {c: round(v, 2) for c, v in cities.items()}
                for r, cities in self.city_effect.items()
            },
            "double_share": round(self.double_share, 3),
            "dotted_out": self.small_game,
        }


def analyse(m: TransAmericaMap, small_game: bool = False) -> Balance:
    """Every hand's exact cost on the empty board (with ``small_game`` the dotted cards, out
    of a game of few players, are left out)."""
    index, board = board_of(m)
    cities = [m.cities_of(region, dotted=not small_game) for region in REGIONS]
    groups = [[index[c.node] for c in region] for region in cities]
    costs = np.rint(hand_costs(board, groups)).astype(np.int64)
    values, counts = np.unique(costs, return_counts=True)
    mean = float(costs.mean())
    effect: dict[str, dict[str, float]] = {}
    for axis, (region, members) in enumerate(zip(REGIONS, cities, strict=True)):
        others = tuple(a for a in range(len(REGIONS)) if a != axis)
        per_city = costs.mean(axis=others)
        effect[region] = {c.name: float(per_city[i] - mean) for i, c in enumerate(members)}
    doubles = sum(e.cost == 2 for e in m.edges) / len(m.edges)
    return Balance(
        hands=int(costs.size),
        minimum=int(costs.min()),
        mean=mean,
        maximum=int(costs.max()),
        histogram={int(v): int(c) for v, c in zip(values, counts, strict=True)},
        city_effect=effect,
        double_share=doubles,
        small_game=small_game,
    )


def band_said(band: Band) -> dict[str, object]:
    """:meth:`Band.describe` in an error's words (a part of the message catalogue)."""
    return messages.part("ta.band", low=band.mean_low, high=band.mean_high, most=band.max_high)
