"""Dampfross map generation and kit rendering against map size.

    python benchmarks/dampfross.py

Prints, per map size: seconds to generate the map, to compose the kit's drawings, to render the
PDFs, the PDF size, and the time per 1,000 hexes (flat when costs grow linearly).
"""

from __future__ import annotations

import time
from pathlib import Path

from trackwright.kits.dampfross import kit, random_map
from trackwright.kits.draw.render import render_documents

SIZES = ((30, 22), (60, 44), (100, 100), (200, 200))


def main() -> None:
    print(
        f"{'map':>9} {'hexes':>7} {'generate s':>11} {'compose s':>10} {'pdf s':>7} "
        f"{'total s':>8} {'ms/1000 hexes':>14} {'PDF MB':>7}"
    )
    for w, h in SIZES:
        t0 = time.perf_counter()
        m = random_map.generate(1, random_map.RandomParams(width=w, height=h))
        t1 = time.perf_counter()
        docs = kit.documents(m, kit.KitOptions(formats=("pdf",)))
        t2 = time.perf_counter()
        files = render_documents(docs, ("pdf",), Path("out"))
        t3 = time.perf_counter()
        total = t3 - t0
        size = sum(len(v) for v in files.values()) / 1e6
        print(
            f"{w:>4} x {h:<3} {w * h:>7} {t1 - t0:>11.2f} {t2 - t1:>10.2f} {t3 - t2:>7.2f} "
            f"{total:>8.2f} {total / (w * h) * 1e6:>14.0f} {size:>7.1f}"
        )


if __name__ == "__main__":
    main()
