"""How long the exact balance analysis of a TransAmerica board takes, and how it grows.

    python benchmarks/analyse.py [--big]

For each board: intersections, hands, seconds and peak memory for all hands (the shared
Dreyfus-Wagner tensors, each board in a fresh process so memory is its own) and, for comparison,
the projected time of solving every hand on its own with the exact scorer. ``--big`` adds the
USA region laid with 27 and 33 lattice rows (about 770 and 1,140 intersections).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

ONE = """
import json, random, resource, sys, time
from trackwright.core import transamerica as model
from trackwright.kits.transamerica import continent, lattice
from trackwright.kits.transamerica.balance import analyse
from trackwright.scorer.steiner import Graph, steiner_tree
name = sys.argv[1]
if name.startswith("usa-rows-"):
    region = json.load(open("templates/transamerica/regions/usa.json"))
    region["lattice"] = {**region["lattice"], "rows": int(name.split("-")[-1])}
    m = lattice.build(region, "usa")
elif name == "random-2":
    m = continent.generate(2)[0]
else:
    m = model.load(name)
start = time.perf_counter()
result = analyse(m)
batched = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
graph = Graph(list(m.nodes), ((e.a, e.b, e.cost) for e in m.edges))
cities = [m.cities_of(r) for r in model.REGIONS]
rng = random.Random(1)
sample = 50
start = time.perf_counter()
for _ in range(sample):
    steiner_tree(graph, [rng.choice(c).node for c in cities])
single = (time.perf_counter() - start) / sample * result.hands
print(json.dumps([name, len(m.nodes), result.hands, batched, peak, single]))
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", action="store_true")
    args = ap.parse_args()
    boards = ["usa", "europe", "japan", "random-2"]
    if args.big:
        boards += ["usa-rows-27", "usa-rows-33"]
    print(
        "| board | intersections | hands | all hands (s) | peak memory (MB) | one hand at a time (s, projected) | ms per intersection |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in boards:
        out = subprocess.run(
            [sys.executable, "-c", ONE, name], capture_output=True, text=True, check=True
        )
        board, nodes, hands, batched, peak, single = json.loads(out.stdout)
        print(
            f"| {board} | {nodes} | {hands} | {batched:.2f} | {peak:.0f} | {single:.0f} | {batched / nodes * 1000:.1f} |"
        )


if __name__ == "__main__":
    main()
