"""Seeded simulated TransAmerica rounds: fixtures for tests, benchmarks and examples.

The bot plays legally and sensibly: each turn it builds along its own exact cheapest
completion, from its network outwards, one double or up to two single tracks. Randomness comes
only from ``random.Random(seed).random()``, which Python keeps stable across versions.
"""

from __future__ import annotations

import random
from typing import Any

from trackwright.core.transamerica import REGIONS, TransAmericaMap, edge_key
from trackwright.scorer.transamerica import RoundBoard, _complete, _network


def _pick(rng: random.Random, items: list):
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


# ------------------------------------------------------------------ Dampfross


def dampfross_game(map_ref: str, players: list[str], seed: int, races: int = 6) -> dict[str, Any]:
    """A whole Dampfross record: each player builds towards the cheapest unreached town with
    each roll until every town is reached, then races between rolled towns, the fastest first."""
    from trackwright.core import dampfross as df_model
    from trackwright.core.rng import Rng
    from trackwright.scorer import dampfross as df

    rng = Rng(seed)
    m = df_model.load(map_ref)
    pool = sorted(
        (t for t in m.towns if m.start == "town" or t.name in m.ports), key=lambda t: t.numbers[0]
    )
    starts = {}
    for p in players:
        town = rng.choice([t for t in pool if t.hex not in starts.values()])
        starts[p] = list(town.hex)
    data: dict[str, Any] = {
        "game": "dampfross",
        "map": map_ref,
        "rules": "epopee",
        "players": players,
        "starts": starts,
        "events": [],
    }
    record = df.record_from_json(data, m=m)
    state = df.initial_state(record)
    number = 0

    def push(event: dict[str, Any]) -> None:
        nonlocal state, number
        number += 1
        state, _ = df.apply_event(record, state, event, number)
        data["events"].append(event)

    turn = 0
    while state.phase == "construction" and turn < 2000:
        p = players[turn % len(players)]
        turn += 1
        roll = 1 + rng.below(6)
        options = df.cheapest_builds(record, state, p, roll)
        unreached = [
            options[t.name] for t in m.towns if t.hex not in state.reached and t.name in options
        ]
        plan = min(unreached, key=lambda b: (b.cost, b.payments, b.path))
        if plan.reach and len(plan.reach) >= 2:
            push(
                {"type": "build", "player": p, "roll": roll, "path": [list(h) for h in plan.reach]}
            )
    here = None
    attempts = 0
    while state.races_run < races and attempts < 200 and state.winner is None:
        attempts += 1
        rolled = [10 * (1 + rng.below(6)) + 1 + rng.below(6) for _ in range(2)]
        start = rolled[0] if here is None else here
        end = rolled[1]
        a, b = m.town_by_number[start].hex, m.town_by_number[end].hex
        if a == b or df.race_length(m, a, b) < record.rules.race_min_hexes:
            continue
        routes = {p: df.race_route(record, state, p, start, end) for p in players}
        entrants = {p: r for p, r in routes.items() if r is not None}
        if not entrants:
            continue
        placing = sorted(entrants, key=lambda p: (entrants[p].pips, -state.balances[p]))
        push(
            {
                "type": "race",
                "from": start,
                "to": end,
                "routes": {p: [list(h) for h in r.route] for p, r in entrants.items()},
                "placing": placing,
            }
        )
        here = end
        # The winner spends half the prize on a line to the nearest town it is not on.
        winner = placing[0]
        budget = state.winnings[winner] // 2
        targets = list(df.cheapest_builds(record, state, winner, budget).values())
        if budget and targets:
            plan = min(targets, key=lambda b: (b.cost, b.payments, b.path))
            if plan.reach and len(plan.reach) >= 2:
                push(
                    {
                        "type": "build",
                        "player": winner,
                        "paid_from": "winnings",
                        "path": [list(h) for h in plan.reach],
                    }
                )
    return data
