"""A fourth game from a package of its own (``tests/fourth_game/``: Branch Line) is one unit:
found by its ``trackwright.games`` entry point, it appears in ``generate all`` (its one printed
page), ``score`` (its recorded games), the laptop's server, the phone's site (its engine, data
and page shipped by ``trackwright site``) and the page's game list, and is scored in Chromium as
the command line scores the export. No file outside this folder names it."""

from __future__ import annotations

import importlib
import json
import os
import sys
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support.served import CHROMIUM_ARGS, served_folder
from trackwright import games
from trackwright.cli import run

HERE = Path(__file__).resolve().parent
RECORDS = HERE / "records" / "branchline"
TWO = RECORDS / "two-players.json"


@pytest.fixture(scope="module", autouse=True)
def installed():
    """The game's folder on the path, as if its package were installed (for this process and
    the ones it starts), and the registry asked again."""
    sys.path.insert(0, str(HERE))
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), before]))
    importlib.invalidate_caches()
    games.refresh()
    yield
    sys.path.remove(str(HERE))
    if before is None:
        os.environ.pop("PYTHONPATH")
    else:
        os.environ["PYTHONPATH"] = before
    games.refresh()


def test_found_by_its_entry_point():
    assert list(games.games())[-1] == "branchline"
    assert games.entry_point("branchline").value == "branchline:GAME"
    assert games.get("branchline").rules_presets() == ["standard"]


def test_generate_all_prints_its_page(tmp_path, capsys):
    pdfplumber = pytest.importorskip("pdfplumber")
    assert run(["generate", "all", "--out", str(tmp_path), "--format", "pdf"]) == 0
    with pdfplumber.open(tmp_path / "branchline" / "board.pdf") as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    assert "Branch Line · Valley" in text and "Fir (T)" in text
    assert "5 more for joining the termini" in text  # the preset's number, printed
    assert (tmp_path / "transamerica" / "map.json").is_file()  # the others are still there


@pytest.mark.parametrize(
    "record", sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))
)
def test_recorded_games(record, capsys):
    expected = json.loads(
        record.with_name(record.stem + ".expected.json").read_text(encoding="utf-8")
    )
    code = run(["score", "branchline", str(record), "--json"])
    out, err = capsys.readouterr()
    if "error" in expected:
        assert code == 2 and expected["error"] in err and len(err.strip().splitlines()) == 1
    else:
        assert code == 0 and json.loads(out) == expected


def test_the_laptop_server_lists_and_scores_it(tmp_path):
    from trackwright.web.app import create_app

    client = TestClient(create_app(tmp_path / "games.sqlite", output=tmp_path))
    listed = {g["name"]: g for g in client.get("/api/catalogue").json()}
    assert listed["branchline"]["page"] == "branchline.js"
    assert listed["branchline"]["preset"]["terminus_bonus"] == 5
    record = json.loads(TWO.read_text(encoding="utf-8"))
    created = client.post("/api/games", json=record)
    assert created.status_code == 201, created.text
    score = client.get(f"/api/games/{created.json()['id']}/score").json()
    assert score == json.loads(
        TWO.with_name("two-players.expected.json").read_text(encoding="utf-8")
    )


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory):
    from tests.conftest import ensure_npm
    from trackwright.web import site

    if not ensure_npm():
        pytest.skip("npm is not installed (apt-get install npm)")
    folder = tmp_path_factory.mktemp("branchline") / "site"
    site.build(folder)
    return folder


@pytest.mark.slow
def test_the_site_ships_its_engine_data_and_page(site_folder):
    names = set(zipfile.ZipFile(site_folder / "engines.zip").namelist())
    assert {
        "branchline/__init__.py",
        "branchline/engine.py",
        "branchline/data/maps/valley.json",
    } <= names
    assert not any(n.startswith("branchline_print/") for n in names)  # its kit stays on the laptop
    points = zipfile.ZipFile(site_folder / "engines.zip").read(
        "trackwright_game_branchline-0.dist-info/entry_points.txt"
    )
    assert b"branchline = branchline:GAME" in points
    assert (site_folder / "games" / "branchline.js").is_file()
    assert (site_folder / "games" / "branchline.strings.json").is_file()
    catalogue = json.loads((site_folder / "catalogue.json").read_text(encoding="utf-8"))
    assert [g["name"] for g in catalogue][-1] == "branchline"
    index = json.loads((site_folder / "maps" / "index.json").read_text(encoding="utf-8"))
    assert any(m["game"] == "branchline" and m["id"] == "valley" for m in index)


@pytest.mark.slow
def test_scored_in_chromium_as_the_cli_scores_the_export(site_folder, tmp_path):
    from tests.web import browser as web

    executable = web.chromium()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium could not be installed", pytrace=False)
        pytest.skip(web.NO_CHROMIUM)
    playwright = pytest.importorskip("playwright.sync_api")
    with served_folder(site_folder) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        context = web.phone(browser)
        pg = web.open_page(context, base)
        options = pg.locator("#new-game option").all_text_contents()
        assert options[-1] == "Branch Line"  # the page's game list
        web.new_game(pg, "branchline", "b:valley", players=("Ann", "Ben", "Cleo"))
        web.start(pg)
        claims = (("Ann", ["Ash-Birch", "Birch-Cedar", "Cedar-Fir"]), ("Ben", ["Ash-Dale"]))
        for player, links in claims:
            pg.click(f"#players [data-player='{player}']")
            for link in links:
                pg.click(f"#bl-links [data-link='{link}']")
                web.settle(pg)
        shown = {
            p: int(pg.locator(f"#bl-score tr[data-player='{p}'] td").nth(1).text_content())
            for p in ("Ann", "Ben", "Cleo")
        }
        assert shown == {"Ann": 14, "Ben": 2, "Cleo": 0}
        assert "Ann" in pg.locator("#bl-winners").text_content()
        export = web.exported(pg, tmp_path, "branchline.json")
        assert web.cli_score("branchline", export, tmp_path)["points"] == shown
        assert context.errors == []
        browser.close()
