"""Branch Line's rules engine: a record of who claimed which links, scored with the evidence
(each player's links, their length, whether they join the termini and by which stations).

A record: ``{"game": "branchline", "map": "valley", "players": [...], "claims": {player:
[[a, b], ...]}}`` (``rules``: a preset's name, file or the preset itself; ``map``: a built-in
name, a file beside the record, or the map embedded)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from branchline import model
from branchline.model import BranchLineMap, BranchLineRules, Link, link_key

from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError


@dataclass(frozen=True)
class GameRecord:
    map: BranchLineMap
    rules: BranchLineRules
    players: tuple[str, ...]
    claims: dict[str, tuple[Link, ...]]


def _claims(
    data: dict[str, Any], m: BranchLineMap, players: tuple[str, ...], where: str
) -> dict[str, tuple[Link, ...]]:
    """Each player's claimed links, every one on the map and claimed once (RULES.md, rule 4)."""
    owner: dict[Link, str] = {}
    out: dict[str, tuple[Link, ...]] = {p: () for p in players}
    for player, links in (data.get("claims") or {}).items():
        if player not in players:
            raise TrackwrightError(
                f"{player[:40]!r} is not a player of this game", f"{where}: $.claims"
            )
        for i, (a, b) in enumerate(links):
            place = f"{where}: $.claims.{player}[{i}]"
            key = link_key(a, b)
            if key not in m.lengths:
                raise TrackwrightError(f"no link {a}-{b} on this map", place)
            if key in owner:
                raise TrackwrightError(
                    f"the link {a}-{b} is {owner[key]}'s already: a link has one owner", place
                )
            owner[key] = player
        out[player] = tuple(link_key(a, b) for a, b in links)
    return out


def record_from_json(data: Any, where: str = "record", base: Path | None = None) -> GameRecord:
    """A record checked against its schema, its map and the rules."""
    mapfile.validate(data, where, "branchline-record")
    m = mapfile.record_model(model.GAME, data, base, where, model.from_json)
    rules = model.PRESETS.of_record(data.get("rules"), base, where)
    players = tuple(data["players"])
    lo, hi = rules.players
    if not lo <= len(players) <= hi:
        raise TrackwrightError(
            f"{len(players)} players: Branch Line is for {lo} to {hi}", f"{where}: $.players"
        )
    return GameRecord(m, rules, players, _claims(data, m, players, where))


def load_record(path: Path) -> GameRecord:
    return record_from_json(mapfile.read_json(path), str(path), path.parent)


def joining_path(links: tuple[Link, ...], termini: tuple[str, str]) -> list[str] | None:
    """The stations of a path from one terminus to the other over these links, or None."""
    start, goal = termini
    came: dict[str, str | None] = {start: None}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for a, b in sorted(links):
            there = b if a == here else a if b == here else None
            if there is not None and there not in came:
                came[there] = here
                queue.append(there)
    if goal not in came:
        return None
    path: list[str] = []
    step: str | None = goal
    while step is not None:
        path.append(step)
        step = came[step]
    return path[::-1]


@dataclass(frozen=True)
class PlayerScore:
    links: tuple[Link, ...]
    length: int
    joined: list[str] | None
    points: int


@dataclass(frozen=True)
class Result:
    players: tuple[str, ...]
    scores: dict[str, PlayerScore]

    @property
    def winners(self) -> list[str]:
        best = max(s.points for s in self.scores.values())
        return [p for p in self.players if self.scores[p].points == best]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "points": {p: s.points for p, s in self.scores.items()},
            "winners": self.winners,
            "evidence": {
                p: {
                    "links": [list(k) for k in s.links],
                    "length": s.length,
                    "joins_termini": s.joined,
                }
                for p, s in self.scores.items()
            },
        }


def score(record: GameRecord) -> Result:
    """Points by RULES.md rules 5 and 6: length times the preset's points, and the bonus for a
    network joining the termini (the path shown)."""
    rules, m = record.rules, record.map
    scores = {}
    for p in record.players:
        links = record.claims[p]
        length = sum(m.lengths[k] for k in links)
        joined = joining_path(links, m.termini)
        points = length * rules.points_per_length + (rules.terminus_bonus if joined else 0)
        scores[p] = PlayerScore(links, length, joined, points)
    return Result(record.players, scores)
