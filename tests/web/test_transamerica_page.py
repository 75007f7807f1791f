"""TransAmerica at the table, in a real browser at phone size: hands by tapping cities (on the
board or on the cards by colour), what keeps a round from counting shown with its place on the
board, a round entered turn by turn with the engine checking every turn, the scored round
explained as ``--explain`` draws it (hands, start markers, missing tracks listed and drawn in each
player's colour and dash, the barrier, why the game ended), and the whole interface in another
language. With TRACKWRIGHT_SCREENSHOTS=1 the README's screenshots are refreshed."""

from __future__ import annotations

import json

import pytest

from tests.support import simulate
from tests.web.browser import (
    HANDS_AND_STARTS,
    cli_score,
    drive,
    exported,
    new_browser,
    new_game,
    open_page,
    phone,
    settle,
    shot,
    start,
    stroke,
)
from trackwright.core import transamerica as ta_model

pytestmark = pytest.mark.slow


def problems(pg) -> list[dict]:
    pg.wait_for_timeout(50)
    settle(pg)
    return pg.evaluate(
        "window.TW.engine.draftProblems(JSON.parse(JSON.stringify(window.TW.G.record)))"
    )


def test_hands_by_tapping_and_the_checks_before_scoring(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    m = ta_model.load("usa")
    new_game(pg, "transamerica", "b:usa")  # three players: the dotted cards are out
    start(pg)
    dotted = [c.name for c in m.cities if c.dotted]
    plain = [c.name for c in m.cities if not c.dotted]
    drive(pg, "await drive.tap('#mode-cards');")
    assert pg.locator("button[data-city]").count() == len(plain)
    assert all(pg.locator(f'button[data-city="{c}"]').count() == 0 for c in dotted)
    # A city tapped on the board (cards mode) and on the cards; a second city of the same colour
    # replaces the first; a city Ann holds is greyed out for Ben.
    by_region = {
        r: [c for c in m.cities if c.region == r and not c.dotted] for r in ta_model.REGIONS
    }
    green = by_region["green"]
    drive(pg, "await drive.tap('#mode-cards');")
    drive(pg, f"await drive.tap('circle[data-city-node=\"{green[0].name}\"]');")
    drive(pg, f"await drive.tap('button[data-city=\"{green[1].name}\"]');")
    hand = pg.evaluate("window.TW.G.record['x-draft'].cities.Ann")
    assert hand == [green[1].name]
    drive(pg, "await drive.player('Ben');")
    assert pg.locator(f'button[data-city="{green[1].name}"]').is_disabled()
    # Checks before scoring, from the engine, each with its place on the board.
    kinds = {p["code"] for p in problems(pg)}
    assert {"colours", "start"} <= kinds
    text = pg.inner_text("#problems")
    assert "Ann: no city yet for" in text and "Ben: no start marker" in text
    # Track joined to no start marker is drawn in red.
    drive(pg, "await drive.tap('#mode-track');")
    stroke(pg, ["M10", "M11", "M12"])
    assert any(p["code"] == "stray" for p in problems(pg))
    assert pg.locator("#overlay line.stray").count() == 2
    # Ann's five cards: the cards move on to the next player by themselves.
    drive(pg, "await drive.player('Ann'); await drive.tap('#mode-cards');")
    for region in ta_model.REGIONS[1:]:
        drive(pg, f"await drive.tap('button[data-city=\"{by_region[region][0].name}\"]');")
    assert pg.evaluate("window.TW.G.player") == 1
    assert len(pg.evaluate("window.TW.G.record['x-draft'].cities.Ann")) == 5
    shot(pg, "transamerica-cards")
    assert not context.errors, context.errors
    context.close()


def test_a_round_turn_by_turn_then_explained(browser, static_site, tmp_path):
    context = phone(browser)
    pg = open_page(context, static_site)
    m = ta_model.load("usa")
    players = ["Ann", "Ben", "Cleo", "Dan"]
    record = simulate.play_game(m, players, seed=11)
    rnd = record["rounds"][0]
    new_game(pg, "transamerica", "b:usa", players=players)
    start(pg)
    drive(pg, "await drive.tap('#turn-mode');")
    drive(pg, HANDS_AND_STARTS, {"round": rnd, "players": players})
    pg.wait_for_selector("#turn-due")
    # A track out of turn is refused with the engine's reason, and nothing is kept.
    first = rnd["turns"][0]
    wrong = next(
        e for e in m.edges if e.a == rnd["starts"][players[1]] or e.b == rnd["starts"][players[1]]
    )
    pg.evaluate("window.TW.G.player = 1")
    drive(pg, f"await drive.tap('line[data-edge=\"{'|'.join(sorted([wrong.a, wrong.b]))}\"]');")
    settle(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].track") == []
    assert "does not touch Ann's network" in pg.inner_text("#status")
    for k, turn in enumerate(rnd["turns"]):
        due = pg.inner_text("#turn-due")
        assert f"{turn['player']} to play" in due, (k, due)
        for a, b in turn["track"]:
            edge = "|".join(sorted([a, b]))
            drive(pg, f"await drive.tap('line[data-edge=\"{edge}\"]');")
            pg.wait_for_timeout(5)
            settle(pg)
        laid = pg.evaluate("window.TW.G.record['x-draft'].turns.filter(t => t.track.length).length")
        assert laid == k + 1, (k, laid)
        if len(turn["track"]) == 1 and m.edge_by_key[tuple(sorted(turn["track"][0]))].cost == 1:
            drive(pg, "await drive.tap('#end-turn');")
    assert first["player"] == players[0]
    pg.wait_for_selector("text=The round has ended")
    drive(pg, "await drive.tap('#score-round');")
    pg.wait_for_selector("#evidence")
    shown = pg.evaluate("window.TW.G.score")
    last = shown["rounds"][0]
    assert last["ended"] and last["completed_by"]
    # The evidence: each player's missing tracks listed as the rules write them, and drawn.
    for p in players:
        listed = pg.inner_text(f'[data-missing="{p}"]')
        for a, b in last["routes"][p]:
            mark = "=" if m.edge_by_key[tuple(sorted((a, b)))].cost == 2 else "-"
            assert f"{a}{mark}{b}" in listed or f"{b}{mark}{a}" in listed  # read along its leg
        assert pg.locator(f'#overlay line.missing[data-player="{p}"]').count() == len(
            last["routes"][p]
        )
    assert "connected all five cities" in pg.inner_text("#round-end")
    assert "The barrier is set after round" in pg.inner_text("#barrier")
    shot(pg, "transamerica-explained")
    shot(pg, "transamerica-evidence", at="#evidence")
    path = exported(pg, tmp_path, "turns.json")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [t["player"] for t in saved["rounds"][0]["turns"]] == [t["player"] for t in rnd["turns"]]
    assert cli_score("transamerica", path, tmp_path) == shown
    assert not context.errors, context.errors
    context.close()


def test_the_interface_in_the_phones_language_and_switchable(browser, static_site):
    context = new_browser(
        browser,
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        has_touch=True,
        locale="fr-FR",
    )
    pg = open_page(context, static_site)
    assert pg.inner_text("#main h1") == "Compter les points à table"
    assert pg.evaluate("document.documentElement.lang") == "fr"
    shot(pg, "home-fr")
    pg.select_option("#new-game", "transamerica")
    settle(pg)
    pg.click("#create")
    pg.wait_for_url("**#/game/**")
    pg.wait_for_selector("#score-round")
    settle(pg)
    assert pg.inner_text("#score-round") == "Compter la manche"
    pg.click("#mode-cards")
    settle(pg)
    assert "Côte ouest" in pg.inner_text("#cards")  # the cards' regions as printed in French
    shot(pg, "transamerica-fr")
    # Switched in the header: kept on this phone, the board and the page in German.
    pg.select_option("#lang", "de")
    pg.wait_for_function("document.querySelector('#score-round')?.textContent === 'Runde werten'")
    settle(pg)
    pg.click("#mode-cards")
    settle(pg)
    assert "Westküste" in pg.inner_text("#cards")
    pg.reload()
    pg.wait_for_selector("#score-round")
    assert pg.inner_text("#score-round") == "Runde werten"
    shot(pg, "transamerica-de")
    assert not context.errors, context.errors
    context.close()


def test_stray_track_is_named_and_lifted_in_one_tap(browser, static_site):
    """Track joined to no start marker (a photo's stray read) is named before scoring with a
    button that lifts it: one tap, which says what it did, Undo at hand; the rest stays."""
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    joined = [["B5", "B6"], ["B6", "B7"]]
    stray = [["M10", "M11"], ["M11", "M12"]]
    draft = {"cities": {}, "starts": {"Ann": "B5"}, "track": joined + stray}
    pg.evaluate("d => window.TW.change(record => { record['x-draft'] = d; })", draft)
    settle(pg)
    lift = pg.locator('[data-problem="stray"] button.lift-stray')
    lift.wait_for()
    assert "M10-M11" in pg.inner_text('[data-problem="stray"]')
    box = lift.bounding_box()
    assert box and box["height"] >= 44
    assert lift.inner_text() == "Lift 2 tracks"
    # Too far from every marker to be a space the photo missed: lifting is the only fix.
    assert pg.locator('[data-problem="stray"] button.join-stray').count() == 0
    lift.scroll_into_view_if_needed()
    lift.tap()
    settle(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].track") == joined
    assert "Lifted 2" in pg.inner_text("#status")
    assert pg.locator('[data-problem="stray"]').count() == 0
    assert not context.errors, context.errors
    context.close()


def test_stray_track_one_space_from_a_network_is_joined_in_one_tap(browser, static_site):
    """Real track a photo cut off by missing the one space between it and its player's
    network: beside "Lift", the page offers the engine's join ("Join at B7-B8"): one tap lays
    that space, says "Laid 1" with Undo, and the track stays; Undo takes the space back."""
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    joined = [["B5", "B6"], ["B6", "B7"]]
    stray = [["B8", "B9"], ["B9", "B10"]]
    draft = {"cities": {}, "starts": {"Ann": "B5"}, "track": joined + stray}
    pg.evaluate("d => window.TW.change(record => { record['x-draft'] = d; })", draft)
    settle(pg)
    join = pg.locator('[data-problem="stray"] button.join-stray')
    join.wait_for()
    assert join.count() == 1
    assert join.inner_text() == "Join at B7-B8"
    assert pg.locator('[data-problem="stray"] button.lift-stray').count() == 1
    box = join.bounding_box()
    assert box and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    join.scroll_into_view_if_needed()
    join.tap()
    settle(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].track") == [*joined, *stray, ["B7", "B8"]]
    assert "Laid 1" in pg.inner_text("#status")
    pg.wait_for_timeout(50)
    settle(pg)
    assert pg.locator('[data-problem="stray"]').count() == 0
    assert not [p for p in problems(pg) if p["code"] == "stray"]
    pg.locator("#status-undo").tap()
    settle(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].track") == joined + stray
    assert not context.errors, context.errors
    context.close()
