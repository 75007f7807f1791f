"""The layers drawn in ARCHITECTURE.md hold: import-linter's contracts (pyproject.toml), read
from the source tree as a fresh clone has it (the two halves on the path, nothing installed);
and the games are independent of each other, whatever games the registry holds."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import grimp

from tests.conftest import ROOT
from trackwright import games

HALVES = [str(ROOT / half) for half in ("scorer", "generator")]


def test_the_layers_hold():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = os.pathsep.join(HALVES)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(no_cache=True, no_logo=True))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert re.search(r"Contracts: \d+ kept, 0 broken\.", done.stdout), done.stdout[-3000:]


def test_no_game_reaches_into_another():
    """A game's own modules (those named after it: its core model, engine, registry entry, kit,
    views and commands) import nothing of another game's, for every pair the registry knows."""
    tops = ["core", "scorer", "photo", "games", "edit", "play", "kits", "views", "web", "cli"]
    graph = grimp.build_graph(*(f"trackwright.{top}" for top in tops), cache_dir=None)

    def own(game: str) -> set[str]:
        return {m for m in graph.modules if game in m.split(".")}

    names = list(games.games())
    assert all(own(name) for name in names)
    crossings = [
        f"{module} imports {other}"
        for a, b in itertools.permutations(names, 2)
        for module in own(a)
        for other in graph.find_modules_directly_imported_by(module) & own(b)
    ]
    assert crossings == []
