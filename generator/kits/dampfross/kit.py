"""The Dampfross print-and-play kit: the map (poster and tiled), blank hex sheets, the ledger,
the race record sheet, a rules summary and the map file."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass, field

from trackwright.core import hexgrid, mapfile
from trackwright.core.dampfross import DampfrossMap, DampfrossRules
from trackwright.core.dampfross import rules as rules_preset
from trackwright.kits.dampfross import board
from trackwright.kits.dampfross.strings import comparison_values, t, values
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Document,
    Drawing,
    Group,
    Op,
    Path,
    Style,
    Text,
    line,
    rect,
)
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.draw.symbols import PLAYER_STYLE, symbol
from trackwright.kits.layout import paper_size
from trackwright.kits.sheets import (
    MARK,
    RULES_X,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)

HEX_SHEET_SIZES = (6.0, 7.5, 10.0)  # centre-to-corner, mm
MAX_PLAYERS = 8


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    lang: str = "en"
    formats: tuple[str, ...] = ("pdf", "svg")
    players: int = 6
    rules: DampfrossRules = field(default_factory=rules_preset)
    ink_saver: bool = False
    poster_size: str = "fit"


def preset_label(rules: DampfrossRules) -> str | None:
    """The preset's name for the rules page's foot line; none for the default rules."""
    return None if rules == rules_preset() else rules.name


# ------------------------------------------------------------------ blank hex sheets


def hex_sheet_page(paper: str, size: float, lang: str) -> Drawing:
    """A sheet of hexes whose grid continues on the next sheet in every direction.

    The grid area is a whole number of pattern periods (sqrt(3) x size across, 3 x size down),
    so sheets trimmed at the corner marks and laid edge to edge continue the grid exactly.
    """
    pw, ph = paper_size(paper)
    grid = hexgrid.Layout(size=size)
    period_x, period_y = grid.width, 2 * grid.row_step
    margin = 10.0
    cols = int((pw - 2 * margin) // period_x)
    rows = int((ph - 2 * margin - 14) // period_y)
    gw, gh = cols * period_x, rows * period_y
    x0, y0 = (pw - gw) / 2, margin
    at = hexgrid.Layout(size=size, origin=(x0, y0))
    style = Style(stroke="#7d7d7d", width=0.2)
    ops: list[Op] = []
    inside: list = []
    # Hex (q, r) has its centre at sqrt(3)*s*(q + r/2), 1.5*s*r; the grid's corner (0, 0) sits on
    # a hex centre, so the pattern repeats every period in both directions.
    for r in range(-1, 2 * rows + 2):
        for c in range(-2, cols + 2):
            inside.append(tuple(at.corners(at.from_offset(c, r))))
    ops.append(Group((Path(tuple(inside), style, closed=True),), clip=(x0, y0, gw, gh)))
    for x in (x0, x0 + gw):
        for y in (y0, y0 + gh):
            dx = -1 if x == x0 else 1
            dy = -1 if y == y0 else 1
            ops.append(line((x + dx * 1.5, y), (x + dx * 6, y), MARK))
            ops.append(line((x, y + dy * 1.5), (x, y + dy * 6), MARK))
    across = round(grid.width, 1)
    caption = t("df_hex_sheet", lang, across=f"{across:g}", size=f"{size:g}")
    for k, text in enumerate(fonts.wrap(caption, 6.5, pw - 2 * margin)):
        ops.append(Text(margin, y0 + gh + 8 + 3 * k, text, size=6.5, fill="#444444"))
    ops.extend(ruler_ops(pw - margin - 50, ph - 8, lang))
    return Drawing(f"hexsheet_{size:g}", pw, ph, tuple(ops))


# ------------------------------------------------------------------ ledger and races


def sheet_header(title: str, note: str, page_w: float, margin: float) -> tuple[list[Op], float]:
    """A form's title and its wrapped note; returns the operations and where the form starts."""
    ops: list[Op] = [Text(margin, margin + 5, title, size=14, bold=True)]
    rows = fonts.wrap(note, 7, page_w - 2 * margin)
    for k, text in enumerate(rows):
        ops.append(Text(margin, margin + 11 + 3.2 * k, text, size=7, fill="#444444"))
    return ops, margin + 14 + 3.2 * len(rows)


def ledger_page(
    paper: str, lang: str, players: int, rules: DampfrossRules | None = None
) -> Drawing:
    rules = rules or rules_preset()
    pw, ph = paper_size(paper, landscape=True)
    margin = 10.0
    note = t("df_ledger_note", lang, **values(rules, lang))
    ops, top = sheet_header(t("df_ledger", lang), note, pw, margin)
    event_w = 62.0
    col_w = (pw - 2 * margin - event_w) / players
    row_h = 6.4
    rows = int((ph - top - margin - 4) // row_h)
    for r in range(rows):
        y = top + r * row_h
        fill = "#eeeeee" if r == 0 else ("#f7f7f7" if r % 2 == 0 else None)
        ops.append(rect(margin, y, event_w, row_h, Style(width=0.25, fill=fill)))
        for c in range(players):
            ops.append(
                rect(margin + event_w + c * col_w, y, col_w, row_h, Style(width=0.25, fill=fill))
            )
    ops.append(Text(margin + 2, top + 4.4, t("df_event", lang), size=8, bold=True))
    ops.append(Text(margin + 2, top + row_h + 4.4, t("df_start_capital", lang), size=8))
    for c in range(players):
        cx = margin + event_w + c * col_w
        colour, shape = PLAYER_STYLE[c % len(PLAYER_STYLE)]
        ops.append(
            symbol(
                shape,
                cx + 4,
                top + row_h / 2,
                2.0,
                Style(stroke="#000000", width=0.25, fill=colour),
            )
        )
        capital = str(rules.start_capital)
        ops.append(
            Text(cx + col_w - 2, top + row_h + 4.4, capital, size=8, bold=True, anchor="end")
        )
    return Drawing("ledger", pw, ph, tuple(ops))


def races_page(paper: str, lang: str, rules: DampfrossRules | None = None) -> Drawing:
    rules = rules or rules_preset()
    v = values(rules, lang)
    pw, ph = paper_size(paper)
    margin = 10.0
    ops, top = sheet_header(t("df_races", lang), t("df_races_note", lang, **v), pw, margin)
    headers = t("df_race_cols", lang, **v).split("|")
    rows = rules.tournament_races[0] + 1  # a header and a row per race of a tournament
    weights = [0.5, 2.0, 2.0, 2.0, 2.6, 0.9, 0.9]
    total = sum(weights)
    widths = [(pw - 2 * margin) * w / total for w in weights]
    row_h = min(6.2, (ph - top - margin) / rows)
    for r in range(rows):
        y = top + r * row_h
        x = margin
        for c, w in enumerate(widths):
            fill = "#eeeeee" if r == 0 else ("#f7f7f7" if r % 2 == 0 else None)
            ops.append(rect(x, y, w, row_h, Style(width=0.25, fill=fill)))
            if r == 0:
                size = 6.5
                while size > 4.5 and fonts.text_width(headers[c], size, True) > w - 1.5:
                    size -= 0.25
                ops.append(Text(x + 1, y + row_h * 0.68, headers[c], size=size, bold=True))
            elif c == 0:
                ops.append(Text(x + w - 1, y + row_h * 0.7, str(r), size=6.5, anchor="end"))
            x += w
    return Drawing("races", pw, ph, tuple(ops))


# ------------------------------------------------------------------ the kit


def rules_page(
    m: DampfrossMap, paper: str, lang: str, rules: DampfrossRules | None = None
) -> Drawing:
    """The rules summary: the preset's numbers; on the default rules (L'Épopée du Rail) with the
    German edition's differences."""
    rules = rules or rules_preset()
    pw, ph = paper_size(paper)
    text = t("df_rules", lang, **values(rules, lang))
    if rules == rules_preset():
        german = rules_preset("dampfross")
        text += "\n" + t("df_rules_german", lang, **comparison_values(german, lang))
    ops, _ = rules_text_ops(t("df_rules_title", lang), text, pw - 2 * RULES_X)
    ops.append(made_with_op(m.name, ph, lang, preset_label(rules)))
    return Drawing("rules", pw, ph, tuple(ops))


def documents(m: DampfrossMap, opts: KitOptions) -> dict[str, Document]:
    lang, paper = opts.lang, opts.paper
    drawing = board.map_drawing(m, lang, rules=opts.rules)
    title = f"Dampfross · {m.name}"
    low, high = opts.rules.players
    players = max(low, min(high, MAX_PLAYERS, opts.players))
    return {
        **poster_and_sheets(drawing, paper, lang, title, "map", opts.poster_size),
        f"hexsheets-{paper}": Document(
            "Dampfross: blank hex sheets",
            tuple(hex_sheet_page(paper, size, lang) for size in HEX_SHEET_SIZES),
        ),
        f"ledger-{paper}": Document(
            "Dampfross: accounts", (ledger_page(paper, lang, players, opts.rules),)
        ),
        f"races-{paper}": Document(
            "Dampfross: race record", (races_page(paper, lang, opts.rules),)
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary", (rules_page(m, paper, lang, opts.rules),)
        ),
    }


def kit_files(m: DampfrossMap, opts: KitOptions, out: pathlib.Path) -> dict[pathlib.Path, bytes]:
    finished = finish_kit(
        documents(m, opts), opts.lang, opts.paper, "Dampfross", ink=opts.ink_saver
    )
    return render_kit(finished, opts.formats, out, mapfile.dumps(m.to_json()))
