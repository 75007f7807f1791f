"""The games seen from the web scorer: check a record, score it (the same JSON as
``trackwright score GAME --json``), and give the board (the print's drawing as SVG) with the
places the page puts its tap targets on. Everything here asks the game registry; nothing of a
game's rules or geometry is written here."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from trackwright import games
from trackwright.core.errors import TrackwrightError
from trackwright.kits.draw.svg import render_svg


def game_of(record: Any) -> str:
    return games.of_record(record, "record").name


def check(record: dict[str, Any]) -> dict[str, Any]:
    """Check a record completely (its form, and every round, event or turn against the rules) by
    scoring it; raises TrackwrightError on any mistake. Returns the score."""
    return score(record)


def score(record: dict[str, Any]) -> dict[str, Any]:
    """Exactly what ``trackwright score GAME RECORD --json`` prints for this record."""
    return games.of_record(record, "record").score_json(record, "record")


def check_map(data: Any) -> Any:
    """A parsed map file checked by its game's own loader."""
    return games.of_record(data, "uploaded map").map_from_json(data, "uploaded map")


def catalogue() -> list[dict[str, Any]]:
    """What the page needs to know of every game: name, title, players, its page script, its
    rules presets and the default preset's numbers (``preset``: the preset file's JSON), which
    the page uses instead of numbers of its own."""
    return [
        {
            "name": g.name,
            "title": g.title,
            "summary": g.summary,
            "players": list(g.players),
            "page": g.page,
            "rules": g.rules_presets(),
            "preset": g.presets.to_json() if g.presets is not None else None,
        }
        for g in games.games().values()
    ]


@lru_cache(maxsize=32)
def board(game: str, ref: str, lang: str = "en") -> tuple[str, str]:
    """(SVG of the printed board, JSON of the map and its places on that SVG)."""
    g = games.get(game)
    m = g.load_map(ref)
    view = g.board_view(m, lang)
    data = {
        "map": m.to_json(),
        "layout": view.places,
        "width": view.drawing.width,
        "height": view.drawing.height,
        "players": view.players,
    }
    return render_svg(view.drawing).decode("utf-8"), json.dumps(data, ensure_ascii=False)


def available_maps(output: Path) -> list[dict[str, Any]]:
    """Built-in maps of every game, and every map.json under the output folder."""
    maps: list[dict[str, Any]] = []
    every = games.games()
    for g in every.values():
        for name in g.builtin_maps():
            maps.append({"game": g.name, "ref": name, "name": name, "source": "built-in"})
    if output.is_dir():
        for path in sorted(output.glob("**/map.json")):
            try:
                data = json.loads(path.read_text("utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(data, dict) and data.get("game") in every:
                seed = (data.get("generator") or {}).get("seed")
                maps.append(
                    {
                        "game": data["game"],
                        "ref": str(path.resolve()),
                        "name": data.get("name", path.parent.name),
                        "seed": seed,
                        "source": f"output/{path.parent.relative_to(output).as_posix()}",
                    }
                )
    return maps


__all__ = ["TrackwrightError", "available_maps", "board", "catalogue", "check", "check_map"]
