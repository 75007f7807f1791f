"""The La Strada commands: ``generate lastrada``, ``score lastrada``, and its part of
``generate all``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from trackwright.cli.common import (
    DEFAULT_OUT,
    LANGUAGE,
    BackOffsetOpt,
    Duplex,
    FormatOpt,
    InkSaverOpt,
    JsonOpt,
    Lang,
    LangOpt,
    OutOpt,
    Paper,
    PaperOpt,
    PosterSize,
    PosterSizeOpt,
    RecordArg,
    RulesOpt,
    bad_option,
    new_seed,
    parse_back_offset,
    parse_formats,
    report,
)
from trackwright.core import lastrada as model
from trackwright.core.output import write_all
from trackwright.kits.lastrada import arrange, kit, strings
from trackwright.scorer import lastrada as ls
from trackwright.views.lastrada.report import print_lastrada


def generate(
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the layout and the settlements (default: a new one, printed)."),
    ] = None,
    map_ref: Annotated[
        str | None, typer.Option("--map", help="A La Strada map file instead of a seeded layout.")
    ] = None,
    hex_size: Annotated[
        float, typer.Option(help="Hex size, mm from centre to corner (tiles are printed at it).")
    ] = 15.0,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
    rules: RulesOpt = None,
    duplex: Annotated[
        Duplex, typer.Option(help="How your printer turns the sheet for the tiles' backs.")
    ] = Duplex.long,
    back_offset: BackOffsetOpt = "0,0",
    ink_saver: InkSaverOpt = False,
    poster_size: PosterSizeOpt = PosterSize.fit,
) -> None:
    """The La Strada kit: the assembled board (poster and tiled), the six land pieces and the
    frame to cut out, 124 road tiles, settlement and start tiles (double-sided, with a duplex
    test), tokens, rules and map.json."""

    started = time.perf_counter()
    fmt = parse_formats(formats)
    offset = parse_back_offset(back_offset)
    preset = model.rules(rules)
    if not 8 <= hex_size <= 40:
        raise bad_option("ls.cli.hex-size", "'--hex-size'", size=hex_size)
    if map_ref is not None:
        m = model.load(map_ref)
        folder = Path(map_ref).stem
    else:
        if seed is None:
            seed = new_seed()
        m = arrange.arrange(seed, hex_size)
        folder = f"seed-{seed}"
    problem = kit.fit_error(m, paper.value, LANGUAGE.get())
    if problem is not None:
        raise typer.BadParameter(problem, param_hint="'--map'" if map_ref else "'--hex-size'")
    if map_ref is None:
        typer.echo(strings.t("cli_layout_seed", lang.value, seed=seed))
    opts = kit.KitOptions(
        paper=paper.value,
        lang=lang.value,
        formats=fmt,
        rules=preset,
        duplex=duplex.value,
        back_offset=offset,
        ink_saver=ink_saver,
        poster_size=poster_size.value,
    )
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / "lastrada" / folder)
    report(write_all(files), started, lang.value)


def score(
    record: RecordArg,
    as_json: JsonOpt = False,
    reachable: Annotated[
        str | None,
        typer.Option(
            help="PLAYER: the cheapest road to each settlement this player can still ever "
            "reach, within their tiles and a turn's days (needs the record's turns)."
        ),
    ] = None,
    rules: RulesOpt = None,
    lang: LangOpt = Lang.en,
) -> None:
    """Gold per player by the scoring table, the winners (reserve days break ties; leaders while
    the game goes on), and the turns checked when the record has them."""

    preset = model.rules(rules)
    game = ls.load_record(record, preset)
    result = ls.score(game, preset)
    data = result.to_json()
    if reachable is not None:
        if reachable not in game.players:
            raise bad_option("ls.cli.not-player", "'--reachable'", player=repr(reachable))
        if game.turns is None:
            raise bad_option("ls.cli.no-turns", "'--reachable'")
        state = ls.replay(game, preset)
        days = state.reserve[reachable] + preset.days_per_turn
        data["reachable"] = {
            "player": reachable,
            "days": days,
            "never": ls.cannot_reach(game, state, reachable, preset),
            "roads": [
                {
                    "settlement": r.settlement,
                    "kind": r.kind,
                    "days": r.days,
                    "path": [list(h) for h in r.path],
                }
                for r in ls.reachable(game, state, reachable, rules=preset)
            ],
        }
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    print_lastrada(result, lang=lang.value)
    if "reachable" in data:
        _print_reachable(data["reachable"], lang.value)


def _print_reachable(r: dict, lang: str) -> None:
    """Where a player's roads can still go, in the chosen language."""
    typer.echo(strings.t("ls_rep_reach", lang, player=r["player"], days=r["days"]))
    if r["never"]:
        why = "ls_rep_no_merchant" if "merchant" in r["never"] else "ls_rep_no_reach"
        typer.echo("  " + strings.t(why, lang, player=r["player"]))
    for road in r["roads"]:
        mark = "" if road["days"] <= r["days"] else strings.t("ls_rep_not_now", lang)
        kind = strings.t(f"ls_{road['kind']}", lang)
        days = strings.t("ls_rep_days", lang, days=road["days"])
        typer.echo(f"  {road['settlement']} ({kind}): {days}{mark}")


def generate_all(out: Path, paper: str, lang: str, formats: tuple[str, ...]) -> dict[Path, bytes]:
    """``generate all``: the board of seed 1."""
    opts = kit.KitOptions(paper=paper, lang=lang, formats=formats)
    return kit.kit_files(arrange.arrange(1), opts, out / "lastrada" / "seed-1")
