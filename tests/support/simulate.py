"""Seeded simulated TransAmerica rounds: fixtures for tests, benchmarks and examples (test support,
not part of the installed package: the phone never plays a round by itself).

The bot plays legally and sensibly: each turn it builds along its own exact cheapest
completion, from its network outwards, one double or up to two single tracks. Randomness comes
only from ``random.Random(seed).random()``, which Python keeps stable across versions.
"""

from __future__ import annotations

import random
from typing import Any

from trackwright.core import transamerica as model
from trackwright.core.transamerica import TransAmericaMap, TransAmericaRules, edge_key
from trackwright.scorer.transamerica import (
    RoundBoard,
    _complete,
    _network,
    _pick,
    deal,
    record_from_json,
    rotated_hands,
    score,
)


def play_round(
    m: TransAmericaMap,
    players: list[str],
    seed: int,
    first: int = 0,
    hands: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """A whole round as a record entry with its turns: in seat order from ``players[first]``
    (the round's first player), each player on their turn; dealt from the seed unless ``hands``
    are given (visible cards), which the entry then leaves out."""
    rng = random.Random(seed)
    dealt = deal(m, players, rng)
    own = hands or dealt
    starts: dict[str, str] = {}
    for p in players:  # start on one of the own cities, or next to it
        node = m.city_by_name[_pick(rng, own[p])].node
        while node in starts.values():
            node = _pick(rng, sorted(m.neighbours[node]))
        starts[p] = node
    track: set = set()
    turns: list[dict[str, Any]] = []
    turn = first
    while len(track) < 84:
        p = players[turn % len(players)]
        turn += 1
        placed: list[tuple[str, str]] = []
        for _k in range(2):
            board = RoundBoard(m, track)
            wanted = board.missing(starts[p], own[p]).edges
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
            if cost == 2 or any(_complete(m, track, starts[q], own[q]) for q in players):
                break
        # A player with nothing left to build has connected their cities: the round is over.
        assert placed, f"{p} has nothing to build"
        turns.append({"player": p, "track": [list(e) for e in placed]})
        if any(_complete(m, track, starts[q], own[q]) for q in players):
            break
    entry: dict[str, Any] = {} if hands else {"cities": dealt}
    return {**entry, "starts": starts, "turns": turns}


def play_game(
    m: TransAmericaMap,
    players: list[str],
    seed: int,
    variant: str = "standard",
    rules: TransAmericaRules | None = None,
    map_ref: str = "usa",
) -> dict[str, Any]:
    """A whole game as a record on the map ``m`` (named ``map_ref`` in it), round after round
    (seeds ``seed``, ``seed + 1``, ...) until it ends; the first player passes left each round.
    With ``variant="visible-cards"`` round 1 is dealt and each later round plays the left-hand
    neighbour's cards, as many rounds as players."""
    rules = rules or model.rules()
    record: dict[str, Any] = {"game": "transamerica", "map": map_ref, "players": list(players)}
    if variant != "standard":
        record["variant"] = variant
    record["rounds"] = []
    hands: dict[str, list[str]] | None = None
    for k in range(50):
        rnd = play_round(m, players, seed + k, first=k % len(players), hands=hands)
        record["rounds"].append(rnd)
        result = score(record_from_json(record, m=m, rules=rules), rules)
        if result.game_over:
            return record
        if variant == "visible-cards":
            hands = rotated_hands(tuple(players), result.rounds[-1].hands)
    raise AssertionError("the game did not end in 50 rounds")
