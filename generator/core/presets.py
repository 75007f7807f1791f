"""Rules presets: every number of a game's rules, as data with its sources.

A preset is a JSON file, built in (``templates/<game>/rules/<name>.json``) or a house preset of
one's own, checked against ``core/schema/<game>-rules.schema.json``. :func:`load` reads one by
built-in name or file path and returns the game's frozen dataclass; the rules engines score by it
and the kits print it, so a number lives in one place. A bad file is one ``TrackwrightError``
naming the file and the JSON path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex

#: The preset each game uses when none is named.
DEFAULTS = {"transamerica": "original", "dampfross": "epopee", "lastrada": "original"}


# ------------------------------------------------------------------ TransAmerica


@dataclass(frozen=True)
class TransAmericaRules:
    """The numbers of one TransAmerica edition."""

    name: str
    title: str
    players: tuple[int, int]
    start_points: int  # locomotives start in the engine shed on this
    tracks: int  # pieces to build (one more is the barrier)
    plain_per_turn: int  # 1 or 2 tracks on single lines, or 1 on a double line
    small_game: int  # with this many players or fewer the dotted cards are out
    barrier_round: int  # after the scoring of this round ...
    barrier_min_lowest: int  # ... if the lowest player still has this many points or more ...
    barrier_gap: int  # ... the game ends at (lowest - gap) or fewer
    initial_threshold: int  # otherwise at this or fewer
    min_rounds: int  # the game lasts at least this many rounds


def _transamerica(data: dict[str, Any], ref: str) -> TransAmericaRules:
    return TransAmericaRules(
        name=data["name"],
        title=data.get("title", data["name"]),
        players=(data["players"][0], data["players"][1]),
        start_points=data["start_points"],
        tracks=data["tracks"],
        plain_per_turn=data["plain_per_turn"],
        small_game=data["dotted_out_up_to"],
        barrier_round=data["barrier_round"],
        barrier_min_lowest=data["barrier_min_lowest"],
        barrier_gap=data["barrier_gap"],
        initial_threshold=data["end_threshold"],
        min_rounds=data["min_rounds"],
    )


# ------------------------------------------------------------------ Dampfross


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

    def step_cost(self, m: Any, a: Hex, b: Hex) -> int:
        """Die points to build from a to b: the hill cost, plus the river's extra when the step
        crosses a river side."""
        hills = (m.terrain[a] == "hill") + (m.terrain[b] == "hill")
        cost = (self.step, self.hill, self.hill_to_hill)[hills]
        if hexgrid.side(a, b) in m.rivers:
            cost += self.river - self.step
        return cost

    def victory_total(self, players: int) -> int:
        return self.victory[players]


def _dampfross(data: dict[str, Any], ref: str) -> DampfrossRules:
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
    )


# ------------------------------------------------------------------ La Strada

TERRAINS = ("plain", "forest", "hill")
SETTLEMENT_KINDS = ("city", "fortified_village", "hamlet", "farm")


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

    def cost(self, terrain: str) -> int:
        return dict(self.costs)[terrain]

    def supply(self, terrain: str) -> int:
        return dict(self.tiles)[terrain]

    def gold_for(self, kind: str, merchants: int) -> int:
        """Gold each of ``merchants`` merchants on a settlement of ``kind`` earns."""
        row = self.gold[kind]
        return row[merchants - 1] if 0 < merchants <= len(row) else 0


def _lastrada(data: dict[str, Any], ref: str) -> LaStradaRules:
    most = data["max_merchants_per_settlement"]
    gold = {}
    for kind in SETTLEMENT_KINDS:
        row = tuple(data["gold"][kind])
        if len(row) != most:
            raise TrackwrightError(
                f"{len(row)} values; give one per number of merchants, 1 to {most}",
                f"$.gold.{kind}",
            )
        gold[kind] = row
    return LaStradaRules(
        name=data["name"],
        title=data.get("title", data["name"]),
        players=(data["players"][0], data["players"][1]),
        days_per_turn=data["days_per_turn"],
        max_reserve=data["max_reserve"],
        costs=tuple((t, data["costs"][t]) for t in TERRAINS),
        tiles=tuple((t, data["tiles"][t]) for t in TERRAINS),
        merchants=data["merchants"],
        max_merchants_per_settlement=most,
        gold=gold,
    )


# ------------------------------------------------------------------ loading

_BUILD: dict[str, Callable[[dict[str, Any], str], Any]] = {
    "transamerica": _transamerica,
    "dampfross": _dampfross,
    "lastrada": _lastrada,
}


def builtin_names(game: str) -> list[str]:
    """The built-in presets of a game, the default first."""
    names = mapfile.builtin_rules_names(game)
    return sorted(names, key=lambda n: (n != DEFAULTS.get(game), n))


@cache
def preset_text(game: str, name: str) -> str:
    """The JSON text of a built-in preset."""
    return files("trackwright.templates").joinpath(f"{game}/rules/{name}.json").read_text("utf-8")


def read(game: str, ref: str | Path | None = None, base: Path | None = None) -> tuple[Any, str]:
    """The parsed JSON of a preset (built-in name or file path) and where it came from."""
    ref = DEFAULTS[game] if ref is None else ref
    text = str(ref)
    if text in mapfile.builtin_rules_names(game):
        return json.loads(preset_text(game, text)), f"rules preset {text}"
    path = Path(text)
    if base is not None and not path.is_absolute():
        path = base / path
    if not path.is_file() and path.suffix != ".json":
        names = ", ".join(builtin_names(game))
        raise TrackwrightError(f"no such rules preset: one of {names}, or a preset file", text)
    return mapfile.read_json(path), str(path)


def from_json(game: str, data: Any, where: str = "<rules>") -> Any:
    """A parsed preset checked against its schema, as the game's dataclass."""
    try:
        mapfile.validate(data, where, f"{game}-rules")
    except TrackwrightError as exc:
        raise TrackwrightError(f"not a valid rule preset: {exc.message}", exc.where) from None
    try:
        return _BUILD[game](data, where)
    except TrackwrightError as exc:
        raise TrackwrightError(
            f"not a valid rule preset: {exc.message}", f"{where}: {exc.where}"
        ) from None


@cache
def _builtin(game: str, name: str) -> Any:
    data, where = read(game, name)
    return from_json(game, data, where)


def load(game: str, ref: str | Path | None = None, base: Path | None = None) -> Any:
    """A preset of ``game`` by built-in name or file path (relative to ``base``); the default
    preset without one."""
    ref = DEFAULTS[game] if ref is None else ref
    if str(ref) in mapfile.builtin_rules_names(game):
        return _builtin(game, str(ref))
    data, where = read(game, ref, base)
    return from_json(game, data, where)


def to_json(game: str, ref: str | Path | None = None) -> dict[str, Any]:
    """A preset's JSON (checked), as the web page gets it."""
    data, where = read(game, ref)
    from_json(game, data, where)
    return data


def transamerica(ref: str | Path | None = None, base: Path | None = None) -> TransAmericaRules:
    return load("transamerica", ref, base)


def dampfross(ref: str | Path | None = None, base: Path | None = None) -> DampfrossRules:
    return load("dampfross", ref, base)


def lastrada(ref: str | Path | None = None, base: Path | None = None) -> LaStradaRules:
    return load("lastrada", ref, base)
