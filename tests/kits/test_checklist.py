"""Each kit's one-page checklist and assembly guide: every file of the kit, how to print it,
what to cut and fold, how many pieces (counted from what the kit prints), what else is needed."""

from __future__ import annotations

import json
import re

import pdfplumber
import pytest

from trackwright.cli import run
from trackwright.core import lastrada as ls_model
from trackwright.core import transamerica as ta_model
from trackwright.kits.lastrada import tiles


def _kit(tmp_path, game: str, *args: str) -> tuple[str, list[str], dict]:
    assert run(["generate", game, *args, "--format", "pdf", "--out", str(tmp_path)]) == 0
    (checklist,) = tmp_path.rglob("checklist-*.pdf")
    folder = checklist.parent
    with pdfplumber.open(checklist) as pdf:
        assert len(pdf.pages) == 1  # one page
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    files = sorted(p.name for p in folder.glob("*.pdf") if p.name != checklist.name)
    return text, files, json.loads((folder / "map.json").read_text(encoding="utf-8"))


def _row(text: str, name: str) -> str:
    """The checklist's row for one file: from its name to the next file's name."""
    start = text.index(name)
    after = re.search(r"\S+\.pdf · ", text[start + len(name) :])
    end = start + len(name) + after.start() if after else text.index("Also needed")
    return text[start:end]


@pytest.mark.parametrize("game", ["transamerica", "lastrada", "dampfross"])
def test_the_checklist_lists_every_file_with_how_to_print_it(tmp_path, game):
    text, files, _map = _kit(tmp_path, game)
    for name in files:
        row = _row(text, name)
        assert "page" in row, row
        if "poster" not in name:
            assert "single-sided" in row or "double-sided" in row, row
    assert "Also needed" in text
    assert "100 %" in text and "50 mm" in text


def test_transamerica_counts_its_cards_and_track_pieces(tmp_path):
    text, _files, _map = _kit(tmp_path, "transamerica")
    rules = ta_model.PRESETS.load()
    cities = len(ta_model.load("usa").cities)
    assert f"{cities} cards" in _row(text, "cards-a4.pdf")
    assert "double-sided" in _row(text, "cards-a4.pdf")
    tokens = _row(text, "tokens-a4.pdf")
    assert f"{rules.tracks + 1} track pieces: {rules.tracks} to build" in tokens
    assert "glue the two layers" in tokens and "back to back" in tokens
    assert "track pieces" in text[text.index("Also needed") :]  # glue for them too


def test_la_strada_counts_the_tiles_it_prints_and_names_the_tokens(tmp_path):
    text, _files, data = _kit(tmp_path, "lastrada", "--seed", "1")
    row = _row(text, "tiles-a4.pdf")
    count = int(re.search(r"(\d+) tiles", row).group(1))
    assert count == len(tiles.all_tiles(ls_model.from_json(data)))
    # 124 road tiles, a settlement tile for each of the board's settlements, 2 start tiles a
    # colour: the token strips on the last sheet are not tiles.
    assert count == 124 + len(data["settlements"]) + 8
    assert "tokens" in row and "double-sided" in row


def test_dampfross_says_to_make_the_race_tokens_and_how_many_dice(tmp_path):
    text, _files, _map = _kit(tmp_path, "dampfross", "--seed", "1")
    assert "race tokens" in _row(text, "rules-a4.pdf")
    needed = text[text.index("Also needed") :]
    assert "Two six-sided dice" in needed and "Four" not in needed


@pytest.mark.parametrize("game", ["transamerica", "lastrada", "dampfross"])
def test_the_board_s_alternatives_say_either_or_and_the_duplex_test_comes_first(tmp_path, game):
    """The tiled sheets, the poster and (La Strada) the loose pieces are one board made three
    ways: the checklist says to print one of them ("Either ... or ..."); the duplex test, when
    the kit has one, is its first file."""
    text, files, _map = _kit(tmp_path, game)
    listed = re.findall(r"(\S+\.pdf) · ", text)
    assert sorted(listed) == files
    if "duplex-test-a4.pdf" in files:
        assert listed[0] == "duplex-test-a4.pdf"
    stem = "map" if game == "dampfross" else "board"
    choices = [f"{stem}-a4.pdf", f"{stem}-poster.pdf"]
    if game == "lastrada":
        choices.append("pieces-a4.pdf")
    assert "print ONE of the files below" in text
    assert f"Either {choices[0]} · " in text
    for name in choices[1:]:
        assert f"or {name} · " in text
    # They follow each other, and nothing else says "Either".
    at = [listed.index(name) for name in choices]
    assert at == list(range(at[0], at[0] + len(choices)))
    assert text.count("Either ") == 1
