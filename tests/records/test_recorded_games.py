"""Recorded games as data: every ``tests/records/<game>/NAME.json`` is scored through the CLI
(``trackwright score <game> NAME.json --json``, in-process) and compared with
``NAME.expected.json`` beside it: the whole result JSON, or ``{"error": "..."}`` for a record
the scorer must refuse (the error line must contain that text; the record's folder is shown as
``tests/records/<game>/`` in it, never a machine path).

Adding a regression case is dropping two files; see tests/records/README.md. To (re)write the
expected files, deliberately: ``pytest tests/records --update-records [-k NAME]``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trackwright import games
from trackwright.cli import run

RECORDS = Path(__file__).resolve().parent
#: Every folder of records: one per game, named as the registry names it.
GAMES = sorted(p.name for p in RECORDS.iterdir() if p.is_dir() and p.name != "__pycache__")


def expected_path(record: Path) -> Path:
    return record.with_name(record.name.removesuffix(".json") + ".expected.json")


def discover() -> list:
    cases = []
    for game in GAMES:
        for record in sorted((RECORDS / game).glob("*.json")):
            if record.name.endswith(".expected.json"):
                continue
            cases.append(pytest.param(game, record, id=f"{game}/{record.stem}"))
    return cases


def test_every_records_folder_is_a_game_and_every_game_has_records():
    assert set(GAMES) == set(games.names())


def test_every_expected_file_has_its_record():
    orphans = [
        str(p.relative_to(RECORDS))
        for game in GAMES
        for p in (RECORDS / game).glob("*.expected.json")
        if not p.with_name(p.name.removesuffix(".expected.json") + ".json").is_file()
    ]
    assert not orphans, f"expected results without a record: {orphans}"


def outcome(game: str, record: Path, capsys: pytest.CaptureFixture[str]) -> tuple[dict, str]:
    """What the CLI says about the record: its result JSON, or {"error": the one line}; and
    the text of an expected file holding it (for a result, exactly the CLI's stdout)."""
    capsys.readouterr()
    code = run(["score", game, str(record), "--json"])
    out, err = capsys.readouterr()
    if code == 0:
        assert not err.strip(), f"exit 0 but stderr says: {err}"
        return json.loads(out), out
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, f"exit {code}, stderr: {err!r}"
    # Error lines name the record by the path given; show it relative to the repository.
    line = lines[0].replace(str(record.parent), f"tests/records/{game}")
    error = {"error": line.removeprefix("trackwright: error: ")}
    return error, json.dumps(error, ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize(("game", "record"), discover())
def test_recorded_game(game: str, record: Path, capsys, request):
    expected_file = expected_path(record)
    actual, text = outcome(game, record, capsys)
    if request.config.getoption("--update-records"):
        expected_file.write_text(text, "utf-8")
        return
    rel = expected_file.relative_to(RECORDS.parent.parent)
    assert expected_file.is_file(), (
        f"{rel} is missing: check the scorer's output for this record by hand, then write it "
        f"with: pytest tests/records --update-records -k '{record.stem}' "
        f"(or save `trackwright score {game} {record.name} --json` there)"
    )
    expected = json.loads(expected_file.read_text("utf-8"))
    if set(expected) == {"error"}:
        assert "error" in actual, f"{record.name} must be refused, but it scored: {actual}"
        assert expected["error"] in actual["error"]
    else:
        assert "error" not in actual, f"{record.name} was refused: {actual['error']}"
        assert actual == expected
