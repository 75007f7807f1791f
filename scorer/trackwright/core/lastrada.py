"""The La Strada map model: a hexagonal board of plain, forest and hill hexes made of land pieces,
and the settlements on it. Loaded from and written to the map file; errors name the hex.

``arrange`` lays out a board from a seed (the start piece first, the other five land pieces in a
shuffled order around it, the 19 settlement tiles dealt onto the marked spots); the record's
``standard`` board is the board of seed 1.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile, presets
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex
from trackwright.core.rng import Rng

GAME = "lastrada"
TITLE = "La Strada"

KINDS = ("city", "fortified_village", "hamlet", "farm")
TILE_SET = {"city": 4, "fortified_village": 5, "hamlet": 5, "farm": 5}  # the 19 settlement tiles
DEFAULT_HEX_SIZE = 15.0
ROAD_TERRAINS = ("plain", "forest", "hill")  # the terrains roads are laid on, preset order


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
    mapfile.validate_for(data, GAME, TITLE, where)

    def fail(code: str, path: str, /, **params: object) -> TrackwrightError:
        return TrackwrightError.of(code, f"{where}: {path}", **params)

    rows = mapfile.hex_rows(data, where)
    terrain: dict[Hex, str] = {h: raw["terrain"] for h, raw in rows.items()}
    piece_of: dict[Hex, str] = {h: raw["piece"] for h, raw in rows.items() if "piece" in raw}
    settlements: list[Settlement] = []
    ids: set[str] = set()
    on_hex: dict[Hex, str] = {}
    for i, raw in enumerate(data["settlements"]):
        h = (int(raw["hex"][0]), int(raw["hex"][1]))
        if raw["id"] in ids:
            raise fail("ls.map.settlement.twice", f"$.settlements[{i}].id", id=repr(raw["id"]))
        if h not in terrain:
            raise fail("ls.map.settlement.off", f"$.settlements[{i}].hex", id=raw["id"], hex=h)
        if h in on_hex:
            raise fail(
                "ls.map.settlement.shared",
                f"$.settlements[{i}].hex",
                a=on_hex[h],
                b=raw["id"],
                hex=h,
            )
        ids.add(raw["id"])
        on_hex[h] = raw["id"]
        settlements.append(Settlement(raw["id"], h, raw["kind"]))
    groups = hexgrid.components(terrain)
    if len(groups) > 1:
        stray = min(groups[1])
        raise fail("ls.map.cut-off", "$.hexes", hex=stray)
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
    if text in MADE:
        return MADE[text]()
    path, where = mapfile.resolve("lastrada", ref)
    return mapfile.load_model(path, where, from_json)


# ------------------------------------------------------------------ boards from a seed


def standard() -> LaStradaMap:
    """The built-in board, ``standard``: the board of seed 1."""
    return arrange(1)


#: The built-in boards, made from a seed rather than read from a file (records name them and
#: ``mapfile.record_model`` hashes them by their JSON).
MADE = {"standard": standard}

ARRANGER_VERSION = "1"
LETTERS = {"p": "plain", "f": "forest", "h": "hill", "S": "plain"}


@cache
def pieces_data() -> dict[str, Any]:
    pieces = files("trackwright.templates").joinpath("lastrada/pieces.json")
    return json.loads(pieces.read_text(encoding="utf-8"))


def piece_cells(rings: list[str], position: int) -> list[tuple[Hex, str]]:
    """A wedge's hexes when laid at a position (0..5 clockwise from the east): ring k, index j
    lies at k steps in direction ``position`` and j steps two directions further on."""
    d = hexgrid.DIRECTIONS
    a, b = d[position % 6], d[(position + 2) % 6]
    return [
        ((k * a[0] + j * b[0], k * a[1] + j * b[1]), ch)
        for k, ring in enumerate(rings, start=1)
        for j, ch in enumerate(ring)
    ]


def arrange(seed: int, hex_size: float = DEFAULT_HEX_SIZE) -> LaStradaMap:
    rng = Rng(seed)
    data = pieces_data()
    start = data["start_piece"]
    others = rng.shuffled(sorted(p for p in data["pieces"] if p != start))
    order = [start, *others]
    terrain: dict[Hex, str] = {(0, 0): LETTERS[data["centre"]]}
    piece_of: dict[Hex, str] = {(0, 0): start}
    spots: list[Hex] = [(0, 0)] if data["centre"] == "S" else []
    for position, piece in enumerate(order):
        for h, ch in piece_cells(data["pieces"][piece], position):
            terrain[h] = LETTERS[ch]
            piece_of[h] = piece
            if ch == "S":
                spots.append(h)
    kinds = rng.shuffled([k for k in KINDS for _ in range(TILE_SET[k])])
    spots.sort(key=lambda h: (h[1], h[0]))  # reading order: s01 top-left ... s19
    hexes = sorted(terrain, key=lambda h: (h[1], h[0]))
    record = {
        "format": mapfile.FORMAT,
        "game": "lastrada",
        "name": f"La Strada {seed}",
        "version": "1",
        "generator": {
            "name": "trackwright-lastrada",
            "version": ARRANGER_VERSION,
            "seed": seed,
            "params": {"order": order},
        },
        "hex_size": hex_size,
        "pieces": [
            {"id": p, "position": i, **({"start": True} if p == start else {})}
            for i, p in enumerate(order)
        ],
        "hexes": [
            {"q": q, "r": r, "terrain": terrain[(q, r)], "piece": piece_of[(q, r)]}
            for q, r in hexes
        ],
        "settlements": [
            {"id": f"s{i + 1:02d}", "hex": list(h), "kind": kind}
            for i, (h, kind) in enumerate(zip(spots, kinds, strict=True))
        ],
    }
    return from_json(record, f"La Strada board {seed}")


# ------------------------------------------------------------------ the rules presets


@dataclass(frozen=True)
class LaStradaRules:
    """The numbers of La Strada."""

    name: str
    title: str
    players: tuple[int, int]
    days_per_turn: int  # travel days gained each turn
    max_reserve: int  # kept after a turn at most
    costs: tuple[tuple[str, int], ...]  # travel days per road tile, by terrain
    tiles: tuple[tuple[str, int], ...]  # road tiles per player, by terrain
    merchants: int  # pawns per player
    max_merchants_per_settlement: int
    gold: dict[str, tuple[int, ...]]  # gold per merchant by kind and number of merchants
    min_road_tiles: int = 1  # tiles a road lays at least (0: a neighbouring settlement is free)
    two_player_starts: str = "second"  # with two players, which player moves first

    @property
    def max_days_per_turn(self) -> int:
        """Travel days one turn can hold at most: the most kept plus a turn's days."""
        return self.max_reserve + self.days_per_turn

    def cost(self, terrain: str) -> int:
        return dict(self.costs)[terrain]

    def supply(self, terrain: str) -> int:
        return dict(self.tiles)[terrain]

    def gold_for(self, kind: str, merchants: int) -> int:
        """Gold each of ``merchants`` merchants on a settlement of ``kind`` earns."""
        row = self.gold[kind]
        return row[merchants - 1] if 0 < merchants <= len(row) else 0


def _rules_from_json(data: dict[str, Any], ref: str) -> LaStradaRules:
    most = data["max_merchants_per_settlement"]
    gold = {}
    for kind in KINDS:
        row = tuple(data["gold"][kind])
        if len(row) != most:
            raise TrackwrightError.of("ls.rules.gold", f"$.gold.{kind}", count=len(row), most=most)
        gold[kind] = row
    return LaStradaRules(
        name=data["name"],
        title=data.get("title", data["name"]),
        players=(data["players"][0], data["players"][1]),
        days_per_turn=data["days_per_turn"],
        max_reserve=data["max_reserve"],
        costs=tuple((t, data["costs"][t]) for t in ROAD_TERRAINS),
        tiles=tuple((t, data["tiles"][t]) for t in ROAD_TERRAINS),
        merchants=data["merchants"],
        max_merchants_per_settlement=most,
        gold=gold,
        min_road_tiles=data.get("min_road_tiles", 1),
        two_player_starts=data.get("two_player_starts", "second"),
    )


#: The game's rules presets (``templates/{game}/rules/``); ``original`` when none is named.
PRESETS = presets.Presets(GAME, "original", _rules_from_json)


def rules(ref: str | Path | None = None, base: Path | None = None) -> LaStradaRules:
    """A rules preset by built-in name or file path (relative to ``base``); the default without
    one."""
    return PRESETS.load(ref, base)


# Gold each merchant earns by the number of merchants on the settlement: the default preset's
# table (templates/lastrada/rules/original.json).
GOLD: dict[str, tuple[int, ...]] = rules().gold
