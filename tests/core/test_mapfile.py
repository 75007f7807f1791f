"""The map file: the documented minimal form loads; each kind of mistake is named precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.mapfile import dumps, read_json


def load_error(data, tmp_path) -> str:
    path = tmp_path / "map.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(TrackwrightError) as info:
        model.load(path)
    return str(info.value)


def test_minimal_form_loads_with_defaults(minimal, minimal_data):
    assert set(minimal_data) == {"format", "game", "nodes", "edges", "cities"}
    assert minimal.name == "Custom map" and minimal.version == "1"
    assert len(minimal.cities) == 35
    assert minimal.board_w == pytest.approx(max(n.x for n in minimal.nodes.values()) + 25)
    kinds = {e.kind for e in minimal.edges}
    assert kinds == {"plain", "mountain"}  # kind defaults from the cost


def test_round_trip_is_stable(usa):
    again = model.from_json(json.loads(dumps(usa.to_json())))
    assert dumps(again.to_json()) == dumps(usa.to_json())


def test_graph_is_derived_from_the_map(usa):
    g = usa.graph()
    assert g.number_of_nodes() == len(usa.nodes)
    assert g.number_of_edges() == len(usa.edges)
    e = usa.edges[0]
    assert g.edges[e.a, e.b]["cost"] == e.cost


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["edges"][3].update(b="Z99"), "$.edges[3].b: unknown node id 'Z99'"),
        (lambda d: d["edges"].append(dict(d["edges"][0])), "duplicate edge A1-A2"),
        (
            lambda d: d["edges"].append(
                {"a": d["edges"][0]["b"], "b": d["edges"][0]["a"], "cost": 1}
            ),
            "duplicate edge A2-A1 (already $.edges[0])",
        ),
        (lambda d: d["edges"][5].update(cost=3), "$.edges[5].cost: 3 is not one of [1, 2]"),
        (lambda d: d["edges"][5].update(cost=2, kind="plain"), "a plain edge costs 1, not 2"),
        (
            lambda d: d["cities"].pop(),
            "region orange has 6 cities (Dovecote, Eastwick, Foxley, Greywater, Hollins, Ivybridge); it needs 7",
        ),
        (lambda d: d["cities"][0].update(dotted=True), "region green has 3 dotted cities"),
        (lambda d: d["cities"][0].update(node="Q1"), "city Ashford: unknown node id 'Q1'"),
        (
            lambda d: d["cities"][1].update(node=d["cities"][0]["node"]),
            "cities Ashford and Birchmoor share node",
        ),
        (
            lambda d: d["cities"][1].update(name="Ashford"),
            "$.cities[1].name: duplicate city 'Ashford'",
        ),
        (lambda d: d["cities"][0].update(region="purple"), "$.cities[0].region"),
        (lambda d: d["nodes"][1].update(id="A1"), "$.nodes[1].id: duplicate node id 'A1'"),
        (lambda d: d["nodes"][0].pop("x"), "$.nodes[0]: 'x' is a required property"),
        (lambda d: d["nodes"][0].update(z=1), "$.nodes[0]: unknown key 'z'"),
        (
            lambda d: d.update(colour="red"),
            "$: unknown key 'colour' (keys of your own must start with 'x-')",
        ),
        (lambda d: d.update(format="trackwright-map/2"), "$.format: unsupported format"),
        (lambda d: d.pop("edges"), "'edges' is a required property"),
    ],
)
def test_mistakes_are_named(minimal_data, tmp_path, mutate, expected):
    mutate(minimal_data)
    message = load_error(minimal_data, tmp_path)
    assert expected in message
    assert str(tmp_path / "map.json") in message
    assert "\n" not in message


def test_disconnected_lattice_names_a_stranded_node(minimal_data, tmp_path):
    minimal_data["nodes"].append({"id": "Z1", "x": 10, "y": 10})
    message = load_error(minimal_data, tmp_path)
    assert (
        "$.edges: the lattice is not connected: 1 node(s) cannot be reached from A1: Z1" in message
    )


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "map.json"
    path.write_text('{"format": "trackwright-map/1",\n "game": }', "utf-8")
    with pytest.raises(
        TrackwrightError, match=r"not valid JSON: Expecting value at line 2, column 10"
    ):
        read_json(path)


def test_missing_file_and_unknown_builtin(tmp_path):
    with pytest.raises(
        TrackwrightError, match="no built-in map of that name \\(europe, japan, usa, usa-classic\\)"
    ):
        model.load("atlantis")
    with pytest.raises(TrackwrightError, match="file not found"):
        model.load(tmp_path / "nowhere.json")


def test_node_outside_the_declared_board(minimal_data, tmp_path):
    minimal_data["board"] = {"width": 200, "height": 200}
    assert "lies outside the board" in load_error(minimal_data, tmp_path)


def test_a_map_of_another_game_is_named_as_such():
    with pytest.raises(TrackwrightError, match="this is a dampfross map, not a TransAmerica map"):
        model.load("templates/dampfross/maps/england.json")


def test_records_and_maps_mixed_up_are_named_as_such():
    from trackwright.core import dampfross as df_model
    from trackwright.scorer import dampfross, lastrada, transamerica

    with pytest.raises(TrackwrightError, match="game record, not a map file"):
        df_model.load("templates/dampfross/examples/game.json")
    with pytest.raises(TrackwrightError, match="map file, not a game record"):
        transamerica.load_record(Path("templates/transamerica/examples/minimal-map.json"))
    with pytest.raises(
        TrackwrightError,
        match=r"game\.json: this is a transamerica game record, not a Dampfross game record$",
    ):
        dampfross.load_record(Path("templates/transamerica/examples/game.json"))
    with pytest.raises(TrackwrightError, match="this is a dampfross game record, not a La Strada"):
        lastrada.load_record(Path("templates/dampfross/examples/game.json"))
