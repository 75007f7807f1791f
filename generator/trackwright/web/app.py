"""The laptop's part of the scorer: it serves the phone app (the folder ``trackwright site``
writes) and keeps a durable copy of every game in SQLite, which phones push to and pull from.

The JSON API takes exactly the CLI's game records, whose map is a built-in name or embedded:
no request ever makes the server read a file by a path it was sent. In LAN mode every request
needs the server's key (creating and listing games) or the game's own token (everything about
one game); both are unguessable and travel in the URL the server prints (and its QR code).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection
from pathlib import Path
from typing import Annotated, Any

import segno
from fastapi import Body, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from trackwright import games as registry
from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_atomic
from trackwright.play import bridge
from trackwright.version import VERSION
from trackwright.web import games
from trackwright.web import site as site_builder
from trackwright.web.store import NothingToUndo, StaleVersion, Store

MAX_BODY = mapfile.MAX_BYTES  # bytes: a record with its map embedded, as a map file may be

# Parameter types (module level: FastAPI resolves the annotations here).
KeyHeader = Annotated[str | None, Header(alias="X-Trackwright-Key")]
TokenHeader = Annotated[str | None, Header(alias="X-Game-Token")]
IfMatch = Annotated[str | None, Header(alias="If-Match")]
RecordBody = Annotated[dict[str, Any], Body()]


def _record_schema() -> dict[str, Any]:
    """Every game's record schema, for the OpenAPI description of request bodies."""
    return {
        "oneOf": [
            {k: v for k, v in g.record_schema_json().items() if k not in ("$schema", "$id")}
            for g in registry.games().values()
        ]
    }


class BodyLimit:
    """Refuse request bodies over MAX_BODY bytes with 413, however they are sent."""

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


class _TooLarge(Exception):
    pass


async def _too_large(send) -> None:
    body = json.dumps({"detail": f"the request body is over {MAX_BODY} bytes"}).encode()
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


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class HostCheck:
    """Answer only requests addressed to one of this server's own names (a page on another
    site cannot reach it through a DNS name it controls: DNS rebinding)."""

    def __init__(self, app, hosts: Collection[str]) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1").lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name.strip("[]") not in {h.strip("[]") for h in self.hosts}:
            body = json.dumps(
                {"detail": "this server answers only to its own address: open the URL it printed"}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 421,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return None
        return await self.app(scope, receive, send)


def create_app(
    db: Path,
    lan: bool = False,
    key: str | None = None,
    output: Path = Path("output"),
    allowed_hosts: Collection[str] | None = None,
    rotate_key: bool = False,
    site: Path | None = None,
    url: str | None = None,
) -> FastAPI:
    """The scorer. ``site``: the phone app's folder (``trackwright site``), served at ``/``.
    ``lan``: every request needs the server key or the game's token, and a request that changes
    something must carry it in a header (X-Trackwright-Key, X-Game-Token), never only in the URL,
    so that another site's page cannot make a phone's browser change a game. ``allowed_hosts``:
    the names the server answers to (the Host header). ``url``: the address phones open (shown
    with its QR code on the page)."""
    store = Store(db)
    server_key = key or _server_key(db, rotate=rotate_key)
    uploads = db.parent / "maps"
    app = FastAPI(
        title="trackwright scorer",
        version=VERSION,
        docs_url=None,  # the interactive docs pages load scripts from a CDN: not here
        redoc_url=None,
        description="Score TransAmerica, Dampfross and La Strada at the table. Records are the "
        "same JSON the command line scores, with the map a built-in name or embedded; scores are "
        "the same JSON `trackwright score GAME --json` prints. In LAN mode send the server key as "
        "`X-Trackwright-Key` (or `?key=`) and each game's token as `X-Game-Token` (or `?token=`).",
    )
    app.state.store = store
    app.state.key = server_key
    app.state.lan = lan

    # ---------------------------------------------------------------- errors as 4xx
    @app.exception_handler(TrackwrightError)
    async def bad_input(_request: Request, exc: TrackwrightError):
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        if first.get("type") == "json_invalid" or (
            tuple(first.get("loc", ()))[:1] == ("body",) and first.get("type") == "dict_type"
        ):
            return JSONResponse(
                {"detail": "the request body must be a JSON object"}, status_code=400
            )
        where = ".".join(str(p) for p in first.get("loc", ()))
        return JSONResponse(
            {"detail": f"{where}: {first.get('msg', 'invalid request')}"}, status_code=422
        )

    @app.exception_handler(StaleVersion)
    async def stale(_request: Request, exc: StaleVersion):
        return JSONResponse(
            {
                "detail": f"This game was changed on another device (it is at version "
                f"{exc.current}, you had {exc.given}). Reload to see the change, then "
                "try again.",
                "version": exc.current,
            },
            status_code=409,
        )

    def from_url(request: Request, name: str) -> str:
        """A credential given in the URL counts only for reading (no CSRF)."""
        return request.query_params.get(name, "") if request.method in SAFE_METHODS else ""

    def key_ok(request: Request, given: str | None) -> bool:
        return not lan or secrets.compare_digest(given or from_url(request, "key"), server_key)

    def need_key(request: Request, given: str | None) -> None:
        if not key_ok(request, given):
            raise HTTPException(403, "this server needs its key: open the URL it printed")

    def need_game(request: Request, gid: str, token: str | None):
        game = store.get(gid)
        if game is None:
            raise HTTPException(404, f"no game {gid[:40]!r}")
        given = token or from_url(request, "token")
        if lan and not secrets.compare_digest(given, game.token):
            raise HTTPException(403, "this game needs its token: open the game's own URL")
        return game

    def need_record(record: dict[str, Any]) -> None:
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

    def need_same_game(game, record: dict) -> None:
        if games.game_of(record) != game.game:
            raise HTTPException(422, f"this is a {game.game} game, not {record.get('game')}")

    def version_of(if_match: str | None) -> int | None:
        if if_match is None:
            return None
        text = if_match.strip().strip('"')
        if not text.isdigit():
            raise HTTPException(400, f"If-Match must be a game version number, not {if_match!r}")
        return int(text)

    record_openapi = {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": _record_schema()}},
        }
    }

    def answer(game) -> dict[str, Any]:
        return {
            "id": game.id,
            "game": game.game,
            "version": game.version,
            **({"token": game.token} if lan else {}),
        }

    # ---------------------------------------------------------------- the API
    @app.get("/api/hello", summary="Is this a trackwright server, and is the key right?")
    def hello(request: Request, key: KeyHeader = None):
        ok = key_ok(request, key)
        link = f"{url.rstrip('/')}/?key={server_key}" if (url and lan) else url
        qr = None
        if ok and link:
            qr = segno.make(link, error="m").svg_inline(scale=4)
        return {
            "trackwright": VERSION,
            "lan": lan,
            "key_ok": ok,
            "url": link if ok else None,
            "qr": qr,
        }

    @app.post(
        "/api/games",
        status_code=201,
        openapi_extra=record_openapi,
        summary="Start a game from a record",
    )
    def create_game(request: Request, record: RecordBody, key: KeyHeader = None):
        need_key(request, key)
        need_record(record)
        game = store.create(games.game_of(record), record)
        return answer(game)

    @app.get("/api/games", summary="The games on this server")
    def list_games(request: Request, key: KeyHeader = None):
        need_key(request, key)
        return [
            {
                "id": g.id,
                "game": g.game,
                "version": g.version,
                "created": g.created,
                "players": g.record.get("players", []),
                "map": g.record["map"] if isinstance(g.record.get("map"), str) else "embedded",
                **({"token": g.token} if lan else {}),
            }
            for g in store.list()
        ]

    @app.get("/api/games/{gid}", summary="A game's record (its export)")
    def get_game(
        gid: str,
        request: Request,
        response: Response,
        token: TokenHeader = None,
        if_none_match: Annotated[str | None, Header(alias="If-None-Match")] = None,
    ):
        game = need_game(request, gid, token)
        etag = f'"{game.version}"'
        if if_none_match is not None and if_none_match.strip() == etag:
            return Response(status_code=304, headers={"ETag": etag})
        response.headers["ETag"] = etag
        return game.record

    @app.put(
        "/api/games/{gid}",
        openapi_extra=record_openapi,
        summary="Replace a game's record (one change, stored at once)",
    )
    def put_game(
        gid: str,
        request: Request,
        record: RecordBody,
        token: TokenHeader = None,
        if_match: IfMatch = None,
    ):
        need_same_game(need_game(request, gid, token), record)
        need_record(record)
        try:
            updated = store.update(gid, record, version_of(if_match))
        except KeyError:
            raise HTTPException(404, f"no game {gid!r}") from None
        return answer(updated)

    @app.post(
        "/api/games/{gid}/sync",
        summary="A device's changes: stored, or merged with changes it had not seen",
        responses={409: {"description": "a conflict: the same thing changed on two devices"}},
    )
    def sync_game(
        gid: str,
        request: Request,
        body: Annotated[dict[str, Any], Body()],
        token: TokenHeader = None,
    ):
        """``{"base": version the device started from, "record": its record}``. Answers the
        stored version and record; when another device had changed the game meanwhile and the
        changes are to different things, the merge (``merged``: true). A real conflict, or a
        merge that breaks a rule, is a 409 with the conflicts and the stored record, and nothing
        is stored: the device decides."""
        base, record = body.get("base"), body.get("record")
        if not isinstance(base, int) or isinstance(base, bool) or not isinstance(record, dict):
            raise HTTPException(422, 'send {"base": version, "record": {...}}')
        need_same_game(need_game(request, gid, token), record)
        need_record(record)
        # Another device's change may land between reading the game and storing this one:
        # then merge again with that change too.
        for _attempt in range(5):
            game = need_game(request, gid, token)
            merged, mine = False, record
            if base != game.version:
                before = store.record_at(gid, base) if 0 < base < game.version else None
                result = bridge.merged(before, record, game.record) if before is not None else None
                if result is None or result["conflicts"] or result["error"]:
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
                mine, merged = result["record"], True
            try:
                stored = store.sync(gid, mine, game.version, merged=merged)
            except StaleVersion:
                continue
            except KeyError:
                raise HTTPException(404, f"no game {gid!r}") from None
            return {**answer(stored), "record": stored.record, "merged": merged}
        raise HTTPException(409, "the game is changing too fast on other devices: try again")

    @app.post("/api/games/{gid}/undo", summary="Undo the last change")
    def undo_game(gid: str, request: Request, token: TokenHeader = None, if_match: IfMatch = None):
        need_game(request, gid, token)
        try:
            game = store.undo(gid, version_of(if_match))
        except NothingToUndo:
            raise HTTPException(409, "there is nothing to undo") from None
        return answer(game)

    @app.get("/api/games/{gid}/score", summary="The score, as `trackwright score --json`")
    def score_game(gid: str, request: Request, token: TokenHeader = None):
        return games.score(need_game(request, gid, token).record)

    @app.get("/api/catalogue", summary="The games this server scores")
    def catalogue():
        return bridge.catalogue()

    # ---------------------------------------------------------------- maps, by name only
    def known_maps() -> dict[str, dict[str, Any]]:
        """The maps the server offers, by content hash: the built-ins, the kits' maps in
        ``output/`` and the uploaded ones. Nothing else is ever read."""
        found = {m.sha256: m for m in site_builder.collect_maps([], output)}
        if uploads.is_dir():
            for path in sorted(uploads.glob("*.json")):
                try:
                    m = site_builder.map_file(path, "uploaded")
                except TrackwrightError:
                    continue
                found.setdefault(m.sha256, m)
        return {sha: {**m.index(), "data": m.data} for sha, m in found.items()}

    def map_by_hash(sha: str) -> dict[str, Any]:
        if not (len(sha) == 64 and all(c in "0123456789abcdef" for c in sha)):
            raise HTTPException(404, "no such map")
        found = known_maps().get(sha)
        if found is None:
            raise HTTPException(404, "no such map")
        return found

    @app.get("/api/maps", summary="Maps to start a game on")
    def list_maps(request: Request, key: KeyHeader = None):
        need_key(request, key)
        return [
            {k: v for k, v in m.items() if k not in ("data", "file", "boards")}
            for m in known_maps().values()
        ]

    @app.get("/api/maps/{sha}", summary="A map file, by its content hash")
    def get_map(sha: str, request: Request, key: KeyHeader = None):
        need_key(request, key)
        return map_by_hash(sha)["data"]

    @app.get("/api/boards/{game}/{sha}", summary="A map's printed board (SVG) and its places")
    def get_board(game: str, sha: str, request: Request, key: KeyHeader = None, lang: str = "en"):
        need_key(request, key)
        if lang not in site_builder.LANGS:
            raise HTTPException(422, f"unknown language {lang[:10]!r}")
        found = map_by_hash(sha)
        if found["game"] != game:
            raise HTTPException(404, "no such map")
        return Response(
            site_builder.board_json(game, found["data"], lang), media_type="application/json"
        )

    @app.post("/api/maps", status_code=201, summary="Upload a map file (map.json)")
    def upload_map(
        request: Request, data: Annotated[dict[str, Any], Body()], key: KeyHeader = None
    ):
        need_key(request, key)
        games.check_map(data)
        text = mapfile.dumps(data)
        sha = mapfile.content_hash(data)
        write_atomic(uploads / f"{sha}.json", text)
        return {"game": data["game"], "sha256": sha, "name": data.get("name", sha[:12])}

    # ---------------------------------------------------------------- the phone app
    if site is not None:
        app.mount("/", StaticFiles(directory=str(site), html=True), name="site")
    app.add_middleware(BodyLimit)
    if allowed_hosts is not None:
        app.add_middleware(HostCheck, hosts=allowed_hosts)
    return app
