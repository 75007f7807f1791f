"""Progress of long work, for whoever wants to show it.

Builders call :func:`report` at each step (a board try, a document rendered) with a code of the
message catalogue (:mod:`trackwright.core.messages`) and its params; the command line installs a
sink with :func:`reporting`, in the command's language, that shows the steps on stderr once a
command has run for a second. Without a sink a report does nothing, so libraries and tests see no
output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from trackwright.core import messages

Sink = Callable[[str], None]

_SINK: ContextVar[tuple[Sink, str] | None] = ContextVar("trackwright_progress", default=None)


def report(message: str, **params: object) -> None:
    """Tell the current sink, if any, what is being done now: ``message`` is a catalogue code
    (said in the sink's language with ``params``) or, when the catalogue has no such code, the
    words themselves."""
    current = _SINK.get()
    if current is not None:
        sink, lang = current
        sink(messages.say(message, lang, params) if messages.known(message) else message)


@contextmanager
def reporting(sink: Sink, lang: str = "en") -> Iterator[None]:
    """Send the reports made inside the block to ``sink``, in ``lang``."""
    token = _SINK.set((sink, lang))
    try:
        yield
    finally:
        _SINK.reset(token)
