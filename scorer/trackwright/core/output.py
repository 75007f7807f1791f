"""Atomic file output: every file lands whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from trackwright.core.errors import TrackwrightError


def write_atomic(path: Path, data: bytes) -> None:
    """Write data to path through a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def write_all(files: dict[Path, bytes]) -> list[Path]:
    """Write a set of files, each atomically; the contents are all built before the first write,
    and every folder is checked to be writable before the first file lands, so a wrong or
    read-only output folder is one error and nothing is half-written."""
    for folder in dict.fromkeys(path.parent for path in files):
        _check_writable(folder)
    for path, data in files.items():
        try:
            write_atomic(path, data)
        except OSError as exc:
            raise TrackwrightError.of(
                "file.unwritable", str(path), reason=exc.strerror or str(exc)
            ) from None
    return list(files)


def _check_writable(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".trackwright-", dir=folder)
    except FileExistsError:
        raise TrackwrightError.of("folder.is-file", str(folder)) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise TrackwrightError.of("folder.unwritable", str(folder), reason=reason) from None
    os.close(fd)
    os.unlink(probe)
