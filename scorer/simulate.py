"""Seeded simulated TransAmerica rounds: fixtures for tests, benchmarks and examples.

The bot plays legally and sensibly: each turn it builds along its own exact cheapest
completion, from its network outwards, one double or up to two single tracks. Randomness comes
only from ``random.Random(seed).random()``, which Python keeps stable across versions.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from trackwright.core.transamerica import REGIONS, TransAmericaMap, edge_key
from trackwright.scorer.transamerica import RoundBoard, _complete, _network

T = TypeVar("T")


def _pick(rng: random.Random, items: list[T]) -> T:
    return items[int(rng.random() * len(items))]


def deal(m: TransAmericaMap, players: list[str], rng: random.Random) -> dict[str, list[str]]:
    """One city of each colour per player, without replacement."""
    hands: dict[str, list[str]] = {p: [] for p in players}
    for region in REGIONS:
        pool = sorted(c.name for c in m.cities_of(region, len(players)))
        for p in players:
            city = _pick(rng, pool)
            pool.remove(city)
            hands[p].append(city)
    return hands


def play_round(m: TransAmericaMap, players: list[str], seed: int) -> dict[str, Any]:
    """A whole round as a record entry with its turns (and the final track)."""
    rng = random.Random(seed)
    hands = deal(m, players, rng)
    starts: dict[str, str] = {}
    for p in players:  # start on one of the own cities, or next to it
        node = m.city_by_name[_pick(rng, hands[p])].node
        while node in starts.values():
            node = _pick(rng, sorted(m.graph().neighbors(node)))
        starts[p] = node
    track: set = set()
    turns: list[dict[str, Any]] = []
    turn = 0
    while len(track) < 84:
        p = players[turn % len(players)]
        turn += 1
        placed: list[tuple[str, str]] = []
        for _k in range(2):
            board = RoundBoard(m, track)
            wanted = board.missing(starts[p], hands[p]).edges
            network = _network(track, starts[p])
            options = [e for e in wanted if e[0] in network or e[1] in network]
            if not options:
                break
            edge = _pick(rng, sorted(options))
            cost = m.edge_by_key[edge].cost
            if cost == 2 and placed:
                break
            placed.append(edge)
            track.add(edge_key(*edge))
            if cost == 2 or any(_complete(m, track, starts[q], hands[q]) for q in players):
                break
        if not placed:  # nothing left to build for this player: skip
            continue
        turns.append({"player": p, "track": [list(e) for e in placed]})
        if any(_complete(m, track, starts[q], hands[q]) for q in players):
            break
    return {"cities": hands, "starts": starts, "turns": turns}
