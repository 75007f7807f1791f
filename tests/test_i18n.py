"""Printed text: every key in every language, and every glyph in the bundled font."""

from __future__ import annotations

import pytest

from generator.draw.fonts import missing_glyphs
from generator.i18n import LANGS, STRINGS, t
from generator.transamerica import model


def test_every_key_has_every_language():
    for key, texts in STRINGS.items():
        assert set(texts) == set(LANGS), key
        assert all(texts.values()), key


@pytest.mark.parametrize("lang", LANGS)
def test_font_has_every_glyph(lang):
    text = "".join(texts[lang] for texts in STRINGS.values())
    assert missing_glyphs(text + "✂≤✕→·") == set()


def test_city_names_have_glyphs():
    names = "".join(c.name for c in model.load("usa").cities)
    assert missing_glyphs(names + "ÄÖÜäöüßàâçéèêëîïôùûüÿœæÀÉÈÌÒÙ") == set()


def test_placeholders_and_unknown_language():
    assert t("made_with", "de", version="1.2") == "erstellt mit trackwright 1.2"
    with pytest.raises(ValueError, match="unknown language 'es'"):
        t("sheet", "es")
