"""The TransAmerica board as drawing operations (millimetres), drawn from the map alone.

The same function serves the poster, the tiled sheets, the scorer's explanation pictures and
the web scorer, so what players see on screen is what they printed.
"""

from __future__ import annotations

from shapely.geometry import LineString, box
from trackwright import __version__
from trackwright.core.transamerica import REGIONS, TransAmericaMap
from trackwright.games import BoardView
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    Circle,
    Drawing,
    Op,
    Path,
    Style,
    Text,
    line,
    offset_segment,
    polygon,
    rect,
)
from trackwright.kits.draw.symbols import REGION_STYLE, player_styles, shape_outline, symbol
from trackwright.kits.transamerica import fiducials
from trackwright.kits.transamerica.strings import t

SEA = "#d6e9f5"
LAND = "#f6f1e2"
COAST = "#8a8672"
MOUNTAIN = "#e3d2ad"
RIVER = "#4f93cc"
TRACK = "#2b2b2b"
DOUBLE_GAP = 0.55  # half the distance between the two strokes of a double line
CITY_R = 4.4
LABEL_PT = 8.5


def edge_ops(
    a: tuple[float, float],
    b: tuple[float, float],
    cost: int,
    colour: str = TRACK,
    width: float = 0.55,
    shorten: float = 1.8,
) -> list[Op]:
    """A track space: a single line, or a double line for cost 2; shortened at both ends so
    the intersections stay readable."""
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    k = shorten / length if length else 0
    a2 = (x1 + (x2 - x1) * k, y1 + (y2 - y1) * k)
    b2 = (x2 - (x2 - x1) * k, y2 - (y2 - y1) * k)
    style = Style(stroke=colour, width=width, cap="butt")
    if cost == 1:
        return [line(a2, b2, style)]
    thin = Style(stroke=colour, width=width * 0.75, cap="butt")
    return [
        line(*offset_segment(a2, b2, DOUBLE_GAP), thin),
        line(*offset_segment(a2, b2, -DOUBLE_GAP), thin),
    ]


def _label_boxes(m: TransAmericaMap) -> dict[str, tuple[float, float, float, float, str]]:
    """Place each city name where it covers the fewest track spaces and other labels.

    Returns city -> (x, y, width, height, anchor) of the label's text box.
    """
    segments = [
        LineString([(m.nodes[e.a].x, m.nodes[e.a].y), (m.nodes[e.b].x, m.nodes[e.b].y)])
        for e in m.edges
    ]
    dots = [box(n.x - 1.5, n.y - 1.5, n.x + 1.5, n.y + 1.5) for n in m.nodes.values()]
    placed: list = []
    out: dict[str, tuple[float, float, float, float, str]] = {}
    height = LABEL_PT * 0.3528 * 1.15
    for city in sorted(m.cities, key=lambda c: (m.nodes[c.node].y, m.nodes[c.node].x)):
        n = m.nodes[city.node]
        w = fonts.text_width(city.name, LABEL_PT, bold=True) + 1.6
        gap = CITY_R + 1.0
        candidates = [
            (n.x - w / 2, n.y - gap - height, "middle"),  # above
            (n.x - w / 2, n.y + gap, "middle"),  # below
            (n.x + gap, n.y - height / 2, "start"),  # right
            (n.x - gap - w, n.y - height / 2, "end"),  # left
            (n.x + gap * 0.7, n.y - gap * 0.7 - height, "start"),  # above right
            (n.x - gap * 0.7 - w, n.y - gap * 0.7 - height, "end"),  # above left
            (n.x + gap * 0.7, n.y + gap * 0.7, "start"),  # below right
            (n.x - gap * 0.7 - w, n.y + gap * 0.7, "end"),  # below left
        ]
        best = None
        for rank, (x, y, anchor) in enumerate(candidates):
            b = box(x, y, x + w, y + height)
            score = sum(s.intersects(b) for s in segments)
            score += 3 * sum(d.intersects(b) for d in dots)
            score += 20 * sum(p.intersects(b) for p in placed)
            if x < 0 or y < 0 or x + w > m.board_w or y + height > m.board_h:
                score += 100
            key = (score, rank)
            if best is None or key < best[0]:
                best = (key, (x, y, w, height, anchor), b)
        assert best is not None
        out[city.name] = best[1]
        placed.append(best[2])
    return out


CARTOUCHE_W, CARTOUCHE_H = 150.0, 66.0


def cartouche_place(m: TransAmericaMap) -> tuple[float, float, float]:
    """Where the title box goes: (x, y, extra). It takes the board corner that covers no
    intersection; when every corner is taken, the drawing grows by ``extra`` millimetres at
    the bottom and the box goes there."""
    w, h, pad = CARTOUCHE_W, CARTOUCHE_H, 8.0
    corners = [
        (pad, m.board_h - pad - h),
        (m.board_w - pad - w, m.board_h - pad - h),
        (pad, pad),
        (m.board_w - pad - w, pad),
    ]
    for x, y in corners:
        if not any(
            x - 6 <= n.x <= x + w + 6 and y - 6 <= n.y <= y + h + 6 for n in m.nodes.values()
        ):
            return x, y, 0.0
    return pad, m.board_h, h + pad


def board_ops(m: TransAmericaMap, lang: str, *, ids: bool = True, cartouche: bool = True) -> list:
    extra = cartouche_place(m)[2] if cartouche else 0.0
    ops: list = [rect(0, 0, m.board_w, m.board_h + extra, Style(stroke=None, fill=SEA))]
    decor = m.decor or {}
    if decor.get("land"):
        ops.append(
            Path(
                tuple(tuple(map(tuple, r)) for r in decor["land"]),
                Style(stroke=COAST, width=0.35, fill=LAND),
                closed=True,
            )
        )
    else:
        ops.append(
            rect(6, 6, m.board_w - 12, m.board_h - 12, Style(stroke=COAST, width=0.35, fill=LAND))
        )
    for ring in decor.get("lakes", []):
        ops.append(polygon([tuple(p) for p in ring], Style(stroke=COAST, width=0.3, fill=SEA)))
    if decor.get("mountains"):
        ops.append(
            Path(
                tuple(tuple(map(tuple, r)) for r in decor["mountains"]),
                Style(stroke=None, fill=MOUNTAIN),
                closed=True,
            )
        )
    for river in decor.get("rivers", []):
        ops.append(Path((tuple(map(tuple, river)),), Style(stroke=RIVER, width=1.3)))

    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        ops.extend(edge_ops((a.x, a.y), (b.x, b.y), e.cost))
    dot = Style(stroke=None, fill=TRACK)
    for n in m.nodes.values():
        if n.id not in m.city_by_node:
            ops.append(Circle(n.x, n.y, 1.25, dot))
        if ids:
            ops.append(Text(n.x + 1.4, n.y + 3.3, n.id, size=3.6, fill="#7a7a7a"))

    labels = _label_boxes(m)
    for city in m.cities:
        n = m.nodes[city.node]
        colour, shape = REGION_STYLE[city.region]
        ops.append(Circle(n.x, n.y, CITY_R, Style(stroke="#000000", width=0.45, fill=colour)))
        ops.append(symbol(shape, n.x, n.y, CITY_R * 0.55, Style(stroke=None, fill="#ffffff")))
        x, y, w, h, _anchor = labels[city.name]
        ops.append(rect(x, y, w, h, Style(stroke=None, fill="#fdfbf5")))
        ops.append(Text(x + 0.8, y + h * 0.78, city.name, size=LABEL_PT, bold=True))

    if cartouche:
        ops.extend(cartouche_ops(m, lang))
    return ops


def cartouche_ops(m: TransAmericaMap, lang: str) -> list:
    w, h = CARTOUCHE_W, CARTOUCHE_H
    x, y, _extra = cartouche_place(m)
    ops: list = [rect(x, y, w, h, Style(stroke="#444444", width=0.4, fill="#ffffff"))]
    ops.append(Text(x + 5, y + 11, "TransAmerica", size=20, bold=True))
    seed = m.seed if m.seed is not None else "-"
    gen = m.generator
    ops.append(
        Text(
            x + 5,
            y + 17.5,
            f"{m.name} · {t('map', lang)} {t('version', lang)} {m.version} · "
            f"{t('seed', lang)} {seed}",
            size=7.5,
        )
    )
    if gen:
        ops.append(
            Text(
                x + 5,
                y + 21.5,
                f"{gen.get('name', '')} {gen.get('version', '')} · "
                + t("made_with", lang, version=__version__),
                size=6,
                fill="#555555",
            )
        )
    else:
        ops.append(
            Text(x + 5, y + 21.5, t("made_with", lang, version=__version__), size=6, fill="#555555")
        )
    if m.stats:
        s = m.stats
        ops.append(
            Text(
                x + 5,
                y + 25.5,
                f"hands {s['min']}-{s['max']}, mean {s['mean']} (the original: 19-36, mean 27.5)",
                size=6,
                fill="#555555",
            )
        )
    # Legend: single and double lines.
    ly = y + 30
    ops.extend(edge_ops((x + 5, ly), (x + 19, ly), 1, shorten=0))
    ops.append(Text(x + 22, ly + 1.2, t("ta_plain", lang), size=7))
    ly += 6
    ops.extend(edge_ops((x + 5, ly), (x + 19, ly), 2, shorten=0))
    ops.append(Text(x + 22, ly + 1.2, t("ta_double", lang), size=7))
    # Regions: colour and shape.
    ly += 9
    for i, region in enumerate(REGIONS):
        col, row = i % 3, i // 3
        cx, cy = x + 8 + col * 48, ly + row * 9
        colour, shape = REGION_STYLE[region]
        ops.append(Circle(cx, cy, 3.2, Style(stroke="#000000", width=0.4, fill=colour)))
        ops.append(symbol(shape, cx, cy, 1.8, Style(stroke=None, fill="#ffffff")))
        ops.append(Text(cx + 5, cy + 1.2, t(f"ta_region_{region}", lang), size=7))
    return ops


def board_drawing(m: TransAmericaMap, lang: str, name: str = "board", **kw) -> Drawing:
    """The whole board; a little taller than the map's board when the title box needs room."""
    extra = cartouche_place(m)[2] if kw.get("cartouche", True) else 0.0
    ops = board_ops(m, lang, **kw) + (fiducials.mark_ops(m) if kw.get("cartouche", True) else [])
    return Drawing(name, m.board_w, m.board_h + extra, tuple(ops))


def locator_ops(m: TransAmericaMap, city: str, x: float, y: float, w: float, h: float) -> list:
    """A small map of the board's land in the box (x, y, w, h) with the city marked."""
    k = min(w / m.board_w, h / m.board_h)
    ox, oy = x + (w - m.board_w * k) / 2, y + (h - m.board_h * k) / 2

    def tr(p) -> tuple[float, float]:
        return ox + p[0] * k, oy + p[1] * k

    ops: list = []
    land = (m.decor or {}).get("land")
    if land:
        ops.append(
            Path(
                tuple(tuple(tr(p) for p in r) for r in land),
                Style(stroke="#777777", width=0.2, fill="#ece6d3"),
                closed=True,
            )
        )
    else:
        xs = [n.x for n in m.nodes.values()]
        ys = [n.y for n in m.nodes.values()]
        ops.append(
            rect(
                *tr((min(xs), min(ys))),
                (max(xs) - min(xs)) * k,
                (max(ys) - min(ys)) * k,
                Style(stroke="#777777", width=0.2, fill="#ece6d3"),
            )
        )
    for other in m.cities:
        ops.append(
            Circle(
                *tr((m.nodes[other.node].x, m.nodes[other.node].y)),
                0.45,
                Style(stroke=None, fill="#999999"),
            )
        )
    n = m.nodes[m.city_by_name[city].node]
    cx, cy = tr((n.x, n.y))
    ops.append(
        Circle(
            cx,
            cy,
            1.6,
            Style(stroke="#000000", width=0.3, fill=REGION_STYLE[m.city_by_name[city].region][0]),
        )
    )
    return ops


def board_view(m: TransAmericaMap, lang: str) -> BoardView:
    """The printed board and where its intersections lie on it (the map's own millimetres)."""
    return BoardView(
        drawing=board_drawing(m, lang),
        places={
            "kind": "lattice",
            "city_r": CITY_R,
            # The city cards' colours, shapes and region names as printed, for the page's cards.
            "regions": {
                region: {
                    "colour": REGION_STYLE[region][0],
                    "outline": shape_outline(REGION_STYLE[region][1]),
                    "label": t(f"ta_region_{region}", lang),
                }
                for region in REGIONS
            },
        },
        players=player_styles(),
    )
