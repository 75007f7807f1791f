"""The taps a table makes to enter a recorded Dampfross game on the phone app, planned with the
engine itself (``Planner``), and the script that makes them in the page (``DRIVER``): shared by
``benchmarks/dampfross_taps.py`` (which counts and times them in Chromium) and the tests
(``tests/web/test_dampfross_page.py``, ``tests/scorer/test_dampfross_questions.py``).

Which town a player taps is planned as a player with a plan would: among the towns whose cheapest
line is the recorded one, the one the player goes on building toward the longest (without
planning ahead: the one nearest the line's end). A line the engine would not draw is tapped hex by
hex. A race is the number rolled for its destination (and its first town, for the first race),
the engine's proposed route of every entrant (kept when it is the recorded one, else tapped hex
by hex), the players tapped in finishing order (the last one left is placed by itself)."""

from __future__ import annotations

from typing import Any

from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex
from trackwright.scorer import dampfross as df


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
        taps = _BuildTaps(self, state, e)
        if e.paid_from == "roll":
            taps.actions.append({"tap": f'button[data-face="{e.roll}"]'})
            aim = self.aims.get(e.player)
            if aim is not None:
                edit = taps.edit(aim)
                if edit.reached:
                    del self.aims[e.player]
                else:
                    taps.parts = edit.parts
        if taps.parts == e.paths:
            return taps.confirmed()
        for h in self.towns_to_tap(n, e, hits, events):
            if taps.edit(h).parts == e.paths:
                taps.tap(h)
                return taps.confirmed()
        # Hex by hex.
        if taps.parts:
            taps.actions.append({"tap": "#clear-line"})
            taps.parts = ()
        for path in e.paths:
            for h in path:
                taps.tap(h)
        assert taps.parts == e.paths, (n, taps.parts, e.paths)
        return taps.confirmed()

    def towns_to_tap(
        self, n: int, e: df.Build, hits: dict[int, set[Hex]], events: list[df.Event]
    ) -> list[Hex]:
        """The hexes to try one tap on, in order: the towns whose line is this one, the one the
        player goes on toward the longest first (or, without planning ahead, the one nearest the
        line's end), then the line's end."""
        later = [
            k for k, f in enumerate(events, 1) if k > n and getattr(f, "player", None) == e.player
        ]

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
        towns = sorted(hits.get(n, set()), key=choice)
        return towns + ([e.paths[0][-1]] if len(e.paths) == 1 else [])

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


class _BuildTaps:
    """One build's taps so far, with the line the page has drawn from them."""

    def __init__(self, planner: Planner, state: df.State, e: df.Build) -> None:
        self.planner, self.state, self.e = planner, state, e
        self.actions: list[dict[str, Any]] = []
        self.parts: tuple[df.Line, ...] = ()

    def edit(self, h: Hex) -> Any:
        """What a tap on ``h`` would draw (nothing tapped yet)."""
        e = self.e
        record = self.planner.record
        return df.tap_line(record, self.state, e.player, list(self.parts), h, e.paid_from, e.roll)

    def tap(self, h: Hex) -> None:
        edit = self.edit(h)
        self.parts = edit.parts
        aims, p = self.planner.aims, self.e.player
        if edit.town:
            aims[p] = h
        if edit.reached and aims.get(p) == h:
            del aims[p]
        self.actions.append({"hex": list(h)})

    def confirmed(self) -> list[dict[str, Any]]:
        return [*self.actions, {"confirm": _paths(self.e.paths)}]


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
