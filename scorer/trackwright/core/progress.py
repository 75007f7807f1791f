"""Progress of long work, for whoever wants to show it.

Builders call :func:`report` at each step (a board try, a document rendered); the command line
installs a sink with :func:`reporting` that shows the steps on stderr once a command has run for
a second. Without a sink a report does nothing, so libraries and tests see no output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Sink = Callable[[str], None]

_SINK: ContextVar[Sink | None] = ContextVar("trackwright_progress", default=None)


def report(message: str) -> None:
    """Tell the current sink, if any, what is being done now."""
    sink = _SINK.get()
    if sink is not None:
        sink(message)


@contextmanager
def reporting(sink: Sink) -> Iterator[None]:
    """Send the reports made inside the block to ``sink``."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)
