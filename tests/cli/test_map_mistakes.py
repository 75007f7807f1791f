"""Mistakes in a hand-written TransAmerica map or region file, named at once: one line naming
both places (node ids, JSON paths, city names), exit code 2, nothing written, and for a region
before any lattice is laid (the lattice builder is made to fail the test if it is reached)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support.cli import trackwright
from trackwright.core import trackspaces
from trackwright.kits.transamerica import lattice

MINIMAL = json.loads(
    (ROOT / "templates/transamerica/examples/minimal-map.json").read_text(encoding="utf-8")
)
EUROPE = json.loads(
    (ROOT / "templates/transamerica/regions/europe.json").read_text(encoding="utf-8")
)


def refused(folder: Path, *args: str | Path) -> str:
    """The command's one error line; it exits 2 and writes nothing."""
    out = folder / "out"
    done = trackwright(*args, "--out", out)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr[:500]
    assert len(lines) == 1 and lines[0].startswith("trackwright: error: "), done.stderr[:500]
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not out.exists()
    return lines[0]


def bad_map(change) -> dict:
    data = copy.deepcopy(MINIMAL)
    change(data)
    return data


def _long_edge(d: dict) -> None:
    d["edges"].append({"a": "A1", "b": "A9", "cost": 1})  # the whole top row


def _one_place(d: dict) -> None:
    d["nodes"][1].update(x=30.0, y=30.0)  # A2 on A1


def _near(d: dict) -> None:
    d["nodes"][1].update(x=33.0, y=31.0)  # A2 3 mm from A1


def _crossing(d: dict) -> None:
    d["nodes"].append({"id": "Z1", "x": 90.0, "y": 20.0})  # above row A
    d["edges"].append({"a": "Z1", "b": "B2", "cost": 1})  # down across A2-A3


def _six_green(d: dict) -> None:
    d["cities"][0]["region"] = "yellow"


MAP_CASES = {
    "long-edge": (_long_edge, ["A1 to A9", "$.edges[158]", "8.0 lattice steps"]),
    "one-place": (_one_place, ["A1 ($.nodes[0])", "A2 ($.nodes[1])", "at one place"]),
    "near": (_near, ["A1 ($.nodes[0])", "A2 ($.nodes[1])", "3.2 mm apart"]),
    "crossing": (_crossing, ["A2-A3 ($.edges[2])", "Z1-B2 ($.edges[158])", "cross"]),
    "six-green": (_six_green, ["region green has 6 cities (Birchmoor", "yellow has 8 (Ashford"]),
}


@pytest.mark.parametrize("case", MAP_CASES)
def test_a_hand_written_map_mistake_is_named_at_once(case, tmp_path):
    change, named = MAP_CASES[case]
    path = tmp_path / "bad-map.json"
    path.write_text(json.dumps(bad_map(change)), encoding="utf-8")
    line = refused(tmp_path, "generate", "transamerica", "--map", path)
    assert str(path) in line
    for words in named:
        assert words in line, line


def test_a_record_on_a_map_with_a_shortcut_is_refused(tmp_path):
    """The scorer never sees the shortcut: a record naming the map is refused too."""
    (tmp_path / "bad-map.json").write_text(json.dumps(bad_map(_long_edge)), encoding="utf-8")
    record = json.loads(
        (ROOT / "templates/transamerica/examples/game.json").read_text(encoding="utf-8")
    )
    record["map"] = "bad-map.json"
    record.pop("map_sha256", None)
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    done = trackwright("score", "transamerica", tmp_path / "game.json")
    assert done.returncode == 2 and "A1 to A9" in done.stderr, done.stderr[:500]


def test_the_built_in_maps_pass_the_checks():
    for name in ("usa", "europe", "japan", "usa-classic"):
        data = json.loads(
            (ROOT / f"templates/transamerica/maps/{name}.json").read_text(encoding="utf-8")
        )
        points = {n["id"]: (n["x"], n["y"]) for n in data["nodes"]}
        trackspaces.check(points, [(e["a"], e["b"]) for e in data["edges"]], name)


def test_crossing_is_strict():
    """Segments sharing an end, touching or parallel do not cross; an X does."""
    assert trackspaces.crosses((0, 0), (2, 2), (0, 2), (2, 0))
    assert not trackspaces.crosses((0, 0), (1, 0), (1, 0), (2, 1))
    assert not trackspaces.crosses((0, 0), (2, 0), (0, 1), (2, 1))
    assert not trackspaces.crosses((0, 0), (2, 0), (1, 0), (1, 1))


# ------------------------------------------------------------------ region files


def bad_region(change) -> dict:
    data = copy.deepcopy(EUROPE)
    change(data["cities"])
    return data


REGION_CASES = {
    # Porto 0.05 degrees from Lisboa: it took 10 s of lattice building and a balance message.
    "too-close": (
        lambda c: c[1].update(lon=c[0]["lon"] + 0.05, lat=c[0]["lat"]),
        ["Lisboa ($.cities[0])", "Porto ($.cities[1])", "too close for the lattice"],
    ),
    "six-green": (
        lambda c: c[0].update(region="yellow"),
        ["region green has 6 cities (Porto", "yellow has 8 (Lisboa"],
    ),
    "three-dotted": (
        lambda c: c[1].update(dotted=True),
        ["region green has 3 dotted cities (", "it needs 2"],
    ),
    "same-name": (
        lambda c: c[3].update(name=c[0]["name"]),
        ["$.cities[0] and $.cities[3] are both called Lisboa"],
    ),
    "off-the-land": (
        lambda c: c[0].update(lon=-20.0, lat=45.0),
        ["$.cities[0]", "Lisboa (-20.0, 45.0) lies off the land"],
    ),
}


@pytest.fixture
def no_lattice(monkeypatch):
    """The lattice builder fails the test if it is reached."""

    def never(*args, **kwargs):
        raise AssertionError("a lattice was laid before the region's front checks refused it")

    monkeypatch.setattr(lattice, "_lay", never)
    monkeypatch.setattr(lattice, "_positions", never)


@pytest.mark.parametrize("case", REGION_CASES)
def test_a_region_mistake_is_named_before_any_lattice(case, tmp_path, no_lattice):
    change, named = REGION_CASES[case]
    path = tmp_path / "bad-region.json"
    path.write_text(json.dumps(bad_region(change)), encoding="utf-8")
    line = refused(tmp_path, "generate", "transamerica", "--region", path)
    for words in named:
        assert words in line, line


def test_a_city_in_a_lake_is_named_before_any_lattice(tmp_path, no_lattice):
    usa = json.loads((ROOT / "templates/transamerica/regions/usa.json").read_text(encoding="utf-8"))
    lake = usa["lakes"][0]  # Lake Michigan
    usa["cities"][10].update(
        lon=sum(p[0] for p in lake) / len(lake), lat=sum(p[1] for p in lake) / len(lake)
    )
    path = tmp_path / "lake.json"
    path.write_text(json.dumps(usa), encoding="utf-8")
    line = refused(tmp_path, "generate", "transamerica", "--region", path)
    assert "$.cities[10]: city Minneapolis" in line and "in a lake" in line, line
