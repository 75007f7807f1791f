"""The type checker is clean on the source folders, at the strictness pyproject.toml sets
([tool.mypy]: the two halves, scorer/trackwright/ and generator/trackwright/, read as the one
namespace package ``trackwright``; no install and no staging needed)."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_mypy_is_clean(monkeypatch):
    api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-incremental"])
    assert status == 0, out + err
