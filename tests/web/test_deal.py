"""TransAmerica's cards dealt by the phones, driven in Chromium at 360 x 740 with touch: one tap
on the scoring phone deals the round (the engine's ``deal``, seeded by a code), which keeps the
hands hidden; each player's own phone opens the deal's link (what its QR code carries), taps a
name and shows that player's five cities, the same as the scoring phone dealt, and nobody
else's. No laptop: the phones share nothing but the link."""

from __future__ import annotations

import json

import pytest

from tests.web.browser import new_game, open_page, phone, settle, shot, start
from trackwright.play import bridge

pytestmark = pytest.mark.slow

PLAYERS = ("Ann", "Ben", "Cleo", "Dev")


def python_deal(record: dict, code: str) -> dict:
    answer = json.loads(bridge.ask_text("deal", json.dumps(record), json.dumps({"code": code})))
    return answer["ok"]["cities"]


#: What the hint says to choose when the phones dealt the hands (no Cards: it is hidden then).
HINTS = {
    "en": "Choose Start to tap the board",
    "fr": "Choisissez Départ pour toucher le plateau",
    "de": "Wähle Start, um auf den Plan zu tippen",
    "it": "Scegli Partenza per toccare il tabellone",
}


def assert_hint_names_no_cards(pg) -> None:
    assert pg.locator("#mode-cards").count() == 0
    for lang, words in HINTS.items():
        pg.select_option("#lang", lang)
        pg.wait_for_function(f"document.documentElement.lang === '{lang}'")
        # the hint is drawn again a frame or more after the page's language changes (on a busy
        # machine, CI once read it before: still English)
        pg.wait_for_function(
            "([sel, w]) => (document.querySelector(sel)?.innerText || '').includes(w)",
            arg=["#hint", words],
            timeout=10_000,
        )
        assert words in pg.inner_text("#hint"), (lang, pg.inner_text("#hint"))
    pg.select_option("#lang", "en")
    pg.wait_for_function("document.documentElement.lang === 'en'")


def assert_cards_and_hint(pg) -> None:
    """The hands entered on this phone: Cards to choose, and the hint names it."""
    assert pg.locator("#mode-cards").count() == 1
    assert "Choose Cards or Start to tap" in pg.inner_text("#hint")


def test_one_tap_deals_and_each_phone_shows_its_own_hand(browser, static_site):
    table = phone(browser)
    pg = open_page(table, static_site)
    new_game(pg, "transamerica", "b:usa", PLAYERS)
    start(pg)
    pg.wait_for_selector("#deal")
    box = pg.locator("#deal").bounding_box()
    assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 740
    pg.locator("#deal").tap()
    pg.wait_for_selector("#deal-qr svg")
    settle(pg)
    shot(pg, "transamerica-deal")
    record = pg.evaluate("window.TW.G.record")
    draft = record["x-draft"]
    code = draft["deal"]
    # The same hands as Python deals from the same code (the phone's engine is the same code).
    assert draft["cities"] == python_deal(
        {"game": "transamerica", "map": "usa", "players": list(PLAYERS), "rounds": []}, code
    )
    # This phone shows none of them: no city of any hand in the list of hands, no rings, no
    # cards to look at (the printed board's own names aside).
    listed = pg.inner_text("#hands")
    assert not [c for hand in draft["cities"].values() for c in hand if c in listed], listed
    assert pg.locator(".hand-ring").count() == 0
    # ... and its hint names no Cards to choose, in every language.
    assert_hint_names_no_cards(pg)
    link = pg.get_attribute("#deal-link", "href")
    assert code in link

    # A player's own phone: the link (what the QR code carries), a name, the hand.
    own = phone(browser)
    mine = own.new_page()
    mine.on("pageerror", lambda e: own.errors.append(str(e)))
    mine.goto(link)
    mine.wait_for_selector("#hand-players button", timeout=120_000)
    names = mine.locator("#hand-players button")
    assert names.count() == len(PLAYERS)
    for i in range(names.count()):
        b = names.nth(i).bounding_box()
        assert b is not None and b["height"] >= 44
    mine.locator('#hand-players button[data-player="Cleo"]').tap()
    mine.wait_for_selector("#my-hand .hand-card")
    shot(mine, "transamerica-hand")
    shown = [el.get_attribute("data-city") for el in mine.locator("#my-hand .hand-card").all()]
    assert shown == draft["cities"]["Cleo"]
    cards = mine.inner_text("#my-hand")
    others = [c for p, hand in draft["cities"].items() if p != "Cleo" for c in hand]
    assert not [c for c in others if c in cards]
    assert mine.locator("#hand-board .hand-ring").count() == 5
    # Reopened (the same tab), the hand shows again without asking the name; Hide asks again.
    mine.reload()
    mine.wait_for_selector("#my-hand .hand-card", timeout=120_000)
    mine.locator("#hand-hide").tap()
    mine.wait_for_selector("#hand-players button")
    assert not own.errors and not table.errors, (own.errors, table.errors)
    own.close()

    # Entering the cards by hand instead takes the deal back in one change.
    pg.locator("#undeal").tap()
    settle(pg)
    assert pg.evaluate("window.TW.G.record['x-draft'].cities") == {}
    assert_cards_and_hint(pg)
    table.close()


def test_a_link_that_names_no_deal_says_so(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    pg.goto(static_site.split("#")[0] + "#/hand/transamerica/ABCD/nowhere/Ann/Ben")
    pg.wait_for_selector("#main .msg")
    assert "Scan the code again" in pg.inner_text("#main")
    assert not context.errors
    context.close()
