"""A newcomer's editor resolves every import from a fresh clone: pyright (what VS Code's Pylance
runs), with the configuration committed in pyproject.toml ([tool.pyright]), finds every
``trackwright`` import in the two halves, the tests and the benchmarks without an install, and
every other import in this environment."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT, node_tool

pytestmark = pytest.mark.slow


def _unresolved(*args: str) -> list[str]:
    done = subprocess.run(
        [str(node_tool("pyright")), "--outputjson", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    report = json.loads(done.stdout)
    return [
        f"{d['file']}:{d['range']['start']['line'] + 1}: {d['message']}"
        for d in report["generalDiagnostics"]
        if d.get("rule") in ("reportMissingImports", "reportMissingModuleSource")
    ]


def test_every_import_resolves():
    assert _unresolved("--pythonpath", sys.executable) == []


def test_trackwright_imports_resolve_with_nothing_installed(tmp_path):
    """An interpreter that has none of our packages: only third-party imports go unresolved."""
    bare = tmp_path / "bare"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120
    )
    missing = _unresolved("--pythonpath", str(bare / "bin" / "python"))
    assert missing, "a bare interpreter should miss reportlab and the rest"
    assert [m for m in missing if '"trackwright' in m or '"tests' in m] == []
