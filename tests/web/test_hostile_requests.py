"""Hostile requests to the web API: records and maps with JSON nested thousands deep, numbers of
thousands of digits, NaN and infinities, credentials and headers that are not ASCII, bodies over
the cap sent in chunks are answered 4xx (never 5xx), in a short answer. What depends on how the
bytes reach the app (headers, chunks) is sent to a real uvicorn on 127.0.0.1."""

from __future__ import annotations

import json
import select
import socket
import subprocess
import sys
import warnings

import pytest

from tests.cli.test_hostile_input import EXAMPLES, GAMES, with_tail
from tests.conftest import ROOT
from tests.support.served import free_port, wait_for

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from trackwright.web.app import MAX_BODY, create_app


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
    own = json.loads(
        (ROOT / "templates/transamerica/examples/minimal-map.json").read_text(encoding="utf-8")
    )
    body = json.dumps(own)[:-1] + ', "x-deep": ' + "[" * 200 + "]" * 200 + "}"
    answer = client.post("/api/maps", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "nest too deep" in answer.json()["detail"]


# ---------------------------------------------------------------- a real server on loopback

SERVER = """
import sys
from pathlib import Path

import uvicorn

from trackwright.web.app import MAX_BODY, create_app

db, port = Path(sys.argv[1]), int(sys.argv[2])
app = create_app(db, lan=True, key="k3y", allowed_hosts=["127.0.0.1"])
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


@pytest.fixture(scope="module")
def uvicorn_lan(tmp_path_factory):
    """The app in LAN mode (key ``k3y``) under uvicorn on 127.0.0.1: (port, a game's id and
    token)."""
    port = free_port()
    db = tmp_path_factory.mktemp("real") / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(db), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/api/hello")
        body = json.dumps(EXAMPLES["lastrada"]).encode()
        status, answer = raw(
            port,
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trackwright-Key: k3y\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body,
        )
        assert status == 201, answer
        made = json.loads(answer)
        yield port, made["id"], made["token"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def raw(port: int, request: bytes) -> tuple[int, str]:
    """Send exactly these bytes, with Connection: close; (status, body) of the answer."""
    head, _, body = request.partition(b"\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.rstrip(b"\r\n") + b"\r\nConnection: close\r\n\r\n" + body)
        return _answer(sock)


def _answer(sock: socket.socket) -> tuple[int, str]:
    """(status, body) of one answer: its head, then Content-Length bytes (the server need not
    close the connection)."""
    data = b""
    for _ in range(10_000):  # bounded: an answer of at most some 640 MB
        head, gap, body = data.partition(b"\r\n\r\n")
        if gap and len(body) >= _length(head):
            break
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body[: _length(head)].decode("utf-8", "replace")


def _length(head: bytes) -> int:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 1 << 40


KEY = "ключ".encode()  # a key that is not ASCII, as UTF-8 bytes in a header


@pytest.mark.parametrize(
    ("target", "headers", "status"),
    [
        ("/api/games", b"X-Trackwright-Key: " + KEY, 403),
        ("/api/games?key=%D0%BA%D0%BB%D1%8E%D1%87", b"", 403),
        ("/api/games?key=%FF%00", b"", 403),
        ("/api/games/{gid}?token=%C3%A9%E2%80%A6", b"", 403),
        ("/api/games/{gid}?token=%ED%A0%80", b"", 403),
        ("/api/games/{gid}", "X-Game-Token: é…".encode(), 403),
        ("/api/games/{gid}", b"X-Game-Token: \xff\xfe", 403),
        ("/api/games/%D0%BA%D0%BB%D1%8E%D1%87", b"X-Trackwright-Key: k3y", 404),
        ("/api/maps/%C3%A9", b"X-Trackwright-Key: k3y", 404),
        ("/api/boards/%C3%A9/%C3%A9", b"X-Trackwright-Key: k3y", 404),
        ("/api/boards/lastrada/00?lang=%C3%A9", b"X-Trackwright-Key: k3y", 422),
    ],
)
def test_credentials_and_names_not_ascii_get_a_readable_4xx(uvicorn_lan, target, headers, status):
    port, gid, _token = uvicorn_lan
    request = f"GET {target.replace('{gid}', gid)} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
    got, body = raw(port, request + headers)
    assert got == status, (got, body)
    assert len(body) < 400 and json.loads(body)["detail"], body


@pytest.mark.parametrize("query", ["", "?key=%D0%BA%D0%BB%D1%8E%D1%87"], ids=["header", "query"])
def test_hello_with_a_key_not_ascii_says_the_key_is_wrong(uvicorn_lan, query):
    port, _gid, _token = uvicorn_lan
    header = b"X-Trackwright-Key: " + KEY if not query else b""
    got, body = raw(
        port, f"GET /api/hello{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode() + header
    )
    assert got == 200 and json.loads(body)["key_ok"] is False, (got, body)


def test_an_if_none_match_not_ascii_is_no_match(uvicorn_lan):
    port, gid, token = uvicorn_lan
    request = f"GET /api/games/{gid} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Game-Token: {token}\r\n"
    got, body = raw(port, request.encode() + b"If-None-Match: \xc3\xa9")
    assert got == 200 and json.loads(body)["game"] == "lastrada"


@pytest.mark.parametrize(
    "header",
    [b"If-Match: \xc3\xa9", b"If-Match: \xb2", b'If-Match: "\xb9"', b"If-Match: " + b"9" * 5000],
    ids=["utf8", "latin1-superscript", "quoted-superscript", "5000-digits"],
)
def test_an_if_match_that_is_no_version_gets_400(uvicorn_lan, header):
    port, gid, token = uvicorn_lan
    body = json.dumps(EXAMPLES["lastrada"]).encode()
    for method, target, sent in (
        ("PUT", f"/api/games/{gid}", body),
        ("POST", f"/api/games/{gid}/undo", b""),
    ):
        status, answer = raw(
            port,
            f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Game-Token: {token}\r\n".encode()
            + header
            + b"\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(sent)
            + sent,
        )
        assert status == 400 and "If-Match must be a game version number" in answer, (
            status,
            answer,
        )


def test_a_host_not_ascii_gets_421(uvicorn_lan):
    port, _gid, _token = uvicorn_lan
    status, body = raw(port, b"GET /api/hello HTTP/1.1\r\nHost: \xc3\xa9.example")
    assert status == 421 and "its own address" in body


def test_a_chunked_body_over_the_cap_gets_413_and_is_not_read_to_the_end(uvicorn_lan):
    """50 MB in chunks, no Content-Length: the server answers 413 once the cap is passed and
    stops reading; the client stops sending when the answer comes (or the server hangs up)."""
    port, _gid, _token = uvicorn_lan
    chunk = b"[" + b" " * 65_534 + b"]"
    frame = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trackwright-Key: k3y\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        for _ in range(50_000_000 // len(chunk)):  # bounded: 50 MB at most
            if select.select([sock], [], [], 0)[0]:
                break  # the answer is there
            try:
                sock.sendall(frame)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(chunk)
        status, body = _answer(sock)
    assert status == 413, (status, body)
    assert json.loads(body)["detail"] == f"the request body is over {MAX_BODY} bytes"
    # It stopped reading at the cap: what was sent past it is what the sockets buffer.
    assert sent < 3 * MAX_BODY


@pytest.mark.parametrize("depth", [33, 500, 100_000])
@pytest.mark.parametrize(
    "shape",
    [
        lambda d: "[" * d + "]" * d,
        lambda d: '{"a": ' * d + "1" + "}" * d,
        lambda d: json.dumps(EXAMPLES["lastrada"])[:-1] + ', "x": ' + "[" * d + "]" * d + "}",
    ],
    ids=["list", "object", "in-a-record"],
)
def test_a_body_nested_too_deep_says_so(client, shape, depth):
    """The body is read as the command line reads a file: what is wrong, in its words."""
    body = shape(depth)
    gid = client.post("/api/games", json=EXAMPLES["lastrada"]).json()["id"]
    for method, url, sent in (
        ("post", "/api/games", body),
        ("post", "/api/maps", body),
        ("put", f"/api/games/{gid}", body),
        ("post", f"/api/games/{gid}/sync", '{"base": 1, "record": ' + body + "}"),
    ):
        answer = client.request(
            method, url, content=sent, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 422, (url, answer.text[:300])
        detail = answer.json()["detail"]
        assert detail.startswith("the request body") and detail.endswith(
            "objects and lists nest too deep (at most 32 levels)"
        ), detail


def test_a_body_that_is_not_json_is_still_a_400(client):
    answer = client.post(
        "/api/games", content=b"{not", headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("the request body must be a JSON object (not valid")
    answer = client.post(
        "/api/games", content=b"\xff{}", headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and "must be a JSON object" in answer.json()["detail"]
