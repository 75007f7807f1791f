"""How a Dampfross kit's cost grows with its map: CPU time, output size and peak memory of
``trackwright generate dampfross`` for random maps from 30 x 22 to 400 x 400 hexes, in each
output format.

    python benchmarks/kit_scaling.py [--sizes 30x22,100x100,200x200,400x400]
                                     [--formats pdf,svg,pdf+svg] [--paper a4]

Each run is a fresh process (its own user + system CPU and peak resident memory, from
``os.wait4``), writing into a temporary folder that is measured and
removed. Prints one row per run: hexes, format, CPU s, s per 1000 hexes, MB, KB per hex, peak
RSS, and the CPU each further 1000 hexes cost over the previous map. The kit's cost is linear in the map when the per-hex columns stay flat down the table.
Not a test: the figures depend on the machine (and on its load: CPU time, not wall time, is
what is compared).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(width: int, height: int, formats: str, paper: str) -> tuple[float, int, float]:
    """CPU seconds, bytes written and peak RSS (MB) of one kit made in a child process."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "trackwright", "generate", "dampfross", "--seed", "1"]
        command += ["--width", str(width), "--height", str(height), "--format", formats]
        command += ["--paper", paper, "--out", out]
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert child.stderr is not None
        errors = child.stderr.read()
        _pid, status, usage = os.wait4(child.pid, 0)  # this child's own CPU time and peak
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise SystemExit(f"{width}x{height} {formats}: {errors.decode().strip()}")
        return usage.ru_utime + usage.ru_stime, folder_size(Path(out)), usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="30x22,100x100,200x200,400x400")
    parser.add_argument("--formats", default="pdf,svg,pdf+svg")
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    formats = [f.replace("+", ",") for f in args.formats.split(",")]
    print(f"Dampfross kit, random map seed 1, {args.paper} sheets, {os.cpu_count()} CPUs")
    head = (
        f"{'map':>9} {'hexes':>7} {'format':>8} {'CPU s':>7} {'s/1000 hex':>10} "
        f"{'MB':>7} {'KB/hex':>7} {'peak RSS MB':>11} {'marginal s/1000 hex':>19}"
    )
    print(head)
    print("-" * len(head))
    for fmt in formats:
        last = None
        for w, h in sizes:
            hexes = w * h
            cpu, size, rss = run(w, h, fmt, args.paper)
            # What each further 1000 hexes cost since the smaller map: flat when linear (the
            # plain per-hex column also carries the start-up cost, which small maps feel).
            marginal = (
                f"{(cpu - last[1]) / (hexes - last[0]) * 1000:>19.3f}"
                if last and hexes > last[0]
                else f"{'':>19}"
            )
            last = (hexes, cpu)
            print(
                f"{w:>4}x{h:<4} {hexes:>7} {fmt:>8} {cpu:>7.1f} {cpu / hexes * 1000:>10.3f} "
                f"{size / 1e6:>7.1f} {size / hexes / 1e3:>7.2f} {rss:>11.0f} {marginal}",
                flush=True,
            )


if __name__ == "__main__":
    main()
