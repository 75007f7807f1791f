"""What the map editor's checks share: a problem's shape, the player's language and the texts.

A problem (or a warning, which does not block) is what the page lists and rings on the board:
``{"kind", "message", "hexes", "sides", "cities", "nodes", "edges", "settlements"}``, only the
keys that apply (editor-contract.md). Its message is in the player's language, from this
package's strings file (``strings.json``: every key in en, fr, de and it), never from Python
code. A problem also knows the JSON path of the map it is about (``path``, not sent), so that
the game's own loader's error at the same place is not listed twice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any

from trackwright.core.errors import TrackwrightError

LANGS = ("en", "fr", "de", "it")
DEFAULT_LANG = "en"

#: The keys a problem may carry besides its kind and message, in the order they are sent.
PLACES = ("hexes", "sides", "cities", "nodes", "edges", "settlements")


@cache
def texts() -> dict[str, dict[str, str]]:
    """The editor's texts by key, then language (``strings.json`` beside this module)."""
    raw = files("trackwright.edit").joinpath("strings.json").read_text("utf-8")
    data: dict[str, dict[str, str]] = json.loads(raw)
    return {k: v for k, v in data.items() if not k.startswith("x-")}


def lang_of(args: Any) -> str:
    """The player's language from a question's arguments (``lang``); English when none is
    given or it is not one the app speaks."""
    lang = args.get("lang") if isinstance(args, Mapping) else None
    return lang if lang in LANGS else DEFAULT_LANG


def t(key: str, lang: str, **params: Any) -> str:
    """The text ``key`` in ``lang`` (English when that language lacks it) with ``params``
    filled in; counted texts have ``key.one`` and ``key.other`` and take ``count``."""
    table = texts()
    if "count" in params and f"{key}.one" in table:
        key = f"{key}.one" if params["count"] == 1 else f"{key}.other"
    row = table[key]
    text = row.get(lang) or row[DEFAULT_LANG]
    return text.format(**params) if params else text


def names(items: Iterable[Any], limit: int = 8) -> str:
    """A short list for a message: at most ``limit`` items, then '…'."""
    shown = [str(x) for x in items]
    return ", ".join(shown[:limit]) + (", …" if len(shown) > limit else "")


@dataclass
class Problem:
    """One problem or warning, at its place."""

    kind: str
    message: str
    hexes: list[list[int]] = field(default_factory=list)
    sides: list[list[list[int]]] = field(default_factory=list)
    cities: list[str] = field(default_factory=list)
    nodes: list[str] = field(default_factory=list)
    edges: list[list[str]] = field(default_factory=list)
    settlements: list[str] = field(default_factory=list)
    path: str = ""  # the JSON path of the map it is about (not sent)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message}
        for key in PLACES:
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


class Report:
    """The problems (or warnings) of one check, in the player's language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.items: list[Problem] = []

    def add(
        self,
        kind: str,
        path: str = "",
        place: Mapping[str, Any] | None = None,
        /,
        **params: Any,
    ) -> Problem:
        """A problem of ``kind`` (its text is the strings file's key ``kind``) at ``place``
        (``hexes``, ``cities``, ...), about the map's ``path``."""
        problem = Problem(kind, t(kind, self.lang, **params), path=path, **dict(place or {}))
        self.items.append(problem)
        return problem

    def to_json(self) -> list[dict[str, Any]]:
        return [p.to_json() for p in self.items]


# ------------------------------------------------------------------ the game's own loader

_ITEM = re.compile(r"^\$\.([A-Za-z_]+)\[(\d+)\]")

#: A placer: the place (``hexes``, ``cities``, ...) of the map's item ``collection[index]``.
Placer = Callable[[str, int], dict[str, Any]]


def json_path(exc: TrackwrightError) -> str:
    """The JSON path in the map a loader's error names (``map: $.towns[3].hex`` ->
    ``$.towns[3].hex``); "$" when it names the whole map."""
    where = exc.where or ""
    head, _, path = where.rpartition(": $")
    return "$" + path if head or where.startswith("$") else "$"


def covered(path: str, problems: Iterable[Problem]) -> bool:
    """Whether one of the editor's own problems is about that place already (the same path, or
    the item the path is inside)."""
    for p in problems:
        if p.path and (path == p.path or path.startswith((p.path + ".", p.path + "["))):
            return True
    return False


def loader_message(exc: TrackwrightError, lang: str) -> str:
    """The loader's error in the player's language: the editor's own words for its ``code``
    (``loader.<code>`` in the strings file), else the error's own in that language (the
    message catalogue's, when the error can say itself: ``TrackwrightError.say``), else its
    message as raised."""
    key = f"loader.{exc.code}" if exc.code else ""
    try:
        if key in texts():
            return t(key, lang, **exc.params)
        say = getattr(exc, "say", None)
        return str(say(lang)) if callable(say) else exc.message
    except (KeyError, IndexError, ValueError):  # params the words do not take
        return exc.message


def loader_problem(exc: TrackwrightError, lang: str, placer: Placer) -> Problem:
    """The loader's error as a problem at its place (the item its JSON path names), in the
    player's language (:func:`loader_message`)."""
    path = json_path(exc)
    found = _ITEM.match(path)
    place = placer(found.group(1), int(found.group(2))) if found else {}
    return Problem(exc.code or "map.invalid", loader_message(exc, lang), path=path, **place)


def run_loader(
    build: Callable[[Any, str], Any], data: Any, report: Report, placer: Placer
) -> Any | None:
    """The map model the game's own loader builds (the one that prints and scores), or None
    when it refuses the map: then its error is added to ``report`` at its place, unless one of
    the editor's problems already says it there."""
    try:
        return build(data, "map")
    except TrackwrightError as exc:
        problem = loader_problem(exc, report.lang, placer)
        if not covered(problem.path, report.items):
            report.items.insert(0, problem)
        return None


def integer(value: Any) -> int | None:
    """A JSON integer (not a bool), or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def pair(value: Any) -> tuple[int, int] | None:
    """A ``[q, r]`` hex (or any pair of integers), or None."""
    if isinstance(value, list | tuple) and len(value) == 2:
        a, b = integer(value[0]), integer(value[1])
        if a is not None and b is not None:
            return a, b
    return None


def items(data: Any, key: str) -> list[tuple[int, Any]]:
    """The list ``data[key]`` with each item's index (empty when it is not a list)."""
    value = data.get(key) if isinstance(data, Mapping) else None
    return list(enumerate(value)) if isinstance(value, list) else []


def map_of(record: Any) -> Any:
    """The draft map of the page's record (``{"game", "map"}``)."""
    return record.get("map") if isinstance(record, Mapping) else None


def spread(values: list[int]) -> dict[str, Any] | None:
    """min, median and max of whole numbers (None when there are none)."""
    if not values:
        return None
    ordered = sorted(values)
    n = len(ordered)
    mid = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {"min": ordered[0], "median": mid, "max": ordered[-1]}


def histogram(values: Iterable[int]) -> list[list[int]]:
    """``[[value, count], ...]`` in order of value."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [[v, counts[v]] for v in sorted(counts)]


def number(value: float, lang: str, digits: int = 1) -> str:
    """A number as the player's language writes it (a decimal comma but in English)."""
    text = (
        f"{value:.{digits}f}"
        if isinstance(value, float) and not value.is_integer()
        else f"{value:g}"
    )
    return text if lang == "en" else text.replace(".", ",")
