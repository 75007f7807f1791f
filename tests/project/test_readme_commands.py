"""The README's quick start, as a new user meets it: two commands per system, run in
trackwright's folder (one makes its virtual environment, installs and writes every kit into
output/, one installs what the tests need and runs them), run literally from the README's text
in a fresh clone with a Python that refuses `pip install` (marked externally managed, as
Debian's, Ubuntu's and Homebrew's are)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
#: The tests the README's test command collects here: a small, quick file, so that this test
#: shows pytest started and passing in the clone without running the whole suite inside itself.
SUBSET = "tests/core/test_hexgrid.py"


def _workflow_script():
    """.github/quickstart.py, which the three-system workflow runs: the one reading of the
    README's commands, shared by these tests and the workflow so that they cannot drift."""
    spec = importlib.util.spec_from_file_location("quickstart", ROOT / ".github" / "quickstart.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


QUICKSTART = _workflow_script()
#: Each fenced block of that language, its lines, in order.
commands = QUICKSTART.commands


def quick_start() -> str:
    return QUICKSTART.quick_start(README)


def test_the_readme_is_short_and_its_links_lead_somewhere():
    text = README.read_text(encoding="utf-8")
    assert len(text.encode()) <= 8 * 1024, "the README is the front door: at most about 8 KB"
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), f"README.md links to {target}, which is not there"


def test_two_commands_for_each_system_and_the_install_page_shows_the_same():
    section = quick_start()
    unix, windows = commands(section, "sh"), commands(section, "powershell")
    for two in (unix, windows):
        assert len(two) == 2, two
        first, second = two
        assert "venv .venv" in first.split("&&")[0].split(";")[0]
        assert first.rstrip("} ").endswith("trackwright generate all")
        assert "-m pip install -e '.[test]'" in second and second.rstrip("} ").endswith("-m pytest")
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    assert commands(install, "sh") == unix
    assert commands(install, "powershell") == windows


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    second = commands(quick_start(), "sh")[1]
    assert second in ci, f".ci/run does not run the README's test command: {second}"


def marked_python(dest: Path) -> Path:
    """A copy of this Python's interpreter and standard library (no site-packages but pip),
    marked externally managed: `pip install` refuses there, as on Debian 12 or Ubuntu 24.04."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    lib = dest / "lib" / stdlib.name
    (dest / "bin").mkdir(parents=True)
    shutil.copy2(sys._base_executable, dest / "bin" / "python3")
    skip = shutil.ignore_patterns(
        "site-packages", "dist-packages", "test", "idlelib", "tkinter", "turtledemo", "__pycache__"
    )
    shutil.copytree(stdlib, lib, ignore=skip, symlinks=True)
    spec = importlib.util.find_spec("pip")
    assert spec and spec.origin
    # Beside the standard library, which is on every interpreter's path (a Debian build's
    # site-packages are dist-packages outside its prefix).
    shutil.copytree(
        Path(spec.origin).parent,
        lib / "pip",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    (lib / "EXTERNALLY-MANAGED").write_text(
        "[externally-managed]\nError=This Python is the system's: use a virtual environment.\n",
        encoding="utf-8",
    )
    return dest / "bin"


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform != "linux",
    reason="copies this Python in a Linux layout, marked externally managed; on macOS and "
    "Windows .github/workflows/quickstart.yml runs the README's commands",
)
def test_the_readme_commands_run_as_written_on_an_externally_managed_python(tmp_path):
    bin_dir = marked_python(tmp_path / "python")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTEST_ADDOPTS")
    }
    env["PATH"] = os.pathsep.join([str(bin_dir), "/usr/local/bin", "/usr/bin", "/bin"])
    # First, the premise: plain `pip install` refuses on this Python.
    refused = subprocess.run(
        ["python3", "-m", "pip", "install", "six"], env=env, capture_output=True, text=True
    )
    assert refused.returncode != 0 and "externally-managed-environment" in refused.stderr, (
        refused.stdout + refused.stderr
    )
    # trackwright's folder as a new user has it: a fresh clone of the committed HEAD.
    unix = commands(quick_start(), "sh")
    clone = tmp_path / "trackwright"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    script = "\n".join(["set -e", *unix])
    # The README's `pytest` collects only a small subset here (the suite runs beside this test).
    env["PYTEST_ADDOPTS"] = f"{SUBSET} -p no:cacheprovider"
    done = subprocess.run(
        ["bash", "-c", script], cwd=clone, env=env, capture_output=True, text=True, timeout=2400
    )
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    for kit in ("transamerica", "transamerica-europe", "dampfross/england", "lastrada/seed-1"):
        assert (clone / "output" / kit / "checklist-a4.pdf").is_file(), kit
    assert re.search(r"^\d+ passed", done.stdout, re.M), done.stdout[-2000:]
