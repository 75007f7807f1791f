"""Every word of an error in the chosen language: the same wrong inputs (map files, records,
region files, rules presets, options, photo cases) give one line in French, German and Italian,
exit code 2, no traceback, the place (file, JSON path) as it is in English, and none of the
English words around it. The language is the command's ``--lang``, or ``TRACKWRIGHT_LANG`` for
a command without one (never the machine's locale).

The catalogue (``trackwright.core.messages``): every code has its four languages with the same
placeholders, and every code the source raises (a static scan of scorer/ and generator/) is in
it; every ``raise TrackwrightError(...)`` says its code."""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support.cli import trackwright
from trackwright.core import messages, progress
from trackwright.core.errors import TrackwrightError

LANGS = ("fr", "de", "it")
PREFIX = {
    "en": "trackwright: error: ",
    "fr": "trackwright : erreur : ",
    "de": "trackwright: Fehler: ",
    "it": "trackwright: errore: ",
}
TA_MAP = json.loads(
    (ROOT / "templates/transamerica/examples/minimal-map.json").read_text(encoding="utf-8")
)
TA_GAME = json.loads(
    (ROOT / "templates/transamerica/examples/game.json").read_text(encoding="utf-8")
)
DF_GAME = json.loads((ROOT / "templates/dampfross/examples/game.json").read_text(encoding="utf-8"))
LS_GAME = json.loads(
    (ROOT / "tests/records/lastrada/example-standard.json").read_text(encoding="utf-8")
)
EUROPE = json.loads(
    (ROOT / "templates/transamerica/regions/europe.json").read_text(encoding="utf-8")
)

#: English words an error message holds around its values; none may be left in another
#: language's line (values quoted in it, 'like this', are the user's own and are left out).
ENGLISH = (
    "the",
    "is",
    "are",
    "not",
    "of",
    "and",
    "has",
    "must",
    "cannot",
    "no",
    "one",
    "found",
    "property",
    "required",
    "value",
    "player",
    "game",
    "map",
    "city",
    "town",
    "choose",
    "Invalid",
    "valid",
    "too",
    "see",
)


def _json(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def _edited(data: dict, change: Callable[[dict], None]) -> dict:
    out = copy.deepcopy(data)
    change(out)
    return out


def _map_not_json(t: Path) -> tuple[list, str]:
    return ["generate", "transamerica", "--map", _json(t, "m.json", "{\n  oops")], "m.json"


def _map_required(t: Path) -> tuple[list, str]:
    data = _edited(TA_MAP, lambda d: d.pop("cities"))
    return ["generate", "transamerica", "--map", _json(t, "m.json", data)], "m.json: $"


def _map_enum(t: Path) -> tuple[list, str]:
    data = _edited(TA_MAP, lambda d: d["cities"][0].update(region="purple"))
    return ["generate", "transamerica", "--map", _json(t, "m.json", data)], "$.cities[0].region"


def _map_type(t: Path) -> tuple[list, str]:
    data = _edited(TA_MAP, lambda d: d["nodes"][0].update(x="far"))
    return ["generate", "transamerica", "--map", _json(t, "m.json", data)], "$.nodes[0].x"


def _map_counts(t: Path) -> tuple[list, str]:
    data = _edited(TA_MAP, lambda d: d["cities"][0].update(region="yellow"))
    return ["generate", "transamerica", "--map", _json(t, "m.json", data)], "m.json: $.cities"


def _map_missing(t: Path) -> tuple[list, str]:
    return ["generate", "transamerica", "--map", t / "nowhere.json"], "nowhere.json"


def _record_player(t: Path) -> tuple[list, str]:
    data = _edited(TA_GAME, lambda d: d["rounds"][0]["starts"].update(Zed="A1"))
    data["map"] = str(ROOT / "templates/transamerica/examples/minimal-map.json")
    return ["score", "transamerica", _json(t, "r.json", data)], "r.json: round 1"


def _record_minimum(t: Path) -> tuple[list, str]:
    return ["score", "dampfross", _json(t, "r.json", _edited(DF_GAME, _two_players))], "r.json"


def _two_players(d: dict) -> None:
    d["players"] = d["players"][:1]


def _lastrada_unknown(t: Path) -> tuple[list, str]:
    data = _edited(LS_GAME, lambda d: d["settlements"].update(s99=["grey"]))
    return ["score", "lastrada", _json(t, "r.json", data)], "r.json"


def _region_twice(t: Path) -> tuple[list, str]:
    def twice(d: dict) -> None:
        d["cities"][1]["name"] = d["cities"][0]["name"]

    path = _json(t, "region.json", _edited(EUROPE, twice))
    return ["generate", "transamerica", "--region", path], "region.json: $.cities[1]"


def _preset_unknown(t: Path) -> tuple[list, str]:
    return ["generate", "dampfross", "--rules", "nonesuch"], "nonesuch"


def _preset_invalid(t: Path) -> tuple[list, str]:
    rules = json.loads(
        (ROOT / "templates/dampfross/rules/dampfross.json").read_text(encoding="utf-8")
    )
    rules["victory"] = "many"
    return ["generate", "dampfross", "--rules", _json(t, "house.json", rules)], "house.json: $"


def _option_choice(t: Path) -> tuple[list, str]:
    return ["generate", "transamerica", "--paper", "a5"], "'--paper'"


def _option_ours(t: Path) -> tuple[list, str]:
    return ["generate", "dampfross", "--players", "9"], "'--players'"


def _photo_case(t: Path) -> tuple[list, str]:
    (t / "cases").mkdir()
    return ["photo", "check", t / "cases"], "cases"


def _photo_file(t: Path) -> tuple[list, str]:
    return ["photo", "read", "usa-classic", _json(t, "board.png", "not a picture")], "board.png"


CASES = {
    "map not JSON": _map_not_json,
    "map without a required key": _map_required,
    "map value not one of": _map_enum,
    "map value of a wrong type": _map_type,
    "map with wrong city counts": _map_counts,
    "map file missing": _map_missing,
    "record naming no player": _record_player,
    "record with too few players": _record_minimum,
    "record with an unknown settlement": _lastrada_unknown,
    "region with a city twice": _region_twice,
    "preset unknown": _preset_unknown,
    "preset not valid": _preset_invalid,
    "option not one of": _option_choice,
    "option out of range": _option_ours,
    "photo case folder empty": _photo_case,
    "photo not a picture": _photo_file,
}
NO_LANG_OPTION = {"photo"}


def _run(args: list, lang: str, folder: Path) -> str:
    """The command in ``lang``: its one error line (exit 2, nothing on stdout, no traceback)."""
    if args[0] in NO_LANG_OPTION:
        done = trackwright(*args, env={"TRACKWRIGHT_LANG": lang}, cwd=folder)
    elif args[0] == "generate":
        done = trackwright(*args, "--lang", lang, "--out", folder / "out", cwd=folder)
    else:
        done = trackwright(*args, "--lang", lang, cwd=folder)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr[:500]
    assert len(lines) == 1, done.stderr[:500]
    assert "Traceback" not in done.stderr and not (folder / "out").exists()
    return lines[0]


def _words(text: str) -> list[str]:
    """The words of a message, the values it quotes and the JSON paths left out."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\$[.\w\[\]]*|--[\w-]+|\S+\.json", " ", text)
    return re.findall(r"[A-Za-z]+", text)


@pytest.mark.parametrize("case", list(CASES))
def test_a_wrong_input_is_said_in_each_language(case, tmp_path):
    args, place = CASES[case](tmp_path)
    english = _run(args, "en", tmp_path)
    assert english.startswith(PREFIX["en"]) and place in english
    for lang in LANGS:
        line = _run(args, lang, tmp_path)
        assert line.startswith(PREFIX[lang]), line
        assert place in line, (lang, line)
        said = line.removeprefix(PREFIX[lang]).split(place, 1)[1]
        left = sorted({w for w in _words(said) if w in ENGLISH})
        assert not left, (lang, line, left)
        assert line != english


def test_the_language_comes_from_the_command_or_the_environment_never_the_locale(tmp_path):
    args, _ = _map_missing(tmp_path)
    locale = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de"}
    done = trackwright(*args, env={**locale, "TRACKWRIGHT_LANG": ""})
    assert done.stderr.startswith(PREFIX["en"])
    done = trackwright(*args, env={"TRACKWRIGHT_LANG": "it"})
    assert done.stderr.startswith(PREFIX["it"])
    done = trackwright(*args, "--lang", "fr", env={"TRACKWRIGHT_LANG": "it"})
    assert done.stderr.startswith(PREFIX["fr"])
    done = trackwright(*args, "--lang=de")
    assert done.stderr.startswith(PREFIX["de"])


def test_progress_lines_are_said_in_the_language():
    seen: list[str] = []
    with progress.reporting(seen.append, "de"):
        progress.report("progress.balancing", attempt=2, tries=12, rows=31)
        progress.report("progress.random-board", seed=7, attempt=1, tries=30)
        progress.report("words of a builder of another package")
    assert seen == [
        "Spielplan wird ausgeglichen: Versuch 2 von 12 (31 Reihen)",
        "Zufallsplan mit Startwert 7: Versuch 1 von 30",
        "words of a builder of another package",
    ]


def test_numbers_are_written_the_languages_way():
    error = TrackwrightError.of("file.big", "big.json", size=12_345_678, limit=8_000_000)
    assert error.line("en") == (
        "big.json: the file has 12,345,678 bytes, over the 8,000,000 trackwright reads; "
        "is it the right one?"
    )
    assert "12.345.678 Byte" in error.line("de")
    assert "12\u202f345\u202f678 octets" in error.line("fr")
    steps = TrackwrightError.of(
        "ta.map.edge.long", "m.json", a="A1", b="A9", length=160.0, steps=8.0, size=20.0, unit="mm"
    )
    assert "160,0 mm" in steps.line("it") and "160.0 mm" in steps.line("en")


# ------------------------------------------------------------------------------ the catalogue


def test_every_code_has_four_languages_with_the_same_placeholders():
    catalogue = messages.catalogue()
    assert len(catalogue) > 300
    for code, entry in catalogue.items():
        assert set(entry) == set(messages.LANGS), code
        want = messages.placeholders(entry["en"])
        for lang in messages.LANGS:
            assert entry[lang].strip(), (code, lang)
            assert messages.placeholders(entry[lang]) == want, (code, lang)


def test_other_languages_use_their_own_quotes():
    """French « … », German „…“, Italian «…» around words; straight double quotes only around
    what the user types in a file (JSON, as the English has it)."""
    for code, entry in messages.catalogue().items():
        assert "“" not in entry["fr"] and "„" not in entry["fr"], code
        assert "«" not in entry["de"] and "„" not in entry["it"], code
        for lang in ("fr", "de", "it"):
            for quoted in re.findall(r'"[^"]*"', entry[lang]):
                assert quoted in entry["en"], (code, lang, quoted)


#: The functions whose first argument is a catalogue code.
CODE_TAKERS = {"of", "_fail", "fail", "_Refused", "problem", "part", "bad_option", "say"}
#: Raises that pass on an error already coded (a re-raise, an error from a worker process), and
#: the few whose words stay English, with why.
UNCODED = {
    # a poster size too small for the board: the paper arithmetic's message (kits/layout.py)
    "generator/trackwright/kits/sheets.py",
}


def _sources() -> list[Path]:
    return sorted(p for half in ("scorer", "generator") for p in (ROOT / half).rglob("*.py"))


def _constants(node: ast.expr | None) -> list[str]:
    """The strings an expression can be: a constant, either branch of a conditional, the
    values of a dict or a tuple, the arguments of ``dict.fromkeys``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    parts: list[ast.expr | None] = []
    if isinstance(node, ast.Dict):
        parts = list(node.values)
    elif isinstance(node, ast.Tuple):
        parts = list(node.elts)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        parts = list(node.args)
    return [c for part in parts for c in _constants(part)]


def _codes_in(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in CODE_TAKERS:
                found.update(_constants(node.args[0]))
            if name == "report" and isinstance(node.args[0], ast.Constant):
                found.update(c for c in _constants(node.args[0]) if c.startswith("progress."))
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = [t.id for t in targets if isinstance(t, ast.Name)]
            if any(n.endswith(("_CODES", "_REASONS", "SIZES")) for n in named) and node.value:
                found.update(c for c in _constants(node.value) if "." in c and " " not in c)
    return found


def test_every_code_raised_is_in_the_catalogue():
    catalogue = messages.catalogue()
    used: set[str] = set()
    for path in _sources():
        used |= _codes_in(ast.parse(path.read_text(encoding="utf-8")))
    used -= {"", "en"}
    missing = sorted(c for c in used if c not in catalogue)
    assert not missing
    assert len(used) > 300


def test_every_raise_of_a_trackwright_error_names_its_code():
    bare = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel in UNCODED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            named = isinstance(func, ast.Name) and func.id in ("TrackwrightError", "PhotoError")
            if named and not any(k.arg == "code" for k in node.exc.keywords):
                bare.append(f"{rel}:{node.lineno}")
    assert not bare


def test_the_phone_engine_says_its_errors_in_the_pages_language():
    """The worker's bridge: after language_text (engine.js sends the page's <html lang>), a
    refused record's one line is in that language, the place as it is."""
    from trackwright.play import bridge

    record = json.dumps(_edited(DF_GAME, _two_players))
    try:
        english = json.loads(bridge.score_text(record))["error"]
        assert json.loads(bridge.language_text("it")) == {"ok": "it"}
        italian = json.loads(bridge.score_text(record))["error"]
        assert json.loads(bridge.language_text("xx")) == {"ok": "en"}
    finally:
        bridge.language_text("en")
    assert english == "record: $.players: ['Ann'] is too short"
    assert italian == "record: $.players: ['Ann'] è troppo corto"
