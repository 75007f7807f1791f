"""Photo cases (tests/photos/real/): every case the folder holds replayed (the board found, no
space wrong without a flag), and ``trackwright photo check FOLDER`` on a folder of cases: its
table and total, its JSON, and a bad case answered in one line naming the file, exit code 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support import cli
from trackwright.cli import photo as cli_photo
from trackwright.core import transamerica as model

REAL = ROOT / "tests" / "photos" / "real"
CASES = sorted(p for p in REAL.rglob("*") if p.suffix.lower() in cli_photo.PHOTO_SUFFIXES)
#: The smallest seeded case, for the command's own tests.
SEEDED = "usa-1001"

trackwright = cli.trackwright


def _param(photo: Path):
    details = cli_photo.case_details(photo)
    marks = []
    if "known_failure" in details:
        marks.append(pytest.mark.xfail(reason=details["known_failure"], strict=True))
    return pytest.param(photo, id=photo.relative_to(REAL).as_posix(), marks=marks)


@pytest.mark.skipif(
    not CASES,
    reason="tests/photos/real/ holds no photo case (its README.md says how to add one)",
)
@pytest.mark.parametrize("photo", [_param(p) for p in CASES] or [None])
def test_every_case_in_the_folder_is_read_right_or_flagged(photo):
    maps: dict[str, model.TransAmericaMap] = {}
    case = cli_photo.load_case(REAL, photo, maps)
    outcome = cli_photo.judge(case)
    assert outcome.found, f"{case.name}: board not found ({outcome.problem})"
    assert outcome.wrong == 0, (
        f"{case.name}: read wrong without a flag: missed {outcome.missed}, extra {outcome.extra}"
    )
    assert outcome.right + outcome.flagged == len(case.map.edges)


def test_the_seeded_cases_say_they_are_not_real():
    seeded = [p for p in CASES if p.stem.startswith("usa-10")]
    assert seeded, "the seeded composited cases are gone: say so in the folder's README"
    for photo in seeded:
        assert cli_photo.case_details(photo)["source"] == "composited"


# ------------------------------------------------------------------ the command


def copy_case(folder: Path, name: str = SEEDED, as_name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    as_name = as_name or name
    for suffix in (".jpg", ".json", ".case.json"):
        shutil.copy(REAL / f"{name}{suffix}", folder / f"{as_name}{suffix}")
    return folder / f"{as_name}.jpg"


@pytest.fixture(scope="module")
def one_case(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cases")
    copy_case(folder / "kitchen")  # one folder per case works too
    return folder


def test_check_prints_each_case_and_the_total(one_case):
    done = trackwright("photo", "check", one_case)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["case", "source", "board", "right", "wrong", "flagged", "seconds"]
    row = lines[1].split()
    assert row[:3] == [f"kitchen/{SEEDED}.jpg", "composited", "found"]
    assert row[4] == "0"
    assert lines[2].startswith("total: 1 case(s) (1 composited), board found in 1; ")
    assert "0 wrong without a flag" in lines[2]


def test_check_json(one_case):
    done = trackwright("photo", "check", one_case, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"cases", "total"}
    (case,) = out["cases"]
    assert set(case) == {
        "case",
        "photo",
        "truth",
        "source",
        "known_failure",
        "board_found",
        "problem",
        "spaces",
        "right",
        "wrong",
        "flagged",
        "missed",
        "extra",
        "seconds",
    }
    assert case["case"] == f"kitchen/{SEEDED}.jpg"
    assert case["board_found"] is True and case["problem"] is None
    assert case["spaces"] == len(model.load("usa").edges)
    assert case["spaces"] == case["right"] + case["wrong"] + case["flagged"]
    assert case["wrong"] == len(case["missed"]) + len(case["extra"]) == 0
    total = out["total"]
    assert total["cases"] == 1 and total["boards_found"] == 1
    assert total["sources"] == {"composited": 1}
    assert total["spaces"] == case["spaces"] and total["flagged"] == case["flagged"]
    assert total["seconds_median"] > 0


def test_the_photo_command_still_reads_one_photo(one_case):
    photo = one_case / "kitchen" / f"{SEEDED}.jpg"
    done = trackwright("photo", "usa", photo, "--json")
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {"track", "uncertain", "covered", "shaded"}
    named = trackwright("photo", "read", "usa", photo, "--json")
    assert named.stdout == done.stdout


# ------------------------------------------------------------------ bad cases


def fails(folder: Path, names: Path | str, *words: str) -> None:
    """The command stops on a bad case before reading any photo: one line, the file named."""
    done = trackwright("photo", "check", folder)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    line = done.stderr.strip()
    assert "\n" not in line and line.startswith("trackwright: error: ")
    assert str(names) in line
    for word in words:
        assert word in line


def test_a_case_file_that_is_not_json(tmp_path):
    photo = copy_case(tmp_path)
    photo.with_name(f"{SEEDED}.case.json").write_text('{"source": "camera",')
    fails(tmp_path, photo.with_name(f"{SEEDED}.case.json"))


def test_a_case_file_the_schema_refuses(tmp_path):
    photo = copy_case(tmp_path)
    photo.with_name(f"{SEEDED}.case.json").write_text('{"source": "phone"}')
    fails(tmp_path, photo.with_name(f"{SEEDED}.case.json"), "$.source")


def test_a_truth_that_is_not_json(tmp_path):
    photo = copy_case(tmp_path)
    photo.with_suffix(".json").write_text("{")
    fails(tmp_path, photo.with_suffix(".json"))


def test_a_photo_that_is_not_an_image(tmp_path):
    photo = copy_case(tmp_path)
    photo.write_text("not a photo")
    fails(tmp_path, photo, "not a JPEG or PNG")


def test_a_record_on_another_board(tmp_path):
    photo = copy_case(tmp_path)
    case_file = photo.with_name(f"{SEEDED}.case.json")
    details = json.loads(case_file.read_text(encoding="utf-8"))
    case_file.write_text(json.dumps({**details, "board": "usa-classic"}))
    fails(tmp_path, photo.with_suffix(".json"), "usa-classic")


def test_a_record_whose_track_is_not_on_its_map(tmp_path):
    photo = copy_case(tmp_path)
    record = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    record["map"] = "europe"
    photo.with_suffix(".json").write_text(json.dumps({**record}))
    case_file = photo.with_name(f"{SEEDED}.case.json")
    case_file.write_text(json.dumps({"source": "camera"}))
    fails(tmp_path, photo.with_suffix(".json"))


def test_a_round_the_record_does_not_have(tmp_path):
    photo = copy_case(tmp_path)
    photo.with_name(f"{SEEDED}.case.json").write_text('{"round": 2}')
    fails(tmp_path, photo.with_name(f"{SEEDED}.case.json"), "$.round")


def test_a_photo_without_its_truth(tmp_path):
    photo = copy_case(tmp_path)
    photo.with_suffix(".json").unlink()
    fails(tmp_path, photo, f"{SEEDED}.json")


def test_a_folder_without_photos(tmp_path):
    (tmp_path / "notes.txt").write_text("nothing here")
    fails(tmp_path, tmp_path, "no photo")


def test_a_board_not_found_is_a_figure_not_an_error(tmp_path):
    """A photo with no board in it: the command ran, so it exits 0 and says why per case."""
    from PIL import Image

    photo = copy_case(tmp_path)
    photo.unlink()
    Image.new("RGB", (800, 600), (120, 110, 100)).save(photo.with_suffix(".png"))
    done = trackwright("photo", "check", tmp_path, "--json")
    assert done.returncode == 0, done.stderr
    (case,) = json.loads(done.stdout)["cases"]
    assert case["board_found"] is False and case["problem"]["code"]
    assert case["spaces"] == case["right"] == case["flagged"] == case["wrong"] == 0
    text = trackwright("photo", "check", tmp_path)
    assert text.returncode == 0
    assert f"{SEEDED}.png" in text.stdout and "not found" in text.stdout
    assert "board found in 0" in text.stdout
