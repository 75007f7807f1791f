"""No gesture is misread (issue 26): TransAmerica's page at 360 x 740 with real touch input (CDP
``Input.dispatchTouchEvent``), as players use it.

- The board is only looked at until the player chooses to draw: a one-finger swipe up over it
  scrolls the page, a sideways one pans the board, and neither lays track.
- With Draw track chosen (the switch on the board), a stroke lays the track it follows and says
  "Laid N"; a stroke over laid track says "Lifted N", and the message's Undo puts it back.
- Taps are hit-tested within a fingertip's reach: a tap 20 px off an intersection places the
  start marker there (and says so); a tap far from any intersection says it missed, and a tap with
  the board zoomed out so far that intersections lie closer than 44 px zooms in first."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from tests.web.browser import in_view, new_game, on_screen, open_page, phone, settle, start, touch

pytestmark = pytest.mark.slow


def track(pg) -> set[tuple[str, str]]:
    return {tuple(sorted(e)) for e in pg.evaluate("window.TW.G.record['x-draft'].track")}


def status(pg) -> str:
    return pg.inner_text("#status")


def test_one_finger_scrolls_until_drawing_is_chosen_and_each_stroke_says_what_it_did(
    browser, static_site
):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    # Looking: the switch is in view with the board, not pressed; one finger is the browser's.
    assert pg.get_attribute("#draw", "aria-pressed") == "false"
    assert pg.evaluate("document.querySelector('svg.board-overlay').style.touchAction") == (
        "pan-x pan-y"
    )
    box = pg.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, 680)
    assert pg.evaluate("window.scrollY") == 0
    touch(pg, [(x, y - 25 * k) for k in range(11)])  # a thumb swiping up over the board
    assert pg.evaluate("window.scrollY") > 150
    assert track(pg) == set()
    box = pg.locator("#board").bounding_box()
    y = box["y"] + box["height"] / 2
    panned = pg.evaluate("document.getElementById('board').scrollLeft")
    touch(pg, [(320 - 25 * k, y) for k in range(11)])  # sideways: the board pans
    assert pg.evaluate("document.getElementById('board').scrollLeft") > panned + 100
    assert track(pg) == set()
    # Drawing chosen on the board itself: one finger now draws.
    pg.click("#draw")
    settle(pg)
    assert pg.get_attribute("#draw", "aria-pressed") == "true"
    assert pg.evaluate("document.querySelector('svg.board-overlay').style.touchAction") == "none"
    path = ["E6", "E7", "E8", "E9"]
    points = in_view(pg, path)
    finger = [
        (x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6)
        for (x0, y0), (x1, y1) in pairwise(points)
        for k in range(7)
    ]
    touch(pg, finger)
    want = {tuple(sorted(p)) for p in pairwise(path)}
    assert track(pg) == want
    assert "Laid 3" in status(pg)
    # Over laid track: lifted, said, and the message's Undo (in view, no scrolling) puts it back.
    touch(pg, finger[:7])
    assert track(pg) == want - {tuple(sorted(path[:2]))}
    assert "Lifted 1" in status(pg)
    undo = pg.locator("#status-undo").bounding_box()
    assert undo and undo["y"] >= 0 and undo["y"] + undo["height"] <= 740
    pg.click("#status-undo")
    settle(pg)
    assert track(pg) == want
    # The switch again: looking, and one finger scrolls once more.
    pg.click("#draw")
    settle(pg)
    assert pg.get_attribute("#draw", "aria-pressed") == "false"
    assert not context.errors, context.errors
    context.close()


def test_taps_reach_a_fingertip_and_a_miss_says_so(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    pg.click("#mode-start")
    settle(pg)
    # 20 px below F5 (its drawn target is 12 px): still F5, for Ann, and said; Ben is next.
    (fx, fy), *_ = in_view(pg, ["F5"])
    touch(pg, [(fx, fy + 20)])
    assert pg.evaluate("window.TW.G.record['x-draft'].starts") == {"Ann": "F5"}
    assert "Ann's start marker on F5" in status(pg)
    assert pg.evaluate("window.TW.G.player") == 1
    # Far from every intersection (the sea beyond the coast): a miss, said; nothing placed.
    far = pg.evaluate(
        """() => { const over = document.querySelector('svg.board-overlay');
        const box = document.getElementById('board').getBoundingClientRect(), m = over.getScreenCTM();
        const nodes = window.TW.G.board.map.nodes.map(n => [n.x * m.a + m.e, n.y * m.d + m.f]);
        let best = null, bestD = 0;
        for (let x = box.left + 10; x < box.right - 60; x += 6)
          for (let y = Math.max(box.top, 60) + 70; y < Math.min(box.bottom, 600); y += 6) {
            const d = Math.min(...nodes.map(([a, b]) => Math.hypot(a - x, b - y)));
            if (d > bestD) { bestD = d; best = [x, y]; }
          }
        return [best, bestD]; }"""
    )
    (mx, my), distance = far
    assert distance > 12 + 22 + 4
    touch(pg, [(mx, my)])
    assert pg.evaluate("window.TW.G.record['x-draft'].starts") == {"Ann": "F5"}
    assert "No intersection here" in status(pg) and "Ben" in status(pg)
    # Zoomed out until intersections lie closer than 44 px: a tap zooms in (and says so) first.
    for _ in range(3):
        pg.click("#zoom-out")
    zoom = pg.evaluate("window.TW.G.zoom")
    a, b = on_screen(pg, ["F5", "F6"])
    assert math.dist(a, b) < 44
    (gx, gy), *_ = in_view(pg, ["G7"])
    touch(pg, [(gx, gy)])
    assert pg.evaluate("window.TW.G.zoom") > zoom
    a, b = on_screen(pg, ["F5", "F6"])
    assert math.dist(a, b) >= 44
    assert "Zoomed in" in status(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].starts") == {"Ann": "F5"}
    (gx, gy), *_ = on_screen(pg, ["G7"])
    touch(pg, [(gx, gy)])
    assert pg.evaluate("window.TW.G.record['x-draft'].starts") == {"Ann": "F5", "Ben": "G7"}
    assert not context.errors, context.errors
    context.close()
