"""The Dampfross print-and-play kit: the map (poster and tiled), blank hex sheets, the ledger,
the race record sheet, a rules summary and the map file."""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, field

from trackwright.core import hexgrid, mapfile
from trackwright.core.boardplan.dampfross import hex_labels
from trackwright.core.dampfross import DampfrossMap, DampfrossRules
from trackwright.core.dampfross import rules as rules_preset
from trackwright.core.tiling import paper_size
from trackwright.kits import i18n
from trackwright.kits.dampfross import board
from trackwright.kits.dampfross.strings import comparison_values, map_title, t, values
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
    polygon,
    rect,
)
from trackwright.kits.draw.render import kit_files as render_kit
from trackwright.kits.draw.symbols import PLAYER_STYLE, symbol
from trackwright.kits.sheets import (
    MARK,
    RULES_BODY,
    RULES_X,
    finish_kit,
    made_with_op,
    poster_and_sheets,
    ruler_ops,
    rules_text_ops,
)

HEX_SHEET_SIZES = (6.0, 7.5, 10.0)  # centre-to-corner, mm
MAX_PLAYERS = 8
#: No printed text nearer the paper's edge than this, mm (printers leave 3 to 6.35 mm blank).
TEXT_EDGE = 8.0


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


def ruler_right(right: float, y: float, lang: str) -> list[Op]:
    """The 50 mm scale check with its bar and its caption ending at ``right``: in every
    language the caption stays inside the printable area."""
    wide = max(50.0, fonts.text_width(i18n.t("scale_check", lang), 5.5))
    return ruler_ops(right - wide, y, lang)


def sheet_labels(at: hexgrid.Layout, area: tuple[float, float, float, float]) -> list[Op]:
    """Every whole hex of a hex sheet labelled as the board labels its hexes ("F7", counted from
    A1 in the top-left corner): a map drawn on the sheet and written down in offset columns and
    rows from there has the labels the scorer will speak."""
    x0, y0, gw, gh = area
    labels = []
    for r in range(int(gh / at.row_step) + 1):
        for c in range(int(gw / at.width) + 1):
            h = at.from_offset(c, r)
            left, _top, right, bottom = at.bounds([h])
            if left >= x0 - 1e-6 and right <= x0 + gw + 1e-6 and bottom <= y0 + gh + 1e-6:
                labels.append((h, hexgrid.hex_label(h)))
    return board.label_ops(hex_labels(labels, at, ()))


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
    rows = int((ph - 2 * margin - 14) // period_y)  # 14 mm under the grid: caption and scale
    gw, gh = cols * period_x, rows * period_y
    x0, y0 = (pw - gw) / 2, margin
    # Hex A1 (offset (0, 0)) whole in the grid's top-left corner: its left side on the grid's
    # left edge, its top corner on the top edge; the pattern repeats every period either way.
    at = hexgrid.Layout(size=size, origin=(x0 + grid.width / 2, y0 + size))
    style = Style(stroke="#7d7d7d", width=0.2)
    ops: list[Op] = []
    inside: list = []
    for r in range(-1, 2 * rows + 2):
        for c in range(-2, cols + 2):
            inside.append(tuple(at.corners(at.from_offset(c, r))))
    ops.append(Group((Path(tuple(inside), style, closed=True),), clip=(x0, y0, gw, gh)))
    ops.extend(sheet_labels(at, (x0, y0, gw, gh)))
    for x in (x0, x0 + gw):
        for y in (y0, y0 + gh):
            dx = -1 if x == x0 else 1
            dy = -1 if y == y0 else 1
            ops.append(line((x + dx * 1.5, y), (x + dx * 6, y), MARK))
            ops.append(line((x, y + dy * 1.5), (x, y + dy * 6), MARK))
    across = round(grid.width, 1)
    # Under the grid, clear of the corner marks and TEXT_EDGE from the paper's edge: the caption
    # at the left, the scale check at the right.
    caption = t("df_hex_sheet", lang, across=float(across), size=float(size))
    for k, text in enumerate(fonts.wrap(caption, 6.5, gw - 62)):
        ops.append(Text(x0, y0 + gh + 8 + 3 * k, text, size=6.5, fill="#444444"))
    ops.extend(ruler_right(x0 + gw - 2, y0 + gh + 9, lang))
    return Drawing(f"hexsheet_{size:g}", pw, ph, tuple(ops))


# ------------------------------------------------------------------ ledger and races


def sheet_header(title: str, note: str, page_w: float, margin: float) -> tuple[list[Op], float]:
    """A form's title and its wrapped note; returns the operations and where the form starts."""
    ops: list[Op] = [Text(margin, margin + 5, title, size=14, bold=True)]
    rows = fonts.wrap(note, 7, page_w - 2 * margin)
    for k, text in enumerate(rows):
        ops.append(Text(margin, margin + 11 + 3.2 * k, text, size=7, fill="#444444"))
    return ops, margin + 14 + 3.2 * len(rows)


# Measured on the longest recorded game (templates/dampfross/examples/game.json, the same as
# tests/records/dampfross/example-england.json: 3 players, England's 32 towns, L'Epopee du Rail's
# rules; 68 events, 44 of which move money): the construction phase wrote 31 rows (about one a
# town: its first arrival), each race 2 (the race's fares and prizes, then building from the
# winnings), and the leader gained 23 points a race (65 to 203 in 6 races) with prizes of 20 + 10.
# The gain a race grows with the preset's prizes and, the prizes and fares being shared by more
# players, falls as 3 / players.
RECORDED_LEADER_GAIN = 23.0
RECORDED_PLAYERS = 3
RECORDED_PRIZES = 30  # the recorded game's prizes, winner and second
ROWS_PER_RACE = 2
LEDGER_ROW_H = 6.4  # mm: room for handwriting


def ledger_rows_needed(players: int, towns: int, rules: DampfrossRules) -> int:
    """Rows the accounts need for a whole game, from the rules preset (start capital, first
    arrival bonus, prizes, winning total by players and the experienced players' bonus) and the
    recorded game's measure: a row per town and two a player for the construction phase, two a
    race until the leader reaches the winning total (the experienced players', the longest)."""
    construction = towns + 2 * players
    start = rules.start_capital + rules.first_arrival * towns / players
    target = rules.victory.get(players, max(rules.victory.values()))
    target += rules.experienced_bonus or 0
    prizes = sum(rules.prizes) / RECORDED_PRIZES
    gain = RECORDED_LEADER_GAIN * prizes * RECORDED_PLAYERS / players
    races = max(1, math.ceil((target - start) / gain))
    return construction + ROWS_PER_RACE * races


def _ledger_grid(
    lang: str,
    players: int,
    pw: float,
    top: float,
    rows: int,
    margin: float,
) -> list[Op]:
    """The accounts table: a header row with each player's symbol and number (and room for the
    name), then ``rows`` rows."""
    event_w = 50.0 if players > 6 else 62.0
    col_w = (pw - 2 * margin - event_w) / players
    ops: list[Op] = []
    for r in range(rows + 1):
        y = top + r * LEDGER_ROW_H
        fill = "#eeeeee" if r == 0 else ("#f7f7f7" if r % 2 == 0 else None)
        ops.append(rect(margin, y, event_w, LEDGER_ROW_H, Style(width=0.25, fill=fill)))
        for c in range(players):
            x = margin + event_w + c * col_w
            ops.append(rect(x, y, col_w, LEDGER_ROW_H, Style(width=0.25, fill=fill)))
    ops.append(Text(margin + 2, top + 4.4, t("df_event", lang), size=8, bold=True))
    for c in range(players):
        cx = margin + event_w + c * col_w
        colour, shape = PLAYER_STYLE[c]
        ops.append(
            symbol(shape, cx + 3.6, top + LEDGER_ROW_H / 2, 2.2, Style(width=0.25, fill=colour))
        )
        ops.append(Text(cx + 6.8, top + 4.4, str(c + 1), size=8, bold=True))
    return ops


def ledger_pages(
    paper: str,
    lang: str,
    players: int,
    rules: DampfrossRules | None = None,
    towns: int = 0,
) -> list[Drawing]:
    """The accounts: enough pages of rows for a whole game on a map of ``towns`` towns
    (``ledger_rows_needed``); the first page has the start capital, the others a row for the
    balances brought forward, and every page but the last one to carry them forward."""
    rules = rules or rules_preset()
    if players > len(PLAYER_STYLE):
        raise ValueError(f"{players} players: the kit has styles for {len(PLAYER_STYLE)}")
    pw, ph = paper_size(paper, landscape=True)
    margin = 10.0
    note = t("df_ledger_note", lang, **values(rules, lang))
    first_ops, first_top = sheet_header(t("df_ledger", lang), note, pw, margin)
    next_top = margin + 12.0
    foot = 8.0  # the page number under the table

    def capacity(top: float) -> int:
        return int((ph - top - margin - foot) // LEDGER_ROW_H) - 1  # less the header row

    needed = ledger_rows_needed(players, towns, rules) if towns else 0
    first_rows, next_rows = capacity(first_top), capacity(next_top)
    # Page 1 loses a row to the start capital; the others to "brought forward" and (all but
    # the last) "carried forward".
    count, room = 1, first_rows - 1
    while room < needed:
        count += 1
        room += next_rows - 2
    pages = []
    for k in range(count):
        if k == 0:
            ops, top, rows = list(first_ops), first_top, first_rows
        else:
            title = t("df_ledger", lang) + " · " + t("df_continued", lang)
            ops, top, rows = (
                [Text(margin, margin + 5, title, size=14, bold=True)],
                next_top,
                next_rows,
            )
        ops.extend(_ledger_grid(lang, players, pw, top, rows, margin))
        event_w = 50.0 if players > 6 else 62.0
        col_w = (pw - 2 * margin - event_w) / players
        first_row_y = top + LEDGER_ROW_H + 4.4
        if k == 0:
            ops.append(Text(margin + 2, first_row_y, t("df_start_capital", lang), size=8))
            for c in range(players):
                x = margin + event_w + (c + 1) * col_w - 2
                ops.append(
                    Text(x, first_row_y, str(rules.start_capital), size=8, bold=True, anchor="end")
                )
        else:
            ops.append(Text(margin + 2, first_row_y, t("df_brought_forward", lang), size=8))
        if k < count - 1:
            last_y = top + rows * LEDGER_ROW_H + 4.4
            ops.append(Text(margin + 2, last_y, t("df_carried_forward", lang), size=8))
        page_no = t("df_page", lang, page=k + 1, pages=count)
        ops.append(Text(pw - margin, ph - margin, page_no, size=7, anchor="end", fill="#444444"))
        pages.append(Drawing(f"ledger{k + 1}", pw, ph, tuple(ops)))
    return pages


def ledger_page(
    paper: str, lang: str, players: int, rules: DampfrossRules | None = None
) -> Drawing:
    """The accounts' first page."""
    return ledger_pages(paper, lang, players, rules)[0]


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


# ------------------------------------------------------------------ race tokens

TOKEN_GAP = 4.0  # mm between two pieces: room for the scissors


def token_size(hex_size: float) -> float:
    """A token face's side, mm: the largest square that sits inside a hex of the map (a pointy
    hex of size s holds a square of 2s / (1 + 1/sqrt(3)) = 1.27 s), less a little."""
    return round(min(14.0, max(7.0, 1.22 * hex_size)), 1)


def _token_face(kind: str, index: int, x: float, y: float, a: float, lang: str) -> list[Op]:
    """One face of a token, a x a at (x, y): a player's symbol in the player's colour with the
    player's number, or the race's start or finish marker."""
    cx, cy = x + a / 2, y + a / 2
    ops: list[Op] = []
    label = t("df_token_from" if kind == "from" else "df_token_to", lang)
    label_pt = 6.0
    while label_pt > 4.5 and fonts.text_width(label, label_pt, True) > a - 1.2:
        label_pt -= 0.25
    if kind == "player":
        colour, shape = PLAYER_STYLE[index]
        band = max(0.9, a * 0.09)  # the player's colour round the edge, seen from across the table
        ops.append(rect(x, y, a, a, Style(stroke=None, fill=colour)))
        ops.append(
            rect(x + band, y + band, a - 2 * band, a - 2 * band, Style(stroke=None, fill="#ffffff"))
        )
        ops.append(
            symbol(shape, cx + a * 0.05, cy + a * 0.07, a * 0.25, Style(width=0.3, fill=colour))
        )
        ops.append(Text(x + band + 0.7, y + band + 2.4, str(index + 1), size=6.5, bold=True))
    elif kind == "from":  # the race's start town: a solid arrow
        h = a * 0.3
        ops.append(
            polygon(
                [(cx - h, cy - h - 0.8), (cx + h, cy - 0.8), (cx - h, cy + h - 0.8)],
                Style(stroke=None, fill="#000000"),
            )
        )
        ops.append(Text(cx, y + a - 1.2, label, size=label_pt, bold=True, anchor="middle"))
    else:  # the race's finish town: a chequered flag
        n, q = 4, a * 0.14
        x0, y0 = cx - 2 * q, cy - 2 * q - 0.8
        ops.append(rect(x0, y0, n * q, n * q, Style(width=0.25)))
        for i in range(n):
            for j in range(n):
                if (i + j) % 2 == 0:
                    ops.append(
                        rect(x0 + i * q, y0 + j * q, q, q, Style(stroke=None, fill="#000000"))
                    )
        ops.append(Text(cx, y + a - 1.2, label, size=label_pt, bold=True, anchor="middle"))
    return ops


def race_token_ops(
    x: float, y: float, lang: str, players: int, hex_size: float
) -> tuple[list[Op], float, float]:
    """The race tokens as fold-over pieces, one in a row: a token for each player (the entrants
    put theirs on the start town and move them), and markers for the race's start and finish
    towns. Each piece is two faces joined at a dashed fold line, the lower face upside down,
    so folded and glued it shows the same face on both sides: no duplex printing.
    Returns the operations, the width and the height the row takes."""
    a = token_size(hex_size)
    pieces = [("player", i) for i in range(players)] + [("from", 0), ("to", 0)]
    ops: list[Op] = []
    cut = Style(stroke="#000000", width=0.2)
    fold = Style(stroke="#777777", width=0.2, dash=(1.0, 1.0), cap="butt")
    for k, (kind, index) in enumerate(pieces):
        px = x + k * (a + TOKEN_GAP)
        ops.extend(_token_face(kind, index, px, y, a, lang))
        # The back face: the same drawing turned half round about the piece's centre.
        back = _token_face(kind, index, 0.0, 0.0, a, lang)
        ops.append(Group(tuple(back), dx=px + a, dy=y + 2 * a, rotate=180.0))
        ops.append(rect(px, y, a, 2 * a, cut))
        ops.append(line((px, y + a), (px + a, y + a), fold))
    width = len(pieces) * (a + TOKEN_GAP) - TOKEN_GAP
    return ops, width, 2 * a


def tokens_block(
    x: float, y: float, width: float, lang: str, players: int, hex_size: float
) -> tuple[list[Op], float]:
    """The race tokens with their heading and how to make them; returns the operations and the
    y where the block ends."""
    ops: list[Op] = [Text(x, y, t("df_tokens", lang), size=RULES_BODY + 1, bold=True)]
    y += 4.5
    for row in fonts.wrap(t("df_tokens_note", lang), 7.5, width):
        ops.append(Text(x, y, row, size=7.5))
        y += 3.4
    y += 1.5
    pieces, _w, h = race_token_ops(x, y, lang, players, hex_size)
    ops.extend(pieces)
    return ops, y + h


# ------------------------------------------------------------------ the kit


def _rules_ops(
    m: DampfrossMap, paper: str, lang: str, rules: DampfrossRules
) -> tuple[list[Op], float]:
    pw, ph = paper_size(paper)
    text = t("df_rules", lang, **values(rules, lang))
    if rules == rules_preset():
        german = rules_preset("dampfross")
        text += "\n" + t("df_rules_german", lang, **comparison_values(german, lang))
    ops, end = rules_text_ops(t("df_rules_title", lang), text, pw - 2 * RULES_X)
    ops.append(made_with_op(map_title(m, lang), ph, lang, preset_label(rules)))
    return ops, end


def rules_page(
    m: DampfrossMap, paper: str, lang: str, rules: DampfrossRules | None = None
) -> Drawing:
    """The rules summary: the preset's numbers; on the default rules (L'Épopée du Rail) with the
    German edition's differences."""
    pw, ph = paper_size(paper)
    ops, _end = _rules_ops(m, paper, lang, rules or rules_preset())
    return Drawing("rules", pw, ph, tuple(ops))


def rules_and_tokens(
    m: DampfrossMap, paper: str, lang: str, players: int, rules: DampfrossRules | None = None
) -> list[Drawing]:
    """The rules summary with the race tokens below it (on a page of their own when the text
    leaves no room), and a scale ruler: the tokens are sized to the map's hexes, so this page
    prints at 100 %."""
    pw, ph = paper_size(paper)
    ops, end = _rules_ops(m, paper, lang, rules or rules_preset())
    width = pw - 2 * RULES_X
    foot = ph - 22.0  # above the scale ruler and the foot line
    ruler = ruler_right(pw - RULES_X, ph - 17, lang)
    block, block_end = tokens_block(RULES_X, end + 6.0, width, lang, players, m.hex_size)
    if block_end <= foot:
        return [Drawing("rules", pw, ph, tuple(ops + block + ruler))]
    block, _end = tokens_block(RULES_X, 22.0, width, lang, players, m.hex_size)
    return [Drawing("rules", pw, ph, tuple(ops)), Drawing("tokens", pw, ph, tuple(block + ruler))]


def documents(m: DampfrossMap, opts: KitOptions) -> dict[str, Document]:
    lang, paper = opts.lang, opts.paper
    drawing = board.map_drawing(m, lang, rules=opts.rules)
    title = f"Dampfross · {map_title(m, lang)}"
    low, high = opts.rules.players
    players = max(low, min(high, MAX_PLAYERS, opts.players))
    return {
        **poster_and_sheets(drawing, paper, lang, title, "map", opts.poster_size),
        f"hexsheets-{paper}": Document(
            "Dampfross: blank hex sheets",
            tuple(hex_sheet_page(paper, size, lang) for size in HEX_SHEET_SIZES),
        ),
        f"ledger-{paper}": Document(
            "Dampfross: accounts",
            tuple(ledger_pages(paper, lang, players, opts.rules, len(m.towns))),
        ),
        f"races-{paper}": Document(
            "Dampfross: race record", (races_page(paper, lang, opts.rules),)
        ),
        f"rules-{paper}": Document(
            f"{title}: rules summary and race tokens",
            tuple(rules_and_tokens(m, paper, lang, players, opts.rules)),
            checklist=t("ck_race_tokens", lang),
        ),
    }


def kit_files(m: DampfrossMap, opts: KitOptions, out: pathlib.Path) -> dict[pathlib.Path, bytes]:
    needs = t("ck_needs", opts.lang)
    finished = finish_kit(
        documents(m, opts), opts.lang, opts.paper, "Dampfross", needs, ink=opts.ink_saver
    )
    return render_kit(finished, opts.formats, out, mapfile.dumps(m.to_json()))
