"""The mode buttons of each game's page come in the order a table enters a round (issue 26): in
TransAmerica the hands dealt, then the start markers, then the track (the rules' order: each
player draws their cards, places their start marker, then the track is laid turn by turn); in La
Strada settlement by settlement (the board cleared to score it) before player by player. In
Debian's Chromium at 360 x 740."""

from __future__ import annotations

import pytest

from tests.web.browser import new_game, open_page, phone, start

pytestmark = pytest.mark.slow


def test_mode_buttons_in_the_order_a_round_is_entered(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "transamerica", "b:usa")
    start(pg)
    pg.wait_for_selector("#mode-track")
    ids = pg.eval_on_selector_all("[id^='mode-']", "bs => bs.map(b => b.id)")
    assert ids[:3] == ["mode-cards", "mode-start", "mode-track"], ids
    assert "Choose Cards or Start" in pg.inner_text("#hint")
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    pg.wait_for_selector("#ls-mode-walk")
    ids = pg.eval_on_selector_all("[id^='ls-mode-']", "bs => bs.map(b => b.id)")
    assert ids == ["ls-mode-walk", "ls-mode-player"], ids
    assert not context.errors, context.errors
    context.close()
