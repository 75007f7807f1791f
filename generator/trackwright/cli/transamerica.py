"""The TransAmerica commands: ``generate transamerica``, ``score transamerica``,
``analyse transamerica``, and its part of ``generate all``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from trackwright.cli.common import (
    DEFAULT_OUT,
    BackOffsetOpt,
    Duplex,
    DuplexOpt,
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
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.messages import DECIMAL_MARK
from trackwright.core.output import write_all
from trackwright.edit.hands import ORIGINAL, Band
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.draw.png import render_png
from trackwright.kits.draw.svg import render_svg
from trackwright.kits.i18n import number
from trackwright.kits.transamerica import balance, continent, kit, lattice, published, strings
from trackwright.scorer import transamerica as ta
from trackwright.views.transamerica import plots
from trackwright.views.transamerica.explain import explanation
from trackwright.views.transamerica.report import print_transamerica


def generate(
    map_ref: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="Built-in board (usa, europe, japan) or a map file; default usa. (usa-classic, "
            "the published board, is for scoring only.)",
        ),
    ] = None,
    region: Annotated[
        Path | None, typer.Option(help="A region file: build a board of your own region.")
    ] = None,
    random_board: Annotated[
        bool, typer.Option("--random", help="An invented continent (with --seed).")
    ] = False,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the random board (default: a new one, printed).")
    ] = None,
    band_mean: Annotated[
        str, typer.Option(help="Region and random boards: the mean hand cost to reach, LOW-HIGH.")
    ] = "26-29",
    band_max: Annotated[
        int, typer.Option(help="Region and random boards: the dearest hand at most.")
    ] = 38,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
    duplex: DuplexOpt = Duplex.long,
    rules: RulesOpt = None,
    back_offset: BackOffsetOpt = "0,0",
    ink_saver: InkSaverOpt = False,
    poster_size: PosterSizeOpt = PosterSize.fit,
    photo_marks: Annotated[
        bool,
        typer.Option(
            "--photo-marks/--no-photo-marks",
            help="The black squares round the board, for the photo reader (trackwright "
            "photo, the app's Photo button). --no-photo-marks leaves them off: the photo "
            "reader then cannot read that board.",
        ),
    ] = True,
) -> None:
    """The TransAmerica kit: board (poster and tiled), city cards, score track and markers,
    rules summary and map.json; on a built-in board, a region of your own or a random one."""

    started = time.perf_counter()
    fmt = parse_formats(formats)
    offset = parse_back_offset(back_offset)
    preset = model.rules(rules)
    if sum(x is not None for x in (map_ref, region, random_board or None)) > 1:
        raise bad_option("ta.cli.one-map", "'--map'")
    try:
        low, high = (float(v) for v in band_mean.split("-"))
    except ValueError:
        raise bad_option("ta.cli.band", "'--band-mean'", band=repr(band_mean)) from None
    band = Band(low, high, band_max)
    folder = "transamerica"
    if region is not None:
        m, result, tries = lattice.build_balanced(mapfile.read_json(region), str(region), band)
        folder = f"transamerica-{region.stem}"
    elif random_board:
        if seed is None:
            seed = new_seed()
        m, result, tries = continent.generate(seed, lang.value, band)
        folder = f"transamerica-random-{seed}"
    else:
        m, result, tries = model.load(map_ref or "usa"), None, 0
        if published.is_published(m):
            raise TrackwrightError.of("ta.published.not-printed", map_ref)
    if result is not None:
        typer.echo(_balance_line(m, result, tries, lang.value))
    opts = kit.KitOptions(
        paper=paper.value,
        lang=lang.value,
        formats=fmt,
        duplex=duplex.value,
        rules=preset,
        back_offset=offset,
        ink_saver=ink_saver,
        poster_size=poster_size.value,
        photo_marks=photo_marks,
    )
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / folder)
    report(write_all(files), started, lang.value)


def _balance_line(m: model.TransAmericaMap, result: balance.Balance, tries: int, lang: str) -> str:
    """A built board's balance beside the original's, and the tries it took."""
    o = ORIGINAL
    return strings.t(
        "ta_gen_balance",
        lang,
        name=m.name,
        nodes=len(m.nodes),
        low=result.minimum,
        high=result.maximum,
        mean=float(result.mean),
        o_low=o["min"],
        o_high=o["max"],
        o_mean=float(o["mean"]),
        tries=strings.t("ta_gen_try_one" if tries == 1 else "ta_gen_try_other", lang, n=tries),
    )


def score(
    record: RecordArg,
    as_json: JsonOpt = False,
    explain: Annotated[
        Path | None,
        typer.Option(
            help="Also draw each round's missing tracks on the board: a .pdf (one page "
            "per round), or .svg or .png (one file per round)."
        ),
    ] = None,
    lang: LangOpt = Lang.en,
    rules: RulesOpt = None,
) -> None:
    """Each player's exact missing tracks per round, running scores, barrier and winners."""

    if explain is not None and explain.suffix.lower() not in (".pdf", ".svg", ".png"):
        raise bad_option("ta.cli.explain", "'--explain'", explain=explain)
    preset = model.rules(rules)
    game = ta.load_record(record, preset)
    result = ta.score(game, preset)
    drawn = _draw_explanation(game, result, explain, lang.value) if explain else []
    if as_json:
        typer.echo(ta.dumps_result(result))
    else:
        print_transamerica(game, result, lang=lang.value)
        if drawn:
            typer.echo(strings.t("ta_rep_drawn", lang.value, files=_files_said(drawn)))


def _draw_explanation(
    game: ta.GameRecord, result: ta.Result, explain: Path, lang: str
) -> list[Path]:
    """The missing tracks drawn: one PDF, or one SVG or PNG a round (``why-round1.png``, ...);
    the files written, in order."""
    document = explanation(game.map, result, lang)
    suffix = explain.suffix.lower()
    if suffix == ".pdf":
        files = {explain: render_pdf(document)}
    else:
        render = render_svg if suffix == ".svg" else render_png
        files = {
            explain.with_name(f"{explain.stem}-round{k + 1}{suffix}"): render(page)
            for k, page in enumerate(document.pages)
        }
    write_all(files)
    return list(files)


def _files_said(paths: list[Path]) -> str:
    """The files written, each named: the first with its folder, the others (beside it) by
    name."""
    return ", ".join([str(paths[0]), *(p.name for p in paths[1:])])


def analyse(
    map_ref: Annotated[str, typer.Argument(help="A built-in map name (usa) or a map file.")],
    small: Annotated[
        bool, typer.Option(help="The 2-3 player game: the dotted cards out (3,125 hands).")
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help="Folder for the histogram (PNG and SVG).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    lang: LangOpt = Lang.en,
) -> None:
    """The exact cost of every possible hand (one city per colour) on the empty board:
    minimum, mean, maximum, histogram, how much each city adds, the share of double lines."""

    started = time.perf_counter()
    m = model.load(map_ref)
    result = balance.analyse(m, small_game=small)
    band = Band()
    title = strings.t("ta_an_histogram", lang.value, name=m.name)
    drawing = plots.histogram(result, title, band, lang.value)
    folder = out or DEFAULT_OUT / "analysis"
    stem = (Path(map_ref).stem if map_ref.endswith(".json") else map_ref) + (
        "-small" if small else ""
    )
    files = {
        folder / f"{stem}-histogram.svg": render_svg(drawing),
        folder / f"{stem}-histogram.png": render_png(drawing),
    }
    write_all(files)
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
        return
    console = Console(highlight=False)
    console.print(_figures_table(m, result, lang.value))
    bars = max(result.histogram.values())
    for cost, count in sorted(result.histogram.items()):
        console.print(f"{cost:4d} {'█' * max(1, round(40 * count / bars))} {count}")
    console.print(_effects_table(result, lang.value))
    said = strings.t(
        "ta_an_band",
        lang.value,
        low=float(band.mean_low),
        high=float(band.mean_high),
        most=band.max_high,
    )
    verdict = strings.t(
        "ta_an_within" if band.holds(result) else "ta_an_outside", lang.value, band=said
    )
    seconds = time.perf_counter() - started
    console.print(
        escape(strings.t("ta_an_done", lang.value, verdict=verdict, folder=folder, seconds=seconds))
    )


def _figures_table(m: model.TransAmericaMap, result: balance.Balance, lang: str) -> Table:
    """This board's cheapest, mean and dearest hands and share of double lines beside the
    original's, the numbers the language's way."""
    t = strings.t
    o = ORIGINAL
    title = t("ta_an_title", lang, name=m.name, hands=result.hands)
    table = Table(title=escape(title), title_justify="left")
    table.add_column("")
    table.add_column(t("ta_an_this", lang), justify="right")
    table.add_column(t("ta_an_original", lang), justify="right")
    table.add_row(t("ta_an_cheapest", lang), str(result.minimum), str(o["min"]))
    table.add_row(t("ta_an_mean", lang), number(result.mean, lang, 2), number(o["mean"], lang, 2))
    table.add_row(t("ta_an_dearest", lang), str(result.maximum), str(o["max"]))
    share = t("ta_an_percent", lang, p=number(100 * result.double_share, lang, 0))
    table.add_row(t("ta_an_doubles", lang), share, t("ta_an_percent", lang, p=21))
    return table


def _effects_table(result: balance.Balance, lang: str) -> Table:
    """What each city adds to the mean hand, region by region, cheapest first."""
    effects = Table(title=strings.t("ta_an_effects", lang), title_justify="left")
    effects.add_column(strings.t("ta_an_region", lang))
    effects.add_column(strings.t("ta_an_cities", lang))
    for region, cities in result.city_effect.items():
        ordered = sorted(cities.items(), key=lambda kv: kv[1])
        effects.add_row(
            strings.t(f"ta_an_{region}", lang),
            ", ".join(f"{c} {signed(v, lang)}" for c, v in ordered),
        )
    return effects


def signed(value: float, lang: str = "en") -> str:
    """A difference to one decimal with its sign, and no sign on a zero ('-0.0' or '+0.0' says a
    city moves the mean when, to a tenth, it does not); the language's decimal mark."""
    text = f"{value:+.1f}"
    text = text[1:] if float(text) == 0 else text
    return text.replace(".", DECIMAL_MARK[lang])


def random_map_json(cols: int, rows: int, seed: int, lang: str) -> dict[str, Any]:
    """A random board as ``generate --random --seed`` makes it (an invented continent whose hands
    play like the published board's), as its map file's JSON: the map editor's "random" start on
    ``trackwright serve``. The continent has a size of its own: ``cols`` and ``rows`` (the
    editor's empty lattice's) are not used."""
    m, _result, _tries = continent.generate(seed, lang, Band())
    return m.to_json()


def generate_all(out: Path, paper: str, lang: str, formats: tuple[str, ...]) -> dict[Path, bytes]:
    """``generate all``: the kits of the three built-in boards (USA, Europe, Japan)."""
    opts = kit.KitOptions(paper=paper, lang=lang, formats=formats)
    files: dict[Path, bytes] = {}
    for board in ("usa", "europe", "japan"):
        folder = "transamerica" if board == "usa" else f"transamerica-{board}"
        files.update(kit.kit_files(model.load(board), opts, out / folder))
    return files
