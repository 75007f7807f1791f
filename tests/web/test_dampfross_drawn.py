"""Dampfross's board drawn from the engine's reading of a record, in Debian's Chromium at phone
size (360 x 740): a record that names its hexes as a player reads them off the printed board
(starts by town number or name, towns on lines by name, other hexes by their label, "B3") is
drawn exactly as its twin written in [q, r] (the page draws the lines of the engine's ``table``
answer, never the record's raw entries). The line being drawn is said in the engine's words,
the printed label of its end and the town nearest it ("Line of 1 step to B1, near A")."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.web.browser import DRIVE, open_page, phone, settle
from trackwright import games
from trackwright.scorer import dampfross as df

pytestmark = pytest.mark.slow
RECORDS = ROOT / "tests" / "records" / "dampfross"
LABELS = RECORDS / "small-printed-labels-and-town-names.json"
TWIN = RECORDS / "small-rival-payments-by-hand.json"

# The built lines as drawn: each polyline's points and colour (the draft's and races' apart).
LINES = """() => [...document.querySelectorAll('#overlay polyline')]
  .filter(l => !l.classList.contains('draft-path') && !l.classList.contains('race-route'))
  .map(l => [l.getAttribute('points'), l.getAttribute('stroke')])"""


def portable(path, tmp_path) -> str:
    """The record with its map embedded (the phone reads no file beside it)."""
    data = json.loads(path.read_text("utf-8"))
    game = games.get("dampfross")
    out = tmp_path / path.name
    out.write_text(json.dumps(game.portable_record(data, path.parent, str(path))), "utf-8")
    return str(out)


def imported(context, static_site, path: str):
    pg = open_page(context, static_site)
    pg.set_input_files("#import-game", path)
    pg.wait_for_url("**#/game/**")
    pg.wait_for_selector("#df-bar")
    settle(pg)
    return pg


def drawn(context, static_site, path: str) -> list:
    pg = imported(context, static_site, path)
    lines = pg.evaluate(LINES)
    pg.close()
    return lines


def tap(pg, selector: str) -> None:
    pg.evaluate(DRIVE)
    pg.evaluate("s => drive.tap(s)", selector)


def test_a_record_in_printed_labels_is_drawn_as_its_axial_twin(browser, static_site, tmp_path):
    # The twin scores the same and its lines are written in [q, r]: the drawings match, line for
    # line, and there is one per build path and builder.
    assert df.score(df.load_record(LABELS)).to_json() == df.score(df.load_record(TWIN)).to_json()
    builds = [e for e in df.load_record(TWIN).events if isinstance(e, df.Build)]
    context = phone(browser)
    twin = drawn(context, static_site, portable(TWIN, tmp_path))
    labelled = drawn(context, static_site, portable(LABELS, tmp_path))
    assert len(twin) == sum(len(e.paths) for e in builds) > 0
    assert all(points for points, _colour in twin)
    assert labelled == twin
    assert not context.errors, context.errors
    context.close()


def test_the_line_being_drawn_is_said_by_its_printed_label(browser, static_site, tmp_path):
    # Ann builds next; one step from her network to a hex that is no town: the bar says the
    # hex's printed label and the town nearest it, as the engine names them.
    record = df.load_record(LABELS)
    state = df.score(record).state
    assert df.next_turn(record, state) == "Ann"
    start, step = (0, 0), (1, 0)
    assert start in state.network["Ann"] and step not in record.map.town_by_hex
    label, near = record.map.label(step), df.nearest_town(record.map, step).name
    context = phone(browser)
    pg = imported(context, static_site, portable(LABELS, tmp_path))
    tap(pg, '#df-bar button[data-face="1"]')
    for h in (start, step):
        tap(pg, f'polygon[data-hex="{h[0]},{h[1]}"]')
    assert pg.inner_text("#line-words") == f"Line of 1 step to {label}, near {near}"
    assert (label, near) == ("B1", "A")
    assert not context.errors, context.errors
    context.close()
