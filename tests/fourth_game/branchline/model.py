"""Branch Line's map model and rules preset (pure Python, as every game's core is).

A map names its stations (with their place on the board, in mm), the links between them (each
with its length) and the two termini (``RULES.md``). A rules preset holds every number of the
rules with its source (``data/rules/<name>.json``)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from trackwright.core import mapfile, presets
from trackwright.core.errors import TrackwrightError

GAME = "branchline"
TITLE = "Branch Line"
DATA = files("branchline").joinpath("data")

Link = tuple[str, str]


def link_key(a: str, b: str) -> Link:
    """A link's key, whichever way it is named."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class BranchLineMap:
    name: str
    stations: dict[str, tuple[float, float]]
    lengths: dict[Link, int]
    termini: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": mapfile.FORMAT,
            "game": GAME,
            "name": self.name,
            "stations": {s: list(xy) for s, xy in self.stations.items()},
            "links": [[a, b, n] for (a, b), n in self.lengths.items()],
            "termini": list(self.termini),
        }


def _station(data: dict[str, Any], name: Any, where: str) -> str:
    if name not in data["stations"]:
        raise TrackwrightError(f"no station {str(name)[:40]!r} on this map", where)
    return str(name)


def _links(data: dict[str, Any], where: str) -> dict[Link, int]:
    lengths: dict[Link, int] = {}
    for i, (a, b, n) in enumerate(data["links"]):
        place = f"{where}: $.links[{i}]"
        key = link_key(_station(data, a, place), _station(data, b, place))
        if a == b or key in lengths:
            raise TrackwrightError(
                f"the link {a}-{b} is given twice or joins a station to itself", place
            )
        lengths[key] = int(n)
    return lengths


def from_json(data: Any, where: str) -> BranchLineMap:
    """A map file's JSON, checked against the game's map schema and the links' stations."""
    mapfile.validate(data, where, "branchline-map")
    a, b = (_station(data, t, f"{where}: $.termini[{i}]") for i, t in enumerate(data["termini"]))
    stations = {str(s): (float(x), float(y)) for s, (x, y) in data["stations"].items()}
    return BranchLineMap(str(data.get("name", "Custom map")), stations, _links(data, where), (a, b))


def load(ref: str | Path) -> BranchLineMap:
    """A map by built-in name (``valley``) or file path."""
    path, where = mapfile.resolve(GAME, ref)
    return mapfile.load_model(path, where, from_json)


@dataclass(frozen=True)
class BranchLineRules:
    """The numbers of Branch Line, named as in the preset file."""

    name: str
    title: str
    players: tuple[int, int]
    points_per_length: int
    terminus_bonus: int


def _rules_from_json(data: dict[str, Any], ref: str) -> BranchLineRules:
    return BranchLineRules(
        name=data["name"],
        title=data.get("title", data["name"]),
        players=(data["players"][0], data["players"][1]),
        points_per_length=data["points_per_length"],
        terminus_bonus=data["terminus_bonus"],
    )


PRESETS = presets.Presets(GAME, "standard", _rules_from_json)

_COUNT = {"type": "integer", "minimum": 0, "maximum": 100}
SCHEMAS: dict[str, dict[str, Any]] = {
    "branchline-map": {
        "type": "object",
        "required": ["format", "game", "stations", "links", "termini"],
        "properties": {
            "format": {"const": mapfile.FORMAT},
            "game": {"const": GAME},
            "name": {"type": "string", "maxLength": 80},
            "stations": {
                "type": "object",
                "minProperties": 2,
                "maxProperties": 200,
                "additionalProperties": {
                    "type": "array",
                    "items": {"type": "number", "minimum": 0, "maximum": 2000},
                    "minItems": 2,
                    "maxItems": 2,
                },
            },
            "links": {
                "type": "array",
                "maxItems": 1000,
                "items": {
                    "type": "array",
                    "prefixItems": [{"type": "string"}, {"type": "string"}, _COUNT],
                    "minItems": 3,
                    "maxItems": 3,
                },
            },
            "termini": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
        },
    },
    "branchline-rules": {
        "type": "object",
        "required": ["name", "players", "points_per_length", "terminus_bonus"],
        "properties": {
            "name": {"type": "string"},
            "title": {"type": "string"},
            "players": {
                "type": "array",
                "items": {"type": "integer"},
                "minItems": 2,
                "maxItems": 2,
            },
            "points_per_length": _COUNT,
            "terminus_bonus": _COUNT,
            "x-sources": {"type": "object"},
        },
        "additionalProperties": False,
    },
    "branchline-record": {
        "type": "object",
        "required": ["game", "map", "players"],
        "properties": {
            "game": {"const": GAME},
            "map": {"type": ["string", "object"]},
            "map_sha256": {"type": "string"},
            "rules": {"type": ["string", "object"]},
            "players": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 40},
                "minItems": 2,
                "maxItems": 4,
                "uniqueItems": True,
            },
            "claims": {
                "type": "object",
                "additionalProperties": {
                    "type": "array",
                    "maxItems": 1000,
                    "items": {
                        "type": "array",
                        "items": {"type": "string"},
                        "minItems": 2,
                        "maxItems": 2,
                    },
                },
            },
        },
    },
}
