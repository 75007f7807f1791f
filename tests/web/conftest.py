"""The fixtures of the tests that drive the phone app in Chromium (helpers: tests/web/browser.py).
A test that asks for ``browser`` is skipped where Debian's Chromium or Playwright is missing
(it fails on CI instead)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.web.browser import Laptop, chromium, free_port, wait_for


@pytest.fixture(scope="module")
def static_site(phone_site):
    """The app as any static web host serves it."""
    folder = phone_site
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "-d", str(folder), "-b", "127.0.0.1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    wait_for(base)
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def laptop(tmp_path_factory, phone_site):
    server = Laptop(tmp_path_factory.mktemp("laptop") / "games.sqlite")
    server.start()
    yield server
    if server.proc and server.proc.poll() is None:
        server.proc.terminate()
        server.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    executable = chromium()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium could not be installed", pytrace=False)
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
                "--disable-quic",
            ],
        )
        yield b
        b.close()
