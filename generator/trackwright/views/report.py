"""Readable terminal output of scores (rich tables); the numbers come from the rules engines."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from trackwright.scorer.transamerica import GameRecord, GameResult


def _edge(game: GameRecord, a: str, b: str) -> str:
    return f"{a}={b}" if game.map.edge_by_key[(a, b)].cost == 2 else f"{a}-{b}"


def print_transamerica(
    game: GameRecord, result: GameResult, console: Console | None = None
) -> None:
    console = console or Console(highlight=False)
    for rnd in result.rounds:
        title = f"Round {rnd.number}: {len(rnd.track)} tracks on the board"
        if rnd.replay is not None:
            if rnd.replay.completed_by:
                title += f", completed by {', '.join(rnd.replay.completed_by)}"
            elif not rnd.replay.ended:
                title += " (in progress: nothing deducted yet)"
        table = Table(title=title, title_justify="left", show_lines=False)
        table.add_column("Player")
        table.add_column("Start")
        table.add_column("Cities")
        table.add_column("Lost", justify="right")
        table.add_column("Missing track (a=b: double, counts 2)")
        table.add_column("Score", justify="right")
        for player in result.players:
            missing = rnd.missing[player]
            table.add_row(
                player,
                rnd.starts[player],
                ", ".join(rnd.hands[player]),
                str(missing.points),
                " ".join(_edge(game, a, b) for a, b in missing.edges) or "connected",
                str(rnd.scores[player]),
            )
        console.print(table)
        if result.variant == "visible-cards" and not result.rules.visible_cards_barrier:
            console.print(f"Visible cards: the game ends after {len(result.players)} rounds.\n")
        else:
            console.print(f"The game ends for a player at {rnd.threshold} points or fewer.\n")
    scores = ", ".join(f"{p} {s}" for p, s in result.scores.items())
    if result.game_over:
        winners = " and ".join(result.winners)
        verb = "win" if len(result.winners) > 1 else "wins"
        console.print(
            f"[bold]Game over.[/bold] {winners} {verb} with {max(result.scores.values())} "
            f"points. Scores: {scores}."
        )
    else:
        console.print(f"The game goes on. Scores: {scores}.")


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
