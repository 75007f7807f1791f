"""Shared fixtures: the built-in and the hand-written example maps, the phone app built once for
the whole run, and each run's own user folders."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
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


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With pytest-xdist (pyproject's addopts), the tests of a module that use a fixture wider
    than a test (a module's Chromium, server or built wheel) are one group, run by one worker,
    which starts it once; every other test goes to whichever worker is free. Session fixtures
    are either cheap or made once for all workers (``made_once``). First (``tryfirst``): the
    worker's own hook names each test by its group mark, and one added after it is not seen
    (tests/project/test_suite.py checks that the groups hold)."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d and d[-1].scope in ("package", "module", "class") for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


def apt_install(package: str) -> None:
    """Install a Debian package the tests need, when we are root (as on CI); otherwise nothing."""
    import os
    import shutil
    import subprocess

    # (os.geteuid is POSIX only: on Windows there is no apt-get to run either)
    if getattr(os, "geteuid", lambda: -1)() == 0 and shutil.which("apt-get"):
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
    import shutil
    import subprocess

    # On Windows npm writes NAME.cmd beside a shell script that Windows cannot start.
    tool = ROOT / "node_modules" / ".bin" / (f"{name}.cmd" if os.name == "nt" else name)
    if not tool.exists() and ensure_npm():
        # one npm ci at a time: two test workers asking at once would each empty node_modules/
        with _locked(ROOT / ".npm-ci.lock"):
            if not tool.exists():
                subprocess.run(
                    # by its path: on Windows npm is npm.cmd, which a bare "npm" does not find
                    [
                        shutil.which("npm") or "npm",
                        "ci",
                        "--no-audit",
                        "--no-fund",
                        "--loglevel=error",
                    ],
                    cwd=ROOT,
                    check=False,
                    timeout=600,
                )
    if not tool.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{name} could not be installed with npm ci", pytrace=False)
        pytest.skip(f"{name} is not installed (npm ci)")
    return tool


# The user's folders a test run may write to, each run's own (a tmp folder): `trackwright serve`
# without --db keeps its games and builds the phone app in the user's data folder, and two runs
# on one machine (or a run beside a player's own server) must not share or replace that site
# under each other's browsers. The cache (the checked Pyodide package, the engines' snapshots) is
# kept: its files are written whole and checked when read, and a run without it would fetch it.
USER_FOLDERS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture(scope="session", autouse=True)
def own_user_folders(tmp_path_factory) -> Iterator[None]:
    home = tmp_path_factory.mktemp("user")
    before = {name: os.environ.get(name) for name in USER_FOLDERS}
    for name in USER_FOLDERS:
        os.environ[name] = str(home / name.removeprefix("XDG_").removesuffix("_HOME").lower())
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """The file lock at ``path`` held for the block (by one test worker at a time)."""
    if os.name == "nt":
        with path.open("a+b") as lock, _msvcrt_locked(lock.fileno()):
            yield
        return
    import fcntl

    with path.open("w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextmanager
def _msvcrt_locked(fd: int) -> Iterator[None]:
    """Windows' lock on the file's first byte (msvcrt: LK_LOCK gives up after 10 s, so it is
    asked again until it is had)."""
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    while True:
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
            break
        except OSError:
            continue
    try:
        yield
    finally:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def made_once(tmp_path_factory, name: str, make: Callable[[Path], object]) -> Path:
    """The folder ``name`` that ``make(folder)`` writes, made once for the whole run: with
    pytest-xdist, by the first worker that asks while the others wait, and then the same folder
    for all (the tests only read it; one that changes it works on a copy). Where there is no
    file lock (Windows), each worker makes its own."""
    folder = tmp_path_factory.getbasetemp()
    shared = os.environ.get("PYTEST_XDIST_WORKER") and os.name == "posix"
    if shared:
        folder = folder.parent  # the run's folder, above each worker's own
    target = folder / "once" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    done = target.parent / f"{name}.done"
    with _locked(target.parent / f"{name}.lock") if shared else nullcontext():
        if not done.exists():
            make(target)
            done.touch()
    return target


def need_npm() -> None:
    """Skip the test when npm (which fetches the pinned Pyodide the phone app is built with)
    cannot be had, saying how to get it on each system; fail it on CI, where it must be."""
    if not ensure_npm():
        if os.environ.get("CI"):
            pytest.fail("npm could not be installed", pytrace=False)
        pytest.skip(
            "npm is not installed (Node.js: apt-get install npm, brew install node, "
            "winget install OpenJS.NodeJS)"
        )


@pytest.fixture(scope="session")
def phone_site(tmp_path_factory) -> Path:
    """The phone app built once for the run (``trackwright site``)."""
    need_npm()
    from trackwright.web import site

    return made_once(tmp_path_factory, "phone-site", site.build)
