"""TransAmerica rules engine: pure functions from (map, game record) to results with evidence.

* ``missing_track``: the exact minimum number of points a player loses in a round, and one
  optimal set of missing track spaces (a Steiner tree over the board where placed track is free).
* ``replay_round``: a round given turn by turn, checked against the rules of placement.
* ``score``: every round, the running scores from 13, the barrier after round 2, the end
  of the game and the winners.

Nothing here prints or draws; the CLI and the web page present the results. Rule numbers are
data (``RuleSet``), so another edition is a preset, not a branch.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

from trackwright.core import graphs, mapfile, messages
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

    def missing(self, start: str, cities: list[str], held: Iterable[str] = ()) -> Missing:
        """Exact: fewest points connecting the cities to the network of the start marker.

        ``held``: intersections held by other players' start markers (the blocking variant).
        The count never passes through one when there is a way round; it may end at one (a city
        of the player's under another marker is reached, not passed); where the markers fence a
        city in, it passes through as few of them as it must."""
        blocked = frozenset(held) - {start}
        if blocked:
            return self._missing_blocked(start, cities, blocked)
        result = steiner_tree(self.graph, [start, *(self.map.city_by_name[c].node for c in cities)])
        missing = self._missing(result)
        assert missing.points == round(result.cost)
        return missing

    def _missing_blocked(self, start: str, cities: list[str], held: frozenset[str]) -> Missing:
        # Each held intersection becomes a hub with one spoke per track space that meets it;
        # a spoke costs more than every track space of the board together. A tree that ends at
        # a held intersection uses one spoke, one that passes through it two: the cheapest tree
        # passes through as few as it can, then costs the fewest points.
        spoke = sum(e.cost for e in self.map.edges) + 1
        names: dict[Edge, Edge | None] = {}
        edges: list[tuple[str, str, float]] = []
        nodes = [n for n in self.map.nodes if n not in held]

        def end(node: str, other: str) -> str:
            if node not in held:
                return node
            inner = f"{node}|{other}"
            nodes.append(inner)
            edges.append((inner, f"{node}|", spoke))
            names[(inner, f"{node}|")] = None
            return inner

        nodes += [f"{h}|" for h in sorted(held)]
        for e in self.map.edges:
            a, b = end(e.a, e.b), end(e.b, e.a)
            edges.append((a, b, 0 if e.key in self.track else e.cost))
            names[(a, b)] = e.key
        terminals = [
            f"{n}|" if n in held else n
            for n in (start, *(self.map.city_by_name[c].node for c in cities))
        ]
        result = steiner_tree(Graph(nodes, edges), terminals)
        keys = [names[name] for name in result.edges]
        empty = tuple(sorted(k for k in keys if k is not None and k not in self.track))
        points = sum(self.map.edge_by_key[k].cost for k in empty)
        assert points == round(result.cost) - spoke * keys.count(None)
        return Missing(points, empty)

    def greedy(self, start: str, cities: list[str]) -> Missing:
        """The nearest-city heuristic (for comparison only)."""
        result = greedy_tree(self.graph, [start, *(self.map.city_by_name[c].node for c in cities)])
        return self._missing(result)


def missing_track(
    m: TransAmericaMap,
    track: set[Edge],
    start: str,
    cities: list[str],
    held: Iterable[str] = (),
) -> Missing:
    """The points a player loses: the exact minimum cost of connecting their cities and start
    marker, placed track costing 0, an empty single line 1 and a double line 2 (``held``: the
    other start markers, in the blocking variant)."""
    return RoundBoard(m, track).missing(start, cities, held)


# ------------------------------------------------------------------------- the evidence in words

#: What a leg's end is, first that applies: one of the player's cities not yet connected, an
#: intersection of the player's network (their start marker's), an intersection of other track
#: on the board (it counts for everyone), or a fork where missing legs meet.
END_KINDS = ("city", "network", "track", "fork")


@dataclass(frozen=True)
class Leg:
    """One stretch of a player's missing track, from where to where: its spaces in order along
    it, each with its cost (2 on a double line), and the points they cost."""

    start: str
    end: str
    start_kind: str
    end_kind: str
    spaces: tuple[tuple[str, str, int], ...]
    reaches: tuple[str, ...] = ()  # cities of the player's joined by track to an end "track"

    @property
    def points(self) -> int:
        return sum(cost for _, _, cost in self.spaces)

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.start,
            "to": self.end,
            "from_kind": self.start_kind,
            "to_kind": self.end_kind,
            "spaces": [list(s) for s in self.spaces],
            "points": self.points,
            "reaches": list(self.reaches),
        }


@dataclass(frozen=True)
class Gaps:
    """Why a player loses points: the cities of their hand not connected to their network at the
    round's end, and their missing tracks as legs from where to where."""

    unconnected: tuple[str, ...]
    legs: tuple[Leg, ...]


def gaps(
    m: TransAmericaMap,
    track: set[Edge],
    start: str,
    cities: list[str],
    missing: Missing,
    held: frozenset[str] = frozenset(),
) -> Gaps:
    """The missing tracks of ``missing`` cut into legs: a leg runs between two stops (a city of
    the player's, an intersection with track, a fork or end of the missing tracks), oriented from
    the player's network towards their cities."""
    network = _network(track, start, held)
    unconnected = tuple(c for c in cities if m.city_by_name[c].node not in network)
    own = {m.city_by_name[c].node for c in unconnected}
    on_track = {n for e in track for n in e}
    adj = graphs.undirected(missing.edges)

    def kind(node: str) -> str:
        if node in own:
            return "city"
        if node in network:
            return "network"
        return "track" if node in on_track else "fork"

    stops = {n for n, near in adj.items() if len(near) != 2 or kind(n) != "fork"}
    legs: list[Leg] = []
    walked: set[Edge] = set()
    for first in sorted(stops):
        for nxt in adj[first]:
            if edge_key(first, nxt) not in walked:
                path = _walk(adj, stops, first, nxt)
                walked.update(edge_key(a, b) for a, b in pairwise(path))
                legs.append(_reaching(_leg(m, path, kind), track, unconnected, m, held))
    return Gaps(unconnected, tuple(legs))


def _reaching(
    leg: Leg, track: set[Edge], cities: tuple[str, ...], m: TransAmericaMap, held: frozenset[str]
) -> Leg:
    """The leg with the player's cities that other track joins to its ends (track laid by
    anyone counts for everyone): what the leg connects besides its own ends."""
    ends = [n for n, k in ((leg.start, leg.start_kind), (leg.end, leg.end_kind)) if k == "track"]
    joined = set().union(*(_network(track, n, held) for n in ends)) if ends else set()
    reaches = tuple(c for c in cities if m.city_by_name[c].node in joined)
    return replace(leg, reaches=reaches) if reaches else leg


def _walk(adj: dict[str, list[str]], stops: set[str], first: str, nxt: str) -> list[str]:
    path = [first, nxt]
    while path[-1] not in stops:
        path.append(next(n for n in adj[path[-1]] if n != path[-2]))
    return path


#: Which end a leg is read from: the player's network first, a city last.
FROM_FIRST = ("network", "track", "fork", "city")


def _leg(m: TransAmericaMap, path: list[str], kind: Callable[[str], str]) -> Leg:
    """A leg read from where the player's track is towards the city it reaches."""
    rank = {k: i for i, k in enumerate(FROM_FIRST)}
    if rank[kind(path[-1])] < rank[kind(path[0])]:
        path = path[::-1]
    spaces = tuple((a, b, m.edge_by_key[edge_key(a, b)].cost) for a, b in pairwise(path))
    return Leg(path[0], path[-1], kind(path[0]), kind(path[-1]), spaces)


# ------------------------------------------------------------------------- records

#: The ways to play a record: the rules as printed, and the two variants of the French text.


@dataclass(frozen=True)
class Turn:
    player: str
    track: tuple[Edge, ...]
    move: str | None = None  # blocking variant: where the start marker moves at the turn's end


@dataclass(frozen=True)
class RoundRecord:
    cities: dict[str, list[str]]
    starts: dict[str, str]
    track: tuple[Edge, ...] | None
    turns: tuple[Turn, ...] | None
    markers: dict[str, str] | None = None  # blocking variant: where they stand at the end


@dataclass(frozen=True)
class GameRecord:
    map: TransAmericaMap
    players: tuple[str, ...]  # in seat order (clockwise), the first player of round 1 first
    rounds: tuple[RoundRecord, ...]
    source: str = "<record>"
    variant: str = "standard"


def load_record(path: Path, rules: RuleSet = ORIGINAL) -> GameRecord:
    """Read and check a game record file (by ``rules``); its map is resolved relative to the
    record."""
    data = mapfile.read_json(path)
    return record_from_json(data, str(path), base=path.parent, rules=rules)


def rotated_hands(players: tuple[str, ...], previous: dict[str, list[str]]) -> dict[str, list[str]]:
    """Visible cards: each player plays the cards their left-hand neighbour (the next in seat
    order, clockwise) played in the round before."""
    n = len(players)
    return {p: list(previous[players[(i + 1) % n]]) for i, p in enumerate(players)}


T = TypeVar("T")


def _pick(rng: random.Random, items: list[T]) -> T:
    return items[int(rng.random() * len(items))]


def deal(
    m: TransAmericaMap,
    players: Sequence[str],
    rng: random.Random,
    rules: model.TransAmericaRules | None = None,
) -> dict[str, list[str]]:
    """A round's hands as the rules deal them: one city card of each colour per player, from
    each colour's own pile, none twice (the dotted cards left out in a game of the preset's
    ``dotted_out_up_to`` players or fewer). Randomness only from ``rng.random()``, which Python
    keeps the same across versions and in the phone's Pyodide, so that every phone given the
    same seed deals the same hands."""
    dotted = len(players) > (rules or model.rules()).dotted_out_up_to
    hands: dict[str, list[str]] = {p: [] for p in players}
    for region in REGIONS:
        pool = sorted(c.name for c in m.cities_of(region, dotted))
        for p in players:
            city = _pick(rng, pool)
            pool.remove(city)
            hands[p].append(city)
    return hands


def record_from_json(
    data: Any,
    where: str = "<record>",
    base: Path | None = None,
    m: TransAmericaMap | None = None,
    rules: RuleSet = ORIGINAL,
) -> GameRecord:
    """Check a parsed record against the schema, the map and the rules: every error names the
    round, and the turn and the player where there is one."""
    mapfile.validate_for(data, model.GAME, model.TITLE, where, record=True)
    if m is None:
        m = mapfile.record_model(model.GAME, data, base, where, model.from_json)
    players = tuple(data["players"])
    variant = data.get("variant", "standard")
    rounds: list[RoundRecord] = []
    for r, raw in enumerate(data["rounds"], start=1):
        place = f"{where}: round {r}"
        if "cities" not in raw and variant == "visible-cards" and rounds:
            cities = rotated_hands(players, rounds[-1].cities)
        else:
            cities = dict(raw.get("cities", {}))
        for key, given in (("cities", cities), ("starts", raw["starts"])):
            unknown = sorted(set(given) - set(players))
            missing = [p for p in players if p not in given]
            if unknown:
                raise TrackwrightError.of(
                    "ta.round.not-player", place, key=key, player=repr(unknown[0])
                )
            if missing:
                raise TrackwrightError.of("ta.round.missing", place, key=key, player=missing[0])
        if variant == "visible-cards" and rounds:
            expected = rotated_hands(players, rounds[-1].cities)
            for i, p in enumerate(players):
                if sorted(cities[p]) != sorted(expected[p]):
                    left = players[(i + 1) % len(players)]
                    raise TrackwrightError.of(
                        "ta.round.visible-cards",
                        place,
                        player=p,
                        left=left,
                        round=r - 1,
                        expected=", ".join(expected[p]),
                        given=", ".join(cities[p]),
                    )
        track = tuple(tuple(e) for e in raw["track"]) if "track" in raw else None
        turns = (
            tuple(
                Turn(t["player"], tuple(tuple(e) for e in t["track"]), t.get("move"))
                for t in raw["turns"]
            )
            if "turns" in raw
            else None
        )
        markers = dict(raw["markers"]) if "markers" in raw else None
        rnd = RoundRecord(cities, dict(raw["starts"]), track, turns, markers)
        check_round(m, players, rnd, place, rules, variant)
        rounds.append(rnd)
    return GameRecord(m, players, tuple(rounds), where, variant)


def check_round(
    m: TransAmericaMap,
    players: tuple[str, ...],
    rnd: RoundRecord,
    place: str,
    rules: RuleSet = ORIGINAL,
    variant: str = "standard",
) -> None:
    """The hands and start markers of one round, and its final track: every track joined to a
    start marker, and the round ended (someone's five cities connected, or every track
    placed)."""
    dealt: dict[str, str] = {}
    for player in players:
        issue = hand_issue(m, players, player, rnd.cities[player], dealt, rules)
        if issue is not None:
            raise TrackwrightError.of(HAND_CODES[issue[0]], place, **_hand_params(*issue))
    check_markers(m, players, rnd.starts, place, "ta.marker.start")
    if rnd.markers is not None:
        if variant != "blocking":
            raise TrackwrightError.of("ta.markers.not-blocking", place)
        check_markers(m, players, rnd.markers, place, "ta.marker.end")
    if rnd.track is not None:
        track = check_track(m, rnd.track, place, rules)
        if rnd.turns is None:
            markers = rnd.markers or rnd.starts
            check_joined(m, players, track, markers, place)
            if not round_ended(m, players, track, rnd.cities, markers, rules, variant):
                raise TrackwrightError.of(
                    "ta.round.not-ended", place, placed=len(track), tracks=rules.tracks
                )


def hand_issue(
    m: TransAmericaMap,
    players: tuple[str, ...],
    player: str,
    hand: Sequence[str],
    dealt: dict[str, str],
    rules: RuleSet = ORIGINAL,
) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with one player's cards, as a code and its details (None: nothing):
    ``unknown-city``, ``dealt-twice``, ``dotted`` or ``colours``. ``dealt`` collects the cities
    dealt so far, to the players before this one."""
    for name in hand:
        city = m.city_by_name.get(name)
        if city is None:
            return "unknown-city", {"player": player, "city": name}
        if name in dealt:
            return "dealt-twice", {"player": player, "city": name, "other": dealt[name]}
        if city.dotted and len(players) <= rules.dotted_out_up_to:
            return "dotted", {"player": player, "city": name, "players": len(players)}
        dealt[name] = player
    colours = sorted(m.city_by_name[name].region for name in hand)
    if colours != sorted(REGIONS):
        have = set(colours)
        return "colours", {
            "player": player,
            "got": colours,
            "missing": [r for r in REGIONS if r not in have],
            "twice": sorted({c for c in colours if colours.count(c) > 1}),
        }
    return None


def hand_problem(
    m: TransAmericaMap,
    players: tuple[str, ...],
    player: str,
    hand: Sequence[str],
    dealt: dict[str, str],
    rules: RuleSet = ORIGINAL,
) -> str | None:
    """:func:`hand_issue` as one line of English (None: nothing wrong)."""
    issue = hand_issue(m, players, player, hand, dealt, rules)
    return None if issue is None else hand_message(player, *issue)


#: The catalogue's codes of :func:`hand_issue`'s.
HAND_CODES = {
    "unknown-city": "ta.hand.unknown-city",
    "dealt-twice": "ta.hand.dealt-twice",
    "dotted": "ta.hand.dotted",
    "colours": "ta.hand.colours",
}


def _hand_params(code: str, d: dict[str, Any]) -> dict[str, object]:
    """The params of a :func:`hand_issue`'s message."""
    if code == "unknown-city":
        return {"player": d["player"], "city": repr(d["city"])}
    if code == "colours":
        got = ", ".join(d["got"]) or messages.part("ta.hand.none")
        return {"player": d["player"], "regions": ", ".join(REGIONS), "got": got}
    return d


def hand_message(player: str, code: str, d: dict[str, Any]) -> str:
    """One line of English for a :func:`hand_issue`."""
    return messages.say(HAND_CODES[code], "en", _hand_params(code, {**d, "player": player}))


def check_markers(
    m: TransAmericaMap, players: tuple[str, ...], markers: dict[str, str], place: str, what: str
) -> None:
    """Each player's marker (``what``: the catalogue's word for it) on a node of its own."""
    for key in set(markers) - set(players):
        raise TrackwrightError.of("ta.markers.not-player", place, player=repr(key))
    occupied: dict[str, str] = {}
    kind = messages.part(what)
    for player in players:
        if player not in markers:
            raise TrackwrightError.of("ta.markers.missing", place, player=player)
        node = markers[player]
        if node not in m.nodes:
            raise TrackwrightError.of(
                "ta.marker.unknown-node", place, player=player, what=kind, node=repr(node)
            )
        if node in occupied:
            raise TrackwrightError.of(
                "ta.marker.taken", place, player=player, what=kind, node=node, other=occupied[node]
            )
        occupied[node] = player


def check_track(
    m: TransAmericaMap, track: Iterable[Sequence[str]], place: str, rules: RuleSet = ORIGINAL
) -> set[Edge]:
    seen: set[Edge] = set()
    for i, (a, b) in enumerate(track):
        for node in (a, b):
            if node not in m.nodes:
                raise TrackwrightError.of(
                    "ta.track.unknown-node", place, n=i + 1, a=a, b=b, node=repr(node)
                )
        key = edge_key(a, b)
        if key not in m.edge_by_key:
            raise TrackwrightError.of("ta.track.no-space", place, n=i + 1, a=a, b=b)
        if key in seen:
            raise TrackwrightError.of("ta.track.twice", place, n=i + 1, a=a, b=b)
        seen.add(key)
    if len(seen) > rules.tracks:
        raise TrackwrightError.of("ta.track.too-many", place, count=len(seen), tracks=rules.tracks)
    return seen


def check_joined(
    m: TransAmericaMap,
    players: tuple[str, ...],
    track: set[Edge],
    markers: dict[str, str],
    place: str,
) -> None:
    """Every track is joined to a start marker ("tout tronçon posé doit être relié au pion du
    joueur"): each network on the board holds at least one."""
    for part in stray_track(track, markers):
        a, b = part[0]
        raise TrackwrightError.of(
            "ta.track.stray",
            place,
            a=a,
            b=b,
        )


def stray_track(track: set[Edge], markers: dict[str, str]) -> list[list[Edge]]:
    """The networks on the board that hold no start marker, each as its sorted tracks."""
    held = set(markers.values())
    return [
        sorted(e for e in track if e[0] in part)
        for part in graphs.connected_components(graphs.undirected(track))
        if not part & held
    ]


#: The longest join offered for a stray network: a photo that misses track misses a space or
#: two; a network further from every marker than that was laid by mistake, and is lifted.
JOIN_SPACES = 3
#: How many joins of the shortest length are offered (a table picks the one it sees).
JOINS_OFFERED = 3


def _spaces_from(
    empty: dict[str, list[str]], sources: set[str]
) -> tuple[dict[str, int], dict[str, str]]:
    """Breadth-first over the empty track spaces from ``sources``: how many spaces away each
    intersection is (up to :data:`JOIN_SPACES`), and the step back towards a source."""
    away = dict.fromkeys(sources, 0)
    back: dict[str, str] = {}
    todo = sorted(sources)
    while todo:
        nxt: list[str] = []
        for node in todo:
            if away[node] >= JOIN_SPACES:
                continue
            for other in empty.get(node, ()):
                if other not in away:
                    away[other], back[other] = away[node] + 1, node
                    nxt.append(other)
        todo = sorted(nxt)
    return away, back


def _walk_back(back: dict[str, str], node: str) -> list[Edge]:
    path: list[Edge] = []
    while node in back:
        path.append(edge_key(node, back[node]))
        node = back[node]
    return path


def stray_joins(
    m: TransAmericaMap, track: set[Edge], markers: dict[str, str], part: list[Edge]
) -> list[tuple[Edge, ...]]:
    """The fewest empty track spaces that would join a stray network (``part``, from
    :func:`stray_track`) to a network holding a start marker: the space a photo missed between
    real track and its player's network. The shortest joins, at most :data:`JOIN_SPACES` spaces
    long, at most :data:`JOINS_OFFERED` of them, cheapest first; none when the network is
    further from every marker than that (track laid by mistake, to be lifted)."""
    held = set(markers.values())
    rooted = set(held)
    for component in graphs.connected_components(graphs.undirected(track)):
        if component & held:
            rooted |= component
    stray = {n for e in part for n in e}
    if not rooted:
        return []
    empty: dict[str, list[str]] = {}
    for e in m.edges:
        if e.key not in track:
            empty.setdefault(e.a, []).append(e.b)
            empty.setdefault(e.b, []).append(e.a)
    from_stray, back_stray = _spaces_from(empty, stray)
    from_rooted, back_rooted = _spaces_from(empty, rooted)
    ends = [
        (from_stray[a] + 1 + from_rooted[b], a, b)
        for a in from_stray
        for b in empty.get(a, ())
        if b in from_rooted and a not in rooted and b not in stray
    ]
    shortest = min((length for length, _a, _b in ends), default=JOIN_SPACES + 1)
    joins = {
        tuple(sorted({*_walk_back(back_stray, a), edge_key(a, b), *_walk_back(back_rooted, b)}))
        for length, a, b in ends
        if length == shortest <= JOIN_SPACES
    }
    cost = m.edge_by_key
    ranked = sorted(joins, key=lambda j: (sum(cost[e].cost for e in j), j))
    return ranked[:JOINS_OFFERED]


def unjoined_spaces(track: Iterable[Edge], unsure: Iterable[Edge]) -> list[Edge]:
    """Of the track spaces a photo leaves unsure (under a card or a hand, say), those that hold
    no track by the rules: every track is joined to its player's start marker through track
    ("tout tronçon posé doit être relié au pion du joueur par une ligne ininterrompue de
    tronçons"), so a track lies in a network with the others the photo shows, and an unsure
    space that no chain of unsure spaces joins to a track seen is empty. The one case this
    cannot see is a whole network, its start marker and every track of it, hidden at once: a
    card does not lie flat on a marker, and a hand covers a few spaces. Sorted."""
    seen = {edge_key(*e) for e in track}
    unsure_set = {edge_key(*e) for e in unsure} - seen
    joined = set()
    for part in graphs.connected_components(graphs.undirected(seen | unsure_set)):
        if any(a in part for a, _b in seen):
            joined |= part
    return sorted(e for e in unsure_set if e[0] not in joined)


def round_ended(
    m: TransAmericaMap,
    players: tuple[str, ...],
    track: set[Edge],
    cities: dict[str, list[str]],
    markers: dict[str, str],
    rules: RuleSet = ORIGINAL,
    variant: str = "standard",
) -> bool:
    """A round ends when a player's five cities are connected to their network, or when every
    track is placed."""
    return len(track) >= rules.tracks or bool(
        completed(m, players, track, cities, markers, variant)
    )


def completed(
    m: TransAmericaMap,
    players: tuple[str, ...],
    track: set[Edge],
    cities: dict[str, list[str]],
    markers: dict[str, str],
    variant: str = "standard",
) -> tuple[str, ...]:
    """The players whose five cities are connected to their network."""
    return tuple(
        p for p in players if _complete(m, track, markers[p], cities[p], _held(markers, p, variant))
    )


@dataclass(frozen=True)
class Problem:
    """Something that keeps a round being entered from counting, with where it is on the board:
    ``kind`` (``hand``, ``start``, ``stray``, ``not-ended``), the player concerned, and the
    intersections and tracks to show."""

    kind: str
    message: str
    player: str | None = None
    nodes: tuple[str, ...] = ()
    edges: tuple[Edge, ...] = ()
    code: str = ""
    """What exactly, for a page to say it in its own language (with ``params``)."""
    params: dict[str, Any] = field(default_factory=dict)
    joins: tuple[tuple[Edge, ...], ...] = ()
    """A stray network's fixes other than lifting it: the empty spaces that would join it to
    a network with a start marker (:func:`stray_joins`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "code": self.code or self.kind,
            "params": dict(self.params),
            "message": self.message,
            "player": self.player,
            "nodes": list(self.nodes),
            "edges": [list(e) for e in self.edges],
            "joins": [[list(e) for e in join] for join in self.joins],
        }


def round_problems(
    m: TransAmericaMap,
    players: tuple[str, ...],
    cities: dict[str, list[str]],
    starts: dict[str, str],
    track: Iterable[Sequence[str]],
    rules: RuleSet = ORIGINAL,
    variant: str = "standard",
) -> list[Problem]:
    """Every reason a round as entered so far would not count (the checks of scoring it, all of
    them at once, for the table to fix before scoring): a hand that is not one city of each
    colour, a start marker missing, track joined to no start marker, and a round that has not
    ended (nobody connected and track left to place)."""
    found: list[Problem] = []
    dealt: dict[str, str] = {}
    for p in players:
        issue = hand_issue(m, players, p, cities.get(p, []), dealt, rules)
        if issue is not None:
            code, params = issue
            shown = [m.city_by_name[c].node for c in cities.get(p, []) if c in m.city_by_name]
            message = hand_message(p, code, params)
            found.append(Problem("hand", message, p, tuple(shown), code=code, params=params))
    markers = {p: node for p, node in starts.items() if p in players and node in m.nodes}
    for p in players:
        if p not in markers:
            found.append(Problem("start", f"player {p}: no start marker", p, params={"player": p}))
    placed = {edge_key(a, b) for a, b in track if edge_key(a, b) in m.edge_by_key}
    for part in stray_track(placed, markers):
        a, b = part[0]
        found.append(
            Problem(
                "stray",
                f"track {a}-{b} is joined to no start marker",
                edges=tuple(part),
                nodes=tuple(sorted({n for e in part for n in e})),
                params={"a": a, "b": b, "tracks": len(part)},
                joins=tuple(stray_joins(m, placed, markers, part)),
            )
        )
    complete = len(markers) == len(players) and all(p in cities for p in players)
    if complete and not round_ended(m, players, placed, cities, markers, rules, variant):
        found.append(
            Problem(
                "not-ended",
                f"the round has not ended: nobody's five cities are connected and "
                f"{len(placed)} of the {rules.tracks} tracks are placed",
                params={"placed": len(placed), "tracks": rules.tracks},
            )
        )
    return found


# ------------------------------------------------------------------------- turns


@dataclass(frozen=True)
class Replay:
    track: tuple[Edge, ...]  # in the order placed
    ended: bool
    completed_by: tuple[str, ...]  # players whose five cities were connected when it ended
    ended_on_turn: int | None
    markers: dict[str, str] = field(default_factory=dict)  # where they stand at the end


def _held(markers: dict[str, str], player: str, variant: str) -> frozenset[str]:
    """Blocking variant: the intersections held by the other players' start markers."""
    if variant != "blocking":
        return frozenset()
    return frozenset(node for p, node in markers.items() if p != player)


def _network(track: set[Edge], start: str, held: frozenset[str] = frozenset()) -> set[str]:
    """The intersections joined to the start marker by track. Held intersections (blocking
    variant) are reached but not passed through."""
    g = graphs.undirected(track, [start])
    seen, todo = {start}, [start]
    while todo:
        node = todo.pop()
        if node in held:
            continue
        for other in g[node]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _complete(
    m: TransAmericaMap,
    track: set[Edge],
    start: str,
    cities: list[str],
    held: frozenset[str] = frozenset(),
) -> bool:
    network = _network(track, start, held)
    return all(m.city_by_name[c].node in network for c in cities)


def first_player(players: tuple[str, ...], number: int) -> str:
    """Who starts round ``number``: the first player of round 1, and the first-player card
    passes to the left (the next in seat order) each round."""
    return players[(number - 1) % len(players)]


@dataclass
class _Replaying:
    """A round being replayed: what it is played on and by, and the track and markers so far."""

    m: TransAmericaMap
    players: tuple[str, ...]
    rnd: RoundRecord
    rules: RuleSet
    variant: str
    secret_hands: bool
    markers: dict[str, str]
    track: set[Edge] = field(default_factory=set)
    order: list[Edge] = field(default_factory=list)
    ended_on: int | None = None
    completed_by: tuple[str, ...] = ()

    def finished(self) -> tuple[str, ...]:
        """The players whose cities are connected now (none while the hands are secret)."""
        if self.secret_hands:
            return ()
        return completed(
            self.m, self.players, self.track, self.rnd.cities, self.markers, self.variant
        )


def _check_turn_order(
    state: _Replaying, turn: Turn, t: int, first: int, number: int, where: str
) -> None:
    """Turn ``t`` is a player's, the round has not ended, and it is that player's turn."""
    players = state.players
    if turn.player not in players:
        raise TrackwrightError.of("ta.turn.not-player", where, player=repr(turn.player))
    if state.ended_on is not None:
        raise TrackwrightError.of("ended", where, turn=state.ended_on)
    due = players[(first + t - 1) % len(players)]
    if turn.player != due:
        raise TrackwrightError.of(
            "out-of-turn",
            where,
            due=due,
            first=players[first],
            turn=t,
            round=number,
            seats=", ".join(players),
        )


def _turn_costs(m: TransAmericaMap, rules: RuleSet, turn: Turn, where: str) -> list[int]:
    """The cost of each track of a turn, checked: 1 or more tracks, on the map, a double line
    alone, no more than the rules allow."""
    if not turn.track:
        raise TrackwrightError.of("empty", where)
    costs = []
    for a, b in turn.track:
        key = edge_key(a, b)
        if key not in m.edge_by_key:
            raise TrackwrightError.of("no-space", where, a=a, b=b)
        costs.append(m.edge_by_key[key].cost)
    if 2 in costs and len(costs) > 1:
        raise TrackwrightError.of("double", where)
    if len(costs) > rules.plain_per_turn:
        raise TrackwrightError.of("too-many", where, count=len(costs), most=rules.plain_per_turn)
    return costs


def _check_touching(
    state: _Replaying, player: str, a: str, b: str, held: frozenset[str], where: str
) -> None:
    """Track a-b touches the player's network (not through another's held marker)."""
    start = state.markers[player]
    network = _network(state.track, start, held) - held
    if a in network or b in network:
        return
    free = _network(state.track, start)
    blocked = bool(held and (a in free or b in free))
    raise TrackwrightError.of(
        "blocked" if blocked else "not-touching", where, a=a, b=b, player=player, start=start
    )


def _check_placement(
    state: _Replaying, player: str, a: str, b: str, held: frozenset[str], where: str
) -> None:
    """Track a-b may be placed now: the round goes on, the space is free, it touches the
    player's network and tracks are left."""
    if state.ended_on is not None:
        raise TrackwrightError.of("ended-before", where, a=a, b=b)
    if edge_key(a, b) in state.track:
        raise TrackwrightError.of("has-track", where, a=a, b=b)
    _check_touching(state, player, a, b, held, where)
    if len(state.track) >= state.rules.tracks:
        raise TrackwrightError.of("all-placed", where, tracks=state.rules.tracks)


def _place_tracks(
    state: _Replaying, turn: Turn, t: int, costs: list[int], held: frozenset[str], where: str
) -> None:
    """Place turn ``t``'s tracks one by one, ending the round when a player is connected."""
    for k, (a, b) in enumerate(turn.track):
        _check_placement(state, turn.player, a, b, held, where)
        key = edge_key(a, b)
        state.track.add(key)
        state.order.append(key)
        done = state.finished()
        # The special case: a first single track that completes only other players' cities
        # lets the player still place a second single track before the round ends.
        second_allowed = k == 0 and len(turn.track) == 2 and costs[0] == 1
        if done and not (second_allowed and turn.player not in done):
            state.ended_on, state.completed_by = t, done


def _check_move(
    state: _Replaying, player: str, target: str, held: frozenset[str], where: str
) -> None:
    """A start marker may move to ``target`` now (blocking variant, a free node of the
    player's network, the round not ended by this turn's track)."""
    if state.variant != "blocking":
        raise TrackwrightError.of("ta.move.not-blocking", where)
    if state.ended_on is not None:
        raise TrackwrightError.of("ta.move.ended", where, node=state.markers[player])
    if target not in state.m.nodes:
        raise TrackwrightError.of("ta.move.unknown-node", where, node=repr(target))
    if target in state.markers.values():
        raise TrackwrightError.of("ta.move.taken", where, node=target)
    if target not in _network(state.track, state.markers[player], held):
        raise TrackwrightError.of(
            "ta.move.off-network",
            where,
            node=target,
            player=player,
            start=state.markers[player],
        )


def _move_marker(
    state: _Replaying, player: str, target: str, t: int, held: frozenset[str], where: str
) -> None:
    """Move the player's start marker (blocking variant), ending the round if that connects
    someone."""
    _check_move(state, player, target, held, where)
    state.markers[player] = target
    done = state.finished()
    if done:  # a marker that moves away may open another player's way
        state.ended_on, state.completed_by = t, done


def _check_round_totals(state: _Replaying, place: str) -> None:
    """The round's own track and markers, when given, are what its turns placed."""
    rnd, markers = state.rnd, state.markers
    if rnd.track is not None and set(edge_key(*e) for e in rnd.track) != state.track:
        raise TrackwrightError.of("ta.round.track-differs", place)
    if rnd.markers is not None and rnd.markers != markers:
        wrong = next(p for p in state.players if rnd.markers[p] != markers[p])
        raise TrackwrightError.of(
            "ta.markers.differ",
            place,
            player=wrong,
            node=markers[wrong],
            given=rnd.markers[wrong],
        )


def replay_round(
    m: TransAmericaMap,
    players: tuple[str, ...],
    rnd: RoundRecord,
    place: str,
    rules: RuleSet = ORIGINAL,
    number: int = 1,
    variant: str = "standard",
    secret_hands: bool = False,
) -> Replay:
    """Play the round's turns in order and reject any illegal one.

    Turns go in seat order from the round's first player (round ``number``). Each turn places 1
    or 2 tracks on single lines or 1 track on a double line, each touching the player's network
    (the track joined to their start marker) when it is placed. The round ends at once when a
    player's five cities are connected to their network, except that a player whose first
    single track completes only other players' cities may still place a second single track. It
    also ends when all tracks are placed. In the blocking variant a network does not pass
    through an intersection held by another player's start marker, and a turn may end by
    moving the player's marker to a free intersection of their network.

    With ``secret_hands`` (a round being played, the cards not yet shown) a round ends only when
    all tracks are placed: who connected their cities is known once the hands are shown.
    """
    assert rnd.turns is not None
    state = _Replaying(m, players, rnd, rules, variant, secret_hands, dict(rnd.starts))
    first = players.index(first_player(players, number))
    for t, turn in enumerate(rnd.turns, start=1):
        where = f"{place}: turn {t} ({turn.player})"
        _check_turn_order(state, turn, t, first, number, where)
        costs = _turn_costs(m, rules, turn, where)
        held = _held(state.markers, turn.player, variant)
        _place_tracks(state, turn, t, costs, held, where)
        if turn.move is not None:
            _move_marker(state, turn.player, turn.move, t, held, where)
        if state.ended_on is None and len(state.track) == rules.tracks:
            state.ended_on = t
    _check_round_totals(state, place)
    return Replay(
        tuple(state.order),
        state.ended_on is not None,
        state.completed_by,
        state.ended_on,
        state.markers,
    )


# ------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class RoundResult:
    number: int
    missing: dict[str, Missing]
    scores: dict[str, int]  # after this round
    threshold: int  # the game ends for a player at or below this
    track: tuple[Edge, ...]
    starts: dict[str, str]  # where the start markers stand at the end of the round
    hands: dict[str, list[str]]
    replay: Replay | None = None
    in_progress: bool = False  # the last round, given by turns, has not ended: not deducted
    gaps: dict[str, Gaps] = field(default_factory=dict)  # the missing tracks in words


@dataclass(frozen=True)
class Result:
    players: tuple[str, ...]
    rounds: tuple[RoundResult, ...]
    scores: dict[str, int]
    threshold: int
    game_over: bool
    winners: tuple[str, ...]
    rules: RuleSet = field(default=ORIGINAL)
    variant: str = "standard"

    def to_json(self) -> dict[str, Any]:
        """The documented JSON shape of ``trackwright score transamerica --json``."""
        return {
            **({"variant": self.variant} if self.variant != "standard" else {}),
            "rounds": [
                {
                    "round": r.number,
                    "missing": {p: r.missing[p].points for p in self.players},
                    "routes": {p: [list(e) for e in r.missing[p].edges] for p in self.players},
                    "scores": dict(r.scores),
                    "threshold": r.threshold,
                    "tracks_placed": len(r.track),
                    "unconnected": {p: list(r.gaps[p].unconnected) for p in self.players},
                    "legs": {p: [leg.to_json() for leg in r.gaps[p].legs] for p in self.players},
                    **(
                        {
                            "ended": r.replay.ended,
                            "completed_by": list(r.replay.completed_by),
                        }
                        if r.replay
                        else {}
                    ),
                    **({"in_progress": True} if r.in_progress else {}),
                    **(
                        {"markers": {p: r.starts[p] for p in self.players}}
                        if self.variant == "blocking"
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
    return rules.end_threshold


def score(record: GameRecord, rules: RuleSet = ORIGINAL) -> Result:
    """Every round that has ended is scored; the game ends after a round's scoring when a
    locomotive passed the barrier, never before ``rules.min_rounds`` rounds (with visible cards:
    after as many rounds as players)."""
    m, players, variant = record.map, record.players, record.variant
    scores = {p: rules.start_points for p in players}
    threshold = rules.end_threshold
    results: list[RoundResult] = []
    over = False
    for number, rnd in enumerate(record.rounds, start=1):
        place = f"{record.source}: round {number}"
        if over:
            raise TrackwrightError.of("ta.game.over", place, round=number - 1)
        replay = (
            replay_round(m, players, rnd, place, rules, number, variant)
            if rnd.turns is not None
            else None
        )
        in_progress = replay is not None and not replay.ended
        if in_progress and number < len(record.rounds):
            raise TrackwrightError.of(
                "ta.round.not-ended-turns",
                place,
                placed=len(replay.track) if replay else 0,
                tracks=rules.tracks,
            )
        track = replay.track if replay else tuple(edge_key(*e) for e in rnd.track or ())
        markers = replay.markers if replay else (rnd.markers or rnd.starts)
        board = RoundBoard(m, set(track))
        held = {p: _held(markers, p, variant) for p in players}
        missing = {p: board.missing(markers[p], rnd.cities[p], held[p]) for p in players}
        if not in_progress:
            for p in players:
                scores[p] -= missing[p].points
            if number == rules.barrier_round:
                threshold = barrier_threshold(scores, rules)
            if variant == "visible-cards":
                over = number >= len(players) or (
                    rules.visible_cards_barrier
                    and number >= rules.min_rounds
                    and any(s <= threshold for s in scores.values())
                )
            else:
                over = number >= rules.min_rounds and any(s <= threshold for s in scores.values())
        results.append(
            RoundResult(
                number,
                missing,
                dict(scores),
                threshold,
                track,
                dict(markers),
                {p: list(rnd.cities[p]) for p in players},
                replay,
                in_progress,
                {
                    p: gaps(m, set(track), markers[p], rnd.cities[p], missing[p], held[p])
                    for p in players
                },
            )
        )
    winners: tuple[str, ...] = ()
    if over:
        best = max(scores.values())
        winners = tuple(p for p in players if scores[p] == best)
    return Result(players, tuple(results), dict(scores), threshold, over, winners, rules, variant)


def score_file(path: Path) -> Result:
    return score(load_record(path))


def dumps_result(result: Result) -> str:
    return json.dumps(result.to_json(), ensure_ascii=False, indent=1)
