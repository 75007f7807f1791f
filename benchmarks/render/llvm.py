"""Which LLVM shared library Dr.Jit (Mitsuba's llvm variants) loads: the newest installed for
this machine, and none older than :data:`MINIMUM`."""

from __future__ import annotations

import glob
import os
import re
import sysconfig

#: The oldest LLVM known to render: Dr.Jit takes the newest libLLVM it finds, and with LLVM 15
#: (which Debian 12 installs beside Chromium) the render stops on its first kernel ("LLVM
#: ERROR: Cannot select: ... fminimum"); 19 renders.
MINIMUM = 19


def folders() -> tuple[str, ...]:
    """Where Debian and its kin put libLLVM, for this machine's architecture only."""
    arch = sysconfig.get_config_var("MULTIARCH") or "*-linux-gnu"
    return (f"/usr/lib/{arch}/libLLVM*.so*", "/usr/lib/llvm-*/lib/libLLVM*.so*")


def newest_libllvm(patterns: tuple[str, ...] | None = None, minimum: int = MINIMUM) -> str | None:
    """The newest LLVM shared library installed, by version (``libLLVM-15.so.1``,
    ``libLLVM.so.19.1``), if it is :data:`MINIMUM` or newer."""
    found: list[tuple[int, str]] = []
    for pattern in patterns or folders():
        for path in glob.glob(pattern):
            version = re.match(r"libLLVM(?:-|\.so\.)(\d+)", os.path.basename(path))
            if version and int(version.group(1)) >= minimum:
                found.append((int(version.group(1)), path))
    return max(found)[1] if found else None
