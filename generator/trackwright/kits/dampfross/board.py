"""The Dampfross map as drawing operations (millimetres), drawn from the map alone."""

from __future__ import annotations

import math

from trackwright.core import hexgrid
from trackwright.core.boardplan import dampfross as plan
from trackwright.core.boardplan.dampfross import (
    A3,
    A4,
    LEGEND_GAP,
    LEGEND_H,
    MARGIN,
    NAME_PT,
    NUMBER_PT,
    layout,
    page_size,
    town_label_sizes,
)
from trackwright.core.dampfross import DampfrossMap, DampfrossRules
from trackwright.core.dampfross import rules as rules_preset
from trackwright.games import BoardView
from trackwright.kits import i18n
from trackwright.kits.dampfross.strings import map_title, t, values
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
    polygon,
    rect,
)
from trackwright.kits.draw.symbols import player_styles
from trackwright.version import VERSION

FILL = {"plain": "#f4efdc", "hill": "#dcc08c", "water": "#bfdcf0"}
OUTLINE = {"plain": "#8f8a78", "hill": "#8f7a52", "water": "#9cc3de"}
RIVER = "#2c74bd"
HALO = 0.28  # mm: the white rim round label glyphs that keeps them readable over lines
# The page's layout (its size, margins, the town labels' sizes) is the board plan's: the page
# draws a board from the same numbers (trackwright.core.boardplan.dampfross).
__all__ = ["A3", "A4", "LEGEND_H", "MARGIN", "NAME_PT", "NUMBER_PT", "page_size"]


def halo_text(x: float, y: float, text: str, size: float, bold: bool = False) -> list[Op]:
    """Black text with a thin white rim (eight white copies a hair apart under it): readable over
    hex outlines, rivers and hill fills without an opaque box hiding the terrain around it."""
    d, k = HALO, HALO * 0.7071
    ops: list[Op] = [
        Text(x + dx, y + dy, text, size=size, bold=bold, anchor="middle", fill="#ffffff")
        for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d), (k, k), (k, -k), (-k, k), (-k, -k))
    ]
    ops.append(Text(x, y, text, size=size, bold=bold, anchor="middle"))
    return ops


def hill_marks(x: float, y: float, s: float) -> list[Op]:
    """Two small peaks drawn in a hill hex."""
    style = Style(stroke="#7a6334", width=0.3)
    k = s * 0.22
    return [
        Path(((((x - 2.2 * k), y + k), (x - 1.1 * k, y - 0.6 * k), (x, y + k)),), style),
        Path((((x - 0.2 * k, y + k), (x + 1.1 * k, y - 1.2 * k), (x + 2.4 * k, y + k)),), style),
    ]


WAVE = "#4f86b8"  # the sea's waves: darker than its fill, so black and white keeps the cue


def wave_lines(x: float, y: float, s: float) -> list[tuple[tuple[float, float], ...]]:
    """Two short waves in a sea hex of size s centred at (x, y): open polylines (a sine in 8
    steps), the upper one shifted left. In black and white, or with the ink saver's light fills,
    they tell the sea from the plain."""
    out = []
    half = s * 0.34
    for dx, dy in ((-0.14 * s, -0.18 * s), (0.14 * s, 0.2 * s)):
        pts = tuple(
            (
                round(x + dx - half + 2 * half * k / 8, 3),
                round(y + dy - 0.09 * s * math.sin(2 * math.pi * k / 8), 3),
            )
            for k in range(9)
        )
        out.append(pts)
    return out


def map_ops(
    m: DampfrossMap, lang: str, rules: DampfrossRules | None = None
) -> tuple[list[Op], float, float]:
    ox, oy, w, h = layout(m)
    s = m.hex_size
    ops: list[Op] = [rect(0, 0, w, h, Style(stroke=None, fill="#ffffff"))]
    at = hexgrid.Layout(size=s, origin=(ox, oy))

    for terrain in ("water", "plain", "hill"):
        hexes = [hx for hx, tt in m.terrain.items() if tt == terrain]
        if not hexes:
            continue
        rings = tuple(tuple(at.corners(hx)) for hx in hexes)
        # One path per terrain: fill first, then the outlines on top.
        ops.append(
            Path(rings, Style(stroke=OUTLINE[terrain], width=0.18, fill=FILL[terrain]), closed=True)
        )
    waves = [
        w
        for hx in sorted(m.terrain)
        if m.terrain[hx] == "water"
        for w in wave_lines(*at.centre(hx), s)
    ]
    if waves:  # one path for the whole sea
        ops.append(Path(tuple(waves), Style(stroke=WAVE, width=0.25)))
    for hx, terrain in m.terrain.items():
        if terrain == "hill" and hx not in m.town_by_hex:
            x, y = at.centre(hx)
            ops.extend(hill_marks(x, y + 0.15 * s, s))
    for side in sorted(m.rivers):
        a, b = at.side_points(side)
        ops.append(line(a, b, Style(stroke=RIVER, width=0.9)))

    # Each town: its number above the centre, its mark on it, its name below; the labels have a
    # white rim, not a box, so the hex's fill (and a hill's colour) shows round them.
    number_pt, name_pt = town_label_sizes(s)
    name_cap = name_pt * PT_TO_MM * 0.72
    mark = s * 0.2
    for town in m.towns:
        x, y = at.centre(town.hex)
        if town.name in m.ports:
            ops.append(Circle(x, y, s * 0.5, Style(stroke=RIVER, width=0.45)))
        if len(town.numbers) > 1:
            r = mark * 1.05
            ops.append(rect(x - r, y - r, 2 * r, 2 * r, Style(stroke=None, fill="#b3261e")))
        else:
            ops.append(Circle(x, y, mark, Style(stroke=None, fill="#b3261e")))
        label = "·".join(str(n) for n in town.numbers)
        ops.extend(halo_text(x, y - mark - 0.7, label, number_pt, bold=True))
        ops.extend(halo_text(x, y + mark + 0.6 + name_cap, town.name, name_pt))
    ops.extend(coordinate_ops(m, at))
    minx, _miny, maxx, maxy = m.extent()
    ops.extend(legend_ops(m, lang, ox + minx, ox + maxx, oy + maxy + LEGEND_GAP, rules))
    return ops, w, h


def label_ops(labels: list[plan.Label]) -> list[Op]:
    """Printed coordinates (``trackwright.core.boardplan.dampfross``) as grey text."""
    return [
        Text(x, y, label, size=size, anchor=anchor, fill=plan.COORD)
        for x, y, label, size, anchor in labels
    ]


def coordinate_ops(m: DampfrossMap, at: hexgrid.Layout) -> list[Op]:
    """The column letters, row numbers and each land hex's label (``plan.coordinate_labels``)."""
    return label_ops(plan.coordinate_labels(m, at))


def legend_ops(
    m: DampfrossMap,
    lang: str,
    x0: float,
    x1: float,
    y0: float,
    rules: DampfrossRules | None = None,
) -> list[Op]:
    """The legend under the map, between x0 and x1, from its rule at y0 down LEGEND_H less the
    foot margin: title, version line, building costs, town numbers and start, symbols."""
    rules = rules or rules_preset()
    ops: list[Op] = [line((x0, y0), (x1, y0), Style(stroke="#666666", width=0.3))]
    y = y0 + 6.5
    gen = m.generator
    ops.append(Text(x0, y, f"Dampfross · {map_title(m, lang)}", size=12, bold=True))
    about = f"{t('map', lang)} {t('version', lang)} {m.version}"
    if m.seed is not None:  # a built-in or hand-made map has no seed to print
        about += f" · {t('seed', lang)} {m.seed}"
    if gen:
        about += f" · {gen.get('name')} {gen.get('version')}"
    about += " · " + t("made_with", lang, version=VERSION)
    ops.append(Text(x1, y, about, size=6.5, anchor="end", fill="#444444"))
    y += 5.5
    ops.append(Text(x0, y, t("df_costs", lang, **values(rules, lang)), size=7.5))
    if rules == rules_preset():  # the default kit shows the German edition's costs beside
        other = t("df_costs_german", lang, **values(rules_preset("dampfross"), lang))
    else:  # a kit of other rules says which
        other = i18n.t("rules_preset", lang, name=rules.name)
    ops.append(Text(x1, y, other, size=6.5, anchor="end", fill="#444444"))
    y += 4.5
    ops.append(
        Text(
            x0,
            y,
            t("df_numbers", lang)
            + " · "
            + t("df_start_port" if m.start == "port" else "df_start_town", lang),
            size=7.5,
        )
    )
    # Symbols.
    y += 6.5
    x = x0
    s = 3.0
    items = [
        ("town", t("df_town", lang)),
        ("big", t("df_big_town", lang)),
        ("port", t("df_port", lang)),
        ("sea", t("df_sea", lang)),
        ("river", t("df_river", lang)),
        ("hill", t("df_hill", lang)),
        ("coord", t("df_coord", lang)),
    ]
    for kind, label in items:
        if kind == "town":
            ops.append(Circle(x + 2, y - 1, s * 0.45, Style(stroke=None, fill="#b3261e")))
        elif kind == "big":
            ops.append(rect(x + 0.8, y - 2.2, 2.4, 2.4, Style(stroke=None, fill="#b3261e")))
        elif kind == "port":
            ops.append(Circle(x + 2, y - 1, 1.0, Style(stroke=None, fill="#b3261e")))
            ops.append(Circle(x + 2, y - 1, 2.0, Style(stroke=RIVER, width=0.45)))
        elif kind == "sea":
            ring = [(px + x + 2.5, py + y - 1) for px, py in hexgrid.corner_points((0, 0), 2.6)]
            ops.append(polygon(ring, Style(stroke=OUTLINE["water"], width=0.2, fill=FILL["water"])))
            waves = tuple(wave_lines(x + 2.5, y - 1, 2.6))
            ops.append(Path(waves, Style(stroke=WAVE, width=0.25)))
        elif kind == "river":
            ops.append(line((x, y - 1), (x + 5, y - 1), Style(stroke=RIVER, width=0.9)))
        elif kind == "hill":
            ring = [(px + x + 2.5, py + y - 1) for px, py in hexgrid.corner_points((0, 0), 2.6)]
            ops.append(polygon(ring, Style(stroke=OUTLINE["hill"], width=0.2, fill=FILL["hill"])))
            ops.extend(hill_marks(x + 2.5, y - 1 + 0.15 * 2.6, 2.6))
        else:  # a hex's printed label, as the scorer names it
            ring = [(px + x + 2.5, py + y - 1) for px, py in hexgrid.corner_points((0, 0), 2.6)]
            ops.append(polygon(ring, Style(stroke=OUTLINE["plain"], width=0.2, fill=FILL["plain"])))
            ops.append(Text(x + 2.5, y - 0.3, "F7", size=4.5, anchor="middle", fill=plan.COORD))
        ops.append(Text(x + 7, y, label, size=7.5))
        x += 9 + fonts.text_width(label, 7.5)
    return ops


def map_drawing(
    m: DampfrossMap, lang: str, name: str = "dfmap", rules: DampfrossRules | None = None
) -> Drawing:
    ops, w, h = map_ops(m, lang, rules)
    return Drawing(name, round(w, 3), round(h, 3), tuple(ops))


def board_view(m: DampfrossMap, lang: str) -> BoardView:
    """The printed map and the outline of every hex on it, in the drawing's millimetres."""
    return BoardView(
        drawing=map_drawing(m, lang),
        places=plan.places(m),
        players=player_styles(),
    )
