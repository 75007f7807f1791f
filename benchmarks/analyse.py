"""How long the exact balance analysis of a TransAmerica board takes.

    python benchmarks/analyse.py

For each board: intersections, hands, seconds for all hands (with the shared Dreyfus-Wagner
tensors) and, for comparison, the projected time of solving every hand on its own.
"""

from __future__ import annotations

import random
import time

from trackwright.core import transamerica as model
from trackwright.kits.transamerica import continent
from trackwright.kits.transamerica.balance import analyse
from trackwright.scorer.steiner import Graph, steiner_tree


def main() -> None:
    boards = [model.load(name) for name in ("usa", "europe", "japan")]
    boards.append(continent.generate(2)[0])
    print(f"{'board':22} {'nodes':>6} {'hands':>6} {'all hands s':>12} {'one by one s':>13}")
    for m in boards:
        start = time.perf_counter()
        result = analyse(m)
        batched = time.perf_counter() - start
        graph = Graph(list(m.nodes), ((e.a, e.b, e.cost) for e in m.edges))
        cities = [m.cities_of(r) for r in model.REGIONS]
        rng = random.Random(1)
        sample = 200
        start = time.perf_counter()
        for _ in range(sample):
            steiner_tree(graph, [rng.choice(c).node for c in cities])
        single = (time.perf_counter() - start) / sample * result.hands
        print(f"{m.name:22} {len(m.nodes):6d} {result.hands:6d} {batched:12.2f} {single:13.1f}")


if __name__ == "__main__":
    main()
