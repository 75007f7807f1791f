"""Portable game records: a record scored on another computer must not depend on a file of the
computer it was written on. Its map may be embedded (a whole map file as ``$.map``, errors under
``$.map``), a built-in map may be pinned by its content hash (``map_sha256``), and a Dampfross
rules preset may be embedded (``$.rules``). ``trackwright export`` (``mapfile.portable_record``)
makes a record portable, and the portable record scores exactly as the original."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trackwright import games
from trackwright.cli import run
from trackwright.core import mapfile
from trackwright.core import transamerica as ta_model
from trackwright.core.errors import TrackwrightError

TEMPLATES = ROOT / "templates"
RECORDS = ROOT / "tests" / "records"
GAMES = tuple(games.names())  # every game the registry holds
EXAMPLES = [
    ("transamerica", "game.json"),
    ("dampfross", "game.json"),
    ("lastrada", "game.json"),
    ("lastrada", "rules-example-game.json"),  # its map is a file beside it
]


def score(game: str, record: Path, capsys) -> tuple[int, str, str]:
    """``trackwright score GAME RECORD --json`` in-process: exit code, stdout, stderr."""
    capsys.readouterr()
    code = run(["score", game, str(record), "--json"])
    out, err = capsys.readouterr()
    return code, out, err


def refused(game: str, record: Path, capsys) -> str:
    """The one error line for a record the scorer must refuse."""
    code, out, err = score(game, record, capsys)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, (code, out, err)
    return lines[0]


def write(path: Path, data: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


def example(game: str, name: str = "game.json") -> dict:
    return json.loads((TEMPLATES / game / "examples" / name).read_text("utf-8"))


def portable(game: str, record: Path) -> dict:
    data = mapfile.read_json(record)
    return games.get(game).portable_record(data, record.parent, str(record))


def result_records() -> list:
    """Every recorded game in tests/records that scores (not the refused ones)."""
    cases = []
    for game in GAMES:
        for record in sorted((RECORDS / game).glob("*.json")):
            if record.name.endswith(".expected.json"):
                continue
            expected = record.with_name(record.stem + ".expected.json")
            if "error" in json.loads(expected.read_text("utf-8")):
                continue
            cases.append(pytest.param(game, record, id=f"{game}/{record.stem}"))
    return cases


# ------------------------------------------------------------------ scoring the same anywhere


@pytest.mark.parametrize(("game", "name"), EXAMPLES)
def test_an_exported_example_scores_the_same_from_another_folder(
    game, name, tmp_path, monkeypatch, capsys
):
    original = TEMPLATES / game / "examples" / name
    code, expected, err = score(game, original, capsys)
    assert code == 0, err
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "elsewhere" / "exported.json"
    assert run(["export", game, str(original), "-o", str(out)]) == 0
    exported = json.loads(out.read_text("utf-8"))
    if mapfile.is_path_ref(example(game, name)["map"]):
        assert isinstance(exported["map"], dict) and "map_sha256" not in exported
        assert exported["map"] == mapfile.read_json(original.parent / example(game, name)["map"])
    else:
        assert exported["map"] == example(game, name)["map"]
        assert len(exported["map_sha256"]) == 64
    code, actual, err = score(game, out, capsys)
    assert code == 0, err
    assert actual == expected


@pytest.mark.parametrize(("game", "record"), result_records())
def test_every_recorded_game_made_portable_scores_the_same(game, record, tmp_path, capsys):
    code, expected, err = score(game, record, capsys)
    assert code == 0, err
    data = portable(game, record)
    assert not isinstance(data["map"], str) or not mapfile.is_path_ref(data["map"])
    assert not isinstance(data.get("rules"), str) or not mapfile.is_path_ref(data["rules"])
    code, actual, err = score(game, write(tmp_path / "moved" / record.name, data), capsys)
    assert code == 0, err
    assert actual == expected


def test_a_path_rules_preset_is_embedded_and_scores_the_same(tmp_path, capsys):
    record = RECORDS / "dampfross" / "small-shared-win.json"
    assert json.loads(record.read_text("utf-8"))["rules"] == "rules/short-game.json"
    data = portable("dampfross", record)
    assert data["rules"] == mapfile.read_json(RECORDS / "dampfross" / "rules" / "short-game.json")
    code, actual, _ = score("dampfross", write(tmp_path / "game.json", data), capsys)
    assert code == 0 and json.loads(actual)["winners"] == ["Ben", "Ann"]


def test_export_prints_the_record_and_is_idempotent(tmp_path, capsys):
    original = TEMPLATES / "lastrada" / "examples" / "rules-example-game.json"
    capsys.readouterr()
    assert run(["export", "lastrada", str(original)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(printed)
    assert data["map"]["name"] == "Rules example"
    again = write(tmp_path / "exported.json", data)
    assert run(["export", "lastrada", str(again)]) == 0
    assert capsys.readouterr().out == printed  # nothing left to embed, nothing changed


def test_export_refuses_a_record_the_scorer_refuses(tmp_path, capsys):
    data = example("transamerica")
    data["map"] = "maps/gone.json"
    line = refused_export("transamerica", write(tmp_path / "game.json", data), capsys)
    assert "$.map: the map file 'maps/gone.json' does not exist" in line


def refused_export(game: str, record: Path, capsys) -> str:
    capsys.readouterr()
    code = run(["export", game, str(record)])
    out, err = capsys.readouterr()
    assert code == 2 and not out and len(err.strip().splitlines()) == 1, (code, out, err)
    return err.strip()


# ------------------------------------------------------------------ map_sha256


@pytest.mark.parametrize("game", GAMES)
def test_the_right_hash_scores_and_another_is_refused_in_one_line(game, tmp_path, capsys):
    original = TEMPLATES / game / "examples" / "game.json"
    _, expected, _ = score(game, original, capsys)
    data = example(game)
    name = data["map"]
    made = games.get(game).portable_record(data, original.parent, str(original))
    actual_hash = made["map_sha256"]
    data["map_sha256"] = actual_hash
    code, out, err = score(game, write(tmp_path / "right.json", data), capsys)
    assert code == 0, err
    assert out == expected
    data["map_sha256"] = "0123456789ab" + "0" * 52
    line = refused(game, write(tmp_path / "wrong.json", data), capsys)
    assert line == (
        f"trackwright: error: {tmp_path / 'wrong.json'}: $.map_sha256: the built-in map "
        f"{name!r} of this trackwright ({actual_hash[:12]}…) is not the one the game was "
        "recorded on (0123456789ab…): export the game with its map embedded"
    )


def test_export_keeps_a_recorded_hash(tmp_path):
    data = example("transamerica")
    data["map_sha256"] = "f" * 64  # played on another version of usa: keep saying so
    record = write(tmp_path / "game.json", data)
    assert portable("transamerica", record)["map_sha256"] == "f" * 64


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d.update(map_sha256="F" * 64), "$.map_sha256: 'FFFFFFFFFF"),
        (lambda d: d.update(map_sha256="0" * 63), "$.map_sha256: '0000000000"),
        (lambda d: d.update(map_sha256=64), "$.map_sha256: 64 is not of type 'string'"),
        (
            lambda d: d.update(map="maps/minimal-map.json", map_sha256="0" * 64),
            "$.map_sha256: map_sha256 names the version of a built-in map; "
            "'maps/minimal-map.json' is a map file",
        ),
        (
            lambda d: d.update(
                map=example("transamerica", "minimal-map.json"), map_sha256="0" * 64
            ),
            "$.map_sha256: map_sha256 names the version of a built-in map; this record's map is "
            "embedded",
        ),
    ],
)
def test_a_hash_is_64_lowercase_hex_for_a_built_in_map_only(mutate, expected, tmp_path, capsys):
    data = example("transamerica")
    mutate(data)
    assert expected in refused("transamerica", write(tmp_path / "game.json", data), capsys)


def test_the_hash_is_of_the_content_not_of_the_layout(tmp_path):
    builtin = mapfile.builtin_map_path("transamerica", "usa")
    assert builtin is not None
    data = mapfile.read_json(builtin)
    digest = mapfile.content_hash(data)
    assert digest == mapfile.file_hash(builtin)
    assert len(digest) == 64 and set(digest) <= set("0123456789abcdef")
    for i, text in enumerate(
        [
            json.dumps(data),
            json.dumps(data, indent=4, ensure_ascii=False),
            json.dumps(data, separators=(",", ":")),
            mapfile.dumps(data).decode("utf-8").replace("\n", "\r\n"),
        ]
    ):
        copy_path = tmp_path / f"usa-{i}.json"
        copy_path.write_text(text, "utf-8")
        assert mapfile.content_hash(mapfile.read_json(copy_path)) == digest
        assert mapfile.file_hash(copy_path) == digest
    changed = copy.deepcopy(data)
    changed["edges"][0]["cost"] = 2 if changed["edges"][0]["cost"] == 1 else 1
    assert mapfile.content_hash(changed) != digest


def test_a_changed_file_is_hashed_again(tmp_path):
    path = tmp_path / "map.json"
    data = example("transamerica", "minimal-map.json")
    path.write_text(json.dumps(data), "utf-8")
    before = mapfile.file_hash(path)
    data["name"] = "Another"
    path.write_text(json.dumps(data, indent=2), "utf-8")
    assert mapfile.file_hash(path) == mapfile.content_hash(data) != before


# ------------------------------------------------------------------ embedded maps


#: A small record of each game that scores, and the map file it names.
SMALL = {
    "transamerica": RECORDS / "transamerica" / "ends-after-one-round.json",
    "dampfross": RECORDS / "dampfross" / "small-race-fares-by-hand.json",
    "lastrada": TEMPLATES / "lastrada" / "examples" / "rules-example-game.json",
}


def minimal_map(game: str) -> dict:
    record = SMALL[game]
    return mapfile.read_json(record.parent / mapfile.read_json(record)["map"])


def record_on(game: str, m: dict) -> dict:
    """The small record of ``game`` with the map ``m`` embedded."""
    data = mapfile.read_json(SMALL[game])
    data["map"] = m
    return data


MAP_MISTAKES = [
    (
        "transamerica",
        lambda m: m["nodes"][3].update(x="a"),
        "$.map.nodes[3].x: 'a' is not of type 'number'",
    ),
    (
        "transamerica",
        lambda m: m["edges"][2].update(a="nowhere"),
        "$.map.edges[2].a: unknown node id 'nowhere'",
    ),
    ("transamerica", lambda m: m.pop("nodes"), "$.map: 'nodes' is a required property"),
    ("transamerica", lambda m: m.update(game="dampfross"), "$.map: this is a dampfross map"),
    ("transamerica", lambda m: m.update(format="trackwright-map/2"), "$.map.format: unsupported"),
    (
        "dampfross",
        lambda m: m["hexes"].append(dict(m["hexes"][0])),
        "$.map.hexes[{n}]: hex ",
    ),
    (
        "lastrada",
        lambda m: m["settlements"][1].update(hex=[99, 99]),
        "$.map.settlements[1].hex: settlement",
    ),
]


@pytest.mark.parametrize("game", GAMES)
def test_an_embedded_map_scores_as_the_file(game, tmp_path, capsys):
    data = record_on(game, minimal_map(game))
    moved = write(tmp_path / "a" / "game.json", data)
    code, out, err = score(game, moved, capsys)
    assert code == 0, err
    json.loads(out)


@pytest.mark.parametrize(("game", "mutate", "expected"), MAP_MISTAKES)
def test_a_mistake_in_an_embedded_map_is_named_under_map(game, mutate, expected, tmp_path, capsys):
    data = record_on(game, minimal_map(game))
    n = len(data["map"].get("hexes", []))
    mutate(data["map"])
    record = write(tmp_path / "game.json", data)
    line = refused(game, record, capsys)
    assert line.startswith(f"trackwright: error: {record}: $.map"), line
    assert expected.replace("{n}", str(n)) in line


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value", [42, ["usa"], None, True, ""])
def test_a_map_that_is_neither_a_name_nor_a_map_file_is_a_schema_error(
    game, value, tmp_path, capsys
):
    data = example(game)
    data["map"] = value
    line = refused(game, write(tmp_path / "game.json", data), capsys)
    said = "should be non-empty" if value == "" else "is not of type 'string', 'object'"
    assert "$.map: " in line and said in line


def test_a_record_is_not_a_map(tmp_path, capsys):
    data = example("transamerica")
    data["map"] = example("transamerica")
    line = refused("transamerica", write(tmp_path / "game.json", data), capsys)
    assert "$.map: this is a game record, not a map file" in line


def counting(build):
    calls = []

    def counted(data, where):
        calls.append(where)
        return build(data, where)

    return counted, calls


def test_embedded_maps_are_built_once_per_content(monkeypatch):
    monkeypatch.setattr(mapfile, "_embedded", type(mapfile._embedded)())
    build, calls = counting(ta_model.from_json)
    m = minimal_map("transamerica")
    first = mapfile.record_model("transamerica", {"map": m}, None, "r.json", build)
    again = mapfile.record_model("transamerica", {"map": copy.deepcopy(m)}, None, "r.json", build)
    assert again is first and calls == ["r.json: $.map"]
    assert first.source == "r.json: $.map"


def test_the_cache_of_embedded_maps_is_bounded(monkeypatch):
    monkeypatch.setattr(mapfile, "_embedded", type(mapfile._embedded)())
    monkeypatch.setattr(mapfile, "EMBEDDED_CACHE", 2)
    build, calls = counting(ta_model.from_json)
    maps = [{**minimal_map("transamerica"), "name": f"map {i}"} for i in range(3)]
    for m in [*maps, maps[2], maps[0]]:
        mapfile.record_model("transamerica", {"map": m}, None, "r.json", build)
    assert len(calls) == 4  # maps 0, 1, 2 built; 2 kept; 0 pushed out and built again
    assert len(mapfile._embedded) == 2


def test_a_bad_embedded_map_is_not_kept(monkeypatch):
    monkeypatch.setattr(mapfile, "_embedded", type(mapfile._embedded)())
    bad = minimal_map("transamerica")
    bad["nodes"][0]["x"] = "a"
    for _ in range(2):
        with pytest.raises(TrackwrightError) as error:
            mapfile.record_model("transamerica", {"map": bad}, None, "r.json", ta_model.from_json)
        assert error.value.where == "r.json: $.map.nodes[0].x"
    assert not mapfile._embedded


# ------------------------------------------------------------------ embedded rules presets


def test_an_embedded_rules_preset_scores_as_the_built_in(tmp_path, capsys):
    original = TEMPLATES / "dampfross" / "examples" / "game.json"
    _, expected, _ = score("dampfross", original, capsys)
    data = example("dampfross")
    data["rules"] = json.loads(
        (TEMPLATES / "dampfross" / "rules" / "epopee.json").read_text(encoding="utf-8")
    )
    code, out, err = score("dampfross", write(tmp_path / "game.json", data), capsys)
    assert code == 0, err
    assert out == expected


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda r: r["costs"].update(hill="x"),
            "$.rules.costs.hill: not a valid rule preset: 'x' is not of type 'integer'",
        ),
        (lambda r: r.pop("victory"), "$.rules: not a valid rule preset: 'victory' is a required"),
    ],
)
def test_a_mistake_in_an_embedded_preset_is_named_under_rules(mutate, expected, tmp_path, capsys):
    data = example("dampfross")
    data["rules"] = json.loads(
        (TEMPLATES / "dampfross" / "rules" / "epopee.json").read_text(encoding="utf-8")
    )
    mutate(data["rules"])
    record = write(tmp_path / "game.json", data)
    assert f"{record}: {expected}" in refused("dampfross", record, capsys)


def test_only_dampfross_records_carry_rules():
    """TransAmerica and La Strada take their preset from ``--rules``, not from the record."""
    for game in ("transamerica", "lastrada"):
        assert "rules" not in mapfile.schema(f"{game}-record")["properties"]


# ------------------------------------------------------------------ references


@pytest.mark.parametrize(
    ("text", "is_path"),
    [
        ("usa", False),
        ("usa-classic", False),
        ("standard", False),
        ("map.json", True),
        ("maps/usa", True),
        ("C:\\maps\\usa", True),
        ("/home/ann/map.json", True),
    ],
)
def test_path_references_are_told_from_built_in_names(text, is_path):
    assert mapfile.is_path_ref(text) is is_path


def test_portable_record_leaves_the_record_given_alone():
    data = example("lastrada", "rules-example-game.json")
    before = copy.deepcopy(data)
    base = TEMPLATES / "lastrada" / "examples"
    out = mapfile.portable_record("lastrada", data, base, "game.json")
    assert data == before
    assert list(out) == list(before)  # the same keys in the same order, the map in its place
    assert out["map"] == mapfile.read_json(base / "rules-example-map.json")


def test_a_built_in_map_made_by_code_is_hashed_by_its_json():
    from trackwright.core import lastrada

    out = mapfile.portable_record("lastrada", example("lastrada"), None, "g.json", lastrada.MADE)
    assert list(out)[:3] == ["game", "map", "map_sha256"]
    assert out["map_sha256"] == mapfile.content_hash(lastrada.standard().to_json())
