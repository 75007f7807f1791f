"""The La Strada print-and-play kit: the assembled board (poster and tiled), the land pieces
and frame parts to cut out, the tiles and tokens, a rules summary and the map file."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from trackwright.core import mapfile, messages
from trackwright.core.lastrada import LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset
from trackwright.core.tiling import PAPERS, paper_size
from trackwright.kits.draw.ops import Document, Drawing, Op, Place
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.i18n import t as shared_t
from trackwright.kits.lastrada import board, tiles
from trackwright.kits.lastrada.strings import t, values
from trackwright.kits.sheets import (
    RULES_X,
    duplex_test_pages,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)

# The frames of the duplex test: the shared test's card size (it checks the printer's flip and
# shift, which are the same for cards and tiles).
TEST_CARD = (63.0, 88.0)
# A land piece's sheet: margins around the piece (top, right, bottom, left), mm; the bottom
# one holds the scale bar.
PIECE_MARGINS = (8.0, 8.0, 14.0, 8.0)
PIECE_PAD = board.PIECE_PAD
RULER_UP = 11.0  # mm from a sheet's bottom edge to its scale bar (its caption 7.8 mm)
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3"}


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    lang: str = "en"
    formats: tuple[str, ...] = ("pdf", "svg")
    rules: LaStradaRules = field(default_factory=rules_preset)
    duplex: str = "long"  # the edge the printer turns a sheet on for the tiles' backs
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
    top, right, bottom, left = PIECE_MARGINS
    pages = []
    for piece in board.piece_drawings(m, lang):
        x = left + (pw - left - right - piece.width) / 2
        y = top + (ph - top - bottom - piece.height) / 2
        ops: list[Op] = [Place(piece, x, y)]
        ops.extend(ruler_ops(10, ph - RULER_UP, lang))
        pages.append(Drawing(f"sheet_{piece.name}", pw, ph, tuple(ops)))
    # The frame's parts on one sheet: the four travel-day tracks, then the four scoring tables.
    frame_ops: list[Op] = []
    box = board.track_box(rules)
    y = 14.0
    for p in range(len(board.PLAYERS)):
        frame_ops.extend(board.track_ops(12, y, p, False, lang, rules))
        y += box + 8.0
    y += 4.0
    for k in range(4):
        frame_ops.extend(board.table_ops(12 + (k % 2) * 90, y + (k // 2) * 48, lang, rules))
    frame_ops.extend(ruler_ops(12 + 2 * 90 + 8, ph - RULER_UP, lang))
    pages.append(Drawing("frame", pw, ph, tuple(frame_ops)))
    return pages


def largest_hex_size(m: LaStradaMap, paper: str) -> float:
    """The largest hex size, mm (to 0.1 mm), at which every land piece of the board fits its
    landscape sheet of ``paper`` within PIECE_MARGINS."""
    pw, ph = paper_size(paper, landscape=True)
    top, right, bottom, left = PIECE_MARGINS
    room_w = pw - left - right - 2 * PIECE_PAD
    room_h = ph - top - bottom - 2 * PIECE_PAD - board.PIECE_LABEL
    best = float("inf")
    for piece in m.pieces:
        hexes = [h for h, p in m.piece_of.items() if p == piece.id]
        minx, miny, maxx, maxy = board.extent(m, hexes)
        unit_w, unit_h = (maxx - minx) / m.hex_size, (maxy - miny) / m.hex_size
        best = min(best, room_w / unit_w, room_h / unit_h)
    return math.floor(best * 10 + 1e-9) / 10


def fit_error(m: LaStradaMap, paper: str, lang: str = "en") -> str | None:
    """Why the board's hexes are too big for the paper (its land pieces would be clipped), in
    ``lang``, or None when they fit."""
    most = largest_hex_size(m, paper)
    if m.hex_size <= most + 1e-9:
        return None
    bigger = [p for p in PAPERS if m.hex_size <= largest_hex_size(m, p) + 1e-9]
    said = {"size": m.hex_size, "paper": PAPER_NAMES[paper], "most": most}
    if bigger:
        return messages.say(
            "ls.kit.too-big.bigger", lang, {**said, "bigger": PAPER_NAMES[bigger[0]]}
        )
    return messages.say("ls.kit.too-big", lang, said)


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
            f"{title}: tiles and tokens",
            tuple(tiles.tile_pages(m, paper, lang, opts.rules, opts.duplex, opts.back_offset)),
            pieces=len(tiles.all_tiles(m, opts.rules)),
            checklist=t("ck_ls_tokens", lang),
        ),
        f"duplex-test-{paper}": Document(
            f"{title}: duplex test for the tiles",
            tuple(
                duplex_test_pages(
                    *paper_size(paper),
                    *TEST_CARD,
                    lang,
                    opts.duplex,
                    opts.back_offset,
                    shared_t("dt_tiles", lang),
                )
            ),
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary", (rules_page(m, paper, lang, opts.rules),)
        ),
    }


def kit_files(m: LaStradaMap, opts: KitOptions, out: Path) -> dict[Path, bytes]:
    needs = t("ck_needs", opts.lang)
    finished = finish_kit(
        documents(m, opts), opts.lang, opts.paper, "La Strada", needs, opts.duplex, opts.ink_saver
    )
    return render_kit(finished, opts.formats, out, mapfile.dumps(m.to_json()))
