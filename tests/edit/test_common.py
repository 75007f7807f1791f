"""What the map editor's questions share: the texts in every language, the loader's errors
placed and worded, the questions registered for each game."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from trackwright import games
from trackwright.core.errors import TrackwrightError
from trackwright.edit import common

EDIT = Path(common.__file__).parent


def placeholders(text: str) -> set[str]:
    return {name for _t, name, _f, _c in string.Formatter().parse(text) if name}


def test_every_text_is_in_every_language_with_the_same_placeholders():
    for key, row in common.texts().items():
        assert set(row) == set(common.LANGS), key
        assert all(row[lang].strip() for lang in common.LANGS), key
        wanted = placeholders(row["en"])
        for lang in common.LANGS:
            assert placeholders(row[lang]) == wanted, (key, lang)


def test_counted_texts_come_in_pairs():
    keys = set(common.texts())
    for key in keys:
        if key.endswith(".one"):
            assert key.removesuffix(".one") + ".other" in keys, key


def test_every_kind_the_checks_add_has_its_text():
    """Each ``r.add("<kind>", ...)`` and measure key written in the modules is in the strings
    file (a counted text as its .one and .other)."""
    keys = set(common.texts())
    used = set()
    for path in EDIT.glob("*.py"):
        used |= set(re.findall(r'\.add\(\s*"([a-z_.]+)"', path.read_text("utf-8")))
        used |= set(re.findall(r'common\.t\(\s*"([a-z_.]+)"', path.read_text("utf-8")))
    assert used
    missing = [k for k in used if k not in keys and f"{k}.one" not in keys]
    assert missing == []


def test_a_loader_error_is_placed_by_its_json_path_and_worded_by_its_code():
    placed = {}

    def placer(collection, index):
        placed["at"] = (collection, index)
        return {"cities": ["Paris"]}

    exc = TrackwrightError("town Paris: hex (1, 2) is water", "map: $.towns[4].hex")
    problem = common.loader_problem(exc, "fr", placer)
    assert placed["at"] == ("towns", 4)
    assert problem.path == "$.towns[4].hex" and problem.cities == ["Paris"]
    assert problem.kind == "map.invalid" and problem.message == exc.message  # no code: as said
    coded = TrackwrightError("x", "map: $.towns", code="df.town.cut_off", params={"town": "Lyon"})
    # A code the strings file knows as loader.<code> is worded in the player's language; one
    # it does not know keeps the loader's message.
    assert common.loader_problem(coded, "fr", placer).message == "x"
    assert common.loader_problem(coded, "fr", placer).kind == "df.town.cut_off"

    class Speaking(TrackwrightError):
        def say(self, lang):  # as the message catalogue's errors say themselves
            return f"[{lang}] {self.message}"

    assert common.loader_problem(Speaking("x", "map", code="a.b"), "de", placer).message == "[de] x"
    assert common.json_path(TrackwrightError("no place")) == "$"


def test_a_loader_error_the_editor_says_already_is_not_listed_twice():
    report = common.Report("en")
    report.add("df.town.unnamed", "$.towns[2].name")

    def refuse(data, where):
        raise TrackwrightError("a name is required", "map: $.towns[2].name.x")

    assert common.run_loader(refuse, {}, report, lambda c, i: {}) is None
    assert [p.kind for p in report.items] == ["df.town.unnamed"]


def test_unknown_languages_fall_back_to_english():
    assert common.lang_of({"lang": "xx"}) == "en"
    assert common.lang_of(None) == "en"
    assert common.lang_of({"lang": "it"}) == "it"


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("dampfross", {"map_check", "map_start", "map_fill"}),
        ("transamerica", {"map_check", "map_start"}),
        ("lastrada", {"map_check", "map_start", "map_board"}),
    ],
)
def test_each_game_answers_the_editors_questions(game, names):
    assert names <= set(games.get(game).questions)
