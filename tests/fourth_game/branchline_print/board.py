"""The board the phone shows for a Branch Line map: the printed map, and where each link's
middle lies (for the page's taps), in the drawing's millimetres."""

from __future__ import annotations

from branchline.model import BranchLineMap
from branchline_print.kit import board_ops

from trackwright.games import BoardView
from trackwright.kits.draw.ops import Drawing

MARGIN = 12.0
PLAYERS = [
    {"colour": "#0072b2", "shape": "circle"},
    {"colour": "#d55e00", "shape": "square"},
    {"colour": "#009e73", "shape": "triangle"},
    {"colour": "#cc79a7", "shape": "diamond"},
]


def board_view(m: BranchLineMap, lang: str) -> BoardView:
    xs = [x for x, _ in m.stations.values()]
    ys = [y for _, y in m.stations.values()]
    drawing = Drawing("board", max(xs) + MARGIN, max(ys) + MARGIN, tuple(board_ops(m)))
    links = {
        f"{a}-{b}": [
            (m.stations[a][0] + m.stations[b][0]) / 2,
            (m.stations[a][1] + m.stations[b][1]) / 2,
        ]
        for a, b in m.lengths
    }
    return BoardView(drawing=drawing, places={"links": links}, players=PLAYERS)
