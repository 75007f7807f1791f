"""The TransAmerica map model: a triangular lattice of intersections and track spaces, with 35
cities in five colour regions. Loaded from (and written to) the map file; the lattice's
neighbours (and, for analysis, a networkx graph) are derived from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trackwright.core import graphs, mapfile, messages, presets, trackspaces
from trackwright.core.errors import TrackwrightError

if TYPE_CHECKING:
    import networkx as nx

GAME = "transamerica"
TITLE = "TransAmerica"

REGIONS = ("green", "blue", "yellow", "red", "orange")
CITIES_PER_REGION = 7
DOTTED_PER_REGION = 2
BOARD_MARGIN = 25.0


def edge_key(a: str, b: str) -> tuple[str, str]:
    """The canonical key of the edge between a and b: the two ids in sorted order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Node:
    id: str
    x: float
    y: float


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    cost: int
    kind: str

    @property
    def key(self) -> tuple[str, str]:
        return edge_key(self.a, self.b)


@dataclass(frozen=True)
class City:
    name: str
    node: str
    region: str
    dotted: bool = False


@dataclass(frozen=True)
class TransAmericaMap:
    name: str
    version: str
    nodes: dict[str, Node]
    edges: tuple[Edge, ...]
    cities: tuple[City, ...]
    board_w: float
    board_h: float
    decor: dict[str, Any] = field(default_factory=dict)
    generator: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    #: Where the kit's sheets meet on the printed board, as the kit wrote them (``print.seams``):
    #: x of the vertical seams and y of the horizontal ones on every paper (mm); None when the
    #: file does not say (a hand-written map).
    printed_seams: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    #: Where each of them runs (``print.seams.runs``): ("x", x, y0, y1) for a vertical seam
    #: from y0 to y1, ("y", y, x0, x1) for a horizontal one; None when the file does not say.
    printed_seam_runs: tuple[tuple[str, float, float, float], ...] | None = None

    # -------------------------------------------------------------- derived data
    @cached_property
    def edge_by_key(self) -> dict[tuple[str, str], Edge]:
        return {e.key: e for e in self.edges}

    @cached_property
    def city_by_name(self) -> dict[str, City]:
        return {c.name: c for c in self.cities}

    @cached_property
    def city_by_node(self) -> dict[str, City]:
        return {c.node: c for c in self.cities}

    @cached_property
    def neighbours(self) -> dict[str, list[str]]:
        """Each intersection's neighbours on the lattice, in the order of the map's edges."""
        return graphs.undirected(((e.a, e.b) for e in self.edges), self.nodes)

    def graph(self) -> nx.Graph:
        """The lattice as a networkx graph; each edge carries ``cost`` and ``kind``.

        For analysis and tests only: networkx is imported here, on first use, because the rules
        engines and map loading must not load it (they run in a phone's browser under Pyodide,
        where it would add megabytes to every cold start); they use :attr:`neighbours` and
        :mod:`trackwright.core.graphs`. pyproject.toml's pure-Python contract names this one
        import as its only exception."""
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(self.nodes)
        for e in self.edges:
            g.add_edge(e.a, e.b, cost=e.cost, kind=e.kind)
        return g

    def cities_of(self, region: str, dotted: bool = True) -> list[City]:
        """The region's cards; without ``dotted`` the dotted ones are left out (they are out of
        a game of the rules preset's ``dotted_out_up_to`` players or fewer)."""
        return [c for c in self.cities if c.region == region and (dotted or not c.dotted)]

    @property
    def seed(self) -> int | None:
        return self.generator.get("seed")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": mapfile.FORMAT,
            "game": "transamerica",
            "name": self.name,
            "version": self.version,
        }
        if self.generator:
            data["generator"] = self.generator
        data["board"] = {"width": self.board_w, "height": self.board_h}
        if self.printed_seams is not None:
            xs, ys = self.printed_seams
            data["print"] = {"seams": {"x": list(xs), "y": list(ys)}}
            if self.printed_seam_runs is not None:
                data["print"]["seams"]["runs"] = [
                    {axis: at, "from": lo, "to": hi} for axis, at, lo, hi in self.printed_seam_runs
                ]
        data["nodes"] = [{"id": n.id, "x": n.x, "y": n.y} for n in self.nodes.values()]
        data["edges"] = [{"a": e.a, "b": e.b, "cost": e.cost, "kind": e.kind} for e in self.edges]
        data["cities"] = [
            {"name": c.name, "node": c.node, "region": c.region, "dotted": c.dotted}
            for c in self.cities
        ]
        if self.decor:
            data["decor"] = self.decor
        if self.stats:
            data["stats"] = self.stats
        return data


# ------------------------------------------------------------------ loading and checks


def _fail(code: str, where: str, path: str, /, **params: object) -> TrackwrightError:
    """A map's error (the catalogue's ``code``) at ``path`` (a JSON path) in the file ``where``."""
    return TrackwrightError.of(code, f"{where}: {path}", **params)


def _nodes_from_json(data: dict[str, Any], where: str) -> dict[str, Node]:
    """The lattice's intersections by id, each id once."""
    nodes: dict[str, Node] = {}
    for i, raw in enumerate(data["nodes"]):
        if raw["id"] in nodes:
            raise _fail("ta.map.node.twice", where, f"$.nodes[{i}].id", node=repr(raw["id"]))
        nodes[raw["id"]] = Node(raw["id"], float(raw["x"]), float(raw["y"]))
    return nodes


def _edge_from_json(raw: dict[str, Any], i: int, nodes: dict[str, Node], where: str) -> Edge:
    """One track space: between two different known nodes, costing what its kind costs."""
    a, b, cost = raw["a"], raw["b"], raw["cost"]
    for end in ("a", "b"):
        if raw[end] not in nodes:
            raise _fail("ta.map.node.unknown", where, f"$.edges[{i}].{end}", node=repr(raw[end]))
    if a == b:
        raise _fail("ta.map.edge.loop", where, f"$.edges[{i}]", node=repr(a))
    kind = raw.get("kind", "plain" if cost == 1 else "mountain")
    if (kind == "plain") != (cost == 1):
        raise _fail(
            "ta.map.edge.plain-cost" if kind == "plain" else "ta.map.edge.double-cost",
            where,
            f"$.edges[{i}].cost",
            cost=cost,
        )
    return Edge(a, b, cost, kind)


def _edges_from_json(data: dict[str, Any], nodes: dict[str, Node], where: str) -> list[Edge]:
    """The track spaces, each pair of nodes once."""
    edges: list[Edge] = []
    seen: dict[tuple[str, str], int] = {}
    for i, raw in enumerate(data["edges"]):
        edge = _edge_from_json(raw, i, nodes, where)
        key = edge_key(edge.a, edge.b)
        if key in seen:
            raise _fail(
                "ta.map.edge.twice", where, f"$.edges[{i}]", a=edge.a, b=edge.b, other=seen[key]
            )
        seen[key] = i
        edges.append(edge)
    return edges


def _cities_from_json(data: dict[str, Any], nodes: dict[str, Node], where: str) -> list[City]:
    """The cities: named once, each on a known node of its own."""
    cities: list[City] = []
    names: dict[str, int] = {}
    on_node: dict[str, str] = {}
    for i, raw in enumerate(data["cities"]):
        name, node = raw["name"], raw["node"]
        if name in names:
            raise _fail("ta.map.city.twice", where, f"$.cities[{i}].name", city=repr(name))
        if node not in nodes:
            raise _fail(
                "ta.map.city.node", where, f"$.cities[{i}].node", city=name, node=repr(node)
            )
        if node in on_node:
            raise _fail(
                "ta.map.city.shared", where, f"$.cities[{i}]", a=on_node[node], b=name, node=node
            )
        names[name] = i
        on_node[node] = name
        cities.append(City(name, node, raw["region"], bool(raw.get("dotted", False))))
    return cities


def check_regions(cities: list[City], where: str) -> None:
    """Each region has its number of cities, and of dotted ones; the message names the region's
    cities and the other regions whose counts are off (where a misplaced city went)."""
    per_region = Counter(c.region for c in cities)
    dotted = Counter(c.region for c in cities if c.dotted)
    for region in REGIONS:
        if per_region[region] != CITIES_PER_REGION:
            raise _count_error(cities, region, per_region, False, where)
        if dotted[region] != DOTTED_PER_REGION:
            raise _count_error(cities, region, dotted, True, where)


def _count_error(
    cities: list[City], region: str, counts: Counter[str], dotted: bool, where: str
) -> TrackwrightError:
    """'region green has 6 cities (...); it needs 7; yellow has 8 (...)'."""
    need = DOTTED_PER_REGION if dotted else CITIES_PER_REGION

    def names(r: str) -> str:
        held = [c.name for c in cities if c.region == r and (c.dotted or not dotted)]
        return f" ({', '.join(held)})" if held else ""

    others = [
        messages.part("ta.map.count.other", region=r, count=counts[r], names=names(r))
        for r in REGIONS
        if r != region and counts[r] != need
    ]
    return _fail(
        "ta.map.count.dotted" if dotted else "ta.map.count",
        where,
        "$.cities",
        region=region,
        count=counts[region],
        names=names(region),
        need=need,
        others=others,
    )


def _check_connected(nodes: dict[str, Node], edges: list[Edge], where: str) -> None:
    """Every node is reached from the first over track spaces."""
    first = next(iter(nodes))
    reached = graphs.node_connected_component(
        graphs.undirected(((e.a, e.b) for e in edges), nodes), first
    )
    if len(reached) < len(nodes):
        stranded = [n for n in nodes if n not in reached]
        sample = ", ".join(stranded[:5]) + (" ..." if len(stranded) > 5 else "")
        raise _fail(
            "ta.map.stranded", where, "$.edges", count=len(stranded), first=first, sample=sample
        )


def _board_size(data: dict[str, Any], nodes: dict[str, Node], where: str) -> tuple[float, float]:
    """The board's width and height: as given (every node on it), or the nodes' extent with a
    margin."""
    if "board" not in data:
        board_w = round(max(n.x for n in nodes.values()) + BOARD_MARGIN, 2)
        board_h = round(max(n.y for n in nodes.values()) + BOARD_MARGIN, 2)
        return board_w, board_h
    board_w, board_h = float(data["board"]["width"]), float(data["board"]["height"])
    for n in nodes.values():
        if not (0 <= n.x <= board_w and 0 <= n.y <= board_h):
            i = list(nodes).index(n.id)
            raise _fail("ta.map.node.outside", where, f"$.nodes[{i}]", node=n.id)
    return board_w, board_h


def from_json(data: dict[str, Any], where: str = "<map>") -> TransAmericaMap:
    """Build and check a TransAmerica map from parsed JSON (already schema-valid or not)."""
    mapfile.validate_for(data, GAME, TITLE, where)
    nodes = _nodes_from_json(data, where)
    edges = _edges_from_json(data, nodes, where)
    trackspaces.check(
        {n.id: (n.x, n.y) for n in nodes.values()}, [(e.a, e.b) for e in edges], where
    )
    cities = _cities_from_json(data, nodes, where)
    check_regions(cities, where)
    _check_connected(nodes, edges, where)
    board_w, board_h = _board_size(data, nodes, where)

    return TransAmericaMap(
        name=data.get("name", "Custom map"),
        version=str(data.get("version", "1")),
        nodes=nodes,
        edges=tuple(edges),
        cities=tuple(cities),
        board_w=board_w,
        board_h=board_h,
        decor=data.get("decor", {}),
        generator=data.get("generator", {}),
        stats=data.get("stats", {}),
        source=where,
        printed_seams=_printed_seams(data),
        printed_seam_runs=_printed_seam_runs(data),
    )


def _printed_seams(data: dict[str, Any]) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    """The seams the kit printed (``print.seams``, schema-checked), or None."""
    seams = data.get("print", {}).get("seams")
    if seams is None:
        return None
    return tuple(sorted(seams["x"])), tuple(sorted(seams["y"]))


def _printed_seam_runs(data: dict[str, Any]) -> tuple[tuple[str, float, float, float], ...] | None:
    """Where each seam the kit printed runs (``print.seams.runs``, schema-checked), or None."""
    runs = data.get("print", {}).get("seams", {}).get("runs")
    if runs is None:
        return None
    out = []
    for run in runs:
        axis = "x" if "x" in run else "y"
        out.append((axis, float(run[axis]), float(run["from"]), float(run["to"])))
    return tuple(sorted(out))


def load(ref: str | Path) -> TransAmericaMap:
    """Load a map by built-in name (``usa``) or by path to a map file."""
    path, where = mapfile.resolve("transamerica", ref)
    return mapfile.load_model(path, where, from_json)


# ------------------------------------------------------------------ the rules presets


@dataclass(frozen=True)
class TransAmericaRules:
    """The numbers of one TransAmerica edition."""

    name: str
    title: str
    players: tuple[int, int]
    start_points: int  # locomotives start in the engine shed on this
    tracks: int  # pieces to build (one more is the barrier)
    plain_per_turn: int  # 1 or 2 tracks on single lines, or 1 on a double line
    dotted_out_up_to: int  # with this many players or fewer the dotted cards are out
    barrier_round: int  # after the scoring of this round ...
    barrier_min_lowest: int  # ... if the lowest player still has this many points or more ...
    barrier_gap: int  # ... the game ends at (lowest - gap) or fewer
    end_threshold: int  # otherwise at this or fewer
    min_rounds: int  # the game lasts at least this many rounds
    visible_cards_barrier: bool = False  # visible cards: the barrier may end the game early


def _rules_from_json(data: dict[str, Any], ref: str) -> TransAmericaRules:
    return TransAmericaRules(
        name=data["name"],
        title=data.get("title", data["name"]),
        players=(data["players"][0], data["players"][1]),
        start_points=data["start_points"],
        tracks=data["tracks"],
        plain_per_turn=data["plain_per_turn"],
        dotted_out_up_to=data["dotted_out_up_to"],
        barrier_round=data["barrier_round"],
        barrier_min_lowest=data["barrier_min_lowest"],
        barrier_gap=data["barrier_gap"],
        end_threshold=data["end_threshold"],
        min_rounds=data["min_rounds"],
        visible_cards_barrier=data.get("visible_cards_barrier", False),
    )


#: The game's rules presets (``templates/{game}/rules/``); ``original`` when none is named.
PRESETS = presets.Presets(GAME, "original", _rules_from_json)


def rules(ref: str | Path | None = None, base: Path | None = None) -> TransAmericaRules:
    """A rules preset by built-in name or file path (relative to ``base``); the default without
    one."""
    return PRESETS.load(ref, base)
