"""Property-based fuzzing of the web API from its own OpenAPI description (schemathesis):
whatever a client sends, the server answers without a 500."""

from __future__ import annotations

import atexit
import shutil
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis

from trackwright.web.app import create_app

# Made when the module is collected (the schema is read from the app then), removed at exit.
FOLDER = Path(tempfile.mkdtemp(prefix="trackwright-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, True)
APP = create_app(FOLDER / "games.sqlite")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_a_500(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
