"""The phone's engine says its errors in the page's language (issue 27 point 6): in Chromium at
360 x 740, a map file with a town off the map added on a French, German or Italian page is
refused with one line in that language (the message catalogue's words, rendered by the engine's
worker), the town and the place as in English."""

from __future__ import annotations

import json

import pytest

from tests.web.browser import open_page, phone, settle
from trackwright.kits.dampfross import random_map

pytestmark = pytest.mark.slow

SAID = {
    "en": "is not on the map",
    "fr": "n'est pas sur la carte",
    "de": "liegt nicht auf der Karte",
    "it": "non è sulla mappa",
}


@pytest.mark.parametrize("lang", ["fr", "de", "it", "en"])
def test_a_refused_map_is_said_in_the_pages_language(browser, static_site, tmp_path, lang):
    data = random_map.generate(7).to_json()
    data["towns"][0]["hex"] = [999, 999]
    town = data["towns"][0]["name"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), "utf-8")
    context = phone(browser)
    context.add_init_script(f"localStorage.setItem('tw-lang', '{lang}')")
    pg = open_page(context, static_site)
    pg.set_input_files("#upload-map", str(path))
    settle(pg)
    pg.wait_for_function("document.getElementById('status').innerText.includes('broken.json')")
    said = pg.inner_text("#status")
    assert SAID[lang] in said and town in said and "\n" not in said.strip(), said
    assert not any(SAID[other] in said for other in SAID if other != lang), said
    assert context.errors == []
    context.close()
