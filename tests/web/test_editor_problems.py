"""Every problem kind of every game's map check shown at its place in Chromium (issue 29, point 5).

For each kind a game's ``map_check`` can give (the editor's own checks in
``scorer/trackwright/edit/<game>.py``, the game's own loader's errors, a warning of the
measures), a map that has exactly that problem (and what must come with it) is imported as a
``map.json`` through the editor's Import button, one browser page per game, and the page is
held to: the problem listed with the engine's message in the page's language, a ring drawn on
the board that covers the board's own drawing of the place the engine named (a hex, a hex side,
an intersection, a track space, a city, a settlement: the board's SVG element, not the engine's
numbers), Export disabled and Save-as-draft giving back the map. A kind the engine gives no
place is listed and not ringed.

The tables are held to the code: a kind the editor's checks can add (read from the modules'
source) or a loader error code of the game (the message catalogue's ``<game>.map.*``) that no
case here makes fails ``test_every_kind_has_a_case``, so a new kind needs its case here.
"""

from __future__ import annotations

import ast
import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.edit.support import check as engine_check
from tests.web.browser import new_browser, open_page
from tests.web.test_dampfross_editor import hx
from tests.web.test_editor import finished_map
from trackwright.core import dampfross as df_model
from trackwright.core import hexgrid
from trackwright.core import lastrada as ls_model
from trackwright.core import transamerica as ta_model
from trackwright.core.errors import TrackwrightError
from trackwright.core.messages import catalogue
from trackwright.edit import dampfross as df_edit

ROOT = Path(__file__).resolve().parents[2]
EDIT = ROOT / "scorer" / "trackwright" / "edit"
MINIMAL_TA = ROOT / "templates" / "transamerica" / "examples" / "minimal-map.json"
SIZES = {"phone": (360, 740), "laptop": (1280, 800)}
GAMES = {"dampfross": "df", "transamerica": "ta", "lastrada": "ls"}
LOADERS = {"dampfross": df_model, "transamerica": ta_model, "lastrada": ls_model}
#: Catalogue entries under a game's ``<prefix>.map.`` that are no error of their own.
NOT_ERRORS = {"ta.map.count.other": "a part of ta.map.count's message (the other regions)"}
#: Loader codes every hex game shares (mapfile.hex_rows).
SHARED_LOADER = {"dampfross": {"map.hex.twice"}, "lastrada": {"map.hex.twice"}}

Edit = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Case:
    game: str
    kind: str
    edit: Edit
    also: frozenset[str] = frozenset()  # the kinds that must come with it
    warning: bool = False  # a warning of the measures (it does not block)
    lang: str = "en"
    size: str = "phone"
    #: Why the page does not show it yet (an xfail, strict, of the Chromium test).
    xfail: str = ""

    @property
    def id(self) -> str:
        extra = "" if (self.lang, self.size) == ("en", "phone") else f"-{self.lang}-{self.size}"
        own = self.kind.startswith(GAMES[self.game] + ".")
        return f"{self.kind if own else GAMES[self.game] + '-' + self.kind}{extra}"


def base(game: str) -> dict[str, Any]:
    """A finished map of the game: Dampfross 10 x 8 with 19 towns (17 big), TransAmerica's
    minimal example on a board of its own, La Strada's layout of seed 1."""
    if game == "dampfross":
        return finished_map()
    if game == "transamerica":
        m = json.loads(MINIMAL_TA.read_text("utf-8"))
        m["board"] = {"width": 400.0, "height": 270.0}  # the whole lattice known: sea drawn
        return m
    return ls_model.arrange(1).to_json()


def made(case: Case) -> dict[str, Any]:
    m = copy.deepcopy(base(case.game))
    case.edit(m)
    m["name"] = case.id.replace(".", "-")
    return m


# ------------------------------------------------------------------ Dampfross


def _town(m: dict[str, Any], name: str) -> dict[str, Any]:
    return next(t for t in m["towns"] if t["name"] == name)


def _terrain(m: dict[str, Any], hexes: list[list[int]], terrain: str) -> None:
    for row in m["hexes"]:
        if [row["q"], row["r"]] in hexes:
            row["terrain"] = terrain


def _offset_row(row: dict[str, Any]) -> tuple[int, int]:
    return hexgrid.axial_to_offset((row["q"], row["r"]))


def df_small(m: dict[str, Any]) -> None:
    """The bottom row taken away, its towns moved up a row (row 6 has none)."""
    m["hexes"] = [h for h in m["hexes"] if _offset_row(h)[1] != 7]
    for t in m["towns"]:
        c, r = hexgrid.axial_to_offset(tuple(t["hex"]))
        if r == 7:
            t["hex"] = hx(c, 6)


def df_large(m: dict[str, Any]) -> None:
    """One column wider than the widest board the kit prints, the top row still sea."""
    (cols, _rows), _tall = df_edit.largest()
    m["hexes"] = [
        {"q": q, "r": r, "terrain": "water" if r == 0 else "plain"}
        for q, r in hexgrid.rectangle(cols + 1, 8)
    ]


def df_too_many(m: dict[str, Any]) -> None:
    m["towns"].append({"name": "Town 20", "hex": hx(0, 6), "numbers": []})


def df_too_many_numbers(m: dict[str, Any]) -> None:
    """Town 18 given one number of Town 6 and one of Town 7, which are no longer big."""
    six, seven = _town(m, "Town 6"), _town(m, "Town 7")
    _town(m, "Town 18")["numbers"] += [six["numbers"].pop(), seven["numbers"].pop()]
    m["x-big"] = [b for b in m["x-big"] if b not in ("Town 6", "Town 7")]


def df_missing(m: dict[str, Any]) -> None:
    _town(m, "Town 6")["numbers"].pop()
    m["x-big"].remove("Town 6")


def df_far(m: dict[str, Any]) -> None:
    """Hills everywhere on land but the towns' hexes: the links cost more than a die."""
    towns = [t["hex"] for t in m["towns"]]
    for row in m["hexes"]:
        if row["terrain"] == "plain" and [row["q"], row["r"]] not in towns:
            row["terrain"] = "hill"


def _set(path: str, value: Any) -> Edit:
    """An edit that sets ``towns[5].name``-like paths (dots and list indexes)."""

    def edit(m: dict[str, Any]) -> None:
        *head, last = path.split(".")
        target: Any = m
        for key in head:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return edit


def _do(*edits: Edit) -> Edit:
    def edit(m: dict[str, Any]) -> None:
        for e in edits:
            e(m)

    return edit


def _town_set(name: str, key: str, value: Callable[[dict[str, Any]], Any]) -> Edit:
    def edit(m: dict[str, Any]) -> None:
        _town(m, name)[key] = value(m)

    return edit


DF = [
    Case("dampfross", "df.hex.twice", lambda m: m["hexes"].append(dict(m["hexes"][25]))),
    Case(
        "dampfross",
        "df.board.empty",
        _do(_set("hexes", []), _set("towns", []), _set("ports", []), _set("x-big", [])),
        also=frozenset({"df.dice.missing"}),
    ),
    Case("dampfross", "df.board.small", df_small),
    Case("dampfross", "df.board.large", df_large),
    Case("dampfross", "df.town.unnamed", _town_set("Town 6", "name", lambda m: "")),
    Case("dampfross", "df.town.name_twice", _town_set("Town 6", "name", lambda m: "Town 7")),
    Case("dampfross", "df.town.off_board", _town_set("Town 6", "hex", lambda m: [40, 40])),
    Case("dampfross", "df.town.on_water", lambda m: _terrain(m, [hx(5, 3)], "water")),
    Case(
        "dampfross",
        "df.town.shared",
        _town_set("Town 6", "hex", lambda m: _town(m, "Town 7")["hex"]),
    ),
    Case("dampfross", "df.town.cut_off", lambda m: _terrain(m, [hx(8, 7), hx(9, 6)], "water")),
    Case("dampfross", "df.town.too_many", df_too_many, also=frozenset({"df.dice.none"})),
    Case("dampfross", "df.dice.bad", _town_set("Town 18", "numbers", lambda m: [25, 99])),
    Case(
        "dampfross",
        "df.dice.none",
        _town_set("Town 18", "numbers", lambda m: []),
        also=frozenset({"df.dice.missing"}),
    ),
    Case("dampfross", "df.dice.too_many", df_too_many_numbers),
    Case(
        "dampfross",
        "df.dice.big_one",
        lambda m: m["x-big"].append("Town 18"),
        also=frozenset({"df.town.too_many"}),  # every number is used: a big town is one more
    ),
    Case("dampfross", "df.dice.twice", _town_set("Town 18", "numbers", lambda m: [25, 52])),
    Case("dampfross", "df.dice.missing", df_missing),
    Case("dampfross", "df.river.off_board", _set("rivers", [[[40, 40], [41, 40]]])),
    Case("dampfross", "df.river.apart", _set("rivers", [[hx(3, 6), hx(6, 6)]])),
    Case("dampfross", "df.river.water", _set("rivers", [[hx(5, 0), hx(5, 1)]])),
    Case(
        "dampfross",
        "df.river.twice",
        _set("rivers", [[hx(3, 6), hx(4, 6)], [hx(4, 6), hx(3, 6)]]),
    ),
    Case("dampfross", "df.port.not_town", lambda m: m["ports"].append("Atlantis")),
    Case("dampfross", "df.port.not_coast", lambda m: m["ports"].append("Town 6")),
    Case("dampfross", "df.port.none", _do(_set("start", "port"), _set("ports", []))),
    Case("dampfross", "df.warn.far", df_far, warning=True),
    # The loader's own errors (the schema's): one inside a town (ringed at it), one of the map.
    Case("dampfross", "schema.unknown", _town_set("Town 6", "colour", lambda m: "red")),
    Case("dampfross", "schema.exclusive-minimum", _set("hex_size", 1)),
    # The same in French, and on a laptop's screen.
    Case(
        "dampfross",
        "df.town.on_water",
        lambda m: _terrain(m, [hx(5, 3)], "water"),
        lang="fr",
    ),
    Case(
        "dampfross",
        "df.river.water",
        _set("rivers", [[hx(5, 0), hx(5, 1)]]),
        size="laptop",
    ),
    Case(
        "dampfross",
        "df.dice.twice",
        _town_set("Town 18", "numbers", lambda m: [25, 52]),
        size="laptop",
    ),
]


# ------------------------------------------------------------------ TransAmerica


def _city(m: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in m["cities"] if c["name"] == name)


def _node(m: dict[str, Any], node: str) -> dict[str, Any]:
    return next(n for n in m["nodes"] if n["id"] == node)


def _unjoin(m: dict[str, Any], node: str) -> None:
    m["edges"] = [e for e in m["edges"] if node not in (e["a"], e["b"])]


def ta_off_lattice(m: dict[str, Any]) -> None:
    """Dunmere's intersection made sea (taken off the map with its track spaces)."""
    m["nodes"] = [n for n in m["nodes"] if n["id"] != "D1"]
    _unjoin(m, "D1")


def ta_crossing(m: dict[str, Any]) -> None:
    """An intersection in the middle of a triangle, joined across one of its sides."""
    a2, a3, b2 = (_node(m, n) for n in ("A2", "A3", "B2"))
    x = (a2["x"] + a3["x"] + b2["x"]) / 3
    y = (a2["y"] + a3["y"] + b2["y"]) / 3
    m["nodes"].append({"id": "Z1", "x": round(x, 2), "y": round(y, 2)})
    m["edges"].append({"a": "Z1", "b": "B3", "cost": 1})


def ta_same_place(m: dict[str, Any]) -> None:
    """A2 moved next to A3 (closer than half a step)."""
    a3 = _node(m, "A3")
    _node(m, "A2")["x"] = a3["x"] - 15


TA = [
    Case("transamerica", "ta.node.twice", lambda m: m["nodes"].append(dict(m["nodes"][20]))),
    Case(
        "transamerica",
        "ta.edge.unknown",
        lambda m: m["edges"].append({"a": "A2", "b": "Z9", "cost": 1}),
    ),
    Case(
        "transamerica",
        "ta.edge.self",
        lambda m: m["edges"].append({"a": "A2", "b": "A2", "cost": 1}),
    ),
    Case("transamerica", "ta.edge.twice", lambda m: m["edges"].append(dict(m["edges"][0]))),
    Case("transamerica", "ta.city.unnamed", lambda m: _city(m, "Dunmere").update(name="")),
    Case(
        "transamerica",
        "ta.city.name_twice",
        lambda m: _city(m, "Dunmere").update(name="Elmstead"),
    ),
    Case(
        "transamerica",
        "ta.city.region",
        lambda m: _city(m, "Dunmere").update(region="purple"),
        also=frozenset({"ta.region.count"}),
    ),
    Case("transamerica", "ta.city.off_lattice", ta_off_lattice),
    Case("transamerica", "ta.city.shared", lambda m: _city(m, "Dunmere").update(node="E1")),
    Case(
        "transamerica",
        "ta.city.cut_off",
        lambda m: _unjoin(m, "D1"),
        also=frozenset({"ta.lattice.split"}),
    ),
    Case("transamerica", "ta.lattice.split", lambda m: _unjoin(m, "D5")),
    Case(
        "transamerica",
        "ta.region.count",
        lambda m: _city(m, "Dunmere").update(region="blue"),
    ),
    Case(
        "transamerica",
        "ta.region.dotted",
        lambda m: _city(m, "Fernhill").update(dotted=False),
    ),
    # The loader's own: the lattice's geometry, a line's kind and cost, the board's edge.
    Case(
        "transamerica",
        "ta.map.edge.long",
        lambda m: m["edges"].append({"a": "A2", "b": "C2", "cost": 1}),
    ),
    Case("transamerica", "ta.map.edge.cross", ta_crossing),
    Case("transamerica", "ta.map.node.same-place", ta_same_place),
    Case(
        "transamerica",
        "ta.map.node.outside",
        _set("board", {"width": 360.0, "height": 260.0}),
    ),
    Case(
        "transamerica",
        "ta.map.edge.double-cost",
        lambda m: m["edges"][5].update(kind="mountain", cost=1),
    ),
    Case(
        "transamerica",
        "ta.map.edge.plain-cost",
        lambda m: m["edges"][5].update(kind="plain", cost=2),
    ),
    Case("transamerica", "schema.unknown", lambda m: _city(m, "Dunmere").update(colour=1)),
    Case(
        "transamerica",
        "ta.city.shared",
        lambda m: _city(m, "Dunmere").update(node="E1"),
        lang="fr",
        size="laptop",
    ),
]


# ------------------------------------------------------------------ La Strada


def _spot(m: dict[str, Any], i: int) -> dict[str, Any]:
    return m["settlements"][i]


def ls_split(m: dict[str, Any]) -> None:
    """No land pieces (a free layout) and a hex apart from the rest."""
    m.pop("pieces")
    m["hexes"].append({"q": 20, "r": 0, "terrain": "plain"})


def ls_off_spot(m: dict[str, Any]) -> None:
    spots = {tuple(s["hex"]) for s in m["settlements"]}
    free = next(h for h in m["hexes"] if (h["q"], h["r"]) not in spots and h.get("piece"))
    _spot(m, 4)["hex"] = [free["q"], free["r"]]


def ls_hexes(m: dict[str, Any]) -> None:
    row = next(h for h in m["hexes"] if h["terrain"] == "forest")
    row["terrain"] = "hill"


def ls_far(m: dict[str, Any]) -> None:
    """Hills everywhere but the settlements, two settlements far apart, no pieces."""
    spots = {tuple(s["hex"]) for s in m["settlements"]}
    for h in m["hexes"]:
        if (h["q"], h["r"]) not in spots:
            h["terrain"] = "hill"
    m.pop("pieces")
    m["settlements"] = [m["settlements"][0], m["settlements"][-1]]


def ls_count(m: dict[str, Any]) -> None:
    next(s for s in m["settlements"] if s["kind"] == "city")["kind"] = "farm"


def ls_kind(m: dict[str, Any]) -> None:
    next(s for s in m["settlements"] if s["kind"] == "city")["kind"] = "castle"


LS = [
    Case("lastrada", "ls.hex.twice", lambda m: m["hexes"].append(dict(m["hexes"][10]))),
    Case("lastrada", "ls.board.split", ls_split),
    Case("lastrada", "ls.settlement.id_twice", lambda m: _spot(m, 1).update(id=_spot(m, 0)["id"])),
    Case("lastrada", "ls.settlement.kind", ls_kind, also=frozenset({"ls.settlement.count"})),
    Case("lastrada", "ls.settlement.off_board", lambda m: _spot(m, 2).update(hex=[30, 30])),
    Case("lastrada", "ls.settlement.shared", lambda m: _spot(m, 1).update(hex=_spot(m, 0)["hex"])),
    Case("lastrada", "ls.settlement.off_spot", ls_off_spot),
    Case("lastrada", "ls.settlement.count", ls_count),
    Case(
        "lastrada",
        "ls.piece.unknown",
        lambda m: m["pieces"][1].update(id="Z"),
        also=frozenset({"ls.piece.missing"}),
    ),
    Case(
        "lastrada",
        "ls.piece.twice",
        lambda m: m["pieces"][2].update(id=m["pieces"][1]["id"]),
        also=frozenset({"ls.piece.missing"}),
    ),
    Case(
        "lastrada",
        "ls.piece.position",
        lambda m: m["pieces"][2].update(position=m["pieces"][1]["position"]),
    ),
    Case("lastrada", "ls.piece.start", lambda m: m["pieces"][0].update(start=False)),
    Case("lastrada", "ls.piece.missing", lambda m: m["pieces"].pop()),
    Case("lastrada", "ls.piece.hexes", ls_hexes),
    Case(
        "lastrada",
        "ls.warn.far",
        ls_far,
        also=frozenset({"ls.settlement.count"}),  # two settlements left
        warning=True,
    ),
    Case("lastrada", "schema.unknown", lambda m: _spot(m, 3).update(colour=1)),
    Case(
        "lastrada",
        "ls.settlement.off_spot",
        ls_off_spot,
        lang="de",
        size="laptop",
    ),
]

CASES = DF + TA + LS


# ------------------------------------------------------------------ the engine's side


def answer(case: Case) -> dict[str, Any]:
    return engine_check(case.game, made(case), lang=case.lang, hands=20)


def loader_code(case: Case) -> str | None:
    """The game's own loader's error on the case's map (the first it finds), or None."""
    try:
        LOADERS[case.game].from_json(made(case))
    except TrackwrightError as exc:
        return exc.code
    return None


def editor_kinds(game: str) -> set[str]:
    """Every kind the editor's checks of ``game`` can add: the first argument of each
    ``<report>.add("<kind>", ...)`` in its module."""
    tree = ast.parse((EDIT / f"{game}.py").read_text("utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "add"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def loader_codes(game: str) -> set[str]:
    """Every error code of the game's own map loader (the catalogue's ``<prefix>.map.*``), and
    those it shares with the other hex games."""
    prefix = GAMES[game] + ".map."
    own = {k for k in catalogue() if k.startswith(prefix) and k not in NOT_ERRORS}
    return own | SHARED_LOADER.get(game, set())


def test_every_kind_has_a_case():
    """The editor's kinds each have a case of their own; each loader error code is either a
    case of its own (a kind the page shows) or made by a case whose editor problem says it."""
    for game in GAMES:
        cases = [c for c in CASES if c.game == game]
        shown = {c.kind for c in cases}
        assert editor_kinds(game) - shown == set(), game
        made_codes = {loader_code(c) for c in cases}
        assert loader_codes(game) - made_codes - shown == set(), game


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_each_case_has_exactly_its_problem(case):
    got = answer(case)
    kinds = {p["kind"] for p in got["problems"]}
    warned = {w["kind"] for w in got["measures"]["warnings"]}
    if case.warning:
        assert kinds == case.also and case.kind in warned
        assert got["finished"] == (not case.also)
    else:
        assert kinds == {case.kind} | case.also, kinds
        assert got["finished"] is False


# ------------------------------------------------------------------ in Chromium

#: The board's own drawing of each place the engine can name, as boxes on the screen (CSS px):
#: ``required`` (each covered by a ring of the problem) and ``optional`` (a town or city by its
#: name when the engine gave its hex or intersection too: a ring may be there). A place not on
#: the board (a hex off it, an unknown intersection) has no box: nothing to ring.
TARGETS = """async ([game, p, map]) => {
  const rect = (b) => ({ x: b.left, y: b.top, w: b.width, h: b.height });
  const span = (pts) => {
    const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs),
             h: Math.max(...ys) - Math.min(...ys) };
  };
  const screen = (el, x, y) => { const m = el.getScreenCTM(); return [x * m.a + m.e, y * m.d + m.f]; };
  const mid = (b) => [b.x + b.w / 2, b.y + b.h / 2];
  const required = [], optional = [];
  const board = document.querySelector('.ed-game');
  if (game === 'dampfross') {
    const poly = ([q, r]) => board.querySelector(`polygon[data-hex="${q},${r}"]`);
    const corners = (el) => el.getAttribute('points').trim().split(/\\s+/).map((s) => s.split(',').map(Number));
    for (const hx of p.hexes || []) { const el = poly(hx); if (el) required.push(rect(el.getBoundingClientRect())); }
    for (const [a, b] of p.sides || []) {
      const ea = poly(a), eb = poly(b);
      if (!ea || !eb) { for (const el of [ea, eb]) if (el) required.push(rect(el.getBoundingClientRect())); continue; }
      const kb = new Set(corners(eb).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`));
      const shared = corners(ea).filter(([x, y]) => kb.has(`${x.toFixed(1)},${y.toFixed(1)}`));
      if (shared.length === 2) required.push(span(shared.map(([x, y]) => screen(ea, x, y))));
      else required.push(rect(ea.getBoundingClientRect()), rect(eb.getBoundingClientRect()));
    }
    const towns = (p.cities || []).flatMap((n) => map.towns.filter((t) => t.name === n));
    for (const t of towns) { const el = Array.isArray(t.hex) && poly(t.hex); if (el) optional.push(rect(el.getBoundingClientRect())); }
    if (!(p.hexes || []).length && towns.length && optional.length) required.push({ any: optional.slice() });
  } else if (game === 'transamerica') {
    const svgs = [...board.querySelectorAll('svg')];
    const circles = svgs.flatMap((s) => [...s.querySelectorAll('circle')]).filter((c) => !c.closest('g.ed-rings'));
    const nearest = ([x, y], least) => {
      let best = null, d0 = Infinity;
      for (const c of circles) {
        const b = c.getBoundingClientRect();
        if (b.width < least) continue;
        const d = Math.hypot(b.left + b.width / 2 - x, b.top + b.height / 2 - y);
        if (d < d0) { d0 = d; best = b; }
      }
      return best && rect(best);
    };
    const texts = [...board.querySelectorAll('.ed-base text')];
    const mark = (id) => {
      const sea = board.querySelector(`circle.ed-sea[data-node="${id}"]`);
      if (sea) return rect(sea.getBoundingClientRect());
      const label = texts.find((t) => t.textContent === id);
      if (!label) return null;
      const b = label.getBoundingClientRect();
      return nearest([b.left + b.width / 2, b.top], 0);  // the id is written under its mark
    };
    for (const id of p.nodes || []) { const m = mark(id); if (m) required.push(m); }
    for (const [a, b] of p.edges || []) {
      const ma = mark(a), mb = mark(b);
      if (ma && mb) required.push(span([mid(ma), mid(mb)]));
    }
    const dot = circles.map((c) => c.getBoundingClientRect().width).filter((w) => w > 0);
    for (const name of p.cities || []) {
      const label = texts.find((t) => t.textContent === name);
      if (!label) continue;
      const b = label.getBoundingClientRect();
      const m = nearest([b.left, b.top + b.height / 2], Math.min(...dot) * 1.5);  // a city's disc, left of its name
      if (m) optional.push(m);
    }
    if (!(p.nodes || []).length && optional.length) required.push({ any: optional.slice() });
  } else {
    const plan = await window.TWEngine.ask('map_board', { game: 'lastrada', map });
    const base = board.querySelector('.ed-base svg');
    const hexes = [];
    for (const path of base.querySelectorAll('path')) {
      for (const sub of (path.getAttribute('d') || '').split('Z')) {
        const pts = [...sub.matchAll(/(-?[\\d.]+),(-?[\\d.]+)/g)].map((m) => [+m[1], +m[2]]);
        if (pts.length !== 6) continue;
        const c = [pts.reduce((s, q) => s + q[0], 0) / 6, pts.reduce((s, q) => s + q[1], 0) / 6];
        hexes.push({ c, box: span(pts.map(([x, y]) => screen(path, x, y))) });
      }
    }
    const drawn = ([q, r]) => {
      const at = plan.layout.centres[`${q},${r}`];
      if (!at) return null;
      let best = null, d0 = Infinity;
      for (const hx of hexes) { const d = Math.hypot(hx.c[0] - at[0], hx.c[1] - at[1]); if (d < d0) { d0 = d; best = hx; } }
      return best && d0 < plan.layout.size * 0.2 ? best.box : null;
    };
    const where = [...(p.hexes || [])];
    for (const id of p.settlements || []) {
      const s = map.settlements.find((x) => x.id === id);
      if (s && Array.isArray(s.hex)) where.push(s.hex);
    }
    for (const hx of where) { const b = drawn(hx); if (b) required.push(b); }
  }
  return { required, optional };
}"""

RINGS = """() => [...document.querySelectorAll('g.ed-rings rect.ed-ring.focus')].map((e) => {
  const b = e.getBoundingClientRect(), s = e.ownerSVGElement.getBoundingClientRect();
  const inside = b.left >= s.left - 2 && b.top >= s.top - 2 && b.right <= s.right + 2 && b.bottom <= s.bottom + 2;
  return { x: b.left, y: b.top, w: b.width, h: b.height, inside }; })"""
#: Kinds whose place the engine names but the board does not hold (a hex off the board, a port
#: that is no town): listed, not ringed.
OFF_BOARD = {
    "df.town.off_board",
    "df.river.off_board",
    "df.port.not_town",
}

TOLERANCE = 1.5  # px
#: The board of a game's editor drawn.
BOARD_DRAWN = {
    "dampfross": ".df-ed-board",
    "transamerica": "#ta-edit-overlay[viewBox]",
    "lastrada": "#ls-edit-overlay[viewBox]",
}


def _covers(ring: dict[str, float], box: dict[str, float]) -> bool:
    """The ring holds the whole box and is centred on it (not a ring of something larger)."""
    t = TOLERANCE
    inside = (
        ring["x"] - t <= box["x"]
        and ring["y"] - t <= box["y"]
        and box["x"] + box["w"] <= ring["x"] + ring["w"] + t
        and box["y"] + box["h"] <= ring["y"] + ring["h"] + t
    )
    dx = ring["x"] + ring["w"] / 2 - (box["x"] + box["w"] / 2)
    dy = ring["y"] + ring["h"] / 2 - (box["y"] + box["h"] / 2)
    return inside and (dx * dx + dy * dy) ** 0.5 <= max(2.0, 0.25 * max(box["w"], box["h"]))


def _held(rings: list[dict[str, float]], target: dict[str, Any]) -> bool:
    boxes = target.get("any", [target])
    return any(_covers(r, b) for r in rings for b in boxes)


@dataclass
class Editor:
    """One browser page on a game's editor, a map imported after another."""

    context: Any
    page: Any
    started: bool = False


@pytest.fixture(scope="module")
def editors(browser):
    opened: dict[tuple[str, str, str], Editor] = {}

    def get(case: Case) -> Editor:
        key = (case.game, case.size, case.lang)
        if key not in opened:
            w, h = SIZES[case.size]
            context = new_browser(
                browser,
                viewport={"width": w, "height": h},
                device_scale_factor=2 if case.size == "phone" else 1,
                has_touch=case.size == "phone",
                accept_downloads=True,
            )
            context.add_init_script(f"localStorage.setItem('tw-lang', '{case.lang}')")
            opened[key] = Editor(context, None)
        return opened[key]

    yield get
    for ed in opened.values():
        assert ed.context.errors == []
        ed.context.close()


def idle(pg) -> None:
    pg.evaluate("async () => { await window.twEditorIdle(); }")


def imported(ed: Editor, base_url: str, case: Case, path: Path) -> None:
    """The map file opened: from the start page the first time, then by the editor's Import."""
    if ed.page is None:
        ed.page = open_page(ed.context, base_url + "#/edit")
    pg = ed.page
    if not ed.started:
        pg.wait_for_selector("#ed-begin")
        pg.select_option("#ed-game", case.game)
        # The start's options are filled once the game's module is loaded (the first game's too,
        # maybe after this one's): "file" chosen until its field stays.
        for _ in range(5):
            pg.wait_for_selector('#ed-start option[value^="kind:"]', state="attached")
            pg.select_option("#ed-start", "file")
            pg.wait_for_timeout(200)
            if pg.locator("#ed-file").count():
                break
        pg.set_input_files("#ed-file", str(path))
        pg.click("#ed-begin")
        ed.started = True
    else:
        before = pg.evaluate("window.TWEditor.current.draftId")
        pg.set_input_files("#ed-import", str(path))
        pg.wait_for_function(
            "id => window.TWEditor.current && window.TWEditor.current.draftId !== id", arg=before
        )
    pg.wait_for_url(f"**#/edit/{case.game}/**")
    idle(pg)
    pg.wait_for_function("() => window.TWEditor.current && window.TWEditor.current.check")
    idle(pg)
    # The board drawn (each module draws it from an answer of the engine's of its own).
    pg.wait_for_selector(BOARD_DRAWN[case.game], state="attached", timeout=10_000)
    if case.game == "dampfross":
        pg.wait_for_function(
            "() => !(window.TWEditor.current.map.hexes || []).length"
            " || document.querySelector('.df-ed-board polygon[data-hex]')"
        )


def listed(pg, case: Case, problems: list[dict[str, Any]]) -> None:
    """Each problem (or warning) of the case's kind in the page's list, in the engine's words;
    tapped, its rings (and only they) cover the board's drawing of its place."""
    cls = "warning" if case.warning else "problem"
    items = pg.eval_on_selector_all(
        f'li.ed-{cls}[data-kind="{case.kind}"]', "els => els.map((e) => e.textContent)"
    )
    assert sorted(items) == sorted(p["message"] for p in problems)
    for p in problems:
        pg.locator(f'li.ed-{cls}[data-kind="{case.kind}"]', has_text=p["message"]).first.click()
        pg.wait_for_timeout(50)
        targets = pg.evaluate(TARGETS, [case.game, p, pg.evaluate("window.TWEditor.current.map")])
        rings = pg.evaluate(RINGS)
        places = [
            k for k in ("hexes", "sides", "cities", "nodes", "edges", "settlements") if p.get(k)
        ]
        if not targets["required"]:
            assert rings == [], (p, "a ring where the board draws nothing the engine named")
            continue
        assert places, p
        for target in targets["required"]:
            assert _held(rings, target), (p, target, rings)
        boxes = targets["required"] + targets["optional"]
        assert all(r["inside"] for r in rings), (p, "a ring off the board's drawing", rings)
        for ring in rings:
            assert any(_held([ring], b) for b in boxes), (p, "a ring at no place named", ring)


IN_CHROMIUM = [
    pytest.param(
        c, id=c.id, marks=pytest.mark.xfail(strict=True, reason=c.xfail) if c.xfail else ()
    )
    for c in CASES
]


@pytest.mark.slow
@pytest.mark.parametrize("case", IN_CHROMIUM)
def test_each_kind_is_listed_and_ringed_at_its_place(editors, static_site, tmp_path, case):
    m = made(case)
    path = tmp_path / "map.json"
    path.write_text(json.dumps(m), "utf-8")
    expected = answer(case)
    ed = editors(case)
    imported(ed, static_site, case, path)
    pg = ed.page
    check = pg.evaluate("window.TWEditor.current.check")
    assert check["problems"] == expected["problems"]
    assert check["measures"]["warnings"] == expected["measures"]["warnings"]
    group = expected["measures"]["warnings"] if case.warning else expected["problems"]
    mine = [p for p in group if p["kind"] == case.kind]
    if case.lang != "en":
        english = engine_check(case.game, m, hands=20)
        assert {p["message"] for p in mine}.isdisjoint(
            p["message"] for p in english["problems"] + english["measures"]["warnings"]
        )
    listed(pg, case, mine)
    assert pg.is_enabled("#ed-export") is expected["finished"]
    with pg.expect_download() as info:
        pg.click("#ed-save-draft")
    saved = tmp_path / "saved.json"
    info.value.save_as(saved)
    assert json.loads(saved.read_text("utf-8")) == m
