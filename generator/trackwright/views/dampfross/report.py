"""Dampfross's ledger in the terminal (rich tables); the numbers come from the rules engine."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table


def print_dampfross(result, console: Console | None = None) -> None:
    """The ledger event by event, then the balances, phase and winner."""
    console = console or Console(highlight=False)
    record, state = result.record, result.state
    players = record.players
    table = Table(title=f"Dampfross ledger ({record.rules.name} rules)", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Event")
    table.add_column("Transactions")
    for p in players:
        table.add_column(p, justify="right")
    by_event: dict[int, list] = {}
    for t in state.ledger:
        by_event.setdefault(t.event, []).append(t)
    table.add_row("", "start capital", "", *(str(record.rules.start_capital) for _ in players))
    for e in result.events:
        s = e.summary
        if e.kind == "build":
            who = s["player"] + (f" and {s['partner']}" if "partner" in s else "")
            paid = {"roll": "roll ", "winnings": "winnings ", "account": "account "}
            what = f"{who} builds, {s['cost']} of {paid[s['paid_from']]}{s['budget']}"
        elif e.kind == "pass":
            what = f"{s['player']} passes"
        else:
            what = f"race {s['from']} {s['from_town']} - {s['to']} {s['to_town']}"
        moves = "; ".join(
            f"{t.payer}→{t.payee} {t.amount} ({t.reason})" for t in by_event.get(e.number, [])
        )
        table.add_row(str(e.number), what, moves, *(str(e.balances[p]) for p in players))
    console.print(table)
    balances = ", ".join(f"{p} {state.balances[p]}" for p in players)
    console.print(f"Phase: {state.phase}. Races run: {state.races_run}. Balances: {balances}.")
    if state.winners:
        verb = "win" if len(state.winners) > 1 else "wins"
        console.print(f"[bold]{' and '.join(state.winners)} {verb}.[/bold]")
    elif state.phase == "construction":
        left = [t.name for t in record.map.towns if t.hex not in state.reached]
        console.print(f"Towns not reached yet: {', '.join(left)}.")
