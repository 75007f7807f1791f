"""Dampfross for up to 8 players: eight player styles no two alike (colour, shape and dash), a
ledger long enough for a whole game, and race tokens that fit the map's hexes."""

from __future__ import annotations

import io
import json
import math

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT
from trackwright.core import dampfross as model
from trackwright.kits.dampfross import kit
from trackwright.kits.draw.ops import Group, Path, Style, Text
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.draw.symbols import PLAYER_DASH, PLAYER_STYLE, player_styles, symbol

RECORDS = ROOT / "tests" / "records" / "dampfross"
OKABE_ITO = {
    "#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7",
}  # fmt: skip
MM = 72 / 25.4


# ------------------------------------------------------------------ eight player styles


def test_eight_players_each_have_their_own_colour_shape_and_dash():
    assert len(PLAYER_STYLE) == len(PLAYER_DASH) == kit.MAX_PLAYERS == 8
    colours = [c for c, _s in PLAYER_STYLE]
    shapes = [s for _c, s in PLAYER_STYLE]
    assert len(set(colours)) == len(set(shapes)) == len(set(PLAYER_DASH)) == 8
    # The whole Okabe-Ito palette: told apart with the common colour-vision deficiencies.
    assert set(colours) == OKABE_ITO
    # In black and white the shape is the cue: eight different outlines (a circle has none).
    outlines = [tuple(map(tuple, p["outline"] or [])) for p in player_styles()]
    assert len(set(outlines)) == 8
    # TransAmerica's six players keep their styles.
    assert PLAYER_STYLE[:6] == (
        ("#0072b2", "circle"),
        ("#e69f00", "square"),
        ("#009e73", "triangle"),
        ("#cc79a7", "diamond"),
        ("#d55e00", "star"),
        ("#f0e442", "hexagon"),
    )


def test_player_styles_keep_the_shape_the_phone_app_reads():
    styles = player_styles()
    assert len(styles) == 8
    for style, (colour, shape) in zip(styles, PLAYER_STYLE, strict=True):
        assert set(style) == {"colour", "shape", "outline", "dash"}
        assert (style["colour"], style["shape"]) == (colour, shape)
        # One outline per shape: a page that draws it as one polygon draws the whole shape.
        op = symbol(shape, 0, 0, 1, Style())
        assert not isinstance(op, Path) or len(op.subpaths) == 1
    assert styles[7]["dash"] == "1 1 1 1 1 3.5"


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_ledger_columns_of_eight_players_are_all_different(lang):
    page = kit.ledger_pages("a4", lang, 8, towns=32)[0]
    marks = [
        op
        for op in page.ops
        if isinstance(op, Path) and op.style.fill in {c for c, _s in PLAYER_STYLE}
    ]
    circles = [op for op in page.ops if type(op).__name__ == "Circle"]
    fills = [op.style.fill for op in marks] + [op.style.fill for op in circles]
    assert sorted(fills) == sorted(c for c, _s in PLAYER_STYLE)
    numbers = [op.text for op in page.ops if isinstance(op, Text) and op.bold and op.size == 8]
    assert [n for n in numbers if n.isdigit() and len(n) == 1] == [str(k) for k in range(1, 9)]


# ------------------------------------------------------------------ a ledger for a whole game


def recorded_game() -> tuple[int, int, float]:
    """The longest recorded game: (rows it wrote, races run, the leader's gain a race)."""
    expected = json.loads((RECORDS / "example-england.expected.json").read_text("utf-8"))
    record = json.loads((RECORDS / "example-england.json").read_text("utf-8"))
    rows = len({entry["event"] for entry in expected["ledger"]})
    races = [e for e in expected["events"] if e["type"] == "race"]
    first = races[0]["event"]
    before = dict.fromkeys(record["players"], 20)
    for entry in expected["ledger"]:
        if entry["event"] >= first:
            break
        for who, sign in ((entry["from"], -1), (entry["to"], 1)):
            if who in before:
                before[who] += sign * entry["amount"]
    leader = max(races[-1]["balances"], key=races[-1]["balances"].get)
    gain = (races[-1]["balances"][leader] - before[leader]) / len(races)
    return rows, len(races), gain


def test_the_rows_a_game_needs_are_measured_on_the_recorded_game():
    rows, races, gain = recorded_game()
    assert (rows, races) == (44, 6)
    assert round(gain) == kit.RECORDED_LEADER_GAIN == 23
    # That game stopped with its leader short of the 250 points (+50, experienced) a win
    # needs; its rows so far plus two a race to go stay within what the model asks for.
    england = model.load("england")
    rules = model.rules()
    needed = kit.ledger_rows_needed(3, len(england.towns), rules)
    expected = json.loads((RECORDS / "example-england.expected.json").read_text("utf-8"))
    to_go = math.ceil((300 - max(expected["balances"].values())) / gain)
    assert needed >= rows + kit.ROWS_PER_RACE * to_go
    assert needed > 24  # the old single page


@pytest.mark.parametrize("players", [3, 6, 8])
def test_the_ledger_has_rows_for_a_whole_game(players):
    england = model.load("england")
    rules = model.rules()
    pages = kit.ledger_pages("a4", "en", players, rules, len(england.towns))
    needed = kit.ledger_rows_needed(players, len(england.towns), rules)
    # Writable rows: every grid row less the header, the start capital and brought/carried
    # forward rows.
    writable = 0
    for k, page in enumerate(pages):
        cells = [op for op in page.ops if isinstance(op, Path) and op.closed]
        grid_rows = len(cells) // (players + 1) - 1
        writable += grid_rows - 1 - (1 if k < len(pages) - 1 else 0)
        texts = [op.text for op in page.ops if isinstance(op, Text)]
        assert f"page {k + 1} of {len(pages)}" in texts
    assert writable >= needed
    assert writable - needed < 30  # not a page too many
    if players == 8:
        assert len(pages) >= 4 and needed >= 90


def test_the_ledger_pdf_has_its_pages_and_rows_are_writable():
    england = model.load("england")
    docs = kit.documents(england, kit.KitOptions(players=8, formats=("pdf",)))
    ledger = docs["ledger-a4"]
    pdf = PdfReader(io.BytesIO(render_pdf(ledger)))
    assert len(pdf.pages) == len(ledger.pages) >= 4
    for page in pdf.pages:
        w, h = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        assert (round(w), round(h)) == (297, 210)
    assert kit.LEDGER_ROW_H >= 6.0  # mm: handwriting


# ------------------------------------------------------------------ race tokens


def pieces(ops) -> list[Path]:
    """The tokens' cut outlines: closed black rectangles 0.2 mm wide."""
    return [
        op
        for op in ops
        if isinstance(op, Path) and op.closed and op.style.width == 0.2 and op.style.fill is None
    ]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
@pytest.mark.parametrize("players", [3, 8])
def test_race_tokens_one_per_player_and_start_finish(lang, players):
    england = model.load("england")
    pages = kit.rules_and_tokens(england, "a4", lang, players)
    assert len(pages) == 1  # they share the rules page, below the text
    cut = pieces(pages[0].ops)
    assert len(cut) == players + 2
    a = kit.token_size(england.hex_size)
    s = england.hex_size
    # A face is a square that sits inside a hex of the map: 2s / (1 + 1/sqrt(3)) = 1.27 s.
    assert a <= 2 * s / (1 + 1 / math.sqrt(3))
    assert a >= 7.0
    for op in cut:
        xs = [p[0] for p in op.subpaths[0]]
        ys = [p[1] for p in op.subpaths[0]]
        assert max(xs) - min(xs) == pytest.approx(a)
        assert max(ys) - min(ys) == pytest.approx(2 * a)  # two faces: fold, no duplex
        assert min(xs) >= 10 and max(xs) <= pages[0].width - 10
        assert max(ys) <= pages[0].height - 22  # above the scale ruler
    # Each back face is its front turned half round: one group per piece.
    assert sum(1 for op in pages[0].ops if isinstance(op, Group) and op.rotate == 180) == len(cut)
    # Player faces: each player's colour and shape.
    fills = {op.style.fill for op in pages[0].ops if isinstance(op, Path)}
    for colour, _shape in PLAYER_STYLE[:players]:
        assert colour in fills
    # Start and Finish labels fit their faces.
    labels = {"en": ("Start", "Finish"), "fr": ("Départ", "Arrivée")}.get(lang)
    texts = [op for op in pages[0].ops if isinstance(op, Text)]
    if labels:
        assert {t.text for t in texts} >= set(labels)
    from trackwright.kits.draw import fonts

    for op in texts:
        if op.size < 6.5 and op.bold and op.anchor == "middle":
            assert fonts.text_width(op.text, op.size, True) <= a - 1.0


def test_race_tokens_are_in_the_rules_pdf_with_a_scale_ruler():
    england = model.load("england")
    docs = kit.documents(england, kit.KitOptions(players=8, formats=("pdf",)))
    pdf = PdfReader(io.BytesIO(render_pdf(docs["rules-a4"])))
    text = pdf.pages[0].extract_text()
    assert "Race tokens" in text and "Start" in text and "Finish" in text
    assert "50 mm" in text  # the scale check: the tokens are sized to the hexes


# ------------------------------------------------------------------ the same eight everywhere


def outline_of(op) -> tuple:
    """A symbol's shape, wherever and however big it is drawn: its points relative to its
    centre, scaled to radius 1 (a circle: 'circle')."""
    if type(op).__name__ == "Circle":
        return ("circle",)
    pts = op.subpaths[0]
    cx = sum(x for x, _y in pts) / len(pts)
    cy = sum(y for _x, y in pts) / len(pts)
    r = max(math.hypot(x - cx, y - cy) for x, y in pts)
    return tuple((round((x - cx) / r, 2), round((y - cy) / r, 2)) for x, y in pts)


def test_ledger_header_shows_eight_different_shapes():
    page = kit.ledger_pages("a4", "en", 8, towns=32)[0]
    colours = {c for c, _s in PLAYER_STYLE}
    marks = [
        op
        for op in page.ops
        if type(op).__name__ in {"Path", "Circle"} and op.style.fill in colours
    ]
    assert len(marks) == 8
    # Left to right: players 1 to 8, each a colour and a shape of its own (black and white:
    # the shape alone tells them apart).
    marks.sort(key=lambda op: op.cx if type(op).__name__ == "Circle" else op.subpaths[0][0][0])
    assert [op.style.fill for op in marks] == [c for c, _s in PLAYER_STYLE]
    assert len({outline_of(op) for op in marks}) == 8


def test_the_phone_scorer_gets_eight_different_players():
    from trackwright.kits.dampfross import board

    view = board.board_view(model.load("england"), "en")
    players = view.players
    assert len(players) >= kit.MAX_PLAYERS == 8
    assert len({p["colour"] for p in players}) == len({p["shape"] for p in players}) == 8
    assert len({p["dash"] for p in players}) == 8


def test_tokens_of_eight_players_show_eight_shapes():
    england = model.load("england")
    ops, _w, _h = kit.race_token_ops(0, 0, "en", 8, england.hex_size)
    colours = {c for c, _s in PLAYER_STYLE}
    marks = [
        op
        for op in ops
        if type(op).__name__ in {"Path", "Circle"}
        and op.style.fill in colours
        and op.style.stroke is not None  # the symbol, not the coloured border
    ]
    assert {op.style.fill for op in marks} == colours
    assert len({outline_of(op) for op in marks}) == 8


def test_the_ledger_is_sized_from_the_rules_preset():
    import dataclasses

    england = model.load("england")
    rules = model.rules()
    assert sum(rules.prizes) == kit.RECORDED_PRIZES  # the recorded game's rules
    base = kit.ledger_rows_needed(4, len(england.towns), rules)
    # A higher winning total, smaller prizes or a smaller start: more races, more rows.
    higher = dataclasses.replace(rules, victory={k: v + 100 for k, v in rules.victory.items()})
    poorer = dataclasses.replace(rules, prizes=tuple(p // 2 for p in rules.prizes))
    assert kit.ledger_rows_needed(4, len(england.towns), higher) > base
    assert kit.ledger_rows_needed(4, len(england.towns), poorer) > base
    # Without the experienced players' bonus the game is shorter.
    novice = dataclasses.replace(rules, experienced_bonus=None)
    assert kit.ledger_rows_needed(4, len(england.towns), novice) < base
    # The pages follow: a longer game, more pages.
    assert len(kit.ledger_pages("a4", "en", 4, higher, len(england.towns))) >= len(
        kit.ledger_pages("a4", "en", 4, rules, len(england.towns))
    )
