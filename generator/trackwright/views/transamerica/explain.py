"""Pictures that explain a TransAmerica score: the printed board, the track that was on it, and
for each player who lost points the missing track spaces of one cheapest completion.

Each player has a colour, a shape and a dash pattern (colour is never the only cue), and their
missing tracks are drawn side by side when two players miss the same space.
"""

from __future__ import annotations

from trackwright.core.transamerica import TransAmericaMap
from trackwright.kits.draw.ops import (
    Circle,
    Document,
    Drawing,
    Op,
    Place,
    Style,
    Text,
    line,
    offset_segment,
    rect,
)
from trackwright.kits.draw.symbols import PLAYER_DASH, PLAYER_STYLE, symbol
from trackwright.kits.transamerica import board
from trackwright.kits.transamerica.strings import t
from trackwright.scorer.transamerica import Result
from trackwright.views.transamerica.report import round_title

DASHES = PLAYER_DASH
TRACK = "#5a3a1e"
LEGEND_H = 44.0


def round_page(
    m: TransAmericaMap, result: Result, index: int, base: Drawing, lang: str = "en"
) -> Drawing:
    rnd = result.rounds[index]
    players = result.players
    ops: list[Op] = [Place(base)]
    for a, b in rnd.track:
        na, nb = m.nodes[a], m.nodes[b]
        ops.append(line((na.x, na.y), (nb.x, nb.y), Style(stroke=TRACK, width=2.4, cap="butt")))
    for i, player in enumerate(players):
        colour, _shape = PLAYER_STYLE[i % len(PLAYER_STYLE)]
        offset = (i - (len(players) - 1) / 2) * 1.3
        style = Style(stroke=colour, width=1.8, dash=DASHES[i % len(DASHES)], cap="butt")
        for a, b in rnd.missing[player].edges:
            na, nb = m.nodes[a], m.nodes[b]
            ops.append(line(*offset_segment((na.x, na.y), (nb.x, nb.y), offset), style))
    for i, player in enumerate(players):
        colour, shape = PLAYER_STYLE[i % len(PLAYER_STYLE)]
        start = m.nodes[rnd.starts[player]]
        ops.append(Circle(start.x, start.y, 4.2, Style(stroke="#000000", width=0.5, fill=colour)))
        ops.append(
            symbol(shape, start.x, start.y, 2.4, Style(stroke="#000000", width=0.3, fill="#ffffff"))
        )
    for i, player in enumerate(players):
        colour, _shape = PLAYER_STYLE[i % len(PLAYER_STYLE)]
        for city in rnd.hands[player]:
            n = m.nodes[m.city_by_name[city].node]
            ops.append(
                Circle(
                    n.x,
                    n.y,
                    board.CITY_R + 1.2 + 1.1 * i,
                    Style(stroke=colour, width=0.9, dash=DASHES[i % len(DASHES)]),
                )
            )
    # The legend under the board.
    y0 = base.height + 4
    ops.append(rect(0, base.height, base.width, LEGEND_H, Style(stroke=None, fill="#ffffff")))
    ops.append(Text(8, y0 + 6, round_title(rnd, lang), size=13, bold=True))
    ops.append(
        Text(
            base.width - 8,
            y0 + 6,
            t("ta_rep_ends_at", lang, threshold=rnd.threshold),
            size=9,
            anchor="end",
        )
    )
    for i, player in enumerate(players):
        colour, shape = PLAYER_STYLE[i % len(PLAYER_STYLE)]
        col, row = i % 3, i // 3
        x, y = 8 + col * (base.width - 16) / 3, y0 + 16 + row * 12
        ops.append(
            line(
                (x, y),
                (x + 16, y),
                Style(stroke=colour, width=1.8, dash=DASHES[i % len(DASHES)], cap="butt"),
            )
        )
        ops.append(symbol(shape, x + 21, y, 2.6, Style(stroke="#000000", width=0.3, fill=colour)))
        missing = rnd.missing[player]
        detail = ", ".join(f"{a}-{b}" for a, b in missing.edges[:8])
        if len(missing.edges) > 8:
            detail += ", ..."
        ops.append(
            Text(
                x + 26,
                y + 1.5,
                f"{player}: {_change(missing.points)}{rnd.scores[player]}",
                size=10,
                bold=True,
            )
        )
        if detail:
            ops.append(Text(x + 26, y + 5.5, detail, size=6.5, fill="#444444"))
    return Drawing(f"round{rnd.number}", base.width, base.height + LEGEND_H, tuple(ops))


def _change(lost: int) -> str:
    """What a round took from a player, before the score: nothing for a player who lost nothing
    (the round's winner), never a signed zero ('-0 → 13')."""
    return f"-{lost} → " if lost else ""


def explanation(m: TransAmericaMap, result: Result, lang: str = "en") -> Document:
    """One page per round."""
    base = board.board_drawing(m, lang)
    pages = tuple(round_page(m, result, i, base, lang) for i in range(len(result.rounds)))
    return Document(t("ta_rep_explain_title", lang, name=board.board_title(m, lang)), pages)
