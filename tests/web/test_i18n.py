"""The phone app speaks English, French, German and Italian: every text the pages show has a key
in a strings file (``web/static/i18n/app.json`` for the shell, ``games/<game>.strings.json`` for
each game's page), and every language has every key with the same placeholders."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT
from trackwright.play import bridge

STATIC = ROOT / "generator" / "trackwright" / "web" / "static"
LANGS = ["en", "fr", "de", "it"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: t("key") and t(`prefix.${...}`) in the page scripts.
CALL = re.compile(r"""\bt\(\s*"([^"]+)"|\bt\(\s*`([^`$]+)\$\{""")


def tables() -> dict[str, dict[str, dict[str, str]]]:
    out = {"app": json.loads((STATIC / "i18n" / "app.json").read_text("utf-8"))}
    for g in bridge.catalogue():
        if g["strings"]:
            out[g["name"]] = json.loads((STATIC / "games" / g["strings"]).read_text("utf-8"))
    return out


@pytest.mark.parametrize("name", list(tables()))
def test_every_language_has_every_text_with_the_same_placeholders(name):
    table = tables()[name]
    assert sorted(table) == sorted(LANGS)
    for lang in LANGS:
        assert table[lang].keys() == table["en"].keys(), (
            name,
            lang,
            table[lang].keys() ^ table["en"].keys(),
        )
        for key, text in table["en"].items():
            assert text.strip(), (name, key)
            assert set(PLACEHOLDER.findall(table[lang][key])) == set(PLACEHOLDER.findall(text)), (
                name,
                lang,
                key,
            )


PLURAL = re.compile(r"^(.+)\.(zero|one|two|few|many|other)$")


@pytest.mark.parametrize("name", list(tables()))
def test_texts_that_count_have_their_plural_forms(name):
    """A text chosen by a number (t(key, {count})) has the forms the page's languages need: "one"
    and "other" in each (French's "one" takes 0 and 1, the others' 1 only; a category a language
    has no text for falls back to "other"), and shows the number it counts as {count}."""
    table = tables()[name]
    counted = {m[1] for key in table["en"] if (m := PLURAL.match(key))}
    for lang in LANGS:
        for base in counted:
            for form in ("one", "other"):
                text = table[lang].get(f"{base}.{form}")
                assert text is not None, (name, lang, base, form)
                assert "{count}" in text, (name, lang, base, form, text)
            assert base not in table[lang], (name, lang, base)  # the forms replace the bare key


def test_every_game_with_a_page_has_its_texts():
    for g in bridge.catalogue():
        if g["page"]:
            assert (STATIC / "games" / g["strings"]).is_file(), g["name"]


def test_every_key_the_pages_ask_for_exists():
    every = tables()
    shell = set(every["app"]["en"])
    scripts = {"app": STATIC / "app.js", "print": STATIC / "print.js"} | {
        g["name"]: STATIC / "games" / g["page"] for g in bridge.catalogue() if g["page"]
    }
    for name, path in scripts.items():
        known = shell | set(every.get(name, {}).get("en", {}))
        code = "\n".join(
            line
            for line in path.read_text("utf-8").splitlines()
            if not line.lstrip().startswith("//")
        )
        for exact, prefix in CALL.findall(code):
            if exact.endswith((".", "-")):
                exact, prefix = "", exact
            if exact:
                # A text that counts has its plural forms instead (key.one, key.other).
                assert exact in known or f"{exact}.other" in known, (
                    f"{path.name}: t({exact!r}) has no text"
                )
            else:
                assert any(k.startswith(prefix) for k in known), (
                    f"{path.name}: no text starts {prefix!r}"
                )


def test_texts_carry_no_rule_numbers():
    """Numbers of the rules come in as placeholders from the preset, never written in a text."""
    for name, table in tables().items():
        for lang in LANGS:
            for key, text in table[lang].items():
                bare = PLACEHOLDER.sub("", text)
                assert not re.search(r"\d", bare.replace("map.json", "")), (name, lang, key, text)
