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


def apt_install(package: str) -> None:
    """Install a Debian package the tests need, when we are root (as on CI); otherwise nothing."""
    import os
    import shutil
    import subprocess

    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=False, timeout=600)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", package],
            env=env,
            check=False,
            timeout=900,
            stdout=subprocess.DEVNULL,
        )


def ensure_npm() -> bool:
    """npm fetches the pinned Pyodide package the phone app is built with: installed with
    apt-get when it is missing and the tests run as root (as on CI). True when it is there (or
    when TRACKWRIGHT_PYODIDE names the package file instead)."""
    import os
    import shutil

    if shutil.which("npm") or os.environ.get("TRACKWRIGHT_PYODIDE"):
        return True
    apt_install("npm")
    return shutil.which("npm") is not None


def node_tool(name: str) -> Path:
    """A pinned development tool from npm (package.json: Biome, pyright), installed into
    node_modules/ with ``npm ci`` the first time it is asked for (npm itself with apt-get when
    root, as on CI). Skips the test when npm cannot be had outside CI; fails it on CI."""
    import os
    import subprocess

    tool = ROOT / "node_modules" / ".bin" / name
    if not tool.exists() and ensure_npm():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=ROOT,
            check=False,
            timeout=600,
        )
    if not tool.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{name} could not be installed with npm ci", pytrace=False)
        pytest.skip(f"{name} is not installed (npm ci)")
    return tool


@pytest.fixture(scope="session")
def phone_site(tmp_path_factory) -> Path:
    """The phone app built once for the session (``trackwright site``)."""
    import os

    if not ensure_npm():
        if os.environ.get("CI"):
            pytest.fail("npm could not be installed", pytrace=False)
        pytest.skip("npm is not installed (apt-get install npm)")
    from trackwright.web import site

    folder = tmp_path_factory.mktemp("phone") / "site"
    site.build(folder)
    return folder
