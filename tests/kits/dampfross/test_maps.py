"""Dampfross maps: random maps that are good to play, presets that look like their regions,
and a map file whose mistakes are named by hex."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trackwright.core import dampfross as model
from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.kits.dampfross import kit, preset, random_map

DF = ROOT / "templates" / "dampfross"
SEEDS = range(1, 31)


def check_playable(m: model.DampfrossMap) -> None:
    numbers = sorted(n for t in m.towns for n in t.numbers)
    assert numbers == sorted(model.DICE_NUMBERS)  # every 11..66 exactly once
    land = hexgrid.components(m.land)
    home = next(g for g in land if m.towns[0].hex in g)
    assert all(t.hex in home for t in m.towns)  # reachable over land
    for a, b in m.rivers:
        assert hexgrid.are_neighbours(a, b)
        assert m.terrain[a] != "water" and m.terrain[b] != "water"
    sea = model.sea_hexes(m.terrain)
    for name in m.ports:
        assert any(n in sea for n in hexgrid.neighbours(m.town_by_name[name].hex))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_maps_are_good_to_play(seed):
    m = random_map.generate(seed)
    check_playable(m)
    towns = [t.hex for t in m.towns]
    assert all(hexgrid.distance(a, b) >= 2 for a in towns for b in towns if a != b)  # spread
    assert all(m.terrain[h] == "plain" for h in towns)
    assert 3 <= sum(len(t.numbers) == 2 for t in m.towns) <= 4
    assert len(m.ports) >= 3
    assert len(m.rivers) >= 4
    hills = [h for h, t in m.terrain.items() if t == "hill"]
    # Hills come in ranges: most hills have a hill neighbour.
    assert sum(any(n in set(hills) for n in hexgrid.neighbours(h)) for h in hills) >= 0.8 * len(
        hills
    )


@pytest.mark.parametrize(("w", "h", "players"), [(20, 16, 3), (34, 25, 8), (60, 20, 5)])
def test_other_sizes(w, h, players):
    check_playable(random_map.generate(7, random_map.RandomParams(width=w, height=h)))


def test_same_seed_same_bytes_other_seed_other_map():
    a = mapfile.dumps(random_map.generate(42).to_json())
    assert a == mapfile.dumps(random_map.generate(42).to_json())
    assert a != mapfile.dumps(random_map.generate(43).to_json())
    data = json.loads(a)
    assert data["generator"]["seed"] == 42
    assert data["generator"]["params"]["width"] == 30 and data["generator"]["version"]


def test_a_seed_is_pinned():
    """Maps must not drift between versions or machines: seed 1's whole map file is pinned
    (regenerate with TRACKWRIGHT_UPDATE_GOLDEN=1 only for an intended generator change, and
    bump random_map.GENERATOR_VERSION then)."""
    golden = Path(__file__).parent / "golden" / "dampfross-seed-1.json"
    data = mapfile.dumps(random_map.generate(1).to_json())
    if os.environ.get("TRACKWRIGHT_UPDATE_GOLDEN"):
        golden.write_bytes(data)
    assert data == golden.read_bytes()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (dict(width=8, height=6), "too small for 32 towns"),
        (dict(width=-3, height=10), "the map size must be positive"),
        (dict(water=0.95), "--water must be between 0 and 0.9"),
    ],
)
def test_bad_parameters(params, message):
    with pytest.raises(TrackwrightError, match=message):
        random_map.generate(1, random_map.RandomParams(**params))


# ------------------------------------------------------------------ presets


@pytest.mark.parametrize("name", ["england", "usa-east", "france"])
def test_stored_presets_are_what_their_regions_build(name):
    built = preset.build_file(DF / "regions" / f"{name}.json")
    assert mapfile.dumps(built.to_json()) == (DF / "maps" / f"{name}.json").read_bytes()
    check_playable(built)


@pytest.mark.parametrize(
    ("name", "towns", "ports", "big"),
    [
        (
            "england",
            ["London", "Birmingham", "York", "Cardiff", "Newcastle", "Norwich"],
            ["Liverpool", "Dover", "Plymouth", "Hull", "Southampton"],
            "London",
        ),
        (
            "usa-east",
            ["New York", "Boston", "Pittsburgh", "Washington", "Charlotte", "Albany"],
            ["Boston", "New York", "Norfolk", "Charleston", "Portland"],
            "New York",
        ),
        (
            "france",
            ["Paris", "Lyon", "Toulouse", "Strasbourg", "Dijon", "Limoges"],
            ["Marseille", "Brest", "Nice", "Cherbourg", "Calais"],
            "Paris",
        ),
    ],
)
def test_presets_have_their_real_towns_and_ports(name, towns, ports, big):
    m = model.load(name)
    assert set(towns) <= set(m.town_by_name)
    assert set(ports) <= m.ports
    assert len(m.town_by_name[big].numbers) == 2
    assert sum(t == "hill" for t in m.terrain.values()) > 20


def test_inland_towns_are_not_ports():
    assert not {"Birmingham", "Leicester"} & model.load("england").ports
    assert not {"Paris", "Lyon", "Dijon"} & model.load("france").ports


def test_usa_east_starts_from_ports():
    assert model.load("usa-east").start == "port"


# ------------------------------------------------------------------ the map file


def test_minimal_hand_written_map_loads():
    data = json.loads((DF / "examples" / "minimal-map.json").read_text(encoding="utf-8"))
    assert set(data) == {"format", "game", "hexes", "rivers", "towns", "ports"}
    m = model.from_json(data)
    assert m.hex_size == 7.5 and m.start == "town" and m.name == "Custom map"


@pytest.fixture
def small():
    return json.loads((DF / "examples" / "minimal-map.json").read_text(encoding="utf-8"))


def _water(data):
    return next(h for h in data["hexes"] if h["terrain"] == "water")


def _land(data):
    return [h for h in data["hexes"] if h["terrain"] != "water"]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["hexes"].append(dict(d["hexes"][0])),
            r"\$.hexes\[140\]: hex \(0, 0\) is listed twice",
        ),
        (
            lambda d: d["rivers"].append(
                [[_land(d)[0]["q"], _land(d)[0]["r"]], [_land(d)[0]["q"] + 3, _land(d)[0]["r"]]]
            ),
            "are not neighbours",
        ),
        (
            lambda d: d["rivers"].append(list(reversed(d["rivers"][0]))),
            r"is listed twice \(also \$.rivers\[0\]\)",
        ),
        (
            lambda d: d["towns"][0].update(hex=[_water(d)["q"], _water(d)["r"]]),
            r"\$.towns\[0\].hex: town Coleley: hex .* is water",
        ),
        (lambda d: d["towns"][0].update(hex=[99, 99]), "hex \\(99, 99\\) is not on the map"),
        (
            lambda d: d["towns"][1]["numbers"].append(d["towns"][0]["numbers"][0]),
            "number 11 is on both Coleley and Glenwick",
        ),
        (lambda d: d["towns"][0]["numbers"].pop(), "not on any town: 25"),
        (
            lambda d: d["towns"][0]["numbers"].append(17),
            r"\$.towns\[0\].numbers\[2\]: 17 is not one of",
        ),
        (lambda d: d["ports"].append("Coleley"), "port Coleley on hex .* is not on the coast"),
        (lambda d: d["ports"].append("Atlantis"), "port 'Atlantis' is not a town of this map"),
        (lambda d: d["hexes"][0].update(terrain="lava"), r"\$.hexes\[0\].terrain"),
    ],
)
def test_mistakes_name_the_hex(small, mutate, message):
    mutate(small)
    with pytest.raises(TrackwrightError, match=message):
        model.from_json(small, "mine.json")


def test_unreachable_town(small):
    island = {"q": 40, "r": 0, "terrain": "plain"}
    small["hexes"].append(island)
    small["towns"][5]["hex"] = [40, 0]
    with pytest.raises(
        TrackwrightError, match=r"town \w+ on hex \(40, 0\) cannot be reached over land"
    ):
        model.from_json(small)


# ------------------------------------------------------------------ the kit


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", kit.HEX_SHEET_SIZES)
def test_hex_sheets_tile_seamlessly(paper, size):
    from trackwright.kits.draw.ops import Group

    page = kit.hex_sheet_page(paper, size, "en")
    grid = next(op for op in page.ops if isinstance(op, Group))
    x, y, w, h = grid.clip
    # A whole number of pattern periods across and down: the next sheet continues the grid.
    assert (w / (hexgrid.SQRT3 * size)) == pytest.approx(round(w / (hexgrid.SQRT3 * size)))
    assert (h / (3 * size)) == pytest.approx(round(h / (3 * size)))
    assert x >= 8 and y >= 8 and x + w <= page.width - 8


def test_ledger_has_a_column_per_player():
    from trackwright.kits.draw.ops import Text

    page = kit.ledger_page("a4", "fr", 8)
    assert sum(1 for op in page.ops if isinstance(op, Text) and op.text == "20") == 8
    assert any(isinstance(op, Text) and op.text == "Capital de départ" for op in page.ops)
