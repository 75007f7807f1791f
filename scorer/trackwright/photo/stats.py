"""The few statistics the photo reader takes of its samples, written once (pure Python)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def median(values: Sequence[float]) -> float:
    """The middle value (the upper one of an even count)."""
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Pearson's correlation of two equally long series; 0 when either is flat."""
    return correlations([a], b)[0]


def correlations(series: Sequence[Sequence[float]], b: Sequence[float]) -> list[float]:
    """Pearson's correlation of each of ``series`` with ``b`` (all equally long), ``b`` taken
    from its mean once (the warp's offsets: one profile slid past many); 0 when either is
    flat."""
    n = len(b)
    mb = sum(b) / n
    centred = [q - mb for q in b]
    sbb = 0.0
    for q in centred:
        sbb += q * q
    out = []
    for a in series:
        ma = sum(a) / n
        sab = saa = 0.0
        for p, q in zip(a, centred, strict=True):
            p -= ma
            sab += p * q
            saa += p * p
        out.append(sab / math.sqrt(saa * sbb) if saa > 0 and sbb > 0 else 0.0)
    return out


def within_groups_correlation(
    groups: Sequence[int], a: Sequence[float], b: Sequence[float]
) -> float:
    """Pearson's correlation of two equally long series, each value taken from its group's
    mean (``groups[i]`` names the group of ``a[i]`` and ``b[i]``): what the two share within
    the groups, whatever differs between them; 0 when either is flat within them."""
    sums: dict[int, list[float]] = {}
    for g, p, q in zip(groups, a, b, strict=True):
        acc = sums.setdefault(g, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
        acc[0] += 1
        acc[1] += p
        acc[2] += q
        acc[3] += p * p
        acc[4] += q * q
        acc[5] += p * q
    sab = saa = sbb = 0.0
    for n, sa, sb, sqa, sqb, sxy in sums.values():
        sab += sxy - sa * sb / n
        saa += sqa - sa * sa / n
        sbb += sqb - sb * sb / n
    return sab / math.sqrt(saa * sbb) if saa > 0 and sbb > 0 else 0.0
