"""TransAmerica: connect your five cities; the exact missing tracks score each round."""

from __future__ import annotations

from typing import Any

from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.games import Game
from trackwright.scorer import transamerica as engine


def _builtin_maps() -> list[str]:
    # The original board first: it is the default everywhere.
    return sorted(mapfile.builtin_map_names("transamerica"), key=lambda n: (n != "usa", n))


def _photo_read(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The page's Photo button: the track spaces a photo of the printed board shows
    (:mod:`trackwright.photo.question`)."""
    # Imported when first asked, not at start: the phone loads the reader only for a photo.
    from trackwright.photo import question

    record = {**data, "rounds": []} if isinstance(data, dict) else data
    m = engine.record_from_json(record, where).map
    return question.photo_read(m, args, "photo")


def _photo_setup(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The sizes the page draws the photo and the board's picture at, for the reader."""
    from trackwright.photo import question

    return question.photo_setup()


GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Board (poster and tiled), city cards, markers and rules; exact missing-track scoring.",
    players=(2, 6),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=_builtin_maps,
    record_schema="transamerica-record",
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.score_game,
    presets=model.PRESETS,
    cli="trackwright.cli.transamerica",
    board="trackwright.kits.transamerica.board:board_view",
    page="transamerica.js",
    draft_problems=engine.draft_problems,
    questions={
        "turn_state": engine.turn_state,
        "photo_read": _photo_read,
        "photo_setup": _photo_setup,
    },
    order=1,
)
