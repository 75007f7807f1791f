"""Dampfross (L'Épopée du Rail, Railway Rivals): build lines with the die, then race on them.

The page's questions (``Game.questions``; the page only shows the answers, the engine decides):

- ``table``: after each recorded event, who builds next and what pays for it, each player's
  winnings and network, where the next race starts, and the ledger event by event with each
  payment's kind and the towns it is about (names; a hex entered or built beside also by the
  label printed on the board, "F7"); each build's paths and each player's start as [q, r], read
  by the engine (a record may name hexes by label or town: the page draws from these).
- ``line``: a build's line after a tap on a hex (``scorer.dampfross.tap_line``), each part in
  words (its steps, towns, the printed label of its end and the town nearest it).
- ``destinations``: with a roll (or the winnings or account that pay a build), the lines a tap
  on one town draws (``cheapest_builds``, cut to that budget), each with the towns that draw it,
  the cheapest first: the page offers a town of a line as a button when none of its towns is in
  view.
- ``preview``: a build's cost, payments, budget left and the balances after, before it counts.
- ``race``: each player's fastest legal route between two town numbers, with its fares.
- ``route``: an entrant's race route edited by a tap.
- ``board``: the printed board of the record's map as a plan the page draws (a map of the
  phone's own, with no board built for it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from trackwright.core import boardplan, mapfile
from trackwright.core import dampfross as model
from trackwright.core.boardplan import dampfross as df_plan
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex
from trackwright.edit import dampfross as editing
from trackwright.games import Game
from trackwright.scorer import dampfross as engine

_GAMES: dict[str, tuple[engine.GameRecord, engine.Result]] = {}
_KEEP = 4


def _scored(data: Any, where: str) -> tuple[engine.GameRecord, engine.Result]:
    """The record (what counts of it: no ``x-`` keys) read and replayed; the last few kept, as
    a page asks several questions about one record."""
    if not isinstance(data, dict):
        raise TrackwrightError.of("ask.record.object", where)
    counted = {k: v for k, v in data.items() if not str(k).startswith("x-")}
    key = json.dumps(counted, sort_keys=True, ensure_ascii=False)
    if key in _GAMES:
        _GAMES[key] = _GAMES.pop(key)
        return _GAMES[key]
    record = engine.record_from_json(counted, where)
    found = (record, engine.score(record))
    _GAMES[key] = found
    while len(_GAMES) > _KEEP:
        _GAMES.pop(next(iter(_GAMES)))
    return found


def _args(args: Any, where: str) -> dict[str, Any]:
    if not isinstance(args, dict):
        raise TrackwrightError.of("ask.args.object", where)
    return args


def _hex(raw: Any, where: str) -> Hex:
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        raise TrackwrightError.of("ask.hex", where, value=str(raw)[:40])
    return (raw[0], raw[1])


def _line(raw: Any, where: str) -> engine.Line:
    if not isinstance(raw, list) or len(raw) > 1000:
        raise TrackwrightError.of("ask.line", where)
    return tuple(_hex(h, where) for h in raw)


def _player(record: engine.GameRecord, raw: Any, where: str) -> str:
    name = record.player_name(str(raw))
    if name not in record.players:
        raise TrackwrightError.of("ask.player", where, value=repr(str(raw)[:40]))
    return name


def _paid_from(raw: Any, where: str) -> str:
    if raw not in ("roll", "winnings", "account"):
        raise TrackwrightError.of("ask.paid-from", where)
    return str(raw)


def _roll(raw: Any, where: str) -> int | None:
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= 6:
        raise TrackwrightError.of("ask.roll", where)
    return raw


def _town_of(m: model.DampfrossMap, h: Hex) -> str:
    """A hex by name: its town's, or the nearest town's."""
    return engine.nearest_town(m, h).name


def _towns_on(m: model.DampfrossMap, hexes: Iterable[Hex]) -> list[str]:
    names: list[str] = []
    for h in hexes:
        town = m.town_by_hex.get(h)
        if town and town.name not in names:
            names.append(town.name)
    return names


def money_words(
    m: model.DampfrossMap, transactions: Iterable[engine.Transaction]
) -> list[dict[str, Any]]:
    """Payments as the page shows them: who pays whom, how much, what for, and the town it is
    about (the town reached; the town nearest a hex entered or a parallel step, with that hex's
    printed label)."""
    out = []
    for t in transactions:
        town = label = None
        if t.kind in ("entry", "parallel", "first") and t.hexes:
            town = _town_of(m, t.hexes[-1])
        if t.kind in ("entry", "parallel") and t.hexes:
            label = engine.hex_text(m, t.hexes[-1])
        out.append(
            {
                "from": t.payer,
                "to": t.payee,
                "amount": t.amount,
                "kind": t.kind,
                "town": town,
                "hex": label,
            }
        )
    return out


def build_words(m: model.DampfrossMap, paths: Iterable[engine.Line]) -> dict[str, Any]:
    """A build's line in words: the towns it passes or reaches (not where it starts), and the town
    nearest its end when that is no town, with the end's printed label."""
    hexes = [h for path in paths for h in path[1:]]
    words: dict[str, Any] = {"towns": _towns_on(m, hexes), "near": None, "near_hex": None}
    if hexes and hexes[-1] not in m.town_by_hex:
        words.update(near=_town_of(m, hexes[-1]), near_hex=engine.hex_text(m, hexes[-1]))
    return words


def _part_words(m: model.DampfrossMap, part: engine.Line) -> dict[str, Any]:
    """One part of a line being drawn, in words: its steps, the towns it passes or reaches (not
    where it starts), the printed label of the hex it ends on, and the town nearest that hex
    when it is no town ("Line of 4 steps to M19, near Worcester")."""
    end = part[-1]
    return {
        "steps": len(part) - 1,
        "towns": _towns_on(m, part[1:]),
        "hex": engine.hex_text(m, end),
        "near": None if end in m.town_by_hex else _town_of(m, end),
    }


def table(data: Any, args: Any, where: str) -> dict[str, Any]:
    """What the page needs after each recorded event (see the module's docstring)."""
    record, result = _scored(data, where)
    m, state = record.map, result.state
    by_event: dict[int, list[engine.Transaction]] = {}
    for t in state.ledger:
        by_event.setdefault(t.event, []).append(t)
    events = []
    for event, done in zip(record.events, result.events, strict=True):
        entry: dict[str, Any] = {
            "event": done.number,
            "type": done.kind,
            "money": money_words(m, by_event.get(done.number, [])),
            "balances": done.balances,
        }
        if isinstance(event, engine.Build):
            entry.update(
                player=event.player,
                partner=event.partner,
                roll=event.roll,
                paid_from=event.paid_from,
                cost=done.summary["cost"],
                budget=done.summary["budget"],
                paths=[[list(h) for h in path] for path in event.paths],
                **build_words(m, event.paths),
            )
        elif isinstance(event, engine.Pass):
            entry.update(player=event.player, roll=event.roll)
        else:
            entry.update(
                {
                    "from_town": done.summary["from_town"],
                    "to_town": done.summary["to_town"],
                    "order": done.summary["order"],
                }
            )
        events.append(entry)
    return {
        "next": engine.next_turn(record, state),
        "pays": engine.paying(record, state),
        "winnings": dict(state.winnings),
        "race_from": engine.race_start(record, state),
        "networks": {p: sorted([list(h) for h in hexes]) for p, hexes in state.network.items()},
        "starts": {p: list(h) for p, h in record.starts.items()},
        "events": events,
    }


def line(data: Any, args: Any, where: str) -> dict[str, Any]:
    """``{player, paid_from, roll, parts, tap}``: the build's parts after the tap, the town the
    last part was drawn to, whether the tapped hex was on the network already, whether the
    engine drew it (``scorer.dampfross.tap_line``), and each part of more than one hex in words
    (``words``: steps, towns, the end's printed label, the town nearest it)."""
    a = _args(args, where)
    record, result = _scored(data, where)
    raw_parts = a.get("parts") or []
    if not isinstance(raw_parts, list) or len(raw_parts) > 100:
        raise TrackwrightError.of("ask.parts", where)
    edit = engine.tap_line(
        record,
        result.state,
        _player(record, a.get("player"), where),
        [_line(p, where) for p in raw_parts],
        _hex(a.get("tap"), where),
        _paid_from(a.get("paid_from", "roll"), where),
        _roll(a.get("roll"), where),
        where,
    )
    return {
        "parts": [[list(h) for h in p] for p in edit.parts],
        "town": edit.town,
        "reached": edit.reached,
        "drawn": edit.drawn,
        "words": [_part_words(record.map, p) for p in edit.parts if len(p) > 1],
    }


def destinations(data: Any, args: Any, where: str) -> dict[str, Any]:
    """``{player, roll, paid_from}``: the lines a tap on one town draws from the player's network
    with that roll, or paid from winnings or the account with the money that pays (nothing drawn
    yet), each once, with the towns whose tap draws it (name, hex, die points of the town's
    whole line), the nearest first; the lines in the order of their nearest town. A tap on any
    of a line's towns draws that line: ``tap_line`` on an empty draft draws the cheapest line cut
    to the budget, which is ``cheapest_builds``' ``reach`` (money-aware when paid with money:
    payments to rivals spend it too)."""
    a = _args(args, where)
    record, result = _scored(data, where)
    who = _player(record, a.get("player"), where)
    paid_from = _paid_from(a.get("paid_from", "roll"), where)
    roll = _roll(a.get("roll"), where) if paid_from == "roll" else None
    if paid_from == "roll" and roll is None:
        raise TrackwrightError.of("ask.destinations", where)
    lines: dict[engine.Line, list[dict[str, Any]]] = {}
    builds = engine.cheapest_builds(record, result.state, who, roll, paid_from)
    for name, plan in builds.items():
        if plan.reach is None or len(plan.reach) < 2:
            continue
        town = record.map.town_by_name[name]
        lines.setdefault(plan.reach, []).append(
            {"name": name, "hex": list(town.hex), "cost": plan.cost}
        )
    out: list[dict[str, Any]] = []
    for reach, towns in lines.items():
        towns.sort(key=lambda t: (t["cost"], t["name"]))
        out.append({"line": [list(h) for h in reach], "towns": towns})
    out.sort(key=lambda x: (x["towns"][0]["cost"], x["towns"][0]["name"]))
    return {"player": who, "roll": roll, "paid_from": paid_from, "lines": out}


def preview(data: Any, args: Any, where: str) -> dict[str, Any]:
    """``{event}``: a build event before it is recorded: die points, payments to rivals, the budget
    and what is left of it, the money it moves (or would), the balances after, the rules'
    objection (``error``, None when it keeps them), the towns on its line."""
    a = _args(args, where)
    record, result = _scored(data, where)
    raw = a.get("event")
    if not isinstance(raw, dict) or raw.get("type") != "build":
        raise TrackwrightError.of("ask.preview", where)
    mapfile.validate_for(
        {**{k: v for k, v in data.items() if not str(k).startswith("x-")}, "events": [raw]},
        model.GAME,
        model.TITLE,
        where,
        record=True,
    )
    event = record.event(raw, where)
    assert isinstance(event, engine.Build)
    p = engine.preview_build(record, result.state, event)
    return {
        "cost": p.cost,
        "payments": p.payments,
        "budget": p.budget,
        "left": p.left,
        "money": money_words(record.map, p.money),
        "balances": p.balances,
        "error": p.error,
        **build_words(record.map, event.paths),
    }


def _priced(route: Any, pips: int, fares: list[tuple[str, int]]) -> dict[str, Any]:
    """A race route as the page shows it: its hexes, length, die pips and fares."""
    return {
        "route": [list(h) for h in route],
        "hexes": len(route) - 1,
        "pips": pips,
        "fares": [{"to": k, "amount": v} for k, v in fares],
    }


def race(data: Any, args: Any, where: str) -> dict[str, Any]:
    """``{from, to}`` (town numbers): whether a race may run between them now (the rules'
    objection is an error), and each player's fastest legal route with its die pips and fares
    (None for a player with no route using their own line); with ``routes`` ({player: route}),
    those routes checked and priced instead."""
    a = _args(args, where)
    record, result = _scored(data, where)
    first, to = a.get("from"), a.get("to")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (first, to)):
        raise TrackwrightError.of("ask.race", where)
    assert isinstance(first, int) and isinstance(to, int)
    start, end, _rolled = engine.race_towns(record, result.state, first, to, where)
    routes: dict[str, Any] = {}
    given = a.get("routes")
    if given is not None:
        # The routes as entered: each checked and priced (its error instead, when it breaks a
        # rule), no proposal.
        if not isinstance(given, dict):
            raise TrackwrightError.of("ask.routes", where)
        for raw, hexes in given.items():
            player = _player(record, raw, where)
            entered = _line(hexes, where)
            try:
                fares = engine.route_fares(
                    record, result.state, (player,), entered, start, end, where
                )
            except TrackwrightError as exc:
                routes[player] = {"route": [list(h) for h in entered], "error": exc.message}
                continue
            routes[player] = _priced(
                entered, engine.route_pips(record, entered), list(fares.items())
            )
    else:
        for player in record.players:
            r = engine.race_route(record, result.state, player, first, to)
            routes[player] = (
                None if r is None else _priced(r.route, r.pips, sorted(r.fares.items()))
            )
    return {
        "from": first,
        "to": to,
        "from_town": record.map.town_by_number[first].name,
        "to_town": record.map.town_by_number[to].name,
        "routes": routes,
    }


def board(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """The printed board of the record's map as a plan the page draws (a map added on the
    phone, with no board built for it): :mod:`trackwright.core.boardplan.dampfross`."""
    return df_plan.board_plan(boardplan.map_of(model.GAME, data, where, model.from_json))


def route(data: Any, args: Any, where: str) -> dict[str, Any]:
    """``{from, route, tap}``: an entrant's race route after a tap (``tap_route``)."""
    a = _args(args, where)
    record, _result = _scored(data, where)
    first = a.get("from")
    if first not in record.map.town_by_number:
        raise TrackwrightError.of("ask.town-number", where, value=str(first)[:10])
    assert isinstance(first, int)
    start = record.map.town_by_number[first].hex
    edited = engine.tap_route(
        _line(a.get("route") or [], where), start, _hex(a.get("tap"), where), where
    )
    return {"route": [list(h) for h in edited]}


GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Random or regional hex maps, hex sheets, ledgers; builds, races and accounts scored.",
    players=(3, 8),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=lambda: mapfile.builtin_map_names("dampfross"),
    record_schema="dampfross-record",
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.score,
    presets=model.PRESETS,
    cli="trackwright.cli.dampfross",
    board="trackwright.kits.dampfross.board:board_view",
    page="dampfross.js",
    editor="dampfross-editor.js",
    questions={
        "table": table,
        "line": line,
        "destinations": destinations,
        "preview": preview,
        "race": race,
        "route": route,
        "board": board,
        "map_check": editing.map_check,
        "map_start": editing.map_start,
        "map_fill": editing.map_fill,
    },
    order=2,
)
