"""A reading in parts, as JSON: what one engine hands another when the phone reads a photo on
two (:func:`.tracks.fit` on the first, :func:`.tracks.judge_part` on both, half the strips
each, :func:`.tracks.concluded` on the first; see :mod:`.question`).

Every number goes as it is, so the reading in parts is the reading in one: JSON writes a float
by its shortest text that reads back the same float, and the judged strips' samples (most of
the bytes: some 3 MB a half) go as the bytes of an ``array("d")``, in base64. Whatever the text
holds is checked for its shape before it is used: a part that is not one is refused with
:class:`~trackwright.core.errors.TrackwrightError` (``photo.ask.part``), naming the place.
"""

from __future__ import annotations

import base64
import binascii
from array import array
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.photo import warp as warp_mod
from trackwright.photo.tracks import Fitted, Judged, Part


def fitted_json(fitted: Fitted) -> dict[str, Any]:
    w = fitted.warp
    return {
        "h": list(fitted.h),
        "marks": fitted.marks,
        "warp": {
            "c": [w.cx, w.cy, w.sx, w.sy],
            "ax": list(w.ax),
            "ay": list(w.ay),
            "cuts": [list(c) for c in w.cuts],
            "sheets": [[list(k), list(m)] for k, m in w.sheets],
        },
        "absent": sorted(fitted.absent),
    }


def _floats(value: Any, n: int | None = None) -> tuple[float, ...]:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        raise ValueError(value)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        raise ValueError(value)
    return tuple(value)


def _cut(value: Any) -> warp_mod.Cut:
    if not isinstance(value, list) or len(value) != 4 or value[0] not in ("x", "y"):
        raise ValueError(value)
    a, b, c = _floats(value[1:])
    return (value[0], a, b, c)


def _sheet(value: Any) -> tuple[warp_mod.Key, warp_mod.Move]:
    key, move = value
    if not isinstance(key, list) or not all(k is None or isinstance(k, bool) for k in key):
        raise ValueError(key)
    tx, ty, turn, ox, oy = _floats(move, 5)
    return tuple(key), (tx, ty, turn, ox, oy)


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(value)
    return value


def fitted_from(value: Any, where: str) -> Fitted:
    """The :class:`~.tracks.Fitted` that :func:`fitted_json` wrote."""
    try:
        w = value["warp"]
        cx, cy, sx, sy = _floats(w["c"], 4)
        warp = warp_mod.Warp(
            cx,
            cy,
            sx,
            sy,
            _floats(w["ax"]),
            _floats(w["ay"]),
            tuple(_cut(c) for c in w["cuts"]),
            tuple(_sheet(s) for s in w["sheets"]),
        )
        h0, h1, h2, h3, h4, h5, h6, h7, h8 = _floats(value["h"], 9)
        h = (h0, h1, h2, h3, h4, h5, h6, h7, h8)
        return Fitted(h, _int(value["marks"]), warp, frozenset(_int(n) for n in value["absent"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise TrackwrightError.of("photo.ask.part", where, what="fitted") from exc


def part_json(part: Part) -> dict[str, Any]:
    samples = array("d")
    strips = []
    for index, j, shown in part.judged:
        for row in j.scaled:
            for sample in row:
                samples.extend(sample)
        strips.append(
            [
                index,
                [j.band, j.other, j.clear, j.beside],
                list(j.gains),
                [j.dv, j.du],
                list(j.tone),
                list(j.clipped),
                [len(row) for row in j.scaled],
                shown,
                j.faint,
                j.traced,
            ]
        )
    return {
        "strips": strips,
        "outside": part.outside,
        "samples": base64.b64encode(samples.tobytes()).decode("ascii"),
    }


def _judged(strip: list[Any], samples: array[float], at: int) -> tuple[int, Judged, list[float]]:
    index, (band, other, clear, beside), gains, (dv, du), tone, clipped, rows, shown, *pale = strip
    faint, traced = pale
    scaled = []
    for n in rows:
        if not isinstance(n, int) or n < 0 or at + 3 * n > len(samples):
            raise ValueError(n)
        row = samples[at : at + 3 * n]
        scaled.append(list(zip(row[0::3], row[1::3], row[2::3], strict=True)))
        at += 3 * n
    if not isinstance(clipped, list) or not all(isinstance(c, bool) for c in clipped):
        raise ValueError(clipped)
    if not all(p is None or isinstance(p, bool) for p in pale):
        raise ValueError(pale)
    c0, c1, c2 = clipped
    g0, g1, g2 = _floats(gains, 3)
    t0, t1, t2 = _floats(tone, 3)
    band, other, clear, beside = _floats([band, other, clear, beside])
    j = Judged(
        band,
        other,
        clear,
        (g0, g1, g2),
        _int(dv),
        _int(du),
        (t0, t1, t2),
        scaled,
        (c0, c1, c2),
        beside,
        faint,
        traced,
    )
    return _int(index), j, list(_floats(shown))


def part_from(value: Any, where: str) -> Part:
    """The :class:`~.tracks.Part` that :func:`part_json` wrote."""
    try:
        samples = array("d", base64.b64decode(value["samples"], validate=True))
        judged, at = [], 0
        for strip in value["strips"]:
            judged.append(_judged(strip, samples, at))
            at += 3 * sum(strip[6])
        if at != len(samples):
            raise ValueError(at)
        return Part(judged, [_int(i) for i in value["outside"]])
    except (KeyError, TypeError, ValueError, binascii.Error) as exc:
        raise TrackwrightError.of("photo.ask.part", where, what="parts") from exc
