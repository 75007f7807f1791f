"""The Dampfross map model: a hex map with terrain, rivers on hex sides, numbered towns and ports.

Loaded from (and written to) the map file; errors name the hex. The scorer's graphs are derived
from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile, presets
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex, Side

GAME = "dampfross"
TITLE = "Dampfross"

DICE_NUMBERS = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
DEFAULT_HEX_SIZE = 7.5


@dataclass(frozen=True)
class Town:
    name: str
    hex: Hex
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class DampfrossMap:
    name: str
    version: str
    terrain: dict[Hex, str]  # every hex of the map, in file order
    rivers: frozenset[Side]
    towns: tuple[Town, ...]
    ports: frozenset[str]
    hex_size: float = DEFAULT_HEX_SIZE
    start: str = "town"
    generator: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    source: str = ""

    @cached_property
    def town_by_hex(self) -> dict[Hex, Town]:
        return {t.hex: t for t in self.towns}

    @cached_property
    def town_by_name(self) -> dict[str, Town]:
        return {t.name: t for t in self.towns}

    @cached_property
    def town_by_number(self) -> dict[int, Town]:
        return {n: t for t in self.towns for n in t.numbers}

    @cached_property
    def land(self) -> frozenset[Hex]:
        return frozenset(h for h, t in self.terrain.items() if t != "water")

    @cached_property
    def label_origin(self) -> tuple[int, int]:
        """The offset of the map's "A1" (``hexgrid.label_origin``)."""
        return hexgrid.label_origin(self.terrain)

    def label(self, h: Hex) -> str:
        """The hex's printed label, "F7": what the board and hex sheets print and the scorer
        says."""
        return hexgrid.hex_label(h, self.label_origin)

    def hex_of_label(self, text: str) -> Hex | None:
        """The hex of this map a printed label names, or None."""
        h = hexgrid.parse_label(text, self.label_origin)
        return h if h in self.terrain else None

    @property
    def seed(self) -> int | None:
        return self.generator.get("seed")

    def extent(self) -> tuple[float, float, float, float]:
        """min x, min y, max x, max y of all hex corners, in mm."""
        return hexgrid.Layout(size=self.hex_size).bounds(self.terrain)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": mapfile.FORMAT,
            "game": "dampfross",
            "name": self.name,
            "version": self.version,
        }
        if self.generator:
            data["generator"] = self.generator
        data["hex_size"] = self.hex_size
        data["start"] = self.start
        data["hexes"] = [{"q": q, "r": r, "terrain": t} for (q, r), t in self.terrain.items()]
        data["rivers"] = [[list(a), list(b)] for a, b in sorted(self.rivers)]
        data["towns"] = [
            {"name": t.name, "hex": list(t.hex), "numbers": list(t.numbers)} for t in self.towns
        ]
        data["ports"] = sorted(self.ports)
        if self.stats:
            data["stats"] = self.stats
        return data


def sea_hexes(terrain: dict[Hex, str]) -> set[Hex]:
    """Water that is sea: connected to the map's edge (or to hexes off the map), or at least
    12 hexes large. Small inland lakes are not sea; towns next to the sea are ports."""
    water = [h for h, t in terrain.items() if t == "water"]
    sea: set[Hex] = set()
    for group in hexgrid.components(water):
        touches_edge = any(n not in terrain for h in group for n in hexgrid.neighbours(h))
        if touches_edge or len(group) >= 12:
            sea |= group
    return sea


def _hex(raw: Sequence[Any]) -> Hex:
    return int(raw[0]), int(raw[1])


def _fail(code: str, where: str, path: str, /, **params: object) -> TrackwrightError:
    """A map's error (the catalogue's ``code``) at ``path`` (a JSON path) in the file ``where``."""
    return TrackwrightError.of(code, f"{where}: {path}", **params)


def _rivers_from_json(data: dict[str, Any], terrain: dict[Hex, str], where: str) -> dict[Side, int]:
    """The river sides, each with its index in $.rivers: between neighbouring land hexes of
    the map, each listed once."""
    rivers: dict[Side, int] = {}
    for i, raw in enumerate(data["rivers"]):
        path = f"$.rivers[{i}]"
        a, b = _hex(raw[0]), _hex(raw[1])
        for h in (a, b):
            if h not in terrain:
                raise _fail("df.map.river.off", where, path, hex=h)
        if not hexgrid.are_neighbours(a, b):
            raise _fail("df.map.river.apart", where, path, a=a, b=b)
        if "water" in (terrain[a], terrain[b]):
            raise _fail("df.map.river.water", where, path, a=a, b=b)
        key = hexgrid.side(a, b)
        if key in rivers:
            raise _fail("df.map.river.twice", where, path, a=a, b=b, other=rivers[key])
        rivers[key] = i
    return rivers


def _check_town(
    raw: dict[str, Any], h: Hex, i: int, terrain: dict[Hex, str], on_hex: dict[Hex, str], where: str
) -> None:
    """One town's hex: on the map, land, no other town's."""
    name = raw["name"]
    if h not in terrain:
        raise _fail("df.map.town.off", where, f"$.towns[{i}].hex", town=name, hex=h)
    if terrain[h] == "water":
        raise _fail("df.map.town.water", where, f"$.towns[{i}].hex", town=name, hex=h)
    if h in on_hex:
        raise _fail("df.map.town.shared", where, f"$.towns[{i}].hex", a=on_hex[h], b=name, hex=h)


def _towns_from_json(data: dict[str, Any], terrain: dict[Hex, str], where: str) -> list[Town]:
    """The towns: named once, each on a land hex of its own, and every dice number on exactly
    one of them."""
    towns: list[Town] = []
    on_hex: dict[Hex, str] = {}
    number_of: dict[int, str] = {}
    for i, raw in enumerate(data["towns"]):
        name, h = raw["name"], _hex(raw["hex"])
        if any(t.name == name for t in towns):
            raise _fail("df.map.town.twice", where, f"$.towns[{i}].name", town=repr(name))
        _check_town(raw, h, i, terrain, on_hex, where)
        for n in raw["numbers"]:
            if n in number_of:
                raise _fail(
                    "df.map.number.twice", where, f"$.towns[{i}]", n=n, a=number_of[n], b=name
                )
            number_of[n] = name
        on_hex[h] = name
        towns.append(Town(name, h, tuple(sorted(raw["numbers"]))))
    unused = [n for n in DICE_NUMBERS if n not in number_of]
    if unused:
        raise _fail("df.map.numbers", where, "$.towns", unused=", ".join(map(str, unused)))
    return towns


def _check_ports(
    data: dict[str, Any], towns: list[Town], terrain: dict[Hex, str], where: str
) -> None:
    """The sea ports: towns of the map on the coast, and some when players start from them."""
    names = {t.name for t in towns}
    ports = data["ports"]
    for i, name in enumerate(ports):
        if name not in names:
            raise _fail("df.map.port.unknown", where, f"$.ports[{i}]", port=repr(name))
        h = next(t.hex for t in towns if t.name == name)
        if not any(terrain.get(n) == "water" for n in hexgrid.neighbours(h)):
            raise _fail("df.map.port.inland", where, f"$.ports[{i}]", port=name, hex=h)
    if data.get("start", "town") == "port" and not ports:
        raise _fail("df.map.no-ports", where, "$.start")


def _check_over_land(terrain: dict[Hex, str], towns: list[Town], where: str) -> None:
    """Every town is reached over land from the first."""
    land = [h for h, t in terrain.items() if t != "water"]
    groups = hexgrid.components(land)
    home = next(g for g in groups if towns[0].hex in g)
    for i, town in enumerate(towns):
        if town.hex not in home:
            raise _fail(
                "df.map.town.cut-off",
                where,
                f"$.towns[{i}]",
                town=town.name,
                hex=town.hex,
                first=towns[0].name,
            )


def from_json(data: dict[str, Any], where: str = "<map>") -> DampfrossMap:
    mapfile.validate_for(data, GAME, TITLE, where)
    terrain: dict[Hex, str] = {
        h: raw["terrain"] for h, raw in mapfile.hex_rows(data, where).items()
    }
    rivers = _rivers_from_json(data, terrain, where)
    towns = _towns_from_json(data, terrain, where)
    _check_ports(data, towns, terrain, where)
    _check_over_land(terrain, towns, where)
    return DampfrossMap(
        name=data.get("name", "Custom map"),
        version=str(data.get("version", "1")),
        terrain=terrain,
        rivers=frozenset(rivers),
        towns=tuple(towns),
        ports=frozenset(data["ports"]),
        hex_size=float(data.get("hex_size", DEFAULT_HEX_SIZE)),
        start=data.get("start", "town"),
        generator=data.get("generator", {}),
        stats=data.get("stats", {}),
        source=where,
    )


def load(ref: str | Path) -> DampfrossMap:
    """A built-in map by name (england, usa-east, france) or a map file."""
    path, where = mapfile.resolve("dampfross", ref)
    return mapfile.load_model(path, where, from_json)


# ------------------------------------------------------------------ the rules presets


@dataclass(frozen=True)
class DampfrossRules:
    """The numbers of one Dampfross edition."""

    name: str
    start_capital: int
    step: int
    river: int
    hill: int
    hill_to_hill: int
    rival_entry: int
    parallel: int
    first_arrival: int
    race_min_hexes: int
    prizes: tuple[int, ...]
    lone_prize: int
    fare_per_hex: int
    fare_cap: int | None
    hill_move_penalty: int
    players: tuple[int, int]
    victory: dict[int, int]
    title: str = ""
    experienced_bonus: int | None = None
    tournament_races: tuple[int, ...] = (36, 18)
    river_with_hill: str = "dearest"  # "dearest": the higher cost applies; "add": hill + extra
    tournament_build_every: int = 2  # tournament: a building turn after every this many races
    tournament_build_percent: int = 10  # ... on this share of one's money (rounded down)
    joint_line_percent: int = 75  # tournament joint line: this share of the two rolls' total

    def step_cost(self, m: Any, a: Hex, b: Hex) -> int:
        """Die points to build from a to b: the hill cost, and across a river side either the
        dearer of the hill cost and the river cost (``river_with_hill: "dearest"``, so no step
        costs more than hill to hill and a die can pay every step) or the hill cost plus the
        river's extra (``"add"``)."""
        hills = (m.terrain[a] == "hill") + (m.terrain[b] == "hill")
        cost = (self.step, self.hill, self.hill_to_hill)[hills]
        if hexgrid.side(a, b) in m.rivers:
            if self.river_with_hill == "add":
                cost += self.river - self.step
            else:
                cost = max(cost, self.river)
        return cost

    def victory_total(self, players: int, experienced: bool = False) -> int:
        """The winning total; experienced players may raise it by the preset's bonus."""
        if experienced:
            if self.experienced_bonus is None:
                raise TrackwrightError.of("df.rules.no-experienced", rules=self.name)
            return self.victory[players] + self.experienced_bonus
        return self.victory[players]


def _rules_from_json(data: dict[str, Any], ref: str) -> DampfrossRules:
    costs = data["costs"]
    return DampfrossRules(
        name=data.get("name", ref),
        title=data.get("title", data.get("name", ref)),
        start_capital=data["start_capital"],
        step=costs["step"],
        river=costs["river"],
        hill=costs["hill"],
        hill_to_hill=costs["hill_to_hill"],
        rival_entry=data["rival_entry"],
        parallel=data["parallel"],
        first_arrival=data["first_arrival"],
        race_min_hexes=data["race_min_hexes"],
        prizes=tuple(data["prizes"]),
        lone_prize=data["lone_prize"],
        fare_per_hex=data["fare_per_hex"],
        fare_cap=data.get("fare_cap"),
        hill_move_penalty=data.get("hill_move_penalty", 1),
        players=(data["players"][0], data["players"][1]),
        victory={int(k): v for k, v in data["victory"].items()},
        experienced_bonus=data.get("experienced_bonus"),
        tournament_races=tuple(data.get("tournament_races", (36, 18))),
        river_with_hill=data.get("river_with_hill", "dearest"),
        tournament_build_every=data.get("tournament_build_every", 2),
        tournament_build_percent=data.get("tournament_build_percent", 10),
        joint_line_percent=data.get("joint_line_percent", 75),
    )


#: The game's rules presets (``templates/{game}/rules/``); ``epopee`` when none is named.
PRESETS = presets.Presets(GAME, "epopee", _rules_from_json)


def rules(ref: str | Path | None = None, base: Path | None = None) -> DampfrossRules:
    """A rules preset by built-in name or file path (relative to ``base``); the default without
    one."""
    return PRESETS.load(ref, base)
