"""The web scorer in a real browser: Debian's headless Chromium, driven by Playwright (no browser
download), at phone size (360 x 740). Each game plays a short round through the pages and the
shown results are checked against the rules engine. With TRACKWRIGHT_SCREENSHOTS=1 the
screenshots in docs/screenshots/ (shown in the README) are refreshed."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from trackwright.core import transamerica as ta_model
from trackwright.scorer import dampfross as df
from trackwright.scorer import transamerica as ta

ROOT_DIR = Path(__file__).resolve().parents[1]
SHOTS = ROOT_DIR / "docs" / "screenshots"


def ensure_chromium() -> str | None:
    """Debian's Chromium (Playwright drives it; it never downloads a browser of its own),
    installed with apt-get when it is missing and we are root, as on CI."""
    found = shutil.which("chromium")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=False, timeout=600)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "chromium"],
            env=env,
            check=False,
            timeout=900,
            stdout=subprocess.DEVNULL,
        )
    return shutil.which("chromium")


CHROMIUM = ensure_chromium()
if CHROMIUM is None:
    if os.environ.get("CI"):
        pytest.fail("Debian's chromium could not be installed", pytrace=False)
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True
    )

playwright = pytest.importorskip("playwright.sync_api")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    db = tmp_path_factory.mktemp("web") / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "trackwright", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/maps", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
                "--disable-quic",
            ],
        )
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True
    )
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def shot(pg, name: str) -> None:
    if os.environ.get("TRACKWRIGHT_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        pg.evaluate("window.scrollTo(0, 0)")
        pg.screenshot(path=str(SHOTS / f"{name}.png"))


def settle(pg) -> None:
    """Wait until every change the page queued is stored and shown."""
    pg.evaluate("async () => { if (window.twIdle) await window.twIdle(); }")


def api(base: str, path: str):
    with urllib.request.urlopen(base + path) as r:
        return json.loads(r.read())


def new_game(pg, base, game: str, map_ref: str | None = None, players=("Ann", "Ben", "Cleo")):
    pg.goto(base + "/")
    pg.wait_for_selector("#create")
    pg.select_option("#new-game", game)
    if map_ref:
        pg.select_option("#new-map", map_ref)
    settle(pg)
    names = pg.locator("input.player")
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    settle(pg)
    pg.click("#create")
    pg.wait_for_url("**/game/**")
    settle(pg)
    return pg.url.rsplit("/", 1)[1].split("?")[0]


def test_home_page_fits_a_phone(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for button in page.locator("button").all():
        assert button.bounding_box()["height"] >= 44  # touch targets of phone size
    shot(page, "home")


def test_transamerica_round(page, server):
    gid = new_game(page, server, "transamerica", "usa")
    page.wait_for_selector("#score-round")
    m = ta_model.load("usa")
    hands = {
        "Ann": ["Seattle", "Helena", "Denver", "Dallas", "Boston"],
        "Ben": ["Portland", "Duluth", "Kansas City", "Houston", "New York"],
        "Cleo": ["San Francisco", "Minneapolis", "St. Louis", "New Orleans", "Washington"],
    }
    for player, cities in hands.items():
        for city in cities:
            region = m.city_by_name[city].region
            page.select_option(f'select[data-hand="{player}:{region}"]', city)
            settle(page)
    page.click("#mode-start")
    settle(page)
    for player, cities in hands.items():
        page.click(f'#players button[data-player="{player}"]')
        page.click(f'circle[data-node="{m.city_by_name[cities[0]].node}"]', force=True)
        settle(page)
    page.click("text=Tap track")
    starts = {p: m.city_by_name[c[0]].node for p, c in hands.items()}
    route = ta.missing_track(m, set(), starts["Ann"], hands["Ann"]).edges
    for a, b in route:  # Ann connects her five cities: the round has ended and counts
        page.click(f'line[data-edge="{a}|{b}"]', force=True)  # a flat line has no height
        settle(page)
    page.click("#score-round")
    page.wait_for_selector("#next-round")
    settle(page)
    score = api(server, f"/api/games/{gid}/score")
    expected = ta.score_game(ta.record_from_json(api(server, f"/api/games/{gid}"))).to_json()
    assert score == expected
    assert (
        score["rounds"][0]["missing"]["Ann"]
        == ta.missing_track(m, set(route), starts["Ann"], hands["Ann"]).points
        == 0
    )
    table = page.inner_text("#scores")
    for player in hands:
        assert f"{score['scores'][player]} (−{score['rounds'][0]['missing'][player]})" in table
    assert page.locator("line.missing").count() > 0  # the missing tracks are drawn
    for player in hands:  # the scored round's start marker, hand and missing tracks, listed
        assert page.inner_text(f'[data-start="{player}"]') == f"start {starts[player]}"
        listed = page.inner_text(f'[data-evidence="{player}"]')
        assert listed.startswith(", ".join(hands[player]))
        assert f"missing {score['rounds'][0]['missing'][player]}" in listed
        for a, b in score["rounds"][0]["routes"][player]:
            assert a in listed and b in listed
    page.locator("#board").evaluate("el => el.scrollTo(0, 0)")
    shot(page, "transamerica")


def test_dampfross_build_with_cost_shown_first(page, server):
    gid = new_game(page, server, "dampfross", "england")
    record = api(server, f"/api/games/{gid}")
    game = df.record_from_json(record)
    state = df.initial_state(game)
    plans = df.cheapest_builds(game, state, "Ann", 6)
    plan = min(plans.values(), key=lambda p: (p.cost, p.path))
    page.select_option("#roll", "6")
    settle(page)
    for hx in plan.reach:
        page.click(f'polygon[data-hex="{hx[0]},{hx[1]}"]', force=True)
        settle(page)
    expected_cost = sum(
        game.rules.step_cost(game.map, a, b)
        for a, b in zip(plan.reach, plan.reach[1:], strict=False)
    )
    # The cost of the whole line is shown before confirming (not a stale partial preview).
    playwright.expect(page.locator("#cost")).to_contain_text(f"Costs {expected_cost} of 6.")
    assert api(server, f"/api/games/{gid}/score")["events"] == []  # nothing recorded yet
    page.click("#confirm-build")
    settle(page)
    score = api(server, f"/api/games/{gid}/score")
    assert score["events"][0]["cost"] == expected_cost
    assert page.inner_text("#balances").split() == ["Ann", "Ben", "Cleo"] + [
        str(score["balances"][p]) for p in ("Ann", "Ben", "Cleo")
    ]
    shot(page, "dampfross")


def test_lastrada_merchants_and_gold(page, server):
    gid = new_game(page, server, "lastrada", "standard")
    for player, settlement in (("Ann", "s01"), ("Ben", "s01"), ("Cleo", "s03"), ("Ann", "s05")):
        page.click(f'#players button[data-player="{player}"]')
        page.click(f'circle[data-settlement="{settlement}"]', force=True)
        settle(page)
    page.fill('input[aria-label="Ben travel days"]', "4")
    page.press('input[aria-label="Ben travel days"]', "Enter")
    page.locator("h1").click()
    settle(page)
    score = api(server, f"/api/games/{gid}/score")
    assert api(server, f"/api/games/{gid}")["settlements"] == {
        "s01": ["Ann", "Ben"],
        "s03": ["Cleo"],
        "s05": ["Ann"],
    }
    text = page.inner_text("#gold")
    for player in ("Ann", "Ben", "Cleo"):
        assert f"{player}\t{score['gold'][player]}" in text
    assert "Leading: " + " and ".join(score["winners"]) in page.inner_text("#winners")
    shot(page, "lastrada")


def test_stale_edit_from_another_phone_is_refused(browser, server):
    pg = browser.new_page(viewport={"width": 360, "height": 740})
    gid = new_game(pg, server, "lastrada", "standard")
    # Another phone changes the game behind this page's back.
    record = api(server, f"/api/games/{gid}")
    record["settlements"] = {"s02": ["Cleo"]}
    req = urllib.request.Request(
        server + f"/api/games/{gid}",
        method="PUT",
        data=json.dumps(record).encode(),
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(req)
    pg.click('circle[data-settlement="s01"]', force=True)
    pg.wait_for_selector("#status .msg")
    assert "changed on another device" in pg.inner_text("#status")
    settle(pg)
    assert api(server, f"/api/games/{gid}")["settlements"] == {"s02": ["Cleo"]}  # not merged
    pg.close()


def test_dampfross_race_through_the_page(page, server):
    """Import the example England game (construction done), record one race on the page."""
    example = ROOT_DIR / "templates" / "dampfross" / "examples" / "game.json"
    record = json.loads(example.read_text())
    req = urllib.request.Request(
        server + "/api/games",
        method="POST",
        data=json.dumps(record).encode(),
        headers={"Content-Type": "application/json"},
    )
    gid = json.loads(urllib.request.urlopen(req).read())["id"]
    game = df.record_from_json(record)
    state = df.replay(game).state
    start = game.map.town_by_hex[state.last_race_end].numbers[0]
    runner, route, to = None, None, None
    for town in sorted(game.map.towns, key=lambda t: t.numbers[0]):
        if (
            town.hex == state.last_race_end
            or df.race_length(game.map, state.last_race_end, town.hex) < 3
        ):
            continue
        for player in game.players:
            found = df.race_route(game, state, player, start, town.numbers[0])
            if found is not None:
                runner, route, to = player, found.route, town.numbers[0]
                break
        if runner:
            break
    assert runner is not None
    page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#mode-race")
    settle(page)
    page.click("#mode-race")
    settle(page)
    page.fill("#race-from", str(start))
    page.press("#race-from", "Tab")
    settle(page)
    page.fill("#race-to", str(to))
    page.press("#race-to", "Tab")
    settle(page)
    page.click(f'#players button[data-player="{runner}"]')
    for hx in route:
        page.click(f'polygon[data-hex="{hx[0]},{hx[1]}"]', force=True)
        settle(page)
    page.fill("#race-placing", runner)
    page.press("#race-placing", "Tab")
    settle(page)
    page.click("#confirm-race")
    settle(page)
    score = api(server, f"/api/games/{gid}/score")
    assert score["races_run"] == state.races_run + 1
    last = score["events"][-1]
    assert last["type"] == "race" and last["prizes"][0]["company"] == [runner]
    assert "winner of race" in page.inner_text("main")
