"""Printable sheets shared by every game: a big drawing tiled over sheets with assembly aids,
cards imposed on sheets with crop marks and duplex backs, and the 100 % scale check ruler.

The geometry comes from trackwright.kits.layout (pure functions); this module turns it into drawing
operations.
"""

from __future__ import annotations

from collections.abc import Callable

from trackwright import __version__
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Document,
    Drawing,
    Group,
    Op,
    Place,
    Style,
    Text,
    line,
    rect,
)
from trackwright.kits.i18n import t
from trackwright.kits.layout import (
    CardGrid,
    Tiling,
    card_grid,
    choose_tiling,
    duplex_backs,
    impose,
)

GREY = "#777777"
MARK = Style(stroke="#000000", width=0.2, cap="butt")

# Margins of a tiled sheet (top, right, bottom, left): home printers cannot print the last few
# millimetres, and the bottom margin holds the sheet label, assembly map and scale ruler.
TILE_MARGINS = (10.0, 10.0, 24.0, 10.0)
TILE_OVERLAP = 14.0


def ruler_ops(x: float, y: float, lang: str, length: float = 50.0) -> list[Op]:
    """A scale check bar: ``length`` mm with centimetre ticks and its caption."""
    ops: list[Op] = [line((x, y), (x + length, y), Style(width=0.3, cap="butt"))]
    for k in range(int(length // 10) + 1):
        tick = 2.2 if k % 5 == 0 else 1.4
        ops.append(line((x + 10 * k, y - tick), (x + 10 * k, y), Style(width=0.25, cap="butt")))
    ops.append(Text(x, y + 3.2, t("scale_check", lang), size=5.5, fill="#333333"))
    return ops


def cross(x: float, y: float, r: float = 3.0) -> list[Op]:
    return [line((x - r, y), (x + r, y), MARK), line((x, y - r), (x, y + r), MARK)]


def _mini_map(tiling: Tiling, current: int, x: float, y: float, h: float) -> list[Op]:
    """A small diagram of all sheets with the current one filled and labelled."""
    cell = min(h / tiling.rows, 8.0)
    cw = cell * tiling.tiles[0].w / tiling.tiles[0].h
    ops: list[Op] = []
    for i, tile in enumerate(tiling.tiles):
        fill = "#555555" if i == current else "#ffffff"
        cx, cy = x + tile.col * cw, y + tile.row * cell
        ops.append(rect(cx, cy, cw, cell, Style(stroke="#555555", width=0.2, fill=fill)))
        ops.append(
            Text(
                cx + cw / 2,
                cy + cell * 0.68,
                tile.label,
                size=min(5.0, cell * 1.6),
                anchor="middle",
                fill="#ffffff" if i == current else "#555555",
            )
        )
    return ops


def tiled_pages(
    drawing: Drawing, paper: str, lang: str, title: str, overlap: float = TILE_OVERLAP
) -> tuple[Tiling, list[Drawing]]:
    """The drawing tiled over sheets of ``paper``; every sheet shows a window of the one drawing.

    Neighbouring windows share ``overlap`` mm. Each sheet's left and top edges carry a dashed cut
    line through the middle of the overlap; its right and bottom edges carry the matching glue
    line. Registration crosses sit on those lines at the same board positions on both sheets, so
    a cut edge shows half crosses that meet the neighbour's whole ones.
    """
    top, _right, bottom, left = TILE_MARGINS
    tiling = choose_tiling(drawing.width, drawing.height, paper, TILE_MARGINS, overlap)
    pages: list[Drawing] = []
    half = overlap / 2
    for index, tile in enumerate(tiling.tiles):
        ops: list[Op] = [Place(drawing, left, top, (tile.x, tile.y, tile.w, tile.h))]
        x0, y0, x1, y1 = left, top, left + tile.w, top + tile.h
        ys = [y0 + tile.h * k / 4 for k in (1, 2, 3)]
        xs = [x0 + tile.w * k / 4 for k in (1, 2, 3)]
        dash = Style(stroke="#000000", width=0.3, dash=(2.0, 1.5), cap="butt")
        solid = Style(stroke="#000000", width=0.25, cap="butt")
        if tile.col > 0:  # cut off the left overlap's outer half
            ops.append(line((x0 + half, y0 - 4), (x0 + half, y1 + 4), dash))
            ops.append(Text(x0 + half - 1, y0 - 2.5, "✂ " + t("cut", lang), size=5.5, anchor="end"))
            for y in ys:
                ops.extend(cross(x0 + half, y))
        if tile.row > 0:
            ops.append(line((x0 - 4, y0 + half), (x1 + 4, y0 + half), dash))
            for x in xs:
                ops.extend(cross(x, y0 + half))
        if tile.col < tiling.cols - 1:  # the neighbour's cut edge lands here
            ops.append(line((x1 - half, y0), (x1 - half, y1), solid))
            ops.append(Text(x1 + 1.5, y0 + 12, t("glue", lang), size=5.5, angle=90))
            for y in ys:
                ops.extend(cross(x1 - half, y))
        if tile.row < tiling.rows - 1:
            ops.append(line((x0, y1 - half), (x1, y1 - half), solid))
            ops.append(Text(x0 + 12, y1 + 3, t("glue", lang), size=5.5))
            for x in xs:
                ops.extend(cross(x, y1 - half))
        # Footer: label, sheet count, assembly map, ruler, instructions.
        fy = min(tiling.paper_h - bottom, top + tile.h) + 5
        ops.append(Text(left, fy + 9, tile.label, size=22, bold=True))
        ops.append(Text(left + 20, fy + 4, title, size=7, bold=True))
        ops.append(
            Text(
                left + 20,
                fy + 8,
                f"{t('sheet', lang)} {tile.label} · {index + 1} {t('of', lang)} "
                f"{len(tiling.tiles)}",
                size=6.5,
            )
        )
        ops.extend(_mini_map(tiling, index, left + 20, fy + 10.5, 8.0))
        rx = tiling.paper_w - TILE_MARGINS[1] - 110
        ops.extend(ruler_ops(rx, fy + 3, lang))
        for k, text in enumerate(fonts.wrap(t("assembly", lang), 5.5, 108)[:3]):
            ops.append(Text(rx, fy + 10 + 2.6 * k, text, size=5.5, fill="#333333"))
        pages.append(Drawing(f"sheet_{tile.label}", tiling.paper_w, tiling.paper_h, tuple(ops)))
    return tiling, pages


def crop_marks(grid: CardGrid, length: float = 4.0, gap: float = 1.5) -> list[Op]:
    """Marks in the margins along every cut line; they never touch the cards."""
    ops: list[Op] = []
    x_end = grid.x0 + grid.cols * grid.card_w
    y_end = grid.y0 + grid.rows * grid.card_h
    for c in range(grid.cols + 1):
        x = grid.x0 + c * grid.card_w
        ops.append(line((x, grid.y0 - gap - length), (x, grid.y0 - gap), MARK))
        ops.append(line((x, y_end + gap), (x, y_end + gap + length), MARK))
    for r in range(grid.rows + 1):
        y = grid.y0 + r * grid.card_h
        ops.append(line((grid.x0 - gap - length, y), (grid.x0 - gap, y), MARK))
        ops.append(line((x_end + gap, y), (x_end + gap + length, y), MARK))
    return ops


CardPainter = Callable[[int], list[Op]]


def card_pages(
    count: int,
    front: CardPainter,
    back: CardPainter | None,
    paper_w: float,
    paper_h: float,
    card_w: float,
    card_h: float,
    lang: str,
    name: str,
    duplex: str = "long",
) -> list[Drawing]:
    """Sheets of cards; each front sheet is followed by its back sheet, mirrored for duplex.

    ``front(i)`` and ``back(i)`` draw card i in a card_w x card_h box at the origin.
    """
    grid = card_grid(paper_w, paper_h, card_w, card_h)
    pages: list[Drawing] = []
    for sheet_no, sheet in enumerate(impose(count, grid.per_sheet)):
        sides = [("front", sheet, front)]
        if back is not None:
            sides.append(("back", duplex_backs(sheet, grid.cols, grid.rows, duplex), back))
        for side, slots, painter in sides:
            ops: list[Op] = []
            for slot, card in enumerate(slots):
                if card is None:
                    continue
                x, y = grid.slot_origin(slot)
                ops.append(Group(tuple(painter(card)), dx=x, dy=y, clip=(0.0, 0.0, card_w, card_h)))
            ops.extend(crop_marks(grid))
            if side == "front" and back is not None:
                note = t(f"duplex_{duplex}", lang)
                ops.append(
                    Text(paper_w / 2, paper_h - 2.5, note, size=5.5, anchor="middle", fill=GREY)
                )
            pages.append(Drawing(f"{name}_{sheet_no + 1}_{side}", paper_w, paper_h, tuple(ops)))
    return pages


RULES_X, RULES_BODY = 16.0, 8.6
RULES_LEAD = RULES_BODY * 0.3528 * 1.35


def rules_text_ops(title: str, text: str, width: float) -> tuple[list[Op], float]:
    """A rules summary: the title, then "Heading|text" paragraphs wrapped to ``width`` mm.
    Returns the operations and the y where the text ends."""
    x, body, lead = RULES_X, RULES_BODY, RULES_LEAD
    ops: list[Op] = [Text(x, 22, title, size=17, bold=True)]
    y = 31.0
    for paragraph in text.split("\n"):
        heading, words = paragraph.split("|", 1)
        ops.append(Text(x, y, heading, size=body + 1, bold=True))
        y += lead * 1.15
        for row in fonts.wrap(words, body, width):
            ops.append(Text(x, y, row, size=body))
            y += lead
        y += lead * 0.6
    return ops, y


def made_with_op(name: str, page_h: float, lang: str, rules: str | None = None) -> Text:
    """The foot line of a rules page: the map's name, the rules preset's name (when it is not
    the default) and the trackwright version."""
    preset = "" if rules is None else t("rules_preset", lang, name=rules) + " · "
    return Text(
        RULES_X,
        page_h - 12,
        f"{name} · {preset}" + t("made_with", lang, version=__version__),
        size=6.5,
        fill="#666666",
    )


def duplex_test_pages(
    paper_w: float, paper_h: float, card_w: float, card_h: float, lang: str, duplex: str = "long"
) -> list[Drawing]:
    """Two pages to print before the cards: numbered frames on the front, and on the back the
    same numbers in the slots where, after the chosen duplex flip, they land behind their
    fronts; arrows show which way is up."""
    grid = card_grid(paper_w, paper_h, card_w, card_h)
    front = list(range(grid.per_sheet))
    pages = []
    for side, slots in (
        ("front", front),
        ("back", duplex_backs(front, grid.cols, grid.rows, duplex)),
    ):
        ops: list[Op] = []
        style = Style(stroke="#2f5d8c" if side == "front" else "#d55e00", width=0.6)
        for slot, card in enumerate(slots):
            if card is None:
                continue
            x, y = grid.slot_origin(slot)
            ops.append(rect(x + 4, y + 4, card_w - 8, card_h - 8, style))
            ops.append(
                Text(
                    x + card_w / 2,
                    y + card_h / 2,
                    f"{t(side, lang)} {card + 1}",
                    size=11,
                    bold=True,
                    anchor="middle",
                    fill=style.stroke or "#000",
                )
            )
            ax, ay = x + card_w / 2, y + 14  # an arrow pointing up the card
            ops.append(line((ax, ay + 10), (ax, ay), style))
            ops.append(line((ax - 3, ay + 4), (ax, ay), style))
            ops.append(line((ax + 3, ay + 4), (ax, ay), style))
        ops.extend(crop_marks(grid))
        if side == "front":  # the instructions, inside the middle frame
            x, y = grid.slot_origin(grid.per_sheet // 2)
            for k, row in enumerate(fonts.wrap(t("duplex_test", lang), 5.2, card_w - 12)):
                ops.append(Text(x + 6, y + card_h / 2 + 7 + 2.3 * k, row, size=5.2, fill="#333333"))
        pages.append(Drawing(f"duplex_test_{side}", paper_w, paper_h, tuple(ops)))
    return pages


def poster_and_sheets(
    drawing: Drawing, paper: str, lang: str, title: str, stem: str = "board"
) -> dict[str, Document]:
    """A big drawing as two documents: one true-size poster page, and tiled over sheets."""
    poster = Drawing("poster", drawing.width, drawing.height, (Place(drawing),))
    _tiling, sheets = tiled_pages(drawing, paper, lang, title)
    return {
        f"{stem}-poster": Document(f"{title}: {stem} (poster)", (poster,)),
        f"{stem}-{paper}": Document(f"{title}: {stem} on {paper} sheets", tuple(sheets)),
    }
