"""Branch Line's commands, found by trackwright through the game's declaration
(``Game.cli``): ``trackwright generate branchline``, ``trackwright score branchline`` and its
part of ``trackwright generate all``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from branchline import engine, model
from branchline_print import kit

from trackwright.cli.common import (
    DEFAULT_OUT,
    FormatOpt,
    JsonOpt,
    Lang,
    LangOpt,
    OutOpt,
    Paper,
    PaperOpt,
    RecordArg,
    parse_formats,
)
from trackwright.core.output import write_all


def generate(
    map_ref: Annotated[
        str, typer.Option("--map", help="A built-in map (valley) or a map file.")
    ] = "valley",
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
) -> None:
    """The Branch Line kit: the map on one page, and map.json."""
    m = model.load(map_ref)
    target = out or DEFAULT_OUT / "branchline" / Path(map_ref).stem
    written = write_all(
        kit.files(m, model.PRESETS.load(), paper.value, lang.value, parse_formats(formats), target)
    )
    typer.echo(f"wrote {len(written)} files to {target}")


def score(record: RecordArg, as_json: JsonOpt = False) -> None:
    """Points per player (length, and the bonus for joining the termini), and the winners."""
    result = engine.score(engine.load_record(record))
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    for p, s in result.scores.items():
        joined = f", joins the termini by {'-'.join(s.joined)}" if s.joined else ""
        typer.echo(f"{p}: {s.points} points ({s.length} in length{joined})")
    typer.echo(f"{' and '.join(result.winners)} {'win' if len(result.winners) > 1 else 'wins'}.")


def generate_all(out: Path, paper: str, lang: str, formats: tuple[str, ...]) -> dict[Path, bytes]:
    """``generate all``: the kit of the built-in map."""
    return kit.files(
        model.load("valley"), model.PRESETS.load(), paper, lang, formats, out / "branchline"
    )
