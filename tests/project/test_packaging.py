"""One installed package, ``trackwright``: the wheel holds it and nothing else, every
sub-package is in it, it works from another folder, and its imports keep the layers drawn in
ARCHITECTURE.md (tests/project/test_layers.py checks those on the source tree)."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def _run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600
    )
    assert done.returncode == 0, f"{args}: {done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dist, ROOT)
    (built,) = dist.glob("trackwright-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(tmp_path_factory, wheel) -> Path:
    """A new environment with the wheel installed. Its dependencies are this environment's
    packages, reached through a .pth file (whose folders' own .pth files Python does not run, so
    this environment's editable trackwright stays out of it)."""
    folder = tmp_path_factory.mktemp("venv")
    _run(sys.executable, "-m", "venv", folder)
    python = folder / "bin" / "python"
    target = _run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
    Path(target.stdout.strip(), "_dependencies.pth").write_text(
        "\n".join(sorted(ours)) + "\n", encoding="utf-8"
    )
    _run(python, "-m", "pip", "install", "--quiet", "--no-deps", wheel)
    return folder


def test_the_wheel_holds_one_package_with_every_sub_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"trackwright", wheel.name.split("-py3")[0] + ".dist-info"}, tops
    # Every file of the two halves is in it at the path its folder spells, and nothing else
    # but the data: trackwright is a namespace package (no __init__.py of its own).
    sources = {
        source.relative_to(ROOT / half).as_posix()
        for half in ("scorer", "generator")
        for source in (ROOT / half / "trackwright").rglob("*")
        if source.is_file() and "__pycache__" not in source.parts
    }
    packaged = {n for n in names if n.startswith("trackwright/")}
    templates = {n for n in packaged if n.startswith("trackwright/templates/")}
    assert packaged - templates == sources
    for source in (ROOT / "templates").rglob("*.json"):
        assert f"trackwright/templates/{source.relative_to(ROOT / 'templates').as_posix()}" in names
    assert "trackwright/__init__.py" not in names
    for top in ("core", "scorer", "photo", "games", "play", "kits", "views", "cli", "web"):
        assert f"trackwright/{top}/py.typed" in names, top


def test_the_installed_wheel_runs_from_another_folder(venv, tmp_path):
    python = venv / "bin" / "python"
    where = _run(
        python, "-c", "import trackwright.core; print(trackwright.core.__file__)", cwd=tmp_path
    )
    assert where.stdout.strip().startswith(str(venv)), where.stdout
    assert _run(venv / "bin" / "trackwright", "--version", cwd=tmp_path).stdout.startswith(
        "trackwright "
    )
    done = _run(venv / "bin" / "trackwright", "generate", "all", "--out", "kits", cwd=tmp_path)
    assert done.stdout.startswith("wrote "), done.stdout
    for kit in ("transamerica", "dampfross/random-1", "dampfross/england", "lastrada/seed-1"):
        assert (tmp_path / "kits" / kit / "map.json").is_file(), kit
    score = _run(
        python,
        "-m",
        "trackwright",
        "score",
        "dampfross",
        ROOT / "templates" / "dampfross" / "examples" / "game.json",
        "--json",
        cwd=tmp_path,
    )
    assert '"balances"' in score.stdout
