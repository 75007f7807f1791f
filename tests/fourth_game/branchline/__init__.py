"""Branch Line, declared for trackwright's registry (found by the ``trackwright.games`` entry
point): its map model and engine here, its kit, board and commands in ``branchline_print``
(named by strings, imported only where they are used), its data, schemas and page script in this
package, so that ``trackwright site`` ships it to the phone."""

from __future__ import annotations

from typing import Any

from branchline import engine, model

from trackwright.games import Game


def free_links(data: Any, args: Any, where: str) -> list[list[str]]:
    """The page's question: the links nobody has claimed yet, in the map's order."""
    record = engine.record_from_json(data, where)
    taken = {k for links in record.claims.values() for k in links}
    return [list(k) for k in record.map.lengths if k not in taken]


GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Claim links between stations; the longest network joining the termini wins.",
    players=(2, 4),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=lambda: ["valley"],
    record_schema=model.SCHEMAS["branchline-record"],
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.score,
    presets=model.PRESETS,
    cli="branchline_print.cli",
    board="branchline_print.board:board_view",
    page="branchline:page/branchline.js",
    questions={"free_links": free_links},
    order=4,
    data=model.DATA,
    schemas=model.SCHEMAS,
    map_schema=model.SCHEMAS["branchline-map"],
    engine_packages=("branchline",),
)
