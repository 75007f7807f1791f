"""Dampfross records and answers speak the printed map's words: a record may name a hex by the
label printed on the board ("F7"), a town by its name or its number, as well as by [q, r]; it
scores exactly the same; the ledger's reasons and the rules' objections say the labels."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.conftest import ROOT
from trackwright.core import dampfross as model
from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.scorer import dampfross as df

EXAMPLE = ROOT / "templates" / "dampfross" / "examples" / "game.json"


def spoken(data: dict[str, Any], m: model.DampfrossMap) -> dict[str, Any]:
    """The record with every hex as a player says it: starts by town number, towns on lines and
    routes by name, every other hex by its printed label (lower case here and there)."""
    out = copy.deepcopy(data)
    out["map"] = str(EXAMPLE.parent / data["map"]) if data["map"].endswith(".json") else data["map"]

    def say(raw: list[int], k: int) -> str:
        h = (raw[0], raw[1])
        town = m.town_by_hex.get(h)
        if town is not None:
            return town.name.upper() if k % 3 == 0 else town.name
        return m.label(h).lower() if k % 2 else m.label(h)

    out["starts"] = {p: m.town_by_hex[tuple(h)].numbers[0] for p, h in data["starts"].items()}
    for event in out["events"]:
        for key in ("path",):
            if key in event:
                event[key] = [say(h, k) for k, h in enumerate(event[key])]
        for key in ("paths",):
            if key in event:
                event[key] = [[say(h, k) for k, h in enumerate(p)] for p in event[key]]
        if "routes" in event:
            event["routes"] = {
                p: [say(h, k) for k, h in enumerate(r)] for p, r in event["routes"].items()
            }
    return out


def test_a_record_in_printed_labels_and_town_names_scores_the_same():
    data = json.loads(EXAMPLE.read_text("utf-8"))
    m = model.load(data["map"])
    axial = df.score(df.record_from_json(data, "axial")).to_json()
    said = spoken(data, m)
    assert said["events"][0]["path"][0] != data["events"][0]["path"][0]
    assert df.score(df.record_from_json(said, "spoken")).to_json() == axial


def test_the_ledger_gives_printed_labels():
    data = df.score_file(EXAMPLE).to_json()
    reasons = [t["reason"] for t in data["ledger"]]
    assert "entering M19, used by Ben" in reasons  # was "entering (3, 18)"
    assert not any("(" in r and ", " in r.split("(")[1] for r in reasons)  # no (q, r) left


def test_place_of_reads_every_way_a_player_names_a_hex():
    m = model.load("england")
    bristol = m.town_by_name["Bristol"]
    assert df.place_of(m, list(bristol.hex)) == bristol.hex
    assert df.place_of(m, "Bristol") == df.place_of(m, "bristol") == bristol.hex
    assert df.place_of(m, bristol.numbers[0]) == bristol.hex
    assert df.place_of(m, m.label(bristol.hex)) == bristol.hex
    assert df.place_of(m, "M19") == m.hex_of_label("M19")
    assert df.hex_text(m, m.hex_of_label("M19")) == "M19"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("Atlantis", "'Atlantis' is neither a town nor a hex of this map"),
        ("ZZ99", "'ZZ99' is neither a town nor a hex"),
        (99, "99 is no town's number on this map"),
    ],
)
def test_a_place_the_map_does_not_have_is_named_in_the_error(raw, message):
    data = json.loads(EXAMPLE.read_text("utf-8"))
    data["events"][0]["path"][1] = raw
    with pytest.raises(TrackwrightError, match=message) as caught:
        df.record_from_json(data, "rec")
    assert caught.value.where == "rec: $.events[0]"


def test_a_start_given_by_label_that_is_no_town_says_the_label():
    data = json.loads(EXAMPLE.read_text("utf-8"))
    data["starts"]["Ann"] = "M19"
    with pytest.raises(TrackwrightError, match="Ann starts on M19, which is not a town"):
        df.record_from_json(data, "rec")


def test_the_pages_table_gives_axial_hexes_for_a_record_in_labels():
    """The page draws lines and starts from the engine's answer, so a record typed with labels
    and town names draws as its [q, r] twin."""
    from trackwright.play import bridge

    data = json.loads(EXAMPLE.read_text("utf-8"))
    m = model.load(data["map"])
    axial = bridge.ask("table", data, {})
    said = bridge.ask("table", spoken(data, m), {})
    assert said == axial
    first = next(e for e in said["events"] if e["type"] == "build")
    assert first["paths"] == [data["events"][0]["path"]]
    assert said["starts"] == data["starts"]


def test_the_line_being_drawn_is_said_with_printed_labels():
    """The build bar's words come from the engine's ``line`` answer: a line ending on no town
    is named by the label printed on that hex and the town nearest it, a line reaching a town
    by the town; the page computes neither."""
    from trackwright.play import bridge

    data = json.loads(EXAMPLE.read_text("utf-8"))
    m = model.load(data["map"])
    data = {**data, "events": []}
    who = data["players"][0]
    start = tuple(data["starts"][who])
    step = next(h for h in m.land if hexgrid.distance(h, start) == 1 and h not in m.town_by_hex)
    got = bridge.ask(
        "line", data, {"player": who, "roll": 6, "parts": [[[*start]]], "tap": [*step]}
    )
    assert got["words"] == [
        {
            "steps": 1,
            "towns": [],
            "hex": m.label(step),
            "near": df.nearest_town(m, step).name,
        }
    ]
    town = min((t for t in m.towns if t.hex != start), key=lambda t: hexgrid.distance(t.hex, start))
    got = bridge.ask("line", data, {"player": who, "roll": 6, "parts": [], "tap": [*town.hex]})
    assert got["parts"][-1][-1] == [*town.hex]  # a roll of 6 reaches the nearest town
    assert got["words"] == [
        {
            "steps": len(got["parts"][0]) - 1,
            "towns": [town.name],
            "hex": m.label(town.hex),
            "near": None,
        }
    ]
