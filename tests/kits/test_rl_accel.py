"""reportlab's C accelerator (rl-accel, a dependency) renders the kits faster and changes no
byte: the same kit written with it and with reportlab's pure-Python fallback is identical."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def test_the_accelerator_is_installed():
    pytest.importorskip("_rl_accel")


def test_the_same_bytes_with_and_without_the_accelerator(tmp_path: Path):
    pytest.importorskip("_rl_accel")
    code = "import sys; {block}from trackwright.cli import main; main()"
    for name, block in (("with", ""), ("without", "sys.modules['_rl_accel'] = None; ")):
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                code.format(block=block),
                "generate",
                "lastrada",
                "--seed",
                "1",
                "--format",
                "pdf",
                "--out",
                str(tmp_path / name),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
    with_files = sorted(
        p.relative_to(tmp_path / "with") for p in (tmp_path / "with").rglob("*.pdf")
    )
    assert with_files
    for rel in with_files:
        assert (tmp_path / "with" / rel).read_bytes() == (
            tmp_path / "without" / rel
        ).read_bytes(), rel
