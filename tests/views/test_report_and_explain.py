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


def test_the_explanation_shows_no_signed_zero():
    """The round's winner lost nothing: 'Ann: 13', never 'Ann: -0 → 13'."""
    from trackwright.kits.draw.ops import Text
    from trackwright.kits.transamerica import board
    from trackwright.scorer import transamerica as ta
    from trackwright.views.transamerica.explain import round_page

    record = ta.load_record(EXAMPLE_GAME)
    result = ta.score(record)
    m = record.map
    base = board.board_drawing(m, "en")
    texts = [op.text for op in round_page(m, result, 0, base).ops if isinstance(op, Text)]
    rnd = result.rounds[0]
    winners = [p for p in rnd.scores if rnd.missing[p].points == 0]
    assert winners, "the example's first round has a player who lost nothing"
    for p in winners:
        assert f"{p}: {rnd.scores[p]}" in texts
    assert not [t for t in texts if "-0 " in t]
