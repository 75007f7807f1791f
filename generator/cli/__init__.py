"""The ``trackwright`` command: a thin typer layer over the generators and the rules engines.

Bad input ends with one line on stderr naming the file and the place, and exit code 2.
"""

from __future__ import annotations

import os
import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from trackwright import __version__
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_all

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
    from trackwright.kits.draw.render import FORMATS

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
OutOpt = Annotated[Path | None, typer.Option(help="Output folder.")]
RecordArg = Annotated[Path, typer.Argument(help="The game record (JSON).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
DuplexOpt = Annotated[
    Duplex, typer.Option(help="How your printer turns the sheet for double-sided card backs.")
]


@generate_app.command("transamerica")
def generate_transamerica(
    map_ref: Annotated[
        str | None,
        typer.Option(
            "--map", help="Built-in board (usa, europe, japan) or a map file; default usa."
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
) -> None:
    """The TransAmerica kit: board (poster and tiled), city cards, score track and markers,
    rules summary and map.json; on a built-in board, a region of your own or a random one."""
    from trackwright.core import mapfile
    from trackwright.core import transamerica as model
    from trackwright.kits.transamerica import continent, kit, lattice
    from trackwright.kits.transamerica.balance import Band

    started = time.perf_counter()
    fmt = parse_formats(formats)
    if sum(x is not None and x is not False for x in (map_ref, region, random_board or None)) > 1:
        raise typer.BadParameter("choose one of --map, --region and --random", param_hint="'--map'")
    try:
        low, high = (float(v) for v in band_mean.split("-"))
    except ValueError:
        raise typer.BadParameter(
            f"{band_mean!r}: give it as LOW-HIGH, e.g. 26-29", param_hint="'--band-mean'"
        ) from None
    band = Band(low, high, band_max)
    folder = "transamerica"
    if region is not None:
        m, result, tries = lattice.build_balanced(mapfile.read_json(region), str(region), band)
        folder = f"transamerica-{region.stem}"
    elif random_board:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
        m, result, tries = continent.generate(seed, lang.value, band)
        folder = f"transamerica-random-{seed}"
    else:
        m, result, tries = model.load(map_ref or "usa"), None, 0
    if result is not None:
        typer.echo(
            f"{m.name}: {len(m.nodes)} intersections; hands {result.minimum}-"
            f"{result.maximum}, mean {result.mean:.1f} (the original: 19-36, 27.5); "
            f"{tries} {'try' if tries == 1 else 'tries'}"
        )
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt, duplex=duplex.value)
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / folder)
    _report(write_all(files), started)


@generate_app.command("dampfross")
def generate_dampfross(
    seed: Annotated[
        int | None, typer.Option(help="Seed of a random map (default: a new one, printed).")
    ] = None,
    map_ref: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="A preset (england, usa-east, france) or a map file, instead of a random map.",
        ),
    ] = None,
    width: Annotated[int | None, typer.Option(help="Random map width in hexes.")] = None,
    height: Annotated[int | None, typer.Option(help="Random map height in hexes.")] = None,
    players: Annotated[int, typer.Option(help="Players (3-8): sizes the map and the ledger.")] = 6,
    water: Annotated[float, typer.Option(help="Share of sea hexes.")] = 0.30,
    hills: Annotated[float, typer.Option(help="Share of land hexes that are hills.")] = 0.14,
    rivers: Annotated[
        int | None, typer.Option(help="Number of rivers (default: one per 130 hexes).")
    ] = None,
    big_towns: Annotated[int, typer.Option(help="Towns that carry two numbers.")] = 4,
    hex_size: Annotated[
        float, typer.Option(help="Printed hex size, mm from centre to corner.")
    ] = 7.5,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
) -> None:
    """A Dampfross kit: the map (poster and tiled), blank hex sheets, ledger, race record, rules
    summary and map.json; a random map from a seed unless --map names a preset or a file."""
    from trackwright.core import dampfross as model
    from trackwright.kits.dampfross import kit, random_map

    started = time.perf_counter()
    fmt = parse_formats(formats)
    if not 3 <= players <= 8:
        raise typer.BadParameter(
            f"{players}: Dampfross is for 3 to 8 players", param_hint="'--players'"
        )
    if map_ref is not None:
        m = model.load(map_ref)
        folder = Path(map_ref).stem if map_ref.endswith(".json") else map_ref
    else:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
        default_w, default_h = random_map.size_for_players(players)
        params = random_map.RandomParams(
            width=default_w if width is None else width,
            height=default_h if height is None else height,
            water=water,
            hills=hills,
            rivers=rivers,
            big_towns=big_towns,
            hex_size=hex_size,
            lang=lang.value,
        )
        m = random_map.generate(seed, params)
        folder = f"random-{seed}"
        typer.echo(f"random map, seed {seed} (the same seed and options give the same map)")
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt, players=players)
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / "dampfross" / folder)
    _report(write_all(files), started)


@generate_app.command("lastrada")
def generate_lastrada(
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
) -> None:
    """The La Strada kit: the assembled board (poster and tiled), the six land pieces and the
    frame to cut out, 124 road tiles, settlement and start tiles, tokens, rules and map.json."""
    from trackwright.core import lastrada as model
    from trackwright.kits.lastrada import arrange, kit

    started = time.perf_counter()
    fmt = parse_formats(formats)
    if not 8 <= hex_size <= 40:
        raise typer.BadParameter(
            f"{hex_size}: choose a hex size from 8 to 40 mm", param_hint="'--hex-size'"
        )
    if map_ref is not None:
        m = model.load(map_ref)
        folder = Path(map_ref).stem
    else:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
        m = arrange.arrange(seed, hex_size)
        folder = f"seed-{seed}"
        typer.echo(f"board layout from seed {seed}")
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt)
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / "lastrada" / folder)
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
    """Every game's kit on its defaults, into OUT/<game>/: TransAmerica on the USA, Europe and
    Japan boards;
    Dampfross on a random map (seed 1) and on the England, USA (East Coast) and France presets;
    La Strada on the board of seed 1."""
    from trackwright.core import dampfross as df_model
    from trackwright.core import transamerica as model
    from trackwright.kits.dampfross import kit as df_kit
    from trackwright.kits.dampfross import random_map
    from trackwright.kits.transamerica import kit

    started = time.perf_counter()
    fmt = parse_formats(formats)
    files: dict[Path, bytes] = {}
    opts = kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt)
    files.update(kit.kit_files(model.load("usa"), opts, out / "transamerica"))
    for board in ("europe", "japan"):
        files.update(kit.kit_files(model.load(board), opts, out / f"transamerica-{board}"))
    df_opts = df_kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt)
    random_params = random_map.RandomParams(lang=lang.value)
    files.update(
        df_kit.kit_files(
            random_map.generate(1, random_params), df_opts, out / "dampfross" / "random-1"
        )
    )
    for preset in ("england", "usa-east", "france"):
        files.update(df_kit.kit_files(df_model.load(preset), df_opts, out / "dampfross" / preset))
    from trackwright.kits.lastrada import arrange
    from trackwright.kits.lastrada import kit as ls_kit

    ls_opts = ls_kit.KitOptions(paper=paper.value, lang=lang.value, formats=fmt)
    files.update(ls_kit.kit_files(arrange.arrange(1), ls_opts, out / "lastrada" / "seed-1"))
    _report(write_all(files), started)


@score_app.command("transamerica")
def score_transamerica(
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
) -> None:
    """Each player's exact missing tracks per round, running scores, barrier and winners."""
    from trackwright.scorer import transamerica as ta
    from trackwright.views.report import print_transamerica

    if explain is not None and explain.suffix.lower() not in (".pdf", ".svg", ".png"):
        raise typer.BadParameter(
            f"{explain}: the picture must be a .pdf, .svg or .png file", param_hint="'--explain'"
        )
    game = ta.load_record(record)
    result = ta.score_game(game)
    if explain is not None:
        from trackwright.kits.draw.pdf import render_pdf
        from trackwright.kits.draw.png import render_png
        from trackwright.kits.draw.svg import render_svg
        from trackwright.views.explain import explanation

        document = explanation(game.map, result, lang.value)
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
    if as_json:
        typer.echo(ta.dumps_result(result))
    else:
        print_transamerica(game, result)
        if explain is not None:
            typer.echo(f"missing tracks drawn in {explain}")


@score_app.command("dampfross")
def score_dampfross(
    record: RecordArg,
    as_json: JsonOpt = False,
    cheapest: Annotated[
        tuple[str, str] | None,
        typer.Option(
            help="PLAYER TOWN: the cheapest line from the player's network to a town "
            "(name or number), after the record's events."
        ),
    ] = None,
    roll: Annotated[
        int | None, typer.Option(help="With --cheapest: how far this roll gets.")
    ] = None,
    race: Annotated[
        tuple[int, int] | None,
        typer.Option(help="FROM TO (town numbers): each player's fastest race route and fares."),
    ] = None,
) -> None:
    """The accounts of a Dampfross game: every build and race, payments with their reasons,
    balances, phase and winner."""
    import json as json_module

    from trackwright.scorer import dampfross as df
    from trackwright.views.report import print_dampfross

    game = df.load_record(record)
    result = df.replay(game)
    data = result.to_json()
    m = game.map
    if cheapest is not None:
        player, town = cheapest
        if player not in game.players:
            raise typer.BadParameter(
                f"{player!r} is not a player of this game", param_hint="'--cheapest'"
            )
        key: str | int = int(town) if town.isdigit() else town
        if (isinstance(key, int) and key not in m.town_by_number) or (
            isinstance(key, str) and key not in m.town_by_name
        ):
            raise typer.BadParameter(
                f"{town!r} is not a town of this map", param_hint="'--cheapest'"
            )
        plan = df.cheapest_build(game, result.state, player, key, roll)
        data["cheapest"] = {
            "player": player,
            "town": town,
            "path": [list(h) for h in plan.path],
            "cost": plan.cost,
            "payments": plan.payments,
            "reach": [list(h) for h in plan.reach] if plan.reach else None,
        }
    if race is not None:
        for number in race:
            if number not in m.town_by_number:
                raise typer.BadParameter(f"{number} is not a town number", param_hint="'--race'")
        routes = {}
        for player in game.players:
            r = df.race_route(game, result.state, player, *race)
            routes[player] = (
                None
                if r is None
                else {"route": [list(h) for h in r.route], "pips": r.pips, "fares": r.fares}
            )
        data["race"] = {"from": race[0], "to": race[1], "routes": routes}
    if as_json:
        typer.echo(json_module.dumps(data, ensure_ascii=False, indent=1))
        return
    print_dampfross(result)
    if "cheapest" in data:
        c = data["cheapest"]
        typer.echo(
            f"Cheapest line for {c['player']} to {c['town']}: {c['cost']} building points "
            f"and {c['payments']} to rivals, {len(c['path'])} hexes"
            + (f"; a roll of {roll} gets to {c['reach'][-1]}" if c["reach"] else "")
        )
    if "race" in data:
        for player, r in data["race"]["routes"].items():
            if r is None:
                typer.echo(f"{player}: no route using their own line")
            else:
                fares = ", ".join(f"{k} {v}" for k, v in r["fares"].items()) or "none"
                typer.echo(
                    f"{player}: {len(r['route']) - 1} hexes, {r['pips']} pips, fares: {fares}"
                )


@score_app.command("lastrada")
def score_lastrada(
    record: RecordArg,
    as_json: JsonOpt = False,
    reachable: Annotated[
        str | None,
        typer.Option(
            help="PLAYER: the cheapest road to each settlement this player can still "
            "reach (needs the record's turns)."
        ),
    ] = None,
) -> None:
    """Gold per player by the scoring table, the winners (reserve days break ties), and the
    turns checked when the record has them."""
    import json as json_module

    from trackwright.scorer import lastrada as ls
    from trackwright.views.report import print_lastrada

    game = ls.load_record(record)
    result = ls.score(game)
    data = result.to_json()
    if reachable is not None:
        if reachable not in game.players:
            raise typer.BadParameter(
                f"{reachable!r} is not a player of this game", param_hint="'--reachable'"
            )
        if game.turns is None:
            raise typer.BadParameter(
                "the record has no turns to start from", param_hint="'--reachable'"
            )
        state = ls.replay(game)
        days = state.reserve[reachable] + ls.RULES.days_per_turn
        data["reachable"] = {
            "player": reachable,
            "days": days,
            "roads": [
                {
                    "settlement": r.settlement,
                    "kind": r.kind,
                    "days": r.days,
                    "path": [list(h) for h in r.path],
                }
                for r in ls.reachable(game, state, reachable)
            ],
        }
    if as_json:
        typer.echo(json_module.dumps(data, ensure_ascii=False, indent=1))
        return
    print_lastrada(result)
    if "reachable" in data:
        r = data["reachable"]
        typer.echo(f"{r['player']} has {r['days']} travel days next turn:")
        for road in r["roads"]:
            mark = "" if road["days"] <= r["days"] else " (not this turn)"
            typer.echo(
                f"  {road['settlement']} ({road['kind'].replace('_', ' ')}): "
                f"{road['days']} days{mark}"
            )


@app.command("serve")
def serve(
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        Path | None, typer.Option(help="SQLite file for the games (default: in your data folder).")
    ] = None,
    lan: Annotated[
        bool,
        typer.Option(
            help="Listen on this computer's network address so phones can join; "
            "every URL then carries an unguessable key."
        ),
    ] = False,
    host: Annotated[
        str | None, typer.Option(help="Address to listen on (overrides --lan).")
    ] = None,
) -> None:
    """Score at the table from a phone or laptop: a small web server over the rules engines."""
    import socket

    import platformdirs
    import segno
    import uvicorn
    from trackwright.web.app import create_app

    if not 1 <= port <= 65535:
        raise typer.BadParameter(f"{port} is not a port number", param_hint="'--port'")
    path = db or Path(platformdirs.user_data_dir("trackwright")) / "games.sqlite"
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    application = create_app(path, lan=lan, output=DEFAULT_OUT.resolve())
    if lan:
        address = socket.gethostbyname(socket.gethostname())
        url = f"http://{address}:{port}/?key={application.state.key}"
        typer.echo(f"trackwright scorer at {url}")
        typer.echo("open it on a phone on the same network (scan the code):")
        segno.make(url, error="m").terminal(compact=True)
    else:
        typer.echo(f"trackwright scorer at http://127.0.0.1:{port}/ (this computer only)")
    typer.echo(f"games are kept in {path}")
    uvicorn.run(application, host=bind, port=port, log_level="warning")


analyse_app = typer.Typer(
    help="Measure a board: is it fair, does it play like the original?", no_args_is_help=True
)
app.add_typer(analyse_app, name="analyse")


@analyse_app.command("transamerica")
def analyse_transamerica(
    map_ref: Annotated[str, typer.Argument(help="A built-in map name (usa) or a map file.")],
    small: Annotated[
        bool, typer.Option(help="The 2-3 player game: the dotted cards out (3,125 hands).")
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help="Folder for the histogram (PNG and SVG).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """The exact cost of every possible hand (one city per colour) on the empty board:
    minimum, mean, maximum, histogram, how much each city adds, the share of double lines."""
    import json as json_module

    from rich.console import Console
    from rich.table import Table
    from trackwright.core import transamerica as model
    from trackwright.kits.draw.png import render_png
    from trackwright.kits.draw.svg import render_svg
    from trackwright.kits.transamerica import balance
    from trackwright.views import plots

    started = time.perf_counter()
    m = model.load(map_ref)
    result = balance.analyse(m, small_game=small)
    band = balance.Band()
    drawing = plots.histogram(result, f"TransAmerica · {m.name}: the cost of every hand", band)
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
        typer.echo(json_module.dumps(result.to_json(), indent=1))
        return
    console = Console(highlight=False)
    table = Table(title=f"{m.name}: {result.hands} hands, exact costs", title_justify="left")
    table.add_column("")
    table.add_column("this board", justify="right")
    table.add_column("the original", justify="right")
    table.add_row("cheapest hand", str(result.minimum), str(balance.ORIGINAL["min"]))
    table.add_row("mean", f"{result.mean:.2f}", str(balance.ORIGINAL["mean"]))
    table.add_row("dearest hand", str(result.maximum), str(balance.ORIGINAL["max"]))
    table.add_row("double lines", f"{result.double_share:.0%}", "21%")
    console.print(table)
    bars = max(result.histogram.values())
    for cost, count in sorted(result.histogram.items()):
        console.print(f"{cost:4d} {'█' * max(1, round(40 * count / bars))} {count}")
    effects = Table(title="What each city adds to the mean hand", title_justify="left")
    effects.add_column("region")
    effects.add_column("cities (difference from the mean)")
    for region, cities in result.city_effect.items():
        effects.add_row(
            region,
            ", ".join(f"{c} {v:+.1f}" for c, v in sorted(cities.items(), key=lambda kv: kv[1])),
        )
    console.print(effects)
    verdict = "within" if band.holds(result) else "outside"
    console.print(
        f"{verdict} the band ({band.describe()}) · "
        f"histogram in {folder} · {time.perf_counter() - started:.1f} s"
    )


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
