"""Branch Line's kit: one printed page, the map (stations, links with their lengths, the
termini marked T) at true size, with the scoring rule under it, drawn once in millimetres and
rendered to PDF and SVG by trackwright's drawing operations."""

from __future__ import annotations

from pathlib import Path

from branchline.model import BranchLineMap, BranchLineRules

from trackwright.core import mapfile
from trackwright.core.tiling import paper_size
from trackwright.kits.draw.ops import Circle, Document, Drawing, Group, Op, Style, Text, line
from trackwright.kits.draw.render import kit_files

WORDS = {
    "en": ("{n} point per length, {bonus} more for joining the termini (T)", "Branch Line"),
    "fr": ("{n} point par longueur, {bonus} de plus pour relier les terminus (T)", "Branch Line"),
    "de": (
        "{n} Punkt je Länge, {bonus} mehr für die Verbindung der Endbahnhöfe (T)",
        "Branch Line",
    ),
    "it": ("{n} punto per lunghezza, {bonus} in più per collegare i capolinea (T)", "Branch Line"),
}
#: Where the map's millimetres start on the page.
ORIGIN = (20.0, 40.0)


def board_ops(m: BranchLineMap) -> list[Op]:
    """The map: links with their lengths, stations, termini marked T (board mm)."""
    ops: list[Op] = []
    for (a, b), n in m.lengths.items():
        (x1, y1), (x2, y2) = m.stations[a], m.stations[b]
        ops.append(line((x1, y1), (x2, y2), Style(width=1.2)))
        ops.append(
            Text((x1 + x2) / 2, (y1 + y2) / 2 - 2, str(n), size=9, bold=True, anchor="middle")
        )
    for name, (x, y) in m.stations.items():
        terminus = name in m.termini
        ops.append(Circle(x, y, 4.0, Style(width=0.6, fill="#222222" if terminus else "#ffffff")))
        ops.append(Text(x, y + 9, f"{name} (T)" if terminus else name, size=9, anchor="middle"))
    return ops


def board_page(m: BranchLineMap, rules: BranchLineRules, paper: str, lang: str) -> Drawing:
    """The one printed page."""
    width, height = paper_size(paper)
    rule, title = WORDS[lang]
    text = rule.format(n=rules.points_per_length, bonus=rules.terminus_bonus)
    ox, oy = ORIGIN
    ops: list[Op] = [Text(ox, 25, f"{title} · {m.name}", size=16, bold=True)]
    ops.append(Group(tuple(board_ops(m)), dx=ox, dy=oy))
    ops.append(Text(ox, height - 20, text, size=10))
    return Drawing("board", width, height, tuple(ops))


def files(
    m: BranchLineMap,
    rules: BranchLineRules,
    paper: str,
    lang: str,
    formats: tuple[str, ...],
    out: Path,
) -> dict[Path, bytes]:
    """The kit's files: ``board.pdf`` (and ``.svg``) and ``map.json``."""
    document = Document(f"Branch Line: {m.name}", (board_page(m, rules, paper, lang),))
    return kit_files({"board": document}, formats, out, mapfile.dumps(m.to_json()))
