"""Reading and writing map files: versioned JSON checked against the JSON Schema.

Every problem is reported as a TrackwrightError naming the file and the JSON path
(``$.edges[3].cost``), so a person editing a map by hand knows where to look. A game record's
map is a built-in name, a file path or a whole map file embedded in the record
(:func:`record_model`); :func:`portable_record` makes a record that scores the same anywhere.
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from trackwright.core import messages
from trackwright.core.errors import TrackwrightError, quote
from trackwright.core.validation import Problem, compile_schema

FORMAT = "trackwright-map/1"
BUILTIN = "built-in:"
Model = TypeVar("Model")


class MapModel(Protocol):
    """What every game's map model can do: give back its map file's JSON."""

    def to_json(self) -> dict[str, Any]: ...


Built = TypeVar("Built", bound=MapModel)


#: Where each game's data lives (``maps/``, ``rules/``, ``examples/``) when it is not
#: ``templates/<game>/`` (a game from another package), and the JSON Schemas it ships.
_DATA: dict[str, Traversable] = {}
_SCHEMAS: dict[str, dict[str, Any]] = {}


def add_game_data(game: str, folder: Traversable | None, schemas: Mapping[str, Any]) -> None:
    """Tell the map and record loading where a game's data and schemas are (the registry does,
    for a game from another package: :attr:`trackwright.games.Game.data`)."""
    if folder is not None:
        _DATA[game] = folder
    if any(_SCHEMAS.get(name) != value for name, value in schemas.items()):
        _SCHEMAS.update(schemas)
        schema.cache_clear()
        validator.cache_clear()


def data_folder(game: str) -> Traversable:
    """A game's data folder: ``templates/<game>/``, or where its own package keeps it."""
    return _DATA.get(game) or files("trackwright.templates").joinpath(game)


@cache
def schema(name: str = "map") -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) shipped in core/schema/<name>.schema.json (or by a game
    from another package); ``map:<game>`` is the map schema narrowed to one game (its part,
    ``$defs/<game>``, required)."""
    if name in _SCHEMAS:
        return _SCHEMAS[name]
    if name.startswith("map:"):
        return game_map_schema(name.removeprefix("map:"))
    text = files("trackwright.core").joinpath(f"schema/{name}.schema.json").read_text("utf-8")
    return json.loads(text)


def game_map_schema(game: str) -> dict[str, Any]:
    """The map schema for one game's map files."""
    base = schema("map")
    if game not in base["$defs"]:
        raise TrackwrightError.of("schema.no-game", "map.schema.json", game=repr(game))
    game_key = {**base["properties"]["game"], "const": game}
    return {
        **base,
        "properties": {**base["properties"], "game": game_key},
        "allOf": [{"$ref": f"#/$defs/{game}"}],
    }


@cache
def validator(name: str = "map") -> Callable[[Any], Problem | None]:
    """The schema compiled once per process into a pure-Python check."""
    return compile_schema(schema(name))


def json_path(parts: Iterable[str | int]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


#: The largest map, record, region or rules file read. The shipped files are under 50 kB; a
#: record at every cap of its schema (100 TransAmerica rounds of 200 turns, Dampfross races with
#: routes of 1,000 hexes) stays under 3 MB, and a region traced in fine detail under 5 MB. Dense
#: JSON of small objects grows about 25 times as Python objects: 10 MB of it take some 250 MB and
#: 2 s to parse and refuse, the most a command (or a phone's browser) should spend on a file
#: before it can say that the file is wrong. (At 20 MB a process capped at 512 MB runs out.)
MAX_BYTES = 10_000_000
#: How deep objects and lists may nest. Map files nest 5 deep (decor, mountains, a ring, a point,
#: a number), records 6; keys of one's own (``x-...``) get room to spare. Python's parser and
#: every recursive walk of the data stay far from the interpreter's recursion limit.
MAX_DEPTH = 32
#: The longest number literal (digits, sign, point and exponent). No number of any game has more
#: than a few digits; a float needs 17 significant digits.
MAX_NUMBER_CHARS = 40


class _Refused(Exception):
    """A value the parser met that trackwright refuses (its message, and the literal)."""

    def __init__(self, code: str, literal: str, /, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self.literal = literal


def _number(convert: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(literal: str) -> Any:
        if len(literal) > MAX_NUMBER_CHARS:
            raise _Refused("json.number.long", literal, chars=len(literal), most=MAX_NUMBER_CHARS)
        value = convert(literal)
        if isinstance(value, float) and not math.isfinite(value):
            raise _Refused("json.number.range", literal, number=quote(literal))
        return value

    return parse


def _constant(literal: str) -> Any:
    raise _Refused("json.number.not", literal, value=literal)


_parse_int, _parse_float = _number(int), _number(float)


def _refused(exc: _Refused, text: str, where: str) -> TrackwrightError:
    """The error of a refused literal, at its line and column when it is found in the text."""
    at = text.find(exc.literal)
    if at < 0:
        return TrackwrightError.of(exc.code, where, **exc.params)
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind(chr(10), 0, at) + 1) + 1
    return TrackwrightError.of(f"{exc.code}.at", where, **exc.params, line=line, column=column)


#: Python's words for JSON that does not parse, and the catalogue's codes for them.
JSON_REASONS = {
    "Expecting value": "json.value",
    "Expecting ',' delimiter": "json.comma",
    "Expecting ':' delimiter": "json.colon",
    "Expecting property name enclosed in double quotes": "json.name",
    "Unterminated string starting at": "json.string",
    "Invalid control character at": "json.control",
    "Invalid \\escape": "json.escape",
    "Invalid \\uXXXX escape": "json.unicode",
    "Extra data": "json.extra",
}


def _not_json(exc: json.JSONDecodeError, where: str) -> TrackwrightError:
    """The error of text that is not JSON, in the catalogue's words when Python's are known."""
    known = JSON_REASONS.get(exc.msg)
    reason = messages.part(known) if known else exc.msg
    return TrackwrightError.of("not-json", where, reason=reason, line=exc.lineno, column=exc.colno)


def parse_json(text: str, where: str) -> Any:
    """Parse JSON text as trackwright reads every file: standard JSON only (no NaN or Infinity),
    numbers of at most MAX_NUMBER_CHARS characters, nesting at most MAX_DEPTH deep. Any problem
    is one TrackwrightError naming ``where``."""
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise _not_json(exc, where) from None
    except _Refused as exc:
        raise _refused(exc, text, where) from None
    except RecursionError:
        raise TrackwrightError.of("json.deep", where, most=MAX_DEPTH) from None
    check_shape(data, where)
    _CHECKED[:] = [data]
    return data


# The last document parse_json checked (held, so its id stays its own; one only, so memory
# stays bounded): the schema checks that follow its parsing do not walk it again.
_CHECKED: list[Any] = []


def check_shape(data: Any, where: str) -> None:
    """Refuse what no schema should ever have to walk: nesting deeper than MAX_DEPTH, integers
    of more than MAX_NUMBER_CHARS digits, numbers that are not finite. Files are checked as they
    are parsed; data parsed elsewhere (a request to the web scorer) is checked here before its
    schema. One pass, without recursion."""
    if not isinstance(data, dict | list) or any(data is seen for seen in _CHECKED):
        return
    # One iterator per level of nesting: memory grows with the depth, not with the data.
    stack: list[tuple[Iterator[tuple[str | int, Any]], tuple[str | int, ...]]] = [
        (_items(data), ())
    ]
    while stack:
        items, path = stack[-1]
        for key, item in items:
            if isinstance(item, dict | list):
                if len(path) + 1 >= MAX_DEPTH:
                    raise TrackwrightError.of(
                        "json.deep", f"{where}: {json_path((*path, key)[:8])}...", most=MAX_DEPTH
                    )
                stack.append((_items(item), (*path, key)))
                break
            if isinstance(item, bool):
                continue
            if isinstance(item, int) and item.bit_length() > 3.33 * MAX_NUMBER_CHARS:
                raise TrackwrightError.of(
                    "json.number.digits",
                    f"{where}: {json_path((*path, key))}",
                    most=MAX_NUMBER_CHARS,
                    number=quote(item),
                )
            if isinstance(item, float) and not math.isfinite(item):
                raise TrackwrightError.of(
                    "json.number.not", f"{where}: {json_path((*path, key))}", value=str(item)
                )
        else:
            stack.pop()


def _items(value: dict[str, Any] | list[Any]) -> Iterator[tuple[str | int, Any]]:
    return iter(value.items()) if isinstance(value, dict) else enumerate(value)


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """A file's bytes, read only if it is a regular file of at most ``limit`` bytes: never a
    device (``/dev/zero``), a fifo (opened without waiting for a writer) or a folder, and never
    more than ``limit`` bytes, even from a file that grows while it is read."""
    where = str(path)
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise TrackwrightError.of("file.missing", where) from None
    except (OSError, ValueError) as exc:
        raise TrackwrightError.of("file.unreadable", where, reason=_reason(exc)) from None
    _check_regular(before, where, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise TrackwrightError.of("file.unreadable", where, reason=_reason(exc)) from None
    with os.fdopen(fd, "rb") as handle:
        _check_regular(os.fstat(fd), where, limit)  # the file opened is the file checked
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise TrackwrightError.of("file.unreadable", where, reason=_reason(exc)) from None
    if len(data) > limit:
        raise TrackwrightError.of("file.big.over", where, limit=limit)
    return data


#: The system's reasons a file cannot be read that the catalogue words itself.
ERRNO_REASONS = {
    errno.EACCES: "os.denied",
    errno.EPERM: "os.denied",
    errno.ENOENT: "os.missing",
    errno.EISDIR: "os.folder",
    errno.ENOTDIR: "os.not-folder",
    errno.ENAMETOOLONG: "os.long-name",
    errno.ELOOP: "os.loop",
}


def _reason(exc: Exception) -> object:
    """Why a file cannot be read: in the catalogue's words, or the system's."""
    known = ERRNO_REASONS.get(getattr(exc, "errno", None) or 0)
    if known is not None:
        return messages.part(known)
    return getattr(exc, "strerror", None) or quote(str(exc))


def _check_regular(info: os.stat_result, where: str, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise TrackwrightError.of("file.folder", where)
    if not stat.S_ISREG(info.st_mode):
        raise TrackwrightError.of("file.special", where)
    if info.st_size > limit:
        raise TrackwrightError.of("file.big", where, size=info.st_size, limit=limit)


def is_file(path: Path) -> bool:
    """Path.is_file, but False (not an exception) for a name too long or with a NUL in it."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def read_json(path: Path) -> Any:
    """Parse a JSON file (a regular file of at most MAX_BYTES, see read_bytes and parse_json); a
    missing file or a syntax error names the file and line."""
    raw = read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TrackwrightError.of("file.not-utf8", str(path), byte=exc.start) from None
    return parse_json(text, str(path))


def validate(data: Any, where: str, schema_name: str = "map") -> None:
    """Check data against a schema; raise with the JSON path of the most relevant error."""
    check_shape(data, where)
    if (
        schema_name.startswith("map")
        and isinstance(data, dict)
        and "format" in data
        and data["format"] != FORMAT
    ):
        raise TrackwrightError.of(
            "map.format", f"{where}: $.format", format=quote(data["format"]), reads=repr(FORMAT)
        )
    problem = validator(schema_name)(data)
    if problem is not None:
        raise TrackwrightError(
            problem.message,
            f"{where}: {json_path(problem.path)}",
            code=problem.code,
            params=problem.params,
        )


def validate_for(data: Any, game: str, title: str, where: str, record: bool = False) -> None:
    """Check that ``data`` is a map file (or, with ``record``, a game record) of ``game`` (called
    ``title`` for people), not another game's, and that it is valid against its schema."""
    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != game:
        raise TrackwrightError.of(
            "record.other-game" if record else "map.other-game", where, other=other[:40], game=title
        )
    is_map = isinstance(data, dict) and "format" in data
    if record and is_map:
        raise TrackwrightError.of("record.is-map", where)
    if not record and isinstance(data, dict) and not is_map and "players" in data:
        raise TrackwrightError.of("map.is-record", where)
    validate(data, where, f"{game}-record" if record else f"map:{game}")


def hex_rows(data: dict[str, Any], where: str) -> dict[tuple[int, int], dict[str, Any]]:
    """The ``hexes`` list of a hex map by axial coordinate; a hex listed twice is an error."""
    rows: dict[tuple[int, int], dict[str, Any]] = {}
    for i, raw in enumerate(data["hexes"]):
        h = (raw["q"], raw["r"])
        if h in rows:
            raise TrackwrightError.of("map.hex.twice", f"{where}: $.hexes[{i}]", q=h[0], r=h[1])
        rows[h] = raw
    return rows


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _flat(value: Any) -> bool:
    """Written on one line: scalars, flat objects ({"id": "A3", "x": 90}) and point lists."""
    if isinstance(value, dict):
        return _depth(value) <= 2 and all(not isinstance(v, dict) for v in value.values())
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        return False
    return _depth(value) <= 2


def _dump(value: Any, indent: int) -> str:
    if _flat(value):
        return json.dumps(value, ensure_ascii=False)
    pad, inner = " " * indent, " " * (indent + 1)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [inner + _dump(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def dumps(data: dict[str, Any]) -> bytes:
    """A map as stable JSON bytes that people can read and diff: one node, edge or city a line,
    key order as built, UTF-8, a newline at the end."""
    return (_dump(data, 0) + "\n").encode("utf-8")


def builtin_map_path(game: str, name: str) -> Path | None:
    """The path of a built-in map (templates/<game>/maps/<name>.json) or None."""
    if not name or len(name) > 100 or not name.isprintable():
        return None
    path = Path(str(data_folder(game).joinpath(f"maps/{name}.json")))
    return path if is_file(path) else None


def builtin_names(game: str, kind: str) -> list[str]:
    """The built-in files of one kind (``maps``, ``rules``) of a game: templates/<game>/<kind>/
    (or the game's own data folder, :func:`data_folder`)."""
    folder = data_folder(game).joinpath(kind)
    if not folder.is_dir():
        return []
    return sorted(
        p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json")
    )


def builtin_map_names(game: str) -> list[str]:
    return builtin_names(game, "maps")


def is_path_ref(text: str) -> bool:
    """Whether a map or rules reference is a file path rather than a built-in name: it ends with
    ``.json`` or holds a ``/`` or ``\\``. A path names a file on one computer; the web server,
    which scores records from anywhere, refuses it."""
    return text.endswith(".json") or "/" in text or "\\" in text


def resolve(game: str, ref: str | Path) -> tuple[Path, str]:
    """A map reference, either a built-in name or a path, as (file, how to name it in errors)."""
    text = str(ref)
    if is_path_ref(text):
        return Path(text), text
    builtin = builtin_map_path(game, text)
    if builtin is None:
        names = ", ".join(builtin_map_names(game))
        raise TrackwrightError.of("map.none", text, names=names)
    return builtin, f"{BUILTIN}{text}"


def record_map(game: str, ref: str, base: Path | None, where: str) -> tuple[Path, str]:
    """The map a game record names: a path relative to the record's folder, or a built-in name.
    Errors point at the record's ``$.map``."""
    if is_path_ref(ref):
        target = relative(ref, base)
        if not is_file(target):
            raise TrackwrightError.of(
                "record.map.missing", f"{where}: $.map", ref=quote(ref), at=quote(str(target), 120)
            )
        return target, str(target)
    builtin = builtin_map_path(game, ref)
    if builtin is None:
        names = ", ".join(builtin_map_names(game))
        raise TrackwrightError.of(
            "record.map.unknown", f"{where}: $.map", ref=quote(ref), names=names
        )
    return builtin, f"{BUILTIN}{ref}"


def relative(ref: str | Path, base: Path | None) -> Path:
    """A path a record (in the folder ``base``) names: relative to that folder, not to where the
    command runs."""
    path = Path(ref)
    return path if base is None or path.is_absolute() else base / path


_loaded: dict[tuple[str, str], tuple[tuple[int, int], Any]] = {}


def load_model(path: Path, where: str, build: Callable[[Any, str], Model]) -> Model:
    """``build(parsed JSON, where)`` for a map file. A built-in map is read, validated and built
    once per process and then shared (models are frozen; never change one), unless its file
    changes on disk. Other files are read every time: people edit them between commands."""
    if not where.startswith(BUILTIN):
        return build(read_json(path), where)
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    key = (str(path), where)
    hit = _loaded.get(key)
    if hit is None or hit[0] != stamp:
        hit = (stamp, build(read_json(path), where))
        _loaded[key] = hit
    return hit[1]


# ------------------------------------------------------------------ maps in game records


def content_hash(data: dict[str, Any]) -> str:
    """The SHA-256 (64 lowercase hex characters) of a map: of ``dumps(data)``, the parsed JSON
    written out canonically, so that how a file is indented or spaced does not matter (the order
    of keys and the spelling of numbers, ``1`` or ``1.0``, do). A record names a built-in map
    with this hash (``map_sha256``) so that a trackwright whose built-in map has changed refuses
    the record instead of scoring it on another board; embedded maps are built once per hash."""
    return hashlib.sha256(dumps(data)).hexdigest()


_file_hashes: dict[str, tuple[tuple[int, int], str]] = {}


def file_hash(path: Path) -> str:
    """:func:`content_hash` of a map file, computed once per process while the file stays the
    same on disk."""
    info = path.stat()
    stamp = (info.st_mtime_ns, info.st_size)
    hit = _file_hashes.get(str(path))
    if hit is None or hit[0] != stamp:
        hit = (stamp, content_hash(read_json(path)))
        _file_hashes[str(path)] = hit
    return hit[1]


@contextmanager
def inside(where: str, key: str) -> Iterator[str]:
    """Check a document embedded in a file at ``$.<key>`` (a record's map or rules preset) with
    the loaders of whole files: they are given ``where: $.<key>`` as the file's name, and the
    errors they raise at ``where: $.<key>: $.nodes[3].x`` are located at
    ``where: $.<key>.nodes[3].x``, one JSON path in the file that holds the mistake."""
    inner = f"{where}: $.{key}"
    try:
        yield inner
    except TrackwrightError as exc:
        located = exc.where or inner
        if located.startswith(f"{inner}: $"):
            located = inner + located.removeprefix(f"{inner}: $")
        raise exc.at(located) from None


#: How many built maps embedded in records are kept: the web scorer rebuilds a record's model
#: on every change of the record, and building a map (its schema check, its graph) costs more
#: than scoring a move. A few games at once fit; models are frozen, so sharing them is safe.
EMBEDDED_CACHE = 8
_embedded: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_embedded_lock = threading.Lock()


def embedded_model(game: str, data: Any, where: str, build: Callable[[Any, str], Model]) -> Model:
    """``build`` of a map embedded in the record ``where`` (at ``$.map``), its errors located
    under ``$.map``; a map built lately (the same content, record and loader) is not built
    again."""
    if not isinstance(data, dict):  # the record's schema allows only an object here
        raise TrackwrightError.of("record.map.object", f"{where}: $.map")
    with inside(where, "map") as inner:
        check_shape(data, inner)
        key = (game, content_hash(data), inner, build)
        with _embedded_lock:
            hit = _embedded.get(key)
            if hit is not None:
                _embedded.move_to_end(key)
                return hit
        model = build(data, inner)
    with _embedded_lock:
        _embedded[key] = model
        while len(_embedded) > EMBEDDED_CACHE:
            _embedded.popitem(last=False)
    return model


def record_model(
    game: str,
    data: dict[str, Any],
    base: Path | None,
    where: str,
    build: Callable[[Any, str], Built],
    made: Mapping[str, Callable[[], Built]] | None = None,
) -> Built:
    """The map model of a schema-checked game record ``data`` (read from ``where``, a file in
    the folder ``base``), built by the game's map loader ``build``. Its ``map`` is

    * a whole map file embedded (an object): built as that file would be, errors under
      ``$.map``, so the record scores the same on any computer;
    * a path: a map file relative to the record's folder;
    * a built-in name: a file of ``templates/<game>/maps/``, or one of ``made``, the built-in
      maps a game makes rather than reads (La Strada's ``standard`` board of seed 1).

    With ``map_sha256`` (allowed with a built-in name only) the built-in map's
    :func:`content_hash` must be the one recorded: a record played on another version of a
    built-in map is refused rather than scored on this one."""
    ref = data["map"]
    recorded = data.get("map_sha256")
    if recorded is not None and not isinstance(ref, str):
        raise TrackwrightError.of("record.sha.embedded", f"{where}: $.map_sha256")
    if not isinstance(ref, str):
        return embedded_model(game, ref, where, build)
    if recorded is not None and is_path_ref(ref):
        raise TrackwrightError.of("record.sha.file", f"{where}: $.map_sha256", ref=quote(ref))
    if made is not None and ref in made:
        model = made[ref]()
        if recorded is not None:
            _same_builtin(ref, recorded, content_hash(model.to_json()), where)
        return model
    path, name = record_map(game, ref, base, where)
    if recorded is not None:
        _same_builtin(ref, recorded, file_hash(path), where)
    return load_model(path, name, build)


def _same_builtin(name: str, recorded: str, actual: str, where: str) -> None:
    if recorded != actual:
        raise TrackwrightError.of(
            "record.sha.other",
            f"{where}: $.map_sha256",
            name=quote(name),
            actual=actual[:12],
            recorded=recorded[:12],
        )


def portable_record(
    game: str,
    data: dict[str, Any],
    base: Path | None,
    where: str,
    made: Mapping[str, Callable[[], MapModel]] | None = None,
) -> dict[str, Any]:
    """A copy of a parsed game record (read from ``where`` in the folder ``base``) that scores
    the same on any computer: a map file it names is embedded (its parsed JSON as ``map``), and
    so is a rules preset file (``rules``); a built-in map gets its ``map_sha256`` (unless the
    record has one: that is the version it was played on), so a trackwright whose built-in map
    differs refuses it. ``made``: as for :func:`record_model`. Only the references are read
    here; score the copy to check it."""
    if not isinstance(data, dict) or "map" not in data:
        raise TrackwrightError.of("record.not", where)
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = value
        if key != "map" or not isinstance(value, str):
            continue
        if is_path_ref(value):
            out["map"] = read_json(record_map(game, value, base, where)[0])
        elif "map_sha256" not in data:
            if made is not None and value in made:
                out["map_sha256"] = content_hash(made[value]().to_json())
            else:
                out["map_sha256"] = file_hash(record_map(game, value, base, where)[0])
    rules = data.get("rules")
    if isinstance(rules, str) and rules not in builtin_rules_names(game):
        path = relative(rules, base)
        if not is_file(path):
            raise TrackwrightError.of(
                "record.rules.missing",
                f"{where}: $.rules",
                ref=quote(rules),
                at=quote(str(path), 120),
            )
        out["rules"] = read_json(path)
    return out


def builtin_rules_names(game: str) -> list[str]:
    """The built-in rules presets of a game (templates/<game>/rules/<name>.json)."""
    return builtin_names(game, "rules")
