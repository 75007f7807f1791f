"""Rule numbers live in one place: the rules presets. Every number a kit prints equals the
preset's; a house preset with other numbers changes the printed kit and the scores; the default
kits are the same as before the presets."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.support import cli
from trackwright import games
from trackwright.core import lastrada as ls_core
from trackwright.core import transamerica as ta_core
from trackwright.core.errors import TrackwrightError
from trackwright.kits import i18n
from trackwright.scorer import lastrada as ls
from trackwright.scorer import transamerica as ta

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# House presets: every number differs from the original's, most of them odd on purpose.
HOUSE = {
    "transamerica": {
        "name": "house-ta",
        "players": [2, 5],
        "start_points": 17,
        "tracks": 91,
        "plain_per_turn": 3,
        "dotted_out_up_to": 4,
        "barrier_round": 3,
        "barrier_min_lowest": 7,
        "barrier_gap": 5,
        "end_threshold": 0,
        "min_rounds": 1,
    },
    "dampfross": {
        "name": "house-df",
        "start_capital": 27,
        "costs": {"step": 2, "river": 7, "hill": 9, "hill_to_hill": 11},
        "rival_entry": 3,
        "parallel": 13,
        "first_arrival": 17,
        "race_min_hexes": 19,
        "prizes": [41, 23],
        "lone_prize": 37,
        "fare_per_hex": 29,
        "fare_cap": None,
        "hill_move_penalty": 2,
        "players": [3, 7],
        "victory": {"3": 313, "4": 287, "5": 271, "6": 271, "7": 271},
        "experienced_bonus": 43,
        "tournament_races": [31, 15],
    },
    "lastrada": {
        "name": "house-ls",
        "players": [2, 4],
        "days_per_turn": 7,
        "max_reserve": 11,
        "costs": {"plain": 5, "forest": 8, "hill": 9},
        "tiles": {"plain": 17, "forest": 7, "hill": 3},
        "merchants": 13,
        "max_merchants_per_settlement": 3,
        "gold": {
            "farm": [7, 1, 0],
            "hamlet": [8, 6, 1],
            "fortified_village": [9, 7, 5],
            "city": [19, 17, 15],
        },
    },
}


trackwright = cli.trackwright


def pdf_text(path: Path) -> str:
    """The text of a PDF, each run of white space made one space."""
    text = " ".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return re.sub(r"\s+", " ", text)


def house_file(tmp_path: Path, game: str) -> Path:
    path = tmp_path / f"{game}-house.json"
    path.write_text(json.dumps(HOUSE[game]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Each game's kit (PDF) on the house preset, in English."""
    tmp = tmp_path_factory.mktemp("house")
    out = {}
    for game, extra in (
        ("transamerica", ()),
        ("dampfross", ("--map", "england")),
        ("lastrada", ("--seed", "1")),
    ):
        folder = tmp / game
        done = trackwright(
            "generate", game, *extra, "--rules", str(house_file(tmp, game)),
            "--format", "pdf", "--out", str(folder),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        out[game] = folder
    return out


# ------------------------------------------------------------------ the presets


@pytest.mark.parametrize("game", games.names())
def test_builtin_presets_load_and_name_their_sources(game):
    names = games.get(game).presets.names()
    assert names[0] == games.get(game).presets.default
    for name in names:
        data = json.loads((TEMPLATES / game / "rules" / f"{name}.json").read_text("utf-8"))
        games.get(game).presets.from_json(data, name)
        sources = " ".join(data["x-sources"])
        numbers = [k for k in data if k not in ("name", "title") and not k.startswith("x-")]
        if name == games.get(game).presets.default:  # the default names a source for every number
            missing = [k for k in numbers if k not in sources]
            assert not missing, missing
            assert all(".txt" in v or ".md" in v for v in data["x-sources"].values())


@pytest.mark.parametrize("game", games.names())
def test_house_presets_are_valid(game, tmp_path):
    rules = games.get(game).presets.load(house_file(tmp_path, game))
    assert rules.name == HOUSE[game]["name"]


def test_a_bad_preset_names_the_file_and_the_place(tmp_path):
    bad = dict(HOUSE["transamerica"], start_points="thirteen")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(TrackwrightError) as err:
        ta_core.rules(path)
    assert str(err.value).startswith(f"{path}: $.start_points: not a valid rule preset")
    assert "\n" not in str(err.value)
    gold = dict(HOUSE["lastrada"], gold=dict(HOUSE["lastrada"]["gold"], city=[5, 4]))
    path.write_text(json.dumps(gold), encoding="utf-8")
    with pytest.raises(TrackwrightError, match=r"\$\.gold\.city: not a valid rule preset"):
        ls_core.rules(path)
    with pytest.raises(TrackwrightError, match="no such rules preset: one of original"):
        ta_core.rules("nonsense")


# ------------------------------------------------------------------ the engines


def test_transamerica_scores_from_the_presets_start_points():
    record = ta.load_record(TEMPLATES / "transamerica" / "examples" / "game.json")
    original = ta.score(record)
    house = ta.score(record, replace(ta_core.rules(), start_points=17, name="house"))
    for p in record.players:
        assert house.scores[p] == original.scores[p] + 17 - 13


def test_lastrada_scores_by_the_presets_gold_table(tmp_path):
    record = ls.load_record(TEMPLATES / "lastrada" / "examples" / "game.json")
    rules = ls_core.rules(house_file(tmp_path, "lastrada"))
    result = ls.score(record, rules)
    for s in result.settlements:
        n = len(s["players"])
        assert s["gold_each"] == (rules.gold[s["kind"]][n - 1] if n else 0)


def test_records_are_checked_by_the_preset_they_are_scored_by(tmp_path):
    """A reserve of 11 travel days is wrong by the original (cap 10) and right by the house preset
    (cap 11); a dotted card with 4 players is out by the house preset (dotted out up to 4)."""
    data = json.loads(
        (TEMPLATES / "lastrada" / "examples" / "game.json").read_text(encoding="utf-8")
    )
    data["reserve"]["Ann"] = 11
    record = tmp_path / "ls.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    refused = trackwright("score", "lastrada", str(record), "--json")
    assert refused.returncode == 2 and "11 travel days in reserve" in refused.stderr
    house = str(house_file(tmp_path, "lastrada"))
    accepted = trackwright("score", "lastrada", str(record), "--json", "--rules", house)
    assert accepted.returncode == 0, accepted.stderr

    example = TEMPLATES / "transamerica" / "examples" / "game.json"
    assert len(json.loads(example.read_text(encoding="utf-8"))["players"]) == 4
    assert trackwright("score", "transamerica", str(example)).returncode == 0
    dotted = trackwright(
        "score", "transamerica", str(example), "--rules", str(house_file(tmp_path, "transamerica"))
    )
    game = ta.load_record(example)
    dealt = {name for rnd in game.rounds for hand in rnd.cities.values() for name in hand}
    assert dealt & {c.name for c in game.map.cities if c.dotted}  # the example deals one
    assert dotted.returncode == 2 and "dotted" in dotted.stderr, dotted.stderr


# ------------------------------------------------------------------ the printed kits


def test_transamerica_kit_prints_the_house_numbers(kits):
    rules = pdf_text(kits["transamerica"] / "rules-a4.pdf")
    tokens = pdf_text(kits["transamerica"] / "tokens-a4.pdf")
    cards = pdf_text(kits["transamerica"] / "cards-a4.pdf")
    assert "starts on 17 in the engine shed" in rules and "(start 17)" in rules
    assert "13" not in rules
    assert "91 tracks + 1 barrier" in rules and "all 91 tracks are placed" in rules
    assert "92 track pieces" in rules and "91 to build" in rules and "84" not in rules
    assert "2-4 players" in rules and "2 to 5 players" in rules and "5 start markers" in rules
    assert "place 1 to 3 tracks on single lines" in rules
    assert "After round 3" in rules
    assert "still has 7 points or more" in rules and "exactly four spaces" in rules
    assert "(lowest score - 5)" in rules and "lowest on 8, the game ends at 3 or fewer" in rules
    assert "rules: house-ta" in rules
    # The score track runs from "≤ 0" to 16, then the engine shed on 17.
    assert "17" in tokens and "16" in tokens and "92 track pieces" in tokens
    assert "out with 2-4 players" in cards and "2-3" not in cards


def test_dampfross_kit_prints_the_house_numbers(kits):
    folder = kits["dampfross"]
    rules = pdf_text(folder / "rules-a4.pdf")
    ledger = pdf_text(folder / "ledger-a4.pdf")
    races = pdf_text(folder / "races-a4.pdf")
    legend = pdf_text(folder / "map-poster.pdf")
    assert "2 per step, 7 across a river, 9 into or out of a hill, 11 hill to hill" in rules
    assert "costs 3 point" in rules and "costs 13 more" in rules
    assert "starts with 27 points" in rules and "earns 17" in rules
    assert "at least 19 hexes" in rules and "29 point per hex" in rules and "two less" in rules
    assert "Winner +41, second +23 (a lone entrant gets 37)" in rules
    assert (
        "reach 271 points with 5 or more players, 287 with 4 or 313 with 3 wins "
        "(experienced players: 43 more)"
    ) in rules
    assert "3 to 7 players" in rules
    assert "German Dampfross" not in rules and "rules: house-df" in rules
    for old in ("250", "225", "200", "+20", "+10"):
        assert old not in rules, old
    assert "starts with 27" in ledger and "+17" in ledger and "+41, second +23" in ledger
    assert re.search(r"\b27\b", ledger.split("Start capital", 1)[1])
    assert "20" not in ledger
    assert "at least 19 hexes" in races and "31 races (or 15)" in races
    assert "1st +41" in races and "2nd +23" in races and "+20" not in races
    assert "step 2 · across a river 7 · into or out of a hill 9 · hill to hill 11" in legend
    assert "rules: house-df" in legend and "1 · 3 · 3 · 5" not in legend


def test_lastrada_kit_prints_the_house_numbers(kits):
    folder = kits["lastrada"]
    rules = pdf_text(folder / "rules-a4.pdf")
    board = pdf_text(folder / "board-poster.pdf")
    tiles = PdfReader(folder / "tiles-a4.pdf")
    assert "Gain 7 travel days (at most 11 are kept" in rules
    assert "plain 5, forest 8, hill 9 days" in rules and "rules: house-ls" in rules
    assert "plain 5 · forest 8 · hill 9" in board
    assert "19·17·15" in board and "5·4·3·2" not in board
    # The travel-day track runs 0 to 18 (11 kept + 7 a turn) on each of the four sides.
    assert board.count("at most 11 are kept after your turn; 12 to 18 only during it") == 4
    assert board.count("18") >= 4
    # Road tiles: 27 per colour, 4 colours, fronts and backs; 13 merchants per colour.
    road_pages = [p for p in tiles.pages if "straight road" in (p.extract_text() or "")]
    assert road_pages
    text = pdf_text(folder / "tiles-a4.pdf")
    assert "19·17·15" in text and "7·1·0" in text


def test_lastrada_tile_supply_follows_the_preset(tmp_path):
    from trackwright.kits.lastrada import tiles

    rules = ls_core.rules(house_file(tmp_path, "lastrada"))
    roads = tiles.road_tiles(4, rules)
    assert len(roads) == 4 * (17 + 7 + 3)
    assert sum(t.terrain == "hill" for t in roads) == 4 * 3
    sheet = tiles.tile_sheet(210.0, 297.0, 15.0)
    args = (4, rules.merchants, tiles.pawn_size(15.0), tiles.marker_size(rules))
    blocks = tiles.pack_tokens(tiles.free_shelves(sheet, 0), *args)
    # A marker per colour, 13 merchants each.
    assert blocks is not None and sorted(b.count for b in blocks) == [1] * 4 + [13] * 4


# ------------------------------------------------------------------ the defaults


def test_the_default_preset_prints_the_original_numbers(tmp_path):
    from trackwright.core import transamerica as model
    from trackwright.kits.transamerica import kit

    page = kit.rules_page(model.load("usa"), "a4", "en")
    text = " ".join(op.text for op in page.ops if hasattr(op, "text"))
    assert "starts on 13 in the engine shed" in text and "all 84 tracks are placed" in text
    assert "rules:" not in text


@pytest.mark.parametrize("game", games.names())
def test_naming_the_default_preset_changes_nothing(game, tmp_path):
    extra = {"transamerica": (), "dampfross": ("--map", "england"), "lastrada": ("--seed", "1")}
    default = games.get(game).presets.default
    outs = []
    for args in ((), ("--rules", default)):
        out = tmp_path / str(len(outs))
        done = trackwright(
            "generate", game, *extra[game], *args, "--format", "svg", "--out", str(out)
        )
        assert done.returncode == 0, done.stderr
        outs.append(out)
    names = sorted(p.name for p in outs[0].iterdir())
    assert names == sorted(p.name for p in outs[1].iterdir())
    for name in names:
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_every_table_of_text_is_found():
    assert set(i18n.tables()) == {"shared", *games.names()}


def test_catalogue_gives_the_page_the_default_presets():
    from trackwright.play.bridge import catalogue

    games = {g["name"]: g for g in catalogue()}
    assert games["lastrada"]["preset"]["max_reserve"] == 10
    assert games["transamerica"]["preset"]["dotted_out_up_to"] == 3
    assert games["dampfross"]["preset"]["name"] == "epopee"


def test_web_pages_hold_no_rule_numbers():
    static = (
        Path(__file__).resolve().parents[2]
        / "generator"
        / "trackwright"
        / "web"
        / "static"
        / "games"
    )
    page = (static / "lastrada.js").read_text("utf-8")
    assert "max: 10" not in page and "k / 4" not in page
    assert "length > 3" not in (static / "transamerica.js").read_text("utf-8")
