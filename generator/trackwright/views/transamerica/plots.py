"""Plots of a board's balance, as drawing operations (rendered to SVG and PNG)."""

from __future__ import annotations

from trackwright.edit.hands import ORIGINAL, Band
from trackwright.kits.draw.ops import Drawing, Op, Style, Text, line, rect
from trackwright.kits.transamerica.balance import Balance
from trackwright.kits.transamerica.strings import t


def histogram(b: Balance, title: str, band: Band | None = None, lang: str = "en") -> Drawing:
    """Hands per cost: bars, the band of acceptable means shaded, the original's mean marked;
    its labels in the language."""
    w, h = 160.0, 90.0
    left, right, top, bottom = 14.0, 6.0, 12.0, 14.0
    lo, hi = min(min(b.histogram), ORIGINAL["min"]) - 1, max(max(b.histogram), 40) + 1
    most = max(b.histogram.values())
    pw, ph = w - left - right, h - top - bottom

    def x(cost: float) -> float:
        return left + (cost - lo) / (hi - lo) * pw

    ops: list[Op] = [rect(0, 0, w, h, Style(stroke=None, fill="#ffffff"))]
    ops.append(Text(left, 7, title, size=9, bold=True))
    if band is not None:
        ops.append(
            rect(
                x(band.mean_low),
                top,
                x(band.mean_high) - x(band.mean_low),
                ph,
                Style(stroke=None, fill="#e7f1e0"),
            )
        )
        ops.append(
            rect(
                x(band.max_high + 0.5),
                top,
                x(hi) - x(band.max_high + 0.5),
                ph,
                Style(stroke=None, fill="#f6e3e0"),
            )
        )
    bar = pw / (hi - lo) * 0.8
    for cost, count in sorted(b.histogram.items()):
        bh = count / most * ph
        ops.append(
            rect(x(cost) - bar / 2, top + ph - bh, bar, bh, Style(stroke=None, fill="#2f5d8c"))
        )
    axis = Style(stroke="#333333", width=0.3)
    ops.append(line((left, top + ph), (left + pw, top + ph), axis))
    for cost in range(int(lo) + 1, int(hi), 2):
        ops.append(line((x(cost), top + ph), (x(cost), top + ph + 1.2), axis))
        ops.append(Text(x(cost), top + ph + 4.5, str(cost), size=5.5, anchor="middle"))
    mean_style = Style(stroke="#d55e00", width=0.6, dash=(1.5, 1.0))
    ops.append(line((x(b.mean), top), (x(b.mean), top + ph), mean_style))
    ops.append(
        line(
            (x(ORIGINAL["mean"]), top),
            (x(ORIGINAL["mean"]), top + ph),
            Style(stroke="#000000", width=0.4, dash=(0.5, 1.0)),
        )
    )
    ops.append(
        Text(
            w - right,
            top - 2,
            t("ta_an_figures", lang, hands=b.hands, low=b.minimum, mean=b.mean, high=b.maximum),
            size=6.5,
            anchor="end",
        )
    )
    ops.append(
        Text(
            left,
            h - 3,
            t("ta_an_legend", lang, mean=float(ORIGINAL["mean"])),
            size=5.2,
            fill="#444444",
        )
    )
    return Drawing("histogram", w, h, tuple(ops))
