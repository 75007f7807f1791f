"""The type checker is clean on the package, at the strictness pyproject.toml sets ([tool.mypy]).

mypy reads the package as it is installed (``trackwright`` with ``trackwright.scorer`` and
``trackwright.templates`` inside), so the design card's folders are linked into that shape in a
temporary folder first; the messages name those links (``trackwright/core/mapfile.py`` is
``generator/core/mapfile.py``, ``trackwright/scorer/`` is ``scorer/``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def staged(folder: Path) -> Path:
    package = folder / "trackwright"
    package.mkdir()
    for entry in (ROOT / "generator").iterdir():
        if entry.name != "__pycache__":
            os.symlink(entry, package / entry.name)
    os.symlink(ROOT / "scorer", package / "scorer")
    os.symlink(ROOT / "templates", package / "templates")
    return folder


def test_mypy_is_clean(tmp_path):
    api = pytest.importorskip("mypy.api")
    stage = staged(tmp_path)
    cwd = Path.cwd()
    os.chdir(stage)
    try:
        out, err, status = api.run(
            ["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental", "-p", "trackwright"]
        )
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
