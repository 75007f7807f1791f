"""Games kept as events in SQLite: every change is one event, written in its own transaction
(WAL, synchronous) before the request is answered, so a killed server loses at most the request
in flight. An event holds the whole new record; undo is an event too, so history is never lost.
Each game has a version (its number of events); a change made against an older version is
refused, never merged."""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    token TEXT NOT NULL,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    op TEXT NOT NULL,
    record TEXT,
    created REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StaleVersion(Exception):
    def __init__(self, current: int, given: int) -> None:
        super().__init__(f"version {given} is out of date (the game is at version {current})")
        self.current = current
        self.given = given


class NothingToUndo(Exception):
    pass


@dataclass(frozen=True)
class Game:
    id: str
    token: str
    game: str
    created: float
    version: int
    record: dict[str, Any]
    #: When the game last changed (its last event; ``list`` reads it, None elsewhere).
    updated: float | None = None


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        # Every game's token is in it: readable by its owner only (SQLite gives the -wal and
        # -shm files the database file's permissions).
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            if part.exists():
                part.chmod(0o600)

    def _connect(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
        return db

    def _row(self, row) -> Game:
        return Game(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), *row[6:])

    def create(self, game: str, record: dict[str, Any]) -> Game:
        db = self._connect()
        gid = secrets.token_hex(6)
        token = secrets.token_urlsafe(18)
        now = time.time()
        text = json.dumps(record, ensure_ascii=False)
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, 1, ?)", (gid, token, game, now, text))
            db.execute("INSERT INTO events VALUES (?, 1, 'create', ?, ?)", (gid, text, now))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return Game(gid, token, game, now, 1, record)

    # Every read takes all its rows (fetchall): a statement left unfinished keeps its connection's
    # read transaction open, and that thread would go on seeing an old snapshot of the games.
    def get(self, gid: str) -> Game | None:
        row = (
            self._connect()
            .execute(
                "SELECT id, token, game, created, version, record FROM games WHERE id = ?", (gid,)
            )
            .fetchall()
        )
        return self._row(row[0]) if row else None

    def list(self) -> list[Game]:
        rows = (
            self._connect()
            .execute(
                "SELECT id, token, game, created, version, record, "
                "(SELECT MAX(created) FROM events WHERE game_id = games.id) "
                "FROM games ORDER BY created DESC"
            )
            .fetchall()
        )
        return [self._row(r) for r in rows]

    def update(self, gid: str, record: dict[str, Any], expected: int | None) -> Game:
        """Store a new record as the next event; refuse it if the game has moved on."""
        return self._append(gid, "update", record, expected)

    def undo(self, gid: str, expected: int | None) -> Game:
        """Step back over the last change that is not undone yet (the creation stays)."""
        return self._append(gid, "undo", None, expected)

    def _append(
        self, gid: str, op: str, record: dict[str, Any] | None, expected: int | None
    ) -> Game:
        db = self._connect()
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute(
                "SELECT id, token, game, created, version, record FROM games WHERE id = ?", (gid,)
            ).fetchall()
            if not row:
                raise KeyError(gid)
            current = self._row(row[0])
            if expected is not None and expected != current.version:
                raise StaleVersion(current.version, expected)
            if op == "undo":
                record = self._previous(db, gid)
            text = json.dumps(record, ensure_ascii=False)
            version = current.version + 1
            db.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                (gid, version, op, text, time.time()),
            )
            db.execute(
                "UPDATE games SET version = ?, record = ? WHERE id = ?", (version, text, gid)
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return Game(current.id, current.token, current.game, current.created, version, record)  # type: ignore[arg-type]

    def record_at(self, gid: str, version: int) -> dict[str, Any] | None:
        """The record as it was at one version (each event keeps the whole record)."""
        row = (
            self._connect()
            .execute("SELECT record FROM events WHERE game_id = ? AND seq = ?", (gid, version))
            .fetchall()
        )
        return json.loads(row[0][0]) if row and row[0][0] is not None else None

    def sync(self, gid: str, record: dict[str, Any], expected: int, merged: bool = False) -> Game:
        """Store a device's record (or the merge of it with the changes it had not seen) as the
        next event, if the game is still at ``expected``."""
        return self._append(gid, "merge" if merged else "sync", record, expected)

    def _previous(self, db: sqlite3.Connection, gid: str) -> dict[str, Any]:
        """Replay the events: each create/update pushes a record, each undo pops one."""
        stack: list[str] = []
        for op, text in db.execute(
            "SELECT op, record FROM events WHERE game_id = ? ORDER BY seq", (gid,)
        ):
            if op in ("sync", "merge"):
                stack.append(text)
            elif op == "undo":
                stack.pop()
            else:
                stack.append(text)
        if len(stack) < 2:
            raise NothingToUndo()
        return json.loads(stack[-2])
