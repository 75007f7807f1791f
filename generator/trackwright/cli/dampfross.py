"""The Dampfross commands: ``generate dampfross``, ``score dampfross``, and its part of
``generate all``."""

from __future__ import annotations

import json
import time
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer

from trackwright.cli.common import (
    DEFAULT_OUT,
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
    parse_formats,
    report,
)
from trackwright.core import dampfross as model
from trackwright.core.output import write_all
from trackwright.kits.dampfross import kit, random_map
from trackwright.kits.dampfross.strings import t
from trackwright.scorer import dampfross as df
from trackwright.views.dampfross.answers import answer_lines
from trackwright.views.dampfross.report import print_dampfross


def generate(
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
    rules: RulesOpt = None,
    ink_saver: InkSaverOpt = False,
    poster_size: PosterSizeOpt = PosterSize.fit,
) -> None:
    """A Dampfross kit: the map (poster and tiled), blank hex sheets, ledger, race record, rules
    summary and map.json; a random map from a seed unless --map names a preset or a file."""

    started = time.perf_counter()
    fmt = parse_formats(formats)
    preset = model.rules(rules)
    low, high = preset.players
    if not low <= players <= high:
        raise bad_option("df.cli.players", "'--players'", players=players, low=low, high=high)
    if map_ref is not None:
        m = model.load(map_ref)
        folder = Path(map_ref).stem if map_ref.endswith(".json") else map_ref
    else:
        if seed is None:
            seed = new_seed()
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
        typer.echo(t("cli_random_seed", lang.value, seed=seed))
    opts = kit.KitOptions(
        paper=paper.value,
        lang=lang.value,
        formats=fmt,
        players=players,
        rules=preset,
        ink_saver=ink_saver,
        poster_size=poster_size.value,
    )
    files = kit.kit_files(m, opts, out or DEFAULT_OUT / "dampfross" / folder)
    report(write_all(files), started, lang.value)


def random_map_json(cols: int, rows: int, seed: int, lang: str) -> dict[str, Any]:
    """A random map of ``cols`` x ``rows`` hexes as ``generate --seed --width --height`` makes
    it, as its map file's JSON: the map editor's "random" start on ``trackwright serve``."""
    params = random_map.RandomParams(width=cols, height=rows, lang=lang)
    return random_map.generate(seed, params).to_json()


def _town(m: model.DampfrossMap, text: str) -> model.Town | None:
    """A town by number or name (any case), or None."""
    if text.strip().isdigit():
        return m.town_by_number.get(int(text))
    folded = text.strip().casefold()
    return next((t for t in m.towns if t.name.casefold() == folded), None)


def _cheapest_json(
    game: df.GameRecord, state: df.State, cheapest: tuple[str, str], roll: int | None
) -> dict[str, Any]:
    """``--cheapest PLAYER PLACE``: the cheapest line from the player's network to a town (name
    or number) or a hex (its printed label, "F7")."""
    m = game.map
    who, where = cheapest
    player = game.player_name(who)
    if player not in game.players:
        raise bad_option("df.cli.not-player", "'--cheapest'", who=repr(who))
    town = _town(m, where)
    target = town.hex if town is not None else m.hex_of_label(where)
    if target is None:
        raise bad_option("df.cli.place", "'--cheapest'", where=repr(where))
    plan = df.cheapest_line(game, state, player, target, roll)
    return {
        "player": player,
        "town": town.name if town is not None else None,
        "hex": m.label(target),
        "path": [list(h) for h in plan.path],
        "route": [df.hex_text(m, h) for h in plan.path],
        "cost": plan.cost,
        "payments": plan.payments,
        "reach": [list(h) for h in plan.reach] if plan.reach else None,
    }


def _race_numbers(m: model.DampfrossMap, race: tuple[str, str]) -> tuple[int, int]:
    """``--race FROM TO``: each a town's number or name (a town of two numbers: its first)."""
    numbers = []
    for text in race:
        town = _town(m, text)
        if town is None:
            raise bad_option("df.cli.town", "'--race'", text=repr(text))
        numbers.append(int(text) if text.strip().isdigit() else town.numbers[0])
    return numbers[0], numbers[1]


def _race_json(game: df.GameRecord, state: df.State, race: tuple[str, str]) -> dict[str, Any]:
    """``--race FROM TO``: each player's fastest race route between the towns, and its fares."""
    m = game.map
    first, to = _race_numbers(m, race)
    routes: dict[str, Any] = {}
    for player in game.players:
        r = df.race_route(game, state, player, first, to)
        routes[player] = (
            None
            if r is None
            else {
                "route": [list(h) for h in r.route],
                "labels": [df.hex_text(m, h) for h in r.route],
                "pips": r.pips,
                "fares": r.fares,
            }
        )
    return {
        "from": first,
        "to": to,
        "from_town": m.town_by_number[first].name,
        "to_town": m.town_by_number[to].name,
        "routes": routes,
    }


def score(
    record: RecordArg,
    as_json: JsonOpt = False,
    cheapest: Annotated[
        tuple[str, str] | None,
        typer.Option(
            help="PLAYER PLACE: the cheapest line from the player's network to a town (name or "
            "number) or a hex (as printed on the board, e.g. F7), after the record's events.",
        ),
    ] = None,
    roll: Annotated[
        int | None, typer.Option(help="With --cheapest: how far this roll gets.")
    ] = None,
    race: Annotated[
        tuple[str, str] | None,
        typer.Option(
            help="FROM TO (town numbers or names): each player's fastest race route and fares."
        ),
    ] = None,
    ledger: Annotated[
        bool,
        typer.Option(
            "--ledger", help="With --cheapest or --race: the whole ledger too, after the answer."
        ),
    ] = False,
    lang: LangOpt = Lang.en,
) -> None:
    """The accounts of a Dampfross game: every build and race, payments with their reasons,
    balances, phase and winner; with --cheapest or --race, the answer alone (the ledger when
    --ledger asks for it)."""

    game = df.load_record(record)
    result = df.score(game)
    data = result.to_json()
    if cheapest is not None:
        data["cheapest"] = _cheapest_json(game, result.state, cheapest, roll)
    if race is not None:
        data["race"] = _race_json(game, result.state, race)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    page = page_strings(lang.value)
    answers = answer_lines(game.map, data, roll, lang.value, page)
    for text in answers:
        typer.echo(text)
    if ledger or not answers:
        if answers:
            typer.echo("")
        print_dampfross(result, page, lang.value)


def page_strings(lang: str) -> dict[str, str]:
    """The phone app's Dampfross texts in the language (static/games/dampfross.strings.json):
    the ledger's events and payments, said by the same codes as on the phone."""
    found = resources.files("trackwright.web") / "static" / "games" / "dampfross.strings.json"
    table: dict[str, str] = json.loads(found.read_text("utf-8"))[lang]
    return table


def generate_all(out: Path, paper: str, lang: str, formats: tuple[str, ...]) -> dict[Path, bytes]:
    """``generate all``: a random map (seed 1) and the England, USA (East Coast) and France
    presets."""
    opts = kit.KitOptions(paper=paper, lang=lang, formats=formats)
    files = kit.kit_files(
        random_map.generate(1, random_map.RandomParams(lang=lang)),
        opts,
        out / "dampfross" / "random-1",
    )
    for preset in ("england", "usa-east", "france"):
        files.update(kit.kit_files(model.load(preset), opts, out / "dampfross" / preset))
    return files
