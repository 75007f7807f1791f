"""The Dampfross map as drawing operations (millimetres), drawn from the map alone."""

from __future__ import annotations

from trackwright import __version__
from trackwright.core import hexgrid
from trackwright.core.dampfross import DampfrossMap, DampfrossRules
from trackwright.core.dampfross import rules as rules_preset
from trackwright.games import BoardView
from trackwright.kits import i18n
from trackwright.kits.dampfross.strings import t, values
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import (
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
from trackwright.kits.draw.symbols import PLAYER_STYLE
from trackwright.kits.places import hex_places

FILL = {"plain": "#f4efdc", "hill": "#dcc08c", "water": "#bfdcf0"}
OUTLINE = {"plain": "#8f8a78", "hill": "#8f7a52", "water": "#9cc3de"}
RIVER = "#2c74bd"
MARGIN = 12.0
LEGEND_H = 30.0


def layout(m: DampfrossMap) -> tuple[float, float, float, float]:
    """(offset x, offset y, width, height): where hex (0, 0)'s centre goes and the page size."""
    minx, miny, maxx, maxy = m.extent()
    return MARGIN - minx, MARGIN - miny, maxx - minx + 2 * MARGIN, maxy - miny + 2 * MARGIN


def hill_marks(x: float, y: float, s: float) -> list[Op]:
    """Two small peaks drawn in a hill hex."""
    style = Style(stroke="#7a6334", width=0.3)
    k = s * 0.22
    return [
        Path(((((x - 2.2 * k), y + k), (x - 1.1 * k, y - 0.6 * k), (x, y + k)),), style),
        Path((((x - 0.2 * k, y + k), (x + 1.1 * k, y - 1.2 * k), (x + 2.4 * k, y + k)),), style),
    ]


def map_ops(
    m: DampfrossMap, lang: str, rules: DampfrossRules | None = None
) -> tuple[list[Op], float, float]:
    ox, oy, w, h = layout(m)
    s = m.hex_size
    ops: list[Op] = [rect(0, 0, w, h + LEGEND_H, Style(stroke=None, fill="#ffffff"))]
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
    for hx, terrain in m.terrain.items():
        if terrain == "hill" and hx not in m.town_by_hex:
            x, y = at.centre(hx)
            ops.extend(hill_marks(x, y + 0.15 * s, s))
    for side in sorted(m.rivers):
        a, b = at.side_points(side)
        ops.append(line(a, b, Style(stroke=RIVER, width=0.9)))

    number_pt = max(5.0, s * 0.9)
    name_pt = max(3.6, s * 0.58)
    for town in m.towns:
        x, y = at.centre(town.hex)
        if town.name in m.ports:
            ops.append(Circle(x, y, s * 0.5, Style(stroke=RIVER, width=0.45)))
        if len(town.numbers) > 1:
            r = s * 0.27
            ops.append(rect(x - r, y - r, 2 * r, 2 * r, Style(stroke=None, fill="#b3261e")))
        else:
            ops.append(Circle(x, y, s * 0.24, Style(stroke=None, fill="#b3261e")))
        label = "·".join(str(n) for n in town.numbers)
        ops.append(Text(x, y - s * 0.42, label, size=number_pt, bold=True, anchor="middle"))
        nw = fonts.text_width(town.name, name_pt) + 1.0
        ny = y + s * 0.38
        ops.append(
            rect(x - nw / 2, ny, nw, name_pt * 0.3528 * 1.2, Style(stroke=None, fill="#ffffff"))
        )
        ops.append(Text(x, ny + name_pt * 0.3528 * 0.95, town.name, size=name_pt, anchor="middle"))
    ops.extend(legend_ops(m, lang, w, h, rules))
    return ops, w, h + LEGEND_H


def legend_ops(
    m: DampfrossMap, lang: str, w: float, y0: float, rules: DampfrossRules | None = None
) -> list[Op]:
    rules = rules or rules_preset()
    ops: list[Op] = [line((MARGIN, y0), (w - MARGIN, y0), Style(stroke="#666666", width=0.3))]
    y = y0 + 7
    seed = m.seed if m.seed is not None else "-"
    gen = m.generator
    ops.append(Text(MARGIN, y, f"Dampfross · {m.name}", size=12, bold=True))
    ops.append(
        Text(
            w - MARGIN,
            y,
            f"{t('map', lang)} {t('version', lang)} {m.version} · {t('seed', lang)} {seed}"
            + (f" · {gen.get('name')} {gen.get('version')}" if gen else "")
            + " · "
            + t("made_with", lang, version=__version__),
            size=6.5,
            anchor="end",
            fill="#444444",
        )
    )
    y += 6
    ops.append(Text(MARGIN, y, t("df_costs", lang, **values(rules, lang)), size=7.5))
    if rules == rules_preset():  # the default kit shows the German edition's costs beside
        other = t("df_costs_german", lang, **values(rules_preset("dampfross"), lang))
    else:  # a kit of other rules says which
        other = i18n.t("rules_preset", lang, name=rules.name)
    ops.append(Text(w - MARGIN, y, other, size=6.5, anchor="end", fill="#444444"))
    y += 4.5
    ops.append(
        Text(
            MARGIN,
            y,
            t("df_numbers", lang)
            + " · "
            + t("df_start_port" if m.start == "port" else "df_start_town", lang),
            size=7.5,
        )
    )
    # Symbols.
    y += 7
    x = MARGIN
    s = 3.0
    items = [
        ("town", t("df_town", lang)),
        ("big", t("df_big_town", lang)),
        ("port", t("df_port", lang)),
        ("river", t("df_river", lang)),
        ("hill", t("df_hill", lang)),
    ]
    for kind, label in items:
        if kind == "town":
            ops.append(Circle(x + 2, y - 1, s * 0.45, Style(stroke=None, fill="#b3261e")))
        elif kind == "big":
            ops.append(rect(x + 0.8, y - 2.2, 2.4, 2.4, Style(stroke=None, fill="#b3261e")))
        elif kind == "port":
            ops.append(Circle(x + 2, y - 1, 1.0, Style(stroke=None, fill="#b3261e")))
            ops.append(Circle(x + 2, y - 1, 2.0, Style(stroke=RIVER, width=0.45)))
        elif kind == "river":
            ops.append(line((x, y - 1), (x + 5, y - 1), Style(stroke=RIVER, width=0.9)))
        else:
            ring = [(px + x + 2.5, py + y - 1) for px, py in hexgrid.corner_points((0, 0), 2.6)]
            ops.append(polygon(ring, Style(stroke=OUTLINE["hill"], width=0.2, fill=FILL["hill"])))
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
    ox, oy, _w, _h = layout(m)
    return BoardView(
        drawing=map_drawing(m, lang),
        places=hex_places(m.terrain, m.hex_size, ox, oy),
        players=[{"colour": c, "shape": s} for c, s in PLAYER_STYLE],
    )
