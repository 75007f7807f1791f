"""Texts a player reads, in Chromium at phone size (360 x 740): a line of one step is 'Line of 1
step'; a player who lost nothing in a TransAmerica round reads no '−0'; an import refused names the
place in the record in words, not as a JSON path."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.web.browser import DRIVE, choose_starts, new_game, open_page, phone, settle, start
from trackwright.core import hexgrid
from trackwright.scorer import dampfross as df

pytestmark = pytest.mark.slow
DF_EXAMPLE = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def tap(pg, selector: str) -> None:
    pg.evaluate(DRIVE)
    pg.evaluate("s => drive.tap(s)", selector)


def test_a_line_of_one_step(browser, static_site):
    data = json.loads(DF_EXAMPLE.read_text("utf-8"))
    m = df.load_record(DF_EXAMPLE).map
    home = tuple(data["starts"]["Ann"])
    nxt = next(h for h in hexgrid.neighbours(home) if h in m.land and h not in m.town_by_hex)
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    choose_starts(pg, data)
    start(pg)
    pg.wait_for_selector("#faces")
    tap(pg, 'button[data-face="1"]')
    tap(pg, 'polygon[data-hex="{},{}"]'.format(*nxt))
    words = pg.inner_text("#line-words")
    assert words.startswith("Line of 1 step") and "steps" not in words, words
    assert not context.errors, context.errors
    context.close()


def imported(pg, path) -> None:
    pg.goto(pg.url.split("#")[0] + "#/")
    pg.wait_for_selector("#import-game", state="attached")
    pg.set_input_files("#import-game", str(path))
    settle(pg)


def test_nothing_lost_is_no_signed_zero(browser, static_site, tmp_path):
    record = ROOT / "templates" / "transamerica" / "examples" / "game.json"
    context = phone(browser)
    pg = open_page(context, static_site)
    imported(pg, record)
    pg.wait_for_selector("#evidence .points")
    points = pg.eval_on_selector_all("#evidence .points", "xs => xs.map(x => x.innerText)")
    scores = pg.inner_text("#scores")
    assert any(p.startswith("nothing lost → ") for p in points), points
    assert not [p for p in points if "−0" in p or "-0" in p], points
    assert "−0" not in scores and "(−" in scores, scores
    assert not context.errors, context.errors
    context.close()


def test_an_import_refused_names_the_place_in_words(browser, static_site, tmp_path):
    record = json.loads(
        (ROOT / "templates" / "lastrada" / "examples" / "game.json").read_text(encoding="utf-8")
    )
    record["reserve"]["Ann"] = 99
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    context = phone(browser)
    pg = open_page(context, static_site)
    imported(pg, path)
    pg.wait_for_function("document.getElementById('status').innerText.includes('bad.json')")
    said = pg.inner_text("#status")
    assert "travel days in reserve › Ann" in said and "$." not in said, said
    assert not context.errors, context.errors
    context.close()


def test_a_conflicts_place_in_words(browser, static_site):
    """The conflict card's place ($.x-draft.starts.Dev from the merge) in the page's words."""
    context = phone(browser)
    pg = open_page(context, static_site)
    words = "(a) => window.TW.pathWords(...a)"
    assert (
        pg.evaluate(words, ["$.x-draft.starts.Dev", "transamerica"])
        == "the round being placed › start markers › Dev"
    )
    assert pg.evaluate(words, ["$.rounds[2].track", "transamerica"]) == "rounds › no. 3 › tracks"
    assert pg.evaluate(words, ["$.x-draft.parts[0]", "dampfross"]) == (
        "the line being drawn › parts of the line › no. 1"
    )
    assert pg.evaluate(words, ["$.x-own", "lastrada"]) == "x-own"  # a key of one's own, as it is
    pg.evaluate("window.TW.I18N.lang = 'fr'")
    assert (
        pg.evaluate(words, ["$.x-draft.starts.Dev", "transamerica"])
        == "la manche en cours › pions de départ › Dev"
    )
    assert not context.errors, context.errors
    context.close()
