"""Pyodide (CPython compiled to WebAssembly), which runs the rules engines in the phone's browser.

It comes from the npm registry's ``pyodide`` package at one pinned version, checked against the
registry's SHA-512 integrity string before anything is taken from it; the site then serves its
files itself, so nothing is loaded from a CDN at run time. The package is fetched once with
``npm pack`` into the user's cache folder; ``TRACKWRIGHT_PYODIDE`` may name a ``.tgz`` instead
(a machine without npm or network): it is checked all the same."""

from __future__ import annotations

import base64
import gzip
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable
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
            raise TrackwrightError.of("pyodide.no-file", f"TRACKWRIGHT_PYODIDE={given}")
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
        raise TrackwrightError.of("pyodide.no-npm", "pyodide", version=VERSION)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        try:
            done = subprocess.run(
                [npm, "pack", f"pyodide@{VERSION}", "--silent", "--pack-destination", tmp],
                capture_output=True,
                encoding="utf-8",
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            raise TrackwrightError.of("pyodide.pack-slow", "pyodide") from None
        made = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or len(made) != 1:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no package"]
            raise TrackwrightError.of(
                "pyodide.pack-failed", "pyodide", version=VERSION, last=last[0]
            )
        _check(made[0], f"pyodide@{VERSION} from npm")
        made[0].replace(target)
    return target


def _check(path: Path, where: str) -> None:
    found = integrity_of(path.read_bytes())
    if found != INTEGRITY:
        raise TrackwrightError.of(
            "pyodide.hash", where, found=found[:24], integrity=INTEGRITY[:24], version=VERSION
        )


def files() -> dict[str, bytes]:
    """The files the page needs, by name, from the checked package."""
    out: dict[str, bytes] = {}
    with tarfile.open(tarball(), "r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise TrackwrightError.of("pyodide.missing-file", "pyodide", name=name)
            out[name] = member.read()
    return out


#: Made under Node.js: Pyodide started, the engines unpacked where the page's worker unpacks
#: them and ``trackwright.play.bridge`` imported, then the WebAssembly memory saved
#: (``makeMemorySnapshot``, which needs ``_makeSnapshot``). Randomness and clocks are fixed
#: while it runs, so the same inputs give the same bytes (the site's build is deterministic);
#: the page's worker reseeds Python's ``random`` after restoring it. Node runs with TZ=UTC:
#: the restored Python keeps the time zone it started in (Pyodide has no ``time.tzset``), so
#: its local time is UTC on every phone (the engines never read the local time).
SNAPSHOT_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";
import { pathToFileURL } from "node:url";
const { TW_FOLDER: folder, TW_ENGINES: engines, TW_OUT: out } = process.env;
let state = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 255;
  }
  return view;
};
globalThis.crypto.getRandomValues = (view) => nodeCrypto.randomFillSync(view);
let tick = 0;
Date.now = () => 1704067200000 + tick++;
performance.now = () => tick++;
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({
  indexURL: `${folder}/`,
  fullStdLib: false,
  _makeSnapshot: true,
  _sysExecutable: "python",
  env: { PYTHONHASHSEED: "0" },
});
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(readFileSync(engines)), "zip", { extractDir: site });
py.runPython("import trackwright.play.bridge");
writeFileSync(out, py.makeMemorySnapshot());
"""
#: Why there is no snapshot, when there is none (said by ``trackwright site``).
NO_NODE = "no snapshot: Node.js is not installed, so the engines start without one (slower)"


def snapshot(engines: bytes, pyodide: dict[str, bytes]) -> tuple[bytes | None, str]:
    """A memory snapshot of Pyodide with the engines imported, gzipped (the page's worker
    restores it instead of starting Python: seconds less on a slow phone), and what was done;
    ``pyodide``: :func:`files`.
    It is made with Node.js, once for a given Pyodide, engines and Node (kept in the cache
    folder); without Node there is none, and the page starts Pyodide as before."""
    node = shutil.which("node")
    if node is None:
        return None, NO_NODE
    version = subprocess.run(
        [node, "--version"], capture_output=True, encoding="utf-8", timeout=60
    ).stdout.strip()
    key = hashlib.sha256(
        "\0".join((INTEGRITY, version, SNAPSHOT_SCRIPT, "env TZ=UTC")).encode()
        + hashlib.sha256(engines).digest()
    ).hexdigest()[:24]
    kept = cache_dir() / f"snapshot-{VERSION}-{key}.bin.gz"
    if kept.is_file():
        return kept.read_bytes(), f"snapshot kept from an earlier build (Node {version})"
    made = _make_snapshot(node, engines, pyodide)
    if made is None:
        return None, "no snapshot: Node.js could not make one, so the engines start without one"
    data = gzip.compress(made, 9, mtime=0)
    kept.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(kept)
    _forget_old_snapshots(kept.parent)
    return data, f"snapshot made with Node {version}"


#: How many snapshots the cache folder keeps (each engines' change makes one of about 6 MB).
KEEP_SNAPSHOTS = 8


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed meanwhile by another build
        return 0.0


def forget_all_but_newest(paths: Iterable[Path], keep: int) -> None:
    """Of the cache's files or folders ``paths``, the ``keep`` last written stay; the others
    are removed (the snapshots, the kits' and the boards' versions)."""
    for old in sorted(paths, key=_mtime, reverse=True)[keep:]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


def _forget_old_snapshots(folder: Path) -> None:
    forget_all_but_newest(folder.glob("snapshot-*.bin.gz"), KEEP_SNAPSHOTS)


def _make_snapshot(node: str, engines: bytes, pyodide: dict[str, bytes]) -> bytes | None:
    with tempfile.TemporaryDirectory(prefix="trackwright-snapshot-") as tmp:
        folder = Path(tmp)
        for name, data in pyodide.items():
            (folder / name).write_bytes(data)
        (folder / "engines.zip").write_bytes(engines)
        out = folder / "snapshot.bin"
        # Given by the environment (the script comes on stdin), so that no path of this
        # machine's goes into Python's memory (its argv and executable), nor into the bytes.
        paths = {"TW_FOLDER": str(folder), "TW_ENGINES": "engines.zip", "TW_OUT": str(out)}
        try:
            done = subprocess.run(
                [node, "--input-type=module", "-"],
                input=SNAPSHOT_SCRIPT.encode(),
                cwd=folder,
                env={**os.environ, "TZ": "UTC", **paths},
                capture_output=True,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            return None
        if done.returncode != 0 or not out.is_file():
            return None
        return out.read_bytes()
