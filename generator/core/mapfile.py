"""Reading and writing map files: versioned JSON checked against the JSON Schema.

Every problem is reported as a TrackwrightError naming the file and the JSON path
(``$.edges[3].cost``), so a person editing a map by hand knows where to look.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from trackwright.core.errors import TrackwrightError, quote
from trackwright.core.validation import Problem, compile_schema

FORMAT = "trackwright-map/1"
BUILTIN = "built-in:"
Model = TypeVar("Model")


@cache
def schema(name: str = "map") -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) shipped in core/schema/<name>.schema.json; ``map:<game>`` is
    the map schema narrowed to one game (its part, ``$defs/<game>``, required)."""
    if name.startswith("map:"):
        return game_map_schema(name.removeprefix("map:"))
    text = files("trackwright.core").joinpath(f"schema/{name}.schema.json").read_text("utf-8")
    return json.loads(text)


def game_map_schema(game: str) -> dict[str, Any]:
    """The map schema for one game's map files."""
    base = schema("map")
    if game not in base["$defs"]:
        raise TrackwrightError(f"no map schema for the game {game!r}", "map.schema.json")
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

    def __init__(self, message: str, literal: str) -> None:
        super().__init__(message)
        self.message = message
        self.literal = literal


def _number(convert: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(literal: str) -> Any:
        if len(literal) > MAX_NUMBER_CHARS:
            raise _Refused(
                f"a number of {len(literal)} characters (at most {MAX_NUMBER_CHARS})", literal
            )
        value = convert(literal)
        if isinstance(value, float) and not math.isfinite(value):
            raise _Refused(f"the number {quote(literal)} is out of range", literal)
        return value

    return parse


def _constant(literal: str) -> Any:
    raise _Refused(f"{literal} is not a JSON number", literal)


_parse_int, _parse_float = _number(int), _number(float)


def _place(text: str, literal: str) -> str:
    """' at line L, column C' of the first occurrence of a literal (a refused number)."""
    at = text.find(literal)
    if at < 0:
        return ""
    line = text.count("\n", 0, at) + 1
    return f" at line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def parse_json(text: str, where: str) -> Any:
    """Parse JSON text as trackwright reads every file: standard JSON only (no NaN or Infinity),
    numbers of at most MAX_NUMBER_CHARS characters, nesting at most MAX_DEPTH deep. Any problem
    is one TrackwrightError naming ``where``."""
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise TrackwrightError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}", where
        ) from None
    except _Refused as exc:
        raise TrackwrightError(f"{exc.message}{_place(text, exc.literal)}", where) from None
    except RecursionError:
        raise TrackwrightError(
            f"objects and lists nest too deep (at most {MAX_DEPTH} levels)", where
        ) from None
    check_shape(data, where)
    return data


def check_shape(data: Any, where: str) -> None:
    """Refuse what no schema should ever have to walk: nesting deeper than MAX_DEPTH, integers
    of more than MAX_NUMBER_CHARS digits, numbers that are not finite. Files are checked as they
    are parsed; data parsed elsewhere (a request to the web scorer) is checked here before its
    schema. One pass, without recursion."""
    if not isinstance(data, dict | list):
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
                    raise TrackwrightError(
                        f"objects and lists nest too deep (at most {MAX_DEPTH} levels)",
                        f"{where}: {json_path((*path, key)[:8])}...",
                    )
                stack.append((_items(item), (*path, key)))
                break
            if isinstance(item, bool):
                continue
            if isinstance(item, int) and item.bit_length() > 3.33 * MAX_NUMBER_CHARS:
                raise TrackwrightError(
                    f"a number of more than {MAX_NUMBER_CHARS} digits ({quote(item)})",
                    f"{where}: {json_path((*path, key))}",
                )
            if isinstance(item, float) and not math.isfinite(item):
                raise TrackwrightError(
                    f"{item} is not a JSON number", f"{where}: {json_path((*path, key))}"
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
        raise TrackwrightError("file not found", where) from None
    except (OSError, ValueError) as exc:
        raise TrackwrightError(f"cannot read the file ({_reason(exc)})", where) from None
    _check_regular(before, where, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise TrackwrightError(f"cannot read the file ({_reason(exc)})", where) from None
    with os.fdopen(fd, "rb") as handle:
        _check_regular(os.fstat(fd), where, limit)  # the file opened is the file checked
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise TrackwrightError(f"cannot read the file ({_reason(exc)})", where) from None
    if len(data) > limit:
        raise TrackwrightError(f"the file is over {limit:,} bytes; is it the right one?", where)
    return data


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or quote(str(exc))


def _check_regular(info: os.stat_result, where: str, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise TrackwrightError("this is a folder, not a file", where)
    if not stat.S_ISREG(info.st_mode):
        raise TrackwrightError(
            "not a regular file (a device, a pipe or a socket): trackwright reads only files",
            where,
        )
    if info.st_size > limit:
        raise TrackwrightError(
            f"the file has {info.st_size:,} bytes, over the {limit:,} trackwright reads; "
            "is it the right one?",
            where,
        )


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
        raise TrackwrightError(
            f"cannot read the file (not UTF-8 text: byte {exc.start})", str(path)
        ) from None
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
        raise TrackwrightError(
            f"unsupported format {quote(data['format'])}; "
            f"this version of trackwright reads {FORMAT!r}",
            f"{where}: $.format",
        )
    problem = validator(schema_name)(data)
    if problem is not None:
        raise TrackwrightError(problem.message, f"{where}: {json_path(problem.path)}")


def validate_for(data: Any, game: str, title: str, where: str, record: bool = False) -> None:
    """Check that ``data`` is a map file (or, with ``record``, a game record) of ``game`` (called
    ``title`` for people), not another game's, and that it is valid against its schema."""
    kind = "game record" if record else "map"
    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != game:
        raise TrackwrightError(f"this is a {other[:40]} {kind}, not a {title} {kind}", where)
    is_map = isinstance(data, dict) and "format" in data
    if record and is_map:
        raise TrackwrightError(
            "this is a map file, not a game record (a record names its map)", where
        )
    if not record and isinstance(data, dict) and not is_map and "players" in data:
        raise TrackwrightError("this is a game record, not a map file (its map is $.map)", where)
    validate(data, where, f"{game}-record" if record else f"map:{game}")


def hex_rows(data: dict[str, Any], where: str) -> dict[tuple[int, int], dict[str, Any]]:
    """The ``hexes`` list of a hex map by axial coordinate; a hex listed twice is an error."""
    rows: dict[tuple[int, int], dict[str, Any]] = {}
    for i, raw in enumerate(data["hexes"]):
        h = (raw["q"], raw["r"])
        if h in rows:
            raise TrackwrightError(
                f"hex ({h[0]}, {h[1]}) is listed twice", f"{where}: $.hexes[{i}]"
            )
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
    path = Path(str(files("trackwright.templates").joinpath(f"{game}/maps/{name}.json")))
    return path if is_file(path) else None


def builtin_names(game: str, kind: str) -> list[str]:
    """The built-in files of one kind (``maps``, ``rules``) of a game: templates/<game>/<kind>/."""
    folder = files("trackwright.templates").joinpath(f"{game}/{kind}")
    if not folder.is_dir():
        return []
    return sorted(
        p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json")
    )


def builtin_map_names(game: str) -> list[str]:
    return builtin_names(game, "maps")


def resolve(game: str, ref: str | Path) -> tuple[Path, str]:
    """A map reference, either a built-in name or a path, as (file, how to name it in errors)."""
    text = str(ref)
    looks_like_path = text.endswith(".json") or "/" in text or "\\" in text
    if looks_like_path:
        return Path(text), text
    builtin = builtin_map_path(game, text)
    if builtin is None:
        names = ", ".join(builtin_map_names(game))
        message = f"no such map file, and no built-in map of that name ({names})"
        raise TrackwrightError(message, text)
    return builtin, f"{BUILTIN}{text}"


def record_map(game: str, ref: str, base: Path | None, where: str) -> tuple[Path, str]:
    """The map a game record names: a path relative to the record's folder, or a built-in name.
    Errors point at the record's ``$.map``."""
    looks_like_path = ref.endswith(".json") or "/" in ref or "\\" in ref
    if looks_like_path:
        target = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
        if not is_file(target):
            raise TrackwrightError(
                f"the map file {quote(ref)} does not exist (at {quote(str(target), 120)})",
                f"{where}: $.map",
            )
        return target, str(target)
    builtin = builtin_map_path(game, ref)
    if builtin is None:
        names = ", ".join(builtin_map_names(game))
        raise TrackwrightError(
            f"no built-in map {quote(ref)} (built-in: {names})", f"{where}: $.map"
        )
    return builtin, f"{BUILTIN}{ref}"


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


def builtin_rules_names(game: str) -> list[str]:
    """The built-in rules presets of a game (templates/<game>/rules/<name>.json)."""
    return builtin_names(game, "rules")
