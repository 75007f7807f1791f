"""A newcomer's editor resolves every import from a fresh clone: pyright (what VS Code's Pylance
runs), with the configuration committed in pyproject.toml ([tool.pyright]), finds every
``trackwright`` import in the two halves, the tests and the benchmarks without an install, and
every other import in this environment."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, node_tool

pytestmark = pytest.mark.slow


def _unresolved(*args: str) -> list[tuple[str, str]]:
    """(where, module) of each import pyright leaves unresolved."""
    done = subprocess.run(
        [str(node_tool("pyright")), "--outputjson", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    report = json.loads(done.stdout)
    return [
        (
            f"{d['file']}:{d['range']['start']['line'] + 1}",
            re.findall(r'"([^"]+)"', d["message"])[0],
        )
        for d in report["generalDiagnostics"]
        if d.get("rule") in ("reportMissingImports", "reportMissingModuleSource")
    ]


def _found(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def test_every_import_resolves(tmp_path):
    """Pyright with an interpreter that has none of our packages: only third-party imports go
    unresolved, never ``trackwright``'s or the tests' own (the committed configuration finds
    those), and each of those is installed in this environment (so that an editor pointed at it
    resolves them). One pyright run, not one per interpreter: an editable install of trackwright
    is an import hook, which pyright does not follow, so this environment's interpreter would
    find trackwright by the configuration alone too."""
    bare = tmp_path / "bare"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120
    )
    missing = _unresolved("--pythonpath", str(bare / "bin" / "python"))
    assert missing, "a bare interpreter should miss reportlab and the rest"
    ours = [f"{where}: {m}" for where, m in missing if m.split(".")[0] in ("trackwright", "tests")]
    assert ours == []
    assert [f"{where}: {m}" for where, m in missing if not _found(m)] == []
