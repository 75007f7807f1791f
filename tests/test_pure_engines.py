"""The rules engines, and the map and record loading they need, run without the compiled or
presentation libraries (the next step runs them in a phone's browser, under Pyodide)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKED = [
    "numpy",
    "shapely",
    "reportlab",
    "svgwrite",
    "PIL",
    "fastapi",
    "uvicorn",
    "starlette",
    "jsonschema",
    "rpds",
    "rich",
    "typer",
    "segno",
    "platformdirs",
]
EXAMPLES = {
    "transamerica": ["transamerica/examples/game.json"],
    "dampfross": ["dampfross/examples/game.json"],
    "lastrada": ["lastrada/examples/game.json", "lastrada/examples/rules-example-game.json"],
}
SCRIPT = """
import importlib.abc, json, sys
from pathlib import Path

BLOCKED = set({blocked!r})


class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{{name}} is blocked in this test")
        return None


sys.meta_path.insert(0, Blocker())
from trackwright import games

game = games.get({game!r})  # the registry itself loads nothing that is blocked
out = []
for rel in {records!r}:
    path = Path({templates!r}) / rel
    out.append(game.score(game.load_record(path)).to_json())
print(json.dumps(out))
"""


def normal(game: str, records: list[str]) -> list:
    from trackwright.scorer import dampfross, lastrada, transamerica

    engine = {"transamerica": transamerica, "dampfross": dampfross, "lastrada": lastrada}[game]
    return [engine.score_file(ROOT / "templates" / rel).to_json() for rel in records]


@pytest.mark.parametrize("game", ["transamerica", "dampfross", "lastrada"])
def test_examples_score_without_the_blocked_libraries(game):
    script = SCRIPT.format(
        blocked=BLOCKED, game=game, records=EXAMPLES[game], templates=str(ROOT / "templates")
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(normal(game, EXAMPLES[game])))
