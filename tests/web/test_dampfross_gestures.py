"""Dampfross at the table with real touch input (CDP ``Input.dispatchTouchEvent``) in Debian's
Chromium at 360 x 740, every gesture counted (issue 26): a build is three gestures at most (the
die's face, the destination on the board, Confirm) and needs no scroll, pan or zoom: the faces
and Confirm are in a bar fixed over the board, which the page brings into view centred on the
player's network when the build starts, and a tap on a town at the default zoom is that town (no
zoom the player did not ask for). A tap on no town says so, and each change says what it did
with Undo at hand. A race needs no scroll either: the numbers rolled, the finishing order and
"Record race" are on one screen, and so are the builds from winnings between races (three
gestures at most too: who builds, the town, Confirm; a town out of view a button in the bar). The new-game form offers start towns far apart, each labelled
with its player's name. A build toward a town out of view is three gestures too: once the face
is chosen, the towns of the lines it draws that are out of view are buttons in the bar (the page
first moves the board over them when more than four would be), and the next build starts at the
player's zoom again."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.support.dampfross_taps import BUTTON, TOWN, VIEW, Planner, touch_build, touch_tap
from tests.web.browser import choose_starts, new_game, open_page, phone, settle, start, touch
from trackwright import games
from trackwright.scorer import dampfross as df

pytestmark = pytest.mark.slow
EXAMPLE = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


@pytest.fixture(scope="module")
def example():
    """The example game (its JSON), its towns by hex, and its planner with the taps of every
    event planned (some 12 s: the engine asked for every town at every build), once for the
    module's tests."""
    data = json.loads(EXAMPLE.read_text("utf-8"))
    record = df.load_record(EXAMPLE)
    planner = Planner(record)
    return data, {t.hex: t.name for t in record.map.towns}, planner, planner.plan()


def tap_button(pg, selector: str) -> None:
    at = pg.evaluate(BUTTON, selector)
    assert isinstance(at, list), (selector, at)
    touch(pg, [tuple(at)])


def frames(pg) -> None:
    """Two frames: what the page puts off to the next frame (showing the build's board) done."""
    pg.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def status(pg) -> str:
    return pg.inner_text("#status")


def build_by_touch(pg, plan: dict, towns: dict, pans: int = 0) -> int:
    """One build entered by real taps, as planned; the gestures it took (at most ``pans`` of
    them a pan, none a zoom, and the tap on the town neither zoomed nor moved the board)."""
    done = touch_build(pg, plan, towns)
    assert done["pans"] <= pans and done["zooms"] == done["moved"] == 0, (plan, done)
    return done["gestures"]


def the_new_game_form(pg, data: dict) -> None:
    # The start towns far apart by default, each by its player's name; then the record's.
    labels = pg.locator("#new-starts label span.start-label")
    assert labels.all_inner_texts() == ["Ann's start town", "Ben's start town", "Cleo's start town"]
    defaults = pg.eval_on_selector_all("select.start", "ss => ss.map(s => JSON.parse(s.value))")
    assert len({tuple(h) for h in defaults}) == 3 and defaults[:2] == [[11, 3], [-8, 27]]
    pg.locator("input.player").nth(1).fill("Bea")
    pg.locator("input.player").nth(1).dispatch_event("input")
    assert labels.nth(1).inner_text() == "Bea's start town"
    pg.locator("input.player").nth(1).fill("Ben")
    choose_starts(pg, data)


EMPTY_SPOT = """([x0, y0, w, h]) => { const towns = window.TW.G.board.map.towns;
  const m = document.querySelector('svg.board-overlay').getScreenCTM();
  const far = (x, y) => towns.every(t => { const [cx, cy] = window.TW.hexCentre(t.hex);
    return Math.hypot(cx * m.a + m.e - x, cy * m.d + m.f - y) > 60; });
  for (let y = y0 + 60; y < y0 + h - 60; y += 10) for (let x = x0 + 20; x < x0 + w - 70; x += 10)
    if (far(x, y)) return [x, y];
  return null; }"""


def a_tap_near_no_town(pg) -> None:
    # At the default zoom: said in words, nothing changed, nothing zoomed.
    before = pg.evaluate(VIEW)
    box = pg.locator("#board").bounding_box()
    empty = pg.evaluate(EMPTY_SPOT, [box["x"], box["y"], box["width"], box["height"]])
    assert empty, "no spot far from every town in view"
    touch(pg, [tuple(empty)])
    assert "No town under your finger" in status(pg)
    assert pg.evaluate(VIEW) == before and pg.evaluate("window.TW.G.record.events") == []


def ten_builds(pg, plans: list, towns: dict, data: dict) -> None:
    # Each at most three gestures, none a scroll, pan or zoom.
    counts = []
    for k, plan in enumerate(plans[:10]):
        assert plan["type"] == "build"
        counts.append(build_by_touch(pg, plan, towns))
        assert pg.evaluate("window.TW.G.record.events")[-1] == data["events"][k], k
        if k == 0:
            # Each change said what it did, with Undo in the message.
            assert "Ann's line built" in status(pg) and pg.locator("#status-undo").count() == 1
    assert max(counts) <= 3, counts
    assert counts.count(2) >= 2, counts  # a player going on toward their aim: face and Confirm
    # The board was brought into view centred on the builder's network at each build start:
    # Ben builds next, and his start town and the town he built to are in view.
    assert pg.evaluate("window.TW.G.record.players[window.TW.G.player]") == "Ben"
    for name in ("Dover", "London"):
        assert isinstance(pg.evaluate(TOWN, name), list), name


def races_and_winnings(pg, plans: list, towns: dict, data: dict, planner: Planner) -> None:
    # Every race and every build from winnings by touch: a race is the numbers rolled, the
    # finishing order and "Record race", all on one screen (4 or 5 taps); a build from winnings
    # the town (on the board, or as the bar's button when out of view: the engine's lines cut
    # to the winnings, payments to rivals included) and Confirm, with no pan.
    counts, buttons = [], 0
    for k, plan in enumerate(plans[56:], 56):
        if plan["type"] == "race":
            pg.wait_for_selector("#race-numbers")
            settle(pg)
            for action in plan["actions"]:
                tap_button(pg, action["tap"])
            assert len(plan["actions"]) <= 5, plan["actions"]
        else:
            assert plan["event"]["paid_from"] == "winnings"
            assert pg.locator("#df-bar #face-winnings, #df-bar #destinations").count() == 1
            # Who builds, chosen in the bar when it is not the one preselected (the richest);
            # the town and Confirm: winnings pay for long lines (Ann's to Cardiff, across the
            # board), whose town is then a button in the bar.
            chose = 0
            if pg.evaluate("window.TW.G.record.players[window.TW.G.player]") != plan["player"]:
                tap_button(pg, f'#df-bar button[data-builder="{plan["player"]}"]')
                chose = 1
            done = touch_build(pg, plan, towns, planner)
            assert done["pans"] == done["zooms"] == done["moved"] == 0, (plan, done)
            counts.append(chose + done["gestures"])
            buttons += done["buttons"]
        assert pg.evaluate("window.TW.G.record.events")[-1] == data["events"][k], k
    assert counts and max(counts) <= 3, counts
    assert buttons >= 1, counts  # at least one town out of view reached by the bar's button


def imported_at(pg, data: dict, k: int, tmp_path) -> None:
    """The example game's first ``k`` events imported into the page and opened (a whole game
    entered by the page's controls is test_dampfross_page.py's)."""
    so_far = tmp_path / f"so-far-{k}.json"
    portable = games.get("dampfross").portable_record(
        {**data, "events": data["events"][:k]}, EXAMPLE.parent, str(EXAMPLE)
    )
    so_far.write_text(json.dumps(portable), "utf-8")
    pg.goto(pg.url.split("#")[0] + "#/")
    pg.wait_for_selector("#import-game", state="attached")
    pg.set_input_files("#import-game", str(so_far))
    pg.wait_for_url("**#/game/**")
    # The game opens before its record is read in (G.record is null meanwhile).
    pg.wait_for_function(f"window.TW.G.record?.events.length === {k}")
    settle(pg)
    frames(pg)
    assert pg.evaluate("window.TW.G.record.events") == data["events"][:k]


def test_builds_in_three_gestures_and_races_without_scrolling(
    browser, static_site, tmp_path, example
):
    data, towns, planner, plans = example
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    the_new_game_form(pg, data)
    start(pg)
    pg.wait_for_selector("#df-bar #faces")
    settle(pg)
    frames(pg)  # the board brought into view for Ann's build
    a_tap_near_no_town(pg)
    ten_builds(pg, plans, towns, data)
    # The rest of the construction as the game had it, then the races by touch.
    imported_at(pg, data, 56, tmp_path)
    races_and_winnings(pg, plans, towns, data, planner)
    assert pg.evaluate("window.TW.G.record.events") == data["events"]
    assert not context.errors, context.errors
    context.close()


BAR_HEIGHT = "() => Math.round(document.getElementById('df-bar').getBoundingClientRect().height)"
DESTINATIONS = """() => [...document.querySelectorAll('#destinations button[data-town]')].map(b => {
  const r = b.getBoundingClientRect(); return [b.dataset.town, Math.round(r.width), Math.round(r.height)]; })"""


def test_a_build_toward_a_town_out_of_view_is_three_gestures(
    browser, static_site, tmp_path, example
):
    # Event 53: Ben rolls 4 and builds toward Newcastle, the one town whose line it is, out of
    # view when his build starts (his network spans England; the board shows its middle).
    data, towns, planner, plans = example
    k = 52
    assert plans[k]["n"] == 53 and plans[k]["player"] == "Ben" and plans[k]["event"]["roll"] == 4
    # The game so far imported (its first 52 events: the other tests enter them by the page's
    # controls), opened at Ben's build.
    context = phone(browser)
    pg = open_page(context, static_site)
    imported_at(pg, data, k, tmp_path)
    pg.wait_for_selector("#df-bar #faces")
    assert pg.evaluate("window.TW.G.record.players[window.TW.G.player]") == "Ben"
    assert pg.evaluate(TOWN, "Newcastle") == "not in view: Newcastle"
    zoom, height = pg.evaluate(VIEW)[3], pg.evaluate(BAR_HEIGHT)
    done = touch_build(pg, plans[k], towns, planner)
    assert done["gestures"] == 3 and done["pans"] == done["zooms"] == done["crowded"] == 0, done
    assert pg.evaluate("window.TW.G.record.events")[-1] == data["events"][k]
    # The next build (Cleo's) starts at the zoom the player had, centred on her network.
    settle(pg)
    frames(pg)
    assert pg.evaluate(VIEW)[3] == zoom
    assert pg.evaluate("window.TW.G.record.players[window.TW.G.player]") == "Cleo"
    # The bar at 360 x 740: the towns out of view take the faces' place, as tall (the bar and the
    # board keep their height), each a fingertip at least; the chosen face taken back by a tap.
    touch_tap(pg, *pg.evaluate(BUTTON, '#df-bar button[data-face="1"]'))
    shown = pg.evaluate(DESTINATIONS)
    assert 1 <= len(shown) <= 4, shown
    assert all(w >= 44 and h >= 44 for _n, w, h in shown), shown
    assert pg.evaluate(BAR_HEIGHT) == height
    label = pg.locator("#destinations button[data-town]").first.get_attribute("aria-label") or ""
    assert label.startswith("Build toward "), label
    touch_tap(pg, *pg.evaluate(BUTTON, "#change-face"))
    assert pg.locator("#df-bar #faces button[data-face]").count() == 6
    assert pg.evaluate("window.TW.G.record['x-draft'].face") is None
    assert not context.errors, context.errors
    context.close()
