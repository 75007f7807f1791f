"""La Strada rules engine: gold by the scoring table, both variants, the reserve-days tie-break,
a turn-by-turn replay that rejects illegal turns, and the cheapest road to each settlement a
player can still reach.

Pure functions over (map, record); the CLI and the web page only present the results.
"""

from __future__ import annotations

import copy
import heapq
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile, messages
from trackwright.core import lastrada as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex
from trackwright.core.lastrada import LaStradaMap, Settlement

RuleSet = model.LaStradaRules
RULES = model.rules("original")


# ------------------------------------------------------------------ records


@dataclass(frozen=True)
class Turn:
    """One turn: the roads the player laid, each from a hex they may start from to a
    settlement."""

    player: str
    roads: tuple[tuple[Hex, ...], ...] = ()


def turn_from_json(raw: Mapping[str, Any]) -> Turn:
    """One schema-valid turn of a record as its typed form."""
    roads = tuple(tuple((h[0], h[1]) for h in road) for road in raw.get("roads", []))
    return Turn(raw["player"], roads)


@dataclass(frozen=True)
class GameRecord:
    map: LaStradaMap
    players: tuple[str, ...]
    variant: str
    settlements: dict[str, list[str]] | None
    reserve: dict[str, int] | None
    starts: dict[str, list[Hex]] | None
    turns: tuple[Turn, ...] | None
    source: str = "<record>"


def variants_for(players: int) -> list[str]:
    """The variants a game of this many players may be played by: the two-player variant with
    two players (lastrada-fr.txt, line 220: 'A 2 joueurs'), the standard game with three or
    more."""
    if players == 2:
        return ["two-player"]
    return ["standard"] if players >= 3 else []


def merchants_per_settlement(variant: str, rules: RuleSet = RULES) -> int:
    """How many merchants one settlement takes: the preset's max_merchants_per_settlement, one
    in the two-player variant (lastrada-fr.txt, line 227: 'Il ne peut y avoir qu'un seul pion
    par localité')."""
    return 1 if variant == "two-player" else rules.max_merchants_per_settlement


def load_record(path: Path, rules: RuleSet = RULES) -> GameRecord:
    """Read and check a game record file (by ``rules``); its map is resolved relative to the
    record."""
    return record_from_json(mapfile.read_json(path), str(path), base=path.parent, rules=rules)


def _check_variant(variant: str, players: tuple[str, ...], where: str) -> None:
    """The variant is one for this many players (two-player exactly with 2)."""
    if variant in variants_for(len(players)):
        return
    if variant == "two-player":
        raise TrackwrightError.of("ls.two-player.count", f"{where}: $.variant", count=len(players))
    raise TrackwrightError.of("ls.two-player.needed", f"{where}: $.variant")


def _check_settlement(
    m: LaStradaMap,
    players: tuple[str, ...],
    variant: str,
    sid: str,
    names: list[str],
    rules: RuleSet,
    place: str,
) -> None:
    """One settlement's merchants: a settlement of the map, players', one each, not too many."""
    if sid not in m.settlement_by_id:
        raise TrackwrightError.of("ls.settlement.unknown", place, sid=repr(sid))
    for name in names:
        if name not in players:
            raise TrackwrightError.of("ls.settlement.not-player", place, name=repr(name))
    twice = [p for p, n in Counter(names).items() if n > 1]
    if twice:
        raise TrackwrightError.of("ls.settlement.twice", place, twice=twice[0], sid=sid)
    most = merchants_per_settlement(variant, rules)
    if len(names) > most and variant == "two-player":
        raise TrackwrightError.of(
            "ls.settlement.two-player", place, names=messages.both(tuple(names)), sid=sid
        )
    if len(names) > most:
        raise TrackwrightError.of("ls.settlement.full", place, count=len(names), sid=sid, most=most)


def _check_settlements(
    m: LaStradaMap,
    players: tuple[str, ...],
    variant: str,
    settlements: dict[str, list[str]],
    rules: RuleSet,
    where: str,
) -> None:
    """The merchants on the board: each settlement's, and no player with more than they have."""
    for sid, names in settlements.items():
        _check_settlement(m, players, variant, sid, names, rules, f"{where}: $.settlements.{sid}")
    held = Counter(name for names in settlements.values() for name in names)
    for name in players:
        if held[name] > rules.merchants:
            raise TrackwrightError.of(
                "ls.merchants.count",
                f"{where}: $.settlements",
                name=name,
                held=held[name],
                merchants=rules.merchants,
            )


def _check_reserve(
    players: tuple[str, ...], reserve: dict[str, int], rules: RuleSet, where: str
) -> None:
    """The travel days in reserve: players', 0 to the rules' most."""
    for name, days in reserve.items():
        place = f"{where}: $.reserve.{name}"
        if name not in players:
            raise TrackwrightError.of("ls.reserve.not-player", place, name=repr(name))
        if not 0 <= days <= rules.max_reserve:
            raise TrackwrightError.of(
                "ls.reserve.range", place, days=days, max_reserve=rules.max_reserve
            )


def record_from_json(
    data: Any,
    where: str = "<record>",
    base: Path | None = None,
    m: LaStradaMap | None = None,
    rules: RuleSet = RULES,
) -> GameRecord:
    mapfile.validate_for(data, model.GAME, model.TITLE, where, record=True)
    if m is None:
        m = mapfile.record_model(model.GAME, data, base, where, model.from_json, model.MADE)
    players = tuple(data["players"])
    variant = data.get("variant", "standard")
    _check_variant(variant, players, where)
    settlements = data.get("settlements")
    if settlements is not None:
        _check_settlements(m, players, variant, settlements, rules, where)
    reserve = data.get("reserve")
    if reserve is not None:
        _check_reserve(players, reserve, rules, where)
    starts = None
    if "starts" in data:
        starts = {p: [(h[0], h[1]) for h in hexes] for p, hexes in data["starts"].items()}
        _check_starts(m, players, variant, starts, where)
    turns = tuple(turn_from_json(t) for t in data["turns"]) if "turns" in data else None
    if turns is not None and starts is None:
        raise TrackwrightError.of("ls.turns.no-starts", where)
    return GameRecord(m, players, variant, settlements, reserve, starts, turns, where)


def _check_starts(
    m: LaStradaMap,
    players: tuple[str, ...],
    variant: str,
    starts: Mapping[str, list[Hex]],
    where: str,
) -> None:
    """Each player's start tiles (one, two with two players) on free plain hexes, a free hex
    between any two; a start tile belongs to a player of the game."""
    for name in starts:
        if name not in players:
            raise TrackwrightError.of(
                "ls.starts.not-player", f"{where}: $.starts.{name}", name=repr(name)
            )
    placed: dict[Hex, str] = {}
    need = 2 if variant == "two-player" else 1
    for p in players:
        hexes = starts.get(p)
        place = f"{where}: $.starts.{p}"
        if not hexes or len(hexes) != need:
            raise TrackwrightError.of("ls.starts.count", place, p=p, need=need)
        for h in hexes:
            if m.terrain.get(h) != "plain" or h in m.settlement_by_hex:
                raise TrackwrightError.of("ls.starts.not-free", place, h=h)
            for other, owner in placed.items():
                if hexgrid.distance(h, other) < 2:
                    raise TrackwrightError.of(
                        "ls.starts.too-close", place, h=h, owner=owner, other=other
                    )
            placed[h] = p


# ------------------------------------------------------------------ turns


@dataclass
class State:
    reserve: dict[str, int]
    merchants: dict[str, list[str]]  # settlement id -> players, in order of arrival
    reached: dict[str, set[Hex]]  # hexes a player's roads may start from
    tiles: dict[Hex, str]  # hex -> the player whose road tile lies there
    used: dict[str, Counter]  # tiles used per player and terrain
    starts: dict[Hex, str]
    turns_played: int = 0
    ended: bool = False
    end_reason: str = ""


def initial_state(record: GameRecord) -> State:
    assert record.starts is not None
    starts = {h: p for p in record.players for h in record.starts[p]}
    return State(
        reserve=dict.fromkeys(record.players, 0),
        merchants={s.id: [] for s in record.map.settlements},
        reached={p: set(record.starts[p]) for p in record.players},
        tiles={},
        used={p: Counter() for p in record.players},
        starts=starts,
    )


def seat_order(record: GameRecord, rules: RuleSet = RULES) -> tuple[str, ...]:
    """The order of turns: the record's players in seat order (clockwise) from the first
    player; with two players the second player moves first (the preset's
    ``two_player_starts``)."""
    players = record.players
    if record.variant == "two-player" and rules.two_player_starts == "second":
        return (*players[1:], players[0])
    return players


def next_player(record: GameRecord, state: State, rules: RuleSet = RULES) -> str | None:
    """Whose turn comes next (none once the game is over)."""
    if state.ended:
        return None
    order = seat_order(record, rules)
    return order[state.turns_played % len(order)]


def merchants_left(state: State, player: str, rules: RuleSet = RULES) -> int:
    return rules.merchants - sum(player in present for present in state.merchants.values())


def _target_open(
    record: GameRecord, state: State, player: str, sid: str, rules: RuleSet = RULES
) -> bool:
    present = state.merchants[sid]
    return player not in present and len(present) < merchants_per_settlement(record.variant, rules)


#: The catalogue's names of the road terrains.
TERRAIN_CODES = {
    "plain": "ls.terrain.plain",
    "forest": "ls.terrain.forest",
    "hill": "ls.terrain.hill",
}


def _terrain(terrain: str) -> object:
    """A road terrain's name in an error's words."""
    code = TERRAIN_CODES.get(terrain)
    return messages.part(code) if code else terrain


def _check_turn_player(
    record: GameRecord, state: State, player: str, rules: RuleSet, where: str
) -> None:
    """The turn is a player's, the game goes on, and it is that player's turn."""
    if player not in record.players:
        raise TrackwrightError.of("ls.turn.not-player", where, player=repr(player))
    if state.ended:
        raise TrackwrightError.of("ls.game.over", where, end_reason=state.end_reason)
    expected = next_player(record, state, rules)
    if player != expected:
        order = seat_order(record, rules)
        raise TrackwrightError.of(
            "ls.turn.out-of-turn", where, expected=expected, player=player, order=", ".join(order)
        )


def _road_end(
    record: GameRecord, state: State, player: str, road: tuple[Hex, ...], rules: RuleSet, place: str
) -> Settlement:
    """The settlement a road reaches, checked: it starts where the player may start one, and
    ends on a settlement that takes the player's merchant."""
    if road[0] not in state.reached[player]:
        raise TrackwrightError.of("ls.road.start", place, road=road[0], player=player)
    end = record.map.settlement_by_hex.get(road[-1])
    if end is None:
        raise TrackwrightError.of("ls.road.end", place, road=road[-1])
    if not _target_open(record, state, player, end.id, rules):
        raise TrackwrightError.of(
            "ls.settlement.taken"
            if record.variant == "two-player"
            else "ls.settlement.has-merchant"
            if player in state.merchants[end.id]
            else "ls.settlement.full-now",
            place,
            id=end.id,
            player=player,
        )
    return end


def _passes_settlement(record: GameRecord, state: State, player: str, h: Hex, place: str) -> bool:
    """Whether hex ``h`` on a road is a settlement it passes in transit (with two players, the
    rival's); a road through any other settlement is refused."""
    s = record.map.settlement_by_hex.get(h)
    if s is None:
        return False
    transit = (
        record.variant == "two-player"
        and state.merchants[s.id]
        and player not in state.merchants[s.id]
    )
    if not transit:
        raise TrackwrightError.of("ls.road.through", place, id=s.id)
    return True


def _tile_cost(
    record: GameRecord, state: State, player: str, h: Hex, days: int, rules: RuleSet, place: str
) -> int:
    """What a road tile on hex ``h`` costs in travel days, checked: the hex is free, the player
    has a tile of its terrain left and the days to lay it."""
    if h in state.starts:
        raise TrackwrightError.of("ls.road.start-tile", place, h=h, owner=state.starts[h])
    if h in state.tiles:
        raise TrackwrightError.of("ls.road.crossing", place, h=h, owner=state.tiles[h])
    terrain = record.map.terrain[h]
    supply = dict(rules.tiles)[terrain]
    if state.used[player][terrain] >= supply:
        raise TrackwrightError.of(
            "ls.road.no-tiles", place, player=player, terrain=_terrain(terrain), supply=supply
        )
    cost = rules.cost(terrain)
    if cost > days:
        raise TrackwrightError.of(
            "ls.road.days",
            place,
            terrain=_terrain(terrain),
            h=h,
            cost=cost,
            player=player,
            days=days,
        )
    return cost


def _lay_road(
    record: GameRecord,
    state: State,
    player: str,
    road: tuple[Hex, ...],
    days: int,
    rules: RuleSet,
    place: str,
) -> int:
    """Lay a road's tiles (its hexes neighbours, on the board): the travel days left."""
    for a, b in itertools.pairwise(road):
        if not hexgrid.are_neighbours(a, b):
            raise TrackwrightError.of("ls.road.not-neighbours", place, a=a, b=b)
    for h in road[1:-1]:
        if h not in record.map.terrain:
            raise TrackwrightError.of("ls.road.off-board", place, h=h)
        if _passes_settlement(record, state, player, h, place):
            continue
        cost = _tile_cost(record, state, player, h, days, rules, place)
        days -= cost
        state.used[player][record.map.terrain[h]] += 1
        state.tiles[h] = player
    return days


def _place_merchant(
    state: State, player: str, road: tuple[Hex, ...], end: Settlement, rules: RuleSet, place: str
) -> None:
    """The road laid its tiles and the player has a merchant left: it goes on the settlement."""
    laid = sum(1 for h in road[1:-1] if h in state.tiles)
    if laid < rules.min_road_tiles:
        raise TrackwrightError.of(
            "ls.road.no-tile", place, id=end.id, min_road_tiles=rules.min_road_tiles
        )
    if merchants_left(state, player, rules) <= 0:
        raise TrackwrightError.of(
            "ls.merchant.none-left", place, player=player, merchants=rules.merchants
        )
    state.merchants[end.id].append(player)
    state.reached[player].add(end.hex)


def apply_turn(
    record: GameRecord,
    state: State,
    turn: Turn | Mapping[str, Any],
    number: int,
    rules: RuleSet = RULES,
) -> State:
    """A new state after the turn, or an error naming the turn and the road. A turn given as its
    JSON form (a dict, as in a record) is read with ``turn_from_json``."""
    if not isinstance(turn, Turn):
        turn = turn_from_json(turn)
    player = turn.player
    where = f"{record.source}: turn {number} ({player})"
    _check_turn_player(record, state, player, rules, where)
    new = copy.deepcopy(state)
    days = new.reserve[player] + rules.days_per_turn
    roads = turn.roads
    if not roads:
        why = cannot_reach(record, new, player, rules)
        if why:
            # The turn began (its days gained, at most max_reserve kept) and the game ends.
            new.reserve[player] = min(days, rules.max_reserve)
            new.ended = True
            new.end_reason = f"turn {number}: {why}"
            new.turns_played += 1
            return new
    for k, road in enumerate(roads, start=1):
        place = f"{where}, road {k}"
        end = _road_end(record, new, player, road, rules, place)
        days = _lay_road(record, new, player, road, days, rules, place)
        _place_merchant(new, player, road, end, rules, place)
    new.reserve[player] = min(days, rules.max_reserve)
    new.turns_played += 1
    if record.variant == "two-player" and all(new.merchants.values()):
        new.ended, new.end_reason = True, "every settlement is taken"
    return new


@dataclass(frozen=True)
class Road:
    settlement: str
    kind: str
    days: int
    path: tuple[Hex, ...]


_Key = tuple[Hex, tuple[int, ...], int]  # hex, tiles of each terrain but plain, tiles laid (capped)


def _path_to(back: dict[_Key, _Key | None], key: _Key) -> list[Hex]:
    """The hexes of the search's road to ``key``, from where it began."""
    path: list[Hex] = []
    at: _Key | None = key
    while at is not None:
        path.append(at[0])
        at = back[at]
    return path[::-1]


def _step_onto(
    record: GameRecord,
    state: State,
    player: str,
    n: Hex,
    counts: tuple[int, ...],
    laid: int,
    left: tuple[int, ...],
    rules: RuleSet,
) -> tuple[int, tuple[int, ...], int] | None:
    """A road's step onto free hex ``n``: its cost in days, then the tiles of each terrain and
    the tiles laid (capped at min_road_tiles); None where no road goes on (a settlement, but the
    rival's in transit with two players; no tile of the hex's terrain left)."""
    s = record.map.settlement_by_hex.get(n)
    if s is not None:
        transit = (
            record.variant == "two-player"
            and state.merchants[s.id]
            and player not in state.merchants[s.id]
        )
        return (0, counts, laid) if transit else None
    terrains = model.ROAD_TERRAINS
    t = terrains.index(record.map.terrain[n])
    if counts[t] >= left[t]:
        return None
    more = tuple(c + (i == t) for i, c in enumerate(counts))
    return rules.cost(terrains[t]), more, min(laid + 1, rules.min_road_tiles)


def reachable(
    record: GameRecord, state: State, player: str, days: int | None = None, rules: RuleSet = RULES
) -> list[Road]:
    """The cheapest road (in travel days) to each settlement the player can still ever reach;
    with ``days`` only those within that many days.

    A road runs from the player's start tile or a settlement they reached, over free hexes (no
    road tile, no start tile; through no settlement, but with two players through the rival's,
    in transit), to a settlement that takes their merchant (not already theirs, not full; with
    two players, not taken). It lays at least ``min_road_tiles`` tiles, no more of each
    terrain than the player has left, and costs no more than one turn can hold
    (``max_days_per_turn``: a road is finished in the turn it is begun). A player with no
    merchant left reaches nothing. Exact: a search over (hex, tiles of each terrain but plain,
    tiles laid up to min_road_tiles), keeping the fewest plain tiles (so the fewest days) for
    each."""
    if merchants_left(state, player, rules) <= 0:
        return []
    m = record.map
    terrains = model.ROAD_TERRAINS
    left = tuple(rules.supply(t) - state.used[player][t] for t in terrains)
    limit = rules.max_days_per_turn
    need = rules.min_road_tiles
    best: dict[_Key, tuple[int, int]] = {}
    back: dict[_Key, _Key | None] = {}
    heap: list[tuple[int, int, Hex, tuple[int, ...], int]] = []
    zero = (0,) * len(terrains)
    for h in sorted(state.reached[player]):
        best[(h, zero[1:], 0)] = (0, 0)
        back[(h, zero[1:], 0)] = None
        heapq.heappush(heap, (0, 0, h, zero, 0))
    found: dict[str, Road] = {}
    while heap:
        cost, plain, h, counts, laid = heapq.heappop(heap)
        key = (h, counts[1:], laid)
        if best.get(key, (cost + 1, 0)) < (cost, plain):
            continue
        for n in hexgrid.neighbours(h):
            if n not in m.terrain or n in state.starts or n in state.tiles:
                continue
            s = m.settlement_by_hex.get(n)
            if (
                s is not None
                and laid >= need
                and s.id not in found
                and _target_open(record, state, player, s.id, rules)
            ):
                found[s.id] = Road(s.id, s.kind, cost, (*_path_to(back, key), n))
            step = _step_onto(record, state, player, n, counts, laid, left, rules)
            if step is None or cost + step[0] > limit:
                continue
            spent, more, next_laid = step
            label = (cost + spent, more[0])
            nkey = (n, more[1:], next_laid)
            if label < best.get(nkey, (limit + 1, 0)):
                best[nkey] = label
                back[nkey] = key
                heapq.heappush(heap, (cost + spent, more[0], n, more, next_laid))
    roads = sorted(found.values(), key=lambda r: (r.days, r.settlement))
    return [r for r in roads if days is None or r.days <= days]


def cannot_reach(record: GameRecord, state: State, player: str, rules: RuleSet = RULES) -> str:
    """Why the player can never again reach a settlement ('' when they can): the end of the
    game when it is their turn. Lacking travel days this turn is no reason."""
    if merchants_left(state, player, rules) <= 0:
        return f"{player} has no merchant left"
    if not reachable(record, state, player, rules=rules):
        return f"{player} can reach no settlement any more"
    return ""


def replay(record: GameRecord, rules: RuleSet = RULES) -> State:
    state = initial_state(record)
    for number, turn in enumerate(record.turns or (), start=1):
        state = apply_turn(record, state, turn, number, rules)
    return state


# ------------------------------------------------------------------ scoring


@dataclass(frozen=True)
class Result:
    players: tuple[str, ...]
    variant: str
    gold: dict[str, int]
    reserve: dict[str, int]
    winners: tuple[str, ...]
    settlements: tuple[dict[str, Any], ...]
    turns: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "gold": dict(self.gold),
            "reserve": dict(self.reserve),
            "winners": list(self.winners),
            "settlements": list(self.settlements),
            **({"turns": self.turns} if self.turns else {}),
        }


def gold_for(kind: str, merchants: int, variant: str, rules: RuleSet = RULES) -> int:
    """Gold per merchant: by the number of merchants; with two players the highest value."""
    if merchants == 0:
        return 0
    return rules.gold_for(kind, 1 if variant == "two-player" else merchants)


def score(record: GameRecord, rules: RuleSet = RULES) -> Result:
    m = record.map
    turns: dict[str, Any] = {}
    merchants = record.settlements
    reserve = record.reserve
    if record.turns is not None:
        state = replay(record, rules)
        played = {sid: ps for sid, ps in state.merchants.items() if ps}
        if merchants is not None and {k: sorted(v) for k, v in merchants.items() if v} != {
            k: sorted(v) for k, v in played.items()
        }:
            raise TrackwrightError.of("ls.settlements.differ", f"{record.source}: $.settlements")
        if reserve is not None and reserve != state.reserve:
            raise TrackwrightError.of(
                "ls.reserve.differs", f"{record.source}: $.reserve", reserve=state.reserve
            )
        merchants, reserve = played, state.reserve
        turns = {
            "played": state.turns_played,
            "ended": state.ended,
            "end": state.end_reason,
            "next": next_player(record, state, rules),
            "tiles_used": {p: dict(c) for p, c in state.used.items()},
        }
    merchants = merchants or {}
    reserve = {p: (reserve or {}).get(p, 0) for p in record.players}
    gold = dict.fromkeys(record.players, 0)
    detail = []
    for s in m.settlements:
        present = merchants.get(s.id, [])
        each = gold_for(s.kind, len(present), record.variant, rules)
        for p in present:
            gold[p] += each
        detail.append(
            {
                "id": s.id,
                "kind": s.kind,
                "hex": list(s.hex),
                "players": list(present),
                "gold_each": each,
            }
        )
    best = max((gold[p], reserve[p]) for p in record.players)
    winners = tuple(p for p in record.players if (gold[p], reserve[p]) == best)
    return Result(record.players, record.variant, gold, reserve, winners, tuple(detail), turns)


def outcome(result: Result) -> dict[str, Any]:
    """Who wins and how the score decided it: ``decided_by`` is ``"gold"`` (one player has the
    most), ``"reserve"`` (``tied`` players have the most gold; the travel days in reserve part
    them) or ``"shared"`` (tied on both: the ``winners`` share the win). lastrada-fr.txt,
    line 141: 'Le joueur qui a le plus d'or gagne. En cas d'égalité, le nombre de jours de
    voyage en réserve départage les ex-aequo'."""
    top = max(result.gold.values())
    tied = [p for p in result.players if result.gold[p] == top]
    if len(tied) == 1:
        decided = "gold"
    elif len(result.winners) > 1:
        decided = "shared"
    else:
        decided = "reserve"
    return {
        "winners": list(result.winners),
        "gold": top,
        "tied": tied,
        "reserve": max(result.reserve[p] for p in result.winners),
        "decided_by": decided,
    }


def score_file(path: Path) -> Result:
    return score(load_record(path))
