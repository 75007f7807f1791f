"""The games seen from the laptop's server: check a record and score it (the same JSON as
``trackwright score GAME --json``). Everything here asks the game registry (through
:mod:`trackwright.play.bridge`, as the phone does); nothing of a game's rules is written here."""

from __future__ import annotations

from typing import Any

from trackwright import games
from trackwright.core.errors import TrackwrightError
from trackwright.play import bridge


def game_of(record: Any) -> str:
    return games.of_record(record, "record").name


def check(record: dict[str, Any]) -> dict[str, Any]:
    """Check a record completely (its form, and every round, event or turn against the rules) by
    scoring it; raises TrackwrightError on any mistake. Returns the score."""
    return score(record)


def score(record: dict[str, Any]) -> dict[str, Any]:
    """Exactly what ``trackwright score GAME RECORD --json`` prints for this record."""
    return bridge.score_record(record)


def check_map(data: Any) -> Any:
    """A parsed map file checked by its game's own loader."""
    return games.of_record(data, "uploaded map").map_from_json(data, "uploaded map")


__all__ = ["TrackwrightError", "check", "check_map", "game_of", "score"]
