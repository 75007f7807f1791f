"""``trackwright photo``: the registration marks every TransAmerica board carries, and the reader
on a few generated photos (a fast subset of ``benchmarks/photos.py``), anchors, and bad photos
answered in one line with exit code 2."""

from __future__ import annotations

import io
import json
import math
import sys
from functools import cache
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image, ImageFilter

from tests.support import cli, photo_scenes
from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.kits.transamerica import board as kit_board
from trackwright.photo import marks as marks_mod

SIZE = (2000, 1500)  # smaller than a phone's photo: the reader works at 1600 px anyway


trackwright = cli.trackwright


@cache
def scene(seed: int, **force) -> photo_scenes.Photo:
    """The first scene generator's photo of the seed (printed strips, matches, dark wood, its
    light), as these tests were written for; the other kinds are test_piece_kinds.py's."""
    return photo_scenes.scene(seed, size=SIZE, classic=True, **force)


def saved(tmp_path: Path, photo: photo_scenes.Photo | bytes, name: str = "photo.jpg") -> Path:
    path = tmp_path / name
    path.write_bytes(photo if isinstance(photo, bytes) else photo.jpeg)
    return path


# ------------------------------------------------------------------ the marks


@pytest.mark.parametrize("name", mapfile.builtin_map_names("transamerica"))
def test_every_board_carries_marks_clear_of_the_game(name):
    m = model.load(name)
    marks = marks_mod.marks(m)
    width, height = marks_mod.drawing_size(m)
    assert len(marks) >= 8
    # marks towards each corner of the board (usa-classic's crowded top left keeps its
    # nearest one 263 mm away: its city names fill that corner)
    for cx, cy in ((0, 0), (width, 0), (width, height), (0, height)):
        assert min(math.hypot(k.x - cx, k.y - cy) for k in marks) < 300
    for k in marks:
        for n in m.nodes.values():
            assert math.hypot(k.x - n.x, k.y - n.y) > marks_mod.TILE / 2
    # the title box where the kit draws it
    place = kit_board.cartouche_place(m)
    box, extra = marks_mod.cartouche_box(m)
    assert (box[0], box[1]) == pytest.approx((place[0], place[1]))
    assert extra == pytest.approx(place[2])


@pytest.mark.parametrize("name", ["usa", "usa-classic", "europe", "japan"])
def test_the_reader_knows_where_the_sheets_meet(name):
    """The reader's seams are the kit's cuts on every paper: the sheets' printed windows meet
    there (each window's edge is half the overlap past the seam)."""
    from trackwright.cli.photo import keepouts
    from trackwright.kits.sheets import seam_keepouts, tiled_pages
    from trackwright.photo import seams

    m = model.load(name)
    drawing = kit_board.board_drawing(m, "en")
    assert (drawing.width, drawing.height) == marks_mod.drawing_size(m)
    keep = keepouts(m)
    for paper in ("a4", "letter", "a3"):
        tiling, _pages = tiled_pages(drawing, paper, "en", "t")
        half = tiling.overlap / 2
        xs = sorted({t.x + half for t in tiling.tiles if t.col > 0})
        ys = sorted({t.y + half for t in tiling.tiles if t.row > 0})
        got = seams.paper_seams(drawing.width, drawing.height, paper, keep)
        assert got[0] == pytest.approx(xs) and got[1] == pytest.approx(ys), paper
        assert set(got[0]) <= set(seams.seams(drawing.width, drawing.height, keep)[0])
    # The phone has no fonts to measure the words with: it knows a built-in board's seams from
    # its map file, which holds every paper's, the same in every language.
    assert m.printed_seams is not None
    stored = seams.board_seams(m.printed_seams, drawing.width, drawing.height)
    assert stored == seams.seams(drawing.width, drawing.height, keep)
    for lang in ("fr", "de", "it"):
        other = kit_board.board_drawing(m, lang)
        assert seams.seams(other.width, other.height, seam_keepouts(other.ops)) == stored, lang


def test_the_reader_takes_the_seams_from_the_map_file():
    """The phone has no fonts: on a random board it knows the seams from the map file beside
    the kit (``print.seams``), the same as the command line measures from the words, and not the
    equal split it takes for a map file that does not say."""
    from dataclasses import replace

    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)
    from trackwright.kits.transamerica import continent
    from trackwright.photo import tracks

    cli_photo = sys.modules["trackwright.cli.photo"]
    kit_map = kit_board.printed(continent.generate(3, "en")[0])  # as the kit writes map.json
    m = model.from_json(json.loads(mapfile.dumps(kit_map.to_json())), "map.json")
    assert m.printed_seams == kit_map.printed_seams
    bare = replace(m, printed_seams=None, printed_seam_runs=None)  # a hand-written map file
    pictures = cli_photo.reference(m)
    phone = tracks.Board(m, *pictures)  # no keepouts: the phone
    laptop = tracks.Board(bare, *pictures, keepouts=cli_photo.keepouts(bare))
    equal = tracks.Board(bare, *pictures)
    assert [s.seams for s in phone.strips] == [s.seams for s in laptop.strips]
    assert [s.seams for s in phone.strips] != [s.seams for s in equal.strips]


def test_the_board_drawing_carries_the_marks():
    m = model.load("usa")
    drawing = kit_board.board_drawing(m, "en")
    width, height = marks_mod.drawing_size(m)
    assert (drawing.width, drawing.height) == pytest.approx((width, height))
    text = repr(drawing.ops)
    assert text.count(marks_mod.INK) >= 2 * len(marks_mod.marks(m))


# ------------------------------------------------------------------ reading photos


def check(truth: dict, got: dict) -> tuple[int, int, int]:
    """(wrong, flagged, right) over the board's track spaces."""
    m = model.load(truth["map"])
    taken = {tuple(e) for e in truth["track"]}
    read = {tuple(e) for e in got["track"]}
    unsure = {tuple(e) for e in got["uncertain"]}
    wrong = flagged = right = 0
    for e in m.edges:
        key = tuple(sorted((e.a, e.b)))
        if key in unsure:
            flagged += 1
        elif (key in read) == (key in taken):
            right += 1
        else:
            wrong += 1
    return wrong, flagged, right


@pytest.mark.parametrize("seed", [3, 11])
def test_generated_photos_read_right_or_flagged(tmp_path, seed):
    photo = scene(seed)
    done = trackwright("photo", "usa", str(saved(tmp_path, photo)), "--json")
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert set(got) == {"track", "uncertain", "covered", "shaded"}
    wrong, flagged, right = check(photo.truth, got)
    total = wrong + flagged + right
    assert wrong <= 1, (wrong, flagged)
    # 6 %, was 5 %: since issue 28 an empty space needs its printed line seen, which flags
    # more (seed 3: 26 of 479, the reader before: 14), and no pale piece is read empty
    # 6 % before the sheets were laid as bricks (the photos' seams moved); never a wrong space
    assert flagged <= 0.075 * total
    assert right >= 0.925 * total


@pytest.mark.parametrize("seed", [21, 22])
def test_wooden_pieces_read_right_or_flagged_everywhere(seed):
    """Pale matchsticks and dark wooden pieces, wherever they lie (on the grey mountains, on a
    double line): none read wrong without a flag."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    for kinds in (("matches",), ("dark",)):
        photo = scene(seed, kinds=kinds)
        reading = cli_photo.read_photo(m, photo.jpeg, "photo", {})
        got = {"track": reading.track, "uncertain": reading.uncertain}
        wrong, flagged, right = check(photo.truth, got)
        assert wrong == 0, (kinds, wrong, flagged)
        assert flagged <= 0.08 * (wrong + flagged + right), (kinds, flagged)


def test_printed_lines_are_not_pieces():
    """What tells a band of print (the line seen twice where sheets meet, a guide line) from a
    piece: the line's own blend of ink and paper and its grey hue; not wood, not a dark piece
    wider than the line."""
    from trackwright.photo import tracks

    paper, ink = (246, 241, 226), (60, 60, 58)
    row = [paper] * (2 * (2 * tracks.ACROSS + tracks.SLIDE) + 1)
    row[len(row) // 2] = ink
    first = tracks.SLIDE

    def blend(t: float) -> tuple[float, float, float]:
        return tuple(ink[c] + t * (paper[c] - ink[c]) for c in range(3))  # type: ignore[return-value]

    assert tracks._like_line([blend(0.6), blend(0.1), blend(0.5)], row, row, first)
    assert tracks._like_line([(150, 150, 148), (160, 160, 157)], row, row, first)  # grey guide
    assert not tracks._like_line([(222, 180, 130), (215, 175, 128)], row, row, first)  # wood
    assert not tracks._like_line([(90, 62, 44), (86, 60, 42), (120, 96, 80)], row, row, first)
    dark = [blend(0.4), blend(0.05), blend(0.0), blend(0.1), blend(0.5)]  # 3 mm of ink: a piece
    assert not tracks._like_line(dark, row, row, first)


def test_the_board_between_two_fingers_is_not_a_piece():
    """A strip mostly under a hand, with the board showing in the gap between two fingers: in
    the strip's own light (the skin's) the gap is a narrow band like a piece's. But the gap has
    the whole board's colour and the strip has not: uncertain. A piece's band is never nearer
    the board's colour than the board round it."""
    from trackwright.photo import tracks

    board = {("A", f"B{k}"): (0.8, 0.8, 0.8) for k in range(20)}
    light = {**board, ("C", "D"): (0.76, 0.64, 0.60), ("E", "F"): (0.81, 0.8, 0.79)}
    tones = {
        ("C", "D"): (0.78, 0.79, 0.8),  # the board itself, between two fingers
        ("E", "F"): (0.23, 0.17, 0.12),  # a dark wooden piece on the board
        ("A", "B3"): (0.9, 0.7, 0.45),  # a matchstick
    }
    assert tracks._board_between(light, tones) == [("C", "D")]


def test_the_plain_output_lists_the_spaces(tmp_path):
    photo = scene(3)
    done = trackwright("photo", "usa", str(saved(tmp_path, photo)))
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert "track spaces taken" in first and "marks" in first


def test_anchors_read_a_photo_whose_marks_are_hidden(tmp_path):
    photo = scene(3)
    m = model.load("usa")
    h = np.array(photo.truth["homography"]).reshape(3, 3)
    image = Image.open(io.BytesIO(photo.jpeg)).convert("RGB")
    # Paint over every mark: the board can no longer be found by itself.
    from PIL import ImageDraw

    draw = ImageDraw.Draw(image)
    for k in marks_mod.marks(m):
        q = h @ [k.x, k.y, 1.0]
        x, y = q[:2] / q[2]
        draw.ellipse((x - 30, y - 30, x + 30, y + 30), fill=(200, 220, 230))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    path = saved(tmp_path, out.getvalue())
    done = trackwright("photo", "usa", str(path), "--json")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "--anchor" in done.stderr
    anchors = []
    for name in ("Seattle", "Jacksonville", "Boston", "San Diego"):
        node = m.nodes[m.city_by_name[name].node]
        q = h @ [node.x, node.y, 1.0]
        x, y = q[:2] / q[2]
        anchors += ["--anchor", f"{name}={x:.1f},{y:.1f}"]
    done = trackwright("photo", "usa", str(path), "--json", *anchors)
    assert done.returncode == 0, done.stderr
    wrong, flagged, right = check(photo.truth, json.loads(done.stdout))
    # 0.93 before the sheets were laid as bricks (the photo's seams moved: more flagged)
    assert wrong <= 1 and right >= 0.91 * (wrong + flagged + right)


def one_line_error(tmp_path, data: bytes, *words: str) -> None:
    done = trackwright("photo", "usa", str(saved(tmp_path, data)), "--json")
    assert done.returncode == 2, done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=70)
    return out.getvalue()


def test_no_board_in_the_photo(tmp_path):
    table = Image.fromarray(
        (128 + photo_scenes.grain(SIZE, 30, 1)).clip(0, 255).astype("uint8")
    ).convert("RGB")
    one_line_error(tmp_path, jpeg(table), "no board found", "--anchor")


def test_too_dark(tmp_path):
    image = Image.open(io.BytesIO(scene(3).jpeg)).point(lambda v: v // 8)
    one_line_error(tmp_path, jpeg(image), "too dark")


def test_too_blurred(tmp_path):
    image = Image.open(io.BytesIO(scene(3).jpeg)).filter(ImageFilter.GaussianBlur(7))
    done = trackwright("photo", "usa", str(saved(tmp_path, jpeg(image))), "--json")
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and ("too blurred" in line or "no board found" in line), line


def test_board_cut_off(tmp_path):
    photo = scene(11, fill=0.9)
    image = Image.open(io.BytesIO(photo.jpeg))
    h = np.array(photo.truth["homography"]).reshape(3, 3)
    m = model.load("usa")
    xs = []
    for n in m.nodes.values():
        q = h @ [n.x, n.y, 1.0]
        xs.append(q[0] / q[2])
    cut = int(np.percentile(xs, 75))
    image = image.crop((0, 0, cut, image.height))
    one_line_error(tmp_path, jpeg(image), "cut off")


def test_not_a_photo(tmp_path):
    one_line_error(tmp_path, b"not a picture at all", "not a JPEG or PNG")


def test_bad_anchor(tmp_path):
    done = trackwright("photo", "usa", str(saved(tmp_path, scene(3))), "--anchor", "Seattle=1,2")
    assert done.returncode == 2 and "four" in done.stderr


# ------------------------------------------------------------------ the phone's question


def rgba(image: Image.Image) -> dict:
    import base64

    image = image.convert("RGBA")
    return {
        "width": image.width,
        "height": image.height,
        "rgba": base64.b64encode(image.tobytes()).decode(),
    }


def test_the_phone_question_reads_as_the_cli_does(tmp_path):
    """The page hands its canvas's pixels (the photo at the working size, the board's own
    picture) to the engine's question ``photo_read``: the same reading as the CLI."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)
    from trackwright.play import bridge

    cli_photo = sys.modules["trackwright.cli.photo"]
    photo = scene(3)
    m = model.load("usa")
    # Given the pixels the command line reads (the browser test feeds the page's own canvas),
    # the same reading.
    pic, _scale = cli_photo.working_picture(photo.jpeg, "photo")
    image = Image.merge(
        "RGB", [Image.frombytes("L", (pic.width, pic.height), p) for p in (pic.r, pic.g, pic.b)]
    )
    ref, sharp = cli_photo.reference(m)
    size = (ref.pic.width, ref.pic.height)
    ref_image, sharp_image = (
        Image.merge("RGB", [Image.frombytes("L", size, plane) for plane in (p.r, p.g, p.b)])
        for p in (ref.pic, sharp)
    )
    record = {"game": "transamerica", "map": "usa", "players": ["Ann", "Ben", "Cy"], "rounds": []}
    answer = bridge.ask(
        "photo_read",
        record,
        {
            "photo": rgba(image),
            "reference": {**rgba(ref_image), "ppm": ref.ppm},
            "sharp": rgba(sharp_image),
        },
    )
    wrong, flagged, _right = check(photo.truth, answer)
    assert len(answer["homography"]) == 9 and answer["marks"] >= 6
    cli = trackwright("photo", "usa", str(saved(tmp_path, photo)), "--json")
    got = json.loads(cli.stdout)
    assert answer["track"] == got["track"]
    assert answer["uncertain"] == got["uncertain"]
    cli_wrong, _cli_flagged, _cli_right = check(photo.truth, got)
    # and the same spaces ruled empty by the game's rules (joined to no track found)
    reading = cli_photo.read_photo(m, photo.jpeg, "photo", {})
    assert answer["empty_by_rule"] == [list(e) for e in reading.empty_by_rule]
    assert wrong == cli_wrong and flagged == len(got["uncertain"])
    # As the page sends them: the pixels as bytes beside the JSON (RGBA, as a canvas gives).
    args = {
        "photo": {"width": image.width, "height": image.height, "buffer": 0},
        "reference": {"width": size[0], "height": size[1], "buffer": 1, "ppm": ref.ppm},
        "sharp": {"width": size[0], "height": size[1], "buffer": 2},
    }
    buffers = [im.convert("RGBA").tobytes() for im in (image, ref_image, sharp_image)]
    reply = json.loads(
        bridge.ask_bytes_text("photo_read", json.dumps(record), json.dumps(args), buffers)
    )
    assert reply["ok"]["track"] == got["track"] and reply["ok"]["uncertain"] == got["uncertain"]
    bad = {**args, "photo": {**args["photo"], "buffer": 7}}
    reply = json.loads(
        bridge.ask_bytes_text("photo_read", json.dumps(record), json.dumps(bad), buffers)
    )
    assert "no buffer 7" in reply["error"]


def _as_the_page_asks():
    """The page's engine questions for one photo of scene 3: ``ask(args, buffers)``, the
    board's ``pictures`` (args) and their bytes, and the photo's args and bytes."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)
    from trackwright.play import bridge

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    pic, _scale = cli_photo.working_picture(scene(3).jpeg, "photo")
    ref, sharp = cli_photo.reference(m)
    size = (ref.pic.width, ref.pic.height)

    def planes(p) -> bytes:
        return Image.merge(
            "RGB", [Image.frombytes("L", (p.width, p.height), c) for c in (p.r, p.g, p.b)]
        ).tobytes()

    pictures = {
        "reference": {"width": size[0], "height": size[1], "buffer": 0, "ppm": ref.ppm},
        "sharp": {"width": size[0], "height": size[1], "buffer": 1},
    }
    record = {"game": "transamerica", "map": "usa", "players": ["Ann", "Ben", "Cy"], "rounds": []}

    def ask(args, buffers=()):
        text = bridge.ask_bytes_text("photo_read", json.dumps(record), json.dumps(args), buffers)
        return json.loads(text)

    photo = {"width": pic.width, "height": pic.height}
    return ask, pictures, [planes(ref.pic), planes(sharp)], photo, planes(pic)


def test_the_board_named_once_is_read_by_its_name():
    """The page sends the board's pictures once, naming them; later photos name them only
    (megabytes spared each photo). A name the engine holds no board for asks for them."""
    from trackwright.photo import question

    ask, pictures, board_bytes, photo, photo_bytes = _as_the_page_asks()
    question._BOARDS.clear()
    question._MAKING.clear()
    by_name = {"photo": {**photo, "buffer": 0}, "board": "usa-1"}
    assert ask(by_name, [photo_bytes])["ok"] == {"need": "board"}
    full = {"photo": {**photo, "buffer": 2}, **pictures, "board": "usa-1"}
    first = ask(full, [*board_bytes, photo_bytes])["ok"]
    assert first["track"] and "need" not in first
    assert ask(by_name, [photo_bytes])["ok"] == first
    assert ask({**by_name, "board": "usa-2"}, [photo_bytes])["ok"] == {"need": "board"}
    # begun in steps under its name: a photo by the name alone finishes it
    question._BOARDS.clear()
    ask({"prepare": "step", **pictures, "board": "usa-3"}, board_bytes)
    assert question._MAKING
    assert ask({**by_name, "board": "usa-3"}, [photo_bytes])["ok"] == first
    assert not question._MAKING
    for bad in (7, "", "x" * 101):
        error = ask({**by_name, "board": bad}, [photo_bytes])["error"]
        assert "board: a name of 1 to 100 characters wanted" in error


def test_the_board_made_ready_in_steps_reads_as_one_made_at_once():
    """While the round is played the page makes the board ready a step at a time ("prepare":
    "step": the pictures once, then bare steps until ready), each a short hold of the engine;
    the photo then reads exactly as with a board made at once, and a photo taken half way
    finishes the board first."""
    from trackwright.photo import question
    from trackwright.play import bridge

    page_ask, pictures, board_bytes, photo, photo_bytes = _as_the_page_asks()

    def ask(args, buffers=()):
        return page_ask(args, buffers)["ok"]

    def read():
        return ask({"photo": {**photo, "buffer": 2}, **pictures}, [*board_bytes, photo_bytes])

    question._BOARDS.clear()
    question._MAKING.clear()
    at_once = read()
    question._BOARDS.clear()
    nothing = {"ready": False, "making": False}
    assert ask({"prepare": "step"}) == nothing  # nothing begun: the page sends pictures
    answers = [ask({"prepare": "step", **pictures}, board_bytes)]
    while not answers[-1]["ready"]:
        assert answers[-1] == {"ready": False, "making": True}
        answers.append(ask({"prepare": "step"}))
    assert len(answers) == 13  # 479 strips, 40 a step (12 steps), then the rest of the board
    assert not question._MAKING
    assert read() == at_once
    done = {"ready": True, "making": False}
    assert ask({"prepare": "step"}) == done
    assert ask({"prepare": "step", **pictures}, board_bytes) == done
    # another map's steps are not this one's: its page is told to send its own pictures
    other = {"game": "transamerica", "map": "europe", "players": ["Ann", "Ben"], "rounds": []}
    text = bridge.ask_bytes_text("photo_read", json.dumps(other), '{"prepare": "step"}', [])
    assert json.loads(text)["ok"] == nothing
    # half way: the photo finishes the board
    question._BOARDS.clear()
    ask({"prepare": "step", **pictures}, board_bytes)
    ask({"prepare": "step"})
    assert question._MAKING
    assert read() == at_once
    assert not question._MAKING


def test_a_reading_in_parts_on_two_engines_is_the_reading_in_one():
    """The phone reads a photo on two engines: the first fits it ("stage": "fit"), both judge
    half the strips (the second handed the photo beforehand, "stage": "photo", and the fit),
    the first concludes with the second's half: exactly the reading in one question. A
    stage for a photo no longer held asks for the whole reading; a part that is not one is
    refused in one line."""
    from trackwright.photo import question

    page_ask, pictures, board_bytes, photo, photo_bytes = _as_the_page_asks()

    def ask(args, buffers=()):
        return page_ask(args, buffers)["ok"]

    question._BOARDS.clear()
    question._MAKING.clear()
    question._HELD.clear()
    whole = ask(
        {"photo": {**photo, "buffer": 2}, **pictures, "board": "b"}, [*board_bytes, photo_bytes]
    )
    held = {"photo": {**photo, "buffer": 0}, "board": "b", "reading": "r1"}
    # the second engine (here the same one: each stage names its reading) holds the photo ...
    assert ask({**held, "stage": "photo", "reading": "r1-helper"}, [photo_bytes]) == {"held": True}
    fitted = ask({**held, "stage": "fit"}, [photo_bytes])["fitted"]
    assert len(fitted["h"]) == 9
    # ... and judges the odd strips while the first judges the even ones and keeps them
    other = ask(
        {"board": "b", "reading": "r1-helper", "stage": "judge", "part": [1, 2], "fitted": fitted}
    )
    assert len(other["part"]["strips"]) > 200
    mine = {"board": "b", "reading": "r1", "stage": "judge", "part": [0, 2], "keep": True}
    assert ask(mine) == {"judged": True}
    done = ask({"board": "b", "reading": "r1", "stage": "conclude", "parts": [other["part"]]})
    assert done == whole
    # concluded, the photo is let go: a stage for it asks for the whole reading; and so does a
    # conclusion asked of the engine that only judged a part
    assert ask(mine) == {"need": "photo"}
    helper_ends = {"board": "b", "reading": "r1-helper", "stage": "conclude", "parts": []}
    assert ask({**helper_ends, "fitted": fitted}) == {"need": "photo"}
    # a half missing, or a half twice, or not a half at all: refused in one line
    for parts in ([], [other["part"], other["part"]], [{"strips": 3}]):
        ask({**held, "stage": "fit"}, [photo_bytes])
        ask(mine)
        error = page_ask({"board": "b", "reading": "r1", "stage": "conclude", "parts": parts})
        assert "parts: not a part of a reading" in error["error"], error
    for bad in ({"stage": "peek"}, {"stage": "judge", "part": [2, 2]}):
        ask({**held, "stage": "fit"}, [photo_bytes])
        error = page_ask({"board": "b", "reading": "r1", **bad})["error"]
        assert "not a part of a reading" in error, error


def test_the_page_draws_at_the_readers_own_sizes():
    """The page asks the engine the sizes it scales the photo and draws the board's picture at,
    and how many earlier photos a photo may be read with, so they are written once, in the
    reader."""
    from trackwright.photo import question, tracks
    from trackwright.play import bridge

    record = {"game": "transamerica", "map": "usa", "players": ["Ann", "Ben", "Cy"], "rounds": []}
    assert bridge.ask("photo_setup", record, {}) == {
        "working": tracks.WORKING,
        "ppm": tracks.REF_PPM,
        "blur": tracks.REF_BLUR,
        "sharp_blur": tracks.SHARP_BLUR,
        "before_most": question.BEFORE_MOST,
    }


def test_the_phone_question_says_why_a_photo_is_bad():
    from trackwright.core.errors import TrackwrightError
    from trackwright.play import bridge

    dark = Image.new("RGB", (1600, 1200), (10, 10, 12))
    ref = Image.new("RGB", (100, 100), (255, 255, 255))
    record = {"game": "transamerica", "map": "usa", "players": ["Ann", "Ben", "Cy"], "rounds": []}
    answer = bridge.ask(
        "photo_read", record, {"photo": rgba(dark), "reference": {**rgba(ref), "ppm": 2}}
    )
    assert answer["problem"] == "dark"
    assert "too dark" in answer["message"]
    with pytest.raises(TrackwrightError):
        bridge.ask("photo_read", record, {"photo": {"width": 3}, "reference": None})


def _touching(edges, spaces) -> list:
    """The edges sharing no intersection with any of ``spaces``."""
    nodes = {n for e in spaces for n in e}
    return [e for e in edges if not set(e) & nodes]


def test_the_reading_says_which_unsure_spaces_a_card_or_a_hand_hides():
    """Besides the unsure spaces, the reading says which of them something hides, so that the
    page can say what to clear before taking the photo again: ``covered``, under something
    flat laid over the board (a city card here: its spaces' intersections show blank), and
    ``shaded``, seen in another light than the board round them (a hand over the board
    here). Each lies under the card or the hand, or ends there; none is both."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    card = scene(7)  # a city card over the board, no hand
    carded = cli_photo.read_photo(m, card.jpeg, "photo", {})
    hand = photo_scenes.scene(4, size=SIZE)  # a hand over the board
    handed = cli_photo.read_photo(m, hand.jpeg, "photo", {})
    for photo, reading, said in ((card, carded, carded.covered), (hand, handed, handed.shaded)):
        assert len(said) >= 5, said
        assert set(said) <= set(reading.uncertain)
        assert not set(reading.covered) & set(reading.shaded)
        under = [tuple(e) for e in photo.truth["covered"]]
        assert not _touching(said, under), (said, under)
    assert not carded.shaded
    said_json = carded.to_json()  # what the phone's question answers, and --json prints
    assert [tuple(e) for e in said_json["covered"]] == carded.covered
    assert said_json["shaded"] == []


def test_spaces_in_glare_are_said_covered():
    """A space whose paper the photo shows saturated white (the sun's or a lamp's glare
    washing the print out, a pale piece with it) is said ``covered``, where shading the
    board settles it; a space read is never so."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)

    cli_photo = sys.modules["trackwright.cli.photo"]
    m = model.load("usa")
    photo = scene(7)
    plain = cli_photo.read_photo(m, photo.jpeg, "photo", {})
    image = np.asarray(Image.open(io.BytesIO(photo.jpeg)).convert("RGB")).astype(np.float32)
    h, w = image.shape[:2]
    image[h // 4 : h // 2, w // 3 : 2 * w // 3] *= 2.2  # sunlight over part of the board
    glared = cli_photo.read_photo(
        m, jpeg(Image.fromarray(image.clip(0, 255).astype(np.uint8))), "photo", {}
    )
    more = set(glared.covered) - set(plain.covered)
    assert len(more) >= 5, more
    assert set(glared.covered) <= set(glared.uncertain)


def test_only_a_strip_saturated_in_every_channel_is_glared():
    from trackwright.photo import tracks

    def judged(edge, clipped):
        j = SimpleNamespace(clipped=clipped)
        return (SimpleNamespace(edge=edge), j, [])

    got = tracks._glared(
        [
            judged(("A1", "A2"), (True, True, True)),
            judged(("B1", "B2"), (True, True, False)),  # a warm lamp's red: its light is known
            judged(("C1", "C2"), (False, False, False)),
        ]
    )
    assert got == {("A1", "A2")}


def test_the_second_look_never_takes_a_space_seen_through_a_hand():
    """A space in another light than the board round it (``shaded``: under a hand here) is
    never taken by the second look, however sure of it: what covers it hides its line, and what
    the look sees is the hand (rendered final set of the twenty-second freeze: 3454 L12-M12, an
    empty space under fingers, taken at 0.998). It is asked only whether to empty it, where its
    line shows as printed (a shadow over an empty space lets it show)."""
    from trackwright.cli import photo as _  # noqa: F401  (the module, not the command)
    from trackwright.photo import tracks

    cli_photo = sys.modules["trackwright.cli.photo"]
    asked: list[tuple[str, str]] = []

    def look(edge, values):
        if values.get(tracks.SHADED):
            asked.append(edge)
        return 1.0

    hand = photo_scenes.scene(4, size=SIZE)  # a hand over the board
    reading = cli_photo.read_photo(model.load("usa"), hand.jpeg, "photo", {}, look)
    assert reading.shaded
    assert set(reading.shaded) <= set(asked)
    assert not set(asked) & set(reading.track)
