"""Dampfross's answers at the table (``score dampfross --cheapest``, ``--race``) as lines of
text: the answer first, in the printed map's words (town names, hex labels, the route)."""

from __future__ import annotations

from typing import Any

from trackwright.core.dampfross import DampfrossMap


def _place(m: DampfrossMap, label: str) -> str:
    h = m.hex_of_label(label)
    town = m.town_by_hex.get(h) if h is not None else None
    return f"{town.name} ({label})" if town else label


def _route(m: DampfrossMap, labels: list[str]) -> str:
    return " → ".join(_place(m, x) for x in labels)


def _steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def _points(n: int) -> str:
    return f"{n} building point" if n == 1 else f"{n} building points"


def cheapest_lines(m: DampfrossMap, c: dict[str, Any], roll: int | None) -> list[str]:
    """The cheapest line: where to, what it costs, its route, and how far a roll gets."""
    goal = _place(m, c["hex"])
    steps = len(c["route"]) - 1
    if steps == 0:
        return [f"{goal} is on {c['player']}'s network already: no line to build."]
    out = [
        f"{c['player']}'s cheapest line to {goal}: {_points(c['cost'])} and "
        f"{c['payments']} to rivals, {_steps(steps)}.",
        f"  Route: {_route(m, c['route'])}",
    ]
    if roll is not None and c["reach"]:
        reach = c["route"][: len(c["reach"])]
        out.append(f"  A roll of {roll} gets to {_place(m, reach[-1])} ({_steps(len(reach) - 1)}).")
    return out


def race_lines(m: DampfrossMap, race: dict[str, Any]) -> list[str]:
    """Each player's fastest route, the fastest first (fewest pips, then fewest fares)."""
    start = f"{race['from']} {race['from_town']}"
    end = f"{race['to']} {race['to_town']}"
    out = [f"Race {start} → {end}, fastest first:"]
    routes = race["routes"]
    running = sorted(
        (p for p, r in routes.items() if r is not None),
        key=lambda p: (routes[p]["pips"], sum(routes[p]["fares"].values())),
    )
    for player in running:
        r = routes[player]
        fares = ", ".join(f"{k} {v}" for k, v in r["fares"].items()) or "none"
        out.append(f"  {player}: {r['pips']} pips, {len(r['labels']) - 1} hexes, fares: {fares}")
        out.append(f"    {_route(m, r['labels'])}")
    for player in (p for p, r in routes.items() if r is None):
        out.append(f"  {player}: no route using their own line")
    return out


def answer_lines(m: DampfrossMap, data: dict[str, Any], roll: int | None) -> list[str]:
    """Every answer asked for (none: an empty list)."""
    out: list[str] = []
    if "cheapest" in data:
        out += cheapest_lines(m, data["cheapest"], roll)
    if "race" in data:
        out += race_lines(m, data["race"])
    return out
