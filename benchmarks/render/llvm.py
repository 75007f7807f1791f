"""Which LLVM shared library Dr.Jit (Mitsuba's llvm variants) loads: the newest installed."""

from __future__ import annotations

import glob
import os
import re

LIBLLVM = ("/usr/lib/*-linux-gnu/libLLVM*.so*", "/usr/lib/llvm-*/lib/libLLVM*.so*")


def newest_libllvm(patterns: tuple[str, ...] = LIBLLVM) -> str | None:
    """The newest LLVM shared library installed, for Dr.Jit's llvm variants: it takes the first
    it finds, and an old one stops the render on its first kernel ("LLVM ERROR: Cannot select:
    ... fminimum" with LLVM 15, which Debian 12 installs beside Chromium; 19 renders)."""
    found: list[tuple[int, str]] = []
    for pattern in patterns:
        for path in glob.glob(pattern):
            version = re.match(r"libLLVM(?:-|\.so\.)(\d+)", os.path.basename(path))
            if version:
                found.append((int(version.group(1)), path))
    return max(found)[1] if found else None
