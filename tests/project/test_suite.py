"""The suite itself: the tests of a module that share a fixture wider than a test (a Chromium,
a server, a built wheel) run on one worker together, which starts it once (tests/conftest.py
marks them; pyproject's ``--dist loadgroup`` keeps each group on one worker). Nothing fails
when the groups silently stop holding (a mark added after pytest-xdist reads it, or a pytest
whose test ids xdist cannot change): every worker then starts the fixture again, and the suite
takes minutes longer."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def shared() -> object:
    """A fixture wider than a test, as a module's Chromium is."""
    return object()


def test_a_module_fixture_keeps_its_tests_on_one_worker(request, shared):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not on a pytest-xdist worker distributing by group (-n 0)")
    module = request.node.nodeid.split("::", 1)[0]
    assert request.node.nodeid.endswith(f"@{module}"), request.node.nodeid


def test_a_test_without_one_goes_to_any_worker(request):
    assert "@" not in request.node.nodeid
