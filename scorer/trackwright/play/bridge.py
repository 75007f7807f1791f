"""What the pages call: the same functions in the phone's browser (Pyodide, with JSON text in and
out, so that nothing is converted object by object) and in the laptop's server.

A record's map is a built-in name, or the whole map embedded (``"map": {...}``). The page keeps
an embedded map once and sends ``"map": "sha256:<hash>"`` after :func:`remember_map`, so that a
60 KB map is not copied into Python on every tap; :func:`record` puts it back."""

from __future__ import annotations

import json
from typing import Any

from trackwright import games
from trackwright.core import mapfile, messages
from trackwright.core.errors import TrackwrightError
from trackwright.play import merge as merging

_MAPS: dict[str, dict[str, Any]] = {}
_MAX_MAPS = 16
REF = "sha256:"


def remember_map(text: str) -> str:
    """Keep a map file's JSON (checked by its game's loader) for records that name it by hash;
    returns the hash (:func:`trackwright.core.mapfile.content_hash`)."""
    data = mapfile.parse_json(text, "map")
    games.of_record(data, "map").map_from_json(data, "map")
    sha = mapfile.content_hash(data)
    _MAPS.pop(sha, None)
    _MAPS[sha] = data
    while len(_MAPS) > _MAX_MAPS:
        _MAPS.pop(next(iter(_MAPS)))
    return sha


def record(data: Any) -> Any:
    """The record with a ``sha256:`` map reference replaced by the remembered map."""
    if isinstance(data, dict) and isinstance(data.get("map"), str) and data["map"].startswith(REF):
        sha = data["map"][len(REF) :]
        if sha not in _MAPS:
            raise TrackwrightError.of("ask.map-not-loaded", "record: $.map")
        return {**data, "map": _MAPS[sha]}
    return data


def score_record(data: Any) -> dict[str, Any]:
    """Exactly what ``trackwright score GAME RECORD --json`` prints for this record."""
    return games.of_record(data, "record").score_json(record(data), "record")


def draft_problems(data: Any) -> list[dict[str, Any]]:
    """What keeps the entry being made from counting (the game's own checks; none for a game
    that has none)."""
    game = games.of_record(data, "record")
    if game.draft_problems is None:
        return []
    return game.draft_problems(record(data), "record")


def ask(name: Any, data: Any, args: Any) -> Any:
    """The answer of the record's game to the page's question ``name`` (:attr:`Game.questions`)
    about ``data``, with ``args`` (JSON)."""
    game = games.of_record(data, "record")
    if not isinstance(name, str) or name not in game.questions:
        known = ", ".join(sorted(game.questions)) or "none"
        raise TrackwrightError.of(
            "ask.unknown", "question", game=game.title, name=repr(str(name)[:40]), known=known
        )
    return game.questions[name](record(data), args, "record")


def merged(base: Any, mine: Any, theirs: Any) -> dict[str, Any]:
    """Merge two devices' records of one game (see :mod:`trackwright.play.merge`):
    ``{"record", "conflicts", "error"}``. A merge that the game's engine refuses is a conflict
    too (``error`` says which rule it breaks)."""
    value, conflicts = merging.merge(base, mine, theirs)
    error = None
    if not conflicts:
        try:
            score_record(value)
        except TrackwrightError as exc:
            error = exc.line(LANGUAGE[0])
    return {"record": value, "conflicts": [c.to_json() for c in conflicts], "error": error}


def catalogue() -> list[dict[str, Any]]:
    """What the pages need to know of every game: name, title, players, page script (and its
    texts in every language, ``strings``: ``games/<page>.strings.json`` in the site), rules
    presets and the default preset's numbers (``preset``: the preset file's JSON), which the
    page uses instead of numbers of its own."""
    return [
        {
            "name": g.name,
            "title": g.title,
            "summary": g.summary,
            "players": list(g.players),
            "page": g.page_name,
            "strings": g.page_name.removesuffix(".js") + ".strings.json" if g.page_name else None,
            "editor": g.editor_name,
            "rules": g.rules_presets(),
            "preset": g.presets.to_json() if g.presets is not None else None,
        }
        for g in games.games().values()
    ]


# ------------------------------------------------------------------ JSON text in and out


#: The page's language: the engines' errors are said in it (the place as it is, the words the
#: message catalogue's), as the command line says them with --lang.
LANGUAGE = ["en"]


def language_text(lang: str) -> str:
    """Say the errors from now on in ``lang`` (English when it is not one of ours)."""
    LANGUAGE[0] = lang if lang in messages.LANGS else "en"
    return json.dumps({"ok": LANGUAGE[0]})


def _error(exc: TrackwrightError) -> str:
    return json.dumps({"error": exc.line(LANGUAGE[0])}, ensure_ascii=False)


def _call(fn: Any, *texts: str) -> str:
    try:
        args = [mapfile.parse_json(t, "request") for t in texts]
        return json.dumps({"ok": fn(*args)}, ensure_ascii=False)
    except TrackwrightError as exc:
        return _error(exc)


def score_text(text: str) -> str:
    """``{"ok": score}`` or ``{"error": one line}`` for a record given as JSON text."""
    return _call(score_record, text)


def draft_problems_text(text: str) -> str:
    return _call(draft_problems, text)


def ask_text(name: str, text: str, args: str) -> str:
    """``{"ok": answer}`` or ``{"error": one line}``: :func:`ask` with JSON text."""
    return _call(lambda data, a: ask(name, data, a), text, args)


def ask_bytes_text(name: str, text: str, args: str, buffers: Any) -> str:
    """:func:`ask_text` with byte buffers beside the JSON (a photo's pixels: megabytes that
    JSON would carry as base64 text, decoded twice): ``buffers`` is a list of bytes (in the
    page, a JavaScript array of ``Uint8Array``, each copied into Python in one piece), handed
    to the question as ``args["buffers"]``."""
    blobs = [b.to_bytes() if hasattr(b, "to_bytes") else bytes(b) for b in buffers]

    def with_buffers(data: Any, a: Any) -> Any:
        return ask(name, data, {**a, "buffers": blobs} if isinstance(a, dict) else a)

    return _call(with_buffers, text, args)


def merge_text(base: str, mine: str, theirs: str) -> str:
    return _call(merged, base, mine, theirs)


def remember_map_text(text: str) -> str:
    try:
        return json.dumps({"ok": remember_map(text)})
    except TrackwrightError as exc:
        return _error(exc)
