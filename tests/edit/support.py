"""What the map editor's tests share: asking a game's question as the page does (through the
bridge, JSON in and out), and finding a problem by its kind."""

from __future__ import annotations

import json
from typing import Any

from trackwright.play import bridge


def ask(game: str, name: str, draft: Any, **args: Any) -> Any:
    """The answer to the page's question, as JSON text carries it (so it must be JSON)."""
    text = bridge.ask_text(name, json.dumps({"game": game, "map": draft}), json.dumps(args))
    answer = json.loads(text)
    assert "ok" in answer, answer
    return answer["ok"]


def check(game: str, draft: Any, **args: Any) -> dict[str, Any]:
    return ask(game, "map_check", draft, **args)


def found(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The problems of that kind; the answer is not finished when there are any."""
    hits = [p for p in answer["problems"] if p["kind"] == kind]
    assert hits, (kind, [p["kind"] for p in answer["problems"]])
    assert answer["finished"] is False
    return hits
