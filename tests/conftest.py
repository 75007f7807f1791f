"""Shared fixtures: the built-in and the hand-written example maps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from trackwright.core import transamerica as model

ROOT = Path(__file__).resolve().parents[1]
MINIMAL = ROOT / "templates" / "transamerica" / "examples" / "minimal-map.json"


@pytest.fixture(scope="session")
def usa() -> model.TransAmericaMap:
    return model.load("usa")


@pytest.fixture(scope="session")
def minimal() -> model.TransAmericaMap:
    return model.load(MINIMAL)


@pytest.fixture
def minimal_data() -> dict:
    return json.loads(MINIMAL.read_text("utf-8"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-records",
        action="store_true",
        default=False,
        help="Rewrite tests/records/<game>/*.expected.json from what the scorer says now "
        "(deliberately only: read the diff before committing).",
    )
