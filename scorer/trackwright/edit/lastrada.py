"""The La Strada map editor's engine side: every problem of a draft layout at its place (the
land pieces as the rules lay them, the settlement tiles on the marked hexes, the tiles' kinds
counted), the measures shown while arranging and a layout to start from.

The rules (lastrada-fr.txt, Préparation): the six land pieces are laid round the centre, the
start piece (one hex longer: it holds the centre) first; the 19 settlement tiles (4 cities, 5
fortified villages, 5 hamlets, 5 farms) go on the hexes marked with a grey dot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from trackwright.core import boardplan, graphs, hexgrid
from trackwright.core import lastrada as model
from trackwright.core.boardplan import lastrada as ls_plan
from trackwright.core.hexgrid import Hex
from trackwright.edit import common
from trackwright.edit.common import Report

KINDS = model.KINDS
TERRAINS = model.ROAD_TERRAINS
POSITIONS = range(6)


@dataclass
class DraftSettlement:
    index: int
    id: str
    hex: Hex | None
    kind: str


@dataclass
class Draft:
    terrain: dict[Hex, str] = field(default_factory=dict)
    twice: list[tuple[int, Hex]] = field(default_factory=list)
    settlements: list[DraftSettlement] = field(default_factory=list)
    pieces: list[tuple[int, str, int | None, bool]] = field(default_factory=list)
    piece_hexes: dict[str, list[list[int]]] = field(default_factory=dict)
    piece_of: dict[Hex, str] = field(default_factory=dict)
    has_pieces: bool = False


def read(data: Any) -> Draft:
    d = Draft()
    for i, raw in common.items(data, "hexes"):
        if isinstance(raw, Mapping):
            h = common.pair([raw.get("q"), raw.get("r")])
            if h is not None and raw.get("terrain") in TERRAINS:
                if h in d.terrain:
                    d.twice.append((i, h))
                else:
                    d.terrain[h] = raw["terrain"]
                    if isinstance(raw.get("piece"), str):
                        d.piece_hexes.setdefault(raw["piece"], []).append(list(h))
                        d.piece_of[h] = raw["piece"]
    for i, raw in common.items(data, "settlements"):
        if isinstance(raw, Mapping):
            sid, kind = raw.get("id"), raw.get("kind")
            d.settlements.append(
                DraftSettlement(
                    i,
                    sid if isinstance(sid, str) else "",
                    common.pair(raw.get("hex")),
                    kind if isinstance(kind, str) else "",
                )
            )
    d.has_pieces = isinstance(data, Mapping) and isinstance(data.get("pieces"), list)
    for i, raw in common.items(data, "pieces"):
        if isinstance(raw, Mapping) and isinstance(raw.get("id"), str):
            d.pieces.append(
                (i, raw["id"], common.integer(raw.get("position")), raw.get("start") is True)
            )
    return d


def settlement_place(s: DraftSettlement) -> dict[str, Any]:
    place: dict[str, Any] = {"settlements": [s.id]} if s.id else {}
    if s.hex is not None:
        place["hexes"] = [list(s.hex)]
    return place


def placer(data: Any) -> common.Placer:
    d = read(data)
    settlements = {s.index: s for s in d.settlements}
    hexes = dict(d.twice)

    def place(collection: str, index: int) -> dict[str, Any]:
        if collection == "settlements" and index in settlements:
            return settlement_place(settlements[index])
        if collection == "hexes" and index in hexes:
            return {"hexes": [list(hexes[index])]}
        return {}

    return place


# ------------------------------------------------------------------ the checks


def kind_name(kind: str, lang: str, count: int) -> str:
    key = f"ls.kind.{kind}"
    return common.t(key, lang, count=count) if f"{key}.one" in common.texts() else kind


def check_settlements(d: Draft, r: Report) -> None:
    ids: set[str] = set()
    on_hex: dict[Hex, str] = {}
    for s in d.settlements:
        path, place = f"$.settlements[{s.index}]", settlement_place(s)
        if s.id in ids:
            r.add("ls.settlement.id_twice", path + ".id", place, id=s.id)
        ids.add(s.id)
        if s.kind not in KINDS:
            r.add("ls.settlement.kind", path + ".kind", place, id=s.id)
        if s.hex is None:
            continue
        if s.hex not in d.terrain:
            r.add("ls.settlement.off_board", path + ".hex", place, id=s.id)
        elif s.hex in on_hex:
            r.add("ls.settlement.shared", path + ".hex", place, id=s.id, other=on_hex[s.hex])
        else:
            on_hex[s.hex] = s.id


def check_kinds(d: Draft, r: Report) -> None:
    """The settlement tiles' kinds, counted against the game's 19 tiles."""
    counts = Counter(s.kind for s in d.settlements)
    for kind in KINDS:
        need = model.TILE_SET[kind]
        if counts[kind] != need:
            mine = [s for s in d.settlements if s.kind == kind]
            place = {
                "settlements": [s.id for s in mine if s.id],
                "hexes": [list(s.hex) for s in mine if s.hex is not None],
            }
            r.add(
                "ls.settlement.count",
                "$.settlements",
                place,
                count=counts[kind],
                need=need,
                kind=kind_name(kind, r.lang, counts[kind]),
            )


def check_board(d: Draft, r: Report) -> None:
    for i, h in d.twice:
        r.add("ls.hex.twice", f"$.hexes[{i}]", {"hexes": [list(h)]})
    groups = hexgrid.components(d.terrain)
    if len(groups) > 1:
        main = max(groups, key=len)
        stray = sorted(h for g in groups if g is not main for h in g)
        r.add("ls.board.split", "$.hexes", {"hexes": [list(h) for h in stray]}, count=len(stray))


@cache
def piece_layout(piece: str, position: int) -> tuple[tuple[Hex, str, bool], ...]:
    """A land piece's hexes laid at ``position``: (hex, terrain, marked for a settlement)."""
    data = model.pieces_data()
    cells = model.piece_cells(data["pieces"][piece], position)
    out = [(h, model.LETTERS[ch], ch == "S") for h, ch in cells]
    if piece == data["start_piece"]:
        centre = data["centre"]
        out.insert(0, ((0, 0), model.LETTERS[centre], centre == "S"))
    return tuple(out)


def check_pieces(d: Draft, r: Report) -> dict[Hex, tuple[str, bool]] | None:
    """The six land pieces, each once at a position of its own, the start piece marked; the
    layout they make (hex -> terrain, marked), or None when they make none (a piece left out or
    misplaced: its hexes are not judged then)."""
    if not d.has_pieces:
        return None
    data = model.pieces_data()
    known, start = set(data["pieces"]), data["start_piece"]
    seen: dict[str, int] = {}
    taken: dict[int, str] = {}
    for i, pid, position, is_start in d.pieces:
        path, place = f"$.pieces[{i}]", {"hexes": d.piece_hexes.get(pid, [])}
        if pid not in known:
            r.add("ls.piece.unknown", path + ".id", place, piece=pid)
        elif pid in seen:
            r.add("ls.piece.twice", path, place, piece=pid)
        elif position is None or position not in POSITIONS or position in taken:
            r.add("ls.piece.position", path + ".position", place, piece=pid)
        elif is_start != (pid == start):
            r.add("ls.piece.start", path + ".start", place, piece=pid, start=start)
        else:
            seen[pid], taken[position] = i, pid
    missing = sorted(known - {p for _i, p, _pos, _s in d.pieces})
    if missing:
        r.add("ls.piece.missing", "$.pieces", pieces=common.names(missing), count=len(missing))
    if missing or len(taken) != len(d.pieces):
        return None
    layout: dict[Hex, tuple[str, bool]] = {}
    for position, pid in taken.items():
        for h, terrain, marked in piece_layout(pid, position):
            layout[h] = (terrain, marked)
    return layout


def check_layout(d: Draft, r: Report, layout: dict[Hex, tuple[str, bool]]) -> None:
    """The hexes are the pieces' as laid, and the settlements on marked hexes."""
    wrong = [h for h, t in d.terrain.items() if h in layout and layout[h][0] != t]
    off = [h for h in d.terrain if h not in layout] + [h for h in layout if h not in d.terrain]
    if wrong or off:
        bad = sorted(wrong + off)
        r.add("ls.piece.hexes", "$.hexes", {"hexes": [list(h) for h in bad]}, count=len(bad))
    for s in d.settlements:
        if s.hex in d.terrain and s.hex in layout and not layout[s.hex][1]:
            r.add(
                "ls.settlement.off_spot",
                f"$.settlements[{s.index}].hex",
                settlement_place(s),
                id=s.id,
            )


def problems(data: Any, lang: str) -> Report:
    d = read(data)
    report = Report(lang)
    check_board(d, report)
    check_settlements(d, report)
    check_kinds(d, report)
    layout = check_pieces(d, report)
    if layout:
        check_layout(d, report, layout)
    common.run_loader(model.from_json, data, report, placer(data))
    return report


# ------------------------------------------------------------------ the measures


def nearest_roads(d: Draft, rules: model.LaStradaRules) -> list[dict[str, Any]]:
    """Each settlement's cheapest road (travel days, by the rules' ``cost`` of each tile's
    terrain) to its nearest settlement: over free hexes, through no other settlement."""
    at = {s.hex: s for s in d.settlements if s.hex in d.terrain}

    def steps(h: Hex) -> dict[Hex, int]:
        return {
            n: 0 if n in at else rules.cost(d.terrain[n])
            for n in hexgrid.neighbours(h)
            if n in d.terrain
        }

    ways = {h: ({} if h in at else steps(h)) for h in d.terrain}
    out = []
    for h, s in at.items():
        dist, _paths = graphs.single_source_dijkstra({**ways, h: steps(h)}, h)
        others = [(int(dist[o]), at[o].id) for o in at if o != h and o in dist]
        cost, name = min(others) if others else (None, None)
        out.append({"id": s.id, "hex": list(h), "nearest": name, "days": cost})
    return out


def measures(d: Draft, lang: str) -> dict[str, Any]:
    rules = model.rules()
    roads = nearest_roads(d, rules)
    days = [x["days"] for x in roads if x["days"] is not None]
    counts = Counter(s.kind for s in d.settlements)
    terrain = Counter(d.terrain.values())
    land = sum(terrain.values()) or 1
    share = {t: round(100 * terrain[t] / land) for t in TERRAINS}
    tiles = sum(rules.supply(t) for t in TERRAINS)
    lines = [
        {
            "label": common.t("ls.m.kinds.label", lang),
            "value": ", ".join(f"{counts[k]} {kind_name(k, lang, counts[k])}" for k in KINDS),
            "note": common.t("ls.m.kinds.note", lang),
        },
        {
            "label": common.t("ls.m.terrain.label", lang),
            "value": common.t("ls.m.terrain.value", lang, **share),
            "note": common.t(
                "ls.m.terrain.note",
                lang,
                **{t: round(100 * rules.supply(t) / tiles) for t in TERRAINS},
            ),
        },
    ]
    spread = common.spread(days)
    warnings = Report(lang)
    most = rules.max_days_per_turn
    if spread:
        text = {k: common.number(v, lang) for k, v in spread.items()}
        lines.append(
            {
                "label": common.t("ls.m.road.label", lang),
                "value": common.t("ls.m.road.value", lang, **text),
                "note": common.t("ls.m.road.note", lang, most=most),
            }
        )
    for x in roads:
        if x["days"] is not None and x["days"] > most:
            place = {"settlements": [x["id"]], "hexes": [x["hex"]]}
            warnings.add("ls.warn.far", "", place, id=x["id"], days=x["days"], most=most)
    return {
        "lines": lines,
        "histogram": common.histogram(days) or None,
        "warnings": warnings.to_json(),
        "settlements": roads,
        "kinds": {k: counts[k] for k in KINDS},
        "terrain": share,
    }


# ------------------------------------------------------------------ the questions


def map_check(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """``{"problems", "measures", "finished"}`` of the page's draft (editor-contract.md)."""
    lang = common.lang_of(args)
    draft = common.map_of(data)
    report = problems(draft, lang)
    return {
        "problems": report.to_json(),
        "measures": measures(read(draft), lang),
        "finished": not report.items,
    }


def map_start(data: Any, args: Any, where: str = "record") -> dict[str, Any]:
    """A layout to start from: ``random`` (and any other kind) the board of ``seed``, as the
    kit arranges it (:func:`trackwright.core.lastrada.arrange`: the start piece first, the other
    five shuffled round it, the 19 settlement tiles dealt onto the marked hexes)."""
    a = args if isinstance(args, Mapping) else {}
    seed = common.integer(a.get("seed"))
    return model.arrange(seed if seed is not None else 1).to_json()


OFF = "off"  # a hex of no land piece a settlement is put on: its outline only


def drawn_map(data: Any) -> model.LaStradaMap:
    """The draft as the board plan draws it, read leniently (:func:`read`), without the loader:
    each hex where the draft puts it (a hex given twice: its first row), the pieces' borders,
    each settlement on its hex (one of an unknown kind: its id only; two on one hex: both ids;
    one on no hex of the board: on a hex of terrain ``OFF``, outlined by :func:`map_board`).
    For a layout the loader takes, the very map it builds."""
    d = read(data)
    raw = data if isinstance(data, Mapping) else {}
    name, size = raw.get("name"), raw.get("hex_size")
    hex_size = model.DEFAULT_HEX_SIZE
    if isinstance(size, int | float) and not isinstance(size, bool) and size > 0:
        hex_size = float(size)
    off = {s.hex: OFF for s in d.settlements if s.hex is not None and s.hex not in d.terrain}
    return model.LaStradaMap(
        name=name if isinstance(name, str) else "Custom board",
        version=str(raw.get("version", "1")),
        terrain={**d.terrain, **off},
        settlements=tuple(
            model.Settlement(s.id, s.hex, s.kind) for s in d.settlements if s.hex is not None
        ),
        piece_of=d.piece_of,
        hex_size=hex_size,
    )


def map_board(data: Any, args: Any = None, where: str = "record") -> dict[str, Any]:
    """The board plan of the page's draft (``{"game", "map"}``), drawn by the same function as
    the game page's ``board`` (:func:`trackwright.core.boardplan.lastrada.board_plan`) from
    :func:`drawn_map`: a layout the loader refuses is drawn too, so its problems have a place
    (a settlement off the board on an outlined hex where the draft puts it, the frame grown to
    hold it); for one the loader takes, the answer is ``board``'s."""
    m = drawn_map(common.map_of(data))
    if not m.terrain:
        side = 2 * ls_plan.FRAME  # no hex yet: an empty frame
        ground = {"t": "rect", "c": "ls-ground", "x": 0, "y": 0, "w": side, "h": side}
        places = boardplan.hex_places((), m.hex_size, side / 2, side / 2)
        return boardplan.plan(side, side, places, ls_plan.players(), [ground])
    plan = ls_plan.board_plan(m)
    off = [boardplan.hex_key(h) for h in sorted(m.terrain) if m.terrain[h] == OFF]
    if off:
        items = plan["items"]
        last = max(i for i, item in enumerate(items) if item["t"] in ("rect", "hexes"))
        items.insert(last + 1, {"t": "hexes", "c": "ls-frame", "hexes": off})
    return plan
