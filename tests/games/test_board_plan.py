"""A map added on the phone gets its board from the board plan (``trackwright.core.boardplan``,
the page's ``board`` question): the plan's layout, size and players are exactly the printed
board's (``board_view``), for every built-in map and a random map of each game, so the page's
hit-testing works on it unchanged; its drawing items stay on the board; a map that is not valid
is refused with a one-line error naming its JSON path."""

from __future__ import annotations

import functools
import json

import pytest

from tests.conftest import ROOT
from trackwright import games
from trackwright.core.errors import TrackwrightError
from trackwright.core.lastrada import arrange
from trackwright.kits.dampfross import random_map
from trackwright.kits.transamerica import continent, lattice
from trackwright.play import bridge

LANGS = ["en", "fr", "de", "it"]
STRINGS = ROOT / "generator" / "trackwright" / "web" / "static" / "games"


@functools.cache
def random_maps() -> dict[str, list[dict]]:
    """A random map of each game, as the phone gets the file: Dampfross seed 7, La Strada seed
    5, a TransAmerica region kit's map (Europe) and a random continent."""
    return {
        "dampfross": [random_map.generate(7).to_json()],
        "lastrada": [arrange(5).to_json()],
        "transamerica": [
            lattice.build_file(
                ROOT / "templates" / "transamerica" / "regions" / "europe.json"
            ).to_json(),
            continent.generate(3)[0].to_json(),
        ],
    }


def cases() -> list[tuple[str, str | int]]:
    out: list[tuple[str, str | int]] = []
    for name in ("dampfross", "lastrada", "transamerica"):
        out += [(name, m) for m in games.get(name).builtin_maps()]
        out += [(name, i) for i in range(len(random_maps()[name]))]
    return out


def page_texts(game: str, lang: str) -> dict[str, str]:
    path = STRINGS / f"{game}.strings.json"
    return json.loads(path.read_text("utf-8"))[lang] if path.is_file() else {}


def translated(layout: dict, texts: dict[str, str]) -> dict:
    """The layout as the page shows it: region names (keys of the page's texts) in its language."""
    if "regions" not in layout:
        return layout
    regions = {r: {**v, "label": texts[v["label"]]} for r, v in layout["regions"].items()}
    return {**layout, "regions": regions}


def ref(game: str, which: str | int):
    return which if isinstance(which, str) else random_maps()[game][which]


@pytest.mark.parametrize(("game", "which"), cases())
def test_the_plan_is_laid_out_as_the_printed_board(game, which):
    g = games.get(game)
    data = ref(game, which)
    plan = bridge.ask("board", {"game": game, "map": data}, {})
    m = g.load_map(data) if isinstance(data, str) else g.map_from_json(data, "map")
    for lang in LANGS if game == "transamerica" else ["en"]:
        view = g.board_view(m, lang)
        assert translated(plan["layout"], page_texts(game, lang)) == view.places, lang
        assert plan["width"] == pytest.approx(view.drawing.width, abs=1e-3)
        assert plan["height"] == pytest.approx(view.drawing.height, abs=1e-3)
        assert plan["players"] == view.players
    json.dumps(plan)  # plain JSON for the page


@pytest.mark.parametrize(
    ("game", "which"), [(g, 0) for g in ("dampfross", "lastrada", "transamerica")]
)
def test_every_drawing_item_lies_on_the_board(game, which):
    plan = bridge.ask("board", {"game": game, "map": ref(game, which)}, {})
    w, h = plan["width"], plan["height"]
    kinds = set()
    for item in plan["items"]:
        kinds.add(item["t"])
        points = [p[:2] for p in item.get("pts", [])]
        points += [s[:2] for s in item.get("segs", [])] + [s[2:] for s in item.get("segs", [])]
        points += [p for r in item.get("rings", []) for p in r]
        if "x" in item:
            points.append([item["x"], item["y"]])
        for x, y in points:
            assert -0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01, (item["t"], item.get("c"))
        for key in item.get("hexes", []):
            assert key in plan["layout"]["centres"]
    assert {"rect", "text"} <= kinds


def test_the_page_has_every_region_word_the_kits_print():
    from trackwright.kits.transamerica.strings import STRINGS as KIT

    for lang in LANGS:
        texts = page_texts("transamerica", lang)
        for key, words in KIT.items():
            if key.startswith(("ta_region_", "ta_compass_")):
                kind, _, name = key.removeprefix("ta_").partition("_")
                assert texts[f"ta.{kind}.{name}"] == words[lang], (lang, key)


@pytest.mark.parametrize(
    ("game", "damage", "path"),
    [
        ("dampfross", lambda d: d["towns"][0].update(hex=[999, 999]), "$.map.towns[0]"),
        ("lastrada", lambda d: d["hexes"][0].update(terrain="lava"), "$.map.hexes[0]"),
        ("transamerica", lambda d: d["edges"][0].update(a="nowhere"), "$.map.edges[0]"),
    ],
)
def test_a_map_that_is_not_valid_is_refused_naming_its_json_path(game, damage, path):
    data = json.loads(json.dumps(random_maps()[game][0]))
    damage(data)
    with pytest.raises(TrackwrightError) as info:
        bridge.ask("board", {"game": game, "map": data}, {})
    message = str(info.value)
    assert "\n" not in message and path in message, message


def test_a_question_without_a_map_is_refused():
    with pytest.raises(TrackwrightError, match=r"\$\.map"):
        bridge.ask("board", {"game": "dampfross"}, {})


def test_the_bridge_answers_in_json_text():
    text = bridge.ask_text("board", json.dumps({"game": "lastrada", "map": "standard"}), "{}")
    assert json.loads(text)["ok"]["layout"]["kind"] == "hex"
