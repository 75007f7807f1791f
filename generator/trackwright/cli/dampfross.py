"""The Dampfross commands: ``generate dampfross``, ``score dampfross``, and its part of
``generate all``."""

from __future__ import annotations

import json
import time
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
    new_seed,
    parse_formats,
    report,
)
from trackwright.core import dampfross as model
from trackwright.core.output import write_all
from trackwright.kits.dampfross import kit, random_map
from trackwright.scorer import dampfross as df
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
        raise typer.BadParameter(
            f"{players}: Dampfross is for {low} to {high} players", param_hint="'--players'"
        )
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
        typer.echo(f"random map, seed {seed} (the same seed and options give the same map)")
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
    report(write_all(files), started)


def _cheapest_json(
    game: df.GameRecord, state: df.State, cheapest: tuple[str, str], roll: int | None
) -> dict[str, Any]:
    """``--cheapest PLAYER TOWN``: the cheapest line from the player's network to the town."""
    m = game.map
    player, town = cheapest
    if player not in game.players:
        raise typer.BadParameter(
            f"{player!r} is not a player of this game", param_hint="'--cheapest'"
        )
    key: str | int = int(town) if town.isdigit() else town
    if (isinstance(key, int) and key not in m.town_by_number) or (
        isinstance(key, str) and key not in m.town_by_name
    ):
        raise typer.BadParameter(f"{town!r} is not a town of this map", param_hint="'--cheapest'")
    plan = df.cheapest_build(game, state, player, key, roll)
    return {
        "player": player,
        "town": town,
        "path": [list(h) for h in plan.path],
        "cost": plan.cost,
        "payments": plan.payments,
        "reach": [list(h) for h in plan.reach] if plan.reach else None,
    }


def _race_json(game: df.GameRecord, state: df.State, race: tuple[int, int]) -> dict[str, Any]:
    """``--race FROM TO``: each player's fastest race route between the towns, and its fares."""
    for number in race:
        if number not in game.map.town_by_number:
            raise typer.BadParameter(f"{number} is not a town number", param_hint="'--race'")
    routes: dict[str, Any] = {}
    for player in game.players:
        r = df.race_route(game, state, player, *race)
        routes[player] = (
            None
            if r is None
            else {"route": [list(h) for h in r.route], "pips": r.pips, "fares": r.fares}
        )
    return {"from": race[0], "to": race[1], "routes": routes}


def _print_extras(data: dict[str, Any], roll: int | None) -> None:
    """The cheapest line and the race routes asked for, as lines of text."""
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


def score(
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
    print_dampfross(result)
    _print_extras(data, roll)


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
