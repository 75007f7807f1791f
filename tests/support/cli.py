"""The ``trackwright`` command run in this process, as a test calls it when the process boundary
is not what the test is about: ``trackwright.cli.run`` (what ``main`` calls: the same one-line
errors and exit codes) with stdout and stderr captured apart, in a folder and with environment
variables of the test's choosing. The answer has the attributes of ``subprocess.run``'s, so a
test reads it the same way; an exception the command does not turn into one line escapes (a
real process would print its traceback), so the test fails on it.

A few tests keep a real process where it is the point: the installed entry point, ``python -m
trackwright``, what a terminal sees (tests/cli/test_command_line.py)."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from trackwright.cli import run


@dataclass(frozen=True)
class Done:
    """What the command did: its exit code and what it wrote to stdout and stderr."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


@contextlib.contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    """``env`` set in os.environ for the block (on top of this process's), then put back."""
    saved = {k: os.environ.get(k) for k in env or {}}
    os.environ.update(env or {})
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def trackwright(
    *args: str | os.PathLike[str],
    cwd: Path | str | None = None,
    env: Mapping[str, str] | None = None,
) -> Done:
    """``trackwright ARGS...`` in this process: its exit code, stdout and stderr."""
    argv = [os.fspath(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(_environment(env))
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        code = run(argv)
    return Done(argv, code, out.getvalue(), err.getvalue())
