"""The Dampfross map editor's engine side: every problem of a draft map at its place, the
measures shown while drawing, a map to start from and the dice numbers and ports filled in.

The draft is a map file as ``trackwright generate dampfross --map`` reads it, perhaps
unfinished. Big towns (two dice numbers) are those with two numbers, and while editing those the
map lists in ``"x-big"`` (town names; a map file may carry ``x-`` keys), which :func:`fill`
gives two numbers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from trackwright.core import dampfross as model
from trackwright.core import graphs, hexgrid, mapfile
from trackwright.core.boardplan import dampfross as plan
from trackwright.core.hexgrid import Hex
from trackwright.edit import common
from trackwright.edit.common import Report

TERRAINS = ("plain", "hill", "water")
#: The smallest board the editor makes: issue 29's "from 10 x 8".
MIN_COLS, MIN_ROWS = 10, 8
#: The largest board the kit prints, as the page the board is drawn on (the map, its margin and
#: legend: ``trackwright.core.boardplan.dampfross.page_size``) either way round: the largest
#: poster the kit prints, A0 (``trackwright.kits.layout.POSTER_SIZES["a0"]``, 841 x 1189 mm),
#: less the poster's bleed and printable edge (2 x (3 + 5) mm). tests/edit holds it to the kit.
LARGEST_PAGE_MM = (825.0, 1173.0)
#: One die's most points: a construction turn builds one roll's worth, and rolls cannot be
#: saved (dampfross-fr.txt, lines 43 and 69; the die is a six-sided one, line 43).
DIE = 6
#: The map's list of big towns while editing (names): each gets two dice numbers.
BIG = "x-big"
NUMBERS = model.DICE_NUMBERS


@dataclass
class DraftTown:
    index: int
    name: str
    hex: Hex | None
    numbers: list[int]


@dataclass
class Draft:
    """A draft map read leniently: whatever is well formed, each item with its index."""

    terrain: dict[Hex, str] = field(default_factory=dict)
    hex_index: dict[Hex, int] = field(default_factory=dict)
    twice: list[tuple[int, Hex]] = field(default_factory=list)
    rivers: list[tuple[int, Hex, Hex]] = field(default_factory=list)
    towns: list[DraftTown] = field(default_factory=list)
    ports: list[tuple[int, str]] = field(default_factory=list)
    big: set[str] = field(default_factory=set)
    start: str = "town"
    hex_size: float = model.DEFAULT_HEX_SIZE

    @property
    def land(self) -> set[Hex]:
        return {h for h, t in self.terrain.items() if t != "water"}

    def town(self, name: str) -> DraftTown | None:
        return next((t for t in self.towns if t.name == name), None)


def _read_hexes(data: Any, d: Draft) -> None:
    for i, raw in common.items(data, "hexes"):
        if not isinstance(raw, Mapping):
            continue
        h = common.pair([raw.get("q"), raw.get("r")])
        if h is None or raw.get("terrain") not in TERRAINS:
            continue
        if h in d.terrain:
            d.twice.append((i, h))
            continue
        d.terrain[h], d.hex_index[h] = raw["terrain"], i


def _read_towns(data: Any, d: Draft) -> None:
    for i, raw in common.items(data, "towns"):
        if not isinstance(raw, Mapping):
            continue
        name = raw.get("name")
        numbers = raw.get("numbers")
        d.towns.append(
            DraftTown(
                i,
                name if isinstance(name, str) else "",
                common.pair(raw.get("hex")),
                [n for n in numbers if common.integer(n) is not None]
                if isinstance(numbers, list)
                else [],
            )
        )


def read(data: Any) -> Draft:
    """The parts of a draft map that are well formed (the loader says what is not)."""
    d = Draft()
    _read_hexes(data, d)
    _read_towns(data, d)
    for i, raw in common.items(data, "rivers"):
        if isinstance(raw, list) and len(raw) == 2:
            a, b = common.pair(raw[0]), common.pair(raw[1])
            if a is not None and b is not None:
                d.rivers.append((i, a, b))
    d.ports = [(i, p) for i, p in common.items(data, "ports") if isinstance(p, str)]
    if isinstance(data, Mapping):
        big = data.get(BIG)
        d.big = {b for b in big if isinstance(b, str)} if isinstance(big, list) else set()
        d.start = "port" if data.get("start") == "port" else "town"
        size = data.get("hex_size")
        if isinstance(size, int | float) and not isinstance(size, bool) and size > 2:
            d.hex_size = float(size)
    return d


# ------------------------------------------------------------------ places


def town_place(t: DraftTown) -> dict[str, Any]:
    place: dict[str, Any] = {"cities": [t.name]} if t.name else {}
    if t.hex is not None:
        place["hexes"] = [list(t.hex)]
    return place


def placer(data: Any) -> common.Placer:
    """Where the item ``collection[index]`` of the draft lies (for the loader's errors)."""
    d = read(data)
    by_index = {t.index: t for t in d.towns}
    hexes = {i: h for h, i in d.hex_index.items()} | dict(d.twice)
    rivers = {i: (a, b) for i, a, b in d.rivers}
    ports = dict(d.ports)

    def place(collection: str, index: int) -> dict[str, Any]:
        if collection == "towns" and index in by_index:
            return town_place(by_index[index])
        if collection == "hexes" and index in hexes:
            return {"hexes": [list(hexes[index])]}
        if collection == "rivers" and index in rivers:
            a, b = rivers[index]
            return {"sides": [[list(a), list(b)]]}
        if collection == "ports" and index in ports:
            t = d.town(ports[index])
            return town_place(t) if t else {"cities": [ports[index]]}
        return {}

    return place


# ------------------------------------------------------------------ the checks


def extent(hexes: list[Hex]) -> tuple[int, int]:
    """Columns and rows of the board (offset coordinates, as it is printed)."""
    cells = [hexgrid.axial_to_offset(h) for h in hexes]
    cols = max(c for c, _ in cells) - min(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) - min(r for _, r in cells) + 1
    return cols, rows


def _page_fits(w: float, h: float) -> bool:
    big_w, big_h = LARGEST_PAGE_MM
    return (w <= big_w and h <= big_h) or (w <= big_h and h <= big_w)


def prints(hexes: list[Hex], hex_size: float) -> bool:
    """Whether the kit prints a board of these hexes (its page fits :data:`LARGEST_PAGE_MM`)."""
    m = model.DampfrossMap(
        "", "1", dict.fromkeys(hexes, "plain"), frozenset(), (), frozenset(), hex_size
    )
    w, h, _x, _y = plan.page_size(m)
    return _page_fits(w, h)


@cache
def largest(hex_size: float = model.DEFAULT_HEX_SIZE) -> tuple[tuple[int, int], tuple[int, int]]:
    """The largest boards (columns, rows) the kit prints: the widest landscape one and the
    tallest portrait one."""

    def fits(cols: int, rows: int) -> bool:
        corners = [
            (0, 0),
            (cols - 1, 0),
            (0, 1),
            (cols - 1, 1),
            (0, rows - 1),
            (cols - 1, rows - 1),
        ]
        return prints([hexgrid.offset_to_axial(c, r) for c, r in corners], hex_size)

    def grow(cols: int, rows: int, wide: bool) -> tuple[int, int]:
        while fits(cols + wide, rows + (not wide)):
            cols, rows = cols + wide, rows + (not wide)
        return cols, rows

    land = grow(*grow(MIN_COLS, MIN_ROWS, True), False)
    tall = grow(*grow(MIN_COLS, MIN_ROWS, False), True)
    return land, tall


def check_board(d: Draft, r: Report) -> None:
    for i, h in d.twice:
        r.add("df.hex.twice", f"$.hexes[{i}]", {"hexes": [list(h)]}, hex=_label(d, h))
    if not d.terrain:
        r.add("df.board.empty", "$.hexes")
        return
    cols, rows = extent(list(d.terrain))
    if cols < MIN_COLS or rows < MIN_ROWS:
        r.add("df.board.small", "", cols=cols, rows=rows, min_cols=MIN_COLS, min_rows=MIN_ROWS)
    elif not prints(list(d.terrain), d.hex_size):
        (wc, wr), (tc, tr) = largest(d.hex_size)
        r.add("df.board.large", "", cols=cols, rows=rows, wide=f"{wc} × {wr}", tall=f"{tc} × {tr}")


def _label(d: Draft, h: Hex) -> str:
    return hexgrid.hex_label(h, hexgrid.label_origin(d.terrain)) if d.terrain else str(h)


def check_towns(d: Draft, r: Report) -> None:
    names: set[str] = set()
    on_hex: dict[Hex, str] = {}
    for t in d.towns:
        path, place = f"$.towns[{t.index}]", town_place(t)
        if not t.name:
            r.add("df.town.unnamed", path + ".name", place)
        elif t.name in names:
            r.add("df.town.name_twice", path + ".name", place, town=t.name)
        names.add(t.name)
        if t.hex is None:
            continue
        if t.hex not in d.terrain:
            r.add("df.town.off_board", path + ".hex", place, town=t.name)
        elif d.terrain[t.hex] == "water":
            r.add("df.town.on_water", path + ".hex", place, town=t.name, hex=_label(d, t.hex))
        elif t.hex in on_hex:
            r.add("df.town.shared", path + ".hex", place, town=t.name, other=on_hex[t.hex])
        else:
            on_hex[t.hex] = t.name


def _both(a: DraftTown, b: DraftTown) -> dict[str, Any]:
    """The place of two towns (a dice number on both)."""
    one, two = town_place(a), town_place(b)
    return {k: one.get(k, []) + two.get(k, []) for k in ("cities", "hexes")}


def check_numbers(d: Draft, r: Report) -> None:
    owner: dict[int, DraftTown] = {}
    for t in d.towns:
        path, place = f"$.towns[{t.index}]", town_place(t)
        bad = [n for n in t.numbers if n not in NUMBERS]
        if bad:
            r.add("df.dice.bad", path + ".numbers", place, town=t.name, numbers=common.names(bad))
        good = [n for n in t.numbers if n in NUMBERS]
        if not good:
            r.add("df.dice.none", path + ".numbers", place, town=t.name)
        elif len(good) > 2:
            r.add("df.dice.too_many", path + ".numbers", place, town=t.name, count=len(good))
        elif t.name in d.big and len(good) != 2:
            r.add("df.dice.big_one", path + ".numbers", place, town=t.name)
        for n in good:
            if n in owner and owner[n] is not t:
                both = _both(owner[n], t)
                r.add("df.dice.twice", path, both, number=n, town=t.name, other=owner[n].name)
            owner.setdefault(n, t)
    missing = [n for n in NUMBERS if n not in owner]
    if missing:
        r.add("df.dice.missing", "$.towns", numbers=common.names(missing, 36), count=len(missing))
    wanted = len(d.towns) + len({t.name for t in d.towns if t.name in d.big})
    if wanted > len(NUMBERS):
        r.add("df.town.too_many", "$.towns", count=len(d.towns), numbers=len(NUMBERS))


def check_rivers(d: Draft, r: Report) -> None:
    seen: set[tuple[Hex, Hex]] = set()
    for i, a, b in d.rivers:
        path, place = f"$.rivers[{i}]", {"sides": [[list(a), list(b)]]}
        if a not in d.terrain or b not in d.terrain:
            r.add("df.river.off_board", path, place)
        elif not hexgrid.are_neighbours(a, b):
            r.add("df.river.apart", path, place, a=_label(d, a), b=_label(d, b))
        elif "water" in (d.terrain[a], d.terrain[b]):
            r.add("df.river.water", path, place, a=_label(d, a), b=_label(d, b))
        elif hexgrid.side(a, b) in seen:
            r.add("df.river.twice", path, place, a=_label(d, a), b=_label(d, b))
        else:
            seen.add(hexgrid.side(a, b))


def check_reach(d: Draft, r: Report) -> None:
    """Towns no track reaches from the others: on land cut off (by water or the board's edge)
    from the land that holds most towns."""
    towns = [t for t in d.towns if t.hex is not None and d.terrain.get(t.hex, "water") != "water"]
    if len(towns) < 2:
        return
    groups = hexgrid.components(d.land)
    held = [sum(t.hex in g for t in towns) for g in groups]
    home = groups[held.index(max(held))]
    for t in towns:
        if t.hex not in home:
            r.add("df.town.cut_off", f"$.towns[{t.index}]", town_place(t), town=t.name)


def coast(d: Draft) -> set[Hex]:
    """The land hexes beside the sea (``trackwright.core.dampfross.sea_hexes``): where ports are."""
    sea = model.sea_hexes(d.terrain)
    return {h for h in d.land if any(n in sea for n in hexgrid.neighbours(h))}


def check_ports(d: Draft, r: Report) -> None:
    shore = coast(d)
    for i, name in d.ports:
        t = d.town(name)
        path = f"$.ports[{i}]"
        if t is None:
            r.add("df.port.not_town", path, {"cities": [name]}, town=name)
        elif t.hex not in shore:
            r.add("df.port.not_coast", path, town_place(t), town=name)
    if d.start == "port" and not d.ports:
        r.add("df.port.none", "$.start")


CHECKS = (check_board, check_towns, check_numbers, check_rivers, check_reach, check_ports)


def problems(data: Any, lang: str) -> Report:
    """Every problem of the draft: the editor's checks, then the game's own loader's, unless
    one of the editor's already says it at the same place."""
    d = read(data)
    report = Report(lang)
    for check in CHECKS:
        check(d, report)
    common.run_loader(model.from_json, data, report, placer(data))
    return report


# ------------------------------------------------------------------ the measures


@cache
def rules(name: str | None) -> model.DampfrossRules:
    return model.rules(name if name in model.PRESETS.names() else None)


def lenient_map(d: Draft) -> model.DampfrossMap:
    """The draft as the engine's map model, leaving out what the checks refuse (rivers off the
    land, towns off the land, a second town on a hex), so that it can be measured unfinished."""
    land = d.land
    rivers = frozenset(
        hexgrid.side(a, b)
        for _i, a, b in d.rivers
        if a in land and b in land and hexgrid.are_neighbours(a, b)
    )
    towns: dict[Hex, model.Town] = {}
    for t in d.towns:
        if t.hex in land and t.hex not in towns:
            towns[t.hex] = model.Town(t.name, t.hex, tuple(sorted(set(t.numbers))))
    return model.DampfrossMap(
        "draft", "1", dict(d.terrain), rivers, tuple(towns.values()), frozenset(), d.hex_size
    )


def _hops(adj: dict[Hex, list[Hex]], source: Hex) -> dict[Hex, int]:
    """The fewest hexes from ``source`` to every land hex it reaches (a race's length)."""
    seen, level, k = {source: 0}, [source], 0
    while level:
        k += 1
        following = []
        for h in level:
            for n in adj[h]:
                if n not in seen:
                    seen[n] = k
                    following.append(n)
        level = following
    return seen


def figures(m: model.DampfrossMap, preset: model.DampfrossRules) -> dict[str, Any]:
    """Each town's cheapest line to its nearest town (die points, by the rules' own
    ``step_cost``; by the towns' hexes) and the race lengths over every pair of towns (fewest
    hexes over land, as ``trackwright.scorer.dampfross.race_length``)."""
    land = m.land
    steps = {h: [n for n in hexgrid.neighbours(h) if n in land] for h in land}
    costs = {h: {n: preset.step_cost(m, h, n) for n in near} for h, near in steps.items()}
    towns = [t.hex for t in m.towns]
    nearest: list[tuple[int, Hex] | None] = []
    races: list[int] = []
    for i, h in enumerate(towns):
        dist, _paths = graphs.single_source_dijkstra(costs, h)
        others = [(int(dist[o]), o) for o in towns if o != h and o in dist]
        nearest.append(min(others) if others else None)
        hops = _hops(steps, h)
        races += [hops[o] for o in towns[i + 1 :] if o in hops]
    return {"nearest": nearest, "races": races}


def links(m: model.DampfrossMap, found: dict[str, Any]) -> list[dict[str, Any]]:
    """Each town's link (:func:`figures`) with the towns' names."""
    out = []
    for town, near in zip(m.towns, found["nearest"], strict=True):
        cost, other = near if near else (None, None)
        name = m.town_by_hex[other].name if other else None
        out.append({"name": town.name, "hex": list(town.hex), "nearest": name, "cost": cost})
    return out


def measures(d: Draft, lang: str, args: Any) -> dict[str, Any]:
    preset = rules(args.get("rules") if isinstance(args, Mapping) else None)
    m = lenient_map(d)
    found = _measured(m, preset)
    towns = links(m, found)
    link = common.spread([t["cost"] for t in towns if t["cost"] is not None])
    race = common.spread(found["races"])
    warnings = Report(lang)
    for t in towns:
        if t["cost"] is not None and t["cost"] > DIE:
            place = {"cities": [t["name"]], "hexes": [t["hex"]]}
            warnings.add(
                "df.warn.far",
                "",
                place,
                town=t["name"],
                cost=t["cost"],
                die=DIE,
                nearest=t["nearest"],
            )
    lines = [
        _line(
            "df.m.towns",
            lang,
            towns=len(m.towns),
            big=sum(len(t.numbers) == 2 or t.name in d.big for t in m.towns),
        )
    ]
    if link:
        lines.append(_line("df.m.link", lang, die=DIE, **_spread_text(link, lang)))
    if race:
        lines.append(
            _line("df.m.race", lang, least=preset.race_min_hexes, **_spread_text(race, lang))
        )
    return {
        "lines": lines,
        "histogram": common.histogram(found["races"]) or None,
        "warnings": warnings.to_json(),
        "towns": towns,
        "link": link,
        "race": race,
        "rules": preset.name,
    }


_MEASURED: dict[tuple[Any, ...], dict[str, Any]] = {}


def _measured(m: model.DampfrossMap, preset: model.DampfrossRules) -> dict[str, Any]:
    """:func:`figures`, kept for the last few boards (an edit of a name or a number changes no
    cost, so the figures are not measured again)."""
    key = (
        tuple(sorted(m.terrain.items())),
        tuple(sorted(m.rivers)),
        tuple(t.hex for t in m.towns),
        preset.name,
    )
    if key not in _MEASURED:
        _MEASURED[key] = figures(m, preset)
        while len(_MEASURED) > 4:
            _MEASURED.pop(next(iter(_MEASURED)))
    return _MEASURED[key]


def _spread_text(s: dict[str, Any], lang: str) -> dict[str, str]:
    return {k: common.number(v, lang) for k, v in s.items()}


def _line(key: str, lang: str, **params: Any) -> dict[str, str]:
    return {
        "label": common.t(key + ".label", lang),
        "value": common.t(key + ".value", lang, **params),
        "note": common.t(key + ".note", lang, **params),
    }


# ------------------------------------------------------------------ the questions


def map_check(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """``{"problems", "measures", "finished"}`` of the page's draft (editor-contract.md)."""
    lang = common.lang_of(args)
    draft = common.map_of(data)
    report = problems(draft, lang)
    return {
        "problems": report.to_json(),
        "measures": measures(read(draft), lang, args),
        "finished": not report.items,
    }


def empty(cols: int, rows: int, lang: str) -> dict[str, Any]:
    """An all-land board of ``cols`` x ``rows`` hexes, nothing on it yet."""
    return {
        "format": mapfile.FORMAT,
        "game": model.GAME,
        "name": common.t("df.start.name", lang),
        "version": "1",
        "hex_size": model.DEFAULT_HEX_SIZE,
        "start": "town",
        "hexes": [{"q": q, "r": r, "terrain": "plain"} for q, r in hexgrid.rectangle(cols, rows)],
        "rivers": [],
        "towns": [],
        "ports": [],
    }


def size_of(args: Any) -> tuple[int, int]:
    """The board's size asked for, kept within what the editor makes and the kit prints."""
    a = args if isinstance(args, Mapping) else {}
    cols = common.integer(a.get("cols")) or 30
    rows = common.integer(a.get("rows")) or 22
    (wc, wr), (tc, tr) = largest()
    cols, rows = max(MIN_COLS, cols), max(MIN_ROWS, rows)
    if rows <= wr and (cols > tc or rows <= tr):
        return min(cols, wc), rows  # landscape
    return min(cols, tc), min(rows, tr)


def map_start(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """A map to start from: ``kind`` "empty", an all-land board of ``cols`` x ``rows``; a
    random map is made by the laptop (its generator needs numpy), so "random" answers
    ``{"laptop": true, "message"}``."""
    lang = common.lang_of(args)
    kind = args.get("kind") if isinstance(args, Mapping) else None
    if kind == "random":
        return {"laptop": True, "message": common.t("start.laptop", lang)}
    return empty(*size_of(args), lang)


def _assign(d: Draft, rng: random.Random) -> tuple[dict[str, list[int]], list[str]]:
    """Each town's numbers: those the user gave kept (when valid and not taken), the rest of
    11..66 dealt at random, two to a big town; when numbers are left over, more towns are
    made big, in the map's order of towns."""
    towns = [t for t in d.towns if t.name]
    owner: dict[int, str] = {}
    kept: dict[str, list[int]] = {}
    for t in towns:
        mine = [n for n in dict.fromkeys(t.numbers) if n in NUMBERS and n not in owner]
        kept[t.name] = mine[:2]
        owner.update(dict.fromkeys(kept[t.name], t.name))
    want = {t.name: 2 if t.name in d.big or len(kept[t.name]) == 2 else 1 for t in towns}
    spare = len(NUMBERS) - sum(want.values())
    made_big = []
    for t in towns:
        if spare <= 0:
            break
        if want[t.name] == 1:
            want[t.name], spare = 2, spare - 1
            made_big.append(t.name)
    free = rng.sample([n for n in NUMBERS if n not in owner], len(NUMBERS) - len(owner))
    for t in towns:
        while len(kept[t.name]) < want[t.name] and free:
            kept[t.name].append(free.pop())
    return {name: sorted(ns) for name, ns in kept.items()}, made_big


def map_fill(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The draft with dice numbers assigned (11..66 each once, big towns two, numbers the user
    set kept when valid) and the ports found from the coast (towns beside the sea):
    ``{"map", "made_big"}`` (the towns given a second number because numbers were left)."""
    draft = common.map_of(data)
    if not isinstance(draft, Mapping):
        return {"map": draft, "made_big": []}
    d = read(draft)
    seed = common.integer(args.get("seed")) if isinstance(args, Mapping) else None
    numbers, made_big = _assign(d, random.Random(f"trackwright/dampfross/fill/{seed or 0}"))
    out = dict(draft)
    out["towns"] = [
        {**raw, "numbers": numbers[raw["name"]]}
        if isinstance(raw, Mapping) and raw.get("name") in numbers
        else raw
        for _i, raw in common.items(draft, "towns")
    ]
    shore = coast(d)
    out["ports"] = sorted({t.name for t in d.towns if t.name and t.hex in shore})
    if made_big or BIG in out:
        out[BIG] = sorted({*d.big, *made_big})
    return {"map": out, "made_big": made_big}
