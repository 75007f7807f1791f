"""Rules presets: every number of a game's rules, as data with its sources.

A preset is a JSON file, built in (``templates/<game>/rules/<name>.json``, or the game's own data
folder) or a house preset of one's own, checked against ``core/schema/<game>-rules.schema.json``
(or the schema the game ships). Each game's core module
declares its presets as a :class:`Presets` (its default preset and how its frozen dataclass is
built); ``load`` reads one by built-in name or file path; the rules engines score by it and the
kits print it, so a number lives in one place. A bad file is one ``TrackwrightError`` naming the
file and the JSON path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError, clip

R = TypeVar("R")


@dataclass(frozen=True)
class Presets(Generic[R]):
    """One game's rules presets: where they are, which is the default, and how a checked preset
    becomes the game's dataclass."""

    game: str
    default: str
    build: Callable[[dict[str, Any], str], R]

    def names(self) -> list[str]:
        """The built-in presets, the default first."""
        names = mapfile.builtin_rules_names(self.game)
        return sorted(names, key=lambda n: (n != self.default, n))

    def text(self, name: str) -> str:
        """The JSON text of a built-in preset."""
        return _builtin_text(self.game, name)

    def read(self, ref: str | Path | None = None, base: Path | None = None) -> tuple[Any, str]:
        """The parsed JSON of a preset (built-in name or file path) and where it came from."""
        text = self.default if ref is None else str(ref)
        if text in mapfile.builtin_rules_names(self.game):
            return json.loads(self.text(text)), f"rules preset {text}"
        path = mapfile.relative(text, base)
        if not mapfile.is_file(path) and path.suffix != ".json":
            names = ", ".join(self.names())
            raise TrackwrightError.of("rules.unknown", clip(text), names=names)
        return mapfile.read_json(path), str(path)

    def from_json(self, data: Any, where: str = "<rules>") -> R:
        """A parsed preset checked against its schema, as the game's dataclass."""
        try:
            mapfile.validate(data, where, f"{self.game}-rules")
        except TrackwrightError as exc:
            raise TrackwrightError.of("rules.invalid", exc.where, reason=exc.words()) from None
        try:
            return self.build(data, where)
        except TrackwrightError as exc:
            raise TrackwrightError.of(
                "rules.invalid", f"{where}: {exc.where}", reason=exc.words()
            ) from None

    def load(self, ref: str | Path | None = None, base: Path | None = None) -> R:
        """A preset by built-in name or file path (relative to ``base``); the default without
        one. Built-in presets are read once."""
        text = self.default if ref is None else str(ref)
        if text in mapfile.builtin_rules_names(self.game):
            return _builtin(self, text)
        data, where = self.read(text, base)
        return self.from_json(data, where)

    def of_record(self, ref: Any, base: Path | None, where: str) -> R:
        """A game record's rules (its ``rules``, read from ``where`` in the folder ``base``): a
        preset embedded in the record (errors under ``$.rules``, so the record carries its house
        rules wherever it is scored), or a built-in name or a preset file relative to the
        record's folder, as :meth:`load`; the default without one."""
        if isinstance(ref, dict):
            with mapfile.inside(where, "rules") as inner:
                return self.from_json(ref, inner)
        return self.load(ref, base)

    def to_json(self, ref: str | Path | None = None) -> dict[str, Any]:
        """A preset's JSON (checked), as the web page gets it."""
        data, where = self.read(ref)
        self.from_json(data, where)
        return data


@cache
def _builtin_text(game: str, name: str) -> str:
    return mapfile.data_folder(game).joinpath(f"rules/{name}.json").read_text("utf-8")


@cache
def _builtin(presets: Presets[Any], name: str) -> Any:
    data, where = presets.read(name)
    return presets.from_json(data, where)
