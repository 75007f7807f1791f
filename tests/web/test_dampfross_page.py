"""Dampfross at the table, in Debian's Chromium at phone size (360 x 740): the recorded example
game (England, three players, 60 builds and 6 races) entered through the page's own controls.

What a table sees: who builds next preselected; die faces, one tap a roll, cleared after each
build; a tap on a town and the engine draws the cheapest line there as far as the roll pays; the
cost, who pays whom, the budget left and the balances after, before confirming; races with every
entrant's fastest legal route proposed by the engine and accepted as it is, the players tapped
in finishing order; a roll (here winnings) spent in two places; the ledger readable at 360 px
with the balances after each event; the texts in French too. The export scores exactly as
``trackwright score dampfross`` scores it."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.support.dampfross_taps import DRIVER, Planner
from tests.web.browser import (
    DRIVE,
    choose_starts,
    cli_score,
    exported,
    held,
    hold_answers,
    new_game,
    open_page,
    phone,
    release_answers,
    settle,
    shot,
    start,
    until_held,
)
from trackwright.scorer import dampfross as df

pytestmark = pytest.mark.slow
EXAMPLE = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def tap(pg, selector: str) -> None:
    pg.evaluate(DRIVE)
    pg.evaluate("s => drive.tap(s)", selector)


def town_hex(record: df.GameRecord, name: str) -> str:
    q, r = record.map.town_by_name[name].hex
    return f'polygon[data-hex="{q},{r}"]'


def draft(pg) -> dict:
    return pg.evaluate("window.TW.G.record['x-draft']")


def replay(pg, plans) -> None:
    """Events entered as the benchmark enters them (tests/support/dampfross_taps.py)."""
    pg.evaluate(DRIVER, [plans])


def first_build_by_hand(pg, record: df.GameRecord, data: dict) -> None:
    # The first build by hand: Ann is preselected; the die's face; a tap on Hull; the preview.
    pg.wait_for_selector("#faces")
    assert pg.get_attribute("#players button.active", "data-player") == "Ann"
    assert pg.locator("#faces button").count() == 6 and pg.locator("select#roll").count() == 0
    tap(pg, 'button[data-face="2"]')
    tap(pg, town_hex(record, "Hull"))
    assert pg.inner_text("#line-words") == "Line of 2 steps to Hull"
    assert pg.inner_text("#cost") == "Costs 2 of the roll ⚁ (2). 0 left."
    assert pg.inner_text("#preview-money") == "bank → Ann 5: first to reach Hull"
    assert pg.inner_text("#preview-balances") == "Balances after: Ann 25, Ben 20, Cleo 20"
    tap(pg, "#confirm-build")
    first = data["events"][0]
    assert pg.evaluate("window.TW.G.record.events") == [first]
    # The roll is cleared; the next in seat order is preselected.
    assert pg.locator("#faces button.active").count() == 0
    assert pg.get_attribute("#players button.active", "data-player") == "Ben"
    # One undo step takes the build back, the line drawn as it was; Ann is to build again.
    tap(pg, "#undo")
    pg.wait_for_function(
        "document.querySelector('#players button.active')?.dataset.player === 'Ann'"
        " && document.querySelector('#cost')?.innerText.includes('0 left')"
    )
    assert pg.evaluate("window.TW.G.record.events") == []
    tap(pg, "#confirm-build")
    assert pg.evaluate("window.TW.G.record.events") == [first]


def payments_shown_before_confirming(pg, plans: list[dict]) -> None:
    # Event 51: Cleo's line enters a hex of Ben's and runs beside his line: the payments shown
    # before confirming.
    plan = plans[50]
    assert plan["player"] == "Cleo"
    for action in plan["actions"][:-1]:
        tap(
            pg,
            action["tap"]
            if "tap" in action
            else 'polygon[data-hex="{},{}"]'.format(*action["hex"]),
        )
    money = pg.inner_text("#preview-money")
    assert "Cleo → Ben 1: entering Ben's line at M12, near Leeds" in money
    assert "Cleo → Ben 2: beside Ben's line at N11, near Leeds" in money
    assert "Pays 3 to rivals." in pg.inner_text("#cost")
    shot(pg, "dampfross-build", "#df-bar")
    tap(pg, "#confirm-build")


def first_race(pg, data: dict) -> None:
    # The first race: the page turns to it by itself; the numbers rolled; every entrant's
    # fastest route proposed (the recorded ones); places tapped, the last one placed by itself.
    race = data["events"][56]
    pg.wait_for_selector('#race-numbers[data-picking="from"]')
    tap(pg, f'button[data-number="{race["from"]}"]')
    tap(pg, f'button[data-number="{race["to"]}"]')
    assert draft(pg)["race"]["routes"] == race["routes"]
    assert "fares: Ben 8, Cleo 2" in pg.inner_text('[data-entrant="Ann"]')
    for p in race["placing"][:-1]:
        tap(pg, f'button[data-place="{p}"]')
    assert draft(pg)["race"]["placing"] == race["placing"]
    assert "3. Cleo" in pg.inner_text("#race-places")
    shot(pg, "dampfross-race", '[data-entrant="Ann"]')
    tap(pg, "#confirm-race")
    assert pg.evaluate("window.TW.G.record.events")[-1] == race
    # After the race the winner is preselected to build from winnings.
    assert pg.get_attribute("#players button.active", "data-player") == "Ann"
    # Her winnings on her button in the bar; the towns out of view that they draw a line to,
    # as buttons in the words' place (the engine's lines, cut to the winnings).
    settle(pg)
    winnings = pg.inner_text('#df-bar button[data-builder="Ann"]')
    assert winnings.startswith("Ann ") and int(winnings.split()[-1]) > 0, winnings
    assert pg.locator("#df-bar #face-winnings, #df-bar #destinations").count() == 1


def the_ledger_at_phone_width(pg, data: dict, tmp_path) -> None:
    # The ledger at 360 px: nothing wider than the phone, the balances after every event.
    settle(pg)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    box = pg.locator("#ledger").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    entries = pg.locator("#ledger li[data-event]")
    assert entries.count() == len(data["events"])
    shown = pg.evaluate("window.TW.G.score")
    last = shown["events"][-1]["balances"]
    assert entries.first.inner_text().endswith(
        "Balances after: " + ", ".join(f"{p} {last[p]}" for p in data["players"])
    )
    assert "Race Chester – Cambridge: Ann · Ben · Cleo" in pg.inner_text("#ledger")
    size = pg.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#ledger .df-money li')).fontSize)"
    )
    assert size >= 12
    shot(pg, "dampfross-ledger", "#ledger")
    path = exported(pg, tmp_path, "df-example.json")
    assert (
        cli_score("dampfross", path, tmp_path) == shown == cli_score("dampfross", EXAMPLE, tmp_path)
    )


def winnings_spent_in_two_places(pg, record: df.GameRecord, tmp_path) -> None:
    # Ben's winnings spent in two places: a town, another place, a second town.
    state = df.score(record).state
    one = df.tap_line(
        record, state, "Ben", [], record.map.town_by_name["Worcester"].hex, "winnings"
    )
    two = df.tap_line(
        record, state, "Ben", [*one.parts, ()], record.map.town_by_name["Sheffield"].hex, "winnings"
    )
    assert len(two.parts) == 2
    tap(pg, "#mode-build")
    tap(pg, '#players button[data-player="Ben"]')
    tap(pg, town_hex(record, "Worcester"))
    tap(pg, "#another-place")
    tap(pg, town_hex(record, "Sheffield"))
    assert draft(pg)["parts"] == [[list(h) for h in p] for p in two.parts]
    preview = df.preview_build(record, state, df.Build("Ben", two.parts, None, "winnings"))
    assert pg.inner_text("#cost") == (
        f"Costs {preview.cost} of winnings of {preview.budget}. Pays {preview.payments} to "
        f"rivals. {preview.left} left."
    )
    tap(pg, "#confirm-build")
    split = pg.evaluate("window.TW.G.record.events")[-1]
    assert split["paths"] == [[list(h) for h in p] for p in two.parts]
    shown = pg.evaluate("window.TW.G.score")
    path = exported(pg, tmp_path, "df-split.json")
    assert cli_score("dampfross", path, tmp_path) == shown


def in_french(pg) -> None:
    # The same page in French.
    pg.select_option("#lang", "fr")
    pg.wait_for_selector("#ledger li[data-event]")
    settle(pg)
    pg.wait_for_function("document.querySelector('#ledger').innerText.includes('Comptes après')")
    assert pg.inner_text("#mode-race") == "Course" and pg.inner_text("#mode-build") == "Construire"
    shot(pg, "dampfross-fr", "#ledger")


def test_a_whole_dampfross_game_at_the_table(browser, static_site, tmp_path):
    data = json.loads(EXAMPLE.read_text("utf-8"))
    record = df.load_record(EXAMPLE)
    plans = Planner(record).plan()
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    choose_starts(pg, data)
    start(pg)
    first_build_by_hand(pg, record, data)
    replay(pg, plans[1:50])
    payments_shown_before_confirming(pg, plans)
    replay(pg, plans[51:56])
    first_race(pg, data)
    replay(pg, plans[57:])
    the_ledger_at_phone_width(pg, data, tmp_path)
    winnings_spent_in_two_places(pg, record, tmp_path)
    in_french(pg)
    assert not context.errors, context.errors
    context.close()


def test_a_player_tapped_while_the_table_is_asked_stays_chosen(browser, static_site):
    """Who builds next is preselected when the engine's table answers; a player tapped before it
    answers stays chosen (the late answer once put the engine's player back)."""
    data = json.loads(EXAMPLE.read_text("utf-8"))
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "dampfross", "b:england")
    choose_starts(pg, data)
    hold_answers(pg, "table")
    pg.click("#create")
    until_held(pg)
    pg.click('#players button[data-player="Ben"]')
    assert held(pg)
    release_answers(pg)
    settle(pg)
    assert pg.get_attribute("#players button.active", "data-player") == "Ben"
    assert context.errors == []
    context.close()
