"""Dampfross rules engine: the accounts of a game, exactly by the rules, from the map file.

``replay`` applies a record's events (builds and races) in order to a ``State`` and returns the
ledger: every transaction with its reason, the balances after each event, the phase and the
winner. Each event is applied to a copy of the state, so an illegal event changes nothing; it is
reported naming the event. Rule numbers come from a preset (``RuleSet``), never from branches.

Helpers for the table: ``cheapest_build`` (the cheapest line from a network to a town, and how
far a roll gets), ``race_route`` (an entrant's fastest legal race route and its fares).
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import networkx as nx
from trackwright.core import dampfross as model
from trackwright.core import hexgrid, mapfile
from trackwright.core.dampfross import DampfrossMap
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex

Segment = tuple[Hex, Hex]  # a built line between two hex centres, sorted
BANK = "bank"


# ------------------------------------------------------------------ rule presets


RuleSet = model.DampfrossRules
PRESETS = tuple(model.PRESETS.names())


def _preset_text(name: str) -> str:
    return model.PRESETS.text(name)


def load_rules(ref: str = "epopee", base: Path | None = None) -> RuleSet:
    """A built-in preset (epopee, dampfross) or a preset file of one's own."""
    return model.rules(ref, base)


# ------------------------------------------------------------------ state and ledger


@dataclass(frozen=True)
class Transaction:
    event: int
    payer: str  # a player or "bank"
    payee: str
    amount: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "from": self.payer,
            "to": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }


@dataclass
class State:
    balances: dict[str, int]
    lines: dict[str, dict[Segment, int]]  # player -> segment -> event that built it
    network: dict[str, set[Hex]]  # hexes on each player's line (their start hex included)
    reached: set[Hex]  # town hexes reached by any line (start towns included)
    winnings: dict[str, int]  # what each player may still spend on building from race winnings
    phase: str = "construction"
    last_race_end: Hex | None = None
    races_run: int = 0
    number_uses: Counter = field(default_factory=Counter)
    winner: str | None = None
    ledger: list[Transaction] = field(default_factory=list)

    def owners(self, seg: Segment, exclude: str) -> list[str]:
        """Rivals who built this segment, first builder first."""
        found = [
            (built, p)
            for p, segs in self.lines.items()
            if p != exclude
            for s, built in segs.items()
            if s == seg
        ]
        return [p for _built, p in sorted(found)]

    def pay(self, event: int, payer: str, payee: str, amount: int, reason: str) -> None:
        if amount <= 0:
            return
        if payer != BANK:
            self.balances[payer] -= amount
        if payee != BANK:
            self.balances[payee] += amount
        self.ledger.append(Transaction(event, payer, payee, amount, reason))


@dataclass(frozen=True)
class Step:
    a: Hex
    b: Hex
    cost: int
    payments: tuple[tuple[str, int, str], ...]  # (rival, amount, why)


@dataclass(frozen=True)
class EventResult:
    number: int
    kind: str
    summary: dict[str, Any]
    balances: dict[str, int]


Line = tuple[Hex, ...]  # hex centres one after the other


def _path(raw: Any) -> Line:
    return tuple((h[0], h[1]) for h in raw)


@dataclass(frozen=True)
class Build:
    """A build event: the player's line, paid with a die roll (construction phase) or from race
    winnings (race phase)."""

    kind: ClassVar[str] = "build"
    player: str
    paths: tuple[Line, ...]
    roll: int | None = None
    from_winnings: bool = False


@dataclass(frozen=True)
class Race:
    """A race event between two town numbers: each company's route and the finishing order."""

    kind: ClassVar[str] = "race"
    start: int  # "from"
    to: int
    routes: dict[str, Line]
    placing: tuple[str, ...]
    partners: tuple[tuple[str, ...], ...] = ()


Event = Build | Race


def event_from_json(raw: Mapping[str, Any]) -> Event:
    """One schema-valid event of a record as its typed form."""
    if raw["type"] == "build":
        return Build(
            player=raw["player"],
            paths=tuple(_path(p) for p in (raw.get("paths") or [raw["path"]])),
            roll=raw.get("roll"),
            from_winnings=raw.get("paid_from") == "winnings",
        )
    return Race(
        start=raw["from"],
        to=raw["to"],
        routes={p: _path(route) for p, route in raw["routes"].items()},
        placing=tuple(raw["placing"]),
        partners=tuple(tuple(pair) for pair in raw.get("partners", [])),
    )


@dataclass(frozen=True)
class GameRecord:
    map: DampfrossMap
    rules: RuleSet
    players: tuple[str, ...]
    starts: dict[str, Hex]
    events: tuple[Event, ...]
    mode: str = "standard"
    races: int | None = None
    source: str = "<record>"


@dataclass(frozen=True)
class GameResult:
    record: GameRecord
    state: State
    events: tuple[EventResult, ...]

    def to_json(self) -> dict[str, Any]:
        s = self.state
        winners = [self.state.winner] if self.state.winner else []
        return {
            "rules": self.record.rules.name,
            "phase": s.phase,
            "balances": dict(s.balances),
            "winner": s.winner,
            "winners": winners,
            "races_run": s.races_run,
            "unreached_towns": sorted(
                t.name for t in self.record.map.towns if t.hex not in s.reached
            ),
            "ledger": [t.to_json() for t in s.ledger],
            "events": [
                {"event": e.number, "type": e.kind, **e.summary, "balances": e.balances}
                for e in self.events
            ],
        }


def _seg(a: Hex, b: Hex) -> Segment:
    return hexgrid.side(a, b)


def _name(m: DampfrossMap, h: Hex) -> str:
    town = m.town_by_hex.get(h)
    return f"{town.name} {h}" if town else str(h)


# ------------------------------------------------------------------ building


def plan_steps(
    m: DampfrossMap, rules: RuleSet, state: State, player: str, path: list[Hex], where: str
) -> list[Step]:
    """Check one path of a build and price it: die points per step, payments to rivals."""
    if path[0] not in state.network[player]:
        raise TrackwrightError(
            f"the line must start from {player}'s network; {_name(m, path[0])} is not on it", where
        )
    steps: list[Step] = []
    mine = set(state.lines[player])
    on_line = set(state.network[player])
    for a, b in itertools.pairwise(path):
        if b not in m.terrain:
            raise TrackwrightError(f"hex {b} is not on the map", where)
        if not hexgrid.are_neighbours(a, b):
            raise TrackwrightError(f"{a} and {b} are not neighbouring hexes", where)
        if m.terrain[b] == "water":
            raise TrackwrightError(f"hex {b} is water: no line can enter it", where)
        seg = _seg(a, b)
        if seg in mine:
            raise TrackwrightError(f"{player} already has a line from {a} to {b}", where)
        mine.add(seg)
        payments: list[tuple[str, int, str]] = []
        if b not in m.town_by_hex:
            # Entering a hex a rival uses, once (not again where the player's line already is).
            if b not in on_line:
                for rival in sorted(
                    p for p in state.network if p != player and b in state.network[p]
                ):
                    payments.append((rival, rules.rival_entry, f"entering {b}, used by {rival}"))
            for rival in state.owners(seg, player):
                payments.append(
                    (rival, rules.parallel, f"line parallel to {rival}'s from {a} to {b}")
                )
        on_line.add(b)
        steps.append(Step(a, b, rules.step_cost(m, a, b), tuple(payments)))
    return steps


def apply_build(
    m: DampfrossMap, rules: RuleSet, state: State, event: Build, number: int, where: str
) -> dict[str, Any]:
    player = event.player
    from_winnings = event.from_winnings
    if from_winnings:
        budget = state.winnings[player]
        if state.phase == "construction":
            raise TrackwrightError("builds are paid from winnings only in the race phase", where)
    else:
        assert event.roll is not None  # the schema: a roll or "paid_from"
        budget = event.roll
        if state.phase == "races":
            raise TrackwrightError(
                'the construction phase is over: build with "paid_from": "winnings"', where
            )
    total = 0
    all_steps: list[Step] = []
    for path in event.paths:
        steps = plan_steps(m, rules, state, player, list(path), where)
        # Apply the path so the next path (or step) may start from it.
        for st in steps:
            state.lines[player][_seg(st.a, st.b)] = number
            state.network[player].update((st.a, st.b))
        all_steps += steps
        total += sum(st.cost for st in steps)
    if total > budget:
        what = "winnings" if from_winnings else "roll"
        raise TrackwrightError(
            f"the line costs {total} points; {player}'s {what} is {budget}", where
        )
    if from_winnings:
        state.winnings[player] -= total
        state.pay(number, player, BANK, total, f"{total} building points paid from winnings")
    for st in all_steps:
        for rival, amount, why in st.payments:
            state.pay(number, player, rival, amount, why)
        town = m.town_by_hex.get(st.b)
        if town and st.b not in state.reached:
            state.reached.add(st.b)
            state.pay(number, BANK, player, rules.first_arrival, f"first to reach {town.name}")
    if state.phase == "construction" and all(t.hex in state.reached for t in m.towns):
        state.phase = "races"
    return {
        "player": player,
        "paid_from": "winnings" if from_winnings else "roll",
        "budget": budget,
        "cost": total,
        "steps": [{"from": list(s.a), "to": list(s.b), "cost": s.cost} for s in all_steps],
    }


# ------------------------------------------------------------------ races


def race_length(m: DampfrossMap, a: Hex, b: Hex) -> int:
    """Fewest hexes between two towns over land (the shortest possible race)."""
    g = nx.Graph()
    for h in m.land:
        for n in hexgrid.neighbours(h):
            if n in m.land:
                g.add_edge(h, n)
    return nx.shortest_path_length(g, a, b)


def _companies(event: Race, players: tuple[str, ...], where: str) -> list[tuple[str, ...]]:
    partners = list(event.partners)
    seen: set[str] = set()
    for pair in partners:
        for p in pair:
            if p not in players:
                raise TrackwrightError(f"partner {p!r} is not a player of this game", where)
            if p in seen:
                raise TrackwrightError(f"{p} is in two partnerships", where)
            seen.add(p)
    companies = list(partners)
    for p in event.routes:
        if p not in seen:
            companies.append((p,))
    return companies


def split_cost(amount: int, members: tuple[str, ...], balances: dict[str, int]) -> dict[str, int]:
    """Partners share a payment; the richer pays the odd point (rules: A with 48 and B with 31
    owe 7: A pays 4, B pays 3)."""
    order = sorted(members, key=lambda p: (-balances[p], members.index(p)))
    share, odd = divmod(amount, len(members))
    return {p: share + (1 if i < odd else 0) for i, p in enumerate(order)}


def apply_race(
    m: DampfrossMap,
    rules: RuleSet,
    state: State,
    event: Race,
    number: int,
    record: GameRecord,
    where: str,
) -> dict[str, Any]:
    if state.phase != "races":
        missing = sorted(t.name for t in m.towns if t.hex not in state.reached)
        raise TrackwrightError(
            f"races begin when every town is reached; not yet: {', '.join(missing[:5])}"
            + (" ..." if len(missing) > 5 else ""),
            where,
        )
    for number_ in (event.start, event.to):
        if number_ not in m.town_by_number:
            raise TrackwrightError(f"{number_} is not a town number (11..66)", where)
    start, end = m.town_by_number[event.start].hex, m.town_by_number[event.to].hex
    if state.last_race_end is not None and start != state.last_race_end:
        raise TrackwrightError(
            f"a race starts where the last one ended, {_name(m, state.last_race_end)}", where
        )
    if start == end:
        raise TrackwrightError("a race needs two different towns", where)
    if race_length(m, start, end) < rules.race_min_hexes:
        raise TrackwrightError(
            f"{m.town_by_hex[start].name} and {m.town_by_hex[end].name} are only "
            f"{race_length(m, start, end)} hexes apart; a race runs at least "
            f"{rules.race_min_hexes}",
            where,
        )
    # Numbers rolled for this race: both for the first race, then only the new destination.
    rolled = [event.to] if state.races_run else [event.start, event.to]
    if record.mode == "tournament":
        limit = 2 if record.races == 36 else 1
        for n in rolled:
            if state.number_uses[n] >= limit:
                raise TrackwrightError(
                    f"number {n} has been used {limit} time(s) already in this tournament", where
                )
    companies = _companies(event, record.players, where)
    entrants = [p for c in companies for p in c]
    for p in entrants:
        if p not in record.players:
            raise TrackwrightError(f"{p!r} is not a player of this game", where)
    for c in companies:
        if not any(p in event.routes for p in c):
            raise TrackwrightError(f"{' and '.join(c)} enter without a route", where)
    placing = event.placing
    company_of = {p: c for c in companies for p in c}
    places = []
    for p in placing:
        if p not in company_of:
            raise TrackwrightError(f"{p!r} is placed but did not enter the race", where)
        if company_of[p] not in places:
            places.append(company_of[p])
    if len(places) != len(companies):
        absent = [" and ".join(c) for c in companies if c not in places]
        raise TrackwrightError(f"no place given for {', '.join(absent)}", where)

    fares: dict[str, list[dict[str, Any]]] = {}
    received: Counter = Counter()  # fares paid to each player in this race
    for company in companies:
        route_owner = next(p for p in company if p in event.routes)
        route = event.routes[route_owner]
        label = " and ".join(company)
        if route[0] != start or route[-1] != end:
            raise TrackwrightError(
                f"{label}'s route must run from {_name(m, start)} to {_name(m, end)}", where
            )
        if len(route) - 1 < rules.race_min_hexes:
            raise TrackwrightError(
                f"{label}'s route is {len(route) - 1} hexes; a race runs at least "
                f"{rules.race_min_hexes}",
                where,
            )
        own = set().union(*(state.lines[p] for p in company))
        owed: Counter = Counter()
        uses_own = False
        for a, b in itertools.pairwise(route):
            seg = _seg(a, b)
            if not hexgrid.are_neighbours(a, b):
                raise TrackwrightError(f"{label}'s route jumps from {a} to {b}", where)
            if seg in own:
                uses_own = True
                continue
            owners = [p for p in state.owners(seg, "") if p not in company]
            if not owners:
                raise TrackwrightError(
                    f"{label}'s route leaves the drawn lines between {a} and {b}", where
                )
            owed[owners[0]] += rules.fare_per_hex
        if not uses_own:
            raise TrackwrightError(f"{label}'s route must use part of their own line", where)
        fares[label] = []
        for rival, amount in sorted(owed.items()):
            if rules.fare_cap is not None:
                amount = min(amount, rules.fare_cap)
            shares = split_cost(amount, company, state.balances)
            for p, share in shares.items():
                state.pay(
                    number,
                    p,
                    rival,
                    share,
                    f"fare: {amount // rules.fare_per_hex} hexes on "
                    f"{rival}'s line, race {event.start}-{event.to}",
                )
            received[rival] += amount
            fares[label].append({"to": rival, "amount": amount, "shares": shares})

    order = sorted(companies, key=lambda c: -sum(state.balances[p] for p in c))
    prizes = [rules.lone_prize] if len(companies) == 1 else list(rules.prizes)
    awarded: list[dict[str, Any]] = []
    won: Counter = Counter()
    for company, prize in zip(places, prizes, strict=False):
        shares = split_cost(prize, company, state.balances)
        for p, share in shares.items():
            place = "winner" if not awarded else "second"
            state.pay(number, BANK, p, share, f"{place} of race {event.start}-{event.to}")
            won[p] += share
        awarded.append({"company": list(company), "prize": prize})
    # What each player may spend on building until the next race: this race's prize and the
    # fares rivals paid them.
    for p in record.players:
        state.winnings[p] = won[p] + received[p]
    state.last_race_end = end
    state.races_run += 1
    state.number_uses.update(rolled)
    return {
        "from": event.start,
        "to": event.to,
        "from_town": m.town_by_hex[start].name,
        "to_town": m.town_by_hex[end].name,
        "order": [" and ".join(c) for c in order],
        "fares": fares,
        "prizes": awarded,
    }


# ------------------------------------------------------------------ the game


def load_record(path: Path) -> GameRecord:
    return record_from_json(mapfile.read_json(path), str(path), base=path.parent)


def record_from_json(
    data: Any, where: str = "<record>", base: Path | None = None, m: DampfrossMap | None = None
) -> GameRecord:
    mapfile.validate_for(data, model.GAME, model.TITLE, where, record=True)
    if m is None:
        m = _resolve_map(data["map"], base, where)
    rules = load_rules(data.get("rules", "epopee"), base)
    players = tuple(data["players"])
    low, high = rules.players
    if not low <= len(players) <= high:
        raise TrackwrightError(
            f"{rules.name} is for {low} to {high} players, not {len(players)}",
            f"{where}: $.players",
        )
    starts: dict[str, Hex] = {}
    for p in players:
        if p not in data["starts"]:
            raise TrackwrightError(f"no start hex for {p}", f"{where}: $.starts")
        h = tuple(data["starts"][p])
        town = m.town_by_hex.get(h)
        if town is None:
            raise TrackwrightError(f"{p} starts on {h}, which is not a town", f"{where}: $.starts")
        if m.start == "port" and town.name not in m.ports:
            raise TrackwrightError(
                f"{p} starts in {town.name}; on this map players start from sea ports",
                f"{where}: $.starts",
            )
        starts[p] = h
    for p in data["starts"]:
        if p not in players:
            raise TrackwrightError(f"{p!r} is not a player of this game", f"{where}: $.starts")
    mode = data.get("mode", "standard")
    races = data.get("races", rules.tournament_races[0] if mode == "tournament" else None)
    events = tuple(event_from_json(raw) for raw in data["events"])
    return GameRecord(m, rules, players, starts, events, mode, races, where)


def _resolve_map(ref: str, base: Path | None, where: str) -> DampfrossMap:
    path, name = mapfile.record_map("dampfross", ref, base, where)
    return mapfile.load_model(path, name, model.from_json)


def initial_state(record: GameRecord) -> State:
    players = record.players
    return State(
        balances=dict.fromkeys(players, record.rules.start_capital),
        lines={p: {} for p in players},
        network={p: {record.starts[p]} for p in players},
        reached=set(record.starts.values()),
        winnings=dict.fromkeys(players, 0),
    )


def apply_event(
    record: GameRecord, state: State, event: Event | Mapping[str, Any], number: int
) -> tuple[State, EventResult]:
    """A new state with the event applied (the old one untouched), or a TrackwrightError. An
    event given as its JSON form (a dict, as in a record) is read with ``event_from_json``."""
    if not isinstance(event, Build | Race):
        event = event_from_json(event)
    m, rules = record.map, record.rules
    where = f"{record.source}: event {number} ({event.kind}"
    where += f", {event.player})" if isinstance(event, Build) else ")"
    if state.winner is not None:
        raise TrackwrightError(f"the game is over: {state.winner} has won", where)
    if record.mode == "tournament" and state.races_run >= (record.races or 36):
        raise TrackwrightError(f"the tournament's {record.races} races are over", where)
    new = copy.deepcopy(state)
    if isinstance(event, Build):
        if event.player not in record.players:
            raise TrackwrightError(f"{event.player!r} is not a player of this game", where)
        summary = apply_build(m, rules, new, event, number, where)
    else:
        summary = apply_race(m, rules, new, event, number, record, where)
    if record.mode == "standard":
        target = rules.victory_total(len(record.players))
        rich = [p for p in record.players if new.balances[p] >= target]
        if rich:
            new.winner = max(rich, key=lambda p: (new.balances[p], -record.players.index(p)))
    elif new.races_run == record.races:
        best = max(new.balances.values())
        new.winner = next(p for p in record.players if new.balances[p] == best)
    return new, EventResult(number, event.kind, summary, dict(new.balances))


def replay(record: GameRecord) -> GameResult:
    state = initial_state(record)
    results = []
    for number, event in enumerate(record.events, start=1):
        state, result = apply_event(record, state, event, number)
        results.append(result)
    return GameResult(record, state, tuple(results))


def score_file(path: Path) -> GameResult:
    return replay(load_record(path))


# ------------------------------------------------------------------ helpers for the table


@dataclass(frozen=True)
class BuildPlan:
    path: tuple[Hex, ...]
    cost: int  # die points for the whole line
    payments: int  # money owed to rivals on the way
    reach: tuple[Hex, ...] | None  # with a roll: the part that roll pays for


def cheapest_builds(
    record: GameRecord, state: State, player: str, roll: int | None = None
) -> dict[str, BuildPlan]:
    """For every town the player's line does not reach yet: the cheapest line to it (in die
    points, then in payments to rivals), and with a roll the part of it that roll pays for."""
    m, rules = record.map, record.rules
    g = nx.DiGraph()
    for h in m.land:
        for n in hexgrid.neighbours(h):
            if n in m.land and _seg(h, n) not in state.lines[player]:
                pay = 0
                if n not in m.town_by_hex:
                    pay = sum(
                        rules.rival_entry
                        for p in state.network
                        if p != player and n in state.network[p]
                    )
                    pay += rules.parallel * len(state.owners(_seg(h, n), player))
                g.add_edge(h, n, weight=rules.step_cost(m, h, n) * 1000 + pay)
    g.add_node("net")
    for h in sorted(state.network[player]):
        g.add_edge("net", h, weight=0)
    dist, paths = nx.single_source_dijkstra(g, "net", weight="weight")
    plans: dict[str, BuildPlan] = {}
    for town in m.towns:
        if town.hex in state.network[player] or town.hex not in paths:
            continue
        path = paths[town.hex][1:]
        cost, payments = divmod(int(dist[town.hex]), 1000)
        reach = None
        if roll is not None:
            spent, k = 0, 1
            while k < len(path) and spent + rules.step_cost(m, path[k - 1], path[k]) <= roll:
                spent += rules.step_cost(m, path[k - 1], path[k])
                k += 1
            reach = tuple(path[:k])
        plans[town.name] = BuildPlan(tuple(path), cost, payments, reach)
    return plans


def cheapest_build(
    record: GameRecord, state: State, player: str, town: str | int, roll: int | None = None
) -> BuildPlan:
    """The cheapest line from the player's network to one town (by name or number)."""
    m = record.map
    target = m.town_by_number[town] if isinstance(town, int) else m.town_by_name[town]
    if target.hex in state.network[player]:
        return BuildPlan((target.hex,), 0, 0, (target.hex,))
    plan = cheapest_builds(record, state, player, roll).get(target.name)
    if plan is None:
        raise TrackwrightError(f"{player} cannot build a line to {target.name} over land")
    return plan


@dataclass(frozen=True)
class RaceRoute:
    player: str
    route: tuple[Hex, ...]
    pips: int  # die pips to run it: one per hex, one more entering a hill
    fares: dict[str, int]


def race_route(
    record: GameRecord, state: State, player: str, start: int, end: int
) -> RaceRoute | None:
    """The player's fastest legal route between two town numbers (then the cheapest in fares):
    along drawn lines, using part of the player's own line. None if there is none."""
    m, rules = record.map, record.rules
    a, b = m.town_by_number[start].hex, m.town_by_number[end].hex
    g = nx.DiGraph()
    all_segments = {s for segs in state.lines.values() for s in segs}
    for seg in all_segments:
        own = seg in state.lines[player]
        for u, v in (seg, seg[::-1]):
            pips = 1 + (rules.hill_move_penalty if m.terrain[v] == "hill" else 0)
            fare = 0 if own else rules.fare_per_hex
            for flag in (0, 1):
                g.add_edge((u, flag), (v, 1 if own else flag), weight=pips * 1000 + fare)
    if (a, 0) not in g or (b, 1) not in g or not nx.has_path(g, (a, 0), (b, 1)):
        return None
    nodes = nx.dijkstra_path(g, (a, 0), (b, 1), weight="weight")
    route = tuple(h for h, _ in nodes)
    fares: Counter = Counter()
    pips = 0
    for u, v in itertools.pairwise(route):
        pips += 1 + (rules.hill_move_penalty if m.terrain[v] == "hill" else 0)
        if _seg(u, v) not in state.lines[player]:
            fares[state.owners(_seg(u, v), player)[0]] += rules.fare_per_hex
    if rules.fare_cap is not None:
        fares = Counter({k: min(v, rules.fare_cap) for k, v in fares.items()})
    return RaceRoute(player, route, pips, dict(fares))
