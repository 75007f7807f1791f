"""TransAmerica: connect your five cities; the exact missing tracks score each round."""

from __future__ import annotations

import random
import re
from typing import Any

from trackwright.core import boardplan, mapfile
from trackwright.core import transamerica as model
from trackwright.core.boardplan import transamerica as ta_plan
from trackwright.core.errors import TrackwrightError
from trackwright.edit import talattice
from trackwright.edit import transamerica as editing
from trackwright.games import Game
from trackwright.photo import marks
from trackwright.scorer import transamerica as engine


def draft_problems(data: Any, where: str = "record") -> list[dict[str, Any]]:
    """:func:`round_problems` of the round a page is entering (a record's ``x-draft``: its
    ``cities``, ``starts`` and ``track``), as JSON for the page. Track joined to no start
    marker comes with its ``joins``: the fewest empty spaces that would join it to a network
    with a marker (:func:`~trackwright.scorer.transamerica.stray_joins`), which the page offers
    beside lifting it."""
    game = engine.record_from_json(
        {**data, "rounds": []} if isinstance(data, dict) else data, where
    )
    draft = data.get("x-draft") or {}
    cities: dict[str, list[str]] = (
        dict(draft["cities"]) if isinstance(draft.get("cities"), dict) else {}
    )
    starts: dict[str, str] = dict(draft["starts"]) if isinstance(draft.get("starts"), dict) else {}
    track = [e for e in draft.get("track") or [] if isinstance(e, list) and len(e) == 2]
    return [
        p.to_json()
        for p in engine.round_problems(
            game.map, game.players, cities, starts, track, variant=game.variant
        )
    ]


def turn_state(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """The round a page is entering turn by turn (``x-draft.turns``; the last turn may be
    unfinished or empty) checked by the rules of placement (:func:`replay_round`): whose turn it
    is, whether that turn can take another track, and the first rule broken (``problem``, with
    the turn and the track spaces concerned). Hands are taken into account once every player's
    five cards are entered; until then the round ends only when all tracks are placed."""
    game = engine.record_from_json(
        {**data, "rounds": []} if isinstance(data, dict) else data, where
    )
    m, players, variant = game.map, game.players, game.variant
    number = len(data.get("rounds") or []) + 1
    draft = data.get("x-draft") or {}
    raw_turns = [t for t in draft.get("turns") or [] if isinstance(t, dict)]
    turns = tuple(
        engine.Turn(
            str(t.get("player")),
            tuple((str(e[0]), str(e[1])) for e in t.get("track") or [] if len(e) == 2),
            t.get("move"),
        )
        for t in raw_turns
    )
    if turns and not turns[-1].track and turns[-1].move is None:
        turns = turns[:-1]  # the turn just begun
    cities = dict(draft.get("cities") or {})
    starts = {p: n for p, n in (draft.get("starts") or {}).items() if n in m.nodes}
    hands_known = all(len(cities.get(p) or []) == len(engine.REGIONS) for p in players)
    first = players.index(engine.first_player(players, number))
    state: dict[str, Any] = {
        "round": number,
        "first": players[first],
        "turns": len(turns),
        "placed": 0,
        "ended": False,
        "completed_by": [],
        "due": None,
        "can_add": True,
        "problem": None,
    }
    missing = [p for p in players if p not in starts]
    if missing:
        state["problem"] = {
            "code": "start",
            "params": {"player": missing[0]},
            "message": f"player {missing[0]}: no start marker",
            "turn": None,
            "edges": [],
        }
        return state
    rnd = engine.RoundRecord(
        {p: list(cities.get(p) or []) for p in players}, starts, None, turns, None
    )
    try:
        replay = engine.replay_round(
            m, players, rnd, where, engine.ORIGINAL, number, variant, secret_hands=not hands_known
        )
    except TrackwrightError as exc:
        place = exc.where or ""
        turn = place.rsplit(": turn ", 1)[-1].split(" ", 1)[0] if ": turn " in place else ""
        bad = turns[int(turn) - 1] if turn.isdigit() and int(turn) <= len(turns) else None
        state["problem"] = {
            "code": "turn",
            "params": {"turn": turn, "player": bad.player if bad else ""},
            "reason": exc.code,
            "reason_params": exc.params,
            "message": exc.message,
            "turn": int(turn) if turn.isdigit() else None,
            "edges": [list(e) for e in bad.track] if bad else [],
        }
        return state
    state["placed"] = len(replay.track)
    state["ended"] = replay.ended
    state["completed_by"] = list(replay.completed_by)
    if not replay.ended:
        last = turns[-1] if turns else None
        if last is not None and raw_turns and raw_turns[-1].get("track"):
            costs = [m.edge_by_key[engine.edge_key(a, b)].cost for a, b in last.track]
            state["due"] = last.player
            state["can_add"] = 2 not in costs and len(costs) < engine.ORIGINAL.plain_per_turn
            if not state["can_add"]:
                state["due"] = players[(first + len(turns)) % len(players)]
        else:
            state["due"] = players[(first + len(turns)) % len(players)]
    return state


#: A deal's code: what the scoring phone shows (and its QR code carries) so that every phone deals
#: the same hands. Letters and digits only, short enough to read out and type.
DEAL_CODE = re.compile(r"[A-Za-z0-9]{4,24}")


def deal_hands(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The round's hands dealt by the phones (:func:`trackwright.scorer.transamerica.deal`),
    seeded by the deal's code: the scoring phone and each player's own phone, given the record's
    map and players and the same code, deal the same hands, without a network between them."""
    game = engine.record_from_json(
        {**data, "rounds": []} if isinstance(data, dict) else data, where
    )
    code = args.get("code") if isinstance(args, dict) else None
    if not isinstance(code, str) or not DEAL_CODE.fullmatch(code):
        raise TrackwrightError.of("ta.deal.code", "deal: $.code")
    rng = random.Random(f"trackwright/transamerica/deal/{code.upper()}")
    return {"code": code.upper(), "cities": engine.deal(game.map, game.players, rng)}


def _builtin_maps() -> list[str]:
    # The original board first: it is the default everywhere.
    return sorted(mapfile.builtin_map_names("transamerica"), key=lambda n: (n != "usa", n))


def _photo_read(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The page's Photo button: the track spaces a photo of the printed board shows
    (:mod:`trackwright.photo.question`)."""
    # Imported when first asked, not at start: the phone loads the reader only for a photo.
    from trackwright.photo import question

    record = {**data, "rounds": []} if isinstance(data, dict) else data
    m = engine.record_from_json(record, where).map
    return question.photo_read(m, args, "photo")


def _photo_setup(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """The sizes the page draws the photo and the board's picture at, for the reader."""
    from trackwright.photo import question

    return question.photo_setup()


def board(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """The printed board of the record's map as a plan the page draws (a map added on the
    phone, with no board built for it): :mod:`trackwright.core.boardplan.transamerica`. The
    regions' names are the keys of the page's texts (``ta.<kind>.<name>``), which it shows in
    its language; the title box goes where the print puts it."""
    m = boardplan.map_of(model.GAME, data, where, model.from_json)
    names = {
        region: f"ta.{kind}.{name}" for region, (kind, name) in ta_plan.region_words(m).items()
    }
    return ta_plan.board_plan(m, names, marks.cartouche_box(m))


GAME = Game(
    name=model.GAME,
    title=model.TITLE,
    summary="Board (poster and tiled), city cards, markers and rules; exact missing-track scoring.",
    players=(2, 6),
    load_map=model.load,
    map_from_json=model.from_json,
    builtin_maps=_builtin_maps,
    record_schema="transamerica-record",
    load_record=engine.load_record,
    record_from_json=engine.record_from_json,
    score=engine.score,
    presets=model.PRESETS,
    cli="trackwright.cli.transamerica",
    board="trackwright.kits.transamerica.board:board_view",
    page="transamerica.js",
    editor="transamerica-editor.js",
    draft_problems=draft_problems,
    questions={
        "turn_state": turn_state,
        "deal": deal_hands,
        "photo_read": _photo_read,
        "photo_setup": _photo_setup,
        "board": board,
        "map_check": editing.map_check,
        "map_exact": editing.map_exact,
        "map_start": editing.map_start,
        "map_lattice": talattice.map_lattice,
    },
    order=1,
)
