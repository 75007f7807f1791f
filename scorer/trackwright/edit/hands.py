"""How a TransAmerica board plays, in pure Python: the cost of its hands (one city of each
colour; the fewest tracks, double lines counting 2, that join the five cities on the empty
board: an exact Steiner tree), for the editor page, where numpy is not loaded.

Two ways, both exact for each hand: :func:`sample_costs`, a seeded sample of hands (what the
page asks while drawing), and :func:`all_costs`, every hand (on export). Both solve hands with
the Dreyfus-Wagner programme (as :func:`trackwright.scorer.steiner.steiner_tree` and
``trackwright.kits.transamerica.balance`` do), its tables of one, two and three cities shared by
all the hands that hold them and kept per lattice (:class:`Tables`), so that moving one city
solves again only what holds it. tests/edit/test_transamerica.py holds them to balance.py's
figures (numpy) and to the engine's Steiner trees.

:class:`Band` and :data:`ORIGINAL` say what "plays like the published board" means; the
balance analysis, the kits and the commands read them from here.
"""

from __future__ import annotations

import itertools
import operator
import random
import time
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


# ------------------------------------------------------------------ the programme's tables


class Tables:
    """The Dreyfus-Wagner programme's tables for one lattice, made as hands ask for them and
    kept: ``row(nodes)`` is, at every intersection v, the cheapest tree joining ``nodes`` and v
    (two smaller trees joined at each v, then relaxed along the lines by the engine's own
    :meth:`trackwright.scorer.steiner.Graph.relax`). A hand of five cities takes its first as
    the root: its cost is the best join, at some v, of two trees over the other four cities plus
    the line from v to the root (the programme's last step, without a relaxation), so only the
    tables of up to three cities of the four other colours are ever made (7 x 4 + 49 x 6 +
    343 x 4 rows at most), shared by every hand that holds them: moving one city leaves the
    others' tables as they are."""

    def __init__(self, lattice: Lattice) -> None:
        self.graph = graph_of(lattice)
        self.near = [tuple((u, int(w)) for u, w, _name in adj) for adj in self.graph.adjacent]
        self.rows: dict[tuple[str, ...], list[float]] = {}
        self.costs: dict[tuple[str, ...], int] = {}

    def row(self, nodes: tuple[str, ...]) -> list[float]:
        """The table of ``nodes`` (sorted, each once)."""
        hit = self.rows.get(nodes)
        if hit is not None:
            return hit
        if len(nodes) == 1:
            dist = [INF] * self.graph.size
            dist[self.graph.part[nodes[0]]] = 0.0
        else:
            dist = self.joined(nodes)
        relax(dist, self.near)
        if len(self.rows) >= _KEEP_ROWS:
            self.rows.clear()
        self.rows[nodes] = dist
        return dist

    def joined(self, nodes: tuple[str, ...]) -> list[float]:
        """At every v, the best join of two trees that together join ``nodes`` (each unordered
        split once: the part holding the first node, and the rest)."""
        best: list[float] | None = None
        m = len(nodes)
        for mask in range(1, (1 << m) - 1, 2):  # the parts holding nodes[0]
            a = tuple(n for i, n in enumerate(nodes) if mask >> i & 1)
            b = tuple(n for i, n in enumerate(nodes) if not mask >> i & 1)
            total = list(map(operator.add, self.row(a), self.row(b)))
            best = total if best is None else list(map(min, best, total))
        assert best is not None
        return best

    def cost(self, hand: Sequence[str]) -> int:
        """The exact cost of the cheapest tree joining the hand's intersections."""
        root = hand[0]
        others = tuple(sorted(set(hand) - {root}))
        key = (root, *others)
        hit = self.costs.get(key)
        if hit is not None:
            return hit
        if not others:
            value = 0.0
        elif len(others) == len(_SPLITS_OF_FOUR[0][0]) + len(_SPLITS_OF_FOUR[0][1]):
            value = self._last_step(root, others)
        else:
            value = self.row(others)[self.graph.part[root]]
        if value == INF:
            raise ValueError("the hand's cities are not joined")
        if len(self.costs) >= _KEEP_HANDS:
            self.costs.clear()
        self.costs[key] = int(value)
        return int(value)

    def _last_step(self, root: str, others: tuple[str, ...]) -> float:
        """Four cities and the root: the best, at any v, of two trees over the four joined at v
        plus the line from v to the root (``row((root,))``, the root's distances)."""
        to_root = self.row((root,))
        best = INF
        for a, b in _SPLITS_OF_FOUR:
            left = self.row(tuple(others[i] for i in a))
            right = self.row(tuple(others[i] for i in b))
            best = min(best, min(map(operator.add, map(operator.add, left, right), to_root)))
        return best


def relax(dist: list[float], near: Sequence[Sequence[tuple[int, int]]]) -> None:
    """Dijkstra from every intersection with a finite ``dist`` at once, in place: the engine's
    :meth:`trackwright.scorer.steiner.Graph.relax` without what only its trees need (the edges
    taken, a stop, a limit). Lines cost 1 or 2, so the queue is a list of buckets by distance; an
    intersection is in a bucket at most once (only a strictly shorter way puts it in again, in
    a lower one), and one found in a bucket at a distance already shorter was settled before."""
    buckets: list[list[int]] = []
    for v, d in enumerate(dist):
        if d < INF:
            level = int(d)
            while len(buckets) <= level:
                buckets.append([])
            buckets[level].append(v)
    level = 0
    while level < len(buckets):
        for v in buckets[level]:
            if dist[v] != level:
                continue
            for u, w in near[v]:
                nd = level + w
                if nd < dist[u]:
                    dist[u] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(u)
        level += 1


#: The unordered splits of four cities into two parts (by position; the first part holds the
#: first city): 4 of one and three, 3 of two and two.
_SPLITS_OF_FOUR = [
    (tuple(i for i in range(4) if mask >> i & 1), tuple(i for i in range(4) if not mask >> i & 1))
    for mask in range(1, 15, 2)
]


#: The tables, per lattice (its nodes and lines): the last few boards drawn.
_TABLES: OrderedDict[Lattice, Tables] = OrderedDict()
_KEEP_LATTICES = 2
_KEEP_ROWS = 4_000
_KEEP_HANDS = 50_000


def tables(lattice: Lattice) -> Tables:
    if lattice in _TABLES:
        _TABLES.move_to_end(lattice)
    else:
        _TABLES[lattice] = Tables(lattice)
        while len(_TABLES) > _KEEP_LATTICES:
            _TABLES.popitem(last=False)
    return _TABLES[lattice]


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
    t = tables(lattice)
    return [t.cost(hand) for hand in draw_hands(groups, count, seed)]


def all_costs(lattice: Lattice, groups: Sequence[Sequence[str]]) -> list[int]:
    """Every hand's exact cost, one node of each group (hands in the order of
    ``itertools.product`` over the groups); the lattice must join them all."""
    run = Exact(lattice, groups)
    run.advance()
    return run.costs()


class Exact:
    """Every hand's cost, solved a part at a time (:meth:`advance` within a deadline, again
    until :attr:`finished`), so that the page's worker answers other questions between the
    parts. The hands are taken four cities of the other colours at a time (7^4 of them): the
    best join of two trees over those four, at every intersection (the programme's last step
    but one, :meth:`Tables._last_step`), is made once and read against each first-colour city's
    distances, instead of once per hand; the same figures as :meth:`Tables.cost`, faster."""

    def __init__(self, lattice: Lattice, groups: Sequence[Sequence[str]]) -> None:
        self.tables: Tables | None = tables(lattice)
        self.roots = tuple(groups[0])
        self.fours = list(itertools.product(*groups[1:]))
        self.found: list[list[int]] = []  # per four, each root's hand's cost
        self.seconds = 0.0  # spent in advance()

    @property
    def total(self) -> int:
        return len(self.roots) * len(self.fours)

    @property
    def done(self) -> int:
        return len(self.roots) * len(self.found)

    @property
    def finished(self) -> bool:
        return len(self.found) == len(self.fours)

    def advance(self, seconds: float | None = None) -> bool:
        """Solve hands for about ``seconds`` (all of them without); True once every hand is."""
        started = time.perf_counter()
        t = self.tables
        while t is not None and len(self.found) < len(self.fours):
            self.found.append(self._four(t, self.fours[len(self.found)]))
            if seconds is not None and time.perf_counter() - started > seconds:
                break
        self.seconds += time.perf_counter() - started
        if self.finished:
            self.tables = None  # the results stay, the tables go with the lattice's turn
        return self.finished

    def costs(self) -> list[int]:
        """The hands' costs in the order of ``itertools.product`` over the groups."""
        assert self.finished
        return [row[i] for i in range(len(self.roots)) for row in self.found]

    def _four(self, t: Tables, four: tuple[str, ...]) -> list[int]:
        others = tuple(sorted(set(four)))
        if len(others) != len(_SPLITS_OF_FOUR[0][0]) + len(_SPLITS_OF_FOUR[0][1]):
            return [t.cost((root, *four)) for root in self.roots]
        joined: list[float] | None = None
        for a, b in _SPLITS_OF_FOUR:
            left = t.row(tuple(others[i] for i in a))
            right = t.row(tuple(others[i] for i in b))
            total = list(map(operator.add, left, right))
            joined = total if joined is None else list(map(min, joined, total))
        assert joined is not None
        out = []
        for root in self.roots:
            if root in others:
                out.append(t.cost((root, *four)))
                continue
            value = min(map(operator.add, joined, t.row((root,))))
            if value == INF:
                raise ValueError("the hand's cities are not joined")
            out.append(int(value))
        return out


#: The exact runs under way or done, per lattice and groups: the last few exported boards.
_EXACT: OrderedDict[tuple[Lattice, tuple[tuple[str, ...], ...]], Exact] = OrderedDict()
_KEEP_EXACT = 2


def exact(lattice: Lattice, groups: Sequence[Sequence[str]]) -> Exact:
    """The exact run of this lattice and these groups, as far as it went (a new one at first)."""
    key = (lattice, tuple(tuple(g) for g in groups))
    if key in _EXACT:
        _EXACT.move_to_end(key)
    else:
        _EXACT[key] = Exact(lattice, groups)
        while len(_EXACT) > _KEEP_EXACT:
            _EXACT.popitem(last=False)
    return _EXACT[key]
