"""Texts that count things say "1 step", "2 steps" in every language of the app (the i18n t()
of app.js chooses the plural form by Intl.PluralRules), in Debian's Chromium at phone size."""

from __future__ import annotations

import pytest

from tests.web.browser import open_page, phone

pytestmark = pytest.mark.slow

# (key, the other placeholders, {lang: {count: text}})
EXPECTED = [
    (
        "df.line-to",
        {"towns": "Hull"},
        {
            "en": {1: "Line of 1 step to Hull", 2: "Line of 2 steps to Hull"},
            "fr": {1: "Ligne de 1 pas jusqu'à Hull", 2: "Ligne de 2 pas jusqu'à Hull"},
            "de": {1: "Strecke mit 1 Schritt nach Hull", 2: "Strecke mit 2 Schritten nach Hull"},
            "it": {1: "Linea di 1 passo fino a Hull", 2: "Linea di 2 passi fino a Hull"},
        },
    ),
    (
        "df.route-hexes",
        {},
        {
            "en": {1: "1 hex", 9: "9 hexes"},
            "fr": {1: "1 case", 9: "9 cases"},
            "de": {1: "1 Feld", 9: "9 Felder"},
            "it": {1: "1 casella", 9: "9 caselle"},
        },
    ),
    (
        "ls.days-button",
        {"player": "Ann"},
        {
            "en": {0: "Ann: 0 travel days kept", 1: "Ann: 1 travel day kept"},
            "fr": {0: "Ann : 0 jour de voyage en réserve", 2: "Ann : 2 jours de voyage en réserve"},
            "de": {1: "Ann: 1 Reisetag in Reserve", 3: "Ann: 3 Reisetage in Reserve"},
            "it": {
                1: "Ann: 1 giorno di viaggio di riserva",
                3: "Ann: 3 giorni di viaggio di riserva",
            },
        },
    ),
    (
        "ta.laid",
        {},
        {
            "en": {1: "Laid 1", 3: "Laid 3"},
            "fr": {1: "1 posé", 3: "3 posés"},
            "de": {1: "1 gelegt", 3: "3 gelegt"},
            "it": {1: "1 posato", 3: "3 posati"},
        },
    ),
    (
        "ta.round-summary",
        {},
        {
            "en": {1: "1 track on the board.", 40: "40 tracks on the board."},
            "fr": {1: "1 rail sur le plateau.", 40: "40 rails sur le plateau."},
            "de": {1: "1 Schiene auf dem Spielplan.", 40: "40 Schienen auf dem Spielplan."},
            "it": {1: "1 binario sul tabellone.", 40: "40 binari sul tabellone."},
        },
    ),
]

SAY = """([lang, key, vars]) => {
  const I = window.TW.I18N, was = I.lang;
  I.lang = lang;
  try { return window.TW.t(key, vars); } finally { I.lang = was; }
}"""


def test_counted_texts_agree_with_their_number_in_every_language(browser, static_site):
    context = phone(browser)
    pg = open_page(context, static_site)
    for key, others, by_lang in EXPECTED:
        for lang, texts in by_lang.items():
            for count, want in texts.items():
                got = pg.evaluate(SAY, [lang, key, {**others, "count": count}])
                assert got == want, (key, lang, count)
    # No counted text anywhere says "1 <plural>" in English: each one's form for 1 differs from
    # its form for 2 but in the number, or reads the same by design ("Laid 1", "1 left").
    same_by_design = {"ta.laid", "ta.lifted", "ls.player-count"}
    forms = pg.evaluate(
        """() => { const out = {};
        for (const table of window.TW.I18N.tables) for (const k of Object.keys(table.en))
          if (k.endsWith('.one')) out[k.slice(0, -4)] = [table.en[k], table.en[k.slice(0, -4) + '.other']];
        return out; }"""
    )
    assert len(forms) >= 10, forms
    for key, (one, other) in forms.items():
        assert (one != other) or key in same_by_design, key
    assert not context.errors, context.errors
    context.close()
