"""Dampfross (L'Épopée du Rail, Railway Rivals): build lines with the die, then race on them."""

from __future__ import annotations

from trackwright.core import dampfross as model
from trackwright.core import mapfile
from trackwright.games import Game
from trackwright.scorer import dampfross as engine

GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Random or regional hex maps, hex sheets, ledgers; builds, races and accounts scored.",
    players=(3, 8),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=lambda: mapfile.builtin_map_names("dampfross"),
    record_schema="dampfross-record",
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.replay,
    presets=model.PRESETS,
    cli="trackwright.cli.dampfross",
    board="trackwright.kits.dampfross.board:board_view",
    page="dampfross.js",
    order=2,
)
