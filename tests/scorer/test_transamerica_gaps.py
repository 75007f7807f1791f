"""TransAmerica's evidence in words: each player's cities not connected at a round's end, and
their missing tracks cut into legs from where to where (the network, other track, a fork, a
city), each space with its cost. The page explains a scored round from these alone."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.support import simulate
from trackwright.core import transamerica as model
from trackwright.core.transamerica import edge_key
from trackwright.scorer import transamerica as ta

RECORDS = ROOT / "tests" / "records" / "transamerica"
EXAMPLE = ROOT / "templates" / "transamerica" / "examples" / "game.json"
ANN = ["Ashford", "Harbury", "Oakridge", "Valemont", "Dovecote"]


def scored_records() -> list:
    """Every recorded game the scorer accepts, with its map."""
    out = []
    for path in [EXAMPLE, *sorted(RECORDS.glob("*.json"))]:
        if path.name.endswith(".expected.json") or "error" in expected(path):
            continue
        rec = ta.load_record(path)
        out.append(pytest.param(rec.map, ta.score(rec), id=path.stem))
    return out


def expected(path) -> dict:
    name = path.with_name(path.name.removesuffix(".json") + ".expected.json")
    return json.loads(name.read_text("utf-8")) if name.is_file() else {}


def check_legs(
    m: model.TransAmericaMap, rnd: ta.RoundResult, player: str, variant: str = "standard"
) -> None:
    gaps, missing = rnd.gaps[player], rnd.missing[player]
    held = ta._held(rnd.starts, player, variant)
    network = ta._network(set(rnd.track), rnd.starts[player], held)
    cities = {m.city_by_name[c].node: c for c in rnd.hands[player]}
    # The cities not connected are exactly those off the player's network, in hand order.
    assert gaps.unconnected == tuple(
        c for c in rnd.hands[player] if cities_node(m, c) not in network
    )
    # The legs hold every missing space once, with the map's cost; their points add up.
    spaces = Counter(edge_key(a, b) for leg in gaps.legs for a, b, _ in leg.spaces)
    assert spaces == Counter(missing.edges)
    for leg in gaps.legs:
        assert all(m.edge_by_key[edge_key(a, b)].cost == c for a, b, c in leg.spaces)
        assert leg.spaces[0][0] == leg.start and leg.spaces[-1][1] == leg.end
        assert all(x[1] == y[0] for x, y in zip(leg.spaces, leg.spaces[1:], strict=False))
        assert {leg.start_kind, leg.end_kind} <= set(ta.END_KINDS)
        # Read from the player's side: a leg ends at a city unless it ends at a fork or track.
        assert leg.start_kind != "city" or leg.end_kind == "city"
        for node, kind in ((leg.start, leg.start_kind), (leg.end, leg.end_kind)):
            assert (kind == "city") == (node in cities and cities[node] in gaps.unconnected)
            if kind == "network":
                assert node in network
    assert sum(leg.points for leg in gaps.legs) == missing.points
    # Every city not connected is where some leg ends, or is reached by track from a leg's end.
    ends = {leg.end for leg in gaps.legs} | {leg.start for leg in gaps.legs}
    reached = {c for leg in gaps.legs for c in leg.reaches}
    assert all(cities_node(m, c) in ends or c in reached for c in gaps.unconnected), gaps


def cities_node(m: model.TransAmericaMap, city: str) -> str:
    return m.city_by_name[city].node


@pytest.mark.parametrize(("m", "result"), scored_records())
def test_legs_hold_the_missing_tracks_of_every_recorded_round(m, result):
    for rnd in result.rounds:
        for p in result.players:
            check_legs(m, rnd, p, result.variant)


def test_a_connected_player_has_no_legs(minimal):
    start = minimal.city_by_name["Ashford"].node
    route = ta.missing_track(minimal, set(), start, ANN)
    track = set(route.edges)
    done = ta.gaps(minimal, track, start, ANN, ta.missing_track(minimal, track, start, ANN))
    assert done == ta.Gaps((), ())


def test_nothing_placed_one_tree_from_the_start_marker(minimal):
    start = minimal.city_by_name["Ashford"].node
    missing = ta.missing_track(minimal, set(), start, ANN)
    g = ta.gaps(minimal, set(), start, ANN, missing)
    assert g.unconnected == tuple(ANN[1:])  # Ashford holds the marker: on the network
    assert any(leg.start == start and leg.start_kind == "network" for leg in g.legs)
    assert sum(leg.points for leg in g.legs) == missing.points


def test_a_double_line_costs_two_in_the_legs(minimal_data):
    for edge in minimal_data["edges"]:  # every line a double line
        edge.update(cost=2, kind="mountain")
    m = model.from_json(minimal_data)
    start = m.city_by_name["Harbury"].node
    route = ta.missing_track(m, set(), start, ANN)
    double = route.edges[len(route.edges) // 2]
    track = set(route.edges) - {double}
    missing = ta.missing_track(m, track, start, ANN)
    g = ta.gaps(m, track, start, ANN, missing)
    (leg,) = g.legs
    assert [c for _, _, c in leg.spaces] == [2] and leg.points == 2
    assert {leg.start_kind, leg.end_kind} <= {"network", "track", "city"}


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_simulated_games_legs_and_json(usa, seed):
    record = simulate.play_game(usa, ["Ann", "Ben", "Cleo", "Dan"], seed=seed)
    result = ta.score(ta.record_from_json(record, "simulated"))
    data = result.to_json()
    for rnd, shown in zip(result.rounds, data["rounds"], strict=True):
        for p in result.players:
            check_legs(usa, rnd, p)
            assert shown["unconnected"][p] == list(rnd.gaps[p].unconnected)
            legs = shown["legs"][p]
            assert [leg["points"] for leg in legs] == [leg.points for leg in rnd.gaps[p].legs]
            assert all(len(s) == 3 for leg in legs for s in leg["spaces"])
            assert {leg["from_kind"] for leg in legs} <= set(ta.END_KINDS)


def test_every_kind_of_end_and_a_city_reached_by_track(minimal):
    """Nothing of Ann's placed: one tree from her marker (Ashford, A1) that forks at A2. Track
    laid by someone else from A4 to Dovecote (A8) counts for her: the leg to it ends at that
    track, which reaches Dovecote."""
    start = minimal.city_by_name["Ashford"].node
    track = {edge_key(f"A{i}", f"A{i + 1}") for i in range(4, 8)}
    g = ta.gaps(minimal, track, start, ANN, ta.missing_track(minimal, track, start, ANN))
    ends = {(leg.start, leg.end): (leg.start_kind, leg.end_kind, leg.reaches) for leg in g.legs}
    assert ends[("A1", "A2")] == ("network", "fork", ())
    assert ends[("A2", "A3")] == ("fork", "city", ())
    assert ends[("A4", "A3")] == ("track", "city", ("Dovecote",))
    assert g.unconnected == ("Harbury", "Oakridge", "Valemont", "Dovecote")
    assert {k for leg in g.legs for k in (leg.start_kind, leg.end_kind)} == set(ta.END_KINDS)
