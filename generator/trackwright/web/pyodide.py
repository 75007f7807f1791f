"""Pyodide (CPython compiled to WebAssembly), which runs the rules engines in the phone's browser.

It comes from the npm registry's ``pyodide`` package at one pinned version, checked against the
registry's SHA-512 integrity string before anything is taken from it; the site then serves its
files itself, so nothing is loaded from a CDN at run time. The package is fetched once with
``npm pack`` into the user's cache folder; ``TRACKWRIGHT_PYODIDE`` may name a ``.tgz`` instead
(a machine without npm or network): it is checked all the same."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import platformdirs

from trackwright.core.errors import TrackwrightError

VERSION = "314.0.7"
#: ``npm view pyodide@VERSION dist.integrity``
INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
    "SNvi/6V5JEsOlD2R1A=="
)
#: What the page loads (pyodide.mjs imports pyodide.asm.mjs, which fetches the rest).
FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The Python version inside (the engines' files go to its site-packages).
PYTHON = "3.14"


def integrity_of(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir("trackwright")) / "pyodide"


def tarball() -> Path:
    """The checked package file, fetched with npm if it is not in the cache yet."""
    given = os.environ.get("TRACKWRIGHT_PYODIDE")
    if given:
        path = Path(given)
        if not path.is_file():
            raise TrackwrightError("no such file", f"TRACKWRIGHT_PYODIDE={given}")
        _check(path, f"TRACKWRIGHT_PYODIDE={given}")
        return path
    target = cache_dir() / f"pyodide-{VERSION}.tgz"
    if target.is_file():
        try:
            _check(target, str(target))
            return target
        except TrackwrightError:
            target.unlink()
    npm = shutil.which("npm")
    if npm is None:
        raise TrackwrightError(
            f"the phone app needs the npm package pyodide@{VERSION}, and npm is not installed "
            "(install Node.js and npm, or set TRACKWRIGHT_PYODIDE to the package's .tgz)",
            "pyodide",
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        try:
            done = subprocess.run(
                [npm, "pack", f"pyodide@{VERSION}", "--silent", "--pack-destination", tmp],
                capture_output=True,
                text=True,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            raise TrackwrightError("npm pack took over 10 minutes", "pyodide") from None
        made = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or len(made) != 1:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no package"]
            raise TrackwrightError(f"npm pack pyodide@{VERSION} failed: {last[0]}", "pyodide")
        _check(made[0], f"pyodide@{VERSION} from npm")
        made[0].replace(target)
    return target


def _check(path: Path, where: str) -> None:
    found = integrity_of(path.read_bytes())
    if found != INTEGRITY:
        raise TrackwrightError(
            f"the package's SHA-512 is {found[:24]}..., not the pinned {INTEGRITY[:24]}... "
            f"(pyodide {VERSION})",
            where,
        )


def files() -> dict[str, bytes]:
    """The files the page needs, by name, from the checked package."""
    out: dict[str, bytes] = {}
    with tarfile.open(tarball(), "r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise TrackwrightError(f"{name} is missing from the package", "pyodide")
            out[name] = member.read()
    return out
