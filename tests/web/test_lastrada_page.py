"""La Strada's page at the table: the end of a game entered in few taps, the two-player variant,
gold per settlement, the winners and how the tie was broken. In Debian's Chromium at phone size,
with end positions played out by the engine (``tests/support/lastrada_taps.py``); the engine's
answers the page asks for are checked without a browser in tests/play/test_lastrada_answers.py."""

from __future__ import annotations

import json

import pytest

from tests.support import lastrada_taps as taps
from tests.web.browser import (
    cli_score,
    drive,
    exported,
    new_game,
    open_page,
    phone,
    settle,
    shot,
    start,
    touch,
)
from trackwright.scorer import lastrada as ls

pytestmark = pytest.mark.slow


# ------------------------------------------------------------------ the page


def _row_texts(pg) -> dict[str, str]:
    return pg.eval_on_selector_all(
        "#settlement-gold tr[data-settlement]",
        "rows => Object.fromEntries(rows.map(r => [r.dataset.settlement, r.innerText]))",
    )


KIND = {
    "city": "City",
    "fortified_village": "Fortified village",
    "hamlet": "Hamlet",
    "farm": "Farm",
}


def test_a_four_player_end_in_under_forty_taps_scored_as_the_cli(browser, static_site, tmp_path):
    context = phone(browser)
    pg = open_page(context, static_site)
    for seed in (0, 1):
        pos = taps.position(taps.play(seed))
        new_game(pg, "lastrada", "b:standard", players=pos["players"])
        start(pg)
        pg.wait_for_selector("#ls-walk button[data-merchants]")
        if seed == 0:
            shot(pg, "lastrada-walk")
        count = taps.by_settlement(pg, pos)  # every tap counted: buttons and days
        assert count < 40, count
        settle(pg)
        path = exported(pg, tmp_path, f"ls-{seed}.json")
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert taps.same_position(saved, pos)
        shown = pg.evaluate("window.TW.G.score")
        assert cli_score("lastrada", path, tmp_path) == shown
        truth = ls.score(ls.record_from_json(pos)).to_json()
        assert taps.same_score(shown, truth)
        # Gold per settlement, by the names printed on the board, with the gold each gets.
        rows = _row_texts(pg)
        for st in shown["settlements"]:
            if st["players"]:
                text = rows[st["id"]]
                assert KIND[st["kind"]] in text and st["id"] in text
                assert all(p in text for p in st["players"])
                assert text.rstrip().endswith(str(st["gold_each"]))
        winners = pg.inner_text("#winners")
        assert all(w in winners for w in shown["winners"])
        if seed == 0:
            shot(pg, "lastrada-gold", "#winners")
    # Readable at 360 px: nothing wider than the screen, buttons a finger's size.
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    assert pg.evaluate(
        "(() => { const t = document.getElementById('settlement-gold'); return t.scrollWidth <= t.parentElement.clientWidth; })()"
    )
    sizes = pg.eval_on_selector_all(
        "#ls-walk button, #ls-days button, #players button",
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })",
    )
    assert sizes and min(min(w, h) for w, h in sizes) >= 44, sizes
    assert not context.errors, context.errors
    context.close()


def test_the_two_player_variant_chosen_entered_and_scored(browser, static_site, tmp_path):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "lastrada", "b:standard", players=("Ann", "Ben", ""))
    pg.locator("input.player").nth(2).dispatch_event("input")
    pg.wait_for_function("document.getElementById('new-variant').value === 'two-player'")
    assert pg.eval_on_selector("#new-variant option[value=standard]", "o => o.disabled")
    assert "one merchant per settlement" in pg.inner_text("#new-variant-note")
    start(pg)
    assert pg.evaluate("window.TW.G.record.variant") == "two-player"
    pg.wait_for_selector("#ls-walk button[data-merchants]")
    offered = pg.eval_on_selector_all(
        "#ls-walk button[data-merchants]", "bs => bs.map(b => b.dataset.merchants)"
    )
    assert sorted(offered) == ["", "Ann", "Ben"]  # one merchant a settlement, or nobody
    pos = taps.position(taps.play(3, players=2))
    assert pos["variant"] == "two-player"
    count = taps.by_settlement(pg, pos)
    assert count == len(pg.evaluate("window.TW.G.board.map.settlements")) + 2
    settle(pg)
    path = exported(pg, tmp_path, "ls-two.json")
    shown = pg.evaluate("window.TW.G.score")
    assert cli_score("lastrada", path, tmp_path) == shown
    assert taps.same_score(shown, ls.score(ls.record_from_json(pos)).to_json())
    assert shown["variant"] == "two-player"
    # Player by player, a settlement the rival holds is not taken: the page says why.
    taken = next(sid for sid, who in pos["settlements"].items() if who == ["Ben"])
    before = pg.evaluate("window.TW.G.record.settlements")
    drive(pg, f"await drive.player('Ann'); await drive.tap('circle[data-settlement=\"{taken}\"]');")
    assert "No room left" in pg.inner_text("#status")
    assert pg.evaluate("window.TW.G.record.settlements") == before
    assert not context.errors, context.errors
    context.close()


def test_player_by_player_toggles_and_the_tie_break_in_french(browser, static_site):
    context = phone(browser)
    context.add_init_script("localStorage.setItem('tw-lang', 'fr')")
    pg = open_page(context, static_site)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    assert pg.inner_text("#ls-mode-walk") == "Par localité"
    drive(
        pg,
        """
await drive.player('Ann');
await drive.tap('circle[data-settlement="s01"]');
await drive.tap('circle[data-settlement="s01"]');
await drive.tap('circle[data-settlement="s03"]');
await drive.player('Ben');
await drive.tap('circle[data-settlement="s14"]');
await drive.player('Ann');
await drive.tap('#ls-days button[data-days="2"]');
""",
    )
    record = pg.evaluate("window.TW.G.record")
    assert record["settlements"] == {"s03": ["Ann"], "s14": ["Ben"]}
    assert record["reserve"] == {"Ann": 2}
    # A day tapped moves on to the next player.
    assert pg.evaluate("window.TW.G.player") == 1
    drive(pg, "await drive.tap('#ls-days button[data-days=\"5\"]');")
    text = pg.inner_text("#winners")
    assert "Ann et Ben sont à égalité" in text and "Ben gagne" in text, text
    assert "Ville" in pg.inner_text("#settlement-gold")
    shot(pg, "lastrada-fr", "#ls-days")
    assert not context.errors, context.errors
    context.close()


def test_a_tap_on_nothing_says_so_and_every_change_says_what_it_did(browser, static_site):
    """Real touch input at 360 x 740: a tap far from every settlement says so in words and changes
    nothing; a merchants' button, a settlement tapped for a player and a day each say what they
    did, with Undo in the message (which takes the change back)."""
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    pg.wait_for_selector("#ls-walk button[data-merchants]")
    settle(pg)
    box = pg.locator("#board").bounding_box()
    spot = pg.evaluate(
        """([x0, y0, w, h]) => { const m = document.querySelector('svg.board-overlay').getScreenCTM();
        const cs = window.TW.G.board.map.settlements.map(s => window.TW.hexCentre(s.hex))
          .map(([x, y]) => [x * m.a + m.e, y * m.d + m.f]);
        for (let y = y0 + 10; y < Math.min(y0 + h, innerHeight) - 10; y += 6)
          for (let x = x0 + 10; x < x0 + w - 60; x += 6)
            if (cs.every(([cx, cy]) => Math.hypot(cx - x, cy - y) > 40)) return [x, y];
        return null; }""",
        [box["x"], box["y"], box["width"], box["height"]],
    )
    assert spot, "no spot far from every settlement in view"
    touch(pg, [tuple(spot)])
    assert "No settlement here" in pg.inner_text("#status")
    assert pg.evaluate("window.TW.G.record.settlements") == {}
    first = pg.get_attribute("#ls-where", "data-settlement")
    at = pg.locator('#ls-walk button[data-merchants="Ann,Ben"]').bounding_box()
    touch(pg, [(at["x"] + at["width"] / 2, at["y"] + at["height"] / 2)])
    said = pg.inner_text("#status")
    assert f"{first}: Ann and Ben" in said and pg.locator("#status-undo").count() == 1
    pg.click("#status-undo")
    settle(pg)
    assert pg.evaluate("window.TW.G.record.settlements") == {}
    drive(pg, "await drive.player('Cleo'); await drive.tap('circle[data-settlement=\"s05\"]');")
    assert "Cleo's merchant on" in pg.inner_text("#status") and "s05" in pg.inner_text("#status")
    drive(pg, "await drive.tap('#ls-days button[data-days=\"1\"]');")
    assert "Cleo: 1 travel day kept" in pg.inner_text("#status")
    assert not context.errors, context.errors
    context.close()
