"""Hostile files given to the command: JSON nested thousands deep, numbers of thousands of
digits, a device or a fifo given as a record, a map or a rules preset, files of hundreds of
megabytes, records of 66,000 turns, megabyte strings. Each is refused with one line and exit code
2, in bounded time and memory, quoting at most a short excerpt of the value (the web API's
answers to hostile requests: tests/web/test_hostile_requests.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trackwright import games
from trackwright.cli import run
from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError, quote

GAMES = tuple(games.names())  # every game the registry holds
EXAMPLES = {
    g: json.loads((ROOT / f"templates/{g}/examples/game.json").read_text(encoding="utf-8"))
    for g in GAMES
}
SECONDS = 5.0  # in-process: the whole refusal, parsing and checking included
MEMORY = 512 * 2**20  # address space of a child process refusing a hostile file
SHORT = 300  # the longest error line any hostile value may produce
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")


def with_tail(record: dict, tail: str) -> str:
    """The record's JSON with one more key (raw JSON text) at its end."""
    return json.dumps(record)[:-1] + f', "x-hostile": {tail}}}'


def many_steps(game: str, n: int) -> dict:
    """The example record with n copies of its first round, event or turn."""
    record = json.loads(json.dumps(EXAMPLES[game]))
    if game == "transamerica":
        first = record["rounds"][0]
        record["rounds"][0] = {**first, "turns": [first["turns"][0]] * n}
    elif game == "dampfross":
        record["events"] = [record["events"][0]] * n
    else:
        record["turns"] = [{"player": record["players"][0]}] * n
    return record


def hostile_files(game: str, folder: Path) -> dict[str, Path]:
    """Every hostile record of a game, written into folder (sparse where huge)."""
    record = EXAMPLES[game]
    texts = {
        "nested-100000": f'{{"game": "{game}", "x-deep": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "nested-40": with_tail(record, "[" * 40 + "]" * 40),
        "digits-5000": with_tail(record, "9" * 5000),
        "digits-100": with_tail(record, "-" + "1" * 100),
        "float-digits": with_tail(record, "0." + "1" * 5000),
        "nan": with_tail(record, "NaN"),
        "huge-exponent": with_tail(record, "1e999999"),
        "string-5mb": json.dumps({**record, "map": "x" * 5_000_000}),
        "key-5mb": with_tail({**record, "k" * 5_000_000: 1}, "1"),
        "steps-66000": json.dumps(many_steps(game, 66_000)),
        "not-utf8": '{"game": "\xff"}',
    }
    paths = {}
    for name, text in texts.items():
        paths[name] = folder / f"{game}-{name}.json"
        data = text.encode("latin-1") if name == "not-utf8" else text.encode("utf-8")
        paths[name].write_bytes(data)
    big = folder / f"{game}-300mb.json"
    with big.open("wb") as handle:
        handle.truncate(300 * 10**6)  # sparse: costs nothing on disk
    paths["300mb"] = big
    paths["folder"] = folder
    if hasattr(os, "mkfifo"):
        fifo = folder / f"{game}-fifo.json"
        os.mkfifo(fifo)
        paths["fifo"] = fifo
    if Path("/dev/zero").exists():
        paths["dev-zero"] = Path("/dev/zero")
    return paths


def refused(argv: list[str], capsys) -> str:
    """Run the CLI in-process: exit 2, one short line on stderr, in bounded time."""
    capsys.readouterr()
    started = time.perf_counter()
    code = run(argv)
    elapsed = time.perf_counter() - started
    _out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2, (code, err[:500])
    assert len(lines) == 1 and len(lines[0]) <= SHORT, err[:500]
    assert elapsed < SECONDS, f"{argv}: {elapsed:.1f} s"
    return lines[0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("hostile")


CASES = [
    "nested-100000",
    "nested-40",
    "digits-5000",
    "digits-100",
    "float-digits",
    "nan",
    "huge-exponent",
    "string-5mb",
    "key-5mb",
    "steps-66000",
    "not-utf8",
    "300mb",
    "folder",
    pytest.param("fifo", marks=needs_fifo),
    pytest.param("dev-zero", marks=needs_dev_zero),
]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("game", GAMES)
def test_score_refuses_a_hostile_record_in_one_line(game, case, folder, capsys):
    sub = folder / game
    if not sub.exists():
        sub.mkdir()
        hostile_files(game, sub)
    path = {
        "300mb": sub / f"{game}-300mb.json",
        "folder": sub,
        "fifo": sub / f"{game}-fifo.json",
        "dev-zero": Path("/dev/zero"),
    }.get(case, sub / f"{game}-{case}.json")
    line = refused(["score", game, str(path)], capsys)
    expected = {
        "nested-100000": "nest too deep",
        "nested-40": "nest too deep",
        "digits-5000": "a number of 5000 characters",
        "digits-100": "a number of 101 characters",
        "float-digits": "a number of 5002 characters",
        "nan": "NaN is not a JSON number",
        "huge-exponent": "out of range",
        "string-5mb": "is too long",
        "key-5mb": "unknown key 'kkkk",
        "steps-66000": "is too long",
        "not-utf8": "not UTF-8",
        "300mb": "over the 10,000,000",
        "folder": "a folder, not a file",
        "fifo": "not a regular file",
        "dev-zero": "not a regular file",
    }[case]
    assert expected in line, line


MEMORY_CASES = [
    ("transamerica", "nested-100000"),
    ("dampfross", "digits-5000"),
    ("lastrada", "string-5mb"),
    ("transamerica", "steps-66000"),
    ("dampfross", "steps-66000"),
    ("lastrada", "steps-66000"),
    ("lastrada", "300mb"),
    pytest.param("dampfross", "fifo", marks=needs_fifo),
    pytest.param("transamerica", "dev-zero", marks=needs_dev_zero),
]


def _limit_memory() -> None:
    import resource  # POSIX only: imported here so that the module loads on Windows too

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def child(argv: list[str], cwd: Path | None = None) -> tuple[int, list[str], float]:
    """The CLI in a child process with its address space capped at MEMORY."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "trackwright", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        cwd=cwd,
    )
    return done.returncode, done.stderr.strip().splitlines(), time.perf_counter() - started


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize(("game", "case"), MEMORY_CASES)
def test_a_hostile_record_is_refused_in_bounded_memory_by_the_command(game, case, folder):
    sub = folder / f"child-{game}"
    if not sub.exists():
        sub.mkdir()
        hostile_files(game, sub)
    path = {
        "300mb": sub / f"{game}-300mb.json",
        "fifo": sub / f"{game}-fifo.json",
        "dev-zero": Path("/dev/zero"),
    }.get(case, sub / f"{game}-{case}.json")
    code, lines, elapsed = child(["score", game, str(path)])
    assert code == 2 and len(lines) == 1 and len(lines[0]) <= SHORT, lines[:3]
    assert lines[0].startswith("trackwright: error: ")
    assert elapsed < 30, elapsed  # a process start included; the refusal itself is fast


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
def test_a_record_just_under_the_size_cap_is_refused_in_bounded_memory(tmp_path):
    """The worst a file under the cap can do: dense small objects (a turn of 40 bytes), as many
    as fit, parsed whole before the schema refuses the list."""
    record = many_steps("transamerica", 1)
    turn = json.dumps(record["rounds"][0]["turns"][0])
    n = (mapfile.MAX_BYTES - len(json.dumps(record))) // (len(turn) + 2)
    record["rounds"][0]["turns"] *= n
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert mapfile.MAX_BYTES - 10_000 < path.stat().st_size <= mapfile.MAX_BYTES
    code, lines, elapsed = child(["score", "transamerica", str(path)])
    assert code == 2 and len(lines) == 1 and "is too long" in lines[0], lines[:3]
    assert elapsed < 30, elapsed


# ------------------------------------------------------------------ maps and rules presets


@pytest.fixture
def specials(tmp_path) -> dict[str, Path]:
    out = {
        "nested": tmp_path / "nested.json",
        "digits": tmp_path / "digits.json",
        "big": tmp_path / "big.json",
    }
    out["nested"].write_text(
        '{"format": "trackwright-map/1", "x": ' + "[" * 50_000 + "]" * 50_000 + "}",
        encoding="utf-8",
    )
    out["digits"].write_text(
        '{"format": "trackwright-map/1", "x": ' + "7" * 10_000 + "}", encoding="utf-8"
    )
    with out["big"].open("wb") as handle:
        handle.truncate(200 * 10**6)
    if hasattr(os, "mkfifo"):
        out["fifo"] = tmp_path / "fifo.json"
        os.mkfifo(out["fifo"])
    if Path("/dev/zero").exists():
        out["dev-zero"] = Path("/dev/zero")
    return out


@pytest.mark.parametrize("kind", ["nested", "digits", "big", "fifo", "dev-zero"])
def test_map_files_given_with_map_are_refused(kind, specials, capsys, tmp_path):
    if kind not in specials:
        pytest.skip(f"no {kind} here")
    path = str(specials[kind])
    for argv in (
        ["generate", "transamerica", "--map", path, "--out", str(tmp_path / "out")],
        ["generate", "dampfross", "--map", path, "--out", str(tmp_path / "out")],
        ["analyse", "transamerica", path],
    ):
        line = refused(argv, capsys)
        assert path in line or "dev/zero" in line, line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", ["nested", "digits", "big", "fifo", "dev-zero"])
def test_rules_presets_given_with_rules_are_refused(kind, specials, capsys):
    if kind not in specials:
        pytest.skip(f"no {kind} here")
    path = str(specials[kind])
    for game in ("transamerica", "lastrada"):
        record = ROOT / f"templates/{game}/examples/game.json"
        refused(["score", game, str(record), "--rules", path], capsys)
    refused(["generate", "dampfross", "--rules", path, "--out", "/nonexistent/x"], capsys)


@pytest.mark.parametrize("kind", ["nested", "digits", "big", "fifo", "dev-zero"])
def test_a_record_naming_a_hostile_map_or_rules_file(kind, specials, capsys, tmp_path):
    if kind not in specials:
        pytest.skip(f"no {kind} here")
    target = str(specials[kind])
    if kind != "dev-zero":  # relative to the record, as records name their files
        target = os.path.relpath(target, tmp_path)
    for game in GAMES:
        record = tmp_path / f"{game}-map.json"
        record.write_text(json.dumps({**EXAMPLES[game], "map": target}), encoding="utf-8")
        refused(["score", game, str(record)], capsys)
    record = tmp_path / "dampfross-rules.json"
    record.write_text(json.dumps({**EXAMPLES["dampfross"], "rules": target}), encoding="utf-8")
    refused(["score", "dampfross", str(record)], capsys)


@pytest.mark.parametrize("name", ["x" * 5000 + ".json", "a\x00b.json", "a\x00b", "é" * 300])
def test_map_and_rules_names_that_no_file_can_have(name, capsys, tmp_path):
    record = tmp_path / "record.json"
    record.write_text(json.dumps({**EXAMPLES["dampfross"], "rules": name}), encoding="utf-8")
    line = refused(["score", "dampfross", str(record)], capsys)
    assert "x" * 200 not in line
    record.write_text(json.dumps({**EXAMPLES["transamerica"], "map": name[:999]}), encoding="utf-8")
    refused(["score", "transamerica", str(record)], capsys)


@needs_fifo
@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
def test_a_fifo_as_rules_never_blocks_the_command(tmp_path):
    fifo = tmp_path / "house.json"
    os.mkfifo(fifo)
    record = tmp_path / "record.json"
    record.write_text(
        json.dumps({**EXAMPLES["dampfross"], "rules": "house.json"}), encoding="utf-8"
    )
    code, lines, _elapsed = child(["score", "dampfross", str(record)])
    assert code == 2 and len(lines) == 1 and "not a regular file" in lines[0], lines


# ------------------------------------------------------------------ the pieces


def test_quote_is_short_and_cheap_for_any_value():
    huge = ["x" * 10**6] * 10**5
    started = time.perf_counter()
    values: list[object] = [huge, "y" * 10**7, {str(i): i for i in range(10**5)}, 10**4000]
    for value in [*values, [[[[]]]] * 10**5]:
        assert len(quote(value)) <= 61
    assert time.perf_counter() - started < 0.5
    assert quote("abc") == "'abc'" and quote([1, (2,), {"a": None}]) == "[1, (2,), {'a': None}]"


def test_schema_messages_quote_a_short_excerpt():
    data = {
        "format": "trackwright-map/1",
        "game": "transamerica",
        "nodes": "n" * 10**6,
        "edges": [],
        "cities": [],
    }
    with pytest.raises(TrackwrightError) as caught:
        mapfile.validate(data, "m.json", "map:transamerica")
    assert len(str(caught.value)) < 150 and "is not of type 'array'" in str(caught.value)
    many = {**data, **{f"k{i}": 1 for i in range(10**4)}, "nodes": []}
    with pytest.raises(TrackwrightError, match=r"unknown key 'k0', .* and 9995 more"):
        mapfile.validate(many, "m.json", "map:transamerica")


def test_an_error_is_one_line_whatever_the_file_is_called(tmp_path, capsys):
    path = tmp_path / "two\nlines.json"
    path.write_text("{", encoding="utf-8")
    line = refused(["score", "transamerica", str(path)], capsys)
    assert "two\\nlines.json" in line


def test_what_parse_json_accepts_is_unchanged():
    text = '{"a": [1, -2.5, 1e3, 12345678901234567890, "x", true, null], "b": {"c": {}}}'
    assert mapfile.parse_json(text, "t") == json.loads(text)
