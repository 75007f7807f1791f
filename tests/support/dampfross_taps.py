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
        # Filled by plan(): each build's towns whose line it is, and the state before each event
        # (what a player entering the game live decides from).
        self.hits: dict[int, set[Hex]] = {}
        self.states: list[df.State] = []

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
        hits: dict[int, set[Hex]] = self.hits
        s = state
        for n, e in enumerate(events, 1):
            self.states.append(s)
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
                        "n": n,
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


# ------------------------------------------------------------------ builds by real touch input

# Where the board is on the screen, panned and zoomed: a gesture of the player's changes it (the
# page's own showing of the next build may; the browser keeps it in place when the card above it
# grows, scrolling the page by as much).
VIEW = """() => { const w = document.getElementById('board');
  return [Math.round(w.getBoundingClientRect().top), w.scrollLeft, w.scrollTop, window.TW.G.zoom]; }"""

# The centre of an element on the screen, checked to be in view and not under the header, the
# bar or anything else (the point a finger touches is the element's own).
BUTTON = """sel => { const el = document.querySelector(sel); if (!el) return 'missing';
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) return 'off screen';
  const top = document.elementFromPoint(x, y);
  return top && (top === el || el.contains(top)) ? [x, y] : 'covered by ' + (top && (top.id || top.className || top.tagName)); }"""

# A town's place on the screen (CSS px), checked to be on the visible part of the board and
# clear of the zoom buttons by a fingertip (a phone's touch adjustment gives a tap that close to a
# button to the button); 'crowded' when another town lies nearer than a fingertip (44 CSS px): a
# target smaller than a finger, which a tap may miss.
TOWN = """name => { const towns = window.TW.G.board.map.towns, tw = towns.find(t => t.name === name);
  const over = document.querySelector('svg.board-overlay'), m = over.getScreenCTM();
  const at = hex => { const [cx, cy] = window.TW.hexCentre(hex); return [cx * m.a + m.e, cy * m.d + m.f]; };
  const [x, y] = at(tw.hex);
  const top = document.elementFromPoint(x, y);
  const near = [...document.querySelectorAll('.zoom-controls button, .board-tools button')].some(b => {
    const r = b.getBoundingClientRect();
    return x > r.left - 22 && x < r.right + 22 && y > r.top - 22 && y < r.bottom + 22; });
  if (!(top && top.closest && top.closest('svg.board-overlay') && !near)) return 'not in view: ' + name;
  const other = towns.find(t => t !== tw && Math.hypot(at(t.hex)[0] - x, at(t.hex)[1] - y) < 44);
  return other ? 'crowded: ' + name + ' by ' + other.name : [x, y]; }"""

# The same, crowded or not.
TOWN_AT = TOWN.replace("< 44)", "< 0)")

# The line drawn so far (the page's draft): its parts of more than one hex.
PARTS = "() => (window.TW.G.record['x-draft']?.parts || []).filter(p => p.length > 1)"

# A pan by the player: the board moved so that a town lies in the middle of its window.
PAN_TO = """name => { const tw = window.TW.G.board.map.towns.find(t => t.name === name);
  const [cx, cy] = window.TW.hexCentre(tw.hex), w = document.getElementById('board');
  const m = document.querySelector('svg.board-overlay').getScreenCTM(), box = w.getBoundingClientRect();
  w.scrollLeft += cx * m.a + m.e - (box.left + w.clientWidth / 2);
  w.scrollTop += cy * m.d + m.f - (box.top + w.clientHeight / 2); }"""


def touch_tap(pg: Any, x: float, y: float) -> None:
    """A finger put down and lifted at (x, y): real touch input, as a phone sends it; then the
    page's queue of changes awaited."""
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    pg.wait_for_timeout(50)
    pg.evaluate("window.twIdle()")
    # Two frames: the page's redraw laid out, and the browser's keeping the board in place done.
    pg.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _tap_button(pg: Any, selector: str) -> None:
    at = pg.evaluate(BUTTON, selector)
    if not isinstance(at, list):
        raise AssertionError(f"{selector}: {at}")
    touch_tap(pg, *at)


def _tap_town(pg: Any, name: str, done: dict[str, int]) -> None:
    """A tap on a town on the board: a pan first when it is not in view (counted), ``crowded``
    counted when another town lies within a fingertip of it."""
    at = pg.evaluate(TOWN, name)
    if isinstance(at, str) and at.startswith("not in view"):
        pg.evaluate(PAN_TO, name)
        done["pans"] += 1
        done["gestures"] += 1
        at = pg.evaluate(TOWN, name)
    if isinstance(at, str) and at.startswith("crowded"):
        done["crowded"] += 1
        at = pg.evaluate(TOWN_AT, name)
    if not isinstance(at, list):
        raise AssertionError(at)
    before = pg.evaluate(VIEW)
    touch_tap(pg, *at)
    after = pg.evaluate(VIEW)
    done["moved"] += after != before  # the tap zoomed or moved the board


def _tap_hex(pg: Any, h: list[int], done: dict[str, int]) -> None:
    """A hex that is no town, tapped with the page's own handler: counted as a tap, and as one
    zoom in for the build's first."""
    q, r = h
    pg.evaluate(
        "sel => document.querySelector(sel).dispatchEvent(new MouseEvent('click', {bubbles: true}))",
        f'polygon[data-hex="{q},{r}"]',
    )
    pg.evaluate("window.twIdle()")
    if not done["zooms"]:  # zoomed in once for the build's single hexes
        done["zooms"] += 1
        done["gestures"] += 1


def _new_done() -> dict[str, int]:
    return {
        "gestures": 0,
        "pans": 0,
        "zooms": 0,
        "moved": 0,
        "crowded": 0,
        "buttons": 0,
        "fitted": 0,
        "zoom": 0,
        "other": 0,
    }


def touch_build(
    pg: Any, plan: dict[str, Any], towns: dict[Hex, str], planner: Planner | None = None
) -> dict[str, int]:
    """One build entered by real taps: its gestures (taps, and a pan whenever the town to tap is
    not in view), how many taps on a town zoomed or moved the board (``moved``), how many were
    on a town with another within a fingertip (``crowded``), how many towns were tapped as the
    bar's buttons (``buttons``). A build's taps on hexes that are no towns are made with the
    page's own handler, counted as taps and one zoom in.

    With the ``planner``, the build is entered live, as a player at the table does: the die's
    face (a build paid with winnings or the account has none); Confirm when the page has drawn
    the line (toward the player's aim); else a town whose line it is, the planner's choice first, tapped where the finger
    finds it without a pan (on the board, or as a town out of view in the bar), and a pan only
    when none is; hexes one by one when no town draws it."""
    if planner is not None:
        return _live_build(pg, plan, towns, planner)
    done = _new_done()
    for action in plan["actions"]:
        if "tap" in action or "confirm" in action:
            _tap_button(pg, action.get("tap", "#confirm-build"))
        elif tuple(action["hex"]) in towns:
            _tap_town(pg, towns[tuple(action["hex"])], done)
        else:
            _tap_hex(pg, action["hex"], done)
        done["gestures"] += 1
    return done


def _drawn(pg: Any) -> tuple[df.Line, ...]:
    return tuple(tuple(tuple(h) for h in p) for p in pg.evaluate(PARTS))


def _towns_drawing(
    planner: Planner, n: int, parts: tuple[df.Line, ...], towns: dict[Hex, str]
) -> list[Hex]:
    """The towns a tap on which, with the line drawn so far, draws build ``n``'s line: the
    planner's choice first."""
    record = planner.record
    e = record.events[n - 1]
    assert isinstance(e, df.Build)
    state = planner.states[n - 1]
    found = []
    for h in planner.towns_to_tap(n, e, planner.hits, list(record.events)):
        if h not in towns or h in found:
            continue
        try:
            edit = df.tap_line(record, state, e.player, list(parts), h, e.paid_from, e.roll)
        except TrackwrightError:
            continue
        if edit.parts == e.paths:
            found.append(h)
    return found


def _reach_town(pg: Any, names: list[str], done: dict[str, int]) -> None:
    """The first of the towns a finger reaches without a pan, on the board (a clear target) or
    as the bar's button; else the first, after a pan. ``other`` counts a town tapped that was not
    the planner's first choice."""
    for k, name in enumerate(names):
        done["other"] += k > 0
        if isinstance(pg.evaluate(TOWN, name), list):
            _tap_town(pg, name, done)
            return
        selector = f'#destinations button[data-town="{name}"]'
        if isinstance(pg.evaluate(BUTTON, selector), list):
            _tap_button(pg, selector)
            done["buttons"] += 1
            return
        done["other"] -= k > 0
    _tap_town(pg, names[0], done)


def _live_build(
    pg: Any, plan: dict[str, Any], towns: dict[Hex, str], planner: Planner
) -> dict[str, int]:
    done = _new_done()
    n = plan["n"]
    e = planner.record.events[n - 1]
    assert isinstance(e, df.Build)
    before = pg.evaluate(VIEW)
    if e.paid_from == "roll":
        _tap_button(pg, f'#df-bar button[data-face="{e.roll}"]')
        done["gestures"] += 1
    else:  # paid with money: the towns out of view are in the bar at once
        pg.evaluate("window.twIdle()")
        pg.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    after = pg.evaluate(VIEW)
    # The page moved (and zoomed) the board itself for the face's towns: no gesture of the
    # player's, counted apart.
    done["fitted"], done["zoom"] = int(after != before), after[3]
    if _drawn(pg) != e.paths:
        hits = _towns_drawing(planner, n, _drawn(pg), towns)
        if hits:
            _reach_town(pg, [towns[h] for h in hits], done)
            done["gestures"] += 1
        else:  # hex by hex
            if _drawn(pg):
                _tap_button(pg, "#clear-line")
                done["gestures"] += 1
            for path in e.paths:
                for h in path:
                    _tap_hex(pg, list(h), done)
                    done["gestures"] += 1
    got = _drawn(pg)
    assert got == e.paths, (n, got, e.paths)
    _tap_button(pg, "#confirm-build")
    done["gestures"] += 1
    return done
