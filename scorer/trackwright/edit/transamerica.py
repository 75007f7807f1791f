"""The TransAmerica map editor's engine side: every problem of a draft board at its place, the
hand-cost measures shown while drawing (:mod:`trackwright.edit.hands`) and a board to start
from.

The draft is a map file as ``trackwright generate transamerica --map`` reads it, perhaps
unfinished: a sea intersection is one the map does not list, so a city on the sea names a node
that is not there.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from trackwright.core import graphs, mapfile
from trackwright.core import lattice as grid
from trackwright.core import transamerica as model
from trackwright.edit import common, hands
from trackwright.edit.common import Report

REGIONS = model.REGIONS
#: Hands measured while drawing (the exact figures take every hand: ``exact``).
SAMPLE_HANDS = 400
#: In the phone's Pyodide, the sample stops after this long (the hands solved by then, at least
#: :data:`LEAST_HANDS`; their number is shown): a check answers soon after an edit. A page may
#: give ``budget_ms`` itself; the laptop's CPython takes the whole sample unless asked.
PHONE_BUDGET_MS = 600.0
LEAST_HANDS = 20
#: The empty lattice's step and margin, mm: the published board's (``usa``'s generator params).
EDGE_MM, MARGIN_MM = 34.0, 22.0
#: Rows of intersections are lettered A to Z.
MAX_ROWS = 26


@dataclass
class DraftCity:
    index: int
    name: str
    node: str
    region: str
    dotted: bool


@dataclass
class Draft:
    """A draft board read leniently: whatever is well formed, each item with its index."""

    nodes: dict[str, tuple[float, float]] = field(default_factory=dict)
    node_index: dict[str, int] = field(default_factory=dict)
    twice: list[tuple[int, str]] = field(default_factory=list)
    edges: list[tuple[int, str, str, int]] = field(default_factory=list)
    cities: list[DraftCity] = field(default_factory=list)


def _number(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def read(data: Any) -> Draft:
    d = Draft()
    for i, raw in common.items(data, "nodes"):
        if isinstance(raw, Mapping) and isinstance(raw.get("id"), str):
            x, y = _number(raw.get("x")), _number(raw.get("y"))
            if raw["id"] in d.nodes:
                d.twice.append((i, raw["id"]))
            elif x is not None and y is not None:
                d.nodes[raw["id"]], d.node_index[raw["id"]] = (x, y), i
    for i, raw in common.items(data, "edges"):
        if (
            isinstance(raw, Mapping)
            and isinstance(raw.get("a"), str)
            and isinstance(raw.get("b"), str)
        ):
            cost = common.integer(raw.get("cost"))
            d.edges.append((i, raw["a"], raw["b"], cost if cost in (1, 2) else 1))
    for i, raw in common.items(data, "cities"):
        if isinstance(raw, Mapping):
            name, node, region = raw.get("name"), raw.get("node"), raw.get("region")
            d.cities.append(
                DraftCity(
                    i,
                    name if isinstance(name, str) else "",
                    node if isinstance(node, str) else "",
                    region if isinstance(region, str) else "",
                    raw.get("dotted") is True,
                )
            )
    return d


# ------------------------------------------------------------------ places


def city_place(c: DraftCity) -> dict[str, Any]:
    place: dict[str, Any] = {"cities": [c.name]} if c.name else {}
    if c.node:
        place["nodes"] = [c.node]
    return place


def placer(data: Any) -> common.Placer:
    d = read(data)
    cities = {c.index: c for c in d.cities}
    nodes = {i: n for n, i in d.node_index.items()} | dict(d.twice)
    edges = {i: (a, b) for i, a, b, _c in d.edges}

    def place(collection: str, index: int) -> dict[str, Any]:
        if collection == "cities" and index in cities:
            return city_place(cities[index])
        if collection == "nodes" and index in nodes:
            return {"nodes": [nodes[index]]}
        if collection == "edges" and index in edges:
            a, b = edges[index]
            return {"nodes": [a, b], "edges": [[a, b]]}
        return {}

    return place


# ------------------------------------------------------------------ the checks


def region_name(region: str, lang: str) -> str:
    key = f"ta.colour.{region}"
    return common.t(key, lang) if key in common.texts() else region


def check_lattice(d: Draft, r: Report) -> None:
    for i, node in d.twice:
        r.add("ta.node.twice", f"$.nodes[{i}].id", {"nodes": [node]}, node=node)
    seen: set[tuple[str, str]] = set()
    for i, a, b, _cost in d.edges:
        path, place = f"$.edges[{i}]", {"nodes": [a, b], "edges": [[a, b]]}
        if a not in d.nodes or b not in d.nodes:
            r.add("ta.edge.unknown", path, place, a=a, b=b)
        elif a == b:
            r.add("ta.edge.self", path, place, a=a)
        elif model.edge_key(a, b) in seen:
            r.add("ta.edge.twice", path, place, a=a, b=b)
        seen.add(model.edge_key(a, b))


def main_part(d: Draft) -> set[str]:
    """The part of the lattice (joined by track spaces) that holds most cities (the first
    node's when there are none)."""
    adj = graphs.undirected(
        ((a, b) for _i, a, b, _c in d.edges if a in d.nodes and b in d.nodes), d.nodes
    )
    parts = list(graphs.connected_components(adj))
    if not parts:
        return set()
    on = {c.node for c in d.cities}
    return max(parts, key=lambda p: (len(on & p), len(p)))


def check_cities(d: Draft, r: Report) -> None:
    names: set[str] = set()
    on_node: dict[str, str] = {}
    for c in d.cities:
        path, place = f"$.cities[{c.index}]", city_place(c)
        if not c.name:
            r.add("ta.city.unnamed", path + ".name", place)
        elif c.name in names:
            r.add("ta.city.name_twice", path + ".name", place, city=c.name)
        names.add(c.name)
        if c.region not in REGIONS:
            r.add("ta.city.region", path + ".region", place, city=c.name)
        if c.node not in d.nodes:
            r.add("ta.city.off_lattice", path + ".node", place, city=c.name)
        elif c.node in on_node:
            r.add("ta.city.shared", path, place, city=c.name, other=on_node[c.node])
        else:
            on_node[c.node] = c.name


def check_reach(d: Draft, r: Report) -> None:
    """Cities no track reaches from the others, and intersections cut off from the board."""
    home = main_part(d)
    for c in d.cities:
        if c.node in d.nodes and c.node not in home:
            r.add("ta.city.cut_off", f"$.cities[{c.index}]", city_place(c), city=c.name)
    stranded = [n for n in d.nodes if n not in home]
    if stranded and home:
        r.add(
            "ta.lattice.split",
            "$.edges",
            {"nodes": stranded},
            count=len(stranded),
            nodes=common.names(stranded, 5),
        )


def check_regions(d: Draft, r: Report) -> None:
    """Each colour has its 7 cities, 2 of them dotted (out of a game of 2 or 3 players)."""
    for region in REGIONS:
        mine = [c for c in d.cities if c.region == region]
        dotted = [c for c in mine if c.dotted]
        colour = region_name(region, r.lang)
        if len(mine) != model.CITIES_PER_REGION:
            place = {"cities": [c.name for c in mine], "nodes": [c.node for c in mine if c.node]}
            r.add(
                "ta.region.count",
                "$.cities",
                place,
                region=colour,
                count=len(mine),
                need=model.CITIES_PER_REGION,
                cities=common.names(c.name for c in mine) or "—",
            )
        if len(dotted) != model.DOTTED_PER_REGION:
            place = {
                "cities": [c.name for c in dotted],
                "nodes": [c.node for c in dotted if c.node],
            }
            r.add(
                "ta.region.dotted",
                "$.cities",
                place,
                region=colour,
                count=len(dotted),
                need=model.DOTTED_PER_REGION,
                cities=common.names(c.name for c in dotted) or "—",
            )


CHECKS = (check_lattice, check_cities, check_reach, check_regions)


def problems(data: Any, lang: str) -> Report:
    d = read(data)
    report = Report(lang)
    for check in CHECKS:
        check(d, report)
    common.run_loader(model.from_json, data, report, placer(data))
    return report


# ------------------------------------------------------------------ the measures


def lattice_of(d: Draft, part: set[str]) -> hands.Lattice:
    """The part of the board hands are measured on: its intersections and lines (the cheapest
    of two listed between the same ends)."""
    nodes = tuple(n for n in d.nodes if n in part)
    lines: dict[tuple[str, str], int] = {}
    for _i, a, b, cost in d.edges:
        if a in part and b in part and a != b:
            key = model.edge_key(a, b)
            lines[key] = min(cost, lines.get(key, cost))
    return nodes, tuple((a, b, c) for (a, b), c in sorted(lines.items()))


def groups_of(d: Draft, part: set[str]) -> list[list[str]] | None:
    """Each colour's cities' intersections (those on the measured part, once each), or None
    when a colour has none."""
    groups = []
    for region in REGIONS:
        nodes = list(
            dict.fromkeys(c.node for c in d.cities if c.region == region and c.node in part)
        )
        if not nodes:
            return None
        groups.append(nodes)
    return groups


def _options(args: Any) -> tuple[bool, int, int, float | None]:
    a = args if isinstance(args, Mapping) else {}
    count = common.integer(a.get("hands"))
    budget = _number(a.get("budget_ms"))
    if budget is None and sys.platform == "emscripten":
        budget = PHONE_BUDGET_MS
    return (
        a.get("exact") is True,
        max(1, min(count or SAMPLE_HANDS, 20_000)),
        common.integer(a.get("seed")) or 0,
        budget,
    )


def hand_costs(d: Draft, args: Any) -> tuple[list[int], bool] | None:
    """The hands' costs (every hand with ``exact``, else a sample) and whether they are all."""
    part = main_part(d)
    groups = groups_of(d, part)
    if groups is None:
        return None
    exact, count, seed, budget = _options(args)
    lattice = lattice_of(d, part)
    if exact:
        run = hands.exact(lattice, groups)
        run.advance()
        return run.costs(), True
    if budget is None:
        return hands.sample_costs(lattice, groups, count, seed), False
    return _within(lattice, groups, count, seed, budget), False


def _within(
    lattice: hands.Lattice, groups: list[list[str]], count: int, seed: int, budget_ms: float
) -> list[int]:
    """As many of the sample's hands (in its order) as are solved within ``budget_ms``, at
    least :data:`LEAST_HANDS`."""
    started = time.perf_counter()
    done: list[int] = []
    step = LEAST_HANDS
    while len(done) < count:
        more = min(count, len(done) + step)
        done = hands.sample_costs(lattice, groups, more, seed)
        if (time.perf_counter() - started) * 1000 > budget_ms:
            break
    return done


def measures(d: Draft, lang: str, args: Any) -> dict[str, Any]:
    return measured(hand_costs(d, args), lang)


def measured(found: tuple[list[int], bool] | None, lang: str) -> dict[str, Any]:
    """The measures of the hands' costs (and whether they are every hand), in ``lang``."""
    band = hands.Band()
    base = {
        "warnings": [],
        "original": hands.ORIGINAL,
        "band": {"mean_low": band.mean_low, "mean_high": band.mean_high, "max_high": band.max_high},
    }
    if not found:
        line = {
            "label": common.t("ta.m.hands.label", lang),
            "value": "—",
            "note": common.t("ta.m.none", lang),
        }
        return {**base, "lines": [line], "histogram": None, "hands": 0, "exact": False}
    costs, exact = found
    mean = sum(costs) / len(costs)
    low, high = min(costs), max(costs)
    o = hands.ORIGINAL
    kind = "ta.m.exact" if exact else "ta.m.sample"
    lines = [
        {
            "label": common.t("ta.m.hands.label", lang),
            "value": common.t(kind, lang, count=len(costs)),
            "note": common.t("ta.m.hands.note", lang),
        },
        _figure("ta.m.min", lang, low, o["min"]),
        _figure("ta.m.mean", lang, round(mean, 1), o["mean"]),
        _figure("ta.m.max", lang, high, o["max"]),
        {
            "label": common.t("ta.m.band.label", lang),
            "value": common.t(
                "ta.m.band.in"
                if band.mean_low <= mean <= band.mean_high and high <= band.max_high
                else "ta.m.band.out",
                lang,
            ),
            "note": common.t(
                "ta.m.band.note",
                lang,
                low=common.number(band.mean_low, lang),
                high=common.number(band.mean_high, lang),
                most=band.max_high,
            ),
        },
    ]
    return {
        **base,
        "lines": lines,
        "histogram": common.histogram(costs),
        "histogram_band": _shade(band, lang),
        "hands": len(costs),
        "exact": exact,
        "min": low,
        "mean": round(mean, 2),
        "max": high,
    }


def _shade(band: hands.Band, lang: str) -> dict[str, Any]:
    """The published board's band drawn on the histogram: values ``low`` to ``high`` shaded, a
    line after ``most``, and what they mean (``label``, in ``lang``)."""
    low, high = common.number(band.mean_low, lang), common.number(band.mean_high, lang)
    return {
        "low": band.mean_low,
        "high": band.mean_high,
        "most": band.max_high,
        "label": common.t("ta.m.band.shade", lang, low=low, high=high, most=band.max_high),
    }


def _figure(key: str, lang: str, value: float, published: float) -> dict[str, str]:
    return {
        "label": common.t(key, lang),
        "value": common.number(value, lang),
        "note": common.t("ta.m.published", lang, value=common.number(published, lang)),
    }


# ------------------------------------------------------------------ the questions


def map_check(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """``{"problems", "measures", "finished"}`` of the page's draft (editor-contract.md);
    ``exact`` measures every hand, else a sample of ``hands`` (400), within ``budget_ms`` when
    given."""
    lang = common.lang_of(args)
    draft = common.map_of(data)
    report = problems(draft, lang)
    return {
        "problems": report.to_json(),
        "measures": measures(read(draft), lang, args),
        "finished": not report.items,
    }


def map_exact(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """Every hand of the draft (what the page asks after an export), a part at a time:
    ``{"done", "total", "measures", "progress"}``. Each answer solves hands for ``budget_ms``
    (all of them without) and the next one goes on from there (:func:`hands.exact` keeps the
    run in the worker), so the worker answers the checks of further edits in between.
    ``measures`` is map_check's with ``exact`` true once every hand is solved, else null;
    ``progress`` says how far it is and about how long is left, in ``lang``."""
    lang = common.lang_of(args)
    a = args if isinstance(args, Mapping) else {}
    d = read(common.map_of(data))
    part = main_part(d)
    groups = groups_of(d, part)
    if groups is None:
        return {"done": 0, "total": 0, "measures": measured(None, lang), "progress": ""}
    run = hands.exact(lattice_of(d, part), groups)
    budget = _number(a.get("budget_ms"))
    if run.advance(None if budget is None else max(budget, 1.0) / 1000):
        return {
            "done": run.total,
            "total": run.total,
            "measures": measured((run.costs(), True), lang),
            "progress": common.t("ta.m.measured", lang, count=run.total),
        }
    left = run.seconds / max(run.done, 1) * (run.total - run.done)
    progress = common.t(
        "ta.m.measuring", lang, done=run.done, total=run.total, seconds=max(1, round(left))
    )
    return {"done": run.done, "total": run.total, "measures": None, "progress": progress}


def empty(cols: int, rows: int, lang: str) -> dict[str, Any]:
    """An empty lattice of ``cols`` x ``rows`` intersections, every line plain, no city."""
    cells = [(c, r) for r in range(rows) for c in range(cols)]
    nodes: list[dict[str, Any]] = []
    xs, ys = [], []
    for c, r in cells:
        x, y = grid.position(c, r, EDGE_MM, (MARGIN_MM, MARGIN_MM))
        xs.append(round(x, 2))
        ys.append(round(y, 2))
        nodes.append({"id": grid.node_id(c, r), "x": xs[-1], "y": ys[-1]})
    inside = set(cells)
    edges = [
        {"a": grid.node_id(*a), "b": grid.node_id(*b), "cost": 1, "kind": "plain"}
        for a in cells
        for b in grid.forward_neighbours(*a)
        if b in inside
    ]
    width, height = max(xs) + MARGIN_MM, max(ys) + MARGIN_MM
    return {
        "format": mapfile.FORMAT,
        "game": model.GAME,
        "name": common.t("ta.start.name", lang),
        "version": "1",
        "generator": {
            "name": "trackwright-editor",
            "version": "1",
            "seed": None,
            "params": {"cols": cols, "rows": rows, "edge": EDGE_MM, "margin": MARGIN_MM},
        },
        "board": {"width": round(width, 2), "height": round(height, 2)},
        "nodes": nodes,
        "edges": edges,
        "cities": [],
    }


def map_start(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """An empty lattice of ``cols`` x ``rows`` (2..32 x 2..26); a random board is made by the
    laptop (its generator needs numpy and shapely): ``{"laptop": true, "message"}``."""
    lang = common.lang_of(args)
    a = args if isinstance(args, Mapping) else {}
    if a.get("kind") == "random":
        return {"laptop": True, "message": common.t("start.laptop", lang)}
    cols = max(2, min(common.integer(a.get("cols")) or 19, 32))
    rows = max(2, min(common.integer(a.get("rows")) or 13, MAX_ROWS))
    return empty(cols, rows, lang)
