"""The home page's list of the games on the laptop, in Chromium at phone size (360 x 740): games of
the same game and players are told apart by their map and when each was started and changed."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.conftest import ROOT
from tests.web.browser import (
    a_laptop_game_and_a_second_phone,
    drive,
    open_page,
    phone,
    settle,
)

pytestmark = pytest.mark.slow


def post(base: str, record: dict) -> str:
    request = urllib.request.Request(
        base + "api/games",
        data=json.dumps(record).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())["id"]


def test_the_laptops_games_are_told_apart(browser, laptop):
    own = json.loads(
        (ROOT / "templates/transamerica/examples/minimal-map.json").read_text(encoding="utf-8")
    )
    players = ["Ann", "Ben", "Cleo"]
    on_usa = post(
        laptop.base, {"game": "transamerica", "map": "usa", "players": players, "rounds": []}
    )
    island = {"game": "transamerica", "map": {**own, "name": "Our island"}, "players": players}
    on_island = post(laptop.base, {**island, "rounds": []})
    listed = {g["id"]: g for g in laptop.get("api/games")}
    ctx = phone(browser)
    pg = open_page(ctx, laptop.base)
    pg.wait_for_selector(f'[data-listed="{on_island}"]')
    rows = {gid: pg.inner_text(f'[data-listed="{gid}"]') for gid in (on_usa, on_island)}
    assert rows[on_usa].splitlines()[0] == rows[on_island].splitlines()[0]  # same game, players
    assert rows[on_usa] != rows[on_island]
    assert "Our island" in rows[on_island] and "USA" in rows[on_usa].upper()
    for gid, text in rows.items():
        started = pg.evaluate(
            "s => new Date(s * 1000).toLocaleString('en', {day: 'numeric', month: 'short', "
            "hour: '2-digit', minute: '2-digit'})",
            listed[gid]["created"],
        )
        assert f"started {started}" in text and "last change" in text, text
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360  # no row wider than a phone
    assert not ctx.errors, ctx.errors
    ctx.close()


def test_a_change_on_one_phone_shows_on_the_other_by_the_long_poll(browser, laptop):
    """Two phones on one game: what one enters shows on the other, which waits for it with the
    laptop's long poll (GET games/{id}/wait) instead of asking every second and a half. (The
    latency is measured by benchmarks/live.py.)"""
    a_ctx, a, b_ctx, b, gid = a_laptop_game_and_a_second_phone(browser, laptop)
    waits: list[str] = []
    b.on("request", lambda r: waits.append(r.url) if "/wait?" in r.url else None)
    b.click(f'[data-join="{gid}"]')
    b.wait_for_selector("#gold")
    settle(b)
    for sid in ("s01", "s02"):
        drive(
            a, f"await drive.player('Ann'); await drive.tap('circle[data-settlement=\"{sid}\"]');"
        )
        b.wait_for_function(
            "id => (window.TW.G.record.settlements || {})[id]?.includes('Ann')",
            arg=sid,
            timeout=15_000,
        )
    assert waits and all(f"games/{gid}/wait?version=" in u for u in waits)
    assert laptop.get(f"api/games/{gid}")["settlements"] == {"s01": ["Ann"], "s02": ["Ann"]}
    for ctx in (a_ctx, b_ctx):
        assert not ctx.errors, ctx.errors
        ctx.close()
