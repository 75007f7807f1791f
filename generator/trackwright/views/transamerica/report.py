"""TransAmerica's score in the terminal (rich tables), in the chosen language; the numbers come
from the rules engine."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from trackwright.kits.i18n import names
from trackwright.kits.transamerica.strings import t
from trackwright.scorer.transamerica import GameRecord, Result, RoundResult


def _edge(game: GameRecord, a: str, b: str) -> str:
    return f"{a}={b}" if game.map.edge_by_key[(a, b)].cost == 2 else f"{a}-{b}"


def round_title(rnd: RoundResult, lang: str) -> str:
    """'Round 2: 14 tracks on the board, completed by Ann' (the explanation's title too)."""
    title = t("ta_rep_round", lang, number=rnd.number, tracks=len(rnd.track))
    if rnd.replay is not None:
        if rnd.replay.completed_by:
            title += t("ta_rep_completed", lang, names=names(rnd.replay.completed_by, lang))
        elif not rnd.replay.ended:
            title += t("ta_rep_in_progress", lang)
    return title


def _round_table(game: GameRecord, result: Result, rnd: RoundResult, lang: str) -> Table:
    table = Table(title=escape(round_title(rnd, lang)), title_justify="left", show_lines=False)
    table.add_column(t("ta_rep_player", lang))
    table.add_column(t("ta_rep_start", lang))
    table.add_column(t("ta_rep_cities", lang))
    table.add_column(t("ta_rep_lost", lang), justify="right")
    table.add_column(t("ta_rep_missing", lang))
    table.add_column(t("ta_rep_score", lang), justify="right")
    connected = t("ta_rep_connected", lang)
    for player in result.players:
        missing = rnd.missing[player]
        table.add_row(
            escape(player),
            rnd.starts[player],
            escape(", ".join(rnd.hands[player])),
            str(missing.points),
            " ".join(_edge(game, a, b) for a, b in missing.edges) or connected,
            str(rnd.scores[player]),
        )
    return table


def print_transamerica(
    game: GameRecord, result: Result, console: Console | None = None, lang: str = "en"
) -> None:
    console = console or Console(highlight=False)
    for rnd in result.rounds:
        console.print(_round_table(game, result, rnd, lang))
        if result.variant == "visible-cards" and not result.rules.visible_cards_barrier:
            console.print(escape(t("ta_rep_visible_end", lang, rounds=len(result.players))) + "\n")
        else:
            console.print(escape(t("ta_rep_threshold", lang, threshold=rnd.threshold)) + "\n")
    scores = ", ".join(f"{p} {s}" for p, s in result.scores.items())
    if result.game_over:
        key = "ta_rep_winners" if len(result.winners) > 1 else "ta_rep_winner"
        said = t(
            key,
            lang,
            names=names(result.winners, lang),
            points=max(result.scores.values()),
            scores=scores,
        )
        console.print(f"[bold]{escape(t('ta_rep_game_over', lang))}[/bold] {escape(said)}")
    else:
        console.print(escape(t("ta_rep_goes_on", lang, scores=scores)))
