"""A scored TransAmerica round explained at a glance on a phone (360x740, touch): one tap on a
player pans and zooms the board onto exactly that player's missing tracks and scrolls the page to
it; missing tracks are drawn boldly in the player's colour and dash, their cities ringed, the
names the explanation uses written on the board at a size one can read; and the words beside the
board say, from the engine's evidence alone, how many tracks each player misses, to connect
which cities, from where to where, and what "=" is. With TRACKWRIGHT_SCREENSHOTS=1 the round's
entry and its explanation are saved to docs/screenshots/."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import ROOT
from tests.support import simulate
from tests.web.browser import SHOTS, choose_starts, new_game, open_page, phone, settle, start
from trackwright.core import transamerica as ta_model

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
#: A simulated game whose first round has it all: Ann misses 1 track, Ben 4 (one on a double
#: line, 5 points), Cleo nothing, Dan 5 (6 points).
SEED = 4
DF_EXAMPLE = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def first_round() -> dict:
    rnd = simulate.play_game(ta_model.load("usa"), PLAYERS, seed=SEED)["rounds"][0]
    track = rnd.get("track") or [e for t in rnd["turns"] for e in t["track"]]
    return {"cities": rnd["cities"], "starts": rnd["starts"], "track": track}


def enter_round(pg, rnd: dict) -> None:
    """The round's hands, markers and track put in the page's draft: the round's entry."""
    pg.evaluate(
        "rnd => window.TW.change(record => { record['x-draft'] = rnd; })",
        rnd,
    )
    settle(pg)


def score_round(pg) -> dict:
    pg.click("#score-round")
    settle(pg)
    pg.wait_for_selector('#explain-players[data-fitted=""]', timeout=60_000)
    return pg.evaluate("window.TW.G.score.rounds[0]")


def shoot(pg, name: str) -> None:
    """A screenshot of the screen as it is (not scrolled first: the view the tap left)."""
    if os.environ.get("TRACKWRIGHT_SCREENSHOTS"):
        pg.evaluate("document.getElementById('status').replaceChildren()")
        pg.screenshot(path=str(SHOTS / f"{name}.png"))


# What the screen shows now, in CSS px: the board's window, the header's foot, each player's
# missing tracks drawn (boxes), the names written on the board and their height.
MEASURE = """
who => {
  const wrap = document.getElementById('board'), over = wrap.querySelector('svg.board-overlay');
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
  const lines = [...over.querySelectorAll('#overlay line.missing')];
  const labels = [...over.querySelectorAll('g.explain-labels text')];
  const ctm = over.getScreenCTM();
  return {
    window: box(wrap), header: document.querySelector('header').getBoundingClientRect().bottom,
    viewport: window.innerHeight,
    mine: lines.filter(l => l.dataset.player === who).map(box),
    others: lines.filter(l => l.dataset.player !== who).length,
    width: lines.filter(l => l.dataset.player === who && !l.classList.contains('double'))
      .map(l => Number(l.getAttribute('stroke-width')) * ctm.a),
    doubleWidth: [...over.querySelectorAll('#overlay line.double, #overlay line.missing-second')]
      .filter(l => l.dataset.player === who).map(l => Number(l.getAttribute('stroke-width')) * ctm.a),
    dash: lines.filter(l => l.dataset.player === who).map(l => l.getAttribute('stroke-dasharray')),
    labels: labels.map(l => l.dataset.label),
    labelPx: labels.map(l => l.getBoundingClientRect().height),
    fontPx: labels.length ? Number(labels[0].parentNode.getAttribute('font-size')) * ctm.a : 0,
    river: 1.3 * ctm.a,
    zoom: window.TW.G.zoom,
    buttons: [...document.querySelectorAll('#explain-players button')].map(box),
  };
}
"""


def union(boxes: list[dict]) -> dict:
    return {
        "left": min(b["left"] for b in boxes),
        "right": max(b["right"] for b in boxes),
        "top": min(b["top"] for b in boxes),
        "bottom": max(b["bottom"] for b in boxes),
    }


def assert_fitted(seen: dict, routes: list) -> None:
    win, tracks = seen["window"], union(seen["mine"])
    # The board's window is in view, below the sticky header, and within the screen.
    assert win["top"] >= seen["header"] - 1 and win["bottom"] <= seen["viewport"] + 1, seen
    # Every one of the player's missing tracks is inside the board's window...
    assert len(seen["mine"]) == len(routes)
    for b in seen["mine"]:
        assert b["left"] >= win["left"] - 1 and b["right"] <= win["right"] + 1, (b, win)
        assert b["top"] >= win["top"] - 1 and b["bottom"] <= win["bottom"] + 1, (b, win)
    # ... and they fill it (the margin left for rings and names aside), unless the zoom is
    # already the closest the explanation goes (a few track spaces across the window).
    fill = max(
        (tracks["right"] - tracks["left"]) / win["width"],
        (tracks["bottom"] - tracks["top"]) / win["height"],
    )
    assert fill >= 0.5 or seen["zoom"] >= 3, (fill, seen["zoom"])
    # Only that player's missing tracks are drawn.
    assert seen["others"] == 0


def test_one_tap_on_a_player_shows_exactly_their_missing_tracks(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    m = ta_model.load("usa")
    new_game(pg, "transamerica", "b:usa", players=PLAYERS)
    start(pg)
    rnd = first_round()
    enter_round(pg, rnd)
    pg.evaluate("window.scrollTo(0, 0)")
    shoot(pg, "transamerica-round-entry")
    zoom = pg.evaluate("window.TW.G.zoom")
    last = score_round(pg)
    assert last["missing"] == {"Ann": 1, "Ben": 5, "Cleo": 0, "Dan": 6}
    # Everyone's missing tracks at first, the view fitted to them all; the buttons a finger wide.
    seen = pg.evaluate(MEASURE, "")
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in seen["buttons"]), seen["buttons"]
    assert len(seen["buttons"]) == len(PLAYERS) + 1
    shoot(pg, "transamerica-explain-everyone")
    dashes = {}
    for p in ["Ben", "Dan", "Ann"]:
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # far from the board
        pg.tap(f'#explain-players button[data-explain="{p}"]')
        pg.wait_for_selector(f'#explain-players[data-fitted="{p}"]')
        settle(pg)
        seen = pg.evaluate(MEASURE, p)
        assert_fitted(seen, last["routes"][p])
        # Heavier than anything printed (a river is the widest printed line).
        assert min(seen["width"]) >= 2 * seen["river"], seen["width"]
        # A double line drawn double, each of its two strokes heavier than a river.
        assert all(w >= 1.3 * seen["river"] for w in seen["doubleWidth"]), seen["doubleWidth"]
        doubles = sum(1 for leg in last["legs"][p] for s in leg["spaces"] if s[2] == 2)
        assert len(seen["doubleWidth"]) == 2 * doubles
        dashes[p] = set(seen["dash"])
        # Every intersection of the missing tracks, every city of the hand and the start marker
        # named on the board, at a size one can read.
        nodes = {n for e in last["routes"][p] for n in e}
        hand = {m.city_by_name[c].node for c in rnd["cities"][p]}
        assert nodes | hand | {rnd["starts"][p]} == set(seen["labels"])
        assert min(seen["labelPx"]) >= 11 and seen["fontPx"] >= 11, seen["labelPx"]
        if p in ("Ben", "Ann"):  # the whole board's width, and one track close up
            shoot(pg, f"transamerica-explain-{p.lower()}")
    # Each player's own dash: told apart without colour.
    assert len({frozenset(d) for d in dashes.values()}) == 3
    # Zoomed out with the button: the names keep their size on the screen.
    pg.tap("#zoom-out")
    settle(pg)
    seen = pg.evaluate(MEASURE, "Ann")
    assert seen["fontPx"] >= 11 and min(seen["labelPx"]) >= 11
    # A player who misses nothing: the view goes to their network.
    pg.tap('#explain-players button[data-explain="Cleo"]')
    pg.wait_for_selector('#explain-players[data-fitted="Cleo"]')
    assert pg.evaluate(MEASURE, "Cleo")["others"] == 0
    assert "Cleo connected all five cities" in pg.inner_text("#explained")
    # Undone, back to the round's entry: the board at the zoom it had there.
    pg.tap("#undo")
    pg.wait_for_selector("#score-round")
    settle(pg)
    assert pg.evaluate("window.TW.G.zoom") == zoom
    assert not context.errors, context.errors
    context.close()


def test_the_words_say_how_many_why_and_from_where_to_where(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    m = ta_model.load("usa")
    new_game(pg, "transamerica", "b:usa", players=PLAYERS)
    start(pg)
    enter_round(pg, first_round())
    last = score_round(pg)
    words = pg.inner_text("#explained")
    # Everyone at once: one line each, with plurals as they should be.
    assert "Ann misses 1 track to connect" in words and ": 1 point lost." in words
    assert (
        "Ben misses 4 tracks to connect" in words
        and "(1 on a double line, =): 5 points lost." in words
    )
    assert "Dan misses 5 tracks" in words and "6 points lost." in words
    assert "Cleo connected all five cities: nothing missing" in words
    # What "-" and "=" are, with the costs the engine counted.
    key = pg.inner_text("#line-key")
    assert (
        "“=” is a double line (mountains or a river crossing): 2 points for each missing one" in key
    )
    assert "“-” is a single line: 1 point for each missing one" in key
    # One player: each leg from where to where, its spaces as the rules write them.
    pg.tap('#explain-players button[data-explain="Ben"]')
    pg.wait_for_selector('#explain-players[data-fitted="Ben"]')
    words = pg.inner_text("#explained")
    for city in last["unconnected"]["Ben"]:
        assert city in words
    legs = pg.locator('#explained [data-legs="Ben"] li')
    assert legs.count() == len(last["legs"]["Ben"])
    for k, leg in enumerate(last["legs"]["Ben"]):
        text = legs.nth(k).inner_text()
        assert text.startswith(f"From Ben's network at {leg['from']} to ")
        city = m.city_by_node[leg["to"]].name
        assert f"to {city} ({leg['to']})" in text
        for a, b, cost in leg["spaces"]:
            assert f"{a}{'=' if cost == 2 else '-'}{b}" in text
        n = len(leg["spaces"])
        assert f"({n} track{'s' if n > 1 else ''}, {leg['points']} point" in text
    # The evidence card lists every player the same way.
    for p in PLAYERS:
        listed = pg.inner_text(f'[data-missing="{p}"]')
        for leg in last["legs"][p]:
            for a, b, cost in leg["spaces"]:
                assert f"{a}{'=' if cost == 2 else '-'}{b}" in listed
    # The same in French, German and Italian: their plurals.
    for lang, one, many, double in [
        ("fr", "Il manque 1 rail à Ann", "Il manque 4 rails à Ben", "dont 1 sur une ligne double"),
        ("de", "Ann fehlt 1 Schiene", "Ben fehlen 4 Schienen", "davon 1 auf einer Doppellinie"),
        ("it", "A Ann manca 1 binario", "A Ben mancano 4 binari", "di cui 1 su una linea doppia"),
    ]:
        pg.select_option("#lang", lang)
        pg.wait_for_function(f"document.documentElement.lang === '{lang}'")
        settle(pg)
        pg.tap('#explain-players button[data-explain=""]')
        settle(pg)
        words = pg.inner_text("#explained")
        assert one in words and many in words and double in words, words
        if lang == "fr":
            pg.tap('#explain-players button[data-explain="Ben"]')
            pg.wait_for_selector('#explain-players[data-fitted="Ben"]')
            assert "Il manque 4 rails à Ben pour relier" in pg.inner_text("#explained")
            assert "Depuis le réseau de Ben en " in pg.inner_text("#explained")
            shoot(pg, "transamerica-explain-fr")
    pg.select_option("#lang", "en")
    assert not context.errors, context.errors
    context.close()


def test_a_tap_on_a_leg_zooms_onto_it(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa", players=PLAYERS)
    start(pg)
    enter_round(pg, first_round())
    last = score_round(pg)
    pg.tap('#explain-players button[data-explain="Ben"]')
    pg.wait_for_selector('#explain-players[data-fitted="Ben"]')
    whole = pg.evaluate("window.TW.G.zoom")
    # Ben's legs lie on both coasts: the one with the double line, tapped in the words.
    k = next(
        i for i, leg in enumerate(last["legs"]["Ben"]) if any(s[2] == 2 for s in leg["spaces"])
    )
    leg = pg.locator(f'#explained [data-legs="Ben"] button[data-leg="{k}"]')
    box = leg.bounding_box()
    assert box and box["height"] >= 44
    leg.tap()
    pg.wait_for_selector(f'#explain-players[data-fitted="Ben"][data-leg="{k}"]')
    settle(pg)
    seen = pg.evaluate(MEASURE, "Ben")
    assert seen["zoom"] > 2 * whole
    spaces = {tuple(sorted(s[:2])) for s in last["legs"]["Ben"][k]["spaces"]}
    drawn = pg.evaluate(
        """() => [...document.querySelectorAll('#overlay line.missing[data-player="Ben"]')].map(l => {
          const r = l.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })"""
    )
    win = seen["window"]
    inside = [
        d
        for d in drawn
        if d[0] >= win["left"] - 1
        and d[1] <= win["right"] + 1
        and d[2] >= win["top"] - 1
        and d[3] <= win["bottom"] + 1
    ]
    assert len(inside) >= len(spaces)
    assert min(seen["labelPx"]) >= 11
    shoot(pg, "transamerica-explain-leg")
    # A leg tapped in the evidence card below: that player's view, the board scrolled back to.
    dan = pg.locator('#evidence [data-legs="Dan"] button[data-leg="0"]')
    dan.scroll_into_view_if_needed()
    dan.tap()
    pg.wait_for_selector('#explain-players[data-fitted="Dan"][data-leg="0"]')
    seen = pg.evaluate(MEASURE, "Dan")
    assert seen["window"]["top"] >= seen["header"] - 1
    assert seen["window"]["bottom"] <= seen["viewport"] + 1
    assert not context.errors, context.errors
    context.close()


def test_dampfross_one_tap_shows_a_players_network(browser, static_site):
    """Dampfross has the same want: under the board, one tap on a player zooms onto their network
    (the engine's), their line bold in their colour and dash, the others faded, in words too."""
    data = json.loads(DF_EXAMPLE.read_text("utf-8"))
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    choose_starts(pg, data)
    start(pg)
    pg.evaluate(
        "events => window.TW.change(record => { record.events = events; })", data["events"][:40]
    )
    settle(pg)
    pg.wait_for_selector("#network-players button")
    for p in data["players"]:
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        button = pg.locator(f'#network-players button[data-network="{p}"]')
        box = button.bounding_box()
        assert box and box["height"] >= 44
        button.tap()
        pg.wait_for_selector(f'#network-players[data-fitted="{p}"]')
        settle(pg)
        seen = pg.evaluate(
            """who => {
          const wrap = document.getElementById('board');
          const r = wrap.getBoundingClientRect();
          const mine = [...document.querySelectorAll('#overlay polyline.shown-network')]
            .filter(l => l.dataset.player === who).map(l => l.getBoundingClientRect());
          const faded = [...document.querySelectorAll('#overlay polyline')]
            .filter(l => l.getAttribute('opacity') === '0.3').length;
          return { win: [r.left, r.right, r.top, r.bottom, r.width, r.height], faded,
            mine: mine.map(b => [b.left, b.right, b.top, b.bottom]),
            header: document.querySelector('header').getBoundingClientRect().bottom,
            dash: [...document.querySelectorAll('#overlay polyline.shown-network')].map(l => l.getAttribute('stroke-dasharray')) };
        }""",
            p,
        )
        left, right, top, bottom, width, height = seen["win"]
        assert top >= seen["header"] - 1 and bottom <= 741
        assert seen["mine"] and seen["faded"]
        for b in seen["mine"]:
            assert b[0] >= left - 1 and b[1] <= right + 1 and b[2] >= top - 1 and b[3] <= bottom + 1
        spread = max(max(b[1] for b in seen["mine"]) - min(b[0] for b in seen["mine"]), 0)
        tall = max(b[3] for b in seen["mine"]) - min(b[2] for b in seen["mine"])
        assert spread >= 0.5 * width or tall >= 0.5 * height, (spread, tall, seen["win"])
        words = pg.inner_text("#network-words")
        assert words.startswith(f"{p}'s network: ") and "hexes" in words
        if p == data["players"][1]:
            shoot(pg, "dampfross-network")
    assert not context.errors, context.errors
    context.close()


# Where the lines, the names and the floating buttons are on the screen (CSS px): the missing
# tracks' widths, each name's box and place, the zoom buttons' box, the board's window.
CLEAR = """
() => {
  const over = document.querySelector('#board svg.board-overlay'), a = over.getScreenCTM().a;
  const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
  return {
    zoom: window.TW.G.zoom,
    widths: [...over.querySelectorAll('#overlay line.missing, #overlay line.missing-second')]
      .map(l => Number(l.getAttribute('stroke-width')) * a),
    labels: [...over.querySelectorAll('g.explain-labels text')].map(l =>
      ({ node: l.dataset.label, text: l.textContent, ...box(l.getBoundingClientRect()) })),
    buttons: box(document.querySelector('.board-frame .zoom-controls').getBoundingClientRect()),
    window: box(document.getElementById('board').getBoundingClientRect()),
  };
}
"""


def meets(r: dict, q: dict) -> bool:
    return (
        r["left"] < q["right"]
        and q["left"] < r["right"]
        and r["top"] < q["bottom"]
        and q["top"] < r["bottom"]
    )


def assert_clear(seen: dict, focus: set[str]) -> None:
    """Every missing track at least 4 CSS px wide, each stroke of a double line too; no name
    under the zoom buttons; the names of the view's places whole inside the board's window."""
    assert seen["widths"] and min(seen["widths"]) >= 4, seen["widths"]
    for label in seen["labels"]:
        assert not meets(label, seen["buttons"]), (label, seen["buttons"])
        if label["node"] in focus:
            win = seen["window"]
            assert win["left"] - 1 <= label["left"] and label["right"] <= win["right"] + 1, label
            assert win["top"] - 1 <= label["top"] and label["bottom"] <= win["bottom"] + 1, label


def test_missing_tracks_stay_bold_and_names_clear_of_the_buttons(browser, static_site):
    """Coast to coast, the view zooms far out: the missing tracks keep a width one sees (>= 4 CSS
    px, whatever the zoom, the buttons' zoom included), and the names keep clear of the zoom
    buttons, those of the view's places inside the window ("Richmond H17" once hid under them)."""
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa", players=PLAYERS)
    start(pg)
    enter_round(pg, first_round())
    last = score_round(pg)
    routes = last["routes"]
    everyone = {n for p in PLAYERS for e in routes[p] for n in e}
    assert_clear(pg.evaluate(CLEAR), everyone)
    for p in ["Ben", "Dan", "Ann"]:
        pg.tap(f'#explain-players button[data-explain="{p}"]')
        pg.wait_for_selector(f'#explain-players[data-fitted="{p}"]')
        settle(pg)
        seen = pg.evaluate(CLEAR)
        assert_clear(seen, {n for e in routes[p] for n in e})
    # Ben's tracks from coast to coast: zoomed far out, then out again and in with the buttons.
    pg.tap('#explain-players button[data-explain="Ben"]')
    pg.wait_for_selector('#explain-players[data-fitted="Ben"]')
    fitted = pg.evaluate(CLEAR)["zoom"]
    for button in ["#zoom-out", "#zoom-out", "#zoom-in", "#zoom-in", "#zoom-in"]:
        pg.tap(button)
        settle(pg)
        seen = pg.evaluate(CLEAR)
        assert min(seen["widths"]) >= 4, (button, seen["zoom"], seen["widths"])
        assert not any(meets(label, seen["buttons"]) for label in seen["labels"]), button
    # "−" never zooms in (the view was fitted farther out than the buttons go).
    assert seen["zoom"] > fitted
    assert not context.errors, context.errors
    context.close()
