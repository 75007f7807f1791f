"""The rules engines, and the map and record loading they need, run without the compiled or
presentation libraries, and without networkx (they run in a phone's browser under Pyodide,
loaded from a static site with Pyodide's core files and our own code only): the examples and
every recorded game score the same with them blocked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trackwright import games

BLOCKED = [
    "networkx",  # megabytes and a long import at every cold start: core.graphs instead
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
from trackwright.core.errors import TrackwrightError

game = games.get({game!r})  # the registry itself loads nothing that is blocked
out = []
for rel in {records!r}:
    path = Path({folder!r}) / rel
    try:
        out.append(game.score(game.load_record(path)).to_json())
    except TrackwrightError as error:  # a record the engine refuses: the same refusal
        out.append({{"error": str(error)}})
print(json.dumps(out))
assert not BLOCKED & set(sys.modules), BLOCKED & set(sys.modules)
"""


def normal(game: str, records: list[str], folder: Path = ROOT / "templates") -> list:
    from trackwright import games
    from trackwright.core.errors import TrackwrightError

    out: list = []
    for rel in records:
        try:
            out.append(games.get(game).score(games.get(game).load_record(folder / rel)).to_json())
        except TrackwrightError as error:
            out.append({"error": str(error)})
    return out


def blocked(game: str, records: list[str], folder: Path) -> list:
    script = SCRIPT.format(blocked=BLOCKED, game=game, records=records, folder=str(folder))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", games.names())
def test_examples_score_without_the_blocked_libraries(game):
    out = blocked(game, EXAMPLES[game], ROOT / "templates")
    assert out == json.loads(json.dumps(normal(game, EXAMPLES[game])))


@pytest.mark.parametrize("game", games.names())
def test_recorded_games_score_without_the_blocked_libraries(game):
    """Every recorded game (tests/records/), the refused ones included: the engines' other
    paths (blocking markers, races, partnerships, refusals) load nothing blocked either."""
    folder = ROOT / "tests" / "records" / game
    records = sorted(p.name for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    assert records
    out = blocked(game, records, folder)
    assert out == json.loads(json.dumps(normal(game, records, folder)))
