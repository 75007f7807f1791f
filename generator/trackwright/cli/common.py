"""What every game's commands share: the paper, language, format and output options, and the
report of what was written."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from contextvars import ContextVar
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TextIO

import typer

from trackwright.core import messages
from trackwright.core.errors import TrackwrightError
from trackwright.kits.draw import FORMATS

DEFAULT_OUT = Path("output")


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


class Lang(StrEnum):
    en = "en"
    fr = "fr"
    de = "de"
    it = "it"


class Duplex(StrEnum):
    long = "long"
    short = "short"


class PosterSize(StrEnum):
    fit = "fit"
    a3 = "a3"
    a2 = "a2"
    a1 = "a1"
    a0 = "a0"
    in24x36 = "24x36in"


#: The language of the command being run (set by :func:`trackwright.cli.run` from
#: :func:`chosen_lang`), for the option parsers' messages.
LANGUAGE: ContextVar[str] = ContextVar("trackwright_cli_lang", default="en")


def bad_option(code: str, hint: str, /, **params: object) -> typer.BadParameter:
    """A wrong option's error, the catalogue's ``code`` said in the command's language."""
    return typer.BadParameter(messages.say(code, LANGUAGE.get(), params), param_hint=hint)


def parse_back_offset(value: str) -> tuple[float, float]:
    from trackwright.kits.layout import parse_offset  # only when a kit is made: --help stays light

    try:
        return parse_offset(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--back-offset'") from None


def parse_formats(value: str) -> tuple[str, ...]:
    formats = tuple(
        dict.fromkeys(part.strip().lower() for part in value.split(",") if part.strip())
    )
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise bad_option("cli.formats", "'--format'", value=repr(value), formats=", ".join(FORMATS))
    return formats


def new_seed() -> int:
    """A fresh seed for a random map, printed so that the map can be made again."""
    return int.from_bytes(os.urandom(4), "big") % 1_000_000


def report(files: list[Path], started: float, lang: str = "en") -> None:
    """The status lines after a kit is written, in the kit's language: how many files, how
    big, where, how long; each poster's size."""
    from trackwright.kits.i18n import t  # here: --help loads no kit module

    size = sum(p.stat().st_size for p in files) / 1e6
    folders = ", ".join(sorted({str(p.parent) for p in files}))
    seconds = time.perf_counter() - started
    typer.echo(t("cli_wrote", lang, n=len(files), size=size, folders=folders, seconds=seconds))
    for path in files:
        if path.name.endswith("-poster.pdf"):
            typer.echo(f"{path.name}: {poster_size_note(path.read_bytes(), lang)}")


def poster_size_note(pdf: bytes, lang: str = "en") -> str:
    """The trim size of a poster and the standard size it prints on, from its TrimBox."""
    from trackwright.kits.i18n import t
    from trackwright.kits.layout import POSTER_NAMES, poster_fit

    found = re.search(rb"/TrimBox \[\s*([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\s*\]", pdf)
    if found is None:
        return t("cli_poster_no_trim", lang)
    x0, y0, x1, y1 = (float(v) * 25.4 / 72 for v in found.groups())
    w, h = x1 - x0, y1 - y0
    fits = poster_fit(w, h)
    where = (
        t("cli_poster_fits", lang, size=POSTER_NAMES[fits]) if fits else t("cli_poster_roll", lang)
    )
    return t("cli_poster", lang, w=w, h=h, where=where)


#: The language of the messages of a command that has no ``--lang`` (photo, site, serve, schema,
#: export, version), and of every command's when this is set and ``--lang`` is not given. The
#: machine's locale is never read.
LANG_ENV = "TRACKWRIGHT_LANG"


def chosen_lang(argv: Sequence[str]) -> str:
    """The language of a command's error and progress lines: its ``--lang`` (``--lang fr`` or
    ``--lang=fr``), else ``TRACKWRIGHT_LANG``, else English. Read from the words typed, before
    they are parsed, so that a mistake in the options is said in that language too."""
    found = ""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    if found in messages.LANGS:
        return found
    env = os.environ.get(LANG_ENV, "")
    return env if env in messages.LANGS else "en"


def error_line(exc: TrackwrightError, lang: str) -> str:
    """The one line of an input error on stderr, in ``lang``: the place as it is, the words the
    catalogue's."""
    return messages.say("cli.error", lang, {"line": exc.line(lang)})


#: The command-line parser's English messages (click's, as typer vendors it, and the option
#: parsers' below), each as a pattern and the catalogue's code that says it in other languages.
USAGE_MESSAGES = (
    (r"Invalid value for (?P<hint>.+?): (?P<inner>.+)", "cli.invalid"),
    (r"Missing argument (?P<name>.+)\.", "cli.missing.argument"),
    (r"Missing option (?P<name>.+)\.", "cli.missing.option"),
    (
        r"No such option: (?P<option>\S+) \(Possible options: (?P<options>.+)\)",
        "cli.no-option.near",
    ),
    (r"No such option: (?P<option>\S+)", "cli.no-option"),
    (r"No such command (?P<name>.+)\.", "cli.no-command"),
    (r"Option (?P<option>.+) requires an argument\.", "cli.needs-value"),
    (r"Got unexpected extra argument\(s\) \((?P<args>.+)\)", "cli.extra"),
    (r"(?P<value>.+) is not one of (?P<choices>.+)\.", "cli.choice"),
    (r"Input should be a valid integer.*", "cli.integer"),
    (r"Input should be a valid number.*", "cli.number"),
    (r"(?P<value>.+): choose a comma-separated list of (?P<formats>.+)", "cli.formats"),
    (r"(?P<value>.+): give it as X,Y in millimetres, e\.g\. (?P<example>.+)", "cli.offset"),
    (r"(?P<value>.+): an offset is at most (?P<most>\d+) mm either way", "cli.offset.far"),
)


def usage_message(message: str, lang: str) -> str:
    """A parser's English message in ``lang`` (as it is when the catalogue has no words for it)."""
    if lang == "en":
        return message
    for pattern, code in USAGE_MESSAGES:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found is not None:
            params = found.groupdict()
            if "inner" in params:
                params["inner"] = usage_message(params["inner"], lang)
            return messages.say(code, lang, params)
    return message


def usage_line(message: str, command: str | None, lang: str) -> str:
    """The one line of a usage error: the parser's message in ``lang``, and where to find help."""
    said = usage_message(message, lang)
    if command is not None:
        said = messages.say("cli.see-help", lang, {"message": said, "command": command})
    return messages.say("cli.error", lang, {"line": said})


class StderrProgress:
    """Shows the builders' progress reports on stderr once a command has run for a second: on a
    terminal as one line rewritten in place, elsewhere (``TRACKWRIGHT_PROGRESS=1``) line by line."""

    def __init__(self, stream: TextIO, after: float = 1.0) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.after = after
        self.started = time.perf_counter()
        self.shown = False

    def __call__(self, message: str) -> None:
        elapsed = time.perf_counter() - self.started
        if elapsed < self.after:
            return
        line = f"{message} ({elapsed:.0f} s)"
        if self.tty:
            self.stream.write(f"\r\033[K{line[:200]}")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


PaperOpt = Annotated[Paper, typer.Option(help="Paper size of the sheets.")]
LangOpt = Annotated[Lang, typer.Option(help="Language of all printed text.")]
FormatOpt = Annotated[str, typer.Option("--format", help="Output formats: pdf, svg or pdf,svg.")]
OutOpt = Annotated[Path | None, typer.Option(help="Output folder.")]
RecordArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
RulesOpt = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="Rules preset: a built-in name or a house preset file (JSON, see "
        "core/schema/<game>-rules.schema.json); the kit prints its numbers.",
    ),
]
DuplexOpt = Annotated[
    Duplex, typer.Option(help="How your printer turns the sheet for double-sided card backs.")
]
BackOffsetOpt = Annotated[
    str,
    typer.Option(
        "--back-offset",
        help="X,Y in mm: move the back pages by what the duplex test measured (its scales "
        "read the numbers to pass), e.g. 1.5,-0.5.",
    ),
]
InkSaverOpt = Annotated[
    bool,
    typer.Option(
        "--ink-saver",
        help="Pale fills and outlined backs: at most half the toner, every shape and pattern kept.",
    ),
]
PosterSizeOpt = Annotated[
    PosterSize,
    typer.Option(
        "--poster-size",
        help="The poster page: fit (the board, its 3 mm bleed and crop marks) or the board at "
        "true size in the middle of a standard sheet.",
    ),
]
