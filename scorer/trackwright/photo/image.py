"""A photo's pixels as byte planes, for pure Python that must stay fast.

The caller hands over the decoded, scaled photo as RGB (or RGBA) bytes; slicing with a step
splits them into one ``bytes`` per channel at C speed. Everything else reads single pixels or
short runs from those planes: no per-pixel Python loop ever runs over a whole image.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property

from trackwright.core.errors import TrackwrightError

MAX_PIXELS = 8_000_000  # a working-size photo is about 1.5 million; refuse what is not one


@dataclass(frozen=True)
class Picture:
    """An image as three planes of ``width * height`` bytes, row after row."""

    width: int
    height: int
    r: bytes
    g: bytes
    b: bytes

    @classmethod
    def from_bytes(cls, data: bytes, width: int, height: int, where: str = "photo") -> Picture:
        """From interleaved RGB or RGBA bytes (the channel count follows from the length)."""
        if not (isinstance(width, int) and isinstance(height, int)) or width < 8 or height < 8:
            raise TrackwrightError.of("photo.image.small", where, width=width, height=height)
        count = width * height
        if count > MAX_PIXELS:
            raise TrackwrightError.of("photo.image.big", where, width=width, height=height)
        if len(data) == 3 * count:
            step = 3
        elif len(data) == 4 * count:
            step = 4
        else:
            raise TrackwrightError.of(
                "photo.image.bytes", where, count=len(data), width=width, height=height
            )
        return cls(width, height, data[0::step], data[1::step], data[2::step])

    @cached_property
    def packed(self) -> memoryview:
        """The three planes in one: each pixel a 64-bit number holding its red, green and blue
        16 bits apart (red lowest), so that four pixels summed in one addition keep each
        channel's sum apart, their means then ``(t & 0xFFFF) >> 2``, ``(t >> 18) & 0x3FFF``
        and ``(t >> 34) & 0x3FFF`` for ``t`` the sum plus :data:`PACKED_ROUND`. Made at C speed
        (slices), once a photo: 8 bytes a pixel."""
        count = self.width * self.height
        lanes = bytearray(8 * count)
        at = (0, 2, 4) if sys.byteorder == "little" else (7, 5, 3)  # each lane's lowest byte
        for first, plane in zip(at, (self.r, self.g, self.b), strict=True):
            lanes[first::8] = plane
        return memoryview(lanes).cast("Q")

    def grey(self) -> bytes:
        """The green plane: the channel that follows brightness most closely and costs nothing."""
        return self.g

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        """The pixel nearest (x, y), clamped to the picture."""
        xi = min(max(int(x + 0.5), 0), self.width - 1)
        yi = min(max(int(y + 0.5), 0), self.height - 1)
        i = yi * self.width + xi
        return self.r[i], self.g[i], self.b[i]


#: Added to four packed pixels' sum (:attr:`Picture.packed`): each channel's mean rounded.
PACKED_ROUND = 2 | 2 << 16 | 2 << 32


def block_means(plane: bytes, width: int, height: int, block: int) -> list[list[float]]:
    """The mean of each ``block`` x ``block`` square (the last ones cut short), from every
    second row of it: rows of blocks, each a list of means."""
    out: list[list[float]] = []
    cols = (width + block - 1) // block
    for by in range(0, height, block):
        sums = [0] * cols
        rows = 0
        for y in range(by, min(by + block, height), 2):
            row = plane[y * width : (y + 1) * width]
            for bx in range(cols):
                sums[bx] += sum(row[bx * block : (bx + 1) * block])
            rows += 1
        widths = [min(block, width - bx * block) for bx in range(cols)]
        out.append([s / (rows * w) for s, w in zip(sums, widths, strict=True)])
    return out


def dilate(grid: list[list[float]]) -> list[list[float]]:
    """Each cell's maximum over itself and its eight neighbours."""
    h, w = len(grid), len(grid[0])
    rows = [[max(r[max(0, x - 1) : x + 2]) for x in range(w)] for r in grid]
    return [
        [max(rows[yy][x] for yy in range(max(0, y - 1), min(h, y + 2))) for x in range(w)]
        for y in range(h)
    ]


# Byte translation tables: THRESHOLD[t] maps a value below t to 1 (dark) and the rest to 0.
THRESHOLD: list[bytes] = [bytes(1 if v < t else 0 for v in range(256)) for t in range(256)]
