"""How long the kit takes to generate, step by step, on this machine.

    python benchmarks/generate.py [--repeat 5]

Prints a table (median and best of the runs, peak memory of the process). Not a test: numbers
depend on the machine; the README quotes a run on the project's 2-core reference machine.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from trackwright.core import transamerica as model
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.draw.svg import render_svg
from trackwright.kits.transamerica import board, kit, lattice

ROOT = Path(__file__).resolve().parents[1]


def timed(fn, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), min(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    usa = model.load("usa")
    opts = kit.KitOptions()
    docs = kit.documents(usa, opts)
    rows = [
        ("load built-in map (usa)", lambda: model.load("usa")),
        (
            "build USA lattice from region",
            lambda: lattice.build_file(ROOT / "templates/transamerica/regions/usa.json"),
        ),
        ("draw board (ops)", lambda: board.board_drawing(usa, "en")),
        ("compose all documents", lambda: kit.documents(usa, opts)),
        ("render PDFs", lambda: [render_pdf(d) for d in docs.values()]),
        ("render SVGs", lambda: [render_svg(p) for d in docs.values() for p in d.pages]),
        ("kit in memory (pdf+svg)", lambda: kit.kit_files(usa, opts, Path("out"))),
    ]

    def cli() -> None:
        with tempfile.TemporaryDirectory() as out:
            subprocess.run(
                [sys.executable, "-m", "trackwright", "generate", "transamerica", "--out", out],
                check=True,
                capture_output=True,
            )

    rows.append(("`trackwright generate transamerica` (process)", cli))
    print(f"{'step':48} {'median s':>9} {'best s':>8}")
    print("-" * 67)
    for name, fn in rows:
        median, best = timed(fn, repeat)
        print(f"{name:48} {median:9.3f} {best:8.3f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory of this process: {peak:.0f} MB; repeats: {repeat}")
    print()
    generate_all(repeat)


# ``trackwright generate all`` in a process of its own, CPU time (user + system) of the
# process: with reportlab's C accelerator (rl-accel, a dependency) and without it, the path
# reportlab took before (its pure-Python fallback; the files are byte-identical).
# "Before" is also one game after the other, as ``generate all`` was (``_each_game`` made
# sequential); "now" makes the games side by side, one process per core.
WITHOUT_ACCEL = (
    "import sys; sys.modules['_rl_accel'] = None; import trackwright.cli as c; "
    "c._each_game = lambda jobs: [c._game_kits(j) for j in jobs]; c.main()"
)
WITH_ACCEL = "from trackwright.cli import main; main()"


def generate_all(repeat: int) -> None:
    results: dict[str, list[tuple[float, float]]] = {}
    paths = (
        ("before: no rl-accel, one game after the other", WITHOUT_ACCEL),
        ("now: rl-accel, games side by side", WITH_ACCEL),
    )
    for _ in range(repeat):  # interleaved, so a busy moment of the machine hits both alike
        for name, code in paths:
            with tempfile.TemporaryDirectory() as out:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-c", code, "generate", "all", "--out", out],
                    check=True,
                    capture_output=True,
                )
                wall = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                results.setdefault(name, []).append((wall, cpu))
    print(
        "| `trackwright generate all` | wall s (median) | CPU s (median) | wall ratio | CPU ratio |"
    )
    print("| --- | ---: | ---: | ---: | ---: |")
    base = results[paths[0][0]]
    bw, bc = statistics.median(w for w, _ in base), statistics.median(c for _, c in base)
    for name, runs in results.items():
        w, c = statistics.median(x for x, _ in runs), statistics.median(y for _, y in runs)
        print(f"| {name} | {w:.2f} | {c:.2f} | {bw / w:.2f}x | {bc / c:.2f}x |")


if __name__ == "__main__":
    main()
