"""The La Strada board as drawing operations: the hexagon of land pieces with its settlements,
inside a frame with the four travel-day tracks and the four scoring tables; and each land piece
on its own, to cut out."""

from __future__ import annotations

from trackwright.core import hexgrid
from trackwright.core.boardplan import lastrada as plan
from trackwright.core.boardplan.lastrada import (
    PLAYERS,
    TABLE_H,
    TABLE_W,
    extent,
    frame,
    track_box,
    track_length,
)
from trackwright.core.hexgrid import Hex
from trackwright.core.lastrada import KINDS, LaStradaMap, LaStradaRules
from trackwright.core.lastrada import rules as rules_preset
from trackwright.games import BoardView
from trackwright.kits.draw.ops import (
    PT_TO_MM,
    Circle,
    Drawing,
    Op,
    Path,
    Style,
    Text,
    line,
    polygon,
    rect,
)
from trackwright.kits.draw.symbols import symbol
from trackwright.kits.lastrada.strings import t, values
from trackwright.version import VERSION

FILL = {"plain": "#e6ecb8", "forest": "#84b36f", "hill": "#c8a46a"}
EDGE = {"plain": "#9aa27a", "forest": "#5b8a4b", "hill": "#8c6c3c"}
KIND_COLOUR = {
    "city": "#8e2c2c",
    "fortified_village": "#6b4a8e",
    "hamlet": "#2f6a8e",
    "farm": "#5d7d2c",
}
PIECE_PAD = 6.0  # mm around a land piece's hexes in its drawing
PIECE_LABEL = 6.0  # mm more above them, for its label
KEPT_FILL = "#ffffff"  # a track's days that may be kept after a turn
SPENT_FILL = "#d4d4d4"  # the days a turn can spend but not keep: grey, and behind a bar


def terrain_marks(x: float, y: float, terrain: str, s: float) -> list[Op]:
    """Small trees or peaks so terrain never relies on colour alone."""
    k = s * 0.16
    if terrain == "forest":
        style = Style(stroke=None, fill="#3f6b32")
        return [
            polygon([(x + dx - k, y + k), (x + dx, y - 1.3 * k), (x + dx + k, y + k)], style)
            for dx in (-1.3 * k, 1.3 * k)
        ]
    if terrain == "hill":
        style = Style(stroke="#6b4f25", width=0.35)
        return [
            Path(((((x - 2 * k), y + k), (x - 0.8 * k, y - k), (x + 0.4 * k, y + k)),), style),
            Path((((x, y + k), (x + 1.2 * k, y - 1.4 * k), (x + 2.4 * k, y + k)),), style),
        ]
    return []


def settlement_icon(kind: str, x: float, y: float, s: float) -> list[Op]:
    """A vector picture of the settlement: towers, a walled village, houses or a farmstead."""
    ink = Style(stroke="#000000", width=0.3, fill=KIND_COLOUR[kind])
    k = s * 0.09

    def house(cx: float, cy: float, w: float) -> Op:
        return polygon(
            [
                (cx - w, cy + w),
                (cx - w, cy - 0.2 * w),
                (cx, cy - w),
                (cx + w, cy - 0.2 * w),
                (cx + w, cy + w),
            ],
            ink,
        )

    if kind == "city":
        return [
            polygon(
                [
                    (x + dx - k, y + 2 * k),
                    (x + dx - k, y - h),
                    (x + dx + k, y - h),
                    (x + dx + k, y + 2 * k),
                ],
                ink,
            )
            for dx, h in ((-2 * k, k), (0, 3 * k), (2 * k, 1.8 * k))
        ]
    if kind == "fortified_village":
        wall = [(x - 3 * k, y + 2 * k), (x - 3 * k, y - k)]
        for i in range(6):
            wall += [
                (x - 3 * k + i * k, y - (2 * k if i % 2 == 0 else k)),
                (x - 2 * k + i * k, y - (2 * k if i % 2 == 0 else k)),
            ]
        wall += [(x + 3 * k, y - k), (x + 3 * k, y + 2 * k)]
        return [polygon(wall, ink)]
    if kind == "hamlet":
        return [house(x - 1.4 * k, y + 0.5 * k, 1.3 * k), house(x + 1.4 * k, y + 0.5 * k, 1.3 * k)]
    return [
        house(x - k, y + 0.3 * k, 1.6 * k),
        rect(
            x + 1.2 * k,
            y + 0.4 * k,
            2 * k,
            1.5 * k,
            Style(stroke="#000000", width=0.3, fill="#d9c36a"),
        ),
    ]


def hex_ops(
    m: LaStradaMap,
    hexes: list[Hex],
    ox: float,
    oy: float,
    lang: str,
    show_settlements: bool,
    rules: LaStradaRules | None = None,
) -> list[Op]:
    s = m.hex_size
    at = hexgrid.Layout(size=s, origin=(ox, oy))
    ops: list[Op] = []
    for terrain in ("plain", "forest", "hill"):
        rings = tuple(tuple(at.corners(h)) for h in hexes if m.terrain[h] == terrain)
        if rings:
            ops.append(
                Path(rings, Style(stroke=EDGE[terrain], width=0.3, fill=FILL[terrain]), closed=True)
            )
    for h in hexes:
        x, y = at.centre(h)
        settlement = m.settlement_by_hex.get(h)
        if settlement is None:
            ops.extend(terrain_marks(x, y, m.terrain[h], s))
            continue
        if show_settlements:
            ops.append(Circle(x, y, s * 0.62, Style(stroke="#000000", width=0.4, fill="#fbf7ea")))
            ops.extend(settlement_icon(settlement.kind, x, y - s * 0.12, s))
            gold = (rules or rules_preset()).gold[settlement.kind]
            row = "·".join(str(v) for v in gold)
            ops.append(Text(x, y + s * 0.38, row, size=s * 0.36, bold=True, anchor="middle"))
        else:  # a marked spot: the settlement tiles are dealt onto it
            ops.append(Circle(x, y, s * 0.22, Style(stroke="#555555", width=0.4, fill="#9a9a9a")))
        ops.append(settlement_id_op(settlement.id, x, y, s))
    return ops


def settlement_id_op(sid: str, x: float, y: float, s: float) -> Op:
    """The settlement's id, as records and the scorer name it ("s07"), between its circle (or
    spot) and the hex's top corner (``plan.settlement_id_at``): the spot's id on a loose piece,
    the settlement's on the board. Settlement tiles carry none: they are shuffled onto the
    spots, so the id is the spot's."""
    tx, ty, size = plan.settlement_id_at(x, y, s)
    return Text(tx, ty, sid, size=size, bold=True, anchor="middle")


def piece_borders(m: LaStradaMap, ox: float, oy: float) -> list[Op]:
    """Thick lines along the sides between hexes of different pieces: where the modules meet."""
    ops: list[Op] = []
    style = Style(stroke="#3d3d3d", width=0.9)
    at = hexgrid.Layout(size=m.hex_size, origin=(ox, oy))
    for h, piece in m.piece_of.items():
        for n in hexgrid.neighbours(h):
            if n in m.piece_of and m.piece_of[n] != piece and h < n:
                ops.append(line(*at.side_points(hexgrid.side(h, n)), style))
    return ops


def track_ops(
    x: float,
    y: float,
    player: int,
    vertical: bool,
    lang: str,
    rules: LaStradaRules | None = None,
) -> list[Op]:
    """A travel-day track in one player's colour: 0 to the most days a turn holds
    (``max_days_per_turn``), the days that may be kept after a turn (0 to ``max_reserve``) in
    white, the rest in grey behind a heavy bar, and a caption saying so."""
    rules = rules or rules_preset()
    _name, colour, shape = PLAYERS[player]
    boxes = rules.max_days_per_turn + 1
    box = track_box(rules)
    ops: list[Op] = []
    for d in range(boxes):
        bx, by = (x, y + d * box) if vertical else (x + d * box, y)
        fill = colour if d == 0 else KEPT_FILL if d <= rules.max_reserve else SPENT_FILL
        ops.append(rect(bx, by, box, box, Style(stroke="#333333", width=0.4, fill=fill)))
        if d == 0:
            ops.append(
                symbol(
                    shape,
                    bx + box / 2,
                    by + box / 2,
                    box * 0.24,
                    Style(stroke="#000000", width=0.4, fill="#ffffff"),
                )
            )
        else:
            size = min(11.0, box * 0.75)
            ops.append(
                Text(
                    bx + box / 2,
                    by + box / 2 + size * PT_TO_MM * 0.365,  # cap height centred
                    str(d),
                    size=size,
                    bold=True,
                    anchor="middle",
                )
            )
    # A heavy bar after the last day that may be kept.
    cut = (rules.max_reserve + 1) * box
    bar = Style(stroke="#000000", width=1.2, cap="butt")
    if rules.max_reserve < rules.max_days_per_turn:
        if vertical:  # it reaches out on the side away from the caption
            ops.append(line((x - 2.5, y + cut), (x + box, y + cut), bar))
        else:
            ops.append(line((x + cut, y), (x + cut, y + box + 2.5), bar))
    caption = t(
        "ls_days_track",
        lang,
        reserve=rules.max_reserve,
        next=rules.max_reserve + 1,
        most=rules.max_days_per_turn,
    )
    label_x, label_y = (x + box + 2, y + 1) if vertical else (x, y - 2)
    ops.append(
        Text(
            label_x,
            label_y,
            caption,
            size=6.5,
            fill="#333333",
            angle=90 if vertical else 0,
        )
    )
    return ops


def table_ops(x: float, y: float, lang: str, rules: LaStradaRules | None = None) -> list[Op]:
    """The scoring table: gold per merchant by settlement and number of merchants."""
    rules = rules or rules_preset()
    most = rules.max_merchants_per_settlement
    w0, w, h = 36.0, 36.0 / most, 7.5
    ops: list[Op] = [Text(x, y - 2, t("ls_gold", lang), size=7, bold=True)]
    ops.append(rect(x, y, w0 + most * w, h, Style(stroke="#333333", width=0.3, fill="#eeeeee")))
    ops.append(Text(x + 1.5, y + 5, t("ls_merchants", lang), size=6))
    for n in range(most):
        ops.append(
            Text(x + w0 + n * w + w / 2, y + 5.2, str(n + 1), size=7, bold=True, anchor="middle")
        )
    for i, kind in enumerate(KINDS):
        ry = y + (i + 1) * h
        ops.append(
            rect(x, ry, w0 + most * w, h, Style(stroke="#333333", width=0.3, fill="#ffffff"))
        )
        ops.extend(settlement_icon(kind, x + 4, ry + h / 2, 12.0))
        ops.append(Text(x + 8.5, ry + 5, t(f"ls_{kind}", lang), size=6))
        for n, gold in enumerate(rules.gold[kind]):
            ops.append(
                Text(
                    x + w0 + n * w + w / 2,
                    ry + 5.2,
                    str(gold),
                    size=7.5,
                    bold=True,
                    anchor="middle",
                )
            )
    return ops


def board_drawing(
    m: LaStradaMap, lang: str, name: str = "lsboard", rules: LaStradaRules | None = None
) -> Drawing:
    """The assembled board: the hexagon of pieces and the frame with tracks and tables."""
    width, height, ox, oy = frame(m, rules)
    ops: list[Op] = [rect(0, 0, width, height, Style(stroke=None, fill="#efe6cf"))]
    ops.append(rect(4, 4, width - 8, height - 8, Style(stroke="#7b6a4a", width=0.8)))
    ops.extend(hex_ops(m, list(m.terrain), ox, oy, lang, show_settlements=True, rules=rules))
    ops.extend(piece_borders(m, ox, oy))
    track_len, box = track_length(rules), track_box(rules)
    # Tracks on the four sides, one per colour: top, right, bottom, left.
    ops.extend(track_ops((width - track_len) / 2, 10, 0, False, lang, rules))
    ops.extend(track_ops(width - 10 - box, (height - track_len) / 2, 1, True, lang, rules))
    ops.extend(track_ops((width - track_len) / 2, height - 10 - box, 2, False, lang, rules))
    ops.extend(track_ops(10, (height - track_len) / 2, 3, True, lang, rules))
    # Scoring tables in the four corners.
    tw, th = TABLE_W, TABLE_H
    for tx, ty in (
        (10, 12),
        (width - 10 - tw, 12),
        (10, height - 12 - th),
        (width - 10 - tw, height - 12 - th),
    ):
        ops.extend(table_ops(tx, ty + 3, lang, rules))
    seed = m.seed if m.seed is not None else "-"
    order = " ".join(p.id for p in m.pieces)
    ops.append(
        Text(
            width / 2,
            height - 10 - box - 6,
            f"La Strada · {m.name} · {t('seed', lang)} {seed} · "
            f"{order} · " + t("made_with", lang, version=VERSION),
            size=6,
            anchor="middle",
            fill="#555555",
        )
    )
    costs = t("ls_costs", lang, **values(rules or rules_preset(), lang))
    ops.append(Text(width / 2, 10 + box + 8, costs, size=7.5, anchor="middle"))
    return Drawing(name, round(width, 3), round(height, 3), tuple(ops))


def piece_drawings(m: LaStradaMap, lang: str) -> list[Drawing]:
    """Each land piece on its own, with marked settlement spots, outlined for cutting."""
    out = []
    for piece in m.pieces:
        hexes = [h for h, p in m.piece_of.items() if p == piece.id]
        minx, miny, maxx, maxy = extent(m, hexes)
        pad = PIECE_PAD
        ox, oy = pad - minx, pad - miny + PIECE_LABEL
        ops: list[Op] = hex_ops(m, hexes, ox, oy, lang, show_settlements=False)
        label = f"{t('ls_piece', lang)} {piece.id}"
        if piece.start:
            label += f" · {t('ls_start_piece', lang)}"
        ops.append(Text(pad, pad + 2, label, size=8, bold=True))
        out.append(
            Drawing(
                f"piece_{piece.id}",
                maxx - minx + 2 * pad,
                maxy - miny + 2 * pad + PIECE_LABEL,
                tuple(ops),
            )
        )
    return out


def board_view(m: LaStradaMap, lang: str) -> BoardView:
    """The assembled board and the outline of every hex on it, in the drawing's millimetres."""
    return BoardView(drawing=board_drawing(m, lang), places=plan.places(m), players=plan.players())
