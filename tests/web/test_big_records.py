"""A big game on the phone stays a game: a record of several megabytes (a long game with its map
embedded, notes) is kept and changed like any other. Each change is journaled in localStorage
before it is shown (a killed tab loses nothing), and the journal holds the new record once, so a
3 MB record fits the browser's quota; a record too big even for that is written to IndexedDB
before it is shown. In Debian's Chromium at phone size."""

from __future__ import annotations

import pytest

from tests.web.browser import new_game, open_page, phone, settle, start

pytestmark = pytest.mark.slow

PAD = 3_000_000  # characters: with the record journaled twice, over Chromium's 5 MB quota


def change(pg, script: str) -> None:
    pg.evaluate(f"window.TW.change(record => {{ {script} }})")
    settle(pg)


@pytest.mark.parametrize("size", [PAD, 3 * PAD])
def test_a_big_record_stays_editable_and_survives_a_killed_tab(browser, static_site, size):
    context = phone(browser)
    pg = open_page(context, static_site)
    new_game(pg, "lastrada", "b:standard")
    start(pg)
    change(pg, f"record['x-notes'] = 'a'.repeat({size});")
    change(pg, "record.reserve = { ...(record.reserve || {}), Ann: 3 };")
    assert pg.evaluate("window.TW.G.record.reserve.Ann") == 3
    assert pg.evaluate("document.querySelector('#status .msg:not(.ok)')") is None
    url = pg.url
    pg.close()
    pg = open_page(context, url)  # the tab killed and opened again
    record = pg.evaluate(
        "({ pad: window.TW.G.record['x-notes'].length, ann: window.TW.G.record.reserve.Ann })"
    )
    assert record == {"pad": size, "ann": 3}
    change(pg, "record.reserve.Ann = 4;")
    assert pg.evaluate("window.TW.G.record.reserve.Ann") == 4
    assert context.errors == []
    context.close()
