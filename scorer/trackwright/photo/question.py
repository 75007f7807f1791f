"""The phone app's question ``photo_read``: the same reading as ``trackwright photo``, from the
pixels the page hands over (its canvas decodes and scales the photo and draws the printed
board's own picture; see :mod:`.tracks` for both sizes).

``args``: ``{"photo": PIXELS, "reference": PIXELS, "sharp": PIXELS?, "anchors": {city: [x, y]}?}``,
where PIXELS is ``{"width", "height", "buffer"}``: the canvas's RGBA (or RGB) bytes, the
``buffer``-th of ``args["buffers"]`` (:func:`trackwright.play.bridge.ask_bytes_text` passes them
beside the JSON), or ``{"width", "height", "rgba"}`` with the bytes as base64 text;
``reference`` is the board's picture softened by :data:`~.tracks.REF_BLUR` pixels, ``sharp``
the same softened by :data:`~.tracks.SHARP_BLUR` (the reference again when missing). The answer:
``{"track", "uncertain", "empty_by_rule", "covered", "shaded", "homography", "marks"}`` (node
pairs as in the map; ``empty_by_rule``: spaces the photo could not see that the game's rules say
are empty; ``covered`` and ``shaded``: the unsure spaces a card or a shadow hides, see
:class:`.tracks.Reading`; the
homography takes board millimetres to the working photo's pixels, for drawing over it); for a
photo to retake,
``{"problem": code, "message"}`` (no_board, cut_off, blurred, dark, not_this_board, anchor), which
the page says in its own language. With ``"before": [ANSWER, ...]``, the answers this question
gave for earlier photos of the board at the same moment (the board cleared and photographed
again), the photo is read with them (:mod:`.combine`: what one photo decides stands unless
another decides the opposite). With ``"prepare": true`` and no photo, only the board is made
ready (its strips sampled from the pictures, kept for the photos to come): ``{"ready": true}``.
With ``"prepare": "step"``, a little of it at a time (:meth:`.tracks.Board.in_steps`; the page
does this while the round is played, so its engine is never held long): the first such question
hands over the pictures, the next ones only ``{"prepare": "step"}``, each answered
``{"ready": false, "making": true}`` until the board is made (``{"ready": true, "making":
false}``; ``{"ready": false, "making": false}``: nothing is being made, send the pictures); a
photo read meanwhile finishes it first.

The board's pictures are megabytes; the page sends them once. With them it may name them
(``"board": KEY``, a string of the page's own, one per pair of pictures), and from then on send
a photo, or a step, with only that name: ``{"photo": PIXELS, "board": KEY}``. A name the engine
holds no board for (made for another board since, or an engine started afresh) is answered
``{"need": "board"}``: the page asks again with the pictures. Unnamed pictures are known by
their bytes' fingerprint.

A phone reads a photo on two engines, each on a core of its own, in stages, each naming its
reading (``"reading": NAME``, the page's own string) and the board by its name: the helper is
handed the photo first (``"stage": "photo"``: ``{"held": true}``); the page's engine fits it
(``"stage": "fit"`` with the photo: ``{"fitted": FIT}``, or a photo to retake, or ``{"need":
"board"}``); then each judges half of the strips (``"stage": "judge", "part": [k, 2]``: the
helper given ``"fitted": FIT`` and answering ``{"part": PART}``, the page's engine with ``"keep":
true``, answering ``{"judged": true}``); and the page's engine concludes (``"stage":
"conclude", "parts": [PART]``) with the answer of one question. FIT and PART are
:mod:`.parts`'s JSON; the reading is the same as in one question, number for number. A stage
for a reading the engine no longer holds (two at most) is answered ``{"need": "photo"}``.

The question ``photo_setup`` tells the page the sizes it draws at (:func:`photo_setup`), so no
number of the reader's is written twice.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Iterator
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import TransAmericaMap
from trackwright.photo import combine, tracks
from trackwright.photo import parts as parts_mod
from trackwright.photo.image import Picture

#: earlier photos' answers a photo is read with, at most (``"before"``)
BEFORE_MOST = 8
_BOARDS: dict[tuple[str, str], tracks.Board] = {}  # kept between photos of one board
#: a board being made a step at a time (``"prepare": "step"``), and its key
_MAKING: dict[tuple[str, str], Iterator[tracks.Board | None]] = {}


def _raw(value: Any, buffers: list[bytes], what: str, where: str) -> bytes:
    """A PIXELS value's bytes (see the module's description)."""
    if not isinstance(value, dict):
        raise TrackwrightError.of("photo.ask.pixels", where, what=what)
    index, data = value.get("buffer"), value.get("rgba")
    if isinstance(index, int) and not isinstance(index, bool):
        if not 0 <= index < len(buffers):
            raise TrackwrightError.of("photo.ask.no-buffer", where, what=what, index=index)
        return buffers[index]
    if not isinstance(data, str):
        raise TrackwrightError.of("photo.ask.pixels", where, what=what)
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise TrackwrightError.of("photo.ask.not-base64", where, what=what) from exc


def _pixels(value: Any, buffers: list[bytes], what: str, where: str) -> Picture:
    raw = _raw(value, buffers, what, where)
    width, height = value.get("width"), value.get("height")
    if not isinstance(width, int) or not isinstance(height, int):
        raise TrackwrightError.of("photo.ask.pixels", where, what=what)
    return Picture.from_bytes(raw, width, height, where)


def _pictures(
    args: dict[str, Any], buffers: list[bytes], where: str
) -> tuple[tracks.Reference, Picture]:
    """The board's two pictures the page drew (see the module's description)."""
    ref = args.get("reference")
    ppm = ref.get("ppm", tracks.REF_PPM) if isinstance(ref, dict) else tracks.REF_PPM
    if not isinstance(ppm, (int, float)) or not 0.5 <= ppm <= 8:
        raise TrackwrightError.of("photo.ask.ppm", where)
    soft = _pixels(ref, buffers, "reference", where)
    sharp = args.get("sharp")
    return (
        tracks.Reference(soft, float(ppm)),
        soft if sharp is None else _pixels(sharp, buffers, "sharp", where),
    )


def _step(m: TransAmericaMap) -> dict[str, bool]:
    """One more step of the board being made for ``m`` (:meth:`.tracks.Board.in_steps`):
    ``ready`` when it is made (this step, or before), ``making`` while more steps are to come.
    Neither when no board of ``m`` is being made nor made (the page then sends its pictures)."""
    for key, making in list(_MAKING.items()):
        if key[0] != m.name:
            continue
        try:
            board = next(making)
        except BaseException:
            del _MAKING[key]  # a board that cannot be made is not tried again step by step
            raise
        if board is None:
            return {"ready": False, "making": True}
        del _MAKING[key]
        _BOARDS.clear()
        _BOARDS[key] = board
        return {"ready": True, "making": False}
    return {"ready": any(key[0] == m.name for key in _BOARDS), "making": False}


def photo_setup() -> dict[str, Any]:
    """What the page draws for the reader: the photo scaled so its longer side is ``working``
    pixels, and the board's picture at ``ppm`` pixels per millimetre, softened by ``blur`` (the
    reference) and by ``sharp_blur`` pixels (the sharp picture); and how many earlier photos'
    answers a photo may be read with (``before_most``)."""
    return {
        "working": tracks.WORKING,
        "ppm": tracks.REF_PPM,
        "blur": tracks.REF_BLUR,
        "sharp_blur": tracks.SHARP_BLUR,
        "before_most": BEFORE_MOST,
    }


def photo_read(
    m: TransAmericaMap,
    args: Any,
    where: str = "args",
) -> dict[str, Any]:
    """The reading of the page's photo of the board of ``m`` (see the module's description),
    settled by the rules (:meth:`.tracks.Reading.settled`)."""
    if not isinstance(args, dict):
        raise TrackwrightError.of("photo.ask.photo-reference", where)
    if args.get("prepare") == "step" and args.get("reference") is None:
        return _step(m)
    buffers = args.get("buffers") or []
    if not isinstance(buffers, list) or not all(isinstance(b, bytes) for b in buffers):
        raise TrackwrightError.of("photo.ask.buffers", where)
    key = (m.name, _key(args, buffers, where))
    named_only = args.get("board") is not None and args.get("reference") is None
    if named_only and key not in _BOARDS and key not in _MAKING:
        return {"need": "board"}  # not held: the page sends the pictures
    if args.get("photo") is None and args.get("prepare") == "step":
        if key in _BOARDS:  # made already: nothing else is worth making
            _MAKING.clear()
            return {"ready": True, "making": False}
        if key not in _MAKING:
            _MAKING.clear()
            _MAKING[key] = tracks.Board.in_steps(m, *_pictures(args, buffers, where))
        return _step(m)
    board = _board(m, key, args, buffers, where)
    if args.get("photo") is None and args.get("prepare") is True:
        return {"ready": True}  # the board made ready while the camera is open
    if args.get("stage") is not None:
        return _staged(board, args, buffers, where)
    photo = _pixels(args.get("photo"), buffers, "photo", where)
    before = _before(args, board, where)
    try:
        reading = tracks.read(photo, board, _anchors(args) or None)
    except tracks.PhotoError as exc:
        return {"problem": exc.code, "message": exc.message}
    return combine.combined([*before, reading]).settled().to_json()


def _before(args: dict[str, Any], board: tracks.Board, where: str) -> list[tracks.Reading]:
    """The earlier photos of the board at the same moment (``"before"``: their answers, as
    this question gave them), to read the photo with (:mod:`.combine`)."""
    given = args.get("before", [])
    if not isinstance(given, list) or len(given) > BEFORE_MOST:
        raise TrackwrightError.of("photo.ask.before", f"{where}.before")
    spaces = [s.edge for s in board.strips]
    return [combine.answer_from(a, spaces, f"{where}.before[{i}]") for i, a in enumerate(given)]


#: readings in parts under way, by the page's name for each (``"reading"``): the photo, and as
#: they come its fit and this engine's own part; the oldest dropped past :data:`HELD_MOST`
_HELD: dict[str, dict[str, Any]] = {}
HELD_MOST = 2


def _staged(
    board: tracks.Board, args: dict[str, Any], buffers: list[bytes], where: str
) -> dict[str, Any]:
    """A stage of a reading in parts (see the module's description)."""
    stage, name = args.get("stage"), args.get("reading")
    if stage not in ("photo", "fit", "judge", "conclude") or not isinstance(name, str):
        raise TrackwrightError.of("photo.ask.part", where, what="stage")
    if stage in ("photo", "fit"):
        fresh: dict[str, Any] = {"photo": _pixels(args.get("photo"), buffers, "photo", where)}
        _HELD.pop(name, None)
        _HELD[name] = fresh
        while len(_HELD) > HELD_MOST:
            del _HELD[next(iter(_HELD))]
        if stage == "photo":
            _ = fresh["photo"].packed  # packed now, while the other engine fits it
            return {"held": True}
        return _fit(board, fresh, _anchors(args))
    held = _HELD.get(name)
    if held is not None and stage == "judge" and ("fitted" in held or "fitted" in args):
        return _judge(board, held, args, where)
    if held is None or "fitted" not in held:
        return {"need": "photo"}  # dropped, never held, or not fitted here: read it whole
    before = _before(args, board, where)
    del _HELD[name]
    given = args.get("parts")
    if not isinstance(given, list):
        raise TrackwrightError.of("photo.ask.part", where, what="parts")
    parts = [
        *held.get("own", []),
        *(parts_mod.part_from(p, f"{where}.parts[{i}]") for i, p in enumerate(given)),
    ]
    try:
        reading = tracks.concluded(
            held["photo"], board, held["fitted"], parts, held["anchored"], held.get("nodes")
        )
    except ValueError as exc:
        raise TrackwrightError.of("photo.ask.part", where, what="parts") from exc
    return combine.combined([*before, reading]).settled().to_json()


def _fit(
    board: tracks.Board, held: dict[str, Any], anchors: dict[str, tracks.Point]
) -> dict[str, Any]:
    """The first stage: where the board lies in the held photo (kept, and told)."""
    try:
        held["fitted"] = tracks.fit(held["photo"], board, anchors or None)
    except tracks.PhotoError as exc:
        return {"problem": exc.code, "message": exc.message}
    held["anchored"] = bool(anchors)
    return {"fitted": parts_mod.fitted_json(held["fitted"])}


def _judge(
    board: tracks.Board, held: dict[str, Any], args: dict[str, Any], where: str
) -> dict[str, Any]:
    """The held photo's strips of one part judged: told (a helping engine's), or kept (the
    engine that fitted it, with ``"keep": true``; the helper's part too when the helper could
    not judge it) for its conclusion."""
    part = args.get("part")
    if not isinstance(part, list) or len(part) != 2 or not all(type(n) is int for n in part):
        raise TrackwrightError.of("photo.ask.part", where, what="part")
    k, n = part
    if not 0 <= k < n <= 8:
        raise TrackwrightError.of("photo.ask.part", where, what="part")
    if "fitted" in args:  # the helper's: the fit is the other engine's, told
        fitted = parts_mod.fitted_from(args["fitted"], f"{where}.fitted")
    else:
        fitted = held["fitted"]
    judged = tracks.judge_part(held["photo"], board, fitted, k, n)
    if args.get("keep") is True:
        held.setdefault("own", []).append(judged)
        if "nodes" not in held:  # found while the helper judges its half
            held["nodes"] = tracks.nodes_seen(held["photo"], board, held["fitted"])
        return {"judged": True}
    return {"part": parts_mod.part_json(judged)}


def _key(args: dict[str, Any], buffers: list[bytes], where: str) -> str:
    """What the board a photo is read against is kept by: the page's name for its pictures
    (see the module's description), else their fingerprint."""
    name = args.get("board")
    if name is None:
        return _digest(args, buffers, where)
    if not isinstance(name, str) or not 0 < len(name) <= 100:
        raise TrackwrightError.of("photo.ask.board-name", where)
    return "named:" + name


def _digest(args: dict[str, Any], buffers: list[bytes], where: str) -> str:
    """The board's pictures' fingerprint."""
    digest = hashlib.sha1()
    for part, what in ((args.get("reference"), "reference"), (args.get("sharp"), "sharp")):
        try:
            digest.update(_raw(part, buffers, what, where))
        except TrackwrightError:
            digest.update(b"-")
    return digest.hexdigest()


def _board(
    m: TransAmericaMap, key: tuple[str, str], args: dict[str, Any], buffers: list[bytes], where: str
) -> tracks.Board:
    """The board of these pictures: kept, finished from its steps, or made now."""
    board = _BOARDS.get(key)
    if board is None:
        making = _MAKING.pop(key, None)
        _MAKING.clear()  # another board half made is not this photo's
        if making is not None:  # the rest of a board begun in steps
            board = [b for b in making if b is not None][-1]
        else:
            board = tracks.Board(m, *_pictures(args, buffers, where))
        _BOARDS.clear()
        _BOARDS[key] = board
    return board


def _anchors(args: dict[str, Any]) -> dict[str, tuple[float, float]]:
    anchors: dict[str, tuple[float, float]] = {}
    raw = args.get("anchors") or {}
    if isinstance(raw, dict):
        for name, pos in raw.items():
            if isinstance(pos, list) and len(pos) == 2:
                anchors[str(name)] = (float(pos[0]), float(pos[1]))
    return anchors
