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

Every tap is counted (choosing a player, a settlement, a button, a day); scrolling is not.
Printed per game: merchants on the board, taps each way (target: fewer than 40 with four
players), the time per tap (tap to the change stored, the engine's answer shown and the next
frame begun; median and slowest) and whether the export scores as ``trackwright score lastrada
RECORD --json`` does and as the position itself."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid
from trackwright.core import lastrada as model
from trackwright.scorer import lastrada as engine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported
from benchmarks.served import ARGS, served_app

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


# ------------------------------------------------------------------ end positions


def _starts(m: model.LaStradaMap, players: list[str], need: int, rng: random.Random) -> dict:
    free = [
        h for h, t in sorted(m.terrain.items()) if t == "plain" and h not in m.settlement_by_hex
    ]
    rng.shuffle(free)
    placed: dict[str, list] = {p: [] for p in players}
    for _ in range(need):
        for p in players:
            h = next(
                h
                for h in free
                if all(hexgrid.distance(h, o) >= 2 for hs in placed.values() for o in hs)
            )
            free.remove(h)
            placed[p].append(h)
    return placed


def play(seed: int, players: int = 4) -> dict[str, Any]:
    """A whole game on the standard board, turn by turn, to its end; the record with its turns
    (``turns``) and its end position (``settlements``, ``reserve``)."""
    rng = random.Random(seed)
    m = model.load("standard")
    names = NAMES[:players]
    variant = engine.variants_for(players)[0]
    starts = _starts(m, names, 2 if variant == "two-player" else 1, rng)
    data: dict[str, Any] = {
        "game": "lastrada",
        "map": "standard",
        "players": names,
        "variant": variant,
        "starts": {p: [list(h) for h in hs] for p, hs in starts.items()},
        "turns": [],
    }
    record = engine.record_from_json(data, "simulated")
    state = engine.initial_state(record)
    number = 0
    while not state.ended and number < 400:
        number += 1
        p = engine.next_player(record, state)
        assert p is not None
        days = state.reserve[p] + engine.RULES.days_per_turn
        turn: dict[str, Any] = {"player": p, "roads": []}
        partial = state
        while True:
            roads = engine.reachable(record, partial, p, days)
            if not roads:
                break

            def worth(r: engine.Road, here: engine.State = partial) -> float:
                n = len(here.merchants[r.settlement]) + 1
                gold = engine.gold_for(r.kind, n, variant)
                return gold / max(r.days, 1) + rng.random() * 0.3

            best = max(roads, key=worth)
            turn["roads"].append([list(h) for h in best.path])
            partial = engine.apply_turn(record, state, turn, number)
            days -= best.days
        state = engine.apply_turn(record, state, turn, number)
        data["turns"].append(turn)
    data["settlements"] = {sid: ps for sid, ps in state.merchants.items() if ps}
    data["reserve"] = dict(state.reserve)
    return data


def position(game: dict[str, Any]) -> dict[str, Any]:
    """The end position alone, as a table enters it by hand (no turns)."""
    keep = ("game", "map", "players", "variant", "settlements", "reserve")
    return {k: game[k] for k in keep}


# ------------------------------------------------------------------ the page

TIMER = """() => {
  const fresh = !window.tapTimes;
  window.tapTimes = [];
  if (!fresh) return;
  document.addEventListener('click', () => {
    const t0 = performance.now();
    setTimeout(async () => { await window.twIdle(); requestAnimationFrame(() => window.tapTimes.push(performance.now() - t0)); }, 0);
  }, true);
}"""


def new_game(page, base: str, players: list[str]) -> None:
    page.goto(base + "#/")
    page.wait_for_selector("#create")
    page.select_option("#new-game", "lastrada")
    page.evaluate("window.twIdle()")
    names = page.locator("input.player")
    while names.count() < len(players):
        page.click("#new-players + .row button")
    for i in range(names.count()):
        names.nth(i).fill(players[i] if i < len(players) else "")
        names.nth(i).dispatch_event("input")
    page.wait_for_function(
        "v => document.getElementById('new-variant').value === v",
        arg=engine.variants_for(len(players))[0],
    )
    page.click("#create")
    page.wait_for_url("**#/game/**")
    page.wait_for_selector("#ls-walk button[data-merchants]")
    page.evaluate("window.twIdle()")
    page.evaluate(TIMER)


def tap(page, selector: str) -> None:
    page.tap(selector)
    page.evaluate("window.twIdle()")


def by_settlement(page, pos: dict[str, Any]) -> int:
    """The walk: one tap a settlement, then one a player for the days; the taps made."""
    players, taps = pos["players"], 0
    while True:
        where = page.eval_on_selector(
            "#ls-where", "e => [e.dataset.settlement, +e.dataset.n, +e.dataset.count]"
        )
        sid, n, count = where
        who = pos["settlements"].get(sid, [])
        key = ",".join(p for p in players if p in who)
        tap(page, f'#ls-walk button[data-merchants="{key}"]')
        taps += 1
        if n >= count:
            break
    return taps + days(page, pos)


def days(page, pos: dict[str, Any]) -> int:
    taps = 0
    for i, p in enumerate(pos["players"]):
        if page.evaluate("window.TW.G.player") != i:
            tap(page, f'#players button[data-player="{p}"]')
            taps += 1
        tap(page, f'#ls-days button[data-days="{pos["reserve"].get(p, 0)}"]')
        taps += 1
    return taps


def by_player(page, pos: dict[str, Any]) -> int:
    """A player chosen, their settlements tapped on the board, their days; the taps made."""
    taps = 0
    for i, p in enumerate(pos["players"]):
        if (
            page.evaluate("window.TW.G.mode") != "player"
            or page.evaluate("window.TW.G.player") != i
        ):
            tap(page, f'#players button[data-player="{p}"]')
            taps += 1
        for sid, who in sorted(pos["settlements"].items()):
            if p in who:
                tap(page, f'circle.settlement[data-settlement="{sid}"]')
                taps += 1
        tap(page, f'#ls-days button[data-days="{pos["reserve"].get(p, 0)}"]')
        taps += 1
    return taps


def exported(page, folder: Path, name: str) -> Path:
    with page.expect_download() as info:
        page.click("#export")
    target = folder / name
    info.value.save_as(target)
    return target


def cli_score(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "trackwright", "score", "lastrada", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def same_position(record: dict[str, Any], pos: dict[str, Any]) -> bool:
    norm = lambda s: {k: sorted(v) for k, v in (s or {}).items() if v}  # noqa: E731
    reserve = {p: (record.get("reserve") or {}).get(p, 0) for p in pos["players"]}
    return norm(record.get("settlements")) == norm(pos["settlements"]) and reserve == pos["reserve"]


def same_score(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two scores alike but for the order in which merchants are listed on a settlement."""

    def norm(r: dict[str, Any]) -> dict[str, Any]:
        return {
            **r,
            "settlements": [{**st, "players": sorted(st["players"])} for st in r["settlements"]],
        }

    return norm(a) == norm(b)


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
                row[method] = enter(page, pos)
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
    print(
        "| game | merchants | taps by settlement | taps by player | ms per tap (median) "
        "| ms per tap (slowest) | export scores as the CLI |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | :---: |")
    every: list[float] = []
    for i, r in enumerate(rows, 1):
        times = r["walk_ms"] + r["player_ms"]
        every += times
        ok = "yes" if r["walk_ok"] and r["player_ok"] else "NO"
        print(
            f"| {i} | {r['merchants']} | {r['walk']} | {r['player']} | "
            f"{statistics.median(times):.0f} | {max(times):.0f} | {ok} |"
        )
    print()
    walk = [r["walk"] for r in rows]
    player = [r["player"] for r in rows]
    print(
        f"taps per game by settlement: mean {statistics.mean(walk):.1f}, most {max(walk)} "
        f"(target: fewer than 40)"
    )
    print(f"taps per game by player: mean {statistics.mean(player):.1f}, most {max(player)}")
    print(
        f"time per tap: median {statistics.median(every):.0f} ms, 90th percentile "
        f"{statistics.quantiles(every, n=10)[-1]:.0f} ms, {len(every)} taps"
    )


if __name__ == "__main__":
    main()
