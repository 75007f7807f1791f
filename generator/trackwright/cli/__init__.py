"""The ``trackwright`` command: a thin typer layer over the generators and the rules engines.

Every game's commands come from the game registry (:mod:`trackwright.games`): each game's CLI
module gives its ``generate`` and ``score`` commands (and ``analyse`` where it has one) and its part
of ``generate all``. Bad input ends with one line on stderr naming the file and the place, and
exit code 2.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer
from typer.core import TyperGroup

from trackwright import games
from trackwright.cli.common import (
    DEFAULT_OUT,
    LANGUAGE,
    FormatOpt,
    Lang,
    LangOpt,
    Paper,
    PaperOpt,
    RecordArg,
    StderrProgress,
    bad_option,
    chosen_lang,
    error_line,
    parse_formats,
    report,
    usage_line,
)
from trackwright.cli.photo import photo_app
from trackwright.core import mapfile, messages, progress
from trackwright.core.errors import TrackwrightError
from trackwright.core.output import write_all
from trackwright.version import VERSION


def generate_all(
    out: Annotated[Path, typer.Option(help="Output folder; each game gets a subfolder.")] = (
        DEFAULT_OUT
    ),
    paper: PaperOpt = Paper.a4,
    lang: LangOpt = Lang.en,
    formats: FormatOpt = "pdf,svg",
) -> None:
    """Every game's kits on their defaults, into OUT/<game>/ (each game says which: TransAmerica
    on its three built-in boards, Dampfross on a random map and its three presets, La Strada on
    the board of seed 1)."""
    started = time.perf_counter()
    fmt = parse_formats(formats)
    jobs = [(name, out, paper.value, lang.value, fmt) for name in _kit_games()]
    files: dict[Path, bytes] = {}
    for result in _each_game(jobs):
        if isinstance(result, tuple):  # a game's one-line error, raised here with its place
            raise TrackwrightError(
                result[1], result[0], code=result[2], params=result[3], key=result[4]
            )
        files.update(result)
    report(write_all(files), started, lang.value)


def _kit_games() -> list[str]:
    """The games that have kits of their own for ``generate all``."""
    return [
        g.name
        for g in games.games().values()
        if g.cli_module() is not None and hasattr(g.cli_module(), "generate_all")
    ]


def _site_kits(jobs: list[Any]) -> list[dict[str, bytes]]:
    """The PDFs of ``generate all`` for the site's Print page (trackwright.web.prints.Job: a
    game, a language, a paper), made side by side as ``generate all`` makes them."""
    work = [(j.game, Path(), j.paper, j.lang, ("pdf",)) for j in jobs]
    made = []
    for result in _each_game(work):
        if isinstance(result, tuple):
            raise TrackwrightError(
                result[1], result[0], code=result[2], params=result[3], key=result[4]
            )
        made.append({path.as_posix(): data for path, data in result.items()})
    return made


def map_kit(data: dict[str, Any], lang: str, paper: str) -> dict[str, bytes]:
    """The PDFs of ``trackwright generate GAME --map FILE`` for a map file's JSON (the map editor's
    "Print this map" on ``trackwright serve``), made in a temporary folder: path -> bytes."""
    game = games.get(data.get("game"), "map: $.game")
    with tempfile.TemporaryDirectory(prefix="trackwright-print-") as tmp:
        folder = Path(tmp)
        source = folder / "map.json"
        source.write_bytes(mapfile.dumps(data))
        out = folder / "kit"
        with contextlib.redirect_stdout(io.StringIO()):
            game.cli_module().generate(
                map_ref=str(source), out=out, lang=Lang(lang), paper=Paper(paper), formats="pdf"
            )
        return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def random_map(game: str, cols: int, rows: int, seed: int, lang: str) -> dict[str, Any]:
    """A random map of a game for the map editor's "random" start on ``trackwright serve``: the
    game's command-line module's ``random_map_json(cols, rows, seed, lang)``."""
    found = games.get(game, "$.game")
    make = getattr(found.cli_module(), "random_map_json", None)
    if make is None:
        raise TrackwrightError.of("game.no-random", "$.game", game=found.title)
    data: dict[str, Any] = make(cols, rows, seed, lang)
    return data


def _game_kits(job: tuple[str, Path, str, str, Any]) -> dict[Path, bytes] | tuple[Any, ...]:
    """One game's part of ``generate all`` (in a worker process when there are several cores):
    its files, or its error as (place, message, code, params)."""
    name, out, paper, lang, fmt = job
    try:
        result: dict[Path, bytes] = games.get(name).cli_module().generate_all(out, paper, lang, fmt)
        return result
    except TrackwrightError as exc:
        return (exc.where, exc.message, exc.code, exc.params, exc.key)


def _each_game(jobs: list[Any]) -> list[Any]:
    """The games' kits made side by side, one process per core (forked, so games registered at
    run time come along); in order, so the files are the same as made one after the other."""
    import multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    # Forked on Linux only: on macOS the system libraries may have started threads, which a fork
    # does not copy (Python's default there is spawn); Windows has no fork.
    if (cores or 1) < 2 or len(jobs) < 2 or not sys.platform.startswith("linux"):
        return [_game_kits(job) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=min(cores or 1, len(jobs)), mp_context=context) as pool:
        return list(pool.map(_game_kits, jobs))


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
        str | None,
        typer.Option(
            help="Address to listen on (overrides --lan); any address other than this "
            "computer's own needs the key, as --lan does."
        ),
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(
            help="The address phones should open, when the one found is not right "
            "(e.g. http://192.168.1.20:8000); it is printed, with the key, and in the QR code."
        ),
    ] = None,
    new_key: Annotated[
        bool, typer.Option(help="Make a new key: URLs printed before stop working.")
    ] = False,
) -> None:
    """Score at the table from a phone or laptop: a small web server over the rules engines."""
    # The web server's libraries load only for this command: the others start faster without.
    import platformdirs
    import segno
    import uvicorn

    from trackwright.web.addresses import is_loopback, lan_addresses
    from trackwright.web.app import create_app

    if not 1 <= port <= 65535:
        raise bad_option("cli.port", "'--port'", port=port)
    if url is not None and not re.fullmatch(r"https?://[^/?#\s]+/?", url):
        raise bad_option("cli.url", "'--url'", url=repr(url[:60]))
    path = db or Path(platformdirs.user_data_dir("trackwright")) / "games.sqlite"
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    keyed = lan or not is_loopback(bind)  # every address others can reach needs the key
    bases = [url.rstrip("/")] if url else []
    if keyed and not url:
        found = lan_addresses() if bind in ("0.0.0.0", "::") else [bind]
        bases = [f"http://{a if ':' not in a else f'[{a}]'}:{port}" for a in found]
    names = {"localhost", "127.0.0.1", "::1", *(urlsplit(b).hostname or "" for b in bases)}
    if bind not in ("0.0.0.0", "::"):
        names.add(bind)
    from trackwright.web import site as site_builder

    folder = path.parent / "site"
    typer.echo(f"building the phone app in {folder} ...")
    site_builder.build(folder, kits=DEFAULT_OUT.resolve())
    application = create_app(
        path,
        lan=keyed,
        output=DEFAULT_OUT.resolve(),
        allowed_hosts=names,
        rotate_key=new_key,
        site=folder,
        url=bases[0] if bases else None,
        make_kit=map_kit,
        make_random=random_map,
    )
    if keyed:
        if not bases:
            typer.echo(
                "no network address of this computer was found: give the one phones can reach "
                "with --url http://ADDRESS:PORT"
            )
        for k, base in enumerate(bases):
            link = f"{base}/?key={application.state.key}"
            typer.echo(f"trackwright scorer at {link}" + ("" if k == 0 else " (another address)"))
        if bases:
            typer.echo("open it on a phone on the same network (scan the code):")
            segno.make(f"{bases[0]}/?key={application.state.key}", error="m").terminal(compact=True)
    else:
        shown = f"[{bind}]" if ":" in bind else bind  # the address bound, whichever it is
        typer.echo(f"trackwright scorer at http://{shown}:{port}/ (this computer only)")
    typer.echo(f"games are kept in {path}")
    # A phone's long poll (GET /api/games/{id}/wait) holds its request up to 25 s: a server
    # asked to stop gives it a second, not the whole wait.
    uvicorn.run(application, host=bind, port=port, log_level="warning", timeout_graceful_shutdown=1)


def site(
    out: Annotated[
        Path, typer.Argument(help="The folder to write (new, empty, or an earlier site).")
    ],
    map_files: Annotated[
        list[Path] | None,
        typer.Option("--map", help="A map.json to offer (repeat it); kits in --kits are found."),
    ] = None,
    kits: Annotated[
        Path, typer.Option(help="Every map.json under this folder is offered too.")
    ] = DEFAULT_OUT,
    printed: Annotated[
        bool,
        typer.Option(
            "--print/--no-print",
            help="Put the built-in kits in as ready-to-print PDFs (every language, A4 and "
            "Letter) on the app's Print page.",
        ),
    ] = True,
) -> None:
    """Write the phone app as a static folder: put it on any HTTPS web host (or serve it with
    `trackwright serve`); phones install it from there and then play and score offline."""
    from trackwright.web import prints
    from trackwright.web import site as site_builder

    def printed_kits() -> prints.Made:
        return prints.build(_kit_games(), _site_kits, site_builder.LANGS)

    report = site_builder.build(out, list(map_files or []), kits, printed_kits if printed else None)
    typer.echo(
        f"{out}: {report.files} files, {report.size / 1e6:.1f} MB "
        f"(Pyodide {report.pyodide_size / 1e6:.1f} MB), {len(report.maps)} maps; "
        f"the largest file {report.largest[1] / 2**20:.1f} MiB ({report.largest[0]})"
    )
    if report.printed:
        typer.echo(f"{out}: {report.printed}")
    if report.snapshot:
        # Made, kept, or why not: without one the phone's engines start a few seconds slower.
        typer.echo(f"{out}: {report.snapshot}")


def schema(
    kind: Annotated[
        str,
        typer.Argument(help="map (every game's map files), record, or photo-case."),
    ],
    game: Annotated[str | None, typer.Argument(help="With record: which game's records.")] = None,
) -> None:
    """Print a JSON Schema: of map files (every game's part attached) or of a game's records,
    for editors that check JSON as you type."""
    if kind == "map":
        data = games.maps_schema()
    elif kind == "record" and game is not None:
        data = games.get(game, "GAME").record_schema_json()
    elif kind == "photo-case":  # a photo case's details, for trackwright photo check
        data = mapfile.schema("photo-case")
    else:
        raise bad_option("cli.schema.kind", "KIND", games=", ".join(games.names()))
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False))


def export(
    game: Annotated[str, typer.Argument(help="The game: " + ", ".join(games.names()) + ".")],
    record: RecordArg,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write the record to this file (default: print it)."),
    ] = None,
) -> None:
    """Make a game record portable, to score it on another computer: the map file (and a
    Dampfross rules preset file) it names embedded, a built-in map's content hash added. The
    record is scored before and after: the exported one must score the same."""
    g = games.get(game, "GAME")
    original = g.score(g.load_record(record)).to_json()
    portable = g.portable_record(mapfile.read_json(record), record.parent, str(record))
    if g.score_json(portable, str(out or record)) != original:
        raise TrackwrightError.of("export.differs", str(record))
    text = mapfile.dumps(portable)
    if out is None:
        typer.echo(text.decode("utf-8"), nl=False)
    else:
        write_all({out: text})
        typer.echo(f"wrote {out}")


def version() -> None:
    """Print the version."""
    typer.echo(f"trackwright {VERSION}")


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"trackwright {VERSION}")
        raise typer.Exit()


class GameCommands(TyperGroup):
    """A group of commands with one per registered game (``generate transamerica``, ...): a
    game's command module is imported only when that command runs or its help is listed, so that
    ``trackwright --help`` or ``trackwright score lastrada`` loads nothing of the other games' kits
    and drawing libraries."""

    verb = ""

    # Contexts and commands are typer's own click classes (typer vendors click); they are typed
    # loosely here so that this works with either.
    def _game_command(self, name: str) -> Any:
        game = games.games().get(name)
        module = game.cli_module() if game is not None else None
        function = getattr(module, self.verb, None)
        if function is None:
            return None
        single = typer.Typer()
        single.command(name)(function)
        return typer.main.get_command(single)

    def list_commands(self, ctx: Any) -> list[str]:
        own = super().list_commands(ctx)
        return [*(n for n in games.names() if self._game_command(n) is not None), *own]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return super().get_command(ctx, cmd_name) or self._game_command(cmd_name)


def game_group(verb: str) -> type[GameCommands]:
    """The group class whose games' commands are their CLI modules' ``verb`` functions."""
    return type(f"{verb.title()}Commands", (GameCommands,), {"verb": verb})


def build_app() -> typer.Typer:
    """The command, with every registered game's commands."""
    app = typer.Typer(
        name="trackwright",
        help="Print-and-play kits and exact scoring for route-building board games: "
        + ", ".join(g.title for g in games.games().values())
        + ".",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def main_options(
        show_version: Annotated[
            bool,
            typer.Option(
                "--version", callback=version_callback, is_eager=True, help="Print the version."
            ),
        ] = False,
    ) -> None:
        """Print-and-play kits and exact scoring for route-building board games."""

    generate_app = typer.Typer(
        cls=game_group("generate"),
        help="Generate print-and-play kits (PDF and SVG) and map files.",
        no_args_is_help=True,
    )
    generate_app.command("all")(generate_all)
    score_app = typer.Typer(
        cls=game_group("score"),
        help="Score a game from its record, exactly by the rules, with the evidence.",
        no_args_is_help=True,
    )
    analyse_app = typer.Typer(
        cls=game_group("analyse"),
        help="Measure a board: is it fair, does it play like the original?",
        no_args_is_help=True,
    )
    app.add_typer(generate_app, name="generate")
    app.add_typer(score_app, name="score")
    app.add_typer(analyse_app, name="analyse")
    app.command("serve")(serve)
    app.command("site")(site)
    app.command("schema")(schema)
    app.command("export")(export)
    app.add_typer(photo_app(), name="photo")
    app.command("version")(version)
    return app


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; every input error becomes one line and code 2.
    Long work shows its progress on stderr (on a terminal, or with ``TRACKWRIGHT_PROGRESS=1``)."""
    lang = chosen_lang(sys.argv[1:] if argv is None else argv)
    said_in = LANGUAGE.set(lang)
    sink = None
    if sys.stderr.isatty() or os.environ.get("TRACKWRIGHT_PROGRESS") == "1":
        sink = StderrProgress(sys.stderr)
    try:
        if sink is None:
            return _run(argv, lang)
        with progress.reporting(sink, lang):
            return _run(argv, lang)
    finally:
        LANGUAGE.reset(said_in)
        if sink is not None:
            sink.close()


def _run(argv: list[str] | None, lang: str = "en") -> int:
    """Run the command; input errors as one line in ``lang``."""
    try:
        result = build_app()(args=argv, prog_name="trackwright", standalone_mode=False)
    except TrackwrightError as exc:
        typer.echo(error_line(exc, lang), err=True)
        return 2
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        typer.echo(messages.say("cli.aborted", lang), err=True)
        return 130
    except typer.TyperException as exc:  # click's usage errors, as vendored by typer
        if type(exc).__name__ == "NoArgsIsHelpError":
            typer.echo(exc.format_message())
            return 0
        ctx = getattr(exc, "ctx", None)
        message = exc.format_message().replace("Value error, ", "")
        command = ctx.command_path if ctx is not None else None
        typer.echo(usage_line(message, command, lang), err=True)
        return getattr(exc, "exit_code", 2)
    return result if isinstance(result, int) else 0


#: The signs the reports print that a Windows code page (cp1252, cp437) lacks, in ASCII there:
#: one character each, so that the tables keep their columns (a die's face as its number).
ASCII_SIGNS = {"→": ">", "█": "#", "–": "-", **{chr(0x2680 + n): str(n + 1) for n in range(6)}}


def _ascii_signs(exc: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``trackwright-ascii``: a sign the output's code page lacks as
    ASCII (ASCII_SIGNS), any other as "?"."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return "".join(ASCII_SIGNS.get(c, "?") for c in bad), exc.end


def main() -> None:
    # A console or a file in a code page (Windows' cp1252 or cp437, output redirected) cannot
    # hold every sign a report prints (arrows, dice, bars): such a sign prints in ASCII instead
    # of ending the command with a UnicodeEncodeError. (rich draws its tables in ASCII there.)
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.errors == "strict":
        codecs.register_error("trackwright-ascii", _ascii_signs)
        sys.stdout.reconfigure(errors="trackwright-ascii")
    sys.exit(run())


if __name__ == "__main__":
    main()
