"""The three games seen from the web scorer: check a record, score it (the same JSON as
``trackwright score GAME --json``), and give the board (the print's drawing as SVG) with the
map data the page needs to put tap targets on it. Nothing of the rules is written here."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.kits.draw.svg import render_svg

GAMES = ("transamerica", "dampfross", "lastrada")


def game_of(record: Any) -> str:
    if not isinstance(record, dict) or record.get("game") not in GAMES:
        raise TrackwrightError(f'a record needs "game": one of {", ".join(GAMES)}', "$.game")
    return record["game"]


def check(record: dict[str, Any]) -> dict[str, Any]:
    """Check a record completely (its form, and every round, event or turn against the rules) by
    scoring it; raises TrackwrightError on any mistake. Returns the score."""
    return score(record)


def score(record: dict[str, Any]) -> dict[str, Any]:
    """Exactly what ``trackwright score GAME RECORD --json`` prints for this record."""
    game = game_of(record)
    if game == "transamerica":
        from trackwright.scorer import transamerica as ta

        return ta.score_game(ta.record_from_json(record, "record")).to_json()
    if game == "dampfross":
        from trackwright.scorer import dampfross as df

        return df.replay(df.record_from_json(record, "record")).to_json()
    from trackwright.scorer import lastrada as ls

    return ls.score(ls.record_from_json(record, "record")).to_json()


def check_map(data: Any):
    """A parsed map file checked by its game's own loader."""
    game = data.get("game") if isinstance(data, dict) else None
    if game not in GAMES:
        raise TrackwrightError(f"a map for one of {', '.join(GAMES)}", "uploaded map: $.game")
    if game == "transamerica":
        from trackwright.core import transamerica as model
    elif game == "dampfross":
        from trackwright.core import dampfross as model  # type: ignore[no-redef]
    else:
        from trackwright.core import lastrada as model  # type: ignore[no-redef]
    return model.from_json(data, "uploaded map")


def load_map(game: str, ref: str):
    if game == "transamerica":
        from trackwright.core import transamerica as model

        return model.load(ref)
    if game == "dampfross":
        from trackwright.core import dampfross as model

        return model.load(ref)
    from trackwright.core import lastrada as model

    return model.load(ref)


@lru_cache(maxsize=32)
def board(game: str, ref: str, lang: str = "en") -> tuple[str, str]:
    """(SVG of the printed board, JSON of the map and its layout on that SVG)."""
    m = load_map(game, ref)
    if game == "transamerica":
        from trackwright.kits.transamerica import board as ta_board

        drawing = ta_board.board_drawing(m, lang)
        layout = {"kind": "lattice"}
    elif game == "dampfross":
        from trackwright.kits.dampfross import board as df_board

        drawing = df_board.map_drawing(m, lang)
        ox, oy, _w, _h = df_board.layout(m)
        layout = {"kind": "hex", "ox": ox, "oy": oy, "size": m.hex_size}
    else:
        from trackwright.kits.lastrada import board as ls_board

        drawing = ls_board.board_drawing(m, lang)
        minx, miny, _maxx, _maxy = ls_board.extent(m)
        layout = {
            "kind": "hex",
            "ox": ls_board.FRAME - minx,
            "oy": ls_board.FRAME - miny,
            "size": m.hex_size,
        }
    if game == "lastrada":
        from trackwright.kits.lastrada.board import PLAYERS

        colours = [{"colour": c, "shape": s} for _n, c, s in PLAYERS]
    else:
        from trackwright.kits.draw.symbols import PLAYER_STYLE

        colours = [{"colour": c, "shape": s} for c, s in PLAYER_STYLE]
    data = {
        "map": m.to_json(),
        "layout": layout,
        "width": drawing.width,
        "height": drawing.height,
        "sqrt3": hexgrid.SQRT3,
        "players": colours,
    }
    return render_svg(drawing).decode("utf-8"), json.dumps(data, ensure_ascii=False)


def available_maps(output: Path) -> list[dict[str, Any]]:
    """Built-in maps of every game, and every map.json under the output folder."""
    maps: list[dict[str, Any]] = []
    for game in GAMES:
        # The original board first: it is the default of the new-game form.
        for name in sorted(mapfile.builtin_map_names(game), key=lambda n: (n != "usa", n)):
            maps.append({"game": game, "ref": name, "name": name, "source": "built-in"})
    maps.append(
        {"game": "lastrada", "ref": "standard", "name": "standard (seed 1)", "source": "built-in"}
    )
    if output.is_dir():
        for path in sorted(output.glob("**/map.json")):
            try:
                data = json.loads(path.read_text("utf-8"))
            except (OSError, ValueError):
                continue
            if data.get("game") in GAMES:
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
