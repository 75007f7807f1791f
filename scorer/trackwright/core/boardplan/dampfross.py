"""Dampfross's board plan: where the printed map lies on its page (the kits lay the board out
with the same functions) and its hexes, rivers, ports and towns as drawing items."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from trackwright.core import hexgrid, palette
from trackwright.core.boardplan import (
    PT_TO_MM,
    Item,
    hex_places,
    hexes_by_class,
    marks,
    plan,
    pt,
    r2,
    text,
)
from trackwright.core.dampfross import DampfrossMap

MARGIN = 10.0  # white around the map, mm: inside any printer's unprintable edge
LEGEND_GAP = 3.0  # from the map's lowest hex to the legend's rule
LEGEND_H = 32.0  # the legend, rule to page foot, its margin included (8 mm and more under text)
#: A map that fits this sheet (either way round) but not an A4 gets a page of exactly this size,
#: the map centred: the default 30 x 22 map prints on A3 at true size.
A3 = (420.0, 297.0)
A4 = (297.0, 210.0)
#: Town labels readable at arm's length: names and numbers at least this big (points).
NAME_PT = 6.5
NUMBER_PT = 8.0


def _fits(w: float, h: float, sheet: tuple[float, float]) -> bool:
    a, b = sheet
    return (w <= a + 1e-6 and h <= b + 1e-6) or (w <= b + 1e-6 and h <= a + 1e-6)


def page_size(m: DampfrossMap) -> tuple[float, float, float, float]:
    """(width, height, content x, content y): the board's page and where the map's frame (its
    margin included) starts on it. The natural size is the map plus MARGIN round it and the
    legend below; between A4 and A3 the page is exactly A3, landscape or portrait as the map."""
    minx, miny, maxx, maxy = m.extent()
    w = maxx - minx + 2 * MARGIN
    h = maxy - miny + MARGIN + LEGEND_GAP + LEGEND_H
    if _fits(w, h, A3) and not _fits(w, h, A4):
        pw, ph = A3 if w <= A3[0] and h <= A3[1] else (A3[1], A3[0])
        return pw, ph, (pw - w) / 2, (ph - h) / 2
    return w, h, 0.0, 0.0


def layout(m: DampfrossMap) -> tuple[float, float, float, float]:
    """(offset x, offset y, width, height): where hex (0, 0)'s centre goes, and the page size."""
    minx, miny, _maxx, _maxy = m.extent()
    pw, ph, cx, cy = page_size(m)
    return cx + MARGIN - minx, cy + MARGIN - miny, pw, ph


def town_label_sizes(s: float) -> tuple[float, float]:
    """(number pt, name pt) for hexes of size s mm: at least NUMBER_PT and NAME_PT, larger on
    larger hexes."""
    return max(NUMBER_PT, round(s * 1.1, 2)), max(NAME_PT, round(s * 0.87, 2))


# ------------------------------------------------------------------ hex coordinates

#: The hexes' labels: grey, under the towns' black.
COORD = "#5a5a5a"
#: A printed coordinate: x, baseline y (mm), the text, its size (pt) and anchor.
Label = tuple[float, float, str, float, str]
_EM = 0.661  # DejaVu Sans: capitals and digits are about this wide, per em


def hex_label_size(s: float) -> float:
    """The in-hex label's size, pt: at least 4, larger on larger hexes."""
    return max(4.0, round(s * 0.55, 2))


def hex_label_baseline(s: float, town: bool) -> float | None:
    """Where a hex's label sits, mm below its centre: in a hex without a town, half way up to
    the top corner (clear of rivers on the upper sides); in a town's hex, under the town's name
    (its number is above the mark), or None when the hex is too small to hold it there."""
    size = hex_label_size(s)
    cap = size * PT_TO_MM * 0.72
    if not town:
        return -0.5 * s
    _number_pt, name_pt = town_label_sizes(s)
    name_base = s * 0.2 + 0.6 + name_pt * PT_TO_MM * 0.72
    base = name_base + name_pt * PT_TO_MM * 0.25 + 0.25 + cap
    room = (s - (base - cap)) * hexgrid.SQRT3  # the hex's width at the label's top
    return base if room >= 4 * _EM * size * PT_TO_MM + 0.5 else None


def hex_labels(
    labels: Iterable[tuple[hexgrid.Hex, str]], at: hexgrid.Layout, towns: Collection[hexgrid.Hex]
) -> list[Label]:
    """Each hex's label in its hex (``hex_label_baseline``)."""
    size = hex_label_size(at.size)
    out: list[Label] = []
    for hx, label in labels:
        dy = hex_label_baseline(at.size, hx in towns)
        if dy is not None:
            x, y = at.centre(hx)
            out.append((x, y + dy, label, size, "middle"))
    return out


def coordinate_labels(m: DampfrossMap, at: hexgrid.Layout) -> list[Label]:
    """The hex coordinates the scorer speaks, as 18xx maps print them: the column letters above
    the map, the row numbers at its left and right (as big as the towns' numbers), and each land
    hex's label in the hex (``DampfrossMap.label``), so a sheet of a tiled board far from the
    border is read without counting."""
    out = hex_labels([(hx, m.label(hx)) for hx in m.terrain if hx in m.land], at, m.town_by_hex)
    minx, miny, maxx, _maxy = at.bounds(m.terrain)
    size = town_label_sizes(at.size)[0]
    cap = size * PT_TO_MM * 0.72
    oc, orow = m.label_origin
    offsets = [hexgrid.axial_to_offset(hx) for hx in m.terrain]
    for col in sorted({c for c, _r in offsets}):
        x = at.centre(hexgrid.offset_to_axial(col, 0))[0]  # over the even rows' hexes
        out.append((x, miny - 1.8, hexgrid.column_letters(col - oc), size, "middle"))
    for row in sorted({r for _c, r in offsets}):
        y = at.centre(hexgrid.offset_to_axial(0, row))[1] + cap / 2
        out.append((minx - 1.5, y, str(row - orow + 1), size, "end"))
        out.append((maxx + 1.5, y, str(row - orow + 1), size, "start"))
    return out


def places(m: DampfrossMap) -> dict[str, Any]:
    """The page's tap targets: every hex's centre and outline on the printed board."""
    ox, oy, _w, _h = layout(m)
    return hex_places(m.terrain, m.hex_size, ox, oy)


def _town_items(m: DampfrossMap, at: hexgrid.Layout) -> list[Item]:
    s = m.hex_size
    mark = s * 0.2
    number_pt, name_pt = town_label_sizes(s)
    name_cap = name_pt * PT_TO_MM * 0.72
    ports: list[list[float]] = []
    dots: list[list[float]] = []
    squares: list[list[float]] = []
    labels: list[Item] = []
    for town in m.towns:
        x, y = at.centre(town.hex)
        if town.name in m.ports:
            ports.append(pt(x, y))
        (squares if len(town.numbers) > 1 else dots).append(pt(x, y))
        number = "·".join(str(n) for n in town.numbers)
        labels.append(text(x, y - mark - 0.7, number, number_pt, "halo", bold=True))
        labels.append(text(x, y + mark + 0.6 + name_cap, town.name, name_pt, "halo"))
    return [
        {"t": "rings", "c": "df-port", "r": r2(s * 0.5), "pts": ports},
        {"t": "dots", "c": "df-town", "r": r2(mark), "pts": dots},
        {"t": "squares", "c": "df-town", "r": r2(mark * 1.05), "pts": squares},
        *labels,
    ]


def board_plan(m: DampfrossMap) -> dict[str, Any]:
    """The whole plan: the page, the hexes by terrain (waves on the sea, peaks on the hills),
    the rivers along hex sides, the ports ringed, the towns with their numbers and names, and
    the map's name under it."""
    ox, oy, w, h = layout(m)
    s = m.hex_size
    at = hexgrid.Layout(size=s, origin=(ox, oy))
    items: list[Item] = [{"t": "rect", "c": "paper", "x": 0, "y": 0, "w": r2(w), "h": r2(h)}]
    items += hexes_by_class(m.terrain, "df", ("water", "plain", "hill"))
    towns = m.town_by_hex
    items += marks(
        "wave", s, [at.centre(hx) for hx in sorted(m.terrain) if m.terrain[hx] == "water"]
    )
    items += marks(
        "hill",
        s,
        [at.centre(hx) for hx in sorted(m.terrain) if m.terrain[hx] == "hill" and hx not in towns],
    )
    rivers = [[*pt(*a), *pt(*b)] for a, b in (at.side_points(side) for side in sorted(m.rivers))]
    items.append({"t": "lines", "c": "df-river", "segs": rivers})
    items += _town_items(m, at)
    items += [
        text(x, y, label, size, "df-coord", anchor)
        for x, y, label, size, anchor in coordinate_labels(m, at)
    ]
    minx, _miny, _maxx, maxy = m.extent()
    items.append(
        text(
            ox + minx,
            oy + maxy + LEGEND_GAP + 6.5,
            f"Dampfross · {m.name}",
            12,
            "title",
            "start",
            True,
        )
    )
    return plan(w, h, places(m), palette.player_styles(), items)
