"""The La Strada map model: a hexagonal board of plain, forest and hill hexes made of land pieces,
and the settlements on it. Loaded from and written to the map file; errors name the hex."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile, presets
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex

KINDS = ("city", "fortified_village", "hamlet", "farm")
TILE_SET = {"city": 4, "fortified_village": 5, "hamlet": 5, "farm": 5}  # the 19 settlement tiles
DEFAULT_HEX_SIZE = 15.0
# Gold each merchant earns by the number of merchants on the settlement: the rules preset's
# table (core/presets.py, templates/lastrada/rules/original.json).
GOLD: dict[str, tuple[int, ...]] = presets.lastrada().gold


@dataclass(frozen=True)
class Settlement:
    id: str
    hex: Hex
    kind: str


@dataclass(frozen=True)
class Piece:
    id: str
    position: int
    start: bool = False


@dataclass(frozen=True)
class LaStradaMap:
    name: str
    version: str
    terrain: dict[Hex, str]
    settlements: tuple[Settlement, ...]
    pieces: tuple[Piece, ...] = ()
    piece_of: dict[Hex, str] = field(default_factory=dict)
    hex_size: float = DEFAULT_HEX_SIZE
    generator: dict[str, Any] = field(default_factory=dict)
    source: str = ""

    @cached_property
    def settlement_by_id(self) -> dict[str, Settlement]:
        return {s.id: s for s in self.settlements}

    @cached_property
    def settlement_by_hex(self) -> dict[Hex, Settlement]:
        return {s.hex: s for s in self.settlements}

    @property
    def seed(self) -> int | None:
        return self.generator.get("seed")

    def kind_counts(self) -> Counter:
        return Counter(s.kind for s in self.settlements)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": mapfile.FORMAT,
            "game": "lastrada",
            "name": self.name,
            "version": self.version,
        }
        if self.generator:
            data["generator"] = self.generator
        data["hex_size"] = self.hex_size
        if self.pieces:
            data["pieces"] = [
                {"id": p.id, "position": p.position, **({"start": True} if p.start else {})}
                for p in self.pieces
            ]
        data["hexes"] = [
            {
                "q": q,
                "r": r,
                "terrain": t,
                **({"piece": self.piece_of[(q, r)]} if (q, r) in self.piece_of else {}),
            }
            for (q, r), t in self.terrain.items()
        ]
        data["settlements"] = [
            {"id": s.id, "hex": list(s.hex), "kind": s.kind} for s in self.settlements
        ]
        return data


def from_json(data: dict[str, Any], where: str = "<map>") -> LaStradaMap:
    mapfile.validate_for(data, "lastrada", where)

    def fail(message: str, path: str) -> TrackwrightError:
        return TrackwrightError(message, f"{where}: {path}")

    rows = mapfile.hex_rows(data, where)
    terrain: dict[Hex, str] = {h: raw["terrain"] for h, raw in rows.items()}
    piece_of: dict[Hex, str] = {h: raw["piece"] for h, raw in rows.items() if "piece" in raw}
    settlements: list[Settlement] = []
    ids: set[str] = set()
    on_hex: dict[Hex, str] = {}
    for i, raw in enumerate(data["settlements"]):
        h = (int(raw["hex"][0]), int(raw["hex"][1]))
        if raw["id"] in ids:
            raise fail(f"duplicate settlement id {raw['id']!r}", f"$.settlements[{i}].id")
        if h not in terrain:
            raise fail(
                f"settlement {raw['id']}: hex {h} is not on the board", f"$.settlements[{i}].hex"
            )
        if h in on_hex:
            raise fail(
                f"settlements {on_hex[h]} and {raw['id']} share hex {h}", f"$.settlements[{i}].hex"
            )
        ids.add(raw["id"])
        on_hex[h] = raw["id"]
        settlements.append(Settlement(raw["id"], h, raw["kind"]))
    groups = hexgrid.components(terrain)
    if len(groups) > 1:
        stray = min(groups[1])
        raise fail(f"the board is not in one piece: hex {stray} is cut off", "$.hexes")
    pieces = tuple(
        Piece(p["id"], p["position"], bool(p.get("start", False))) for p in data.get("pieces", [])
    )
    return LaStradaMap(
        name=data.get("name", "Custom board"),
        version=str(data.get("version", "1")),
        terrain=terrain,
        settlements=tuple(settlements),
        pieces=pieces,
        piece_of=piece_of,
        hex_size=float(data.get("hex_size", DEFAULT_HEX_SIZE)),
        generator=data.get("generator", {}),
        source=where,
    )


def load(ref: str | Path) -> LaStradaMap:
    """A map file, or ``standard`` for the board of seed 1."""
    text = str(ref)
    if text == "standard":
        from trackwright.kits.lastrada.arrange import arrange

        return arrange(1)
    path, where = mapfile.resolve("lastrada", ref)
    return from_json(mapfile.read_json(path), where)
