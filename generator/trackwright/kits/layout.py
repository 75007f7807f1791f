"""Page layout as pure functions on plain numbers (millimetres): card imposition with bleed
gutters, where a back lands after a duplex flip, and the standard sizes a poster fits (paper
sizes and tiling a board over sheets are the core's, :mod:`trackwright.core.tiling`, which the
photo reader asks too).

Nothing here draws; the kits turn these numbers into drawing operations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Home printers cannot print the last few millimetres of a sheet: no text, cut line or scale
#: bar comes nearer the paper's edge than this.
PRINTABLE = 5.0
#: Text (notes, captions, footers, a scale bar's words) keeps this far from the paper's edge:
#: a Letter printer's unprintable band reaches 1/4 in (6.35 mm) at the bottom on many models,
#: and a line of text cut in half is worse than a tick mark cut short.
TEXT_MARGIN = 6.0
#: How far a back's art goes past each cut line, so that a duplex shift of up to this much shows
#: neither white nor the neighbour's colour; cards and tiles with backs are set this far apart
#: twice over (a gutter), so that each back has its own bleed.
BLEED = 2.0
#: A poster's bleed (a print shop's usual 3 mm) and the slug around it for crop marks, the
#: scale bar and the size note.
POSTER_BLEED = 3.0
POSTER_SLUG = 15.0

#: The standard sizes a poster can be printed on (portrait width x height, mm), smallest first.
POSTER_SIZES: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a2": (420.0, 594.0),
    "a1": (594.0, 841.0),
    "24x36in": (609.6, 914.4),
    "a0": (841.0, 1189.0),
}
POSTER_NAMES = {"a3": "A3", "a2": "A2", "a1": "A1", "24x36in": "24 x 36 in", "a0": "A0"}


# ------------------------------------------------------------------------- card imposition


@dataclass(frozen=True)
class CardGrid:
    """Cards of card_w x card_h in a grid centred on a sheet, ``gutter`` mm apart (room for the
    backs' bleed; 0: edge to edge, one straight cut per line). ``turned``: every card lies on
    its side (its top to the left), when that fits more on the sheet (poker cards on Letter)."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter: float = 0.0
    turned: bool = False

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def slot_w(self) -> float:
        """The width a card takes on the sheet (its height when turned)."""
        return self.card_h if self.turned else self.card_w

    @property
    def slot_h(self) -> float:
        return self.card_w if self.turned else self.card_h

    @property
    def x0(self) -> float:
        return (self.paper_w - self.cols * self.slot_w - (self.cols - 1) * self.gutter) / 2

    @property
    def y0(self) -> float:
        return (self.paper_h - self.rows * self.slot_h - (self.rows - 1) * self.gutter) / 2

    def slot_origin(self, slot: int) -> tuple[float, float]:
        """Top-left corner of slot (reading order) on the sheet."""
        row, col = divmod(slot, self.cols)
        return (
            self.x0 + col * (self.slot_w + self.gutter),
            self.y0 + row * (self.slot_h + self.gutter),
        )

    def placement(self, slot: int) -> tuple[float, float, float]:
        """Where card art drawn in its own (0, 0, card_w, card_h) box goes for a slot: the
        translation and the rotation (degrees clockwise) of its group."""
        x, y = self.slot_origin(slot)
        return (x, y + self.card_w, -90.0) if self.turned else (x, y, 0.0)

    def cut_xs(self) -> list[float]:
        """Every vertical cut line, left to right (two per gutter)."""
        xs = []
        for c in range(self.cols):
            x = self.x0 + c * (self.slot_w + self.gutter)
            xs += [x, x + self.slot_w]
        return sorted(set(round(v, 6) for v in xs))

    def cut_ys(self) -> list[float]:
        ys = []
        for r in range(self.rows):
            y = self.y0 + r * (self.slot_h + self.gutter)
            ys += [y, y + self.slot_h]
        return sorted(set(round(v, 6) for v in ys))


def _fit(length: float, size: float, gutter: float, margin: float) -> int:
    return int((length - 2 * margin + gutter) // (size + gutter))


def card_grid(
    paper_w: float,
    paper_h: float,
    card_w: float,
    card_h: float,
    min_margin: float = PRINTABLE,
    gutter: float = 0.0,
    may_turn: bool = False,
) -> CardGrid:
    """As many cards as fit with every cut line at least min_margin from each edge, upright or
    (if ``may_turn`` and it holds more) on their sides."""
    best: CardGrid | None = None
    for turned in (False, True) if may_turn else (False,):
        w, h = (card_h, card_w) if turned else (card_w, card_h)
        cols, rows = _fit(paper_w, w, gutter, min_margin), _fit(paper_h, h, gutter, min_margin)
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best.per_sheet):
            best = CardGrid(paper_w, paper_h, card_w, card_h, cols, rows, gutter, turned)
    if best is None:
        raise ValueError(f"a {card_w} x {card_h} mm card does not fit on {paper_w} x {paper_h} mm")
    return best


def impose(count: int, per_sheet: int) -> list[list[int | None]]:
    """Card indices per sheet, in slot order; the last sheet is padded with None."""
    sheets: list[list[int | None]] = []
    for start in range(0, count, per_sheet):
        sheet: list[int | None] = list(range(start, min(start + per_sheet, count)))
        sheet += [None] * (per_sheet - len(sheet))
        sheets.append(sheet)
    return sheets


def duplex_backs(
    front: Sequence[int | None], cols: int, rows: int, edge: str = "long"
) -> list[int | None]:
    """The back sheet for a front sheet of a centred grid: which card's back goes into each slot.

    Printing duplex flips the sheet. Flipped on the long edge of a portrait sheet (the usual
    setting), left and right swap, so each row is reversed; flipped on the short edge, top and
    bottom swap, so the rows are reversed instead (and each back is printed upside down:
    :func:`back_placement` gives the turn as well).
    """
    if edge not in ("long", "short"):
        raise ValueError("duplex edge must be 'long' or 'short'")
    grid = [front[r * cols : (r + 1) * cols] for r in range(rows)]
    if edge == "long":
        grid = [list(reversed(row)) for row in grid]
    else:
        grid = list(reversed(grid))
    return [card for row in grid for card in row]


def sheet_flip(
    x: float, y: float, edge: str, paper_w: float, paper_h: float
) -> tuple[float, float]:
    """Where a point of the front page lies on the back page (in the back page's own
    coordinates) after a duplex print of a portrait sheet flipped on its ``edge``: on the long
    edge left and right swap; on the short edge top and bottom swap."""
    if edge == "long":
        return paper_w - x, y
    if edge == "short":
        return x, paper_h - y
    raise ValueError("duplex edge must be 'long' or 'short'")


def back_placement(
    dx: float,
    dy: float,
    angle: float,
    edge: str,
    paper_w: float,
    paper_h: float,
    axis: float = 0.0,
) -> tuple[float, float, float]:
    """Where the back of a piece goes on the back page.

    The piece's front art is a group moved by (dx, dy) and turned by ``angle`` (degrees
    clockwise); ``axis`` is the x (in the art's own coordinates) of the line the piece is
    turned over on, like a book page (a card's middle, w / 2; 0 for art centred on the origin).
    Returns the back art's group translation and turn, so that its outline lies exactly behind
    the front's after the sheet is flipped on ``edge`` and the back reads upright when the
    piece is turned over like a book page.
    """

    def image(u: float, v: float) -> tuple[float, float]:
        u = 2 * axis - u  # the piece turned over on its own vertical line
        a = math.radians(angle)
        x = dx + u * math.cos(a) - v * math.sin(a)
        y = dy + u * math.sin(a) + v * math.cos(a)
        return sheet_flip(x, y, edge, paper_w, paper_h)

    ox, oy = image(0.0, 0.0)
    ex, ey = image(1.0, 0.0)
    turn = math.degrees(math.atan2(ey - oy, ex - ox))
    turn = round(turn, 9) % 360.0
    turn = turn - 360.0 if turn > 180.0 else turn
    return round(ox, 9), round(oy, 9), 0.0 if turn == 0 else turn


def parse_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres (``--back-offset``); ValueError with the reason otherwise."""
    parts = [p.strip() for p in text.split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"{text!r}: give it as X,Y in millimetres, e.g. 1.5,-0.5") from None
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 10 or abs(y) > 10:
        raise ValueError(f"{text!r}: an offset is at most 10 mm either way")
    return x, y


# ------------------------------------------------------------------------- posters


@dataclass(frozen=True)
class PosterPage:
    """A poster: its page size and where the board (the trim) sits on it, in millimetres."""

    page_w: float
    page_h: float
    trim_x: float
    trim_y: float
    trim_w: float
    trim_h: float
    fits: str  # the smallest standard size that holds it, or "" when none does

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return self.trim_x, self.trim_y, self.trim_w, self.trim_h

    @property
    def bleed(self) -> tuple[float, float, float, float]:
        b = POSTER_BLEED
        return self.trim_x - b, self.trim_y - b, self.trim_w + 2 * b, self.trim_h + 2 * b


def _holds(paper: tuple[float, float], w: float, h: float) -> bool:
    pw, ph = paper
    return (w <= pw and h <= ph) or (w <= ph and h <= pw)


def _need(board_w: float, board_h: float) -> tuple[float, float]:
    """The paper a board needs at true size: the board, its bleed, and the printable margin."""
    extra = 2 * (POSTER_BLEED + PRINTABLE)
    return board_w + extra, board_h + extra


def poster_fit(board_w: float, board_h: float) -> str:
    """The smallest standard size (``POSTER_SIZES``) a board prints on at true size, with its
    bleed, inside the printable area; "" when it is bigger than all."""
    need_w, need_h = _need(board_w, board_h)
    for name, paper in POSTER_SIZES.items():
        if _holds(paper, need_w, need_h):
            return name
    return ""


def poster_page(board_w: float, board_h: float, size: str = "fit") -> PosterPage:
    """The poster page for a board at true size: ``fit`` is the board with its bleed and slug
    (the page a print shop wants), a standard size name puts the board in the middle of that
    paper (turned to landscape when the board is wider than tall). ValueError when the board
    does not fit the size."""
    fits = poster_fit(board_w, board_h)
    if size == "fit":
        pw, ph = board_w + 2 * POSTER_SLUG, board_h + 2 * POSTER_SLUG
    else:
        if size not in POSTER_SIZES:
            raise ValueError(f"{size!r}: choose one of {', '.join(POSTER_SIZES)} or fit")
        pw, ph = POSTER_SIZES[size]
        if board_w > board_h:
            pw, ph = ph, pw
        need_w, need_h = _need(board_w, board_h)
        if need_w > pw + 1e-6 or need_h > ph + 1e-6:
            hint = f"it fits {POSTER_NAMES[fits]}" if fits else "it is bigger than every size"
            raise ValueError(
                f"the board is {board_w:.1f} x {board_h:.1f} mm; with its bleed and margins "
                f"it needs {need_w:.0f} x {need_h:.0f} mm, more than {POSTER_NAMES[size]} "
                f"({pw:g} x {ph:g} mm): {hint}, or use fit"
            )
    return PosterPage(
        round(pw, 6),
        round(ph, 6),
        round((pw - board_w) / 2, 6),
        round((ph - board_h) / 2, 6),
        board_w,
        board_h,
        fits,
    )
