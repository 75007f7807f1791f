"""The published TransAmerica board, built in as ``usa-classic`` for scoring only: the stored map
is what its script builds from the source data, with exactly the published counts; it is scored,
drawn for ``--explain`` and the web page, and never printed."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support import cli
from trackwright import games
from trackwright.cli import run
from trackwright.cli import transamerica as cli_ta
from trackwright.core import lattice, mapfile
from trackwright.core import transamerica as model
from trackwright.core.validation import compile_schema
from trackwright.edit import hands
from trackwright.kits.transamerica import balance, kit, published
from trackwright.scorer import transamerica as ta

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from trackwright.web.app import create_app

STORED = ROOT / "templates" / "transamerica" / "maps" / "usa-classic.json"
SOURCE = ROOT / "templates" / "transamerica" / "sources" / "published-board.json"
RECORD = ROOT / "tests" / "records" / "transamerica" / "usa-classic-4-players.json"


@pytest.fixture(scope="module")
def classic() -> model.TransAmericaMap:
    return model.load("usa-classic")


def test_the_stored_map_is_what_the_script_builds_from_the_source():
    assert published.source_path().read_bytes() == SOURCE.read_bytes()  # the packaged source
    assert STORED.read_bytes() == published.build_file(SOURCE), (
        "rebuild it: python -m trackwright.kits.transamerica.published"
    )


def test_exactly_the_published_counts(classic):
    source = json.loads(SOURCE.read_text("utf-8"))
    assert source["counts"] == {"nodes": 188, "edges": 509, "double": 109, "cities": 35}
    assert len(classic.nodes) == 188
    assert len(classic.edges) == 509
    assert sum(e.cost == 2 for e in classic.edges) == 109
    assert len(classic.cities) == 35
    assert Counter(c.region for c in classic.cities) == dict.fromkeys(model.REGIONS, 7)
    assert Counter(c.region for c in classic.cities if c.dotted) == dict.fromkeys(model.REGIONS, 2)
    by_name = {c["name"]: c for c in source["cities"]}
    assert {c.name: (c.region, c.dotted) for c in classic.cities} == {
        name: (c["colour"], c["dotted"]) for name, c in by_name.items()
    }


def test_the_lattice_is_the_sources(classic):
    """Every pair of neighbouring intersections (the source's neighbours) is a track space one
    edge (34 mm) long, double exactly where the source says."""
    source = json.loads(SOURCE.read_text("utf-8"))
    nodes = {tuple(n) for n in source["nodes"]}
    cell = {n: (n[0] + n[1] // 2 - 5, 12 - n[1]) for n in nodes}  # smallest column: 5
    ids = {n: lattice.node_id(*cell[n]) for n in nodes}
    assert set(ids.values()) == set(classic.nodes)
    pairs = {
        model.edge_key(ids[(x, y)], ids[(x + dx, y + dy)])
        for x, y in nodes
        for dx, dy in ((1, 0), (0, 1), (-1, 1))
        if (x + dx, y + dy) in nodes
    }
    assert pairs == set(classic.edge_by_key)
    double = {model.edge_key(ids[tuple(a)], ids[tuple(b)]) for a, b in source["double_edges"]}
    assert {e.key for e in classic.edges if e.cost == 2} == double
    for e in classic.edges:
        a, b = classic.nodes[e.a], classic.nodes[e.b]
        assert math.dist((a.x, a.y), (b.x, b.y)) == pytest.approx(published.EDGE, abs=0.02)
    seattle = classic.nodes[classic.city_by_name["Seattle"].node]
    miami_side = classic.nodes[classic.city_by_name["Jacksonville"].node]
    assert seattle.x < miami_side.x and seattle.y < miami_side.y  # north up, west left


def test_the_schemas_accept_it():
    data = json.loads(STORED.read_text("utf-8"))
    mapfile.validate(data, "usa-classic", "map:transamerica")
    assert compile_schema(games.maps_schema())(data) is None  # as `trackwright schema map`
    assert "decor" not in data  # no drawn geography: the schema does not need one


def test_the_published_boards_hands_cost_what_the_original_analysis_says(classic):
    """The exact cost of all 16,807 hands: 19 to 36, mean 27.45, 21 % double lines: the figures
    hands.ORIGINAL keeps for the original board (the built-in ``usa`` is a re-drawing)."""
    result = balance.analyse(classic)
    assert (result.minimum, round(result.mean, 2), result.maximum) == (19, 27.45, 36)
    assert (result.minimum, result.maximum) == (hands.ORIGINAL["min"], hands.ORIGINAL["max"])
    assert round(result.double_share, 2) == 0.21


def test_one_round_counted_by_hand():
    """Round 1 of the recorded game, Dev (start on Richmond, H16): the 41 tracks are one tree
    that holds his start and Bismarck, Denver and Atlanta; Portland (B1) is off it. B1's track
    spaces: B1=C2 (double, 2) ends on the tree; B1-A2 and B1-C1 (single) and B1=B2 (double)
    end off it, so through them at least one more track is needed: 2 points at least, and B1=C2
    gives 2."""
    game = ta.load_record(RECORD)
    rnd = ta.score(game).rounds[0]
    m = game.map
    network = ta._network(set(rnd.track), "H16")
    assert len(rnd.track) == 41 and len(network) == 42  # one tree
    off = [c for c in rnd.hands["Dev"] if m.city_by_name[c].node not in network]
    assert off == ["Portland"] and m.city_by_name["Portland"].node == "B1"
    around = {(e.b if e.a == "B1" else e.a): e.cost for e in m.edges if "B1" in (e.a, e.b)}
    assert around == {"A2": 1, "B2": 2, "C1": 1, "C2": 2}
    assert [n for n in around if n in network] == ["C2"]
    assert rnd.missing["Dev"].points == 2 and rnd.missing["Dev"].edges == (("B1", "C2"),)


def test_generate_refuses_it_in_one_line(tmp_path, capsys):
    copy = tmp_path / "copy.json"
    copy.write_bytes(STORED.read_bytes())
    for ref in ("usa-classic", str(copy)):
        code = run(["generate", "transamerica", "--map", ref, "--out", str(tmp_path / "out")])
        err = capsys.readouterr().err.strip().splitlines()
        assert code == 2 and len(err) == 1, err
        assert "not ours to print" in err[0] and "usa-classic" in err[0]
    assert not (tmp_path / "out").exists()


def test_generate_all_does_not_print_it(tmp_path, monkeypatch):
    printed: list[str] = []

    def kit_files(m: model.TransAmericaMap, opts: object, out: Path) -> dict[Path, bytes]:
        printed.append(m.name)
        return {}

    monkeypatch.setattr(kit, "kit_files", kit_files)
    cli_ta.generate_all(tmp_path, "a4", "en", ("pdf",))
    assert printed and published.NAME not in printed
    assert "USA (the published board)" not in printed


def test_scored_from_the_command_line_with_the_board_drawn(tmp_path):
    done = cli.trackwright(
        "score", "transamerica", RECORD, "--json", "--explain", tmp_path / "why.svg"
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game_over"] and result["winners"] == ["Ben"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"why-round{k}.svg" for k in (1, 2, 3)]


def test_the_web_scorer_lists_and_shows_it(tmp_path):
    client = TestClient(create_app(tmp_path / "games.sqlite", output=tmp_path))
    maps = client.get("/api/maps").json()
    classic = next(m for m in maps if m["id"] == "usa-classic")
    assert classic["game"] == "transamerica" and classic["builtin"]
    board = client.get(f"/api/boards/transamerica/{classic['sha256']}")
    assert board.status_code == 200 and board.json()["svg"].startswith("<")
    assert len(client.get(f"/api/maps/{classic['sha256']}").json()["nodes"]) == 188
    record = json.loads(RECORD.read_text("utf-8"))
    made = client.post("/api/games", json=record)
    assert made.status_code == 201, made.text
    score = client.get(f"/api/games/{made.json()['id']}/score").json()
    assert score["scores"] == {"Ann": 6, "Ben": 10, "Cleo": 5, "Dev": -2}


def test_rebuilding_writes_the_same_file(tmp_path):
    target = tmp_path / "usa-classic.json"
    done = subprocess.run(
        [sys.executable, "-m", "trackwright.kits.transamerica.published", str(SOURCE), str(target)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == STORED.read_bytes()


def test_the_source_path_is_packaged():
    assert isinstance(published.source_path(), Path) and published.source_path().is_file()
