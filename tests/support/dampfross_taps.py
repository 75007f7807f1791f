"""Entering a whole Dampfross game on the phone app, counting every tap, in headless Chromium
(360 x 740).

    python benchmarks/dampfross_taps.py [--record tests/records/dampfross/example-england.json]
                                        [--greedy]

The recorded game (three players on the England map: 60 builds, 2 passes, 6 races) is entered
through the page's own controls as a table would: a build is the die's face, a tap on the town
the line goes toward (none when the player goes on toward the town they aimed at last time: the
page keeps each player's aim and the engine draws the cheapest line there, as far as the roll
pays), and confirm; a line the engine would not draw is tapped hex by hex. Who builds next is
preselected by the page (the engine's turn order; between races the player with the most
winnings). A race is the number rolled for its destination (and its first town, for the first
race), the engine's proposed route of every entrant (kept when it is the recorded one, else the
route tapped hex by hex), the players tapped in finishing order (the last one left is placed by
itself), and recording it.

Which town a player taps is planned with the engine itself, as a player with a plan would: among
the towns whose cheapest line is the recorded one, the one the player goes on building toward
the longest (``--greedy``: the one nearest the line's end, no planning ahead). Every tap (a die's face, a hex or a town on the board, a button, a player) counts
one; the time per tap runs from the tap to the page redrawn with the engine's answers.

Printed: taps for the whole game, per build (construction and from winnings), per pass and per
race, the time per tap, and whether the page's export scores exactly as ``trackwright score
dampfross RECORD --json`` scores the record (the benchmark fails if not)."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex
from trackwright.scorer import dampfross as df

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported
from benchmarks.served import ARGS, served_app

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def _hexes(line: Any) -> list[list[int]]:
    return [list(h) for h in line]


class Planner:
    """The taps a table makes for each event, found with the engine's own answers: the page asks
    the same functions (``tap_line``, ``race_route``) through its questions."""

    def __init__(self, record: df.GameRecord, plan_ahead: bool = True) -> None:
        self.record = record
        self.plan_ahead = plan_ahead
        self.aims: dict[str, Hex] = {}

    def town_hits(self, state: df.State, player: str, event: df.Build) -> set[Hex]:
        """Towns whose line, drawn from an empty draft, is this build's line."""
        m = self.record.map
        hits = set()
        for town in m.towns:
            if town.hex in state.network[player]:
                continue
            try:
                edit = df.tap_line(
                    self.record, state, player, [], town.hex, event.paid_from, event.roll
                )
            except TrackwrightError:  # a town no line reaches is no hit
                continue
            if edit.parts == event.paths:
                hits.add(town.hex)
        return hits

    def plan(self) -> list[dict[str, Any]]:
        record = self.record
        state = df.initial_state(record)
        events = list(record.events)
        # First pass: for each build, the towns whose cheapest line it is (for the lookahead).
        hits: dict[int, set[Hex]] = {}
        s = state
        for n, e in enumerate(events, 1):
            if isinstance(e, df.Build) and len(e.paths) == 1:
                hits[n] = self.town_hits(s, e.player, e)
            s, _ = df.apply_event(record, s, e, n)
        plans = []
        for n, e in enumerate(events, 1):
            if isinstance(e, df.Build):
                actions = self.build(state, n, e, hits, events)
                plans.append(
                    {
                        "type": "build",
                        "player": e.player,
                        "phase": state.phase,
                        "actions": actions,
                        "event": event_json(e),
                    }
                )
            elif isinstance(e, df.Pass):
                plans.append(
                    {
                        "type": "pass",
                        "player": e.player,
                        "actions": [{"tap": "#pass-turn"}],
                        "event": event_json(e),
                    }
                )
            else:
                plans.append(
                    {
                        "type": "race",
                        "actions": self.race(state, e),
                        "event": event_json(e),
                    }
                )
            state, _ = df.apply_event(record, state, e, n)
        return plans

    def build(
        self,
        state: df.State,
        n: int,
        e: df.Build,
        hits: dict[int, set[Hex]],
        events: list[df.Event],
    ) -> list[dict[str, Any]]:
        record, p = self.record, e.player
        actions: list[dict[str, Any]] = []
        parts: tuple[df.Line, ...] = ()
        drawn = False
        if e.paid_from == "roll":
            actions.append({"tap": f'button[data-face="{e.roll}"]'})
            aim = self.aims.get(p)
            if aim is not None:
                edit = df.tap_line(record, state, p, [], aim, "roll", e.roll)
                if edit.reached:
                    del self.aims[p]
                else:
                    parts, drawn = edit.parts, True
        if parts == e.paths:
            return [*actions, {"confirm": _paths(e.paths)}]

        def tap(h: Hex) -> None:
            nonlocal parts, drawn
            edit = df.tap_line(record, state, p, list(parts), h, e.paid_from, e.roll)
            parts, drawn = edit.parts, edit.drawn
            if edit.town:
                self.aims[p] = h
            if edit.reached and self.aims.get(p) == h:
                del self.aims[p]
            actions.append({"hex": list(h)})

        # A town whose line is this one: the one the player goes on toward the longest (or,
        # without planning ahead, the one nearest the line's end).
        later = [k for k, f in enumerate(events, 1) if k > n and getattr(f, "player", None) == p]

        def run(h: Hex) -> int:
            k = 0
            for f in later:
                if h not in hits.get(f, set()):
                    break
                k += 1
            return k

        def nearest(h: Hex) -> int:
            return hexgrid.distance(h, e.paths[-1][-1])

        choice = (lambda h: (-run(h), h)) if self.plan_ahead else (lambda h: (nearest(h), h))
        for h in sorted(hits.get(n, set()), key=choice):
            edit = df.tap_line(record, state, p, list(parts), h, e.paid_from, e.roll)
            if edit.parts == e.paths:
                tap(h)
                return [*actions, {"confirm": _paths(e.paths)}]
        # The line's end, or hex by hex.
        if len(e.paths) == 1:
            end = e.paths[0][-1]
            edit = df.tap_line(record, state, p, list(parts), end, e.paid_from, e.roll)
            if edit.parts == e.paths:
                tap(end)
                return [*actions, {"confirm": _paths(e.paths)}]
        if parts:
            actions.append({"tap": "#clear-line"})
            parts, drawn = (), False
        for path in e.paths:
            for h in path:
                tap(h)
        assert parts == e.paths, (n, parts, e.paths)
        return [*actions, {"confirm": _paths(e.paths)}]

    def race(self, state: df.State, e: df.Race) -> list[dict[str, Any]]:
        record = self.record
        actions: list[dict[str, Any]] = []
        if df.race_start(record, state) is None:
            actions.append({"tap": f'button[data-number="{e.start}"]'})
        actions.append({"tap": f'button[data-number="{e.to}"]'})
        proposed = {p: df.race_route(record, state, p, e.start, e.to) for p in record.players}
        for p in record.players:
            if proposed[p] is not None and p not in e.routes:
                actions.append({"tap": f'button[data-out="{p}"]'})
        for p, route in e.routes.items():
            r = proposed[p]
            if r is None or r.route != route:
                actions.append({"player": p})
                actions += [{"hex": list(h)} for h in route]
        entrants = [p for p in record.players if p in e.routes]
        placing = list(e.placing)
        taps = placing[:-1] if len(placing) == len(entrants) and len(entrants) > 1 else placing
        actions += [{"tap": f'button[data-place="{p}"]'} for p in taps]
        actions.append({"tap": "#confirm-race"})
        return actions


def _paths(paths: tuple[df.Line, ...]) -> list[list[list[int]]]:
    return [_hexes(p) for p in paths]


def event_json(e: df.Event) -> dict[str, Any]:
    if isinstance(e, df.Build):
        out: dict[str, Any] = {"type": "build", "player": e.player, "paths": _paths(e.paths)}
        if e.roll is not None:
            out["roll"] = e.roll
        else:
            out["paid_from"] = e.paid_from
        return out
    if isinstance(e, df.Pass):
        return {"type": "pass", "player": e.player}
    return {
        "type": "race",
        "from": e.start,
        "to": e.to,
        "routes": {p: _hexes(r) for p, r in e.routes.items()},
        "placing": list(e.placing),
    }


# Runs in the page: each action through the page's own controls, awaiting the page's queue
# (the change stored, the engine's answers shown) after each, timed and counted.
DRIVER = """
async ([plans]) => {
  const G = window.TW.G;
  const idle = () => window.twIdle();
  const click = async sel => {
    const el = document.querySelector(sel);
    if (!el) throw new Error('nothing at ' + sel + ' (event ' + (G.record.events.length + 1) + ')');
    if (el.disabled) throw new Error('disabled: ' + sel + ' (event ' + (G.record.events.length + 1) + ')');
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await idle();
  };
  const out = [];
  for (const plan of plans) {
    const row = { type: plan.type, phase: plan.phase, taps: 0, times: [], kinds: {} };
    const tap = async (kind, sel) => {
      const t0 = performance.now();
      await click(sel);
      row.times.push(performance.now() - t0);
      row.taps += 1;
      row.kinds[kind] = (row.kinds[kind] || 0) + 1;
    };
    const want = plan.type === 'race' ? 'race' : 'build';
    if (!document.getElementById(want)) await tap('mode', '#mode-' + want);
    if (plan.player && G.record.players[G.player] !== plan.player) await tap('player', `#players button[data-player="${plan.player}"]`);
    for (const a of plan.actions) {
      if (a.tap) await tap(a.tap.startsWith('button[data-face') ? 'face' : a.tap.includes('data-number') ? 'number' : a.tap.includes('data-place') ? 'place' : a.tap.includes('data-out') ? 'out' : 'button', a.tap);
      else if (a.hex) await tap('hex', `polygon[data-hex="${a.hex[0]},${a.hex[1]}"]`);
      else if (a.player) await tap('player', `#players button[data-player="${a.player}"]`);
      else if (a.confirm) {
        const parts = (G.record['x-draft'].parts || []).filter(p => p.length > 1);
        if (JSON.stringify(parts) !== JSON.stringify(a.confirm))
          throw new Error(`event ${G.record.events.length + 1}: the page drew ${JSON.stringify(parts)}, the record has ${JSON.stringify(a.confirm)}`);
        await tap('confirm', '#confirm-build');
      }
    }
    const n = G.record.events.length;
    const last = G.record.events[n - 1];
    if (!last || last.type !== plan.type) throw new Error('event ' + (n + 1) + ' not recorded: ' + JSON.stringify(plan.event));
    out.push(row);
  }
  return out;
}
"""


def cli_score(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "trackwright", "score", "dampfross", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--record", type=Path, default=RECORD)
    ap.add_argument(
        "--greedy",
        action="store_true",
        help="players tap the town nearest the end of the line they want, not planning ahead",
    )
    args = ap.parse_args()
    # Imported here: the planner above runs without a browser (tests use it).
    from playwright.sync_api import sync_playwright

    data = json.loads(args.record.read_text("utf-8"))
    record = df.load_record(args.record)
    plans = Planner(record, plan_ahead=not args.greedy).plan()
    counts = Counter(p["type"] for p in plans)
    with served_app() as (base, folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context(
            viewport={"width": 360, "height": 740},
            device_scale_factor=2,
            has_touch=True,
            accept_downloads=True,
        )
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base)
        page.wait_for_selector("#create", timeout=120_000)
        page.evaluate("window.trackwright.ready")
        page.select_option("#new-game", "dampfross")
        page.evaluate("window.twIdle()")
        page.select_option("#new-map", f"b:{data['map']}")
        page.evaluate("window.twIdle()")
        names = page.locator("input.player")
        for i, name in enumerate(data["players"]):
            names.nth(i).fill(name)
        page.evaluate("window.twIdle()")
        for i, name in enumerate(data["players"]):
            page.locator("select.start").nth(i).select_option(
                json.dumps(data["starts"][name]).replace(" ", "")
            )
        page.click("#create")
        page.wait_for_url("**#/game/**")
        page.wait_for_selector("#build button, #build p")
        page.evaluate("window.twIdle()")
        page.wait_for_selector("#faces")
        started = time.perf_counter()
        rows = page.evaluate(DRIVER, [plans])
        elapsed = time.perf_counter() - started
        shown = page.evaluate("window.TW.G.score")
        with page.expect_download() as info:
            page.click("#export")
        exported = folder.parent / "exported.json"
        info.value.save_as(exported)
        browser.close()
        from_page = cli_score(exported)
    expected = cli_score(args.record)
    same = from_page == expected == shown

    def total(kind: str, phase: str | None = None) -> tuple[int, int]:
        picked = [r for r in rows if r["type"] == kind and (phase is None or r["phase"] == phase)]
        return sum(r["taps"] for r in picked), len(picked)

    taps = sum(r["taps"] for r in rows)
    times = [t for r in rows for t in r["times"]]
    kinds: Counter = Counter()
    for r in rows:
        kinds.update(r["kinds"])
    print(
        f"Dampfross: {args.record.name} ({record.map.name}, {len(record.players)} players: "
        f"{counts['build']} builds, {counts['pass']} passes, {counts['race']} races) entered "
        "through the page in Chromium 360x740; towns tapped "
        + ("nearest the line's end" if args.greedy else "as planned ahead")
    )
    print()
    print("| what | events | taps | taps per event |")
    print("| --- | ---: | ---: | ---: |")
    for label, kind, phase in (
        ("builds with a roll", "build", "construction"),
        ("builds from winnings", "build", "races"),
        ("all builds", "build", None),
        ("passes", "pass", None),
        ("races", "race", None),
    ):
        t, k = total(kind, phase)
        if k:
            print(f"| {label} | {k} | {t} | {t / k:.2f} |")
    print(f"| **whole game** | {len(rows)} | **{taps}** | {taps / len(rows):.2f} |")
    print()
    print("taps by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(
        f"time per tap (tap to the page redrawn with the engine's answers): median "
        f"{statistics.median(times):.0f} ms, 90th percentile "
        f"{statistics.quantiles(times, n=10)[-1]:.0f} ms, longest {max(times):.0f} ms; "
        f"whole game {elapsed:.1f} s"
    )
    print(f"target: at most 200 taps for the whole game: {'met' if taps <= 200 else 'NOT met'}")
    print(
        "the export scores as `trackwright score dampfross RECORD --json` scores the record: "
        + ("yes" if same else "NO")
    )
    if errors:
        print("page errors:", errors)
    if not same or errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
