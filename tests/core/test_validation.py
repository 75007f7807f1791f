"""The pure-Python schema check agrees with the reference validator (jsonschema, test-only): on
every shipped file and on mistakes of every kind the schemas describe, the same path and the
same message."""

from __future__ import annotations

import copy
import json
from importlib.resources import files

import jsonschema
import pytest

from trackwright import games
from trackwright.core import mapfile
from trackwright.core.errors import quote
from trackwright.core.validation import compile_schema, unknown_keys

TEMPLATES = files("trackwright.templates")
SCHEMAS = [
    "map",
    "region",
    *(f"{game}-{kind}" for game in games.names() for kind in ("record", "rules")),
]


def reference(schema: dict, data) -> tuple[str, str] | None:
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(data)
    )
    if error is None:
        return None
    message = error.message
    # Our messages quote the value shortened (errors.quote); the reference quotes it whole.
    if message.startswith(repr(error.instance)):
        message = quote(error.instance) + message.removeprefix(repr(error.instance))
    if (
        error.validator == "additionalProperties"
        and error.schema.get("additionalProperties") is False
    ):
        message = unknown_keys(error.instance, error.schema)
    return mapfile.json_path(error.absolute_path), message


def ours(schema: dict, data) -> tuple[str, str] | None:
    problem = compile_schema(schema)(data)
    return None if problem is None else (mapfile.json_path(problem.path), problem.message)


def shipped() -> list[tuple[str, str]]:
    out = []
    for game in games.names():
        for name in mapfile.builtin_map_names(game):
            out.append(("map", f"{game}/maps/{name}.json"))
        out.append((f"{game}-record", f"{game}/examples/game.json"))
    out.append(("lastrada-record", "lastrada/examples/rules-example-game.json"))
    out.append(("map", "lastrada/examples/rules-example-map.json"))
    out.append(("map", "transamerica/examples/minimal-map.json"))
    out.append(("map", "dampfross/examples/minimal-map.json"))
    for region in TEMPLATES.joinpath("transamerica/regions").iterdir():
        out.append(("region", f"transamerica/regions/{region.name}"))
    for game in games.names():
        for preset in TEMPLATES.joinpath(f"{game}/rules").iterdir():
            out.append((f"{game}-rules", f"{game}/rules/{preset.name}"))
    return out


def schema_of(name: str) -> dict:
    """The schema by name; ``map`` is the map schema as published, every game's part attached."""
    return games.maps_schema() if name == "map" else mapfile.schema(name)


def load(rel: str):
    return json.loads(TEMPLATES.joinpath(rel).read_text("utf-8"))


@pytest.mark.parametrize(("schema_name", "rel"), shipped())
def test_shipped_files_are_valid_under_both(schema_name, rel):
    schema, data = schema_of(schema_name), load(rel)
    assert reference(schema, data) is None
    assert ours(schema, data) is None


MUTATIONS = [
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["edges"][5].update(cost=3)),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["edges"][5].update(cost=True)),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["nodes"][0].pop("x")),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["nodes"][0].update(x="1")),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["nodes"][0].update(z=1)),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d.update(colour="red")),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d.update(board={"width": 0})),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d.update(nodes=[])),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d.pop("edges")),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d.update(game="chess")),
    ("map", "transamerica/examples/minimal-map.json", lambda d: d["cities"][0].update(name="")),
    (
        "map",
        "transamerica/maps/usa.json",
        lambda d: d["decor"]["land"][0].__setitem__(3, [1, "2"]),
    ),
    ("map", "transamerica/maps/usa.json", lambda d: d["decor"]["rivers"][0].__setitem__(0, [1])),
    ("map", "transamerica/maps/usa.json", lambda d: d["generator"].update(seed=1.5)),
    ("map", "dampfross/examples/minimal-map.json", lambda d: d["towns"][0]["numbers"].append(17)),
    (
        "map",
        "dampfross/examples/minimal-map.json",
        lambda d: d["towns"][0]["numbers"].append(d["towns"][0]["numbers"][0]),
    ),
    ("map", "dampfross/examples/minimal-map.json", lambda d: d["rivers"].append([[0, 0]])),
    (
        "map",
        "dampfross/examples/minimal-map.json",
        lambda d: d["rivers"].append([[0, 0.5], [1, 1]]),
    ),
    ("map", "dampfross/examples/minimal-map.json", lambda d: d["hexes"][0].update(q=1.5)),
    ("map", "dampfross/examples/minimal-map.json", lambda d: d.update(hex_size=2)),
    ("map", "dampfross/examples/minimal-map.json", lambda d: d.update(start="sea")),
    (
        "map",
        "lastrada/examples/rules-example-map.json",
        lambda d: d["settlements"][0].update(kind="castle"),
    ),
    (
        "map",
        "lastrada/examples/rules-example-map.json",
        lambda d: d["hexes"][0].update(terrain="water"),
    ),
    (
        "map",
        "lastrada/examples/rules-example-map.json",
        lambda d: d.update(pieces=[{"id": "a", "position": 6}]),
    ),
    ("region", "transamerica/regions/usa.json", lambda d: d.pop("outline")),
    ("region", "transamerica/regions/usa.json", lambda d: d["cities"][2].update(lat=123)),
    ("region", "transamerica/regions/usa.json", lambda d: d.update(lattice={"rows": 2})),
    ("region", "transamerica/regions/usa.json", lambda d: d.update(projection={"name": "x"})),
    ("transamerica-record", "transamerica/examples/game.json", lambda d: d.update(players=["Ann"])),
    (
        "transamerica-record",
        "transamerica/examples/game.json",
        lambda d: d.update(players=["Ann", "Ann"]),
    ),
    (
        "transamerica-record",
        "transamerica/examples/game.json",
        lambda d: d["rounds"][0].pop("track", None) or d["rounds"][0].pop("turns", None),
    ),
    (
        "transamerica-record",
        "transamerica/examples/game.json",
        lambda d: d["rounds"][0].update(track=[["A1", "A2", "A3"]]),
    ),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d["events"][0].pop("roll")),
    (
        "dampfross-record",
        "dampfross/examples/game.json",
        lambda d: d["events"][0].update(paid_from="winnings"),
    ),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d["events"][0].update(roll=7)),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d["events"][0].pop("path")),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d["events"][0].update(type="x")),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d["events"][0].update(when=1)),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d.update(races=20)),
    (
        "dampfross-record",
        "dampfross/examples/game.json",
        lambda d: d["starts"].update(Zed=[1, 2, 3]),
    ),
    # A record's map: a name, a path or an embedded map file; its hash is 64 lowercase hex.
    ("transamerica-record", "transamerica/examples/game.json", lambda d: d.update(map=42)),
    ("transamerica-record", "transamerica/examples/game.json", lambda d: d.update(map=["usa"])),
    ("transamerica-record", "transamerica/examples/game.json", lambda d: d.update(map="")),
    ("transamerica-record", "transamerica/examples/game.json", lambda d: d.update(map_sha256=1)),
    (
        "transamerica-record",
        "transamerica/examples/game.json",
        lambda d: d.update(map_sha256="AB" * 32),
    ),
    ("dampfross-record", "dampfross/examples/game.json", lambda d: d.update(rules=["epopee"])),
    (
        "dampfross-record",
        "dampfross/examples/game.json",
        lambda d: d.update(map_sha256="0" * 63),
    ),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.update(map=None)),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.pop("settlements")),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.update(players=list("ABCDE"))),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.update(reserve={"A": "x"})),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.update(variant="solo")),
    (
        "lastrada-record",
        "lastrada/examples/rules-example-game.json",
        lambda d: d["turns"][0].update(roads=[[[0, 0]]]),
    ),
    ("lastrada-record", "lastrada/examples/game.json", lambda d: d.update(game="dampfross")),
]


@pytest.mark.parametrize(("schema_name", "rel", "mutate"), MUTATIONS)
def test_mistakes_are_reported_as_the_reference_validator_does(schema_name, rel, mutate):
    schema, data = schema_of(schema_name), copy.deepcopy(load(rel))
    mutate(data)
    expected = reference(schema, data)
    assert expected is not None
    assert ours(schema, data) == expected


def test_every_schema_compiles():
    for name in SCHEMAS:
        assert mapfile.validator(name) is mapfile.validator(name)  # compiled once


def test_an_unknown_keyword_is_refused():
    with pytest.raises(ValueError, match="'contains' is not supported"):
        compile_schema({"type": "array", "contains": {"const": 1}})
