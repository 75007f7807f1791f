"""The one error type users see: a message naming the file and the place, shown on one line, in
the user's language (the words from :mod:`trackwright.core.messages`, the place as it is)."""

from __future__ import annotations

from typing import Self

from trackwright.core import messages


class TrackwrightError(Exception):
    """Bad input. ``where`` is the file (and place in it) the problem is in.

    Raise sites give a code of the message catalogue and its params
    (``TrackwrightError.of("map.hex.twice", where, q=1, r=2)``); ``message`` is then the
    English text, and :meth:`line` says it in any language of ours."""

    def __init__(
        self,
        message: str,
        where: str | None = None,
        *,
        code: str = "",
        params: dict[str, object] | None = None,
        key: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        #: What exactly, for a page to say it in its own language with ``params`` ("" when the
        #: message is all there is).
        self.code = code
        self.params = dict(params or {})
        #: The message catalogue's entry that words it: the code's own, unless the code is one a
        #: page already knows by another name (:meth:`known_as`).
        self.key = key or code

    @classmethod
    def of(cls, code: str, where: str | None = None, /, **params: object) -> Self:
        """The error of catalogue entry ``code`` at ``where``, its English words as ``message``."""
        return cls(messages.say(code, "en", params), where, code=code, params=params)

    def known_as(self, code: str) -> Self:
        """This error under the code a page already says in its own words (the photo reader's
        ``dark``, ``blurred``...), its words still the catalogue's entry."""
        self.code = code
        return self

    def at(self, where: str | None) -> TrackwrightError:
        """The same error at another place (an embedded document's place in its file)."""
        return type(self)(self.message, where, code=self.code, params=self.params, key=self.key)

    def words(self) -> object:
        """The message, to put in another's placeholder: its catalogue part when it has one."""
        if self.key and messages.known(self.key):
            return messages.part(self.key, **self.params)
        return self.message

    def say(self, lang: str = "en") -> str:
        """The message in ``lang``: the catalogue's words when it has an entry, else as raised."""
        if self.key and messages.known(self.key):
            return messages.say(self.key, lang, self.params)
        return self.message

    def line(self, lang: str = "en") -> str:
        """The one line a user sees, in ``lang``: the place as it is, then the message."""
        where = clip(_one_line(self.where), LINE_LIMIT) if self.where else ""
        message = clip(_one_line(self.say(lang)), LINE_LIMIT)
        return f"{where}: {message}" if where else message

    def __str__(self) -> str:
        """One line, whatever the message and the place hold: control characters escaped, and
        each part cut to LINE_LIMIT characters (values in messages are quoted short already,
        by :func:`quote`; this also covers a file's name)."""
        where = clip(_one_line(self.where), LINE_LIMIT) if self.where else ""
        message = clip(_one_line(self.message), LINE_LIMIT)
        return f"{where}: {message}" if where else message


#: The most of a place or a message an error line shows.
LINE_LIMIT = 1000


#: Spaces a language's words hold (French writes 1 000 and « … » with them): kept as they are.
SPACES = frozenset("\u00a0\u202f")


def _one_line(text: str) -> str:
    """Line breaks and other control characters as their escapes (``\\n``, ``\\x00``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in SPACES else repr(c)[1:-1] for c in text)


def clip(text: str, limit: int = 100) -> str:
    """A name (a file, a preset) for an error line: itself, or cut to ``limit`` characters and
    marked with '…'."""
    return text if len(text) <= limit else text[:limit] + "…"


#: How much of a value an error message quotes: enough to recognise it, never a megabyte.
QUOTE_LIMIT = 60


class _Quoted:
    """A value's repr written piece by piece, until ``limit`` + 1 characters are written."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.out: list[str] = []
        self.budget = limit + 1

    def put(self, text: str) -> bool:
        """Write (the part that fits of) ``text``: whether there is room for more."""
        self.out.append(text[: self.budget])
        self.budget -= len(text)
        return self.budget > 0

    def walk(self, v: object) -> bool:
        """Write ``v``'s repr: whether there is room for more."""
        limit = self.limit
        if isinstance(v, str):
            return self.put(repr(v[: limit + 1]) if len(v) > limit else repr(v))
        if isinstance(v, bool) or v is None or isinstance(v, float):
            return self.put(repr(v))
        if isinstance(v, int):
            return self.integer(v)
        if isinstance(v, list | tuple):
            return self.sequence(v)
        if isinstance(v, dict):
            return self.mapping(v)
        return self.put(repr(v)[: limit + 1])

    def integer(self, v: int) -> bool:
        """An integer's digits, only as many as are shown (however many it has)."""
        if v.bit_length() < 4 * self.limit:
            return self.put(repr(v))
        try:
            return self.put(str(v)[: self.limit + 1])
        except ValueError:  # over Python's limit of digits for a conversion to text
            return self.put(f"<an integer of {v.bit_length()} bits>")

    def sequence(self, v: list[object] | tuple[object, ...]) -> bool:
        """A list or tuple, item by item."""
        opening, closing = ("[", "]") if isinstance(v, list) else ("(", ")")
        if not self.put(opening):
            return False
        for i, item in enumerate(v):
            if (i and not self.put(", ")) or not self.walk(item):
                return False
        return self.put("," + closing if isinstance(v, tuple) and len(v) == 1 else closing)

    def mapping(self, v: dict[object, object]) -> bool:
        """A dict, key and value by key and value."""
        if not self.put("{"):
            return False
        for i, (key, item) in enumerate(v.items()):
            if (i and not self.put(", ")) or not self.walk(key):
                return False
            if not self.put(": ") or not self.walk(item):
                return False
        return self.put("}")


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters and marked with '…' when
    longer. Built piece by piece, so quoting a megabyte string or a list of a million items costs
    no more than quoting a short one; a value's own repr is used when it is short."""
    quoted = _Quoted(limit)
    quoted.walk(value)
    text = "".join(quoted.out)
    return text if len(text) <= limit else text[:limit] + "…"
