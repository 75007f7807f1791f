"""Any piece, by what it changes (issue 28): strips cut from plain paper of any colour, white and
cream included, the kit's magenta strips folded, start markers of any colour, under a warm
lamp, cold daylight or flat light, with a phone's shadow over the board: every space read right
or flagged, never wrong without a flag. And the reader's parts that make it so: an empty space
needs its printed line seen, a pale piece is one whose line is hidden and little else differs,
a card hides whole triangles, and the rule that empties hidden networks leaves a possible pale
network alone."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tests.support import photo_scenes
from trackwright.core import transamerica as model
from trackwright.photo import tracks

SIZE = (2000, 1500)  # the reader works at 1600 px anyway


def reading(seed: int, **force):
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    photo = photo_scenes.scene(seed, size=SIZE, **force)
    return photo, cli_photo.read_photo(model.load("usa"), photo.jpeg, "photo", {})


def tally(photo, got) -> dict[str, int]:
    """Over the taken spaces of each kind (and the empty ones): right, flagged, wrong."""
    m = model.load("usa")
    kind = {tuple(sorted(p["space"])): p["kind"] for p in photo.truth["pieces"]}
    read, unsure = set(got.track), set(got.uncertain)
    out = {"wrong": 0, "flagged": 0, "right": 0, "taken right": 0}
    for e in m.edges:
        key = tuple(sorted((e.a, e.b)))
        if key in unsure:
            out["flagged"] += 1
        elif (key in read) == (key in kind):
            out["right"] += 1
            out["taken right"] += key in kind
        else:
            out["wrong"] += 1
    return out


# Each scene: the seed, what it pins, and the most spaces it may flag, of the board's 479
# (seeds 33, 35 and 36 raised by 3-11 when the sheets were laid as bricks: the photos' seams
# moved, and the flags with them; never a wrong space). The photos' grain was drawn from C's
# unseeded rand() (Pillow's effect_noise) until it was seeded: the same scene then came out a
# little differently each time (2-3 flags more or fewer, which looked like state kept by the
# reader); seeded, 33 flags 30 and 36 flags 69. The fourth freeze (the lens's field, 2 x 2
# samples, washed-out and noisy light) lowered every limit to what it flags now; the fifth
# (each tiled sheet's own move, a pale verdict by an unseen intersection flagged) lowered 36's
# to 56 and raised 33's by one, a pale strip whose intersection is hidden by the phone's shadow
# (flagged now, never wrong). The seventh (each kind of line measured against its own kind, a
# strip's light read beside its line, a pale piece's line hidden through most of it, an empty
# one's shown through most of it) cut the rendered tuning sets' flags from 8.8 % to 5.9 % and
# lowered 34's and 36's limits by 8 and 9,
# but raised 33's by 5 and 35's by 4 (white strips and a phone's shadow, folded strips under a
# lamp: flagged, never wrong); no other limit was ever raised. The eighth (a strip's light
# graded across and along it, a space read empty left so in another light or a washed-out
# patch, a thinly lined one read empty where its rows show the line) lowered 35's and 36's
# limits by 14 and 18. The twelfth (a cream band along a strip, cream_band) raised 34's by 1:
# J17-K17 shows a band yellower than the land beside its line in both halves, flagged, never
# wrong. To be lowered, never raised.
FROZEN = "thresholds frozen at the commit 'Freeze the photo reader's thresholds (thirtieth time)'"
PALE = [
    # the case of the issue: white and cream strips on the beige land, flat light, no shadow
    # C8-D8, a white strip whose line still shows (the strip turned off it), was read empty
    # until the eighth freeze, flagged since; 21 spaces flagged, over the limit, until the
    # twenty-first, whose second look settles 3 more
    pytest.param(
        31,
        {"kinds": ["paper"], "papers": ["white", "cream"], "light": "diffuse"},
        18,
        id="31-white-cream-diffuse",
    ),
    pytest.param(
        32,
        {"kinds": ["paper"], "papers": ["cream"], "light": "daylight", "hand": False},
        30,
        marks=pytest.mark.xfail(
            strict=True,
            reason=f"known: C7-C8, a cream strip whose line still shows in most rows (the "
            f"strip turned off it), read empty; {FROZEN}",
        ),
        id="32-cream-daylight",
    ),
    pytest.param(
        33,
        {"kinds": ["paper"], "papers": ["white"], "light": "lamp", "phone": True},
        17,
        id="33-white-lamp-phone-shadow",
    ),
    pytest.param(
        34,
        {"kinds": ["paper"], "papers": ["grey", "yellow", "kraft"], "light": "classic"},
        11,
        id="34-grey-yellow-kraft",
    ),
    pytest.param(35, {"kinds": ["folded"], "light": "lamp"}, 15, id="35-folded-lamp"),
    pytest.param(
        36,
        {"kinds": list(photo_scenes.ALL_KINDS), "light": "daylight", "phone": True},
        29,
        id="36-every-kind-daylight-phone-shadow",
    ),
]


@pytest.mark.parametrize(("seed", "force", "most"), PALE)
def test_every_piece_kind_is_read_right_or_flagged(seed, force, most):
    photo, got = reading(seed, **force)
    counts = tally(photo, got)
    assert counts["wrong"] == 0, counts
    assert counts["flagged"] <= most, counts
    # and read, mostly: a pale network is not merely flagged
    assert counts["taken right"] >= 0.5 * len(photo.truth["track"]), counts


def test_an_empty_space_needs_its_line_seen():
    """The printed line hidden along a space, nothing else differing (a cream strip on the
    cream land): a pale piece when an intersection at an end shows, else not empty. Its line
    showing as the board's does elsewhere: empty."""
    strip = tracks.Strip(("A1", "A2"), ((0, 0), (0, 16), (15, 0), (15, 16)), 16)
    clear = tracks.Judged(0.0, 0.0, 1.0, (1.0, 1.0, 1.0), 0, 0, (1, 1, 1), [])
    faint_band = tracks._faint_band
    try:
        tracks._faint_band = lambda *a: False  # type: ignore[assignment]
        assert tracks._verdict(strip, clear, [0.9] * 8, 1.0, 2) == "empty"
        assert tracks._verdict(strip, clear, [0.05] * 8, 1.0, 2) == "pale"
        assert tracks._verdict(strip, clear, [0.05] * 8, 1.0, 0) == "suspect"  # a card?
        one = [0.9] * 7 + [0.05]  # hidden in one row of 8: a stray, the board still shows
        assert tracks._verdict(strip, clear, one, 1.0, 2) == "empty"
        two = [0.9] * 3 + [0.05] * 2 + [0.9] * 3  # in two in the middle: a piece's end?
        assert tracks._verdict(strip, clear, two, 1.0, 2) == "unsure"
        # in the rows at an end only, showing all between: no piece lies along the space
        # (it would cover the middle); the next space's piece or a card's corner reaches in
        assert tracks._verdict(strip, clear, [0.9] * 6 + [0.05] * 2, 1.0, 2) == "empty"
        assert tracks._verdict(strip, clear, [0.05] + [0.9] * 6 + [0.1], 1.0, 2) == "empty"
        assert tracks._verdict(strip, clear, [0.9] * 5 + [0.05] * 3, 1.0, 2) == "unsure"
        assert tracks._verdict(strip, clear, [0.9] * 5 + [0.4] + [0.05] * 2, 1.0, 2) == "unsure"
        assert tracks._verdict(strip, clear, [], 1.0, 2) == "unsure"  # no line printed: no proof
        # against the board's own line in this photo (blur softens every line alike)
        assert tracks._verdict(strip, clear, [0.45] * 8, 0.5, 2) == "empty"
        tracks._faint_band = lambda *a: True  # type: ignore[assignment]
        assert tracks._verdict(strip, clear, [0.9] * 8, 1.0, 2) == "suspect"  # a faint band
    finally:
        tracks._faint_band = faint_band  # type: ignore[assignment]


def test_a_faint_band_beside_the_line_is_not_the_board():
    """Samples off the board (True), the board (False), print (None): a run a piece's width
    with the board on both sides, over the line (2) or beside it (1)."""
    cols = tracks.COLS
    centre = tracks.ACROSS
    off: list[bool | None] = [False] * cols
    assert tracks._pale_run(off, centre) == 0
    over = list(off)
    for j in range(centre - 2, centre + 3):
        over[j] = True
    over[centre] = None  # the line itself: print, unknown
    assert tracks._pale_run(over, centre) == 2
    beside = list(off)
    for j in range(2, 6):
        beside[j] = True
    assert tracks._pale_run(beside, centre) == 1
    wide = [False] + [True] * (cols - 2) + [False]  # a card's edge, a shadow: too wide
    assert tracks._pale_run(wide, centre) == 0


def test_a_card_hides_whole_triangles():
    """Hidden lines round a triangle are a card, not a track: a track never closes one."""
    board = type("B", (), {})()
    board.triangles = tracks.triangles([("A", "B"), ("A", "C"), ("B", "C"), ("C", "D")])
    assert board.triangles == [(("A", "B"), ("A", "C"), ("B", "C"))]
    verdicts = {("A", "B"): "pale", ("A", "C"): "pale", ("B", "C"): "suspect", ("C", "D"): "pale"}
    tracks._cards(board, verdicts)
    assert verdicts == {
        ("A", "B"): "suspect",
        ("A", "C"): "suspect",
        ("B", "C"): "suspect",
        ("C", "D"): "pale",
    }


def test_a_pale_verdict_by_an_unseen_intersection_needs_a_piece_there():
    """A pale piece leaves its intersections showing, unless the next piece lies over one. A
    hidden line beside a hidden intersection that no piece explains is something else (an
    object over both, a sheet glued off its place): flagged, not read taken."""
    verdicts = {
        ("A", "B"): "pale",  # B unseen: the taken piece B-C covers it
        ("B", "C"): "taken",
        ("D", "E"): "pale",  # E unseen, no piece there
        ("E", "F"): "empty",
        ("G", "H"): "pale",  # both seen
    }
    tracks._unseen_ends(verdicts, seen={"A", "C", "D", "F", "G", "H"})
    assert verdicts[("A", "B")] == "pale"
    assert verdicts[("D", "E")] == "suspect"
    assert verdicts[("G", "H")] == "pale"
    # two pale pieces meeting over an unseen intersection explain each other
    pair = {("A", "B"): "pale", ("B", "C"): "pale"}
    tracks._unseen_ends(pair, seen={"A", "C"})
    assert pair == {("A", "B"): "pale", ("B", "C"): "pale"}


def test_a_pale_verdict_whose_line_shows_beside_its_place_is_flagged(monkeypatch):
    """A pale piece hides its line and a millimetre or two round it. A line hidden where the
    board prints it but showing whole 1 to 2 mm beside (a sheet glued askew: rendered 2326
    I13-I14) is off its place, not under a piece: flagged. A line hidden there too, or showing
    only faintly beside (a strip's edge), stays pale; other verdicts are not looked at."""
    shows = {  # each space's line contrast by the slide across it is read at
        ("A", "B"): {3: 0.7},  # shifted 1.5 mm
        ("C", "D"): {-4: 0.3},  # faint beside: the strip's edge
        ("E", "F"): {},  # hidden all round
        ("G", "H"): {2: 0.9},  # read empty: left alone
    }

    def seen(_photo, _h, strip, dv, _gain):
        return [shows[strip.edge].get(dv, 0.02)] * 4

    monkeypatch.setattr(tracks, "_line_seen", seen)
    judged = [
        (type("S", (), {"edge": e})(), type("J", (), {"dv": 0, "gains": (1, 1, 1)})(), [])
        for e in shows
    ]
    verdicts = {("A", "B"): "pale", ("C", "D"): "pale", ("E", "F"): "pale", ("G", "H"): "empty"}
    tracks._line_beside(None, None, judged, dict.fromkeys(shows, 0.9), verdicts)
    assert verdicts == {
        ("A", "B"): "suspect",
        ("C", "D"): "pale",
        ("E", "F"): "pale",
        ("G", "H"): "empty",
    }


def test_possible_pale_pieces_are_not_emptied_by_the_rules():
    """The rule empties unsure spaces joined to no track seen: a network hidden whole, its start
    marker too. An unsure space whose line is hidden and nothing else differs may be a pale
    piece in plain sight, its marker showing: the rule leaves it unsure."""
    h = (1.0, 0, 0, 0, 1.0, 0, 0, 0, 1.0)
    seen = [(f"P{i}", f"P{i + 1}") for i in range(tracks.RULE_SEEN)]  # a network elsewhere
    unsure = [("A", "B"), ("B", "C"), ("X", "Y")]
    plain = tracks.Reading(seen, unsure, h, 8)
    assert plain.settled().uncertain == []  # as before: joined to no track seen
    pale = tracks.Reading(seen, unsure, h, 8, suspects=[("A", "B")])
    settled = pale.settled()
    assert settled.uncertain == [("A", "B")]
    assert settled.empty_by_rule == [("B", "C"), ("X", "Y")]


def test_spaces_whose_intersections_pieces_may_hide_are_not_emptied_by_the_rules():
    """A network's own pieces hide the intersections they meet (dark rails do), its start
    marker showing: rendered tuning photo 2088 (dark rails under a dim light, the white
    player's network unsure all along) had seven of its spaces emptied by the rule. An unsure
    space with an end hidden, not by a card and not in another light, is left to a tap."""
    h = (1.0, 0, 0, 0, 1.0, 0, 0, 0, 1.0)
    seen = [(f"P{i}", f"P{i + 1}") for i in range(tracks.RULE_SEEN)]
    unsure = [("A", "B"), ("B", "C"), ("X", "Y")]
    settled = tracks.Reading(seen, unsure, h, 8, under_pieces=[("A", "B")]).settled()
    assert settled.uncertain == [("A", "B")]
    assert settled.empty_by_rule == [("B", "C"), ("X", "Y")]


def _judged(angle: float, shown: list[float]) -> tuple[tracks.Strip, tracks.Judged, list[float]]:
    """A strip along ``angle`` degrees on the board whose line shows ``shown``."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = ((0.0, 0.0), (1.0, 0.0), (10 * dx, 10 * dy), (10 * dx + 1, 10 * dy))
    strip = tracks.Strip(("A", "B"), corners, 8)
    judged = tracks.Judged(0, 0, 1, (1, 1, 1), 0, 0, (1, 1, 1), [])
    return strip, judged, shown


def test_each_kind_of_line_is_measured_against_its_own_kind():
    """The lattice's lines of one direction showed at two thirds of the others' contrast in
    every rendered photo, so an empty space along that direction read faint beside its
    neighbours: each space's contrast is scaled by how its own kind shows in the photo."""
    flat = [_judged(0, [0.6] * 8) for _ in range(tracks.KIND_LEAST)]
    slant = [_judged(60, [0.9] * 8) for _ in range(tracks.KIND_LEAST)]
    other = [_judged(120, [1.0] * 8) for _ in range(tracks.KIND_LEAST)]
    few = [_judged(90, [0.3] * 8)]  # too few of its kind to measure: left as it is
    out = tracks._by_direction(flat + slant + other + few)
    every = 0.9  # the median over the spaces
    assert [round(shown[0], 6) for _s, _j, shown in out[:: tracks.KIND_LEAST]] == [
        every,
        every,
        every,
        0.3,
    ]
    # A kind far below the others is not believed (scaled by KIND_SPREAD at most: motion blur
    # across one direction still reads faint), nor one that shows nowhere.
    blurred = [_judged(0, [0.1] * 8) for _ in range(tracks.KIND_LEAST)]
    hidden = [_judged(60, [-0.2] * 8) for _ in range(tracks.KIND_LEAST)]
    out = tracks._by_direction(blurred + hidden + other + other)
    assert round(out[0][2][0], 6) == round(0.1 * tracks.KIND_SPREAD, 6)
    assert out[tracks.KIND_LEAST][2][0] == -0.2


def test_a_reading_that_sees_almost_no_track_is_not_settled_by_the_rules():
    """The rule assumes the photo shows the networks. A round ends with dozens of tracks on the
    board; a reading that sees fewer than RULE_SEEN (rendered photo 1582: dark rails in hard
    sunlight, none read, all 137 unsure spaces made empty, 34 of them track) leaves every
    unsure space to a tap."""
    h = (1.0, 0, 0, 0, 1.0, 0, 0, 0, 1.0)
    unsure = [("A", "B"), ("B", "C"), ("X", "Y")]
    few = [(f"P{i}", f"P{i + 1}") for i in range(tracks.RULE_SEEN - 1)]
    for track in ([], few):
        settled = tracks.Reading(track, unsure, h, 8).settled()
        assert settled.uncertain == unsure
        assert settled.empty_by_rule == []


def test_an_empty_space_beside_a_seam_is_never_taken():
    """Sheets laid as bricks put a seam's shadow a few mm beside a space's line along its whole
    length (the horizontal seams of A4 sheets run 5 mm above row E): a band there is print,
    not a piece, when it is a blend of the line's ink and the paper. Two things made it look
    like a piece: the ink was read only at the strip's whole-mm samples, which straddle a sharp
    line (so the darkest "ink" was paper and the shadow matched nothing), and under a warm
    lamp the paper's red is clipped, so its gain is too low and the shadow turns pink once the
    light is evened out. Tuning photo 5055 (A4 sheets, a lamp): the reader before read E7-E8,
    E9-E10, G4-H4 and L13-M13, all empty and beside a seam, as taken."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    photo, got = reading(5055, tiled=True, paper="a4")
    beside = {s.edge for s in cli_photo.board(model.load("usa")).strips if any(s.seams)}
    taken = {tuple(e) for e in photo.truth["track"]}
    assert [e for e in got.track if e in beside and e not in taken] == []
    counts = tally(photo, got)
    assert counts["wrong"] == 0, counts
    assert counts["flagged"] <= 86, counts  # of 479 (lamp, 9 sheets); to be lowered


def test_a_seam_shadow_is_print():
    """What tells a seam's shadow from a piece (see above): the ink read at every half mm, and
    a channel the camera clipped bounded on one side only; a cream strip is still no print."""
    paper, ink = (246, 241, 226), (85, 85, 81)
    row = [paper] * (2 * (2 * tracks.ACROSS + tracks.SLIDE) + 1)
    soft = list(row)
    soft[tracks.SLIDE + 19], soft[tracks.SLIDE + 20] = (198, 194, 182), (198, 194, 182)
    sharp = list(row)
    sharp[tracks.SLIDE + 19] = ink  # between two whole-mm samples
    first = tracks.SLIDE
    shadow = [(216, 204, 183), (219, 208, 187)]  # the paper darkened
    assert tracks._like_line(shadow, soft, sharp, first)
    pink = [(234, 201, 185), (219, 203, 185)]  # ... its red shown too strong
    assert not tracks._like_line(pink, soft, sharp, first)
    red = (True, False, False)
    assert tracks._like_line(pink, soft, sharp, first, red)
    cream = [(245, 226, 178), (234, 211, 152), (247, 229, 180)]
    assert not tracks._like_line(cream, soft, sharp, first, red)


def _lit_strip(light, beside=None) -> tuple[tracks.Strip, list[list[tuple[int, int, int]]]]:
    """A strip of beige land with its line in the middle, and its samples in ``light`` (a
    level per row and sample across); ``beside``: a colour lying on the samples left of the
    line's paper (a piece off its line)."""
    rows = 16
    paper, blend, ink = (230, 215, 180), (190, 178, 150), (120, 115, 105)
    width = 2 * (2 * tracks.ACROSS + tracks.SLIDE) + 1
    centre = 2 * tracks.ACROSS + tracks.SLIDE
    line = [paper] * width
    line[centre - 1], line[centre], line[centre + 1] = blend, ink, blend
    ref = [list(line) for _ in range(2 * rows + 2 * tracks.SLIDE + 1)]
    corners = ((0.0, 0.0), (0.0, 8.0), (15.0, 0.0), (15.0, 8.0))
    strip = tracks.Strip(("A1", "A2"), corners, rows, ref, ref, [[] for _ in range(rows)])
    samples = []
    for i in range(rows):
        row = []
        for j in range(tracks.COLS):
            q = ref[2 * i + tracks.SLIDE][2 * j + tracks.SLIDE]
            if beside is not None and j < tracks.ACROSS - 2:
                q = beside
            row.append(tuple(min(255, round(c * light(i, j))) for c in q))
        samples.append(row)
    return strip, samples


def test_a_shadow_edge_over_a_strip_is_light_not_a_piece():
    """A phone's shadow whose soft edge runs along a space (rendered tuning photo 2096: the
    paper half as bright on one side of the line as on the other) left every row differing
    from the board under one even light, and the empty space flagged. Under the light graded
    across the strip the board shows; a piece lying beside the line changes the colour, or the
    light far more, and is never taken for light."""
    soft = _lit_strip(lambda i, j: 0.5 + 0.5 * min(max((j - 2) / 12, 0.0), 1.0))
    strip, samples = soft
    gains = tracks._gains(samples, strip.ref)
    even = tracks._judge_lit(samples, strip, gains, (False, False, False), None)
    assert even.other > tracks.OTHER_ROWS
    got = tracks.judge(samples, strip)
    assert got.clear >= 0.9 and got.band == 0, got[:3]
    # along the strip too: the edge crossing it (the rows at its ends, beyond the quarters'
    # middles, still differ a little: not enough to flag it)
    strip, samples = _lit_strip(lambda i, j: 0.4 + 0.6 * min(max((i - 2) / 11, 0.0), 1.0))
    gains = tracks._gains(samples, strip.ref)
    even = tracks._judge_lit(samples, strip, gains, (False, False, False), None)
    assert even.other > tracks.OTHER_ROWS
    assert tracks.judge(samples, strip).other <= tracks.TAKEN_OTHER
    for colour in ((60, 40, 28), (250, 120, 200)):  # a dark rail, a magenta strip, beside it
        strip, samples = _lit_strip(lambda i, j: 1.0, beside=colour)
        gains = tracks._gains(samples, strip.ref)
        assert tracks._graded_light(samples, strip.ref, gains) is None
        assert tracks.judge(samples, strip).clear < tracks.EMPTY_CLEAR
    # a sharp edge on the line: graded evenly it would leave a band of half light there
    strip, samples = _lit_strip(lambda i, j: 0.45 if j < tracks.ACROSS else 1.0)
    gains = tracks._gains(samples, strip.ref)
    even = tracks._judge_lit(samples, strip, gains, (False, False, False), None)
    assert tracks.judge(samples, strip).band <= even.band


def test_what_differs_in_one_row_only_is_noise_not_a_piece():
    """A phone's noise, amplified where the light is low (rendered tuning 2072 H5-I5: the
    paper's samples scattered 30 either side of the board's), makes two or three samples of a
    row differ here and there, and the row read as something: an empty space flagged. A piece lies
    along its space, so what it changes goes on from row to row: each sample is judged with
    the rows either side of it (:func:`_steady`). Specks in single rows leave the strip clear;
    a magenta strip's band, the same specks over it, is still a band all along."""
    strip, samples = _lit_strip(lambda i, j: 1.0)
    speck = (150, 210, 160)  # greener than the paper by far: differs in a channel and a hue
    specks = {(i, j) for i in range(0, 16, 2) for j in (2 + i % 5, 3 + i % 5, 12 - i % 4)}

    def specked(piece=None):
        return [
            [
                piece if piece and j in range(6, 11) else speck if (i, j) in specks else q
                for j, q in enumerate(row)
            ]
            for i, row in enumerate(samples)
        ]

    gains = tracks._gains(samples, strip.ref)
    noisy = specked()
    one_row = tracks._read_row([tuple(map(float, q)) for q in noisy[0]], strip, 0, 0, 0)
    assert one_row[0] != "clear"  # a row alone: its specks differ
    got = tracks.judge(noisy, strip)
    assert got.clear == 1.0, got[:3]
    assert tracks._steady([[1.0], [50.0], [2.0]]) == [[2.0], [2.0], [2.0]]
    assert tracks._steady([[50.0], [50.0], [2.0], [3.0]])[0] == [50.0]
    banded = tracks._judge_lit(specked((250, 120, 200)), strip, gains, (False, False, False), None)
    assert banded.band == 1.0, banded[:3]


def test_an_unsure_space_toned_as_the_photos_pieces_is_taken():
    """Dark rails beside their soft shadow read "other" row by row (the rail and its shadow one
    run to the strip's edge: rendered tuning 2088 I4-I5); but the rail's own band is toned as
    the rails the photo shows taken elsewhere, lighter on both sides: taken. A shadow as dark,
    a card's edge crossing the strip, or too few pieces taken to know how they look: left
    unsure."""
    rail = (60.0, 52.0, 40.0)
    strip, samples = _lit_strip(lambda i, j: 1.0)
    rail_tone = tuple(r / p for r, p in zip(rail, (230, 215, 180), strict=True))
    on_line = range(tracks.ACROSS - 2, tracks.ACROSS + 3)

    def case(dark, light=lambda j: 1.0):
        scaled = [
            [rail if j in dark(i) else tuple(c * light(j) for c in q) for j, q in enumerate(row)]
            for i, row in enumerate(samples)
        ]
        return tracks.Judged(0.0, 1.0, 0.0, (1.0, 1.0, 1.0), 0, 0, (1, 1, 1), scaled)

    taken = tracks.Judged(1.0, 0.0, 0.0, (1.0, 1.0, 1.0), 0, 0, rail_tone, [])
    # the rail, its soft shadow beside it running on to the strip's edge
    penumbra = case(
        lambda i: on_line, lambda j: min(1.0, 0.5 + 0.1 * max(0, j - tracks.ACROSS - 2))
    )
    assert tracks._read_row(penumbra.scaled[0], strip, 0, 0, 0)[0] == "other"
    # a shadow as dark as the rail over half the strip: wider than a piece, lit on one side
    shadow = case(lambda i: range(tracks.ACROSS - 2, tracks.COLS))
    # a card's edge, as dark, crossing the strip
    edge = case(lambda i: range(2 + i // 2, 5 + i // 2))

    def verdicts_of(seen: int, cases):
        judged = [(replace(strip, edge=(f"A{n}", "B")), taken, []) for n in range(seen)]
        judged += [(replace(strip, edge=(f"C{n}", "D")), j, []) for n, j in enumerate(cases)]
        verdicts = {s.edge: "taken" if j is taken else "unsure" for s, j, _ in judged}
        tracks._like_the_pieces(judged, verdicts)
        return [verdicts[s.edge] for s, _j, _ in judged[seen:]]

    seen = tracks.TONES_LEAST
    assert verdicts_of(seen, [penumbra, shadow, edge]) == ["taken", "unsure", "unsure"]
    assert verdicts_of(seen - 1, [penumbra]) == ["unsure"]  # too few seen


def test_a_band_toned_like_no_other_taken_piece_is_unsure():
    """A table's pieces of one kind look alike in one photo. A band read taken whose tone no
    other taken band shares (a card's edge along an empty space beside magenta strips,
    rendered 2821 L9-M10; a finger; the coast by a rail's end) is made unsure; one toned as
    another taken piece stays taken, and so does every band where too few are taken to tell."""
    strip, _samples = _lit_strip(lambda i, j: 1.0)
    magenta = (1.0, 0.3, 0.56)
    grey = (0.75, 0.78, 0.8)

    def verdicts_of(tones):
        judged = [
            (
                replace(strip, edge=(f"A{n}", "B")),
                tracks.Judged(1.0, 0.0, 0.0, (1.0, 1.0, 1.0), 0, 0, t, []),
                [],
            )
            for n, t in enumerate(tones)
        ]
        verdicts = {s.edge: "taken" for s, _j, _ in judged}
        tracks._lone_tones(judged, verdicts)
        return [verdicts[s.edge] for s, _j, _ in judged]

    many = tracks.TONES_LEAST
    assert verdicts_of([magenta] * many + [grey]) == ["taken"] * many + ["unsure"]
    assert verdicts_of([magenta] * many + [grey, grey]) == ["taken"] * (many + 2)
    assert verdicts_of([magenta] * (many - 2) + [grey]) == ["taken"] * (many - 1)


def test_a_seams_edge_beside_the_line_is_not_a_piece():
    """A tiled board's sheet edge 6 mm beside a space's line (rendered 1806 and 1822: beside
    E19-E20) casts a thin shadow unlike the line's ink, which read as a piece's band all
    along. Where the board's seam runs, away from the line, such a band is the seam; a piece
    on the line is still one with a seam beside it."""
    shadow = (125, 128, 150)  # bluish: not a blend of the line's ink and paper

    def with_band(columns: range, seam: float | None):
        strip, samples = _lit_strip(lambda i, j: 1.0)
        for row in samples:
            for j in columns:
                row[j] = shadow
        seams = [[seam] if seam is not None else [] for _ in range(strip.rows)]
        return replace(strip, seams=seams), samples

    strip, samples = with_band(range(1, 3), None)
    assert tracks.judge(samples, strip).band >= tracks.TAKEN_ROWS  # no seam known there
    strip, samples = with_band(range(1, 3), 2.2)
    assert tracks.judge(samples, strip).band == 0
    middle = range(tracks.ACROSS - 1, tracks.ACROSS + 2)  # a piece on the line ...
    strip, samples = with_band(middle, tracks.ACROSS + 1.5)  # ... a seam by it
    assert tracks.judge(samples, strip).band >= tracks.TAKEN_ROWS


def test_a_thinly_lined_or_washed_out_space_is_empty_only_where_its_line_shows():
    """A space whose line the board prints in one or two rows (a river or a name over it) is
    empty when those rows show it and nearly every row is clear; with none printed there is
    no evidence (a white strip over a river's line differs from the land in hardly any
    sample: 2D tuning photo 5032). Where the lines round a space show under half the board's
    (sunlight), a space is empty only if its line shows as its neighbours' do, down to
    WASHED_EMPTY of the board's."""
    strip = tracks.Strip(("A1", "A2"), ((0, 0), (0, 16), (15, 0), (15, 16)), 16)
    clear = tracks.Judged(0.0, 0.0, 1.0, (1.0, 1.0, 1.0), 0, 0, (1, 1, 1), [])
    faint_band = tracks._faint_band
    try:
        tracks._faint_band = lambda *a: False  # type: ignore[assignment]
        assert tracks._verdict(strip, clear, [0.9, 0.9], 1.0, 2) == "empty"
        assert tracks._verdict(strip, clear, [0.9, 0.1], 1.0, 2) == "unsure"
        assert tracks._verdict(strip, clear, [], 1.0, 2) == "unsure"
        busy = clear._replace(other=0.25, clear=0.75)
        assert tracks._verdict(strip, busy, [0.9, 0.9], 1.0, 2) == "unsure"
        washed = tracks.WASHED_EMPTY + 0.05
        assert tracks._space_verdict(strip, clear, [washed] * 8, (washed, 1.0), 2) == "empty"
        hidden = [0.0] * 8
        assert tracks._space_verdict(strip, clear, hidden, (washed, 1.0), 2) == "suspect"
        faint = tracks.WASHED_EMPTY - 0.05
        assert tracks._space_verdict(strip, clear, [faint] * 8, (faint, 1.0), 2) == "suspect"
    finally:
        tracks._faint_band = faint_band  # type: ignore[assignment]


def _printed_strip(
    printed: Sequence[int], colour: tuple[int, int, int] | None = None, covered: range = range(0)
) -> tuple[tracks.Strip, list[list[tuple[int, int, int]]]]:
    """A strip of beige land whose print (samples across, a mm each: the line as wide as a
    photo blurs it, or a name) is ``printed``, and its samples with ``colour`` lying on the
    samples ``covered`` (a piece), in the board's own light."""
    rows = 16
    paper, ink = (230, 215, 180), (105, 100, 92)
    width = 2 * (2 * tracks.ACROSS + tracks.SLIDE) + 1
    line = [paper] * width
    for j in printed:
        for k in range(2 * j + tracks.SLIDE - 1, 2 * j + tracks.SLIDE + 2):
            line[k] = ink
    ref = [list(line) for _ in range(2 * rows + 2 * tracks.SLIDE + 1)]
    corners = ((0.0, 0.0), (0.0, 8.0), (15.0, 0.0), (15.0, 8.0))
    strip = tracks.Strip(("A1", "A2"), corners, rows, ref, ref, [[] for _ in range(rows)])
    row = [line[2 * j + tracks.SLIDE] for j in range(tracks.COLS)]
    for j in covered:
        row[j] = colour or paper
    return strip, [list(row) for _ in range(rows)]


def test_a_dark_rail_over_the_line_is_one_band():
    """A dark rail over the space's line, the line blurred three samples wide (rendered tuning
    photo 2006, H16-I16): the rail's middle looks like the line's ink, so its two edges read
    as two runs too far apart to be one band, and the space was flagged. Print as dark as the
    piece tells nothing either way, so the band runs on over it; the line alone is no band."""
    line = range(tracks.ACROSS - 1, tracks.ACROSS + 2)
    rail = range(tracks.ACROSS - 3, tracks.ACROSS + 4)
    strip, samples = _printed_strip(line, (95, 88, 80), rail)
    got = tracks.judge(samples, strip)
    assert got.band >= tracks.TAKEN_ROWS and got.other <= tracks.TAKEN_OTHER, got[:3]
    strip, samples = _printed_strip(line)
    assert tracks.judge(samples, strip).clear == 1.0


def test_a_band_with_a_few_stray_rows_is_still_straight():
    """A rail's shadow or lit side joins its band in a few rows and moves its middle (rendered
    tuning photo 2007, D12-E12: 4 of 16 rows). Those rows read as something else and the rest
    stay a band; a band that bends or slants in many rows (a finger's edge, a card's corner)
    is none."""
    along = [(row, 8.0 + 0.2 * (row % 2)) for row in range(16)]
    assert tracks._straight_rows(along) == 16
    strays = [(row, 4.0 if row in (3, 9, 12) else c) for row, c in along]
    assert tracks._straight_rows(strays) == 13
    bent = [(row, 4.0 if row < 7 else c) for row, c in along]
    assert tracks._straight_rows(bent) == 0
    slanted = [(row, 2.0 + 0.5 * row) for row in range(16)]
    assert tracks._straight_rows(slanted) == 0


def test_a_pale_strip_over_print_runs_on_over_it():
    """A cream strip beside the line lying over a name printed there (rendered 1965, I8-I9):
    where the print is covered the photo shows the strip, not the ink, and counts as off the
    board; before, the print counted as unknown and cut the strip's run below a piece's width.
    Print that shows as print stays unknown: an empty space reads no pale band."""
    printed = [*range(2, 5), tracks.ACROSS]  # a name, and the line
    strip, bare = _printed_strip(printed)
    assert tracks.pale_band(_floats(bare), strip, 0, 0) == (0.0, 0.0)
    strip, covered = _printed_strip(printed, (250, 236, 190), range(2, tracks.ACROSS - 2))
    assert tracks.pale_band(_floats(covered), strip, 0, 0) == (1.0, 0.0)


def test_faint_runs_here_and_there_are_no_paper_strip():
    """A paper strip is straight: its faint band lies along one line from row to row. The
    board's grain, the noise of a dim photo or a pale print show faint runs a piece's width
    too, but here and there across the strip; over the eleven rendered sets 1800-2919, 857
    empty spaces were flagged for such runs in half their rows or a little more. A strip
    beside the line is still a faint band; the same runs scattered are not, unless in more
    than PALE_SCATTERED of the rows (a card's print read so: rendered 2214 D1-E2)."""
    line = [tracks.ACROSS]
    paper = (250, 236, 190)
    strip, beside = _printed_strip(line, paper, range(2, tracks.ACROSS - 2))
    assert tracks._faint_band(strip, _clear_judged(beside))
    strip, scattered = _printed_strip(line)
    for row in range(0, strip.rows, 2):
        start = (1, tracks.ACROSS + 2, 4)[row // 2 % 3]
        for c in range(start, start + 3):
            scattered[row][c] = paper
    share = tracks.pale_band(_floats(scattered), strip, 0, 0)[0]
    assert tracks.EMPTY_PALE < share <= tracks.PALE_SCATTERED
    assert not tracks._faint_band(strip, _clear_judged(scattered))
    for row in range(1, strip.rows, 2):  # in every row
        for c in range(3, 6):
            scattered[row][c] = paper
    assert tracks._faint_band(strip, _clear_judged(scattered))


def test_a_band_lighter_than_the_land_along_an_empty_space_is_traced():
    """A band a piece's width lighter than the board on both sides of it by LIGHTER or more
    (median over the rows), too little yellower to call it cream, is traced there
    (lighter_band): the rules' empty is asked of the second look (a cream strip beside its
    line: rendered 4432 K9-L8, 8.9 levels). Lighter by less, or in a band reaching the
    strip's side (a step in the land's light), it is not."""
    for lift, cols, traced in (
        (9, range(3, 8), True),
        (4, range(3, 8), False),
        (9, range(0, 8), False),
    ):
        strip, samples = _printed_strip([tracks.ACROSS])
        for row in samples:
            for c in cols:
                p0, p1, p2 = row[c]
                row[c] = (p0 + lift, p1 + lift, p2 + lift)
        judged = _clear_judged(samples)
        assert tracks.lighter_band(judged.scaled, strip, 0, 0) is traced
        assert tracks._traced(strip, judged) is traced
        assert tracks._traced(strip, judged._replace(traced=not traced)) is not traced


def _clear_judged(samples: list[list[tuple[int, int, int]]]) -> tracks.Judged:
    return tracks.Judged(0.0, 0.0, 1.0, (1.0, 1.0, 1.0), 0, 0, (1, 1, 1), _floats(samples))


def test_a_cream_strip_beside_the_line_is_not_read_empty():
    """A cream strip beside the line on the beige land (rendered tuning 2009 F14-F15 and
    G13-G14, 1809 G11-H11: read empty) differs from the board by less than PALE_DIFF in every
    sample, but is yellower than the board beside it all along the space, its edges soft.
    The board alone, a faint tint, or the land turning yellower to the strip's side (a step,
    not a band) is no such strip."""
    line = [tracks.ACROSS]
    strip, bare = _printed_strip(line)
    assert not tracks.cream_band(_floats(bare), strip, 0, 0)
    beside = range(tracks.ACROSS + 2, tracks.ACROSS + 7)
    strip, cream = _printed_strip(line, (240, 226, 178), beside)  # red, green +11, blue -2
    for row in cream:  # the strip's soft edges
        row[beside.start - 1] = row[beside.stop] = (235, 220, 179)
    assert tracks.pale_band(_floats(cream), strip, 0, 0) == (0.0, 0.0)
    assert tracks.cream_band(_floats(cream), strip, 0, 0)
    strip, faint = _printed_strip(line, (233, 218, 179), beside)
    assert not tracks.cream_band(_floats(faint), strip, 0, 0)
    strip, step = _printed_strip(line, (240, 226, 178), range(tracks.ACROSS + 2, tracks.COLS))
    assert not tracks.cream_band(_floats(step), strip, 0, 0)


def _floats(samples: list[list[tuple[int, int, int]]]) -> list[list[tuple[float, float, float]]]:
    return [[(float(r), float(g), float(b)) for r, g, b in row] for row in samples]


def test_a_thin_stroke_crossing_the_space_is_not_a_piece():
    """A crease in a poster, or the edge of a shadow, crossing a space's strip slanting
    (rendered tuning photos 2001 D11-D12, 2035 C13-D13) differs from the board in a narrow run
    that moves across row by row: those rows are clear, not something a piece might be. A
    narrow run that stays put, or jitters by half a sample, is no such stroke, nor are two
    narrow things rows apart that one slanting line happens to pass through."""

    def read(centres: dict[int, float]) -> list[tuple[str, int, int]]:
        out = [("clear", 0, 0)] * 16
        for row, c in centres.items():
            start = math.floor(c)
            out[row] = ("other", start, start + 2)
        return out

    crease = read({row: 2.0 + 0.8 * row for row in range(2, 14)})
    assert tracks._crossing(crease) == set(range(2, 14))
    gappy = read({row: 2.0 + 0.8 * row for row in (1, 4, 5, 9, 12)})
    assert tracks._crossing(gappy) == {1, 4, 5, 9, 12}
    along = read({row: 8.0 + 0.5 * (row % 2) for row in range(16)})  # a piece's edge
    assert tracks._crossing(along) == set()
    few = read({row: 2.0 + 0.8 * row for row in (3, 4, 5)})
    assert tracks._crossing(few) == set()
    # two things apart that one line passes through (rendered 2262 J7-K7, a piece read empty)
    apart = read({0: 5.5, 1: 5.5, 2: 6.0, 3: 6.0, 10: 11.0, 11: 11.0, 12: 11.0})
    assert tracks._crossing(apart) == set()
    wide = [("other", 1 + row // 2, 6 + row // 2) for row in range(16)]  # a band: no stroke
    assert tracks._crossing(wide) == set()
    strip, samples = _printed_strip([tracks.ACROSS])
    for row, line in enumerate(samples):  # a crease's shadow, 2 mm wide, slanting across
        for j in (row, row + 1):
            if j != tracks.ACROSS:
                line[j] = (150, 140, 118)
    got = tracks.judge(samples, strip)
    assert got.clear >= tracks.EMPTY_CLEAR and got.band == 0, got[:3]


def test_the_rows_a_stroke_crosses_are_no_evidence_either_way():
    """A stroke crossing the space (a river, a crease, a shadow's edge) hides what lies under
    it in the rows it crosses, so they count neither as clear nor as differing: the space is
    judged by the rows it leaves. A dark rail over the line, as dark as the line's ink in a
    shadow, shows only as its edge beside the line, "other"; a river crossing 5 of its 16 rows
    read clear made it empty (rendered 2971 H12-H13; its network, cut there, was then emptied
    by the rules). A stroke crossing more than half the rows leaves too few: they are clear,
    as before."""
    strip = _printed_strip([tracks.ACROSS])[0]
    dark = (150, 140, 118)
    stroke = {row: range(row - 2, row + 1) for row in range(2, 7)}  # slanting, 3 wide

    def marked(rail: bool) -> list[list[tuple[int, int, int]]]:
        out = _printed_strip([tracks.ACROSS])[1]
        for row, line in enumerate(out):
            if rail:
                line[tracks.ACROSS + 2] = line[tracks.ACROSS + 3] = dark  # the rail's overhang
                line[tracks.COLS - 2] = dark  # and a stray mark: "other"
            for j in stroke.get(row, ()):
                line[j] = dark
        return out

    got = tracks.judge(marked(rail=True), strip)
    assert got.clear == 0.0 and got.other == 1.0, got[:3]
    assert tracks.judge(marked(rail=False), strip).clear == 1.0  # the stroke alone


def test_a_light_band_beside_a_line_that_shows_is_unsure():
    """A band lighter than the board in every channel, its middle 2.5 mm or more off the
    line, where the line shows beside it, is a white strip laid off its line or light on the
    board along it (rendered 2733 G2-G3: lit paper between two shadows of a window's frame,
    read as a piece): unsure. On the line, or darker than the board, or hiding the line, it is
    a piece."""
    strip = tracks.Strip(("A1", "A2"), ((0, 0), (0, 16), (15, 0), (15, 16)), 16)

    def band(tone, beside):
        return tracks.Judged(1.0, 0.0, 0.0, (1.0, 1.0, 1.0), 0, 0, tone, [], beside=beside)

    light, dark = (1.15, 1.12, 1.1), (0.5, 0.45, 0.4)
    shows, hidden = [0.9] * 8, [0.1] * 8
    assert tracks._verdict(strip, band(light, 3.0), shows, 1.0, 2) == "unsure"
    assert tracks._verdict(strip, band(light, 1.0), shows, 1.0, 2) == "taken"
    assert tracks._verdict(strip, band(dark, 3.0), shows, 1.0, 2) == "taken"
    assert tracks._verdict(strip, band(light, 3.0), hidden, 1.0, 2) == "taken"
    assert tracks._verdict(strip, band((1.2, 1.1, 0.95), 3.0), shows, 1.0, 2) == "taken"


def test_the_boards_print_a_little_off_its_place_is_no_band():
    """A river's thin line beside a space, drawn darker and crisper in the photo than in the
    softened board and left half a mm to a mm off by the fit (rendered 2026, 2203 and 2612
    B2-C3: read as pieces), is print: every sample of the band is the board's print within
    PRINT_NEAR half mm of its place. A piece is nothing the board prints there."""
    paper, river, blend = (230, 215, 180), (70, 110, 190), (150, 162, 185)
    line = [paper] * (2 * (2 * tracks.ACROSS + tracks.SLIDE) + 1)
    at = 2 * 12 + tracks.SLIDE  # the river under sample 12
    line[at - 1], line[at], line[at + 1] = blend, river, blend
    sharp = list(line)
    sharp[at - 1], sharp[at + 1] = paper, paper

    def row(samples):
        out = [tuple(map(float, paper))] * tracks.COLS
        for j, q in samples.items():
            out[j] = tuple(map(float, q))
        return out

    off = row({11: (152, 160, 182), 12: (78, 112, 186)})  # its edge off, its middle darker
    assert tracks._print_near(off, 11, 13, line, sharp, 0)
    assert not tracks._print_near(row({10: blend, 11: river}), 10, 12, line, sharp, 0)  # 2 mm
    magenta = row({11: (250, 120, 200), 12: (250, 120, 200)})
    assert not tracks._print_near(magenta, 11, 13, line, sharp, 0)
