"""Nothing lost: kill the server (SIGKILL) during a burst of writes, restart it on the same
database, and find every acknowledged change there."""

from __future__ import annotations

import http.client
import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import ROOT, need_npm

pytestmark = pytest.mark.slow  # a server started twice and a burst of writes: about 8 s

RECORD = json.loads(
    (ROOT / "templates" / "lastrada" / "examples" / "game.json").read_text(encoding="utf-8")
)


def start(db, port):
    proc = subprocess.Popen(
        [sys.executable, "-m", "trackwright", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # The server builds the app before it listens: on a loaded machine that takes a while.
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def call(port, method, path, body=None, version=None):
    headers = {"Content-Type": "application/json"}
    if version is not None:
        headers["If-Match"] = str(version)
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def burst_then_kill(proc, port: int, games: list[str]) -> list[tuple[str, int, dict]]:
    """Writers on every game at once, the server killed (SIGKILL) in the middle of their burst:
    the changes it acknowledged (game, version, record)."""
    acked: list[tuple[str, int, dict]] = []
    lock = threading.Lock()
    stop = threading.Event()
    refused: list[str] = []

    def writer(gid: str, seed: int) -> None:
        version, n = 1, 0
        while not stop.is_set():
            n += 1
            record = json.loads(json.dumps(RECORD))
            record["reserve"] = {"Ann": (seed + n) % 11, "Ben": n % 11, "Cleo": (n * 7) % 11}
            record["x-write"] = n
            try:
                answer = call(port, "PUT", f"/api/games/{gid}", record, version)
            except urllib.error.HTTPError as err:  # the server answered: it must not refuse
                if not stop.is_set():
                    refused.append(f"{gid}: {err.code} {err.read()[:200]!r}")
                return
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                return  # the server is gone: this request was in flight
            version = answer["version"]
            with lock:
                acked.append((gid, version, record))

    threads = [threading.Thread(target=writer, args=(gid, i)) for i, gid in enumerate(games)]
    for t in threads:
        t.start()

    def per_game() -> int:
        with lock:
            return min(sum(1 for g, _, _ in acked if g == gid) for gid in games)

    # A burst with every game written several times (a loaded machine starts threads unevenly).
    deadline = time.time() + 30
    while (len(acked) < 60 or per_game() < 5) and not refused and time.time() < deadline:
        time.sleep(0.01)
    proc.kill()  # SIGKILL (TerminateProcess on Windows), in the middle of the burst
    proc.wait()
    stop.set()
    for t in threads:
        t.join(timeout=10)
    assert not refused, refused
    assert len(acked) >= 60 and per_game() >= 5

    return acked


def assert_every_acknowledged_change_kept(db, port: int, games, acked) -> None:
    with sqlite3.connect(db) as conn:
        for gid, version, record in acked:
            row = conn.execute(
                "SELECT record FROM events WHERE game_id = ? AND seq = ?", (gid, version)
            ).fetchone()
            assert row is not None, (gid, version)
            assert json.loads(row[0]) == record
    for gid in games:
        latest = max(v for g, v, _ in acked if g == gid)
        current = call(port, "GET", f"/api/games/{gid}")
        history = {v: r for g, v, r in acked if g == gid}
        # At most the one request in flight may have landed beyond the last acknowledgement.
        version = int(
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{gid}")
            .headers["ETag"]
            .strip('"')
        )
        assert latest <= version <= latest + 1
        if version == latest:
            assert current == history[latest]


def test_acknowledged_changes_survive_a_kill(tmp_path):
    need_npm()  # `trackwright serve` builds the phone app before it listens
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    db = tmp_path / "games.sqlite"
    proc = start(db, port)
    games = [call(port, "POST", "/api/games", RECORD)["id"] for _ in range(4)]
    acked = burst_then_kill(proc, port, games)
    proc = start(db, port)
    try:
        assert_every_acknowledged_change_kept(db, port, games, acked)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
