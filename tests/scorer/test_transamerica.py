"""TransAmerica scoring: worked examples, the rules' numbers, turn replay and record checks."""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.support import simulate
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.mapfile import dumps
from trackwright.core.transamerica import edge_key
from trackwright.scorer import transamerica as ta
from trackwright.scorer.steiner import Graph, greedy_tree, steiner_tree

EXAMPLE = ROOT / "templates" / "transamerica" / "examples" / "game.json"

# A hand on the minimal map (one city of each colour) and another, disjoint one.
ANN = ["Ashford", "Harbury", "Oakridge", "Valemont", "Dovecote"]
BEN = ["Glenrock", "Kestrel", "Stonegate", "Castleford", "Kingsmoor"]


def record(players, rounds, map_ref="usa"):
    return {"game": "transamerica", "map": map_ref, "players": players, "rounds": rounds}


# ------------------------------------------------------------------ worked examples


def test_connected_cities_lose_nothing(minimal):
    start = minimal.city_by_name["Ashford"].node
    route = ta.missing_track(minimal, set(), start, ANN)
    assert route.points > 0
    assert ta.missing_track(minimal, set(route.edges), start, ANN) == ta.Missing(0, ())


def test_one_missing_single_track_costs_one(minimal):
    start = minimal.city_by_name["Ashford"].node
    route = ta.missing_track(minimal, set(), start, ANN)
    plain = next(e for e in route.edges if minimal.edge_by_key[e].cost == 1)
    track = set(route.edges) - {plain}
    assert ta.missing_track(minimal, track, start, ANN) == ta.Missing(1, (plain,))


def test_one_missing_double_track_costs_two(minimal_data):
    for edge in minimal_data["edges"]:  # every line a double line
        edge.update(cost=2, kind="mountain")
    m = model.from_json(minimal_data)
    start = m.city_by_name["Harbury"].node
    route = ta.missing_track(m, set(), start, ANN)
    assert route.points == 2 * len(route.edges)
    double = route.edges[len(route.edges) // 2]
    track = set(route.edges) - {double}
    assert ta.missing_track(m, track, start, ANN) == ta.Missing(2, (double,))


def test_all_track_on_the_board_counts_whoever_placed_it(minimal):
    start = minimal.city_by_name["Glenrock"].node
    others = ta.missing_track(minimal, set(), minimal.city_by_name["Ashford"].node, ANN)
    with_theirs = ta.missing_track(minimal, set(others.edges), start, BEN)
    alone = ta.missing_track(minimal, set(), start, BEN)
    assert with_theirs.points <= alone.points


def test_the_start_marker_must_be_reached(minimal):
    start = minimal.city_by_name["Ashford"].node
    route = ta.missing_track(minimal, set(), start, ANN)
    # Connected among themselves, but the start marker one plain track away from the network.
    near = next(
        n
        for n in minimal.neighbours[start]
        if minimal.edge_by_key[edge_key(start, n)].cost == 1
        and edge_key(start, n) not in route.edges
        and not any(n in e for e in route.edges)
    )
    result = ta.missing_track(minimal, set(route.edges), near, ANN)
    assert result.points == 1


def test_greedy_nearest_city_over_counts_on_a_star():
    """Three cities and the start marker around a hub: each is 2 tracks from the hub and 3 from
    its neighbours. Joining the nearest city each time costs 9; through the hub it costs 8."""
    edges = []
    terminals = ["S", "T1", "T2", "T3"]
    for t in terminals:
        edges += [(t, f"{t}h", 1), (f"{t}h", "hub", 1)]
    for a, b in zip(terminals, terminals[1:] + terminals[:1], strict=True):
        edges += [(a, f"{a}{b}1", 1), (f"{a}{b}1", f"{a}{b}2", 1), (f"{a}{b}2", b, 1)]
    nodes = sorted({n for a, b, _ in edges for n in (a, b)})
    graph = Graph(nodes, edges)
    assert steiner_tree(graph, terminals).cost == 8
    assert greedy_tree(graph, terminals).cost == 9


def test_greedy_over_counts_on_the_usa_board(usa):
    """A real hand on the built-in board, before any track: the common nearest-city method
    counts 31, the exact minimum is 29 (and its evidence costs exactly that)."""
    hand = simulate.deal(usa, ["P"], random.Random(3))["P"]
    start = usa.city_by_name[hand[0]].node
    board = ta.RoundBoard(usa, set())
    exact = board.missing(start, hand)
    assert exact.points == 29
    assert sum(usa.edge_by_key[e].cost for e in exact.edges) == 29
    assert board.greedy(start, hand).points == 31


# ------------------------------------------------------------------ rounds and the barrier


def scripted(losses):
    """A game result from per-round losses, through the real scoring rules (on a star graph)."""
    scores = dict.fromkeys(losses[0], 13)
    threshold, rounds = 0, []
    for number, round_losses in enumerate(losses, start=1):
        for p, lost in round_losses.items():
            scores[p] -= lost
        if number == ta.ORIGINAL.barrier_round:
            threshold = ta.barrier_threshold(scores)
        rounds.append((dict(scores), threshold))
    return rounds


def test_barrier_example_from_the_rules():
    # After round 2 the lowest player is on 5: the game now ends at 2 or fewer.
    assert ta.barrier_threshold({"Ann": 9, "Ben": 5, "Cleo": 11}) == 2
    assert ta.barrier_threshold({"Ann": 9, "Ben": 4}) == 1
    # Lowest below 4: the barrier stays where it is, the game ends at 0.
    assert ta.barrier_threshold({"Ann": 9, "Ben": 3}) == 0


@pytest.mark.slow
def test_barrier_and_winners_in_a_scored_game(usa):
    """Scores 13 -> round losses; the barrier is set after round 2 only; ties share the win."""
    players = ["Ann", "Ben", "Cleo"]
    result = ta.score(ta.record_from_json(simulate.play_game(usa, players, 11)))
    assert result.game_over
    r2 = result.rounds[1]
    expected = ta.barrier_threshold(r2.scores)
    assert all(r.threshold == 0 for r in result.rounds[:1])
    assert all(r.threshold == expected for r in result.rounds[1:])
    assert min(result.scores.values()) <= result.threshold
    best = max(result.scores.values())
    assert result.winners == tuple(p for p in players if result.scores[p] == best)
    # Running scores: each round subtracts exactly the missing points.
    previous = dict.fromkeys(players, 13)
    for r in result.rounds:
        for p in players:
            assert r.scores[p] == previous[p] - r.missing[p].points
        previous = r.scores


def test_example_game_scores_are_pinned():
    """The example record in templates/ (4 players, 3 rounds; round 1 given turn by turn)."""
    result = ta.score_file(EXAMPLE)
    data = result.to_json()
    assert [r["missing"] for r in data["rounds"]] == [
        {"Ann": 2, "Ben": 2, "Cleo": 3, "Dev": 0},
        {"Ann": 0, "Ben": 9, "Cleo": 5, "Dev": 4},
        {"Ann": 4, "Ben": 0, "Cleo": 5, "Dev": 2},
    ]
    assert data["scores"] == {"Ann": 7, "Ben": 2, "Cleo": 0, "Dev": 7}
    assert data["threshold"] == 0 and data["game_over"] is True
    assert data["winners"] == ["Ann", "Dev"]  # a tie shares the win
    assert data["rounds"][0]["completed_by"] == ["Dev"]


def test_json_shape():
    data = json.loads(ta.dumps_result(ta.score_file(EXAMPLE)))
    assert set(data) >= {"rounds", "scores", "threshold", "game_over", "winners"}
    first = data["rounds"][0]
    assert set(first) >= {"missing", "routes", "scores", "threshold"}
    assert all(isinstance(e, list) and len(e) == 2 for e in first["routes"]["Ann"])
    assert sum(1 for _ in first["routes"]["Dev"]) == 0


def test_custom_copy_of_the_map_scores_the_same(tmp_path, usa):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "copy.json").write_bytes(dumps(usa.to_json()))
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["map"] = "maps/copy.json"  # relative to the record
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    copy = ta.score_file(tmp_path / "game.json").to_json()
    assert copy == ta.score_file(EXAMPLE).to_json()


# ------------------------------------------------------------------ turn by turn


SECOND_TRACK = ROOT / "tests" / "records" / "transamerica" / "minimal-second-track-by-hand.json"


def special_case_turns():
    """Ben (the first player) and Ann build in turn; Ann's last turn begins with B6-A7, which
    completes Ben's five cities (not hers): the hand-derived record."""
    data = json.loads(SECOND_TRACK.read_text(encoding="utf-8"))
    rnd = data["rounds"][0]
    return rnd["cities"], rnd["starts"], [(t["player"], t["track"]) for t in rnd["turns"]]


def replay(minimal, cities, starts, turns, players=None, number=1):
    rnd = ta.RoundRecord(
        cities, starts, None, tuple(ta.Turn(p, tuple(tuple(e) for e in tr)) for p, tr in turns)
    )
    return ta.replay_round(minimal, tuple(players or cities), rnd, "round 1", number=number)


def test_second_single_track_after_completing_someone_else(minimal):
    cities, starts, turns = special_case_turns()
    result = replay(minimal, cities, starts, turns, ["Ben", "Ann"])
    assert result.ended and result.completed_by == ("Ben",)
    assert result.track[-2:] == (("A7", "B6"), ("E3", "F3"))


def test_no_second_track_after_completing_your_own(minimal):
    cities, starts, turns = special_case_turns()
    # Ann's turn 12 leaves her one track short; Ben's B6-A7 completes his own cities.
    steps = [*turns[:11], ("Ann", [("E3", "F3")]), ("Ben", [("B6", "A7"), ("A7", "A8")])]
    with pytest.raises(TrackwrightError, match="the round ended with the previous track"):
        replay(minimal, cities, starts, steps, ["Ben", "Ann"])


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        ([("A1", "A2"), ("A2", "A3"), ("A3", "A4")], "3 tracks in one turn; at most 2"),
        ([("A4", "B4"), ("A1", "A2")], "a track on a double line is the only track of its turn"),
        ([("C5", "C6")], "C5-C6 does not touch Ann's network"),
        ([("A1", "C9")], "A1-C9 is not a track space on the map"),
        ([], "a turn places at least 1 track"),
    ],
)
def test_illegal_turns_are_refused(minimal, turn, message):
    with pytest.raises(TrackwrightError, match=message) as info:
        replay(
            minimal,
            {"Ann": ANN, "Ben": BEN},
            {"Ann": "A1", "Ben": "G9"},
            [("Ann", [("A1", "A2")]), ("Ben", [("G9", "G8")]), ("Ann", turn)]
            if turn and turn[0] == ("A4", "B4")
            else [("Ann", turn)],
        )
    assert "round 1: turn" in str(info.value) and "(Ann)" in str(info.value)


def test_turn_after_the_round_ended(minimal):
    cities, starts, turns = special_case_turns()
    steps = [*turns, ("Ben", [("G1", "F1")])]
    with pytest.raises(
        TrackwrightError, match=r"turn 13 \(Ben\): the round already ended on turn 12"
    ):
        replay(minimal, cities, starts, steps, ["Ben", "Ann"])


# ------------------------------------------------------------------ record checks


def base_record():
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["rounds"][1]["cities"]["Ben"].__setitem__(0, "Atlantis"),
            "round 2: player Ben: unknown city 'Atlantis'",
        ),
        (
            lambda d: (
                d["rounds"][1]["cities"]["Ben"].__setitem__(0, "Seattle")
                if "Seattle" not in d["rounds"][1]["cities"]["Ben"]
                else None
            ),
            "round 2: player Ben",
        ),
        (
            lambda d: d["rounds"][1]["cities"]["Ben"].pop(),
            "round 2: player Ben: a hand needs one city of each colour",
        ),
        (
            lambda d: d["rounds"][1]["starts"].__setitem__("Ben", d["rounds"][1]["starts"]["Ann"]),
            "round 2: player Ben: start marker on",
        ),
        (
            lambda d: d["rounds"][1]["starts"].__setitem__("Ben", "Z9"),
            "round 2: player Ben: start marker on unknown node 'Z9'",
        ),
        (
            lambda d: d["rounds"][1]["track"].append(["A3", "M9"]),
            "round 2: track .*: A3-M9 is not a track space on the map",
        ),
        (
            lambda d: d["rounds"][1]["track"].append(list(reversed(d["rounds"][1]["track"][0]))),
            "round 2: track .* is placed twice",
        ),
        (
            lambda d: d["rounds"][1]["starts"].pop("Dev"),
            "round 2: starts: nothing given for player Dev",
        ),
        (
            lambda d: d.update(map="nowhere/map.json"),
            "the map file 'nowhere/map.json' does not exist",
        ),
        (lambda d: d.update(map="atlantis"), r"\$.map: no built-in map 'atlantis'"),
        (
            lambda d: d["rounds"].append(d["rounds"][1]),
            "round 4: the game already ended after round 3",
        ),
        (lambda d: d.update(players=["Ann"]), r"\$.players: \['Ann'\] is too short"),
    ],
)
def test_record_mistakes_name_the_round_and_player(tmp_path, mutate, message):
    data = base_record()
    mutate(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TrackwrightError, match=message):
        ta.score_file(path)


def test_city_dealt_twice(tmp_path):
    data = base_record()
    r = data["rounds"][1]["cities"]
    r["Ben"][0] = r["Ann"][0]  # same colour, already Ann's
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TrackwrightError, match=f"player Ben: city {r['Ann'][0]} was dealt twice"):
        ta.score_file(path)


def test_dotted_card_with_three_players(usa):
    rnd = simulate.play_round(usa, ["Ann", "Ben", "Cleo", "Dev"], 3)
    hands = {p: rnd["cities"][p] for p in ("Ann", "Ben", "Cleo")}
    dotted = next(c for c in usa.cities if c.dotted and c.region == "green")
    hands["Ann"] = [
        dotted.name if usa.city_by_name[c].region == "green" else c for c in hands["Ann"]
    ]
    for p in ("Ben", "Cleo"):
        hands[p] = [c for c in hands[p]]
    data = record(
        ["Ann", "Ben", "Cleo"],
        [{"cities": hands, "starts": {p: rnd["starts"][p] for p in hands}, "track": []}],
    )
    with pytest.raises(
        TrackwrightError,
        match=f"player Ann: {dotted.name} is a dotted card, out of the game with 3 players",
    ):
        ta.record_from_json(data)


def test_more_than_84_tracks(usa):
    rnd = simulate.play_round(usa, ["Ann", "Ben", "Cleo", "Dev"], 3)
    data = record(
        ["Ann", "Ben", "Cleo", "Dev"],
        [
            {
                "cities": rnd["cities"],
                "starts": rnd["starts"],
                "track": [[e.a, e.b] for e in usa.edges[:85]],
            }
        ],
    )
    with pytest.raises(TrackwrightError, match="85 tracks placed; there are only 84"):
        ta.record_from_json(data)


# ------------------------------------------------------------------ properties


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n_track=st.integers(0, 84), extra=st.integers(1, 20))
def test_exact_count_properties(usa, seed, n_track, extra):
    """Never above any heuristic, 0 once the evidence is built, never up when track is added."""
    rng = random.Random(seed)
    hand = simulate.deal(usa, ["P"], rng)["P"]
    start = usa.city_by_name[hand[0]].node
    keys = sorted(usa.edge_by_key)
    track = {keys[int(rng.random() * len(keys))] for _ in range(n_track)}
    board = ta.RoundBoard(usa, track)
    exact = board.missing(start, hand)
    assert exact.points <= board.greedy(start, hand).points
    g = nx.Graph()
    for e in usa.edges:
        g.add_edge(e.a, e.b, weight=0 if e.key in track else e.cost)
    approx = nx.algorithms.approximation.steiner_tree(
        g, [start, *(usa.city_by_name[c].node for c in hand)], weight="weight"
    )
    assert exact.points <= sum(d["weight"] for _, _, d in approx.edges(data=True))
    assert sum(usa.edge_by_key[e].cost for e in exact.edges) == exact.points
    assert ta.RoundBoard(usa, track | set(exact.edges)).missing(start, hand).points == 0
    more = track | {keys[int(rng.random() * len(keys))] for _ in range(extra)}
    assert ta.RoundBoard(usa, more).missing(start, hand).points <= exact.points
