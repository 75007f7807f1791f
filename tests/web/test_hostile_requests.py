"""Hostile requests to the web API: records and maps with JSON nested thousands deep, numbers of
thousands of digits, NaN and infinities are answered 4xx (never 5xx), in a short answer."""

from __future__ import annotations

import json
import warnings

import pytest

from tests.cli.test_hostile_input import EXAMPLES, GAMES, with_tail
from tests.conftest import ROOT

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from trackwright.web.app import create_app


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(tmp_path / "games.sqlite"), raise_server_exceptions=False)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "tail",
    [
        "[" * 100_000 + "]" * 100_000,
        "[" * 500 + "]" * 500,
        "[" * 40 + "]" * 40,
        "9" * 5000,
        "9" * 100,
        "NaN",
        "1e999",
    ],
    ids=["nested-100000", "nested-500", "nested-40", "digits-5000", "digits-100", "nan", "inf"],
)
def test_the_web_api_answers_4xx_never_5xx(client, game, tail):
    body = with_tail(EXAMPLES[game], tail)
    assert len(body) < 1_000_000  # under the body cap: the check is the record's, not the size
    for method, url in (("post", "/api/games"), ("post", "/api/maps")):
        answer = client.request(
            method, url, content=body, headers={"content-type": "application/json"}
        )
        assert 400 <= answer.status_code < 500, (url, answer.status_code, answer.text[:300])
        assert len(answer.text) < 400
    made = client.post("/api/games", json=EXAMPLES[game])
    assert made.status_code == 201
    gid = made.json()["id"]
    for url in (f"/api/games/{gid}", f"/api/games/{gid}/preview"):
        method = "put" if url.endswith(gid) else "post"
        answer = client.request(
            method, url, content=body, headers={"content-type": "application/json"}
        )
        assert 400 <= answer.status_code < 500, (url, answer.status_code, answer.text[:300])


def test_the_web_api_refuses_a_map_nested_deep(client):
    own = json.loads((ROOT / "templates/transamerica/examples/minimal-map.json").read_text())
    body = json.dumps(own)[:-1] + ', "x-deep": ' + "[" * 200 + "]" * 200 + "}"
    answer = client.post("/api/maps", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "nest too deep" in answer.json()["detail"]
