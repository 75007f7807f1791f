"""The game registry: a game is one declaration, and the command line, ``generate all``,
``score`` and the web page's game list all come from it.

A toy fourth game, defined here and nowhere else, shows it: registering it makes it appear
everywhere without touching any other file.
"""

from __future__ import annotations

import json
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from fastapi.testclient import TestClient

from trackwright import games
from trackwright.cli import run
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_all
from trackwright.web.app import create_app

# ---------------------------------------------------------------- the toy game: "Milestones"
# A line of towns with distances; each player's score is the length of the stretch they claimed.

LINE = {"A": 0, "B": 3, "C": 7, "D": 12}


@dataclass(frozen=True)
class LineMap:
    name: str
    towns: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"format": "trackwright-map/1", "game": "milestones", "towns": self.towns}


def load_map(ref: str | Path) -> LineMap:
    if str(ref) != "line":
        raise TrackwrightError(f"no built-in map {str(ref)!r} (built-in: line)", "$.map")
    return LineMap("line", LINE)


def map_from_json(data: Any, where: str) -> LineMap:
    return LineMap(data.get("name", "custom"), dict(data["towns"]))


@dataclass(frozen=True)
class Record:
    map: LineMap
    players: tuple[str, ...]
    claims: dict[str, tuple[str, str]]


def record_from_json(data: Any, where: str) -> Record:
    m = load_map(data["map"])
    for player, (a, b) in data["claims"].items():
        if a not in m.towns or b not in m.towns:
            raise TrackwrightError(f"{player} claims a town not on the line", f"{where}: $.claims")
    return Record(m, tuple(data["players"]), {p: tuple(c) for p, c in data["claims"].items()})


@dataclass(frozen=True)
class Result:
    scores: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        best = max(self.scores.values(), default=0)
        return {"scores": self.scores, "winners": [p for p, s in self.scores.items() if s == best]}


def score(record: Record) -> Result:
    towns = record.map.towns
    return Result({p: abs(towns[b] - towns[a]) for p, (a, b) in record.claims.items()})


def cli_generate(
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output/milestones"),
) -> None:
    """The Milestones kit: its map file."""
    write_all({out / "map.json": json.dumps(load_map("line").to_json()).encode()})


def cli_score(record: Annotated[Path, typer.Argument()]) -> None:
    """Milestones scores."""
    data = json.loads(record.read_text(encoding="utf-8"))
    typer.echo(json.dumps(score(record_from_json(data, str(record))).to_json()))


def cli_generate_all(out: Path, paper: str, lang: str, formats: tuple[str, ...]) -> dict:
    return {out / "milestones" / "map.json": json.dumps(load_map("line").to_json()).encode()}


TOY = games.Game(
    name="milestones",
    title="Milestones",
    summary="A toy game of the test suite.",
    players=(2, 4),
    load_map=load_map,
    map_from_json=map_from_json,
    builtin_maps=lambda: ["line"],
    record_schema={
        "type": "object",
        "required": ["game", "map", "players", "claims"],
        "properties": {"game": {"const": "milestones"}},
    },
    load_record=lambda path: record_from_json(
        json.loads(path.read_text(encoding="utf-8")), str(path)
    ),
    record_from_json=record_from_json,
    score=score,
    map_schema={"type": "object", "required": ["towns"]},
    cli=types.SimpleNamespace(
        generate=cli_generate, score=cli_score, generate_all=cli_generate_all
    ),
)

RECORD = {
    "game": "milestones",
    "map": "line",
    "players": ["Ann", "Ben"],
    "claims": {"Ann": ["A", "C"], "Ben": ["B", "D"]},
}


@pytest.fixture
def toy():
    games.register(TOY)
    yield TOY
    games.unregister(TOY.name)


# ---------------------------------------------------------------- the three built-in games


def test_the_built_in_games_are_found_in_their_order():
    assert list(games.games()) == ["transamerica", "dampfross", "lastrada"]
    for game in games.games().values():
        assert game.builtin_maps(), game.name
        assert game.cli_module() is not None


def test_an_unknown_game_is_one_line_naming_the_games():
    with pytest.raises(TrackwrightError, match="unknown game 'chess': one of transamerica"):
        games.get("chess")
    with pytest.raises(TrackwrightError, match=r"\$\.game"):
        games.of_record({"game": "x" * 10_000})
    with pytest.raises(TrackwrightError) as long_name:
        games.get("x" * 10_000)
    assert len(str(long_name.value)) < 200


def test_each_game_scores_its_example_through_the_registry():
    root = Path(__file__).resolve().parents[2] / "templates"
    for game in games.games().values():
        example = root / game.name / "examples" / "game.json"
        result = game.score(game.load_record(example)).to_json()
        assert result == game.score_json(
            json.loads(example.read_text(encoding="utf-8")) | {"map": _map_of(example)}
        )


def _map_of(example: Path) -> str:
    ref = json.loads(example.read_text(encoding="utf-8"))["map"]
    return ref if not ref.endswith(".json") else str(example.parent / ref)


# ---------------------------------------------------------------- a fourth game, added in a test


def test_a_fourth_game_appears_in_generate_all_and_score(toy, tmp_path, capsys):
    assert "milestones" in games.games()
    assert run(["generate", "all", "--out", str(tmp_path), "--format", "svg"]) == 0
    assert (
        json.loads((tmp_path / "milestones" / "map.json").read_text(encoding="utf-8"))["towns"]
        == LINE
    )
    assert (tmp_path / "transamerica" / "map.json").is_file()  # the others are still there
    capsys.readouterr()

    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORD), encoding="utf-8")
    assert run(["score", "milestones", str(record)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "scores": {"Ann": 7, "Ben": 9},
        "winners": ["Ben"],
    }

    assert run(["generate", "milestones", "--out", str(tmp_path / "kit")]) == 0
    assert (tmp_path / "kit" / "map.json").is_file()
    capsys.readouterr()

    assert run(["schema", "map"]) == 0
    published = json.loads(capsys.readouterr().out)
    assert published["properties"]["game"]["enum"] == [
        "transamerica",
        "dampfross",
        "lastrada",
        "milestones",
    ]
    assert published["$defs"]["milestones"] == TOY.map_schema
    assert run(["schema", "record", "milestones"]) == 0
    assert json.loads(capsys.readouterr().out) == TOY.record_schema


def test_a_fourth_game_is_gone_when_unregistered(tmp_path, capsys):
    assert "milestones" not in games.games()
    assert run(["score", "milestones", str(tmp_path / "x.json")]) == 2
    assert "No such command 'milestones'" in capsys.readouterr().err


def test_a_fourth_game_is_on_the_web_page(toy, tmp_path):
    client = TestClient(create_app(tmp_path / "games.sqlite", output=tmp_path))
    listed = {g["name"]: g for g in client.get("/api/catalogue").json()}
    assert list(listed) == ["transamerica", "dampfross", "lastrada", "milestones"]
    assert listed["milestones"]["page"] is None  # the generic page shows and scores its record
    assert any(
        m["game"] == "milestones" and m["id"] == "line" and m["builtin"]
        for m in client.get("/api/maps").json()
    )
    created = client.post("/api/games", json=RECORD)
    assert created.status_code == 201, created.text
    gid = created.json()["id"]
    assert client.get(f"/api/games/{gid}/score").json()["winners"] == ["Ben"]
    bad = client.post("/api/games", json=RECORD | {"claims": {"Ann": ["A", "Z"]}})
    assert bad.status_code == 422 and "not on the line" in bad.json()["detail"]
