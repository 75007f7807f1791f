"""Exact TransAmerica scoring against the approximations other programs use.

    python benchmarks/score.py [--rounds 40] [--hands 300]

Part 1 scores simulated 6-player rounds at their end (the real use) and times the exact scorer
per round. Part 2 counts hands on the empty board (where counts are large and approximations
go wrong most). Both compare with networkx's approximate steiner_tree and the greedy
nearest-city method on the same instances.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import networkx as nx

from trackwright.core import transamerica as model
from trackwright.core.transamerica import edge_key
from trackwright.scorer import transamerica as ta

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests.support
from tests.support import simulate

PLAYERS = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"]


def nx_count(m, track, start, hand) -> int:
    g = nx.Graph()
    for e in m.edges:
        g.add_edge(e.a, e.b, weight=0 if e.key in track else e.cost)
    terminals = list(dict.fromkeys([start, *(m.city_by_name[c].node for c in hand)]))
    tree = nx.algorithms.approximation.steiner_tree(g, terminals, weight="weight", method="kou")
    return sum(d["weight"] for _, _, d in tree.edges(data=True))


def compare(label, instances, m, repeat: int = 3) -> None:
    """instances: (track, start, hand) triples. Each method timed ``repeat`` times over all the
    instances, interleaved (exact, networkx, greedy on each instance in turn, so a busy machine
    slows them alike); the median of the runs is printed, with the ratio to the exact count."""
    gaps = {"networkx": Counter(), "greedy": Counter()}
    runs: dict[str, list[float]] = {"exact": [], "networkx": [], "greedy": []}
    for rep in range(repeat):
        times = {"exact": 0.0, "networkx": 0.0, "greedy": 0.0}
        boards: dict[frozenset, ta.RoundBoard] = {}
        for track, start, hand in instances:
            key = frozenset(track)
            t0 = time.process_time()
            board = boards.get(key) or boards.setdefault(key, ta.RoundBoard(m, set(track)))
            exact = board.missing(start, hand).points
            t1 = time.process_time()
            approx = nx_count(m, track, start, hand)
            t2 = time.process_time()
            greedy = board.greedy(start, hand).points
            t3 = time.process_time()
            times["exact"] += t1 - t0
            times["networkx"] += t2 - t1
            times["greedy"] += t3 - t2
            if rep == 0:
                gaps["networkx"][approx - exact] += 1
                gaps["greedy"][greedy - exact] += 1
        for method, t in times.items():
            runs[method].append(t)
    n = len(instances)
    exact_ms = statistics.median(runs["exact"]) / n * 1000
    print(f"\n{label}: {n} player counts, CPU time, median of {repeat} runs")
    print(
        f"{'method':10} {'ms/count':>9} {'vs exact':>9} {'wrong':>7} {'worst':>6}  over-count: how often"
    )
    for method in ("exact", "networkx", "greedy"):
        ms = statistics.median(runs[method]) / n * 1000
        ratio = f"{ms / exact_ms:8.2f}x"
        if method == "exact":
            print(f"{method:10} {ms:9.2f} {ratio:>9} {'-':>7} {'-':>6}")
            continue
        wrong = n - gaps[method][0]
        worst = max(gaps[method])
        dist = ", ".join(f"+{k}: {v}" for k, v in sorted(gaps[method].items()) if k)
        print(f"{method:10} {ms:9.2f} {ratio:>9} {wrong / n:7.0%} {worst:>+6}  {dist or 'never'}")
        assert min(gaps[method]) >= 0, "an approximation below the exact minimum: a bug"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    m = model.load("usa")

    rounds = [simulate.play_round(m, PLAYERS, seed) for seed in range(1, args.rounds + 1)]
    per_round = []
    instances = []
    for rnd in rounds:
        track = {edge_key(*e) for t in rnd["turns"] for e in t["track"]}
        t0 = time.perf_counter()
        board = ta.RoundBoard(m, track)
        for p in PLAYERS:
            board.missing(rnd["starts"][p], rnd["cities"][p])
        per_round.append(time.perf_counter() - t0)
        instances += [(track, rnd["starts"][p], rnd["cities"][p]) for p in PLAYERS]
    print(
        f"exact scoring of a 6-player round on the USA board ({len(per_round)} rounds): "
        f"median {statistics.median(per_round) * 1000:.1f} ms, "
        f"max {max(per_round) * 1000:.1f} ms"
    )
    compare("rounds at their end", instances, m, args.repeat)

    halfway = []
    for rnd in rounds:
        turns = rnd["turns"][: len(rnd["turns"]) // 2]
        track = {edge_key(*e) for t in turns for e in t["track"]}
        halfway += [(track, rnd["starts"][p], rnd["cities"][p]) for p in PLAYERS]
    compare("rounds cut off halfway", halfway, m, args.repeat)

    empty = []
    for seed in range(args.hands):
        hand = simulate.deal(m, ["P"], random.Random(seed))["P"]
        empty.append((set(), m.city_by_name[hand[0]].node, hand))
    compare("hands on the empty board", empty, m, args.repeat)


if __name__ == "__main__":
    main()
