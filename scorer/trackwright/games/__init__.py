"""The game registry: every game is one declaration, and everything else asks the registry.

A game declares what it is (name, titles, player counts), how its maps and records are read
(the core's models and schemas), its rules presets, its rules engine, and, by name only, the
parts that belong to higher layers: its command-line commands, its kits and the board the web page
shows. The command line (``generate``, ``generate all``, ``score``, ``analyse``), the web scorer
and the published schemas are built from :func:`games`; no code outside a game's own modules
compares a game's name.

Games are found in three ways: the modules of this package that define ``GAME`` (the three
built-in games), the ``trackwright.games`` entry point group (a game in a package of its own:
its data folder, schemas, page script and pure-Python packages named in its declaration, so that
``trackwright site`` ships it to the phone too), and :func:`register` (a game defined at run
time).

This module sits just above the rules engines: it imports the core and the engines, never the
kits, the drawing code, the CLI or the web app. Those are named as ``"module:attribute"`` strings
and imported on first use (:func:`resolve`), so the registry, the map and record loading and the
engines work where only pure-Python packages exist (a phone's browser).
"""

from __future__ import annotations

import importlib
import importlib.resources
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.presets import Presets


class Result(Protocol):
    """What every rules engine's ``score(record)`` returns: a result that knows its JSON form,
    with the evidence (``trackwright score GAME RECORD --json`` prints exactly that)."""

    def to_json(self) -> dict[str, Any]: ...


#: A game's map model, its checked record and its engine's result: each game's declaration
#: fixes the three, so mypy checks that its loaders, engine and questions fit together.
MapT = TypeVar("MapT", bound=mapfile.MapModel)
RecordT = TypeVar("RecordT")
ResultT = TypeVar("ResultT", bound=Result)

#: Parsed JSON as it comes from a file or a page, not yet checked (the loaders check it).
JSON = Any
#: A page question: ``question(record JSON, args JSON, where)`` giving JSON.
Question = Callable[[JSON, JSON, str], JSON]

#: A part of a game living in a higher layer: the object itself, or ``"module:attribute"``
#: (``"module"`` alone for a whole module), imported on first use.
Ref = object


def resolve(ref: Ref) -> Any:
    """The object a :data:`Ref` names."""
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


@dataclass(frozen=True)
class Game(Generic[MapT, RecordT, ResultT]):
    """One game, as the rest of trackwright sees it."""

    name: str
    """The name in commands, records and map files: ``trackwright score NAME``, ``"game": NAME``."""
    title: str
    """The name printed for people (``TransAmerica``)."""
    summary: str
    """One line saying what trackwright does for this game (``--help`` and the web page)."""
    players: tuple[int, int]
    """Fewest and most players."""
    load_map: Callable[[str | Path], MapT]
    """A map by built-in name or file path; errors name the file and the place."""
    map_from_json: Callable[[JSON, str], MapT]
    """A parsed map file checked by the game's own loader (``where`` names it in errors)."""
    builtin_maps: Callable[[], list[str]]
    """The built-in maps' names, the default first."""
    record_schema: str | dict[str, Any]
    """The record's JSON Schema: a name (``core/schema/<name>.schema.json``) or the schema."""
    load_record: Callable[[Path], RecordT]
    """A game record from a file (its map resolved against the file's folder)."""
    record_from_json: Callable[[JSON, str], RecordT]
    """A game record from parsed JSON (``where`` names it in errors)."""
    score: Callable[[RecordT], ResultT]
    """The rules engine: a checked record to its result with the evidence."""
    presets: Presets[Any] | None = None
    """The game's rules presets (``templates/<name>/rules/*.json``): the default, the built-in
    ones, loading a preset by name or file."""
    cli: Ref = None
    """Command-line part: a module with ``generate`` and ``score`` typer commands, optionally
    ``analyse``, and ``generate_all(out, paper, lang, formats)`` for ``generate all``."""
    board: Ref = None
    """Web part: ``board(map, lang)`` giving the printed board's :class:`BoardView`."""
    map_schema: dict[str, Any] | None = None
    """The JSON Schema of the game's own keys in a map file, when they are not ``$defs/<name>`` of
    the shipped map schema (``core/schema/map.schema.json``)."""
    page: str | None = None
    """The web page's script for this game: a file name in ``web/static/games/``, or
    ``"package:path/name.js"`` for a file its own package ships (its texts beside it, as
    ``name.strings.json``); a game without one gets the generic page (its record as JSON, scored
    by the engine)."""
    editor: str | None = None
    """The map editor's module for this game (``#/edit``), named as :attr:`page` is: a file in
    ``web/static/games/`` (``dampfross-editor.js``) or ``"package:path/name.js"``; its texts are
    in the page's strings file. None: the game's maps are not edited in the page."""
    draft_problems: Callable[[JSON, str], list[dict[str, Any]]] | None = None
    """What keeps the entry a page is making (the record's ``x-draft``) from counting, each with
    its place on the board: ``{"kind", "message", "player", "nodes", "edges"}``."""
    questions: dict[str, Question] = field(default_factory=dict)
    """What else the page may ask the game's engine, by name: ``question(record, args, where)``
    giving JSON (for instance the fastest legal route of each entrant of a race, or whether a turn
    keeps the rules). The page only shows the answer; the engine decides."""
    order: int = 100
    """Where the game stands in lists (smaller first)."""
    data: Traversable | None = None
    """The folder of its built-in maps (``maps/``), rules presets (``rules/``) and examples, when
    it is not ``templates/<name>/`` (a game from another package)."""
    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)
    """JSON Schemas the game ships by name (``<name>-rules`` for its presets), when they are not
    in ``core/schema/``."""
    engine_packages: tuple[str, ...] = ()
    """The pure-Python packages of a game from another package, which the phone loads beside
    trackwright's own (``trackwright site`` ships them)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Anything else a game's own modules want to keep with its declaration."""

    def score_json(self, data: JSON, where: str = "record") -> dict[str, Any]:
        """Exactly what ``trackwright score NAME RECORD --json`` prints for a parsed record."""
        return self.score(self.record_from_json(data, where)).to_json()

    def portable_record(self, data: JSON, base: Path | None, where: str) -> dict[str, Any]:
        """A record (read from ``where`` in the folder ``base``) that scores the same on any
        computer: :func:`trackwright.core.mapfile.portable_record`, with the built-in maps this
        game makes rather than reads from a file (La Strada's ``standard``) made by
        :attr:`load_map`."""
        made = {
            name: partial(self.load_map, name)
            for name in self.builtin_maps()
            if mapfile.builtin_map_path(self.name, name) is None
        }
        return mapfile.portable_record(self.name, data, base, where, made)

    def rules_presets(self) -> list[str]:
        """The built-in rules presets' names, the default first."""
        return self.presets.names() if self.presets is not None else []

    def record_schema_json(self) -> dict[str, Any]:
        """The record's JSON Schema itself."""
        if isinstance(self.record_schema, dict):
            return self.record_schema
        return mapfile.schema(self.record_schema)

    @property
    def page_name(self) -> str | None:
        """The page script's file name as the site serves it (``games/<page_name>``)."""
        return self.page.rpartition("/")[2].rpartition(":")[2] if self.page else None

    @property
    def editor_name(self) -> str | None:
        """The map editor's file name as the site serves it (``games/<editor_name>``)."""
        return self.editor.rpartition("/")[2].rpartition(":")[2] if self.editor else None

    def page_files(self) -> dict[str, bytes]:
        """The page script and its texts (``<name>.strings.json``, when there is one) by file
        name, and the map editor's script, read from where the game keeps them; empty for a
        built-in game (whose page is in the web app's static folder) or one without a page."""
        out: dict[str, bytes] = {}
        if self.page and ":" in self.page:
            here, name = _shipped(self.page)
            out[name] = here.joinpath(name).read_bytes()
            texts = name.removesuffix(".js") + ".strings.json"
            strings = here.joinpath(texts)
            if strings.is_file():
                out[texts] = strings.read_bytes()
        if self.editor and ":" in self.editor:
            here, name = _shipped(self.editor)
            out[name] = here.joinpath(name).read_bytes()
        return out

    def cli_module(self) -> Any:
        return resolve(self.cli) if self.cli is not None else None

    def board_view(self, m: MapT, lang: str) -> BoardView:
        if self.board is None:
            raise TrackwrightError.of("game.no-board", self.name, game=self.title)
        return resolve(self.board)(m, lang)


def _shipped(ref: str) -> tuple[Traversable, str]:
    """The folder and file name of a ``"package:path/name.js"`` a game's package ships."""
    package, _, path = ref.partition(":")
    folder, _, name = path.rpartition("/")
    root = importlib.resources.files(package)
    return (root.joinpath(folder) if folder else root), name


@dataclass(frozen=True)
class BoardView:
    """What the web page needs to show a board and take taps on it: the printed drawing (a
    ``trackwright.kits.draw.ops.Drawing``), the map's places in the drawing's millimetres, and the
    players' colours with their shapes."""

    drawing: Any
    places: dict[str, Any]
    players: list[dict[str, Any]]


#: Any game, whatever its map, record and result types.
AnyGame = Game[Any, Any, Any]

_REGISTERED: dict[str, AnyGame] = {}
_DISCOVERED: dict[str, AnyGame] | None = None
_ENTRY_POINTS: dict[str, EntryPoint] = {}


def _install(game: AnyGame) -> AnyGame:
    """Tell the core where the game's data and schemas are."""
    mapfile.add_game_data(game.name, game.data, game.schemas)
    return game


def _discover() -> dict[str, AnyGame]:
    found: dict[str, AnyGame] = {}
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        game = getattr(importlib.import_module(info.name), "GAME", None)
        if isinstance(game, Game):
            found[game.name] = _install(game)
    for entry in entry_points(group="trackwright.games"):
        game = entry.load()
        if isinstance(game, Game) and game.name not in found:
            found[game.name] = _install(game)
            _ENTRY_POINTS[game.name] = entry
    return found


def refresh() -> None:
    """Find the games again (after a package with games was installed or put on the path)."""
    global _DISCOVERED
    _DISCOVERED = None
    _ENTRY_POINTS.clear()


def entry_point(name: str) -> EntryPoint | None:
    """How a game from another package was found (its ``trackwright.games`` entry point)."""
    games()
    return _ENTRY_POINTS.get(name)


def games() -> dict[str, AnyGame]:
    """Every game, by name, in list order."""
    global _DISCOVERED
    if _DISCOVERED is None:
        _DISCOVERED = _discover()
    every = {**_DISCOVERED, **_REGISTERED}
    return dict(sorted(every.items(), key=lambda kv: (kv[1].order, kv[0])))


def names() -> list[str]:
    return list(games())


def get(name: object, where: str = "$.game") -> AnyGame:
    """The game called ``name``; anything else is a one-line error listing the games."""
    every = games()
    if not isinstance(name, str) or name not in every:
        shown = repr(name)[:40]
        raise TrackwrightError.of("game.unknown", where, game=shown, games=", ".join(every))
    return every[name]


def of_record(data: JSON, where: str = "record") -> AnyGame:
    """The game a parsed record (or map file) names in ``"game"``."""
    name = data.get("game") if isinstance(data, dict) else None
    return get(name, f"{where}: $.game")


def maps_schema() -> dict[str, Any]:
    """The map file schema as published: every game named, each game's part attached."""
    base = mapfile.schema("map")
    defs = dict(base["$defs"])
    for game in games().values():
        if game.map_schema is not None:
            defs[game.name] = game.map_schema
    parts = [name for name in games() if name in defs]
    return {
        **base,
        "properties": {**base["properties"], "game": {**base["properties"]["game"], "enum": parts}},
        "allOf": [
            {"if": {"properties": {"game": {"const": g}}}, "then": {"$ref": f"#/$defs/{g}"}}
            for g in parts
        ],
        "$defs": defs,
    }


def register(game: AnyGame) -> AnyGame:
    """Add (or replace) a game at run time; returns it."""
    _REGISTERED[game.name] = _install(game)
    return game


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)
