"""La Strada's gold in the terminal (rich tables); the numbers come from the rules engine."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table


def print_lastrada(result, console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    table = Table(title=f"La Strada ({result.variant})", title_justify="left")
    table.add_column("Settlement")
    table.add_column("Kind")
    table.add_column("Merchants")
    table.add_column("Gold each", justify="right")
    for s in result.settlements:
        if s["players"]:
            table.add_row(
                s["id"], s["kind"].replace("_", " "), ", ".join(s["players"]), str(s["gold_each"])
            )
    console.print(table)
    for p in result.players:
        console.print(f"{p}: {result.gold[p]} gold, {result.reserve[p]} travel days in reserve")
    winners = " and ".join(result.winners)
    console.print(f"[bold]{winners} {'win' if len(result.winners) > 1 else 'wins'}.[/bold]")
