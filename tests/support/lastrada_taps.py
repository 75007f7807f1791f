"""La Strada end positions played out by the engine, and entering them on the phone app tap by
tap as a table would: shared by ``benchmarks/lastrada_taps.py`` (which counts and times the taps
in Chromium) and the tests (``tests/web/test_lastrada_page.py``, ``tests/play/``).

End positions: whole games played on the standard board by simple players (each turn the roads
that pay the most gold per travel day, with a little chance), every turn checked by
``scorer.lastrada.apply_turn``, until the engine says the game is over. A position is entered
by settlement (one tap per settlement on the button showing who stands on it, then one tap per
player on the days kept) or by player (a tap on the player, a tap per merchant on the board, a
tap on the days kept). Every gesture is counted: a tap, and a page scroll or a board pan whenever
what the finger taps next is not on the screen where a finger reaches it."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from trackwright.core import hexgrid
from trackwright.core import lastrada as model
from trackwright.scorer import lastrada as engine

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


# Whether a finger reaches an element where it is now: its middle on the screen, and what lies
# there the element itself or, for a place on the board, the board's overlay (which hit-tests
# the tap): not under the header, a message, or out of the board's window.
REACH = """sel => { const el = document.querySelector(sel); if (!el) return 'missing';
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) return 'off screen';
  const top = document.elementFromPoint(x, y);
  const svg = el.ownerSVGElement;
  return top && (top === el || el.contains(top) || (svg && svg.contains(top))) ? 'ok'
    : 'covered by ' + (top && (top.id || top.className || top.tagName)); }"""

# Where the page and the board stand: the page's scroll, each board window's pan, the zoom.
VIEW = """() => [window.scrollX, window.scrollY,
  ...[...document.querySelectorAll('.board-wrap')].flatMap(w => [w.scrollLeft, w.scrollTop]),
  window.TW.G.zoom]"""


def tap(page, selector: str, count: Counter | None = None) -> None:
    """A real tap (touch) where the element is on the screen: on the board the page hit-tests it
    (the overlay takes the finger), as on a phone. When a finger cannot reach it where it is,
    it is brought into view first as a player would: a page scroll, a board pan (each counted
    in ``count``, as ``scrolls`` and ``pans``, with the ``taps``)."""
    el = page.locator(selector).first
    # Two frames: what the page put off to the next frame (its own scrolling) done.
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    if page.evaluate(REACH, selector) != "ok":
        before = page.evaluate(VIEW)
        el.scroll_into_view_if_needed()
        if page.evaluate(REACH, selector) != "ok":
            el.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        after = page.evaluate(VIEW)
        reach = page.evaluate(REACH, selector)
        assert reach == "ok", (selector, reach)
        if count is not None:
            count["scrolls"] += before[:2] != after[:2]
            count["pans"] += before[2:-1] != after[2:-1]
    box = el.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate("window.twIdle()")
    if count is not None:
        count["taps"] += 1


def by_settlement(page, pos: dict[str, Any], count: Counter | None = None) -> int:
    """The walk: one tap a settlement, then one a player for the days; the taps made (and in
    ``count``, the taps, scrolls and pans)."""
    players, taps = pos["players"], 0
    while True:
        where = page.eval_on_selector(
            "#ls-where", "e => [e.dataset.settlement, +e.dataset.n, +e.dataset.count]"
        )
        sid, n, total = where
        who = pos["settlements"].get(sid, [])
        key = ",".join(p for p in players if p in who)
        tap(page, f'#ls-walk button[data-merchants="{key}"]', count)
        taps += 1
        if n >= total:
            break
    return taps + days(page, pos, count)


def days(page, pos: dict[str, Any], count: Counter | None = None) -> int:
    taps = 0
    for i, p in enumerate(pos["players"]):
        if page.evaluate("window.TW.G.player") != i:
            tap(page, f'#players button[data-player="{p}"]', count)
            taps += 1
        tap(page, f'#ls-days button[data-days="{pos["reserve"].get(p, 0)}"]', count)
        taps += 1
    return taps


def by_player(page, pos: dict[str, Any], count: Counter | None = None) -> int:
    """A player chosen, their settlements tapped on the board, their days; the taps made (and in
    ``count``, the taps, scrolls and pans)."""
    taps = 0
    for i, p in enumerate(pos["players"]):
        if page.evaluate("window.TW.G.mode") != "player":
            tap(page, "#ls-mode-player", count)  # Player by player, once
            taps += 1
        if page.evaluate("window.TW.G.player") != i:
            tap(page, f'#players button[data-player="{p}"]', count)
            taps += 1
        for sid, who in sorted(pos["settlements"].items()):
            if p in who:
                taps += tap_until(page, sid, p, count)
        tap(page, f'#ls-days button[data-days="{pos["reserve"].get(p, 0)}"]', count)
        taps += 1
    return taps


def tap_until(page, sid: str, player: str, count: Counter | None = None) -> int:
    """A settlement tapped on the board until the player's merchant stands on it (a first tap
    where settlements lie closer than a fingertip zooms in there instead): the taps made."""
    for taps in range(1, 4):
        tap(page, f'circle.settlement[data-settlement="{sid}"]', count)
        held = page.evaluate(f"(window.TW.G.record.settlements || {{}})[{sid!r}] || []")
        if player in held:
            return taps
    raise AssertionError(f"{player}'s merchant not placed on {sid} after 3 taps")


def exported(page, folder: Path, name: str) -> Path:
    with page.expect_download() as info:
        page.click("#export")
    target = folder / name
    info.value.save_as(target)
    return target


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
