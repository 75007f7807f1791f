"""What every game's commands share: the paper, language, format and output options, and the
report of what was written."""

from __future__ import annotations

import os
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TextIO

import typer
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


def parse_formats(value: str) -> tuple[str, ...]:
    formats = tuple(
        dict.fromkeys(part.strip().lower() for part in value.split(",") if part.strip())
    )
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise typer.BadParameter(
            f"{value!r}: choose a comma-separated list of {', '.join(FORMATS)}",
            param_hint="'--format'",
        )
    return formats


def new_seed() -> int:
    """A fresh seed for a random map, printed so that the map can be made again."""
    return int.from_bytes(os.urandom(4), "big") % 1_000_000


def report(files: list[Path], started: float) -> None:
    size = sum(p.stat().st_size for p in files)
    folders = sorted({str(p.parent) for p in files})
    typer.echo(
        f"wrote {len(files)} files ({size / 1e6:.1f} MB) to {', '.join(folders)} "
        f"in {time.perf_counter() - started:.1f} s"
    )


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
