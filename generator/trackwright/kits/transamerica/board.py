"""The TransAmerica board as drawing operations (millimetres), drawn from the map alone.

The same function serves the poster, the tiled sheets, the scorer's explanation pictures and
the web scorer, so what players see on screen is what they printed.
"""

from __future__ import annotations

from dataclasses import replace

from shapely import STRtree
from shapely.geometry import LineString, Point, Polygon, box

from trackwright.core.boardplan import transamerica as plan
from trackwright.core.boardplan.transamerica import (
    CITY_R,
    ID_PT,
    LABEL_PT,
    SHORTEN,
    compass_regions,
    region_words,
    shortened,
)
from trackwright.core.lattice import SQRT3_2
from trackwright.core.transamerica import REGIONS, TransAmericaMap
from trackwright.games import BoardView
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
    PT_TO_MM,
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
from trackwright.kits.draw.symbols import REGION_STYLE, player_styles, symbol
from trackwright.kits.sheets import seam_keepouts
from trackwright.kits.transamerica import fiducials
from trackwright.kits.transamerica.balance import ORIGINAL
from trackwright.kits.transamerica.strings import STRINGS, decimal, t
from trackwright.photo.marks import CARTOUCHE_H, CARTOUCHE_W, cartouche_box
from trackwright.photo.seams import every_paper
from trackwright.version import VERSION

SEA = "#d6e9f5"
LAND = "#f6f1e2"
COAST = "#8a8672"
# Mountains in a stone grey: no wood colour, so a wooden piece (pale or dark) stands out on them
# in a photo of the board (on a tan, pale matchsticks all but vanish), and they still read as
# relief in black and white.
MOUNTAIN = "#dad7d1"
RIVER = "#4f93cc"
TRACK = "#2b2b2b"
SINGLE_W = 0.55  # a single line's stroke
DOUBLE_W = 0.6  # each of a double line's two strokes: each heavier than a single line
DOUBLE_GAP = 0.65  # half the distance between the centres of a double line's two strokes
ID_INK = "#555555"
# The layout the page shares (trackwright.core.boardplan.transamerica), kept here by name.
__all__ = ["CITY_R", "compass_regions"]
LABEL_GROUND = "#fdfbf5"
LABEL_MIN_PT = 6.0


def half_width(cost: int) -> float:
    """How far a track space's line reaches on each side of its centre line."""
    return SINGLE_W / 2 if cost == 1 else DOUBLE_GAP + DOUBLE_W / 2


def edge_ops(
    a: tuple[float, float],
    b: tuple[float, float],
    cost: int,
    colour: str = TRACK,
    width: float = SINGLE_W,
    shorten: float = SHORTEN,
) -> list[Op]:
    """A track space: a single line, or for cost 2 a double line whose two strokes are each
    heavier than a single line (more ink, so the dear spaces read as the heavier ones);
    shortened at both ends so the intersections stay readable."""
    a2, b2 = shortened(a, b, shorten)
    if cost == 1:
        return [line(a2, b2, Style(stroke=colour, width=width, cap="butt"))]
    heavy = Style(stroke=colour, width=width * DOUBLE_W / SINGLE_W, cap="butt")
    return [
        line(*offset_segment(a2, b2, DOUBLE_GAP), heavy),
        line(*offset_segment(a2, b2, -DOUBLE_GAP), heavy),
    ]


def track_lines(m: TransAmericaMap) -> list[tuple[LineString, float]]:
    """Each track space as printed: its centre line between the shortened ends, and how far its
    ink reaches on each side."""
    out = []
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        out.append((LineString(shortened((a.x, a.y), (b.x, b.y), SHORTEN)), half_width(e.cost)))
    return out


def covered_share(box_: Polygon, track: LineString, reach: float) -> float:
    """The share of a track space's printed length that a box hides (its ink counted: the box
    grown by how far the line's ink reaches from its centre line)."""
    x0, y0, x1, y1 = box_.bounds
    grown = box(x0 - reach, y0 - reach, x1 + reach, y1 + reach)
    if not grown.intersects(track):
        return 0.0
    return track.intersection(grown).length / track.length


Box = tuple[float, float, float, float]  # x, y, width, height


def id_boxes(m: TransAmericaMap) -> dict[str, Box]:
    """Where each intersection's id goes: centred under it, between the two track spaces that
    leave it downwards (clear of their ink) and below a city's disc."""
    reach_down: dict[str, float] = {}
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        if abs(a.y - b.y) < 1e-6:
            continue
        upper = e.a if a.y < b.y else e.b
        reach_down[upper] = max(reach_down.get(upper, 0.0), half_width(e.cost))
    height = ID_PT * PT_TO_MM * 0.8
    out: dict[str, Box] = {}
    for n in m.nodes.values():
        w = fonts.text_width(n.id, ID_PT) + 0.4
        reach = reach_down.get(n.id, 0.0)
        # A box corner (w/2, y) is clear of a line at 60 degrees from the node when
        # y * sin 30 - (w/2) * cos 30 >= reach.
        top = (w / 2 * SQRT3_2 + reach + 0.2) / 0.5 if reach else 1.6
        if n.id in m.city_by_node:
            top = max(top, CITY_R + 0.9)
        out[n.id] = (n.x - w / 2, n.y + top, w, height)
    return out


def _label_boxes(m: TransAmericaMap) -> dict[str, tuple[float, float, float, float, float]]:
    """Place each city name where it hides no track space, no other name, no intersection and
    no id: in the four triangles beside its city along the horizontal line (or off the land),
    as large as LABEL_PT where it has room and never smaller than LABEL_MIN_PT.

    Returns city -> (x, y, width, height, size) of the label's box and its text size (points).
    """
    tracks = track_lines(m)
    tree = STRtree([t for t, _reach in tracks])
    # Things a name must not cover, each with its weight: city discs, intersections, ids.
    things = [
        (Point(m.nodes[c.node].x, m.nodes[c.node].y).buffer(CITY_R + 0.2), 40.0) for c in m.cities
    ]
    things += [
        (Point(n.x, n.y).buffer(1.6), 8.0) for n in m.nodes.values() if n.id not in m.city_by_node
    ]
    things += [(box(x, y, x + w, y + h), 10.0) for x, y, w, h in id_boxes(m).values()]
    things_tree = STRtree([g for g, _w in things])
    cx, cy, extra = cartouche_place(m)
    title = box(cx, cy, cx + CARTOUCHE_W, cy + CARTOUCHE_H)
    horizontal: dict[tuple[str, int], float] = {}  # (node, +1 right / -1 left) -> reach
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        if abs(a.y - b.y) < 1e-6:
            left, right = (e.a, e.b) if a.x < b.x else (e.b, e.a)
            horizontal[(left, 1)] = half_width(e.cost)
            horizontal[(right, -1)] = half_width(e.cost)
    placed: list[Polygon] = []
    out: dict[str, tuple[float, float, float, float, float]] = {}
    sizes = [LABEL_PT - 0.5 * k for k in range(int((LABEL_PT - LABEL_MIN_PT) / 0.5) + 1)]
    for city in sorted(m.cities, key=lambda c: (m.nodes[c.node].y, m.nodes[c.node].x)):
        n = m.nodes[city.node]
        best = None
        for size in sizes:
            if best is not None and best[0] <= 4.0 * (LABEL_PT - size):
                break  # nothing smaller can do better
            w = fonts.text_width(city.name, size, bold=True) + 0.8
            h = size * PT_TO_MM
            gap = CITY_R + 0.4
            candidates = []
            for sx in (1, -1):  # beside the city, above and below its horizontal line
                x = n.x + gap if sx > 0 else n.x - gap - w
                g = horizontal.get((city.node, sx), 0.0) + 0.35
                candidates += [(x, n.y - g - h), (x, n.y + g)]
            candidates += [
                (n.x - w / 2, n.y - gap - h),  # above
                (n.x - w / 2, n.y + gap),  # below
                (n.x + gap, n.y - h / 2),  # right
                (n.x - gap - w, n.y - h / 2),  # left
            ]
            for rank, (x, y) in enumerate(candidates):
                b = box(x, y, x + w, y + h)
                hidden = sum(
                    covered_share(b, tracks[i][0], tracks[i][1]) for i in tree.query(b.buffer(1.0))
                )
                score = 500.0 * hidden
                score += 200.0 * sum(p.intersects(b) for p in placed)
                score += sum(
                    things[i][1] for i in things_tree.query(b) if things[i][0].intersects(b)
                )
                if x < 1 or y < 1 or x + w > m.board_w - 1 or y + h > m.board_h + extra - 1:
                    score += 300.0
                if title.intersects(b):
                    score += 300.0
                score += 4.0 * (LABEL_PT - size) + 0.1 * rank
                if best is None or score < best[0]:
                    best = (score, (x, y, w, h, size), b)
        assert best is not None
        out[city.name] = best[1]
        placed.append(best[2])
    return out


def region_names(m: TransAmericaMap, lang: str) -> dict[str, str]:
    """The colour regions' names as printed on this board's cards and legend."""
    return {
        region: t(f"ta_{kind}_{name}", lang) for region, (kind, name) in region_words(m).items()
    }


def board_title(m: TransAmericaMap, lang: str) -> str:
    """The board's name in the kit's language: the built-in boards' names are translated."""
    key = f"ta_board_{m.name}"
    return t(key, lang) if key in STRINGS else m.name


def cartouche_place(m: TransAmericaMap) -> tuple[float, float, float]:
    """Where the title box goes: (x, y, extra). It takes the board corner that covers no
    intersection; when every corner is taken, the drawing grows by ``extra`` millimetres at
    the bottom and the box goes there (the photo reader knows the same place: trackwright.photo)."""
    (x, y, _x1, _y1), extra = cartouche_box(m)
    return x, y, extra


def board_ops(
    m: TransAmericaMap, lang: str, *, ids: bool = True, cartouche: bool = True, marks: bool = True
) -> list:
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
        for nid, (x, y, w, h) in id_boxes(m).items():
            ops.append(Text(x + w / 2, y + h * 0.9, nid, size=ID_PT, anchor="middle", fill=ID_INK))

    labels = _label_boxes(m)
    for city in m.cities:
        n = m.nodes[city.node]
        colour, shape = REGION_STYLE[city.region]
        ops.append(Circle(n.x, n.y, CITY_R, Style(stroke="#000000", width=0.45, fill=colour)))
        ops.append(symbol(shape, n.x, n.y, CITY_R * 0.55, Style(stroke=None, fill="#ffffff")))
        x, y, w, h, size = labels[city.name]
        ops.append(rect(x, y, w, h, Style(stroke=None, fill=LABEL_GROUND)))
        ops.append(Text(x + 0.4, y + h * 0.76, city.name, size=size, bold=True))

    if cartouche:
        ops.extend(cartouche_ops(m, lang, marks))
    return ops


def cartouche_ops(m: TransAmericaMap, lang: str, marks: bool = True) -> list:
    w, h = CARTOUCHE_W, CARTOUCHE_H
    x, y, _extra = cartouche_place(m)
    ops: list = [rect(x, y, w, h, Style(stroke="#444444", width=0.4, fill="#ffffff"))]
    ops.append(Text(x + 5, y + 11, "TransAmerica", size=20, bold=True))
    head = f"{board_title(m, lang)} · {t('map', lang)} {t('version', lang)} {m.version}"
    if m.seed is not None:  # built-in and region boards have none: nothing to print
        head += f" · {t('seed', lang)} {m.seed}"
    ops.append(Text(x + 5, y + 17.5, head, size=7.5))
    gen = m.generator
    made = t("made_with", lang, version=VERSION)
    if gen:
        made = f"{gen.get('name', '')} {gen.get('version', '')} · " + made
    ops.append(Text(x + 5, y + 21.5, made, size=6, fill="#555555"))
    if m.stats:
        s = m.stats
        hands = t(
            "ta_hands",
            lang,
            low=s["min"],
            high=s["max"],
            mean=decimal(s["mean"], lang),
            original_low=ORIGINAL["min"],
            original_high=ORIGINAL["max"],
            original_mean=decimal(ORIGINAL["mean"], lang),
        )
        ops.append(Text(x + 5, y + 25.5, hands, size=6, fill="#555555"))
    # Legend: single and double lines.
    ly = y + 30
    ops.extend(edge_ops((x + 5, ly), (x + 19, ly), 1, shorten=0))
    ops.append(Text(x + 22, ly + 1.2, t("ta_plain", lang), size=7))
    ly += 6
    ops.extend(edge_ops((x + 5, ly), (x + 19, ly), 2, shorten=0))
    ops.append(Text(x + 22, ly + 1.2, t("ta_double", lang), size=7))
    # Regions: colour and shape.
    ly += 9
    names = region_names(m, lang)
    for i, region in enumerate(REGIONS):
        col, row = i % 3, i // 3
        cx, cy = x + 8 + col * 48, ly + row * 9
        colour, shape = REGION_STYLE[region]
        ops.append(Circle(cx, cy, 3.2, Style(stroke="#000000", width=0.4, fill=colour)))
        ops.append(symbol(shape, cx, cy, 1.8, Style(stroke=None, fill="#ffffff")))
        ops.append(Text(cx + 5, cy + 1.2, names[region], size=7))
    if marks:  # what the registration squares round the board are
        note = t("ta_marks_note", lang)
        size = _fit_note(note, w - 10)
        ops.append(Text(x + 5, y + h - 3.5, note, size=size, fill="#555555"))
    return ops


def _fit_note(text: str, width: float, size: float = 6.0) -> float:
    """The note's size: 6 pt, smaller (never under 4.5 pt) when it would not fit the width."""
    while size > 4.5 and fonts.text_width(text, size) > width:
        size -= 0.25
    return size


def board_drawing(
    m: TransAmericaMap, lang: str, name: str = "board", *, marks: bool = True, **kw
) -> Drawing:
    """The whole board; a little taller than the map's board when the title box needs room.
    With its title box, it carries the photo reader's registration marks and a line saying
    what they are, unless ``marks`` is false (``--no-photo-marks``: the reader cannot read
    that board)."""
    cartouche = kw.get("cartouche", True)
    extra = cartouche_place(m)[2] if cartouche else 0.0
    ops = board_ops(m, lang, marks=marks, **kw)
    if cartouche and marks:
        ops += fiducials.mark_ops(m)
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
        places=plan.places(m, region_names(m, lang)),
        players=player_styles(),
    )


def printed(m: TransAmericaMap, drawing: Drawing | None = None) -> TransAmericaMap:
    """The map with the seams of its board ``drawing`` (by default the English one, which the
    built-in maps are checked in every language against) as the kit tiles it on every paper
    (:func:`trackwright.photo.seams.seams`, the drawing's words and discs kept clear): what the
    map file beside a kit, and a built-in map file, say (``print.seams``)."""
    if drawing is None:
        drawing = board_drawing(m, "en")
    xs, ys, runs = every_paper(drawing.width, drawing.height, seam_keepouts(drawing.ops))
    return replace(m, printed_seams=(tuple(xs), tuple(ys)), printed_seam_runs=tuple(runs))
