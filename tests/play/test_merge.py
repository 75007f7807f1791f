"""Merging two devices' changes to one game (trackwright.play.merge), and the bridge the phone
calls: changes to different things merge, the same thing changed two ways is a conflict, and a
merge that breaks a rule is refused by the engine."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from trackwright.play import bridge
from trackwright.play.merge import merge

ROOT = Path(__file__).resolve().parents[2]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "c"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["x", "y", "z"]), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(json_values, json_values)
def test_one_side_changed_takes_that_side(base, changed):
    assert merge(base, changed, base) == (changed, [])
    assert merge(base, base, changed) == (changed, [])
    assert merge(base, changed, changed) == (changed, [])


@given(
    st.dictionaries(st.sampled_from(["x", "y", "z"]), json_values, max_size=3),
    json_values,
    json_values,
)
def test_changes_to_different_keys_both_kept(base, left, right):
    mine = {**base, "mine": left}
    theirs = {**base, "theirs": right}
    merged, conflicts = merge(base, mine, theirs)
    assert conflicts == []
    assert merged == {**base, "mine": left, "theirs": right}


def test_same_place_two_ways_is_a_conflict_with_both_values():
    base = {"reserve": {}}
    merged, conflicts = merge(base, {"reserve": {"Ann": 5}}, {"reserve": {"Ann": 3}})
    assert [c.to_json() for c in conflicts] == [
        {"path": "$.reserve.Ann", "base": None, "mine": 5, "theirs": 3, "deleted": []}
    ]
    assert merged == {"reserve": {"Ann": 3}}  # the stored copy stays until someone decides


def test_lists_merge_by_what_each_side_added_and_removed():
    base = [["A1", "A2"], ["B1", "B2"]]
    mine = [["A1", "A2"], ["C1", "C2"]]  # removed B, added C
    theirs = [["A1", "A2"], ["B1", "B2"], ["D1", "D2"]]  # added D
    assert merge(base, mine, theirs) == ([["A1", "A2"], ["D1", "D2"], ["C1", "C2"]], [])
    # Both added the same track: it is there once.
    assert merge([], [["A1", "A2"]], [["A1", "A2"], ["E1", "E2"]])[0] == [
        ["A1", "A2"],
        ["E1", "E2"],
    ]


def test_merge_that_breaks_a_rule_is_reported_by_the_engine():
    record = json.loads(
        (ROOT / "templates/lastrada/examples/game.json").read_text(encoding="utf-8")
    )
    base = {**record, "settlements": {}}
    mine = {**base, "settlements": {"s01": ["Ann", "Ben"]}}
    theirs = {**base, "settlements": {"s01": ["Cleo"]}}
    result = bridge.merged(base, mine, theirs)
    assert result["conflicts"] == []  # a list: both additions kept
    assert result["record"]["settlements"]["s01"] == ["Cleo", "Ann", "Ben"]
    assert result["error"] is None or "s01" in result["error"]


def test_bridge_scores_as_the_cli_and_answers_errors_as_one_line():
    record = (ROOT / "templates/transamerica/examples/game.json").read_text(encoding="utf-8")
    reply = json.loads(bridge.score_text(record))
    assert reply["ok"] == bridge.score_record(json.loads(record))
    broken = json.loads(bridge.score_text('{"game": "transamerica"}'))
    assert "\n" not in broken["error"] and "record" in broken["error"]
    assert (
        json.loads(bridge.score_text("[1,"))
        == {"error": "request: not valid JSON: Expecting value at line 1, column 4"}
        or "not valid JSON" in json.loads(bridge.score_text("[1,"))["error"]
    )


def test_a_map_is_remembered_by_its_hash():
    text = (ROOT / "templates/transamerica/maps/japan.json").read_text(encoding="utf-8")
    sha = json.loads(bridge.remember_map_text(text))["ok"]
    record = json.loads(
        (ROOT / "templates/transamerica/examples/game.json").read_text(encoding="utf-8")
    )
    by_name = bridge.score_record({**record, "map": "japan", "rounds": []})
    assert bridge.score_record({**record, "map": f"sha256:{sha}", "rounds": []}) == by_name
