"""Entering the end of a four-player La Strada game on the phone app, tap by tap, as a table
would: the merchants on the settlements and the travel days each player kept, replayed in
headless Chromium (360 x 740, touch) as real taps on the page's own buttons.

    python benchmarks/lastrada_taps.py [--games 8] [--players 4] [--seed 0]

End positions are made with the engine: whole games played on the standard board by simple
players (each turn the roads that pay the most gold per travel day, with a little chance), every
turn checked by ``scorer.lastrada.apply_turn``, until the engine says the game is over. Each
position is entered twice, in a new game each time:

- by settlement (the page's default): one tap per settlement on the button showing who stands
  on it (nobody included), then one tap per player on the days kept;
- by player: a tap on the first player, a tap per merchant on the board, one tap per player on
  the days kept (which moves on to the next player).

Every gesture is counted as a player makes it: each tap (choosing a player, a settlement, a
button, a day), and a page scroll or a board pan whenever what the finger taps next is not on the
screen where a finger reaches it (under the header or a message, off the screen, out of the
board's window). Printed per game: merchants on the board, gestures each way (taps, scrolls and
pans; target: fewer than 40 with four players), the time per tap (tap to the change stored, the engine's answer shown and the next
frame begun; median and slowest) and whether the export scores as ``trackwright score lastrada
RECORD --json`` does and as the position itself."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from trackwright.scorer import lastrada as engine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests.support
from benchmarks.served import ARGS, served_app
from tests.support.lastrada_taps import (
    by_player,
    by_settlement,
    exported,
    new_game,
    play,
    position,
    same_position,
    same_score,
)


def cli_score(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "trackwright", "score", "lastrada", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    games = [play(args.seed + k, args.players) for k in range(args.games)]
    rows = []
    with served_app() as (base, folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context(
            viewport={"width": 360, "height": 740},
            has_touch=True,
            accept_downloads=True,
        )
        page = ctx.new_page()
        page.goto(base)
        page.evaluate("window.trackwright.ready")
        for k, game in enumerate(games):
            pos = position(game)
            truth = engine.score(engine.record_from_json(pos)).to_json()
            row: dict[str, Any] = {"merchants": sum(len(v) for v in pos["settlements"].values())}
            for method, enter in (("walk", by_settlement), ("player", by_player)):
                new_game(page, base, pos["players"])
                count: Counter = Counter()
                row[method] = enter(page, pos, count)
                row[method + "_count"] = count
                page.wait_for_function("n => window.tapTimes.length >= n", arg=row[method])
                times = page.evaluate("window.tapTimes")
                row[method + "_ms"] = times
                path = exported(page, folder.parent, f"ls-{k}-{method}.json")
                record = json.loads(path.read_text())
                shown = page.evaluate("window.TW.G.score")
                row[method + "_ok"] = (
                    same_position(record, pos)
                    and cli_score(path) == shown
                    and same_score(shown, truth)
                )
            rows.append(row)
        browser.close()
    print(
        f"La Strada: the end of a {args.players}-player game entered on the phone app "
        "(Chromium 360x740, real taps), positions played out by the engine on the standard board"
    )
    print()
    print_rows(rows)


def gestures(c: Counter) -> int:
    return c["taps"] + c["scrolls"] + c["pans"]


def said(c: Counter) -> str:
    """A game's gestures: all of them, and the scrolls and pans among them."""
    return f"{gestures(c)} ({c['taps']} taps, {c['scrolls']} scrolls, {c['pans']} pans)"


def print_rows(rows: list[dict[str, Any]]) -> None:
    print(
        "| game | merchants | gestures by settlement | gestures by player | ms per tap (median) "
        "| ms per tap (slowest) | export scores as the CLI |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | :---: |")
    every: list[float] = []
    for i, r in enumerate(rows, 1):
        times = r["walk_ms"] + r["player_ms"]
        every += times
        ok = "yes" if r["walk_ok"] and r["player_ok"] else "NO"
        print(
            f"| {i} | {r['merchants']} | {said(r['walk_count'])} | {said(r['player_count'])} | "
            f"{statistics.median(times):.0f} | {max(times):.0f} | {ok} |"
        )
    print()
    for label, method, target in (
        ("by settlement", "walk", " (target: fewer than 40)"),
        ("by player", "player", ""),
    ):
        counts = [r[method + "_count"] for r in rows]
        each = [gestures(c) for c in counts]
        print(
            f"gestures per game {label}: mean {statistics.mean(each):.1f}, most {max(each)}"
            f"{target}; scrolls {sum(c['scrolls'] for c in counts)}, pans "
            f"{sum(c['pans'] for c in counts)} in {len(rows)} games"
        )
    print(
        f"time per tap: median {statistics.median(every):.0f} ms, 90th percentile "
        f"{statistics.quantiles(every, n=10)[-1]:.0f} ms, {len(every)} taps"
    )


if __name__ == "__main__":
    main()
