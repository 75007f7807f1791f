"""The photo reader's registration squares round a TransAmerica board: a line on the board says
what they are, and ``--no-photo-marks`` leaves them (and the line) off, as its help says."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from tests.support import cli
from trackwright.cli import run
from trackwright.core import transamerica as model
from trackwright.photo import marks as marks_mod

PT = 72 / 25.4


def _poster(tmp_path, *args: str) -> tuple[str, int]:
    """The poster's words and how many squares of the marks' dark outer size it shows."""
    assert run(["generate", "transamerica", *args, "--format", "pdf", "--out", str(tmp_path)]) == 0
    data = (tmp_path / "board-poster.pdf").read_bytes()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        text = " ".join((page.extract_text() or "").split())
        finders = sum(
            1
            for r in page.rects
            if abs((r["x1"] - r["x0"]) / PT - marks_mod.FINDER) < 0.05
            and abs((r["bottom"] - r["top"]) / PT - marks_mod.FINDER) < 0.05
        )
    return text, finders


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "for the photo reader"), ("fr", "lecture par photo"), ("de", "per Foto")],
)
def test_the_board_says_what_its_squares_are(tmp_path, lang, words):
    text, finders = _poster(tmp_path, "--map", "japan", "--lang", lang)
    assert words in text
    assert finders == len(marks_mod.marks(model.load("japan")))


def test_no_photo_marks_leaves_the_squares_and_their_line_off(tmp_path):
    text, finders = _poster(tmp_path, "--map", "japan", "--no-photo-marks")
    assert finders == 0
    assert "photo reader" not in text
    assert "TransAmerica" in text  # the rest of the board is there


def test_the_help_says_the_photo_reader_cannot_read_such_a_board():
    done = cli.trackwright("generate", "transamerica", "--help", env={"COLUMNS": "250"})
    assert done.returncode == 0
    out = " ".join(done.stdout.replace("│", " ").split())
    assert "--no-photo-marks" in out
    assert "the photo reader then cannot read that board" in out
