"""TransAmerica rules engine: pure functions from (map, game record) to results with evidence.

* ``missing_track``: the exact minimum number of points a player loses in a round, and one
  optimal set of missing track spaces (a Steiner tree over the board where placed track is free).
* ``replay_round``: a round given turn by turn, checked against the rules of placement.
* ``score_game``: every round, the running scores from 13, the barrier after round 2, the end
  of the game and the winners.

Nothing here prints or draws; the CLI and the web page present the results. Rule numbers are
data (``RuleSet``), so another edition is a preset, not a branch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import REGIONS, TransAmericaMap, edge_key
from trackwright.scorer.steiner import Graph, SteinerResult, greedy_tree, steiner_tree

Edge = tuple[str, str]


RuleSet = model.TransAmericaRules
ORIGINAL = model.rules("original")


# ------------------------------------------------------------------------- one player


@dataclass(frozen=True)
class Missing:
    """Points lost and the evidence: the empty track spaces of one cheapest completion."""

    points: int
    edges: tuple[Edge, ...]


class RoundBoard:
    """The board with one round's track: shortest paths shared by every player's count."""

    def __init__(self, m: TransAmericaMap, track: set[Edge]):
        self.map = m
        self.track = track
        self.graph = Graph(
            list(m.nodes),
            ((e.a, e.b, 0 if e.key in track else e.cost) for e in m.edges),
        )

    def _missing(self, result: SteinerResult) -> Missing:
        edges = tuple(sorted(edge_key(a, b) for a, b in result.edges))
        empty = tuple(e for e in edges if e not in self.track)
        points = sum(self.map.edge_by_key[e].cost for e in empty)
        return Missing(points, empty)

    def missing(self, start: str, cities: list[str]) -> Missing:
        """Exact: fewest points connecting the cities to the network of the start marker."""
        result = steiner_tree(self.graph, [start, *(self.map.city_by_name[c].node for c in cities)])
        missing = self._missing(result)
        assert missing.points == round(result.cost)
        return missing

    def greedy(self, start: str, cities: list[str]) -> Missing:
        """The nearest-city heuristic (for comparison only)."""
        result = greedy_tree(self.graph, [start, *(self.map.city_by_name[c].node for c in cities)])
        return self._missing(result)


def missing_track(m: TransAmericaMap, track: set[Edge], start: str, cities: list[str]) -> Missing:
    """The points a player loses: the exact minimum cost of connecting their cities and start
    marker, placed track costing 0, an empty single line 1 and a double line 2."""
    return RoundBoard(m, track).missing(start, cities)


# ------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Turn:
    player: str
    track: tuple[Edge, ...]


@dataclass(frozen=True)
class RoundRecord:
    cities: dict[str, list[str]]
    starts: dict[str, str]
    track: tuple[Edge, ...] | None
    turns: tuple[Turn, ...] | None


@dataclass(frozen=True)
class GameRecord:
    map: TransAmericaMap
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    source: str = "<record>"


def load_record(path: Path, rules: RuleSet = ORIGINAL) -> GameRecord:
    """Read and check a game record file (by ``rules``); its map is resolved relative to the
    record."""
    data = mapfile.read_json(path)
    return record_from_json(data, str(path), base=path.parent, rules=rules)


def resolve_map(ref: str, base: Path | None, where: str) -> TransAmericaMap:
    path, name = mapfile.record_map("transamerica", ref, base, where)
    return mapfile.load_model(path, name, model.from_json)


def record_from_json(
    data: Any,
    where: str = "<record>",
    base: Path | None = None,
    m: TransAmericaMap | None = None,
    rules: RuleSet = ORIGINAL,
) -> GameRecord:
    """Check a parsed record against the schema and the map; every error names the round and
    the player."""
    mapfile.validate_for(data, model.GAME, model.TITLE, where, record=True)
    if m is None:
        m = resolve_map(data["map"], base, where)
    players = tuple(data["players"])
    rounds = []
    for r, raw in enumerate(data["rounds"], start=1):
        place = f"{where}: round {r}"
        for key in ("cities", "starts"):
            unknown = sorted(set(raw[key]) - set(players))
            missing = [p for p in players if p not in raw[key]]
            if unknown:
                raise TrackwrightError(f"{key}: {unknown[0]!r} is not a player of this game", place)
            if missing:
                raise TrackwrightError(f"{key}: nothing given for player {missing[0]}", place)
        track = tuple(tuple(e) for e in raw["track"]) if "track" in raw else None
        turns = (
            tuple(Turn(t["player"], tuple(tuple(e) for e in t["track"])) for t in raw["turns"])
            if "turns" in raw
            else None
        )
        rnd = RoundRecord(dict(raw["cities"]), dict(raw["starts"]), track, turns)
        check_round(m, players, rnd, place, rules)
        rounds.append(rnd)
    return GameRecord(m, players, tuple(rounds), where)


def check_round(
    m: TransAmericaMap,
    players: tuple[str, ...],
    rnd: RoundRecord,
    place: str,
    rules: RuleSet = ORIGINAL,
) -> None:
    """The hands and start markers of one round, and its final track."""
    dealt: dict[str, str] = {}
    for player in players:
        hand = rnd.cities[player]
        for name in hand:
            city = m.city_by_name.get(name)
            if city is None:
                raise TrackwrightError(f"player {player}: unknown city {name!r}", place)
            if name in dealt:
                raise TrackwrightError(
                    f"player {player}: city {name} was dealt twice (also to {dealt[name]})", place
                )
            if city.dotted and len(players) <= rules.small_game:
                raise TrackwrightError(
                    f"player {player}: {name} is a dotted card, out of the game with "
                    f"{len(players)} players",
                    place,
                )
            dealt[name] = player
        colours = sorted(m.city_by_name[name].region for name in hand)
        if colours != sorted(REGIONS):
            raise TrackwrightError(
                f"player {player}: a hand needs one city of each colour "
                f"({', '.join(REGIONS)}); got {', '.join(colours) or 'none'}",
                place,
            )
    occupied: dict[str, str] = {}
    for player in players:
        node = rnd.starts[player]
        if node not in m.nodes:
            raise TrackwrightError(f"player {player}: start marker on unknown node {node!r}", place)
        if node in occupied:
            raise TrackwrightError(
                f"player {player}: start marker on {node}, where {occupied[node]}'s already is",
                place,
            )
        occupied[node] = player
    if rnd.track is not None:
        check_track(m, rnd.track, place)


def check_track(
    m: TransAmericaMap, track: Iterable[Sequence[str]], place: str, rules: RuleSet = ORIGINAL
) -> set[Edge]:
    seen: set[Edge] = set()
    for i, (a, b) in enumerate(track):
        for node in (a, b):
            if node not in m.nodes:
                raise TrackwrightError(f"track {i + 1} ({a}-{b}): unknown node {node!r}", place)
        key = edge_key(a, b)
        if key not in m.edge_by_key:
            raise TrackwrightError(f"track {i + 1}: {a}-{b} is not a track space on the map", place)
        if key in seen:
            raise TrackwrightError(f"track {i + 1}: {a}-{b} is placed twice", place)
        seen.add(key)
    if len(seen) > rules.tracks:
        raise TrackwrightError(f"{len(seen)} tracks placed; there are only {rules.tracks}", place)
    return seen


# ------------------------------------------------------------------------- turns


@dataclass(frozen=True)
class Replay:
    track: tuple[Edge, ...]  # in the order placed
    ended: bool
    completed_by: tuple[str, ...]  # players whose five cities were connected when it ended
    ended_on_turn: int | None


def _network(track: set[Edge], start: str) -> set[str]:
    g = nx.Graph()
    g.add_node(start)
    g.add_edges_from(track)
    return nx.node_connected_component(g, start)


def _complete(m: TransAmericaMap, track: set[Edge], start: str, cities: list[str]) -> bool:
    network = _network(track, start)
    return all(m.city_by_name[c].node in network for c in cities)


def replay_round(
    m: TransAmericaMap,
    players: tuple[str, ...],
    rnd: RoundRecord,
    place: str,
    rules: RuleSet = ORIGINAL,
) -> Replay:
    """Play the round's turns in order and reject any illegal one.

    Each turn places 1 or 2 tracks on single lines or 1 track on a double line, each touching
    the player's network (the track connected to their start marker) when it is placed. The
    round ends at once when a player's five cities are connected to their network, except that a
    player whose first single track completes only other players' cities may still place a second
    single track. It also ends when all tracks are placed.
    """
    assert rnd.turns is not None
    track: set[Edge] = set()
    order: list[Edge] = []
    ended_on: int | None = None
    completed: tuple[str, ...] = ()
    for t, turn in enumerate(rnd.turns, start=1):
        where = f"{place}: turn {t} ({turn.player})"
        if turn.player not in players:
            raise TrackwrightError(f"{turn.player!r} is not a player of this game", where)
        if ended_on is not None:
            raise TrackwrightError(f"the round already ended on turn {ended_on}", where)
        if not turn.track:
            raise TrackwrightError("a turn places at least 1 track", where)
        costs = []
        for a, b in turn.track:
            key = edge_key(a, b)
            if key not in m.edge_by_key:
                raise TrackwrightError(f"{a}-{b} is not a track space on the map", where)
            costs.append(m.edge_by_key[key].cost)
        if 2 in costs and len(costs) > 1:
            raise TrackwrightError("a track on a double line is the only track of its turn", where)
        if len(costs) > rules.plain_per_turn:
            raise TrackwrightError(
                f"{len(costs)} tracks in one turn; at most {rules.plain_per_turn} on single lines",
                where,
            )
        for k, (a, b) in enumerate(turn.track):
            key = edge_key(a, b)
            if ended_on is not None:
                raise TrackwrightError(
                    f"the round ended with the previous track; {a}-{b} cannot be placed", where
                )
            if key in track:
                raise TrackwrightError(f"{a}-{b} already has track", where)
            network = _network(track, rnd.starts[turn.player])
            if a not in network and b not in network:
                raise TrackwrightError(
                    f"{a}-{b} does not touch {turn.player}'s network (from the start marker on "
                    f"{rnd.starts[turn.player]})",
                    where,
                )
            if len(track) >= rules.tracks:
                raise TrackwrightError(f"all {rules.tracks} tracks are already placed", where)
            track.add(key)
            order.append(key)
            done = tuple(p for p in players if _complete(m, track, rnd.starts[p], rnd.cities[p]))
            # The special case: a first single track that completes only other players' cities
            # lets the player still place a second single track before the round ends.
            second_allowed = k == 0 and len(turn.track) == 2 and costs[0] == 1
            if done and not (second_allowed and turn.player not in done):
                ended_on, completed = t, done
        if ended_on is None and len(track) == rules.tracks:
            ended_on = t
    if rnd.track is not None and set(edge_key(*e) for e in rnd.track) != track:
        raise TrackwrightError(
            "the round's track differs from the track placed in its turns", place
        )
    return Replay(tuple(order), ended_on is not None, completed, ended_on)


# ------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class RoundResult:
    number: int
    missing: dict[str, Missing]
    scores: dict[str, int]  # after this round
    threshold: int  # the game ends for a player at or below this
    track: tuple[Edge, ...]
    starts: dict[str, str]
    hands: dict[str, list[str]]
    replay: Replay | None = None


@dataclass(frozen=True)
class GameResult:
    players: tuple[str, ...]
    rounds: tuple[RoundResult, ...]
    scores: dict[str, int]
    threshold: int
    game_over: bool
    winners: tuple[str, ...]
    rules: RuleSet = field(default=ORIGINAL)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON shape of ``trackwright score transamerica --json``."""
        return {
            "rounds": [
                {
                    "round": r.number,
                    "missing": {p: r.missing[p].points for p in self.players},
                    "routes": {p: [list(e) for e in r.missing[p].edges] for p in self.players},
                    "scores": dict(r.scores),
                    "threshold": r.threshold,
                    "tracks_placed": len(r.track),
                    **(
                        {
                            "ended": r.replay.ended,
                            "completed_by": list(r.replay.completed_by),
                        }
                        if r.replay
                        else {}
                    ),
                }
                for r in self.rounds
            ],
            "scores": dict(self.scores),
            "threshold": self.threshold,
            "game_over": self.game_over,
            "winners": list(self.winners),
        }


def barrier_threshold(scores: dict[str, int], rules: RuleSet = ORIGINAL) -> int:
    """Where the game ends after the barrier rule: (lowest - 3) if the lowest player still has
    4 or more points after round 2, else where it was (0)."""
    lowest = min(scores.values())
    if lowest >= rules.barrier_min_lowest:
        return lowest - rules.barrier_gap
    return rules.initial_threshold


def score_game(record: GameRecord, rules: RuleSet = ORIGINAL) -> GameResult:
    m, players = record.map, record.players
    scores = {p: rules.start_points for p in players}
    threshold = rules.initial_threshold
    results: list[RoundResult] = []
    over = False
    for number, rnd in enumerate(record.rounds, start=1):
        place = f"{record.source}: round {number}"
        if over:
            raise TrackwrightError(f"the game already ended after round {number - 1}", place)
        replay = replay_round(m, players, rnd, place, rules) if rnd.turns is not None else None
        track = replay.track if replay else tuple(edge_key(*e) for e in rnd.track or ())
        board = RoundBoard(m, set(track))
        missing = {p: board.missing(rnd.starts[p], rnd.cities[p]) for p in players}
        for p in players:
            scores[p] -= missing[p].points
        if number == rules.barrier_round:
            threshold = barrier_threshold(scores, rules)
        over = number >= rules.min_rounds and any(s <= threshold for s in scores.values())
        results.append(
            RoundResult(
                number,
                missing,
                dict(scores),
                threshold,
                track,
                dict(rnd.starts),
                {p: list(rnd.cities[p]) for p in players},
                replay,
            )
        )
    winners: tuple[str, ...] = ()
    if over:
        best = max(scores.values())
        winners = tuple(p for p in players if scores[p] == best)
    return GameResult(players, tuple(results), dict(scores), threshold, over, winners, rules)


def score_file(path: Path) -> GameResult:
    return score_game(load_record(path))


def dumps_result(result: GameResult) -> str:
    return json.dumps(result.to_json(), ensure_ascii=False, indent=1)
