"""The map editor's calls to ``trackwright serve``: "Print this map" (POST /api/edit/print: the
map file in the body, checked by its game's own loader, made into its kit in a temporary folder
by ``trackwright generate GAME --map`` and sent back as a zip of PDFs) and the random start
(POST /api/edit/random: the game's random map of a size and seed). A map it refuses, or a
request it cannot read, is a readable 4xx, never a 5xx; never a path."""

from __future__ import annotations

import io
import json
import warnings
import zipfile

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.conftest import ROOT
from trackwright.cli import map_kit, random_map
from trackwright.web.app import MAX_BODY, create_app

ENGLAND = json.loads(
    (ROOT / "templates" / "dampfross" / "maps" / "england.json").read_text(encoding="utf-8")
)


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "games.sqlite", make_kit=map_kit, make_random=random_map)
    return TestClient(app)


def post(client, body):
    return client.post("/api/edit/print", json=body)


def test_a_map_is_made_into_its_kit_and_sent_as_a_zip_of_pdfs(client):
    r = post(client, {"map": ENGLAND, "lang": "de", "paper": "a4"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/zip"
    assert "England-kit.zip" in r.headers["content-disposition"]
    z = zipfile.ZipFile(io.BytesIO(r.content))
    names = z.namelist()
    assert "map.json" in names
    pdfs = [n for n in names if n.endswith(".pdf")]
    assert {"checklist-a4.pdf", "map-a4.pdf"} <= set(pdfs), names
    assert all(z.read(n).startswith(b"%PDF") for n in pdfs)
    assert json.loads(z.read("map.json"))["towns"] == ENGLAND["towns"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"map": "templates/dampfross/maps/england.json"}, "send"),  # a path is never read
        ({"lang": "en"}, "send"),
        ({"map": ENGLAND, "lang": "xx"}, "unknown language"),
        ({"map": ENGLAND, "paper": "a9"}, "unknown paper"),
        ({"map": {**ENGLAND, "game": "chess"}}, "unknown game"),
        ({"map": {**ENGLAND, "towns": ENGLAND["towns"][1:]}}, "dice number"),
    ],
)
def test_a_request_or_map_it_cannot_print_is_a_readable_422(client, body, says):
    r = post(client, body)
    assert r.status_code == 422, r.text
    assert says in r.json()["detail"]


def test_a_town_on_water_is_refused_by_the_loader_with_its_place(client):
    bad = json.loads(json.dumps(ENGLAND))
    water = next(h for h in bad["hexes"] if h["terrain"] == "water")
    bad["towns"][0]["hex"] = [water["q"], water["r"]]
    r = post(client, {"map": bad})
    assert r.status_code == 422
    assert "water" in r.json()["detail"]


def test_a_body_over_the_limit_is_413_and_a_server_without_kits_404(client, tmp_path):
    r = client.post(
        "/api/edit/print",
        content=b'{"map": "' + b"x" * (MAX_BODY + 1) + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 413
    plain = TestClient(create_app(tmp_path / "other.sqlite"))
    r = post(plain, {"map": ENGLAND})
    assert r.status_code == 404
    assert "makes no kits" in r.json()["detail"]


def test_on_a_lan_the_server_key_is_needed(tmp_path):
    lan = TestClient(create_app(tmp_path / "g.sqlite", lan=True, key="k3y", make_kit=map_kit))
    assert post(lan, {"map": ENGLAND}).status_code == 403


def test_a_random_map_of_a_size_and_seed_is_made_by_the_laptop(client):
    body = {"game": "dampfross", "cols": 20, "rows": 16, "seed": 7, "lang": "fr"}
    r = client.post("/api/edit/random", json=body)
    assert r.status_code == 200, r.text
    m = r.json()
    assert m["game"] == "dampfross"
    assert m["generator"]["seed"] == 7
    assert len(m["hexes"]) == 20 * 16
    assert client.post("/api/edit/random", json=body).json() == m  # the seed's map


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "dampfross", "cols": 6, "rows": 5, "seed": 1}, "too small"),
        ({"game": "dampfross", "cols": 999, "rows": 5, "seed": 1}, "cols must be"),
        ({"game": "dampfross", "cols": 20, "rows": "16", "seed": 1}, "rows must be"),
        ({"game": "dampfross", "cols": 20, "rows": 16}, "seed must be"),
        ({"game": "chess", "cols": 20, "rows": 16, "seed": 1}, "unknown game"),
        ({"game": "dampfross", "cols": 20, "rows": 16, "seed": 1, "lang": "xx"}, "language"),
    ],
)
def test_a_random_map_it_cannot_make_is_a_readable_422(client, body, says):
    r = client.post("/api/edit/random", json=body)
    assert r.status_code == 422, r.text
    assert says in r.json()["detail"]
