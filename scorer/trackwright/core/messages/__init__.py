"""The words of every error a user meets (and of the progress lines), in English, French, German
and Italian: one catalogue, ``catalogue.json``, keyed by a dotted code (``map.hex.twice``), each
entry a template per language with the same ``{placeholders}``.

An error carries its code and params (:class:`trackwright.core.errors.TrackwrightError`);
:func:`say` renders them in a language. Numbers among the params are written the language's way
(:func:`number`, the one helper the kits use too); the place an error names (a file, a JSON path)
is never translated. This module is pure Python: the phone's worker renders with it too.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "fr", "de", "it")
DECIMAL_MARK = {"en": ".", "fr": ",", "de": ",", "it": ","}
#: The mark between groups of three digits (1,000,000; 1 000 000 with a narrow no-break space).
GROUP_MARK = {"en": ",", "fr": "\u202f", "de": ".", "it": "."}

CATALOGUE_FILE = Path(__file__).with_name("catalogue.json")


def number(x: float, lang: str, places: int = 1) -> str:
    """A number as the language writes it: at most ``places`` decimals, trailing zeros left off,
    the language's decimal mark (690, 26.8, 26,8), never a signed zero. The one place kits,
    reports, the command's texts and error messages format a number with decimals; whole numbers
    need none."""
    text = f"{x:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", DECIMAL_MARK[lang])


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every code's templates by language."""
    data: dict[str, dict[str, str]] = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return data


def _localised(text: str, lang: str) -> str:
    """A number written by Python (``1,234.5``) with the language's marks."""
    table = {",": GROUP_MARK[lang], ".": DECIMAL_MARK[lang]}
    return "".join(table.get(c, c) for c in text)


class _Formatter(string.Formatter):
    """``str.format`` with numbers in a language's marks: ``{n:,}`` groups thousands, ``{x}``
    of a float keeps its digits with the language's decimal mark."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, dict) and "code" in value:
            return say(value["code"], self.lang, value.get("params"))
        if isinstance(value, list):  # parts said one after the other
            return "".join(self.format_field(item, format_spec) for item in value)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return super().format_field(value, format_spec)
        return _localised(format(value, format_spec), self.lang)


def say(code: str, lang: str = "en", params: Mapping[str, object] | None = None) -> str:
    """The message of ``code`` in ``lang`` (English when the language is not one of ours) with
    ``params`` put in its placeholders."""
    entry = catalogue()[code]
    template = entry.get(lang) or entry["en"]
    return _Formatter(lang).vformat(template, (), dict(params or {}))


def part(code: str, **params: object) -> dict[str, object]:
    """A message to put in another's placeholder (a reason, a kind), rendered in the same
    language; as JSON, so an error's params stay plain data for the page."""
    return {"code": code, "params": params}


def both(names: list[str] | tuple[str, ...]) -> object:
    """Names said as one: 'Ann', 'Ann and Bo', 'Ann and Bo and Cy' (a part, for a placeholder)."""
    if len(names) < 2:
        return "".join(names)
    return part("words.and", a=both(names[:-1]), b=names[-1])


def known(code: str) -> bool:
    """Whether the catalogue has ``code``."""
    return code in catalogue()


def placeholders(template: str) -> set[str]:
    """The names a template puts values in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
