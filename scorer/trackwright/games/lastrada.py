"""La Strada: lay roads across the land to bring merchants to the settlements for gold."""

from __future__ import annotations

from trackwright.core import lastrada as model
from trackwright.games import Game
from trackwright.scorer import lastrada as engine

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
    questions={"entry_state": engine.entry_state, "variants": engine.variants_question},
    order=3,
)
