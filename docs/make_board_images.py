"""Render the board and histogram pictures of docs/maps/transamerica.md (into docs/boards/).

python docs/make_board_images.py
"""

from __future__ import annotations

from pathlib import Path

from trackwright.core import transamerica as model
from trackwright.edit import hands
from trackwright.kits.draw.png import render_png
from trackwright.kits.transamerica import balance, board, continent
from trackwright.views.transamerica import plots

OUT = Path(__file__).resolve().parent / "boards"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    boards = {name: model.load(name) for name in ("usa", "europe", "japan")}
    boards["random-2"] = continent.generate(2)[0]
    for name, m in boards.items():
        (OUT / f"{name}.png").write_bytes(render_png(board.board_drawing(m, "en"), dpi=18))
        result = balance.analyse(m)
        drawing = plots.histogram(result, f"{m.name}", hands.Band())
        (OUT / f"{name}-histogram.png").write_bytes(render_png(drawing, dpi=60))


if __name__ == "__main__":
    main()
