"""What the benchmarks that drive the phone app share: the app built into a temporary folder and
served on a free local port, and the flags headless Chromium runs with."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.served import CHROMIUM_ARGS, served_folder
from tests.web.browser import Laptop
from trackwright.web import site

ARGS = CHROMIUM_ARGS


@contextmanager
def served_app() -> Iterator[tuple[str, Path]]:
    """The phone app built as `trackwright site` builds it and served over HTTP: (its base URL,
    its folder), until the block ends."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        site.build(folder)
        with served_folder(folder) as base:
            yield base, folder


@contextmanager
def laptop() -> Iterator[str]:
    """``trackwright serve`` on a free port (the app and its games' API) with a new games file:
    its base URL, until the block ends."""
    with tempfile.TemporaryDirectory() as tmp:
        server = Laptop(Path(tmp) / "games.sqlite")
        server.start()
        try:
            yield server.base
        finally:
            if server.proc is not None:
                server.proc.terminate()
                server.proc.wait(timeout=30)
