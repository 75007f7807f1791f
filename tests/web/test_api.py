"""The web scorer's JSON API through the framework's test client: every endpoint, LAN tokens,
readable 4xx errors, undo, stale edits, export and import scored like the CLI."""

from __future__ import annotations

import json
import threading
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.conftest import ROOT
from tests.support import cli
from trackwright.web.app import MAX_BODY, create_app

EXAMPLES = ROOT / "templates"
TA_GAME = json.loads(
    (EXAMPLES / "transamerica" / "examples" / "game.json").read_text(encoding="utf-8")
)
DF_GAME = json.loads(
    (EXAMPLES / "dampfross" / "examples" / "game.json").read_text(encoding="utf-8")
)
LS_GAME = json.loads((EXAMPLES / "lastrada" / "examples" / "game.json").read_text(encoding="utf-8"))


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(tmp_path / "games.sqlite", output=ROOT / "output"))


@pytest.fixture
def lan(tmp_path):
    return TestClient(create_app(tmp_path / "games.sqlite", lan=True, key="k3y"))


def cli_score(game: str, record: dict, tmp_path) -> dict:
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cli.trackwright("score", game, path, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("game", "record"), [("transamerica", TA_GAME), ("dampfross", DF_GAME), ("lastrada", LS_GAME)]
)
def test_create_get_score_export_import(client, tmp_path, game, record):
    made = client.post("/api/games", json=record)
    assert made.status_code == 201 and made.json()["version"] == 1
    gid = made.json()["id"]
    got = client.get(f"/api/games/{gid}")
    assert got.json() == record and got.headers["etag"] == '"1"'
    score = client.get(f"/api/games/{gid}/score").json()
    assert score == cli_score(game, got.json(), tmp_path)  # the CLI scores the export the same
    again = client.post("/api/games", json=got.json())  # import
    assert client.get(f"/api/games/{again.json()['id']}/score").json() == score
    assert any(g["id"] == gid for g in client.get("/api/games").json())


def test_the_list_tells_games_of_the_same_players_apart(client):
    """Two games of the same players: the list says when each was started and last changed, and
    on which map (an embedded map by its own name); the fields it had are still there."""
    first = client.post("/api/games", json=LS_GAME).json()["id"]
    own = json.loads(
        (EXAMPLES / "transamerica" / "examples" / "minimal-map.json").read_text(encoding="utf-8")
    )
    own["name"] = "Our island"
    record = {"game": "transamerica", "map": own, "players": ["Ann", "Ben", "Cleo"], "rounds": []}
    second = client.post("/api/games", json=record).json()["id"]
    client.put(f"/api/games/{first}", json={**LS_GAME, "reserve": {**LS_GAME["reserve"], "Ann": 1}})
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    a, b = listed[first], listed[second]
    for g in (a, b):
        assert {"id", "game", "version", "created", "players", "map"} <= g.keys()
    assert a["map"] == a["map_name"] == "standard" and a["version"] == 2
    assert b["map"] == "embedded" and b["map_name"] == "Our island" and b["version"] == 1
    assert a["updated"] > b["updated"] >= b["created"] > a["created"]  # A changed after B began
    assert b["updated"] == b["created"]


def test_update_undo_and_stale_versions(client):
    gid = client.post("/api/games", json=LS_GAME).json()["id"]
    changed = json.loads(json.dumps(LS_GAME))
    changed["reserve"]["Ann"] = 9
    r = client.put(f"/api/games/{gid}", json=changed, headers={"If-Match": '"1"'})
    assert r.status_code == 200 and r.json()["version"] == 2
    stale = client.put(f"/api/games/{gid}", json=LS_GAME, headers={"If-Match": '"1"'})
    assert stale.status_code == 409 and "changed on another device" in stale.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["reserve"]["Ann"] == 9  # never merged
    undone = client.post(f"/api/games/{gid}/undo", headers={"If-Match": "2"})
    assert undone.json()["version"] == 3
    assert client.get(f"/api/games/{gid}").json() == LS_GAME
    nothing = client.post(f"/api/games/{gid}/undo")
    assert nothing.status_code == 409 and nothing.json()["detail"] == "there is nothing to undo"


def test_undo_steps_back_one_change_at_a_time(client):
    gid = client.post("/api/games", json=LS_GAME).json()["id"]
    versions = []
    for days in (1, 2, 3):
        record = json.loads(json.dumps(LS_GAME))
        record["reserve"]["Ann"] = days
        client.put(f"/api/games/{gid}", json=record)
        versions.append(days)
    for expected in (2, 1, 4):
        client.post(f"/api/games/{gid}/undo")
        assert client.get(f"/api/games/{gid}").json()["reserve"]["Ann"] == expected


def test_sync_stores_merges_and_shows_conflicts(client):
    gid = client.post("/api/games", json=LS_GAME).json()["id"]
    base = client.get(f"/api/games/{gid}").json()
    # Phone A changes Ann's travel days; phone B, which had not seen that, adds a merchant.
    a = {**base, "reserve": {**base["reserve"], "Ann": 1}}
    r = client.post(f"/api/games/{gid}/sync", json={"base": 1, "record": a})
    assert r.status_code == 200 and r.json()["version"] == 2 and not r.json()["merged"]
    b = {**base, "settlements": {**base["settlements"], "s07": ["Ben"]}}
    r = client.post(f"/api/games/{gid}/sync", json={"base": 1, "record": b})
    assert r.status_code == 200 and r.json()["merged"] and r.json()["version"] == 3
    stored = client.get(f"/api/games/{gid}").json()
    assert stored["reserve"]["Ann"] == 1 and stored["settlements"]["s07"] == ["Ben"]
    # The same thing two ways: a conflict with both values, nothing stored.
    c = {**base, "reserve": {**base["reserve"], "Ann": 6}}
    r = client.post(f"/api/games/{gid}/sync", json={"base": 1, "record": c})
    assert r.status_code == 409
    assert r.json()["conflicts"] == [
        {"path": "$.reserve.Ann", "base": 4, "mine": 6, "theirs": 1, "deleted": []}
    ]
    assert r.json()["version"] == 3 and r.json()["record"] == stored
    # A merge that breaks a rule is a conflict too: two phones each record the next build.
    gid = client.post("/api/games", json={**DF_GAME, "events": DF_GAME["events"][:10]}).json()["id"]
    nxt = DF_GAME["events"][10]
    one = {**DF_GAME, "events": DF_GAME["events"][:11]}
    other = {
        **DF_GAME,
        "events": [*DF_GAME["events"][:10], {"type": "pass", "player": nxt["player"]}],
    }
    assert client.post(f"/api/games/{gid}/sync", json={"base": 1, "record": other}).is_success
    r = client.post(f"/api/games/{gid}/sync", json={"base": 1, "record": one})
    assert r.status_code == 409 and r.json()["conflicts"] == [] and r.json()["error"]
    # Not modified: the poll of a phone that is up to date is answered with 304.
    etag = client.get(f"/api/games/{gid}").headers["etag"]
    assert client.get(f"/api/games/{gid}", headers={"If-None-Match": etag}).status_code == 304
    bad = client.post(f"/api/games/{gid}/sync", json={"base": "1", "record": one})
    assert bad.status_code == 422


def test_maps_by_hash_and_boards(client):
    maps = client.get("/api/maps").json()
    england = next(m for m in maps if m["game"] == "dampfross" and m["id"] == "england")
    assert england["builtin"] and len(england["sha256"]) == 64
    data = client.get(f"/api/maps/{england['sha256']}").json()
    assert len(data["towns"]) == 32
    board = client.get(f"/api/boards/dampfross/{england['sha256']}?lang=fr").json()
    assert board["svg"].startswith("<?xml") and board["layout"]["kind"] == "hex"
    assert client.get(f"/api/boards/transamerica/{england['sha256']}").status_code == 404
    assert client.get(f"/api/boards/dampfross/{england['sha256']}?lang=xx").status_code == 422
    own = json.loads(
        (EXAMPLES / "transamerica" / "examples" / "minimal-map.json").read_text(encoding="utf-8")
    )
    up = client.post("/api/maps", json=own)
    assert up.status_code == 201 and up.json()["game"] == "transamerica"
    assert client.get(f"/api/maps/{up.json()['sha256']}").json()["nodes"] == own["nodes"]
    record = {"game": "transamerica", "map": own, "players": ["A", "B", "C"], "rounds": []}
    assert client.post("/api/games", json=record).status_code == 201  # the map embedded
    bad = client.post("/api/maps", json=dict(own, edges=[]))
    assert bad.status_code == 422 and "$.edges" in bad.json()["detail"]
    for sha in ("0" * 64, "../../etc/passwd", "x" * 64):
        assert client.get(f"/api/maps/{sha}").status_code == 404


@pytest.mark.parametrize("field", ["map", "rules"])
def test_no_request_reads_a_file_by_path(client, tmp_path, field):
    """A record naming its map or rules by a path is refused with the same answer whether the
    file exists or not: the server never opens it."""
    real = EXAMPLES / "dampfross" / ("maps/england.json" if field == "map" else "rules/epopee.json")
    answers = set()
    for path in (str(real), str(tmp_path / "missing.json"), "../../../etc/passwd", "/etc/hosts"):
        r = client.post("/api/games", json={**DF_GAME, field: path})
        assert r.status_code == 422
        answers.add(r.json()["detail"])
    assert len(answers) == 1 and "does not read files" in answers.pop()


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "message"),
    [
        (
            "post",
            "/api/games",
            {"content": b"{not json", "headers": {"Content-Type": "application/json"}},
            400,
            "must be a JSON object",
        ),
        ("post", "/api/games", {"json": [1, 2]}, 400, "must be a JSON object"),
        ("post", "/api/games", {"json": {"game": "chess"}}, 422, "$.game"),
        (
            "post",
            "/api/games",
            {"json": dict(LS_GAME, settlements={"s01": ["Ann"] * 2})},
            422,
            "Ann has two merchants on s01",
        ),
        ("post", "/api/games", {"json": dict(TA_GAME, map="nowhere.json")}, 422, "read files"),
        ("get", "/api/games/nope", {}, 404, "no game 'nope'"),
        ("get", "/api/games/nope/score", {}, 404, "no game 'nope'"),
        ("put", "/api/games/nope", {"json": LS_GAME}, 404, "no game 'nope'"),
        (
            "post",
            "/api/games",
            {
                "content": b"{" + b" " * (MAX_BODY + 10) + b"}",
                "headers": {"Content-Type": "application/json"},
            },
            413,
            f"over {MAX_BODY} bytes",
        ),
        ("get", "/api/boards/chess/" + "0" * 64, {}, 404, "no such map"),
    ],
)
def test_bad_requests_get_readable_4xx(client, method, path, kwargs, status, message):
    r = getattr(client, method)(path, **kwargs)
    assert r.status_code == status, r.text
    assert message in r.json()["detail"]


def test_illegal_move_is_refused_and_not_stored(client):
    gid = client.post("/api/games", json=DF_GAME).json()["id"]
    bad = json.loads(json.dumps(DF_GAME))
    costly = next(
        i
        for i, e in enumerate(client.get(f"/api/games/{gid}/score").json()["events"])
        if e["type"] == "build" and e["cost"] >= 2
    )
    bad["events"][costly]["roll"] = 1
    r = client.put(f"/api/games/{gid}", json=bad)
    assert r.status_code == 422 and f"event {costly + 1}" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}").json() == DF_GAME
    wrong_game = client.put(f"/api/games/{gid}", json=LS_GAME)
    assert (
        wrong_game.status_code == 422 and "this is a dampfross game" in wrong_game.json()["detail"]
    )


def test_lan_mode_needs_the_key_and_the_game_token(lan):
    assert lan.get("/api/games").status_code == 403
    assert lan.post("/api/games", json=LS_GAME).status_code == 403
    made = lan.post("/api/games", json=LS_GAME, headers={"X-Trackwright-Key": "k3y"})
    assert made.status_code == 201
    gid, token = made.json()["id"], made.json()["token"]
    assert len(token) >= 20
    assert lan.get(f"/api/games/{gid}").status_code == 403
    assert lan.get(f"/api/games/{gid}", headers={"X-Game-Token": "guess"}).status_code == 403
    assert lan.get(f"/api/games/{gid}", headers={"X-Game-Token": token}).status_code == 200
    assert lan.get(f"/api/games/{gid}/score?token={token}").status_code == 200
    listed = lan.get("/api/games?key=k3y").json()
    assert listed[0]["token"] == token


def test_openapi_is_served_and_describes_the_records(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/api/games",
        "/api/games/{gid}",
        "/api/games/{gid}/score",
        "/api/games/{gid}/undo",
        "/api/games/{gid}/sync",
        "/api/maps",
        "/api/maps/{sha}",
        "/api/boards/{game}/{sha}",
        "/api/hello",
    ):
        assert path in paths
    body = paths["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    titles = {s["title"] for s in body["oneOf"]}
    assert titles == {
        "A TransAmerica game record",
        "A Dampfross game record",
        "A La Strada game record",
    }


def test_the_phone_app_is_served_without_a_cdn(tmp_path, phone_site):
    client = TestClient(create_app(tmp_path / "games.sqlite", site=phone_site))
    page = client.get("/")
    assert page.status_code == 200 and 'src="app.js"' in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from elsewhere
    for name in ("app.js", "engine.js", "store.js", "sw.js", "manifest.webmanifest"):
        r = client.get("/" + name)
        assert r.status_code == 200 and "https://" not in r.text, name
    assert client.get("/pyodide/pyodide.asm.wasm").status_code == 200
    assert client.get("/api/hello").json()["trackwright"]


def test_hello_shows_the_qr_code_only_with_the_key(tmp_path):
    app = create_app(tmp_path / "g.sqlite", lan=True, key="k3y", url="http://192.168.1.20:8000")
    client = TestClient(app)
    without = client.get("/api/hello").json()
    assert without["key_ok"] is False and without["qr"] is None and without["url"] is None
    given = client.get("/api/hello", headers={"X-Trackwright-Key": "k3y"}).json()
    assert given["url"] == "http://192.168.1.20:8000/?key=k3y" and "<svg" in given["qr"]


def test_lan_key_survives_a_restart(tmp_path):
    first = create_app(tmp_path / "games.sqlite", lan=True)
    again = create_app(tmp_path / "games.sqlite", lan=True)
    assert first.state.key == again.state.key and len(first.state.key) >= 20
    assert oct((tmp_path / "games.sqlite.key").stat().st_mode)[-3:] == "600"


def test_changes_need_the_key_or_token_in_a_header_not_the_url(lan):
    """Another site's page can put a key it saw in a link into a URL, but cannot set headers on a
    cross-site request: a change needs the credential in a header (no CSRF)."""
    assert lan.post("/api/games?key=k3y", json=LS_GAME).status_code == 403
    made = lan.post("/api/games", json=LS_GAME, headers={"X-Trackwright-Key": "k3y"})
    gid, token = made.json()["id"], made.json()["token"]
    assert lan.post(f"/api/games/{gid}/undo?token={token}").status_code == 403
    changed = {**LS_GAME, "reserve": {"Ann": 3}}
    assert lan.put(f"/api/games/{gid}?token={token}", json=changed).status_code == 403
    assert lan.put(f"/api/games/{gid}", json=changed, headers={"X-Game-Token": token}).is_success
    assert lan.get(f"/api/games/{gid}?token={token}").status_code == 200  # reading by link


def test_the_host_header_is_checked(tmp_path):
    """DNS rebinding: a request addressed to any other name than the server's own is refused."""
    app = create_app(tmp_path / "g.sqlite", lan=True, key="k3y", allowed_hosts={"192.168.1.20"})
    client = TestClient(app, base_url="http://192.168.1.20:8000")
    assert client.get("/api/catalogue").status_code == 200
    other = TestClient(app, base_url="http://attacker.example:8000")
    answer = other.get("/api/catalogue")
    assert answer.status_code == 421 and "its own address" in answer.json()["detail"]


def test_the_database_and_key_are_readable_by_their_owner_only(tmp_path):
    app = create_app(tmp_path / "g.sqlite", lan=True)
    TestClient(app).post("/api/games", json=LS_GAME, headers={"X-Trackwright-Key": app.state.key})
    for name in ("g.sqlite", "g.sqlite.key"):
        assert oct((tmp_path / name).stat().st_mode)[-3:] == "600", name
    again = create_app(tmp_path / "g.sqlite", lan=True)
    rotated = create_app(tmp_path / "g.sqlite", lan=True, rotate_key=True)
    assert again.state.key == app.state.key != rotated.state.key


def test_the_long_poll_answers_a_change_at_once_and_a_timeout_with_304(tmp_path):
    """``GET /api/games/{id}/wait?version=V``: the record as soon as another device's change is
    stored (not a poll's interval later), 304 when nothing changed within the timeout, at once
    when the device is already behind; bad arguments are 4xx, never 5xx."""
    app = create_app(tmp_path / "games.sqlite")
    with TestClient(app) as client:
        gid = client.post("/api/games", json=LS_GAME).json()["id"]
        # Already behind: answered at once with the record and its version.
        got = client.get(f"/api/games/{gid}/wait", params={"version": 0})
        assert got.status_code == 200 and got.json() == LS_GAME and got.headers["etag"] == '"1"'
        # Nothing changes: 304 after the timeout.
        started = time.monotonic()
        idle = client.get(f"/api/games/{gid}/wait", params={"version": 1, "timeout": 0.3})
        assert idle.status_code == 304 and idle.headers["etag"] == '"1"'
        assert 0.25 < time.monotonic() - started < 3
        # A change by another device while one waits: answered within a fraction of a second.
        changed = {**LS_GAME, "reserve": {**LS_GAME.get("reserve", {}), "Ann": 1}}
        answers: list = []

        def waiter() -> None:
            r = client.get(f"/api/games/{gid}/wait", params={"version": 1, "timeout": 10})
            answers.append((r, time.monotonic()))

        thread = threading.Thread(target=waiter)
        thread.start()
        time.sleep(0.3)
        put_at = time.monotonic()
        assert client.put(f"/api/games/{gid}", json=changed).status_code == 200
        thread.join(timeout=12)
        (r, at), *_ = answers
        assert r.status_code == 200 and r.json() == changed and r.headers["etag"] == '"2"'
        assert at - put_at < 0.9  # woken by the change, not by the once-a-second check
        for bad in (
            {"version": "x"},
            {"version": 2, "timeout": 99},
            {"version": 2, "timeout": "x"},
        ):
            assert client.get(f"/api/games/{gid}/wait", params=bad).status_code == 422
        assert client.get(f"/api/games/{gid}/wait").status_code == 422  # no version
        assert client.get("/api/games/nope/wait", params={"version": 1}).status_code == 404


def test_the_long_poll_is_bounded_per_game(tmp_path, monkeypatch):
    """More devices waiting on one game than the bound: the next is told to come back (429
    with Retry-After), never kept waiting or answered with a 5xx."""
    from trackwright.web import app as web

    monkeypatch.setattr(web, "WAITERS_PER_GAME", 2)
    app = create_app(tmp_path / "games.sqlite")
    with TestClient(app) as client:
        gid = client.post("/api/games", json=LS_GAME).json()["id"]
        codes: list[int] = []
        threads = [
            threading.Thread(
                target=lambda: codes.append(
                    client.get(
                        f"/api/games/{gid}/wait", params={"version": 1, "timeout": 3}
                    ).status_code
                )
            )
            for _ in range(2)
        ]
        for th in threads:
            th.start()
        # Both waiting before the next asks (on a busy machine a thread may take a while to
        # start: a fixed pause let the next in first, CI at 6094e48).
        deadline = time.monotonic() + 10
        while app.state.server.waiters.count(gid) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        extra = client.get(f"/api/games/{gid}/wait", params={"version": 1, "timeout": 1})
        assert extra.status_code == 429 and extra.headers["retry-after"] == "2"
        for th in threads:
            th.join(timeout=5)
        assert codes == [304, 304]
        # The places are free again once those answered.
        again = client.get(f"/api/games/{gid}/wait", params={"version": 1, "timeout": 0.1})
        assert again.status_code == 304
