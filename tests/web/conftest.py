"""The fixtures of the tests that drive the phone app in Chromium (helpers: tests/web/browser.py).
A test that asks for ``browser`` is skipped where Debian's Chromium or Playwright is missing
(it fails on CI instead)."""

from __future__ import annotations

import os

import pytest

from tests.support.served import CHROMIUM_ARGS, served_folder
from tests.web.browser import NO_CHROMIUM, Laptop, chromium


@pytest.fixture(scope="module")
def static_site(phone_site):
    """The app as any static web host serves it."""
    with served_folder(phone_site) as base:
        yield base


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
    """One Chromium a module (each test opens its own browser context,
    :func:`tests.web.browser.new_browser`): a page a test leaves open closes with its module's
    browser. (One a session was tried: the fresh clone's suite then took 14:21 where it had
    taken 12:07, with other changes in between.)"""
    executable = chromium()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium could not be installed", pytrace=False)
        pytest.skip(NO_CHROMIUM)
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=executable,
            args=CHROMIUM_ARGS,
        )
        yield b
        b.close()
