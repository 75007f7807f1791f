"""The phone app in a real browser: Debian's headless Chromium, driven by Playwright (no browser
download), at phone size (360 x 740).

- Served as a plain static folder (``trackwright site``): loaded once online, then with the
  network off it reloads and plays whole games of all three games, through the page's own
  controls; each game's export, scored by ``trackwright score --json``, equals what the page
  showed.
- Served by ``trackwright serve``: two phones on one game see each other's changes, changes to
  different things merge, a real conflict is shown and decided, and changes made while the
  laptop is killed (kill -9) and restarted reach it afterwards.

With TRACKWRIGHT_SCREENSHOTS=1 the screenshots in docs/screenshots/ (shown in the README) are
refreshed."""

from __future__ import annotations

import json
import math
import time
from itertools import pairwise

import pytest

from tests.conftest import ROOT
from tests.support import simulate
from tests.web.browser import (
    DRIVE,
    TA_ROUND,
    a_laptop_game_and_a_second_phone,
    choose_starts,
    cli_score,
    drive,
    exported,
    new_game,
    open_page,
    phone,
    settle,
    shot,
    start,
    stroke,
)
from trackwright.core import transamerica as ta_model

EXAMPLES = ROOT / "templates"
pytestmark = pytest.mark.slow


def whole_transamerica_game(context, pg, tmp_path) -> None:
    """TransAmerica: a whole game, round after round, until the engine says it is over."""
    m = ta_model.load("usa")
    record = simulate.play_game(m, ["Ann", "Ben", "Cleo"], seed=7)
    regions = {c.name: c.region for c in m.cities}
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    for k, rnd in enumerate(record["rounds"]):
        track = rnd.get("track") or [e for t in rnd["turns"] for e in t["track"]]
        drive(
            pg,
            TA_ROUND,
            {"round": {**rnd, "track": track}, "players": record["players"], "regions": regions},
        )
        if k == 1:  # the tab is killed and opened again: nothing shown is lost
            url = pg.url
            pg.close()
            pg = open_page(context, url)
        if k + 1 < len(record["rounds"]):
            drive(pg, "await drive.tap('#next-round');")
    shot(pg, "transamerica")
    path = exported(pg, tmp_path, "ta.json")
    shown = pg.evaluate("window.TW.G.score")
    assert cli_score("transamerica", path, tmp_path) == shown
    assert shown["game_over"]
    assert f"Game over: {' and '.join(shown['winners'])}" in pg.inner_text("#winners")
    assert json.loads(path.read_text(encoding="utf-8"))[
        "map_sha256"
    ]  # a built-in, named with its hash
    pg.close()


def dampfross_example_game(context, static_site: str, tmp_path) -> None:
    """Dampfross: the example game on the England map, every build, pass and race entered."""
    example = json.loads((EXAMPLES / "dampfross/examples/game.json").read_text(encoding="utf-8"))
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    choose_starts(pg, example)
    start(pg)
    drive(
        pg,
        """
const events = arg;
const G = window.TW.G;
for (const e of events) {
  if (e.type === 'build') {
    if (!document.getElementById('build')) await drive.tap('#mode-build');
    await drive.player(e.player);
    if (e.roll) await drive.tap(`button[data-face="${e.roll}"]`);
    for (const [q, r] of e.path) await drive.tap(`polygon[data-hex="${q},${r}"]`);
    await drive.tap('#confirm-build');
  } else if (e.type === 'pass') {
    await drive.player(e.player);
    await drive.tap('#pass-turn');
  } else {
    if (!document.getElementById('race')) await drive.tap('#mode-race');
    if (document.querySelector('#race-numbers[data-picking="from"]')) await drive.tap(`button[data-number="${e.from}"]`);
    await drive.tap(`button[data-number="${e.to}"]`);
    // Each entrant's route as the engine proposes it is the recorded one: accepted as it is.
    const routes = G.record['x-draft'].race.routes;
    for (const p of Object.keys(e.routes))
      if (JSON.stringify(routes[p]) !== JSON.stringify(e.routes[p])) throw new Error(p + ' proposed ' + JSON.stringify(routes[p]));
    for (const p of e.placing) if (!G.record['x-draft'].race.placing.includes(p)) await drive.tap(`button[data-place="${p}"]`);
    await drive.tap('#confirm-race');
  }
}""",
        example["events"],
    )
    shot(pg, "dampfross")
    path = exported(pg, tmp_path, "df.json")
    shown = pg.evaluate("window.TW.G.score")
    assert cli_score("dampfross", path, tmp_path) == shown
    expected = cli_score("dampfross", EXAMPLES / "dampfross/examples/game.json", tmp_path)
    last = shown["events"][-1]  # the ledger shows the balances after each event
    assert ", ".join(f"{p} {last['balances'][p]}" for p in example["players"]) in pg.inner_text(
        "#ledger"
    )
    assert shown["balances"] == expected["balances"] and shown["winners"] == expected["winners"]
    pg.close()


def lastrada_example_game(context, static_site: str, tmp_path) -> None:
    """La Strada: merchants on their settlements and the travel days kept."""
    example = json.loads((EXAMPLES / "lastrada/examples/game.json").read_text(encoding="utf-8"))
    pg = open_page(context, static_site)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    drive(
        pg,
        """
for (const [id, who] of Object.entries(arg.settlements)) for (const p of who) {
  await drive.player(p); await drive.tap(`circle[data-settlement="${id}"]`);
}
for (const [p, days] of Object.entries(arg.reserve)) await drive.choose(`input[aria-label="${p} travel days"]`, days);
""",
        example,
    )
    shot(pg, "lastrada")
    path = exported(pg, tmp_path, "ls.json")
    shown = pg.evaluate("window.TW.G.score")
    assert cli_score("lastrada", path, tmp_path) == shown
    assert shown == cli_score("lastrada", EXAMPLES / "lastrada/examples/game.json", tmp_path)
    # Gold per settlement, as the engine gives it: each settlement by its id and its kind as
    # the board prints it, who stands there and the gold each gets.
    printed = {
        "city": "City",
        "fortified_village": "Fortified village",
        "hamlet": "Hamlet",
        "farm": "Farm",
    }
    for st in shown["settlements"]:
        if st["players"]:
            row = pg.inner_text(f'#settlement-gold tr[data-settlement="{st["id"]}"]')
            assert row.startswith(f"{printed[st['kind']]} {st['id']}"), row
            assert all(p in row for p in st["players"])
            assert row.rstrip().endswith(str(st["gold_each"])), row
    pg.close()


def test_offline_whole_games_scored_as_the_cli_scores_the_export(browser, static_site, tmp_path):
    context = phone(browser, offline=True)
    first = open_page(context, static_site)
    first.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # Installable on a phone's home screen: Chromium finds nothing missing (manifest, icons,
    # service worker); a test's browser context is private, which only a real profile is not.
    cdp = context.new_cdp_session(first)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    first.wait_for_function("navigator.serviceWorker.controller !== null || true")
    first.close()
    context.set_offline(True)
    pg = open_page(context, static_site)  # a new tab, with the network off
    shot(pg, "home")
    whole_transamerica_game(context, pg, tmp_path)
    dampfross_example_game(context, static_site, tmp_path)
    lastrada_example_game(context, static_site, tmp_path)
    assert not context.errors, context.errors
    context.close()


def test_the_public_score_api_equals_the_cli(browser, static_site, tmp_path):
    context = phone(browser)
    pg = open_page(context, static_site)
    for game in ("transamerica", "dampfross", "lastrada"):
        path = EXAMPLES / game / "examples" / "game.json"
        assert pg.evaluate(
            "r => window.trackwright.score(r)", json.loads(path.read_text(encoding="utf-8"))
        ) == (cli_score(game, path, tmp_path))
    # A record with its map embedded, as an export from another device carries it.
    record = json.loads((EXAMPLES / "transamerica/examples/game.json").read_text(encoding="utf-8"))
    record["map"] = json.loads(
        (EXAMPLES / "transamerica/maps" / f"{record['map']}.json").read_text(encoding="utf-8")
    )
    out = tmp_path / "embedded.json"
    out.write_text(json.dumps(record), encoding="utf-8")
    assert pg.evaluate("r => window.trackwright.score(r)", record) == cli_score(
        "transamerica", out, tmp_path
    )
    from playwright.sync_api import Error as PageError

    with pytest.raises(PageError, match="not a player"):
        bad = {**record, "rounds": [{**record["rounds"][0], "starts": {"Nobody": "A1"}}]}
        pg.evaluate("r => window.trackwright.score(r)", bad)
    context.close()


def test_two_phones_on_one_game_through_the_laptop(browser, laptop):
    a_ctx, b_ctx = phone(browser), phone(browser)
    a = open_page(a_ctx, laptop.base)
    new_game(a, "lastrada", "b:standard")
    start(a)
    server_games = laptop.get("api/games")
    assert len(server_games) == 1
    gid = server_games[0]["id"]
    b = open_page(b_ctx, laptop.base)
    b.click(f'[data-join="{gid}"]')
    b.wait_for_selector("#gold")
    settle(b)

    # Live: what one phone does, the other shows.
    drive(a, "await drive.player('Ann'); await drive.tap('circle[data-settlement=\"s01\"]');")
    b.wait_for_function(
        "() => (window.TW.G.record.settlements || {}).s01?.includes('Ann')", timeout=15_000
    )

    # Merge: B is offline while both change different things; B's change arrives later.
    b_ctx.set_offline(True)
    drive(b, "await drive.player('Ben'); await drive.tap('circle[data-settlement=\"s02\"]');")
    drive(a, "await drive.player('Cleo'); await drive.tap('circle[data-settlement=\"s03\"]');")
    b_ctx.set_offline(False)
    want = {"s01": ["Ann"], "s02": ["Ben"], "s03": ["Cleo"]}
    same = "w => Object.keys(w).length === Object.keys(window.TW.G.record.settlements || {}).length && Object.entries(w).every(([k, v]) => JSON.stringify(window.TW.G.record.settlements[k]) === JSON.stringify(v))"
    for pg in (a, b):
        pg.wait_for_function(same, arg=want, timeout=30_000, polling=250)
    assert laptop.get(f"api/games/{gid}")["settlements"] == want

    # Conflict: both set Ann's travel days, differently, while B is offline.
    b_ctx.set_offline(True)
    drive(b, "await drive.choose('input[aria-label=\"Ann travel days\"]', 5);")
    drive(a, "await drive.choose('input[aria-label=\"Ann travel days\"]', 3);")
    # A's change reaches the laptop first (on a loaded machine B must not get there before it:
    # then A, not B, would be the one asked).
    deadline = time.monotonic() + 30
    while (laptop.get(f"api/games/{gid}").get("reserve") or {}).get("Ann") != 3:
        assert time.monotonic() < deadline, "A's change never reached the laptop"
        time.sleep(0.2)
    b_ctx.set_offline(False)
    b.wait_for_selector("#conflict", timeout=30_000)
    text = b.inner_text("#conflict")
    # The place in words, not the record's JSON path ($.reserve.Ann).
    assert "travel days in reserve › Ann" in text and "$." not in text
    assert "5" in text and "3" in text
    shot(b, "conflict")
    b.click("#keep-mine")
    a.wait_for_function("() => window.TW.G.record.reserve.Ann === 5", timeout=20_000, polling=250)
    assert laptop.get(f"api/games/{gid}")["reserve"]["Ann"] == 5
    for ctx in (a_ctx, b_ctx):
        assert not ctx.errors, ctx.errors
        ctx.close()


def test_a_laptop_game_joined_with_two_quick_taps_is_copied_once(browser, laptop):
    """Join tapped twice while the laptop answers keeps one copy of the game on the phone (each
    tap once made a copy of its own)."""
    a_ctx, _a, b_ctx, b, gid = a_laptop_game_and_a_second_phone(browser, laptop)
    b.wait_for_selector(f'[data-join="{gid}"]')
    waiting: list = []
    pattern = f"**/api/games/{gid}"
    b_ctx.route(pattern, lambda route: waiting.append(route))
    b.evaluate(
        "id => { const el = document.querySelector(`[data-join='${id}']`); el.click(); el.click(); }",
        gid,
    )
    for _ in range(50):
        if waiting:
            break
        b.wait_for_timeout(100)
    b.wait_for_timeout(300)  # a second request, if the second tap made one
    for route in waiting:
        route.continue_()
    b_ctx.unroute(pattern)
    b.wait_for_selector("#gold")
    settle(b)
    b.wait_for_timeout(300)
    assert b.evaluate("async () => (await window.TWStore.games()).length") == 1
    for ctx in (a_ctx, b_ctx):
        assert not ctx.errors, ctx.errors
        ctx.close()


# The page's resend poll (app.js: every 1500 ms, a pending game is synced again) kept from
# running by itself, so that a test which holds a sync back decides what is sent again.
NO_RESEND_POLL = """(() => {
  const every = window.setInterval;
  window.setInterval = function (work, ms, ...rest) {
    return ms === 1500 ? 0 : every.call(this, work, ms, ...rest);
  };
})();"""


def a_change_whose_sync_is_held(ctx, pg, gid: str, *, every: bool) -> list:
    """Ann's settlement s01 tapped on a La Strada game of the laptop's, its sync held back
    (``every`` sync, or the first one, the others sent on): the routes held."""
    waiting: list = []
    pattern = f"**/api/games/{gid}/sync"
    if every:
        ctx.route(pattern, lambda route: waiting.append(route))
    else:
        ctx.route(pattern, lambda route: route.continue_() if waiting else waiting.append(route))
    drive(pg, "await drive.player('Ann');")
    # Not awaited: the page's idle waits for the sync held here.
    pg.evaluate(
        "() => document.querySelector('circle[data-settlement=\"s01\"]')"
        ".dispatchEvent(new MouseEvent('click', { bubbles: true }))"
    )
    for _ in range(50):
        if waiting:
            break
        pg.wait_for_timeout(100)
    assert waiting, "the change was never sent"
    return waiting


def test_a_change_synced_again_after_the_game_was_left_reaches_the_laptop(browser, laptop):
    """A change whose sync the laptop answers "try again" once the user has opened another game
    is sent again as the changed game's, and the game open is left alone (the retry once synced
    whatever game was open by then: the change stayed on the phone until its game was opened
    again)."""
    ctx = phone(browser)
    ctx.add_init_script(NO_RESEND_POLL)
    pg = open_page(ctx, laptop.base)
    game_of = "() => [window.TW.G.game.id, window.TW.G.game.server.id]"
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    other, other_gid = pg.evaluate(game_of)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    changed, gid = pg.evaluate(game_of)
    other_before = laptop.get(f"api/games/{other_gid}")
    waiting = a_change_whose_sync_is_held(ctx, pg, gid, every=False)
    pg.evaluate("id => { location.hash = `#/game/${id}`; }", other)
    pg.wait_for_function("id => window.TW.G.game?.id === id", arg=other)
    waiting[0].fulfill(status=409, content_type="application/json", body="{}")
    deadline = time.monotonic() + 15
    while (laptop.get(f"api/games/{gid}").get("settlements") or {}).get("s01") != ["Ann"]:
        assert time.monotonic() < deadline, "the change never reached the laptop"
        pg.wait_for_timeout(200)  # (the route above is served while Playwright waits)
    settle(pg)
    assert pg.evaluate("id => window.TWStore.get(id).then((g) => g.pending)", changed) is False
    assert pg.evaluate("window.TW.G.game.id") == other
    assert "s01" not in (pg.evaluate("window.TW.G.record.settlements") or {})
    assert laptop.get(f"api/games/{other_gid}") == other_before
    assert not ctx.errors, ctx.errors
    ctx.close()


def test_a_sync_answered_after_its_game_was_opened_again_reaches_the_copy_shown(browser, laptop):
    """A change's sync the laptop answers once the user has left the game and opened it again
    (the page then shows another copy of it, read back from the phone's store): the answer is
    the copy's shown, which is no longer pending and holds the laptop's version (the answer was
    applied to the copy left behind, and the one shown stayed pending on an old version)."""
    ctx = phone(browser)
    ctx.add_init_script(NO_RESEND_POLL)
    pg = open_page(ctx, laptop.base)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    game, gid = pg.evaluate("() => [window.TW.G.game.id, window.TW.G.game.server.id]")
    waiting = a_change_whose_sync_is_held(ctx, pg, gid, every=True)
    left = pg.evaluate("() => { window.twLeft = window.TW.G.game; return window.twLeft.id; }")
    pg.evaluate("() => { location.hash = '#/'; }")
    pg.wait_for_function("() => !window.TW.G.game")
    pg.evaluate("id => { location.hash = `#/game/${id}`; }", game)
    pg.wait_for_function("id => window.TW.G.game?.id === id", arg=game)
    assert left == game and pg.evaluate("() => window.TW.G.game !== window.twLeft")
    waiting[0].continue_()  # the first answered; the copy's own syncs, if any, still held
    deadline = time.monotonic() + 15
    while pg.evaluate("() => window.TW.G.game.pending"):
        assert time.monotonic() < deadline, "the copy shown stayed pending"
        pg.wait_for_timeout(200)  # (the route above is served while Playwright waits)
    for route in waiting[1:]:
        route.continue_()
    ctx.unroute(f"**/api/games/{gid}/sync")
    settle(pg)
    version = next(g["version"] for g in laptop.get("api/games") if g["id"] == gid)
    assert pg.evaluate("() => window.TW.G.game.server.version") == version
    assert pg.evaluate("id => window.TWStore.get(id).then((g) => g.pending)", game) is False
    assert pg.evaluate("window.TW.G.record.settlements.s01") == ["Ann"]
    assert not ctx.errors, ctx.errors
    ctx.close()


def test_changes_survive_the_laptop_killed_mid_burst(browser, laptop):
    ctx = phone(browser)
    pg = open_page(ctx, laptop.base)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    gid = max(laptop.get("api/games"), key=lambda g: g["created"])["id"]
    ids = [f"s{i:02d}" for i in range(1, 13)]
    pg.evaluate(DRIVE)
    # A burst of taps; the laptop is killed (kill -9) in the middle of it.
    pg.evaluate(
        "ids => { window.burst = (async () => { for (const id of ids) {"
        " await drive.player('Ann'); await drive.tap(`circle[data-settlement=\"${id}\"]`); } })(); }",
        ids,
    )
    time.sleep(0.3)
    laptop.kill()
    pg.evaluate("window.burst")
    shown = pg.evaluate("window.TW.G.record.settlements")
    assert sorted(shown) == ids  # every tap is shown (and kept on the phone)
    laptop.start()
    deadline = time.time() + 30
    while time.time() < deadline:
        if laptop.get(f"api/games/{gid}").get("settlements") == shown:
            break
        time.sleep(0.5)
    assert laptop.get(f"api/games/{gid}")["settlements"] == shown
    assert not ctx.errors, ctx.errors
    ctx.close()


def test_transamerica_track_by_strokes(browser, static_site):
    """Track entered by dragging along the printed lines: each stroke one change (one undo
    step); a stroke over laid track lifts it; a finger off by about 2 mm lays no wrong track."""
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    pg.click("#draw")  # the board is looked at until the player chooses to draw
    settle(pg)
    m = ta_model.load("usa")
    adj = m.neighbours
    path = ["D5"]
    while len(path) < 6:  # a walk of five track spaces, never back
        path.append(sorted(n for n in adj[path[-1]] if n not in path)[0])
    want = {tuple(sorted(p)) for p in pairwise(path)}
    mm = 2 * 160 / 25.4  # a fingertip's 2 mm on a phone screen (160 CSS px an inch)
    stroke(pg, path, jitter=mm)
    laid = {tuple(sorted(e)) for e in pg.evaluate("window.TW.G.record['x-draft'].track")}
    assert laid == want
    stroke(pg, path[:3], jitter=mm, seed=2)  # over laid track: lifted
    laid = {tuple(sorted(e)) for e in pg.evaluate("window.TW.G.record['x-draft'].track")}
    assert laid == want - {tuple(sorted(p)) for p in pairwise(path[:3])}
    pg.click("#undo")
    settle(pg)
    laid = {tuple(sorted(e)) for e in pg.evaluate("window.TW.G.record['x-draft'].track")}
    assert laid == want  # one stroke, one undo step
    # Zoom buttons keep the middle of the board's window where it is.
    before = pg.evaluate(
        "(() => { const w = document.getElementById('board'); return [(w.scrollLeft + w.clientWidth / 2) / window.TW.G.zoom, (w.scrollTop + w.clientHeight / 2) / window.TW.G.zoom]; })()"
    )
    pg.click("#zoom-in")
    after = pg.evaluate(
        "(() => { const w = document.getElementById('board'); return [(w.scrollLeft + w.clientWidth / 2) / window.TW.G.zoom, (w.scrollTop + w.clientHeight / 2) / window.TW.G.zoom]; })()"
    )
    assert abs(before[0] - after[0]) < 2 and abs(before[1] - after[1]) < 2
    # Two fingers pinch (real touch input): the board point between them stays under them, and
    # the zoom follows the fingers' spread. (The page first scrolled to the board, below the
    # header, clear of the message at the screen's foot.)
    pg.evaluate(
        "window.scrollBy(0, document.getElementById('board').getBoundingClientRect().top - 60)"
    )
    box = pg.locator("#board").bounding_box()
    centre = (box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.6)
    under = board_point(pg, *centre)
    zoom = pg.evaluate("window.TW.G.zoom")
    pinch(pg, centre, 60, 120)
    assert pg.evaluate("window.TW.G.zoom") == pytest.approx(zoom * 2, rel=0.05)
    assert math.dist(board_point(pg, *centre), under) < 2
    pinch(pg, centre, 120, 80)
    assert pg.evaluate("window.TW.G.zoom") == pytest.approx(zoom * 4 / 3, rel=0.05)
    assert math.dist(board_point(pg, *centre), under) < 2
    # While a finger draws, the magnifier shows what is under it, above the finger.
    pg.mouse.move(*centre)
    pg.mouse.down()
    for k in range(1, 8):
        pg.mouse.move(centre[0] + 4 * k, centre[1])
    shown = pg.evaluate(
        "(() => { const m = document.querySelector('.magnifier'); return m && !m.hidden && m.getBoundingClientRect().bottom; })()"
    )
    pg.mouse.up()
    assert shown and shown <= centre[1]
    assert pg.evaluate("document.querySelector('.magnifier').hidden")
    assert not context.errors, context.errors
    context.close()


def board_point(pg, x: float, y: float) -> tuple[float, float]:
    """The board's own coordinates (the map's millimetres) under a point of the screen."""
    return tuple(
        pg.evaluate(
            """([x, y]) => { const over = document.querySelector('svg.board-overlay');
            const p = over.createSVGPoint(); p.x = x; p.y = y;
            const q = p.matrixTransform(over.getScreenCTM().inverse()); return [q.x, q.y]; }""",
            [x, y],
        )
    )


def pinch(pg, centre: tuple[float, float], start: float, end: float, steps: int = 8) -> None:
    """Two fingers on the screen around ``centre``, moved from ``start`` to ``end`` CSS px apart
    (touch events as a phone sends them)."""
    cdp = pg.context.new_cdp_session(pg)
    cx, cy = centre

    def fingers(d: float) -> list[dict]:
        return [{"x": cx - d / 2, "y": cy, "id": 0}, {"x": cx + d / 2, "y": cy, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start)})
    for k in range(1, steps + 1):
        d = start + (end - start) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(d)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    settle(pg)
