"""La Strada: lay roads across the land to bring merchants to the settlements for gold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trackwright.core import boardplan
from trackwright.core import lastrada as model
from trackwright.core.boardplan import lastrada as ls_plan
from trackwright.edit import lastrada as editing
from trackwright.games import Game
from trackwright.scorer import lastrada as engine


def entry_state(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """What a page entering the end of a game needs from the rules, for a record (JSON):
    how many merchants one settlement takes in its variant (``most``), each player's merchants
    on the board and still in hand (``placed``, ``left``; each has ``merchants``), the most
    travel days a player keeps (``max_reserve``), the variants its number of players may play
    (``variants``) and the :func:`outcome`."""
    record = engine.record_from_json(data, where)
    result = engine.score(record)
    placed = dict.fromkeys(record.players, 0)
    for settlement in result.settlements:
        for p in settlement["players"]:
            placed[p] += 1
    return {
        "variant": record.variant,
        "variants": engine.variants_for(len(record.players)),
        "most": engine.merchants_per_settlement(record.variant),
        "merchants": engine.RULES.merchants,
        "placed": placed,
        "left": {p: engine.RULES.merchants - n for p, n in placed.items()},
        "max_reserve": engine.RULES.max_reserve,
        "outcome": engine.outcome(result),
    }


def variants_question(data: Any, args: Any = None, where: str = "record") -> list[str]:
    """The variants a new game may be played by, for its number of players (``args``: the
    number; else the record's players)."""
    if isinstance(args, int) and not isinstance(args, bool):
        return engine.variants_for(args)
    players = data.get("players") if isinstance(data, Mapping) else None
    return engine.variants_for(len(players) if isinstance(players, list) else 0)


def board(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """The assembled board of the record's map as a plan the page draws (a map added on the
    phone, with no board built for it): :mod:`trackwright.core.boardplan.lastrada`."""
    m = boardplan.map_of(model.GAME, data, where, model.from_json, model.MADE)
    return ls_plan.board_plan(m)


GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Board of six land pieces, road and settlement tiles; gold by the scoring table.",
    players=(2, 4),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=lambda: ["standard"],
    record_schema="lastrada-record",
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.score,
    presets=model.PRESETS,
    cli="trackwright.cli.lastrada",
    board="trackwright.kits.lastrada.board:board_view",
    page="lastrada.js",
    editor="lastrada-editor.js",
    questions={
        "entry_state": entry_state,
        "variants": variants_question,
        "board": board,
        "map_check": editing.map_check,
        "map_start": editing.map_start,
        "map_board": editing.map_board,
    },
    order=3,
)
