"""The TransAmerica print-and-play kit: board poster and tiled sheets, city cards with backs,
score track and markers, rules summary and the map file. Everything is built in memory first,
then written file by file atomically."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from trackwright.core import mapfile
from trackwright.core.transamerica import TransAmericaMap, TransAmericaRules
from trackwright.core.transamerica import rules as rules_preset
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Circle,
    Document,
    Drawing,
    Group,
    Op,
    Style,
    Text,
    line,
    polygon,
    rect,
)
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.draw.symbols import PLAYER_STYLE, REGION_STYLE, ink_on, symbol
from trackwright.kits.layout import paper_size
from trackwright.kits.sheets import (
    RULES_BODY,
    RULES_LEAD,
    RULES_X,
    card_pages,
    duplex_test_pages,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)
from trackwright.kits.transamerica import board
from trackwright.kits.transamerica.strings import t, values

CARD_W, CARD_H = 63.0, 88.0


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    lang: str = "en"
    formats: tuple[str, ...] = ("pdf", "svg")
    duplex: str = "long"
    rules: TransAmericaRules = field(default_factory=rules_preset)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, the printer's measured duplex shift
    ink_saver: bool = False
    poster_size: str = "fit"


def preset_label(rules: TransAmericaRules) -> str | None:
    """The preset's name for the rules page's foot line; none for the default rules."""
    return None if rules == rules_preset() else rules.name


# ---------------------------------------------------------------------------- cards


def _fit_size(text: str, max_w: float, size: float, bold: bool = True) -> float:
    while size > 6 and fonts.text_width(text, size, bold) > max_w:
        size -= 0.5
    return size


def card_front(
    m: TransAmericaMap, index: int, lang: str, rules: TransAmericaRules | None = None
) -> list[Op]:
    rules = rules or rules_preset()
    city = m.cities[index]
    colour, shape = REGION_STYLE[city.region]
    ink = ink_on(colour)
    ops: list[Op] = [rect(0, 0, CARD_W, CARD_H, Style(stroke=None, fill="#ffffff"))]
    ops.append(rect(2.5, 2.5, CARD_W - 5, 15, Style(stroke=None, fill=colour)))
    ops.append(symbol(shape, 10, 10, 4.2, Style(stroke=ink, width=0.4, fill="#ffffff")))
    ops.append(Text(17, 11.8, t(f"ta_region_{city.region}", lang), size=10, bold=True, fill=ink))
    size = _fit_size(city.name, CARD_W - 10, 15)
    ops.append(Text(CARD_W / 2, 29, city.name, size=size, bold=True, anchor="middle"))
    ops.append(rect(5, 34, CARD_W - 10, 38, Style(stroke="#bbbbbb", width=0.2, fill="#f3f8fb")))
    ops.extend(board.locator_ops(m, city.name, 6, 35, CARD_W - 12, 36))
    ops.append(
        Text(CARD_W / 2, 78, f"{m.name} · {city.node}", size=6.5, anchor="middle", fill="#555555")
    )
    if city.dotted:
        frame = Style(stroke="#000000", width=0.9, dash=(0.01, 1.6), cap="round")
        ops.append(rect(2.5, 2.5, CARD_W - 5, CARD_H - 5, frame))
        dotted = values(rules, lang)["dotted"]
        ops.append(Text(CARD_W / 2, 84, f"{dotted} ✕", size=6, anchor="middle", fill="#555555"))
    else:
        ops.append(rect(2.5, 2.5, CARD_W - 5, CARD_H - 5, Style(stroke="#000000", width=0.35)))
    return ops


def card_back(m: TransAmericaMap, index: int, lang: str) -> list[Op]:
    city = m.cities[index]
    colour, shape = REGION_STYLE[city.region]
    ink = ink_on(colour)
    ops: list[Op] = [rect(0, 0, CARD_W, CARD_H, Style(stroke=None, fill=colour))]
    ops.append(rect(3, 3, CARD_W - 6, CARD_H - 6, Style(stroke=ink, width=0.5)))
    ops.append(
        symbol(shape, CARD_W / 2, CARD_H / 2 - 4, 14, Style(stroke=ink, width=0.8, fill="#ffffff"))
    )
    ops.append(Text(CARD_W / 2, 18, "TransAmerica", size=12, bold=True, anchor="middle", fill=ink))
    ops.append(
        Text(
            CARD_W / 2,
            CARD_H - 14,
            t(f"ta_region_{city.region}", lang),
            size=10,
            bold=True,
            anchor="middle",
            fill=ink,
        )
    )
    return ops


# ------------------------------------------------------------- score track and markers


def locomotive(x: float, y: float, w: float, colour: str) -> list[Op]:
    """A side view of a steam locomotive, w wide, standing on (x, y), facing left."""
    k = w / 30
    body = Style(stroke="#000000", width=0.3, fill=colour)

    def box_(x1: float, b1: float, x2: float, b2: float, style: Style = body) -> Op:
        return polygon(
            [
                (x + x1 * k, y - b1 * k),
                (x + x2 * k, y - b1 * k),
                (x + x2 * k, y - b2 * k),
                (x + x1 * k, y - b2 * k),
            ],
            style,
        )

    ops: list[Op] = [
        box_(1, 3, 29, 6),  # frame
        box_(3, 6, 20, 13),  # boiler
        polygon(
            [
                (x + 4 * k, y - 13 * k),
                (x + 7.5 * k, y - 13 * k),
                (x + 8.5 * k, y - 18 * k),
                (x + 3 * k, y - 18 * k),
            ],
            body,
        ),  # chimney
        box_(19, 6, 28, 18),  # cab
        box_(18, 18, 29, 20),  # roof
        box_(21, 12, 26, 16, Style(stroke="#000000", width=0.25, fill="#ffffff")),  # window
    ]
    for cx, r in ((7, 2.8), (13, 2.8), (23.5, 3.2)):
        ops.append(
            Circle(x + cx * k, y - 3 * k, r * k, Style(stroke="#000000", width=0.3, fill="#ffffff"))
        )
    return ops


def tokens_page(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules | None = None
) -> Drawing:
    rules = rules or rules_preset()
    v = values(rules, lang)
    pw, ph = paper_size(paper, landscape=True)
    x0, y0 = 10.0, 14.0
    cell_h, shed_w = 22.0, 30.0
    # One cell per point from the end threshold up to the start, then the engine shed.
    low, start = rules.initial_threshold, rules.start_points
    cells = start - low
    cell = min(16.0, (pw - 2 * x0 - shed_w) / cells)
    ops: list[Op] = [Text(x0, y0 - 4, t("ta_score_track", lang), size=7, fill="#444444")]
    # Cells low .. start - 1 (the first: low or fewer), then the engine shed holding start.
    for k in range(cells):
        cx = x0 + k * cell
        fill = "#f3e0de" if k == 0 else "#ffffff"
        ops.append(rect(cx, y0, cell, cell_h, Style(width=0.35, fill=fill)))
        label = f"≤ {low}" if k == 0 else str(low + k)
        ops.append(
            Text(cx + cell / 2, y0 + cell_h / 2 + 2, label, size=12, bold=True, anchor="middle")
        )
    sx = x0 + cells * cell
    ops.append(rect(sx, y0, shed_w, cell_h, Style(width=0.35, fill="#e8e2d0")))
    ops.append(
        polygon(
            [(sx + 3, y0 + 9), (sx + shed_w / 2, y0 + 3), (sx + shed_w - 3, y0 + 9)],
            Style(width=0.35, fill="#b9ab86"),
        )
    )
    ops.append(Text(sx + shed_w / 2, y0 + 15.5, str(start), size=12, bold=True, anchor="middle"))
    ops.append(Text(sx + shed_w / 2, y0 + 20, t("ta_shed", lang), size=6, anchor="middle"))
    # The barrier: a double red line between the end threshold and the next cell.
    red = Style(stroke="#c8102e", width=0.8, cap="butt")
    for d in (-0.9, 0.9):
        ops.append(line((x0 + cell + d, y0 - 1.5), (x0 + cell + d, y0 + cell_h + 1.5), red))
    ops.append(
        Text(
            x0 + cell,
            y0 + cell_h + 5,
            t("ta_barrier", lang),
            size=6.5,
            anchor="middle",
            fill="#c8102e",
        )
    )

    # Start markers and locomotives: fold-over standees, one per player colour.
    y = y0 + cell_h + 16
    ops.append(
        Text(
            x0,
            y - 3,
            t("ta_start_markers", lang) + " · " + t("ta_fold", lang),
            size=7,
            fill="#444444",
        )
    )
    for i, (colour, shape) in enumerate(PLAYER_STYLE):
        bx = x0 + i * 28
        ops.append(rect(bx, y, 24, 36, Style(width=0.3, fill=colour)))
        ops.append(
            line(
                (bx, y + 18), (bx + 24, y + 18), Style(stroke="#000000", width=0.2, dash=(1.0, 1.0))
            )
        )
        for cy, flip in ((y + 9, 180.0), (y + 27, 0.0)):
            ops.append(
                Group(
                    (symbol(shape, 0, 0, 6.0, Style(stroke="#000000", width=0.4, fill="#ffffff")),),
                    dx=bx + 12,
                    dy=cy,
                    rotate=flip,
                )
            )
    y += 50
    ops.append(
        Text(
            x0,
            y - 3,
            t("ta_locomotives", lang) + " · " + t("ta_fold", lang),
            size=7,
            fill="#444444",
        )
    )
    for i, (colour, shape) in enumerate(PLAYER_STYLE):
        bx = x0 + i * 28
        ops.append(rect(bx, y, 24, 36, Style(width=0.3, fill="#ffffff")))
        ops.append(
            line(
                (bx, y + 18), (bx + 24, y + 18), Style(stroke="#000000", width=0.2, dash=(1.0, 1.0))
            )
        )
        for cy, flip in ((y + 9, 180.0), (y + 27, 0.0)):
            loco = locomotive(-10, 6.5, 20, colour)
            mark = symbol(
                shape, -2.2, -0.8, 2.1, Style(stroke="#000000", width=0.3, fill="#ffffff")
            )
            ops.append(Group((*loco, mark), dx=bx + 12, dy=cy, rotate=flip))

    # The first-player card.
    fx, fy = pw - 10 - CARD_W, y0 + cell_h + 14
    card: list[Op] = [rect(0, 0, CARD_W, CARD_H, Style(width=0.4, fill="#ffffff"))]
    card.extend(locomotive(11, 52, 41, "#444444"))
    card.append(
        Text(CARD_W / 2, 14, t("ta_first_player", lang), size=13, bold=True, anchor="middle")
    )
    for k, text in enumerate(fonts.wrap(t("ta_first_player_note", lang), 8, CARD_W - 10)):
        card.append(Text(CARD_W / 2, 64 + 4 * k, text, size=8, anchor="middle"))
    ops.append(Group(tuple(card), dx=fx, dy=fy))

    ny = ph - 22
    for k, text in enumerate(fonts.wrap(t("ta_tracks_note", lang, **v), 7, pw - 20)):
        ops.append(Text(x0, ny + 3.2 * k, text, size=7))
    ops.extend(ruler_ops(x0, ph - 11, lang))
    return Drawing("tokens", pw, ph, tuple(ops))


# ---------------------------------------------------------------------------- rules


def rules_page(
    m: TransAmericaMap, paper: str, lang: str, rules: TransAmericaRules | None = None
) -> Drawing:
    rules = rules or rules_preset()
    v = values(rules, lang)
    pw, ph = paper_size(paper)
    x, width, body, lead = RULES_X, pw - 2 * RULES_X, RULES_BODY, RULES_LEAD
    ops, y = rules_text_ops(t("ta_rules_title", lang), t("ta_rules", lang, **v), width)
    # Legend of the board.
    y += 2
    ops.extend(board.edge_ops((x, y), (x + 14, y), 1, shorten=0))
    ops.append(Text(x + 18, y + 1.2, t("ta_plain", lang), size=body))
    y += lead * 1.3
    ops.extend(board.edge_ops((x, y), (x + 14, y), 2, shorten=0))
    ops.append(Text(x + 18, y + 1.2, t("ta_double", lang), size=body))
    y += lead * 1.3
    ops.append(rect(x, y - 3, 14, 6, Style(width=0.8, dash=(0.01, 1.4))))
    ops.append(Text(x + 18, y + 1.2, t("ta_dotted", lang, **v), size=body))
    y += lead * 1.8
    for k, text in enumerate(fonts.wrap(t("ta_tracks_note", lang, **v), body, width)):
        ops.append(Text(x, y + lead * k, text, size=body))
    # A score pad: six players, eight rounds; rows of 8 mm, less if the text left less room
    # above the foot line (German on Letter).
    y += lead * 3 + 6
    ops.append(Text(x, y, t("ta_score_pad", lang, **v), size=body + 1, bold=True))
    y += 3
    name_w, col_w, rounds = 46.0, (width - 46.0) / 9, 8
    rows = rules.players[1] + 1  # a heading and a row per player
    row_h = min(8.0, (ph - 17 - y) / rows)
    text_dy = row_h / 2 + 1.4
    for r in range(rows):
        for c in range(rounds + 2):
            cx = x if c == 0 else x + name_w + (c - 1) * col_w
            w = name_w if c == 0 else col_w
            fill = "#eeeeee" if r == 0 or c == 1 else None
            ops.append(rect(cx, y + r * row_h, w, row_h, Style(width=0.25, fill=fill)))
            if r == 0:
                label = t("player", lang) if c == 0 else "" if c == 1 else str(c - 1)
                ops.append(
                    Text(cx + w / 2, y + text_dy, label, size=7.5, bold=True, anchor="middle")
                )
            elif c == 1:
                ops.append(
                    Text(
                        cx + w / 2,
                        y + r * row_h + text_dy,
                        str(rules.start_points),
                        size=7.5,
                        anchor="middle",
                    )
                )
        if r > 0 and r <= len(PLAYER_STYLE):
            colour, shape = PLAYER_STYLE[r - 1]
            ops.append(
                symbol(
                    shape,
                    x + 4,
                    y + r * row_h + row_h / 2,
                    2.2,
                    Style(stroke="#000000", width=0.3, fill=colour),
                )
            )
    ops.append(made_with_op(m.name, ph, lang, preset_label(rules)))
    return Drawing("rules", pw, ph, tuple(ops))


# ---------------------------------------------------------------------------- the kit


def documents(m: TransAmericaMap, opts: KitOptions) -> dict[str, Document]:
    """Every printable document of the kit, by file stem."""
    lang, paper = opts.lang, opts.paper
    drawing = board.board_drawing(m, lang)
    title = f"TransAmerica · {m.name}"
    pw, ph = paper_size(paper)
    cards = card_pages(
        len(m.cities),
        lambda i: card_front(m, i, lang, opts.rules),
        lambda i: card_back(m, i, lang),
        pw,
        ph,
        CARD_W,
        CARD_H,
        lang,
        "cards",
        opts.duplex,
        opts.back_offset,
    )
    return {
        **poster_and_sheets(drawing, paper, lang, title, "board", opts.poster_size),
        f"cards-{paper}": Document(f"{title}: city cards", tuple(cards)),
        f"duplex-test-{paper}": Document(
            f"{title}: duplex test for the cards",
            tuple(duplex_test_pages(pw, ph, CARD_W, CARD_H, lang, opts.duplex, opts.back_offset)),
        ),
        f"tokens-{paper}": Document(
            f"{title}: score track and markers", (tokens_page(m, paper, lang, opts.rules),)
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary", (rules_page(m, paper, lang, opts.rules),)
        ),
    }


def kit_files(m: TransAmericaMap, opts: KitOptions, out: Path) -> dict[Path, bytes]:
    """All files of the kit, rendered in memory: path -> bytes."""
    finished = finish_kit(
        documents(m, opts), opts.lang, opts.paper, "TransAmerica", opts.duplex, opts.ink_saver
    )
    return render_kit(finished, opts.formats, out, mapfile.dumps(m.to_json()))
