"""Serving the phone app for a browser, shared by the browser tests and the benchmarks: a free
local port, a folder served as any static web host serves it, and the flags headless Chromium
runs with here (no background networking: this machine's network is closed)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str) -> None:
    """Until ``url`` answers (30 s at most)."""
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer")


@contextmanager
def served_folder(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on a free local port (its base URL) until the block ends."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "-d", str(folder), "-b", "127.0.0.1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_for(base)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
