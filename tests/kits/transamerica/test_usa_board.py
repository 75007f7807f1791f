"""The built-in USA board: built from its region file, stored, and shaped like the original."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from tests.conftest import ROOT
from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.kits.transamerica import board as ta_board
from trackwright.kits.transamerica import lattice

REGION = ROOT / "templates" / "transamerica" / "regions" / "usa.json"


def test_stored_map_is_what_the_region_builds(usa):
    """The shipped map is regenerated exactly from the region file (rebuild it with
    `python -m trackwright.kits.transamerica.lattice REGION MAP` after changing the geography)."""
    built, _balance, _tries = lattice.build_balanced(
        json.loads(REGION.read_text("utf-8")), str(REGION)
    )
    assert mapfile.dumps(ta_board.printed(built).to_json()) == mapfile.dumps(usa.to_json())


def test_usa_board_has_the_published_feel(usa):
    assert 170 <= len(usa.nodes) <= 200  # published: 188
    assert len({n[0] for n in usa.nodes}) == 13  # 13 rows, A..M
    doubles = sum(e.cost == 2 for e in usa.edges)
    assert 95 <= doubles <= 135  # published: 109 of 509
    assert 600 <= usa.board_w <= 720 and 370 <= usa.board_h <= 450  # published ~640 x 430
    assert Counter(c.region for c in usa.cities) == {
        r: 7 for r in ("green", "blue", "yellow", "red", "orange")
    }


def test_edges_are_lattice_neighbours(usa):
    for e in usa.edges:
        a, b = usa.nodes[e.a], usa.nodes[e.b]
        assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 == pytest.approx(34.0, abs=0.02)


def test_regions_sit_where_the_game_puts_them(usa):
    def mean_x(region):
        xs = [usa.nodes[c.node].x for c in usa.cities if c.region == region]
        return sum(xs) / len(xs)

    assert mean_x("green") < mean_x("yellow") < mean_x("orange")
    assert mean_x("green") < mean_x("blue") < mean_x("orange")


def test_the_mississippi_makes_double_edges(usa):
    memphis = usa.city_by_name["Memphis"].node
    kinds = {e.kind for e in usa.edges if memphis in (e.a, e.b)}
    assert "river" in kinds


def test_city_off_the_land_is_refused():
    region = json.loads(REGION.read_text("utf-8"))
    bad = copy.deepcopy(region)
    bad["cities"][0].update(lon=-140.0, lat=40.0)
    with pytest.raises(TrackwrightError, match=r"\$.cities\[0\]: city Seattle .* off the land"):
        lattice.build(bad, "usa.json")
