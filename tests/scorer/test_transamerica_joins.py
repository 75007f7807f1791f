"""A stray network on the board (track joined to no start marker) that is real track a photo
cut off by missing one space: the engine names the space(s) that would join it back, beside
lifting it (``stray_joins``, in the draft problems the page shows)."""

from __future__ import annotations

import pytest

from tests.support import simulate
from trackwright.core import graphs
from trackwright.core import transamerica as ta_model
from trackwright.play import bridge
from trackwright.scorer import transamerica as ta_engine


def _round(seed):
    m = ta_model.load("usa")
    players = ["Ann", "Ben", "Cleo", "Dan"]
    rnd = simulate.play_round(m, players, seed=seed)
    track = sorted({ta_engine.edge_key(*e) for t in rnd["turns"] for e in t["track"]})
    return m, players, rnd, track


def _cutting_space(track, starts):
    """A laid space whose removal leaves track joined to no marker (a bridge of a network)."""
    held = set(starts.values())
    for e in track:
        rest = set(track) - {e}
        for part in graphs.connected_components(graphs.undirected(rest)):
            if not part & held and len(part) > 1:
                return e
    return None


def _draft(players, rnd, track):
    return {
        "game": "transamerica",
        "map": "usa",
        "players": players,
        "rounds": [],
        "x-draft": {"cities": rnd["cities"], "starts": rnd["starts"], "track": track},
    }


@pytest.mark.parametrize("seed", [706, 3, 11])
def test_a_missed_space_is_offered_as_the_join_of_the_stray_track(seed):
    _m, players, rnd, track = _round(seed)
    missed = _cutting_space(track, rnd["starts"])
    assert missed is not None
    read = [list(e) for e in track if e != missed]
    strays = [p for p in bridge.draft_problems(_draft(players, rnd, read)) if p["kind"] == "stray"]
    assert strays, "the cut-off track is named"
    joins = [j for p in strays for j in p["joins"]]
    assert [list(missed)] in joins, "the space the photo missed is one of the joins offered"
    for p in strays:
        assert 1 <= len(p["joins"]) <= ta_engine.JOINS_OFFERED
        assert all(len(j) == 1 for j in p["joins"]), "one space joins it: nothing longer"
    # Laying the join makes the round's problems go: the stray is gone.
    fixed = [*read, list(missed)]
    after = bridge.draft_problems(_draft(players, rnd, fixed))
    assert not [p for p in after if p["kind"] == "stray"]


def _away(m, sources):
    away, todo = dict.fromkeys(sources, 0), sorted(sources)
    while todo:
        node = todo.pop(0)
        for other in m.neighbours[node]:
            if other not in away:
                away[other] = away[node] + 1
                todo.append(other)
    return away


def test_the_shortest_join_of_two_spaces_and_none_without_markers():
    m = ta_model.load("usa")
    start = m.cities[0].node
    other = sorted(m.neighbours[start])[0]
    markers = {"Ann": start}
    laid = {ta_engine.edge_key(start, other)}
    away = _away(m, {start, other})
    near = [next(e.key for e in m.edges if min(away[e.a], away[e.b]) == 2)]
    joins = ta_engine.stray_joins(m, laid | set(near), markers, near)
    assert joins and all(len(j) == 2 for j in joins)
    assert len(joins) <= ta_engine.JOINS_OFFERED
    for j in joins:
        after = laid | set(near) | set(j)
        assert not ta_engine.stray_track(after, markers), "each join does join"
    # With no marker on the board: nothing to join to.
    assert ta_engine.stray_joins(m, set(near), {}, near) == []


def test_a_stray_far_from_every_marker_is_only_lifted():
    m = ta_model.load("usa")
    start = m.cities[0].node
    far = max(
        m.edges,
        key=lambda e: (
            (m.nodes[e.a].x - m.nodes[start].x) ** 2 + (m.nodes[e.a].y - m.nodes[start].y) ** 2
        ),
    )
    part = [far.key]
    assert ta_engine.stray_joins(m, set(part), {"Ann": start}, part) == []
