"""What ``trackwright score`` shows: the terminal report (views/report.py: each round's table and
the winners) and ``--explain`` (views/explain.py: the missing tracks drawn on the board, one page
or one picture a round)."""

from __future__ import annotations

import pytest

from tests.conftest import MINIMAL
from tests.support.cli import trackwright

EXAMPLE_GAME = MINIMAL.parent / "game.json"


def test_score_prints_tables_and_the_winners():
    done = trackwright("score", "transamerica", str(EXAMPLE_GAME))
    assert done.returncode == 0, done.stderr
    assert "Round 1" in done.stdout and "Round 3" in done.stdout
    assert "Game over. Ann and Dev win with 7 points." in done.stdout


@pytest.mark.parametrize("suffix", [".pdf", ".svg", ".png"])
def test_score_explain_draws_the_missing_tracks(tmp_path, suffix):
    picture = tmp_path / f"why{suffix}"
    done = trackwright("score", "transamerica", str(EXAMPLE_GAME), "--explain", str(picture))
    assert done.returncode == 0, done.stderr
    if suffix == ".pdf":
        from pypdf import PdfReader

        assert len(PdfReader(picture).pages) == 3
    else:
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == [f"why-round{k}{suffix}" for k in (1, 2, 3)]
