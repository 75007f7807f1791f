"""What the benchmarks that drive the phone app share: the app built into a temporary folder and
served on a free local port, and the flags headless Chromium runs with."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from trackwright.web import site

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def served_app() -> Iterator[tuple[str, Path]]:
    """The phone app built as `trackwright site` builds it and served over HTTP: (its base URL,
    its folder), until the block ends."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        site.build(folder)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "-d", str(folder), "-b", "127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}/"
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base, timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            yield base, folder
        finally:
            server.terminate()
            server.wait()
