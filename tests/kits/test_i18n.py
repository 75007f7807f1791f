"""Printed text: every key in every language, and every glyph in the bundled font."""

from __future__ import annotations

import pytest

from trackwright import games
from trackwright.core import transamerica as model
from trackwright.kits.draw.fonts import missing_glyphs, text_width, wrap
from trackwright.kits.draw.ops import Text
from trackwright.kits.i18n import LANGS, STRINGS, t, tables
from trackwright.kits.sheets import RULES_X


def test_every_key_has_every_language():
    every = tables()
    assert {"shared", *games.names()} <= set(every)
    for name, table in every.items():
        for key, texts in table.items():
            assert set(texts) == set(LANGS), (name, key)
            assert all(texts.values()), (name, key)
            if name != "shared":
                assert key not in STRINGS, f"{name} repeats the shared key {key}"


@pytest.mark.parametrize("lang", LANGS)
def test_font_has_every_glyph(lang):
    text = "".join(texts[lang] for table in tables().values() for texts in table.values())
    assert missing_glyphs(text + "✂≤✕→·") == set()


def test_city_names_have_glyphs():
    names = "".join(c.name for c in model.load("usa").cities)
    assert missing_glyphs(names + "ÄÖÜäöüßàâçéèêëîïôùûüÿœæÀÉÈÌÒÙ") == set()


def test_placeholders_and_unknown_language():
    assert t("made_with", "de", version="1.2") == "erstellt mit trackwright 1.2"
    with pytest.raises(ValueError, match="unknown language 'es'"):
        t("sheet", "es")


def test_wrap_keeps_french_punctuation_on_its_word():
    text = "payé à ce rival (à chaque rival présent) ; construire « parallèlement » : deux points"
    for width in range(40, 140, 3):
        lines = wrap(text, 8.6, width)
        assert " ".join(lines) == text
        assert not any(line[0] in ";:!?»" or line.endswith("«") for line in lines), lines
        assert all(text_width(line, 8.6) <= width for line in lines if " " in line), lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_fit_their_paper(paper, lang):
    """Each kit's rules summary stays inside the page margins, above its foot line."""
    from trackwright.core import dampfross as df_model
    from trackwright.kits.dampfross import kit as df_kit
    from trackwright.kits.lastrada import arrange
    from trackwright.kits.lastrada import kit as ls_kit
    from trackwright.kits.transamerica import kit as ta_kit

    pages = [
        ta_kit.rules_page(model.load("usa"), paper, lang),
        df_kit.rules_page(df_model.load("england"), paper, lang),
        ls_kit.rules_page(arrange.arrange(1), paper, lang),
    ]
    for page in pages:
        texts = [op for op in page.ops if isinstance(op, Text)]
        foot = max(texts, key=lambda op: op.y)
        assert foot.y == page.height - 12
        for op in texts:
            assert (op.x >= RULES_X - 1e-9 and op.y < page.height - 15) or op is foot, op.text
            if op.anchor == "start":
                assert op.x + text_width(op.text, op.size, op.bold) <= page.width - RULES_X + 0.5
