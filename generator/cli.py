"""The ``trackwright`` command: a thin typer layer over the generators and the rules engines.

Bad input ends with one line on stderr naming the file and the place, and exit code 2.
"""

from __future__ import annotations

import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from generator import __version__
from generator.errors import TrackwrightError
from generator.output import write_all

app = typer.Typer(
    name="trackwright",
    help="Print-and-play kits and exact scoring for TransAmerica, Dampfross and La Strada.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
generate_app = typer.Typer(
    help="Generate print-and-play kits (PDF and SVG) and map files.", no_args_is_help=True
)
app.add_typer(generate_app, name="generate")
score_app = typer.Typer(
    help="Score a game from its record, exactly by the rules, with the evidence.",
    no_args_is_help=True,
)
app.add_typer(score_app, name="score")

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
    from generator.transamerica.kit import FORMATS

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


def _report(files: list[Path], started: float) -> None:
    size = sum(p.stat().st_size for p in files)
    folders = sorted({str(p.parent) for p in files})
    typer.echo(
        f"wrote {len(files)} files ({size / 1e6:.1f} MB) to {', '.join(folders)} "
        f"in {time.perf_counter() - started:.1f} s"
    )


PaperOpt = Annotated[Paper, typer.Option(help="Paper size of the sheets.")]
LangOpt = Annotated[Lang, typer.Option(help="Language of all printed text.")]
FormatOpt = Annotated[str, typer.Option("--format", help="Output formats: pdf, svg or pdf,svg.")]
DuplexOpt = Annotated[
    Duplex, typer.Option(help="How your printer turns the sheet for double-sided card backs.")
]


@generate_app.command("transamerica")
def generate_transamerica(
    map_ref: Annotated[
        str, typer.Option("--map", help="Built-in map name (usa) or a map file of your own.")
    ] = "usa",
    paper: PaperOpt = Paper.a4,
    out: Annotated[Path | None, typer.Option(help="Output folder.")] = None,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
    duplex: DuplexOpt = Duplex.long,
) -> None:
    """The TransAmerica kit: board (poster and tiled), city cards, score track and markers,
    rules summary and map.json."""
    from generator.transamerica import kit, model

    started = time.perf_counter()
    fmt = parse_formats(formats)
    m = model.load(map_ref)
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt, duplex=duplex.value)
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / "transamerica")
    _report(write_all(files), started)


@generate_app.command("all")
def generate_all(
    out: Annotated[Path, typer.Option(help="Output folder; each game gets a subfolder.")] = (
        DEFAULT_OUT
    ),
    paper: PaperOpt = Paper.a4,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
) -> None:
    """Every game's kit on its defaults, into OUT/<game>/."""
    from generator.transamerica import kit, model

    started = time.perf_counter()
    fmt = parse_formats(formats)
    files: dict[Path, bytes] = {}
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt)
    files.update(kit.kit_files(model.load("usa"), opts, out / "transamerica"))
    _report(write_all(files), started)


@score_app.command("transamerica")
def score_transamerica(
    record: Annotated[Path, typer.Argument(help="The game record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    explain: Annotated[
        Path | None,
        typer.Option(
            help="Also draw each round's missing tracks on the board: a .pdf (one page "
            "per round) or .svg (one file per round)."
        ),
    ] = None,
    lang: LangOpt = Lang.en,
) -> None:
    """Each player's exact missing tracks per round, running scores, barrier and winners."""
    from scorer import transamerica as ta
    from scorer.report import print_transamerica

    if explain is not None and explain.suffix.lower() not in (".pdf", ".svg"):
        raise typer.BadParameter(
            f"{explain}: the picture must be a .pdf or .svg file", param_hint="'--explain'"
        )
    game = ta.load_record(record)
    result = ta.score_game(game)
    if explain is not None:
        from generator.draw.pdf import render_pdf
        from generator.draw.svg import render_svg
        from scorer.explain import explanation

        document = explanation(game.map, result, lang.value)
        if explain.suffix.lower() == ".pdf":
            files = {explain: render_pdf(document)}
        else:
            files = {
                explain.with_name(f"{explain.stem}-round{k + 1}.svg"): render_svg(page)
                for k, page in enumerate(document.pages)
            }
        write_all(files)
    if as_json:
        typer.echo(ta.dumps_result(result))
    else:
        print_transamerica(game, result)
        if explain is not None:
            typer.echo(f"missing tracks drawn in {explain}")


@app.command("version")
def version() -> None:
    """Print the version."""
    typer.echo(f"trackwright {__version__}")


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; every input error becomes one line and code 2."""
    try:
        result = app(args=argv, prog_name="trackwright", standalone_mode=False)
    except TrackwrightError as exc:
        typer.echo(f"trackwright: error: {exc}", err=True)
        return 2
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        typer.echo("trackwright: aborted", err=True)
        return 130
    except typer.TyperException as exc:  # click's usage errors, as vendored by typer
        if type(exc).__name__ == "NoArgsIsHelpError":
            typer.echo(exc.format_message())
            return 0
        ctx = getattr(exc, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        message = exc.format_message().replace("Value error, ", "")
        typer.echo(f"trackwright: error: {message}{hint}", err=True)
        return getattr(exc, "exit_code", 2)
    return result if isinstance(result, int) else 0


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
