"""The La Strada print-and-play kit: the assembled board (poster and tiled), the land pieces
and frame parts to cut out, the tiles and tokens, a rules summary and the map file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from trackwright.core import mapfile
from trackwright.core.lastrada import LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset
from trackwright.kits.draw.ops import Document, Drawing, Op, Place
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.lastrada import board, tiles
from trackwright.kits.lastrada.strings import t, values
from trackwright.kits.layout import paper_size
from trackwright.kits.sheets import (
    RULES_X,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    lang: str = "en"
    formats: tuple[str, ...] = ("pdf", "svg")
    rules: LaStradaRules = field(default_factory=rules_preset)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, the printer's measured duplex shift
    ink_saver: bool = False
    poster_size: str = "fit"


def preset_label(rules: LaStradaRules) -> str | None:
    """The preset's name for the rules page's foot line; none for the default rules."""
    return None if rules == rules_preset() else rules.name


def piece_pages(
    m: LaStradaMap, paper: str, lang: str, rules: LaStradaRules | None = None
) -> list[Drawing]:
    """Each land piece on a landscape sheet at true size, then the frame parts."""
    pw, ph = paper_size(paper, landscape=True)
    pages = []
    for piece in board.piece_drawings(m, lang):
        x, y = (pw - piece.width) / 2, (ph - piece.height) / 2
        ops: list[Op] = [Place(piece, x, y)]
        ops.extend(ruler_ops(10, ph - 9, lang))
        pages.append(Drawing(f"sheet_{piece.name}", pw, ph, tuple(ops)))
    tracks: list[Op] = []
    for p in range(len(board.PLAYERS)):
        tracks.extend(board.track_ops(12, 16 + p * 30, p, False, lang, rules))
    pages.append(Drawing("frame_tracks", pw, ph, tuple(tracks)))
    tables: list[Op] = []
    for k in range(4):
        tables.extend(board.table_ops(12 + (k % 2) * 90, 20 + (k // 2) * 60, lang, rules))
    pages.append(Drawing("frame_tables", pw, ph, tuple(tables)))
    return pages


def rules_page(
    m: LaStradaMap, paper: str, lang: str, rules: LaStradaRules | None = None
) -> Drawing:
    rules = rules or rules_preset()
    pw, ph = paper_size(paper)
    x = RULES_X
    text = t("ls_rules", lang, **values(rules, lang))
    ops, y = rules_text_ops(t("ls_rules_title", lang), text, pw - 2 * x)
    ops.extend(board.table_ops(x, y + 8, lang, rules))
    ops.append(made_with_op(m.name, ph, lang, preset_label(rules)))
    return Drawing("rules", pw, ph, tuple(ops))


def documents(m: LaStradaMap, opts: KitOptions) -> dict[str, Document]:
    lang, paper = opts.lang, opts.paper
    drawing = board.board_drawing(m, lang, rules=opts.rules)
    title = f"La Strada · {m.name}"
    return {
        **poster_and_sheets(drawing, paper, lang, title, "board", opts.poster_size),
        f"pieces-{paper}": Document(
            f"{title}: land pieces and frame to cut out",
            tuple(piece_pages(m, paper, lang, opts.rules)),
        ),
        f"tiles-{paper}": Document(
            f"{title}: tiles and tokens", tuple(tiles.tile_pages(m, paper, lang, opts.rules))
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary", (rules_page(m, paper, lang, opts.rules),)
        ),
    }


def kit_files(m: LaStradaMap, opts: KitOptions, out: Path) -> dict[Path, bytes]:
    finished = finish_kit(
        documents(m, opts), opts.lang, opts.paper, "La Strada", ink=opts.ink_saver
    )
    return render_kit(finished, opts.formats, out, mapfile.dumps(m.to_json()))
