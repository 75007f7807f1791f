"""Photos of one board at one moment read as one (:mod:`trackwright.photo.combine`): the photo
taken again with the board cleared settles what the first left unsure, what one photo decides
stands unless another decides the opposite, and the game's rules reason over them together;
on the command line (``photo MAP PHOTO PHOTO``) and in the phone's question (``"before"``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import cli, photo_scenes
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import edge_key
from trackwright.photo import combine
from trackwright.photo.tracks import Reading

SIZE = (2000, 1500)
H = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)

trackwright = cli.trackwright


def reading(spaces, track=(), unsure=(), **lists) -> Reading:
    """A reading of a board of ``spaces``: ``track`` taken, ``unsure`` unsure, the rest empty."""
    scores = {e: (0.0, 0.0, 0.0) for e in spaces}
    return Reading(sorted(track), sorted(unsure), H, 12, scores=scores, **lists)


# A small board: a line of spaces A-B-...-M, and a branch C-X-Y off it.
LINE = list(zip("ABCDEFGHIJKL", "BCDEFGHIJKLM", strict=True))
SPACES = [*LINE, ("C", "X"), ("X", "Y")]
ab, bc, cd, de, ef, fg, gh, hi, ij, jk, kl, lm = LINE
CX, XY = ("C", "X"), ("X", "Y")


def test_what_one_photo_decides_stands_unless_another_decides_the_opposite():
    first = reading(SPACES, track=[ab, bc, cd, de, ef, fg], unsure=[CX])
    again = reading(SPACES, track=[ab, bc, cd, de, gh], unsure=[ef, fg, XY])
    both = combine.combined([first, again])
    # taken in one photo, unsure in the other: taken; empty in one, unsure in the other: empty
    assert both.track == [ab, bc, cd, de, ef, fg]
    # gh: empty on the first photo, taken on the second: they disagree, a tap decides
    assert both.uncertain == [gh]


def test_a_space_one_photo_suspects_of_a_pale_piece_is_not_emptied_by_another():
    """A suspect space (its line hidden, little else changed: a pale paper strip may lie
    there) read empty on another photo stays unsure: the strip may show less there."""
    first = reading(SPACES, track=LINE[:6], unsure=[gh], suspects=[gh])
    again = reading(SPACES, track=LINE[:6])
    both = combine.combined([first, again])
    assert both.uncertain == [gh] and both.suspects == [gh]
    assert combine.combined([again, first]).uncertain == [gh]
    # seen taken on the other photo, it is taken; taken on one and empty on another, unsure
    seen = reading(SPACES, track=[*LINE[:6], gh])
    assert gh in combine.combined([first, seen]).track
    assert combine.combined([first, again, seen]).uncertain == [gh]


def test_one_photo_combined_alone_is_its_own_reading():
    first = reading(SPACES, track=LINE[:6], unsure=[gh, CX], suspects=[gh])
    alone = combine.combined([first])
    assert alone.track == first.track and alone.uncertain == first.uncertain
    assert alone.suspects == first.suspects and alone.settled() == first.settled()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from("tue"), min_size=14, max_size=14), min_size=1, max_size=4))
def test_a_space_decided_the_same_way_by_every_photo_that_decides_it_is_decided_so(verdicts):
    """For any verdicts (t taken, u unsure, e empty) of any photos (no suspect among them): a
    space is taken exactly where some photo reads it taken and none empty, empty where some
    reads it empty and none taken, unsure otherwise; and the photos' order does not matter."""
    photos = [
        reading(
            SPACES,
            track=[s for s, v in zip(SPACES, vs, strict=True) if v == "t"],
            unsure=[s for s, v in zip(SPACES, vs, strict=True) if v == "u"],
        )
        for vs in verdicts
    ]
    both = combine.combined(photos)
    for i, space in enumerate(SPACES):
        decided = {vs[i] for vs in verdicts} - {"u"}
        if decided == {"t"}:
            assert space in both.track
        elif decided == {"e"}:
            assert space not in both.track and space not in both.uncertain
        else:
            assert space in both.uncertain
    assert combine.combined(photos[::-1]).track == both.track
    assert combine.combined(photos[::-1]).uncertain == both.uncertain


def test_the_rules_reason_over_the_photos_together():
    """A space hidden on every photo is emptied only if no chain of hidden spaces joins it to
    a track some photo shows. On the first photo, A-B-C and the branch C-X-Y are hidden and
    join no track seen: the rules empty them. The second shows a track on B-C: the branch,
    hidden on both, now joins it, and stays unsure; A-B, read empty, is empty."""
    first = reading(SPACES, track=[de, ef, fg, gh, hi, ij, jk], unsure=[ab, bc, CX, XY])
    again = reading(SPACES, track=[bc, de, ef, fg, gh, hi, ij, jk], unsure=[CX, XY])
    assert first.settled().empty_by_rule == [ab, bc, CX, XY]
    together = combine.combined([first, again]).settled()
    assert together.uncertain == [CX, XY] and together.empty_by_rule == []
    assert bc in together.track and ab not in together.track


def test_an_earlier_answer_reads_back_as_its_reading_with_the_rules_emptied_unsure():
    m = model.load("usa")
    spaces = [edge_key(e.a, e.b) for e in m.edges]
    first = reading(spaces, track=spaces[:7], unsure=spaces[100:103])
    answer = json.loads(json.dumps(first.settled().to_json()))
    back = combine.answer_from(answer, spaces, "before[0]")
    assert back.track == sorted(first.track)
    assert sorted(back.uncertain) == sorted(first.uncertain)
    for bad, place in (
        ([], "before[0]"),
        ({"track": "A-B"}, "before[0].track"),
        ({"track": [["A1", "Z9"]]}, "before[0].track[0]"),
        ({"uncertain": [["A1"]]}, "before[0].uncertain[0]"),
    ):
        with pytest.raises(TrackwrightError) as got:
            combine.answer_from(bad, spaces, "before[0]")
        assert got.value.where == place, got.value


class Taken(NamedTuple):
    first: photo_scenes.Photo
    again: photo_scenes.Photo
    paths: list[Path]
    alone: Reading  # the first photo's reading, settled
    both: Reading  # the two photos' reading, settled


@pytest.fixture(scope="module")
def taken_again(tmp_path_factory) -> Taken:
    """Seed 7's generated photo of a round with a city card (and a hand) over the board, and
    the same round with the card lifted and no hand (taken from elsewhere: the generator draws
    the camera afresh), as files; each read, and the two read together. Made once for the
    module's tests (its group runs on one worker)."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    first = photo_scenes.scene(7, size=SIZE)
    again = photo_scenes.scene(7, size=SIZE, card=False, hand=False)
    folder = tmp_path_factory.mktemp("taken-again")
    paths = [folder / "first.jpg", folder / "again.jpg"]
    for path, photo in zip(paths, (first, again), strict=True):
        path.write_bytes(photo.jpeg)
    read = [cli_photo.read_photo(m, p.jpeg, "p", {}, settled=False) for p in (first, again)]
    return Taken(first, again, paths, read[0].settled(), combine.combined(read).settled())


def _flagged_and_wrong(truth: dict, got: dict) -> tuple[int, int]:
    taken = {tuple(sorted(e)) for e in truth["track"]}
    read = {tuple(sorted(e)) for e in got["track"]}
    unsure = {tuple(sorted(e)) for e in got["uncertain"]}
    spaces = {(e.a, e.b) if e.a <= e.b else (e.b, e.a) for e in model.load("usa").edges}
    wrong = sum(1 for e in spaces - unsure if (e in read) != (e in taken))
    return len(unsure), wrong


def test_the_photo_taken_again_with_the_card_lifted_settles_what_it_hid(taken_again):
    """On the command line: ``photo MAP PHOTO PHOTO``. Seed 7's city card hides spaces (30
    left unsure in all); with the card lifted and the photo taken again, the two photos
    together leave 9, and no space wrong (the second alone leaves 7: spaces the photos
    disagree on, or one of them suspects of a pale piece, stay flagged)."""
    first, again, paths = taken_again.first, taken_again.again, taken_again.paths
    assert first.truth["track"] == again.truth["track"]
    done = trackwright("photo", "usa", *paths, "--json")
    assert done.returncode == 0, done.stderr
    both = json.loads(done.stdout)
    assert both == {k: v for k, v in taken_again.both.to_json().items() if k in both}
    alone_flagged, alone_wrong = _flagged_and_wrong(first.truth, taken_again.alone.to_json())
    flagged, wrong = _flagged_and_wrong(first.truth, both)
    assert taken_again.alone.covered and not both["covered"]
    assert flagged < alone_flagged / 2, (flagged, alone_flagged)
    assert wrong == alone_wrong == 0
    # anchors place one photo: with two, one line naming the second, exit code 2
    cities = ("Seattle", "Miami", "Boston", "San Diego")
    anchors = [a for i, c in enumerate(cities) for a in ("--anchor", f"{c}={i + 10},{i + 20}")]
    anchored = trackwright("photo", "usa", *paths, *anchors)
    assert anchored.returncode == 2 and "again.jpg" in anchored.stderr
    assert len(anchored.stderr.strip().splitlines()) == 1


def test_the_phone_question_reads_a_photo_with_the_earlier_answers(taken_again):
    """The page sends the answers it was given for the earlier photos (``"before"``): the
    reading is the one of the photos together. Not an answer: one line naming the place."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)
    from trackwright.play import bridge

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    before = taken_again.alone.to_json()
    cli_both = taken_again.both.to_json()
    again = taken_again.again
    pic, _scale = cli_photo.working_picture(again.jpeg, "photo")
    ref, sharp = cli_photo.reference(m)
    record = {"game": "transamerica", "map": "usa", "players": ["Ann", "Ben", "Cy"], "rounds": []}

    def rgb(p):
        return {"width": p.width, "height": p.height}, bytes(
            v for px in zip(p.r, p.g, p.b, strict=True) for v in px
        )

    photo_args, photo_bytes = rgb(pic)
    ref_args, ref_bytes = rgb(ref.pic)
    sharp_args, sharp_bytes = rgb(sharp)
    args = {
        "photo": {**photo_args, "buffer": 0},
        "reference": {**ref_args, "buffer": 1, "ppm": ref.ppm},
        "sharp": {**sharp_args, "buffer": 2},
        "before": [json.loads(json.dumps(before))],
    }
    buffers = [photo_bytes, ref_bytes, sharp_bytes]

    def ask(a):
        return json.loads(
            bridge.ask_bytes_text("photo_read", json.dumps(record), json.dumps(a), buffers)
        )

    answer = ask(args)["ok"]
    assert answer["track"] == cli_both["track"]
    assert answer["uncertain"] == cli_both["uncertain"]
    error = ask({**args, "before": [{"track": [["A1", "Q99"]]}]})["error"]
    assert "photo.before[0].track[0]" in error and "earlier photo" in error
    assert "photo.before" in ask({**args, "before": {"track": []}})["error"]
