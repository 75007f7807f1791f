"""La Strada's gold in the terminal (rich tables), in the chosen language; the numbers come
from the rules engine. A game still going on has leaders, not winners: the engine's result says
whether it ended (a record of turns does; a record of the final position alone is a game over)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from trackwright.kits.i18n import names
from trackwright.kits.lastrada.strings import t


def has_ended(result) -> bool:
    """Whether the game is over: as the replayed turns say, or (no turns) the final position."""
    return bool(result.turns.get("ended", True)) if result.turns else True


def verdict(result, lang: str = "en") -> str:
    """'grey wins.', or 'The game goes on; grey leads.' while it has not ended."""
    several = len(result.winners) > 1
    if has_ended(result):
        key = "ls_rep_win" if several else "ls_rep_wins"
    else:
        key = "ls_rep_lead" if several else "ls_rep_leads"
    return t(key, lang, names=names(result.winners, lang))


def print_lastrada(result, console: Console | None = None, lang: str = "en") -> None:
    console = console or Console(highlight=False)
    variant = t(f"ls_rep_{result.variant}", lang)
    table = Table(title=escape(t("ls_rep_title", lang, variant=variant)), title_justify="left")
    table.add_column(t("ls_rep_settlement", lang))
    table.add_column(t("ls_rep_kind", lang))
    table.add_column(t("ls_rep_merchants", lang))
    table.add_column(t("ls_rep_gold_each", lang), justify="right")
    for s in result.settlements:
        if s["players"]:
            table.add_row(
                s["id"],
                t(f"ls_{s['kind']}", lang),
                escape(", ".join(s["players"])),
                str(s["gold_each"]),
            )
    console.print(table)
    for p in result.players:
        line = t("ls_rep_player", lang, player=p, gold=result.gold[p], days=result.reserve[p])
        console.print(escape(line))
    console.print(f"[bold]{escape(verdict(result, lang))}[/bold]")
