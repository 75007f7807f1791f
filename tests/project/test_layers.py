"""The layers drawn in ARCHITECTURE.md hold: import-linter's contracts (pyproject.toml), read
from the source tree as a fresh clone has it (the two halves on the path, nothing installed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.conftest import ROOT


def test_the_layers_hold():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = os.pathsep.join(str(ROOT / half) for half in ("scorer", "generator"))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(no_cache=True, no_logo=True))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert re.search(r"Contracts: \d+ kept, 0 broken\.", done.stdout), done.stdout[-3000:]
