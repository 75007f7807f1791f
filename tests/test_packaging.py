"""One installed package, ``trackwright``: the wheel holds it and nothing else, every
sub-package is in it, it works from another folder, and its imports keep the layers drawn in
ARCHITECTURE.md (the import-linter contracts in pyproject.toml, checked on the installed copy)."""

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
    Path(target.stdout.strip(), "_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    _run(python, "-m", "pip", "install", "--quiet", "--no-deps", wheel)
    return folder


def test_the_wheel_holds_one_package_with_every_sub_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"trackwright", wheel.name.split("-py3")[0] + ".dist-info"}, tops
    # Every Python package and data file of the source folders is in it, where setup.py maps it.
    for folder, package in (("generator", "trackwright"), ("scorer", "trackwright/scorer")):
        for source in (ROOT / folder).rglob("*"):
            if source.is_file() and "__pycache__" not in source.parts:
                assert f"{package}/{source.relative_to(ROOT / folder).as_posix()}" in names, source
    for source in (ROOT / "templates").rglob("*.json"):
        assert f"trackwright/templates/{source.relative_to(ROOT / 'templates').as_posix()}" in names
    assert "trackwright/py.typed" in names


def test_the_installed_wheel_runs_from_another_folder(venv, tmp_path):
    python = venv / "bin" / "python"
    where = _run(python, "-c", "import trackwright; print(trackwright.__file__)", cwd=tmp_path)
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


def test_the_layers_hold(venv):
    """import-linter's contracts (pyproject.toml), on the installed package."""
    done = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, "
            "no_cache=True, no_logo=True))",
        ],
        capture_output=True,
        text=True,
        cwd=venv,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "broken" not in done.stdout.lower().replace("0 broken", "")
