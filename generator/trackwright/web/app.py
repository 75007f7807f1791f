"""The laptop's part of the scorer: it serves the phone app (the folder ``trackwright site``
writes) and keeps a durable copy of every game in SQLite, which phones push to and pull from.

The JSON API takes exactly the CLI's game records, whose map is a built-in name or embedded:
no request ever makes the server read a file by a path it was sent. In LAN mode every request
needs the server's key (creating and listing games) or the game's own token (everything about
one game); both are unguessable and travel in the URL the server prints (and its QR code).

The app is built from routers, one per concern (the server itself, games, one game, maps); the
checks every request of a router needs are FastAPI dependencies: the Host header (the whole
app), the server key (the games and maps routers) and a game's token (the one-game router).
"""

from __future__ import annotations

import asyncio
import io
import json
import secrets
import threading
import zipfile
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Body, Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from trackwright import games as registry
from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_atomic
from trackwright.play import bridge
from trackwright.version import VERSION
from trackwright.web import games
from trackwright.web import site as site_builder
from trackwright.web.store import Game, NothingToUndo, StaleVersion, Store

MAX_BODY = mapfile.MAX_BYTES  # bytes: a record with its map embedded, as a map file may be

DESCRIPTION = (
    "Score TransAmerica, Dampfross and La Strada at the table. Records are the "
    "same JSON the command line scores, with the map a built-in name or embedded; scores are "
    "the same JSON `trackwright score GAME --json` prints. In LAN mode send the server key as "
    "`X-Trackwright-Key` (or `?key=`) and each game's token as `X-Game-Token` (or `?token=`)."
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SYNC_ATTEMPTS = 5  # another device's change landing meanwhile: merge again, this many times
WAIT_LONGEST = 25.0  # seconds a device may wait for a game's next version (the long poll)
WAIT_DEFAULT = 20.0
WAITERS_PER_GAME = 16  # devices waiting on one game at once; one more is told to come back later
WAIT_RECHECK = 1.0  # seconds: the store read again while waiting (another process's change)


class Waiters:
    """The devices waiting for a game's next version (``GET /api/games/{id}/wait``), woken as
    soon as a change to that game is stored, at most WAITERS_PER_GAME a game. Changes are
    stored by routes running in worker threads: they wake the waiters through the event loop
    the waiters run in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[str, set[asyncio.Event]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    @contextmanager
    def waiting(self, gid: str) -> Iterator[asyncio.Event | None]:
        """An event set when ``gid`` changes, or None when too many wait on it already."""
        event = asyncio.Event()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            here = self._waiting.setdefault(gid, set())
            full = len(here) >= WAITERS_PER_GAME
            if not full:
                here.add(event)
        try:
            yield None if full else event
        finally:
            with self._lock:
                here.discard(event)
                if not here:
                    self._waiting.pop(gid, None)

    def count(self, gid: str) -> int:
        """How many devices wait on ``gid`` now."""
        with self._lock:
            return len(self._waiting.get(gid, ()))

    def changed(self, gid: str) -> None:
        """Wake whoever waits on ``gid`` (from any thread)."""
        with self._lock:
            events = list(self._waiting.get(gid, ()))
            loop = self._loop
        if events and loop is not None and not loop.is_closed():
            for event in events:
                loop.call_soon_threadsafe(event.set)


#: A kit made for a map: (the map file's JSON, checked by its game's loader; the language; the
#: paper) -> the kit's files by their path in the kit. Kits are made a layer above this one:
#: ``trackwright serve`` gives this (the game's own ``generate --map``).
KitMaker = Callable[[dict[str, Any], str, str], dict[str, bytes]]
#: A random map made for the map editor's start: (game, columns, rows, seed, language) -> the
#: map file's JSON. Given by ``trackwright serve`` (random maps are made by the kits' layer).
RandomMaker = Callable[[str, int, int, int, str], dict[str, Any]]
#: The largest side of a random map asked for (hexes or lattice steps).
RANDOM_SIDE = 200
#: The papers and languages a kit is made in (the command line's --paper and --lang).
PRINT_PAPERS = ("a4", "letter", "a3")
LANGS = site_builder.LANGS


@dataclass(frozen=True)
class Server:
    """What the routes of one app share: its store, its key and how it is reached."""

    store: Store
    key: str
    lan: bool
    output: Path
    uploads: Path
    url: str | None
    hosts: frozenset[str] | None
    waiters: Waiters = field(default_factory=Waiters)
    make_kit: KitMaker | None = None
    make_random: RandomMaker | None = None


def _server(request: Request) -> Server:
    """The app's shared state (a dependency of every route)."""
    server: Server = request.app.state.server
    return server


# Parameter types (module level: FastAPI resolves the annotations here).
KeyHeader = Annotated[str | None, Header(alias="X-Trackwright-Key")]
TokenHeader = Annotated[str | None, Header(alias="X-Game-Token")]
IfMatch = Annotated[str | None, Header(alias="If-Match")]
IfNoneMatch = Annotated[str | None, Header(alias="If-None-Match")]
RecordBody = Annotated[dict[str, Any], Body()]
JsonBody = Annotated[dict[str, Any], Body()]
ServerDep = Annotated[Server, Depends(_server)]


# ---------------------------------------------------------------- request bodies and limits


def _record_schema() -> dict[str, Any]:
    """Every game's record schema, for the OpenAPI description of request bodies."""
    return {
        "oneOf": [
            {k: v for k, v in g.record_schema_json().items() if k not in ("$schema", "$id")}
            for g in registry.games().values()
        ]
    }


def _record_openapi() -> dict[str, Any]:
    """The OpenAPI description of a request body that is a game record (any registered game)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": _record_schema()}},
        }
    }


class BodyLimit:
    """Refuse request bodies over MAX_BODY bytes with 413, however they are sent: a
    Content-Length over the cap before anything is read, a body in chunks (no Content-Length)
    as soon as what was read passes the cap; nothing more is read."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > MAX_BODY:
            return await _too_large(send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(HTTPException):
    """Raised by the body's reader past the cap. An HTTPException, so that FastAPI passes it on
    to its handler (any other exception while it reads a body becomes a 400, 'There was an
    error parsing the body'); BodyLimit answers it where no handler did."""

    def __init__(self) -> None:
        super().__init__(413, _TOO_LARGE)


_TOO_LARGE = f"the request body is over {MAX_BODY} bytes"


async def _too_large(send) -> None:
    body = json.dumps({"detail": _TOO_LARGE}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _JsonBody(Request):
    """A request whose JSON body is read as trackwright reads every file
    (:func:`trackwright.core.mapfile.parse_json`): nesting deeper than MAX_DEPTH, numbers too
    long, NaN and infinities are refused with what is wrong (422), as the command line says it
    of a file, instead of FastAPI's 'There was an error parsing the body' or, for a list, 'must
    be a JSON object'. Text that is not JSON at all stays a 400."""

    async def json(self) -> Any:
        try:
            return mapfile.parse_json((await self.body()).decode("utf-8"), "the request body")
        except UnicodeDecodeError:
            raise HTTPException(400, "the request body must be a JSON object (UTF-8)") from None
        except TrackwrightError as exc:
            if exc.code == "not-json":
                raise HTTPException(
                    400, f"the request body must be a JSON object ({exc.message})"
                ) from None
            raise HTTPException(422, str(exc)) from None


class _Route(APIRoute):
    """Every route of the API reads its body as :class:`_JsonBody`."""

    def get_route_handler(self):
        handle = super().get_route_handler()

        async def route(request: Request) -> Response:
            return await handle(_JsonBody(request.scope, request.receive))

        return route


# ---------------------------------------------------------------- the key and the Host header


def _server_key(db: Path, rotate: bool = False) -> str:
    """The LAN key, kept beside the database (readable by its owner only), so that phones keep
    their URL when the server restarts; ``rotate`` makes a new one (old URLs stop working)."""
    path = db.with_name(db.name + ".key")
    if path.is_file() and not rotate:
        text = path.read_text("ascii").strip()
        if len(text) >= 20:
            return text
    text = secrets.token_urlsafe(18)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text.encode("ascii"))
    path.chmod(0o600)
    return text


def _addressed_to(host: str, hosts: Collection[str]) -> bool:
    """Whether a Host header names one of ``hosts`` (any port; IPv6 in brackets or not)."""
    host = host.lower()
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.strip("[]") in {h.strip("[]") for h in hosts}


def _check_host(scope: Any, hosts: Collection[str] | None) -> None:
    """Answer only requests addressed to one of this server's own names (a page on another
    site cannot reach it through a DNS name it controls: DNS rebinding)."""
    if hosts is None:
        return
    host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
    if not _addressed_to(host, hosts):
        raise HTTPException(
            421, "this server answers only to its own address: open the URL it printed"
        )


def own_host(request: Request, server: ServerDep) -> None:
    """Dependency of the whole app: the request is addressed to the server's own name."""
    _check_host(request.scope, server.hosts)


def _same(given: str, secret: str) -> bool:
    """Whether a credential sent is the secret, in constant time. Compared as UTF-8 bytes: a
    header (read as Latin-1) or a query parameter may hold any character, and comparing a str
    that is not ASCII raises (a 500, not the 403 the sender should read)."""
    return secrets.compare_digest(
        given.encode("utf-8", "surrogatepass"), secret.encode("utf-8", "surrogatepass")
    )


def _from_url(request: Request, name: str) -> str:
    """A credential given in the URL counts only for reading (no CSRF)."""
    return request.query_params.get(name, "") if request.method in SAFE_METHODS else ""


def _key_ok(request: Request, server: Server, given: str | None) -> bool:
    """Whether the request carries the server key (always, outside LAN mode)."""
    if not server.lan:
        return True
    return _same(given or _from_url(request, "key"), server.key)


def server_key(request: Request, server: ServerDep, key: KeyHeader = None) -> None:
    """Dependency of the games and maps routers: the request carries the server key."""
    if not _key_ok(request, server, key):
        raise HTTPException(403, "this server needs its key: open the URL it printed")


def _stored(server: Server, gid: str) -> Game:
    """The game ``gid`` as stored now, or 404."""
    game = server.store.get(gid)
    if game is None:
        raise HTTPException(404, f"no game {gid[:40]!r}")
    return game


def game_token(gid: str, request: Request, server: ServerDep, token: TokenHeader = None) -> Game:
    """Dependency of the one-game routes: the game exists, and the request carries its token."""
    game = _stored(server, gid)
    given = token or _from_url(request, "token")
    if server.lan and not _same(given, game.token):
        raise HTTPException(403, "this game needs its token: open the game's own URL")
    return game


GameDep = Annotated[Game, Depends(game_token)]


# ---------------------------------------------------------------- errors as 4xx


async def bad_input(_request: Request, exc: Exception) -> JSONResponse:
    """A record, map or rules file the core refused: 422 with its message."""
    return JSONResponse({"detail": str(exc)}, status_code=422)


def _not_an_object(first: dict[str, Any]) -> bool:
    """Whether a request's first validation error is a body that is not a JSON object."""
    if first.get("type") == "json_invalid":
        return True
    return tuple(first.get("loc", ()))[:1] == ("body",) and first.get("type") == "dict_type"


async def bad_request(_request: Request, exc: Exception) -> JSONResponse:
    """A request FastAPI could not read: 400 for a body that is no JSON object, else 422."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    if _not_an_object(first):
        return JSONResponse({"detail": "the request body must be a JSON object"}, status_code=400)
    where = ".".join(str(p) for p in first.get("loc", ()))
    return JSONResponse(
        {"detail": f"{where}: {first.get('msg', 'invalid request')}"}, status_code=422
    )


async def stale(_request: Request, exc: Exception) -> JSONResponse:
    """A change made against an older version of the game: 409, with the version now."""
    assert isinstance(exc, StaleVersion)
    return JSONResponse(
        {
            "detail": f"This game was changed on another device (it is at version "
            f"{exc.current}, you had {exc.given}). Reload to see the change, then "
            "try again.",
            "version": exc.current,
        },
        status_code=409,
    )


# ---------------------------------------------------------------- records


def _need_record(record: dict[str, Any]) -> None:
    """A record the server keeps: its map and rules named (built-in) or embedded, never a
    path, whatever the path (the same answer for a file that exists and one that does not);
    then checked completely by its engine."""
    for field_name in ("map", "rules"):
        ref = record.get(field_name)
        if isinstance(ref, str) and mapfile.is_path_ref(ref):
            raise HTTPException(
                422,
                f"$.{field_name}: the server does not read files; name a built-in or "
                f"embed the {field_name} file in the record",
            )
    games.check(record)


def _need_same_game(game: Game, record: dict) -> None:
    """The record is of the stored game's game."""
    if games.game_of(record) != game.game:
        raise HTTPException(422, f"this is a {game.game} game, not {record.get('game')}")


MAX_VERSION_DIGITS = 15  # a game changed once a second for 30 million years has 15 digits


def _version_of(if_match: str | None) -> int | None:
    """The game version an If-Match header names (none: any version). Only ASCII digits count:
    ``str.isdigit`` also takes '²' (a Latin-1 byte of a header), which ``int`` refuses, and
    ``int`` refuses over 4,300 digits."""
    if if_match is None:
        return None
    text = if_match.strip().strip('"')
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_VERSION_DIGITS):
        raise HTTPException(400, f"If-Match must be a game version number, not {if_match[:40]!r}")
    return int(text)


def _answer(server: Server, game: Game) -> dict[str, Any]:
    """What a change answers: the game's id, game and version (and token, in LAN mode)."""
    return {
        "id": game.id,
        "game": game.game,
        "version": game.version,
        **({"token": game.token} if server.lan else {}),
    }


def _listed(server: Server, game: Game) -> dict[str, Any]:
    """One game of the server's list, with what tells games of the same players apart: when it
    was started and last changed, its map (an embedded map by its own name)."""
    ref = game.record.get("map")
    name = ref.get("name") if isinstance(ref, dict) else ref
    return {
        "id": game.id,
        "game": game.game,
        "version": game.version,
        "created": game.created,
        "updated": game.updated if game.updated is not None else game.created,
        "players": game.record.get("players", []),
        "map": ref if isinstance(ref, str) else "embedded",
        "map_name": name[:60] if isinstance(name, str) else None,
        **({"token": game.token} if server.lan else {}),
    }


# ---------------------------------------------------------------- the server itself
# The route functions have no docstring: FastAPI would publish it as the route's description in
# the OpenAPI document; what each does is its summary, in its router.


def hello(request: Request, server: ServerDep, key: KeyHeader = None):
    ok = _key_ok(request, server, key)
    url = server.url
    link = f"{url.rstrip('/')}/?key={server.key}" if (url and server.lan) else url
    qr = None
    if ok and link:
        qr = segno.make(link, error="m").svg_inline(scale=4)
    return {
        "trackwright": VERSION,
        "lan": server.lan,
        "key_ok": ok,
        "url": link if ok else None,
        "qr": qr,
    }


def catalogue():
    return bridge.catalogue()


def _server_router() -> APIRouter:
    """The routes that need no key: what the server is, and what it scores."""
    router = APIRouter(route_class=_Route)
    router.add_api_route(
        "/api/hello", hello, summary="Is this a trackwright server, and is the key right?"
    )
    router.add_api_route("/api/catalogue", catalogue, summary="The games this server scores")
    return router


# ---------------------------------------------------------------- games (the server key)


def create_game(record: RecordBody, server: ServerDep):
    _need_record(record)
    game = server.store.create(games.game_of(record), record)
    return _answer(server, game)


def list_games(server: ServerDep):
    return [_listed(server, g) for g in server.store.list()]


def _games_router(record_openapi: dict[str, Any]) -> APIRouter:
    """Starting and listing games: the server key."""
    router = APIRouter(dependencies=[Depends(server_key)], route_class=_Route)
    router.add_api_route(
        "/api/games",
        create_game,
        methods=["POST"],
        status_code=201,
        openapi_extra=record_openapi,
        summary="Start a game from a record",
    )
    router.add_api_route("/api/games", list_games, summary="The games on this server")
    return router


# ---------------------------------------------------------------- one game (its token)


def get_game(game: GameDep, response: Response, if_none_match: IfNoneMatch = None):
    etag = f'"{game.version}"'
    if if_none_match is not None and if_none_match.strip() == etag:
        return Response(status_code=304, headers={"ETag": etag})
    response.headers["ETag"] = etag
    return game.record


def put_game(
    gid: str, game: GameDep, record: RecordBody, server: ServerDep, if_match: IfMatch = None
):
    _need_same_game(game, record)
    _need_record(record)
    try:
        updated = server.store.update(gid, record, _version_of(if_match))
    except KeyError:
        raise HTTPException(404, f"no game {gid!r}") from None
    server.waiters.changed(gid)
    return _answer(server, updated)


def _sync_body(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The version a device started from and its record, from a sync request's body."""
    base, record = body.get("base"), body.get("record")
    if not isinstance(base, int) or isinstance(base, bool) or not isinstance(record, dict):
        raise HTTPException(422, 'send {"base": version, "record": {...}}')
    return base, record


def _conflict(game: Game, result: dict[str, Any] | None) -> JSONResponse:
    """The 409 of a sync that cannot be merged: the conflicts and the stored record."""
    return JSONResponse(
        {
            "detail": "this game was changed on another device in the same places",
            "conflicts": (result or {}).get("conflicts", []),
            "error": (result or {}).get("error")
            or (None if result else "the version you started from is unknown"),
            "version": game.version,
            "record": game.record,
        },
        status_code=409,
    )


def _merged_onto(
    store: Store, game: Game, base: int, record: dict[str, Any]
) -> tuple[dict[str, Any], bool] | JSONResponse:
    """The record to store over ``game`` and whether it is a merge, or the 409 of a conflict."""
    if base == game.version:
        return record, False
    before = store.record_at(game.id, base) if 0 < base < game.version else None
    result = bridge.merged(before, record, game.record) if before is not None else None
    if result is None or result["conflicts"] or result["error"]:
        return _conflict(game, result)
    return result["record"], True


def sync_game(gid: str, game: GameDep, body: JsonBody, server: ServerDep):
    """``{"base": version the device started from, "record": its record}``. Answers the
    stored version and record; when another device had changed the game meanwhile and the
    changes are to different things, the merge (``merged``: true). A real conflict, or a
    merge that breaks a rule, is a 409 with the conflicts and the stored record, and nothing
    is stored: the device decides."""
    base, record = _sync_body(body)
    _need_same_game(game, record)
    _need_record(record)
    # Another device's change may land between reading the game and storing this one:
    # then merge again with that change too.
    for _attempt in range(SYNC_ATTEMPTS):
        game = _stored(server, gid)
        merge = _merged_onto(server.store, game, base, record)
        if isinstance(merge, JSONResponse):
            return merge
        mine, merged = merge
        try:
            stored = server.store.sync(gid, mine, game.version, merged=merged)
        except StaleVersion:
            continue
        except KeyError:
            raise HTTPException(404, f"no game {gid!r}") from None
        server.waiters.changed(gid)
        return {**_answer(server, stored), "record": stored.record, "merged": merged}
    raise HTTPException(409, "the game is changing too fast on other devices: try again")


def undo_game(gid: str, game: GameDep, server: ServerDep, if_match: IfMatch = None):
    try:
        undone = server.store.undo(gid, _version_of(if_match))
    except NothingToUndo:
        raise HTTPException(409, "there is nothing to undo") from None
    server.waiters.changed(gid)
    return _answer(server, undone)


def _wait_args(version: str, timeout: str | None) -> tuple[int, float]:
    """The version a device has and how long it waits (seconds, at most WAIT_LONGEST)."""
    text = version.strip().strip('"')
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_VERSION_DIGITS):
        raise HTTPException(422, f"version must be a game version number, not {version[:40]!r}")
    seen = int(text)
    try:
        seconds = WAIT_DEFAULT if timeout is None else float(timeout)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= WAIT_LONGEST:
        raise HTTPException(422, f"timeout is a number of seconds from 0 to {WAIT_LONGEST:g}")
    return seen, seconds


def _changed_answer(game: Game) -> Response:
    """A game's record as GET /api/games/{id} answers it, its version as the ETag."""
    return JSONResponse(game.record, headers={"ETag": f'"{game.version}"'})


async def wait_game(
    gid: str,
    game: GameDep,
    request: Request,
    server: ServerDep,
    version: str,
    timeout: str | None = None,
):
    seen, seconds = _wait_args(version, timeout)
    if game.version != seen:
        return _changed_answer(game)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    with server.waiters.waiting(gid) as woken:
        if woken is None:
            return JSONResponse(
                {"detail": "too many devices are waiting on this game: ask again shortly"},
                status_code=429,
                headers={"Retry-After": "2"},
            )
        while (left := deadline - loop.time()) > 0:
            with suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), min(left, WAIT_RECHECK))
            woken.clear()
            if await request.is_disconnected():
                break  # the device has gone (a reload): its place is free at once
            now = await run_in_threadpool(server.store.get, gid)
            if now is None:
                raise HTTPException(404, f"no game {gid[:40]!r}")
            if now.version != seen:
                return _changed_answer(now)
    return Response(status_code=304, headers={"ETag": f'"{seen}"'})


def score_game(game: GameDep):
    return games.score(game.record)


def _game_router(record_openapi: dict[str, Any]) -> APIRouter:
    """One game's record, changes, sync, undo and score: the game's token (``GameDep``)."""
    router = APIRouter(route_class=_Route)
    router.add_api_route("/api/games/{gid}", get_game, summary="A game's record (its export)")
    router.add_api_route(
        "/api/games/{gid}",
        put_game,
        methods=["PUT"],
        openapi_extra=record_openapi,
        summary="Replace a game's record (one change, stored at once)",
    )
    router.add_api_route(
        "/api/games/{gid}/sync",
        sync_game,
        methods=["POST"],
        summary="A device's changes: stored, or merged with changes it had not seen",
        responses={409: {"description": "a conflict: the same thing changed on two devices"}},
    )
    router.add_api_route(
        "/api/games/{gid}/wait",
        wait_game,
        summary="A game's record as soon as its version is not ?version= (the long poll)",
        description="Answers at once when the game is at another version than `version`, else "
        "as soon as it changes (the record, its version as the ETag), or 304 after `timeout` "
        f"seconds (default {WAIT_DEFAULT:g}, at most {WAIT_LONGEST:g}); 429 when "
        f"{WAITERS_PER_GAME} devices already wait on the game.",
        responses={
            304: {"description": "no change within the timeout"},
            429: {"description": "too many devices waiting on this game"},
        },
    )
    router.add_api_route(
        "/api/games/{gid}/undo", undo_game, methods=["POST"], summary="Undo the last change"
    )
    router.add_api_route(
        "/api/games/{gid}/score",
        score_game,
        summary="The score, as `trackwright score --json`",
    )
    return router


# ---------------------------------------------------------------- maps, by name only (the key)


def _known_maps(server: Server) -> dict[str, dict[str, Any]]:
    """The maps the server offers, by content hash: the built-ins, the kits' maps in
    ``output/`` and the uploaded ones. Nothing else is ever read."""
    found = {m.sha256: m for m in site_builder.collect_maps([], server.output)}
    if server.uploads.is_dir():
        for path in sorted(server.uploads.glob("*.json")):
            try:
                m = site_builder.map_file(path, "uploaded")
            except TrackwrightError:
                continue
            found.setdefault(m.sha256, m)
    return {sha: {**m.index(), "data": m.data} for sha, m in found.items()}


def _map_by_hash(server: Server, sha: str) -> dict[str, Any]:
    """A known map by its content hash, or 404."""
    if not (len(sha) == 64 and all(c in "0123456789abcdef" for c in sha)):
        raise HTTPException(404, "no such map")
    found = _known_maps(server).get(sha)
    if found is None:
        raise HTTPException(404, "no such map")
    return found


def list_maps(server: ServerDep):
    return [
        {k: v for k, v in m.items() if k not in ("data", "file", "boards")}
        for m in _known_maps(server).values()
    ]


def get_map(sha: str, server: ServerDep):
    return _map_by_hash(server, sha)["data"]


def get_board(game: str, sha: str, server: ServerDep, lang: str = "en"):
    if lang not in site_builder.LANGS:
        raise HTTPException(422, f"unknown language {lang[:10]!r}")
    found = _map_by_hash(server, sha)
    if found["game"] != game:
        raise HTTPException(404, "no such map")
    return Response(
        site_builder.board_json(game, found["data"], lang), media_type="application/json"
    )


def upload_map(data: JsonBody, server: ServerDep):
    games.check_map(data)
    text = mapfile.dumps(data)
    sha = mapfile.content_hash(data)
    write_atomic(server.uploads / f"{sha}.json", text)
    return {"game": data["game"], "sha256": sha, "name": data.get("name", sha[:12])}


def _print_request(body: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    """The map, language and paper of a print request, or a readable 422."""
    data = body.get("map")
    if not isinstance(data, dict):
        raise HTTPException(422, 'send {"map": {...the map file...}, "lang": "en", "paper": "a4"}')
    lang = body.get("lang", "en")
    if lang not in site_builder.LANGS:
        raise HTTPException(422, f"unknown language {str(lang)[:10]!r}: one of {LANGS}")
    paper = body.get("paper", "a4")
    if paper not in PRINT_PAPERS:
        raise HTTPException(422, f"unknown paper {str(paper)[:10]!r}: one of {PRINT_PAPERS}")
    return data, lang, paper


async def print_map(body: JsonBody, server: ServerDep) -> Response:
    if server.make_kit is None:
        raise HTTPException(404, "this server makes no kits (start it with trackwright serve)")
    data, lang, paper = _print_request(body)
    games.check_map(data)  # the game's own loader: a map it refuses is a 422 saying why
    files = await run_in_threadpool(server.make_kit, data, lang, paper)
    pdfs = {name: content for name, content in sorted(files.items()) if name.endswith(".pdf")}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in pdfs.items():
            z.writestr(name, content)
        z.writestr("map.json", mapfile.dumps(data))
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in str(data.get("name", "map")))
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{stem[:60] or "map"}-kit.zip"'},
    )


def _whole(body: dict[str, Any], name: str, low: int, high: int) -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HTTPException(422, f"{name} must be a whole number from {low} to {high}")
    return value


async def random_start(body: JsonBody, server: ServerDep):
    if server.make_random is None:
        raise HTTPException(404, "this server makes no maps (start it with trackwright serve)")
    game = registry.get(body.get("game"), "$.game").name
    cols = _whole(body, "cols", 1, RANDOM_SIDE)
    rows = _whole(body, "rows", 1, RANDOM_SIDE)
    seed = _whole(body, "seed", 0, 2**53)
    lang = body.get("lang", "en")
    if lang not in LANGS:
        raise HTTPException(422, f"unknown language {str(lang)[:10]!r}: one of {LANGS}")
    return await run_in_threadpool(server.make_random, game, cols, rows, seed, lang)


def _edit_router() -> APIRouter:
    """The map editor's "Print this map": the kit made from the map sent (never a path)."""
    router = APIRouter(dependencies=[Depends(server_key)], route_class=_Route)
    router.add_api_route(
        "/api/edit/print",
        print_map,
        methods=["POST"],
        summary="Make the kit of a map file sent in the body: a zip of its PDFs",
        response_class=Response,
    )
    router.add_api_route(
        "/api/edit/random",
        random_start,
        methods=["POST"],
        summary="A random map of a game and size to start the map editor from",
    )
    return router


def _maps_router() -> APIRouter:
    """The maps to start a game on, their boards, and uploads: the server key."""
    router = APIRouter(dependencies=[Depends(server_key)], route_class=_Route)
    router.add_api_route("/api/maps", list_maps, summary="Maps to start a game on")
    router.add_api_route("/api/maps/{sha}", get_map, summary="A map file, by its content hash")
    router.add_api_route(
        "/api/boards/{game}/{sha}",
        get_board,
        summary="A map's printed board (SVG) and its places",
    )
    router.add_api_route(
        "/api/maps",
        upload_map,
        methods=["POST"],
        status_code=201,
        summary="Upload a map file (map.json)",
    )
    return router


# ---------------------------------------------------------------- the phone app


class Site(StaticFiles):
    """The phone app's folder, served at ``/`` to requests addressed to the server's own names
    (the mount is outside the routers, so it checks the Host header itself)."""

    def __init__(self, directory: Path, hosts: frozenset[str] | None) -> None:
        super().__init__(directory=str(directory), html=True)
        self.hosts = hosts

    async def get_response(self, path: str, scope: Any) -> Response:
        _check_host(scope, self.hosts)
        return await super().get_response(path, scope)


# ---------------------------------------------------------------- the app


def create_app(
    db: Path,
    lan: bool = False,
    key: str | None = None,
    output: Path = Path("output"),
    allowed_hosts: Collection[str] | None = None,
    rotate_key: bool = False,
    site: Path | None = None,
    url: str | None = None,
    make_kit: KitMaker | None = None,
    make_random: RandomMaker | None = None,
) -> FastAPI:
    """The scorer. ``site``: the phone app's folder (``trackwright site``), served at ``/``.
    ``lan``: every request needs the server key or the game's token, and a request that changes
    something must carry it in a header (X-Trackwright-Key, X-Game-Token), never only in the URL,
    so that another site's page cannot make a phone's browser change a game. ``allowed_hosts``:
    the names the server answers to (the Host header). ``url``: the address phones open (shown
    with its QR code on the page). ``make_kit``: how a map's kit is made, for the map editor's
    "Print this map" (none: the server makes no kits); ``make_random``: how a random map is
    made for the editor's "random" start (none: it makes none)."""
    server = Server(
        store=Store(db),
        key=key or _server_key(db, rotate=rotate_key),
        lan=lan,
        output=output,
        uploads=db.parent / "maps",
        url=url,
        hosts=None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts),
        make_kit=make_kit,
        make_random=make_random,
    )
    app = FastAPI(
        title="trackwright scorer",
        version=VERSION,
        docs_url=None,  # the interactive docs pages load scripts from a CDN: not here
        redoc_url=None,
        description=DESCRIPTION,
        dependencies=[Depends(own_host)],
    )
    app.state.server = server
    app.state.store = server.store
    app.state.key = server.key
    app.state.lan = lan
    app.add_exception_handler(TrackwrightError, bad_input)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(StaleVersion, stale)
    record_openapi = _record_openapi()
    app.include_router(_server_router())
    app.include_router(_games_router(record_openapi))
    app.include_router(_game_router(record_openapi))
    app.include_router(_maps_router())
    app.include_router(_edit_router())
    if site is not None:
        app.mount("/", Site(site, server.hosts), name="site")
    app.add_middleware(BodyLimit)
    return app
