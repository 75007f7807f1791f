"""TransAmerica's score in the terminal (rich tables); the numbers come from the rules engine."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from trackwright.scorer.transamerica import GameRecord, Result


def _edge(game: GameRecord, a: str, b: str) -> str:
    return f"{a}={b}" if game.map.edge_by_key[(a, b)].cost == 2 else f"{a}-{b}"


def print_transamerica(game: GameRecord, result: Result, console: Console | None = None) -> None:
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
