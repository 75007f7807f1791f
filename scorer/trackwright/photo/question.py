"""The phone app's question ``photo_read``: the same reading as ``trackwright photo``, from the
pixels the page hands over (its canvas decodes and scales the photo and draws the printed
board's own picture; see :mod:`.tracks` for both sizes).

``args``: ``{"photo": PIXELS, "reference": PIXELS, "sharp": PIXELS?, "anchors": {city: [x, y]}?}``,
where PIXELS is ``{"width", "height", "buffer"}``: the canvas's RGBA (or RGB) bytes, the
``buffer``-th of ``args["buffers"]`` (:func:`trackwright.play.bridge.ask_bytes_text` passes them
beside the JSON), or ``{"width", "height", "rgba"}`` with the bytes as base64 text;
``reference`` is the board's picture softened by :data:`~.tracks.REF_BLUR` pixels, ``sharp``
the same softened by :data:`~.tracks.SHARP_BLUR` (the reference again when missing). The answer:
``{"track", "uncertain", "empty_by_rule", "homography", "marks"}`` (node pairs as in the map;
``empty_by_rule``: spaces the photo could not see that the game's rules say are empty; the
homography takes board millimetres to the working photo's pixels, for drawing over it); for a
photo to retake,
``{"problem": code, "message"}`` (no_board, cut_off, blurred, dark, not_this_board, anchor), which
the page says in its own language. With ``"prepare": true`` and no photo, only the board is made
ready (its strips sampled from the pictures, kept for the photos to come): ``{"ready": true}``.

The question ``photo_setup`` tells the page the sizes it draws at (:func:`photo_setup`), so no
number of the reader's is written twice.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import TransAmericaMap
from trackwright.photo import tracks
from trackwright.photo.image import Picture

_BOARDS: dict[tuple[str, str], tracks.Board] = {}  # kept between photos of one board


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


def photo_setup() -> dict[str, Any]:
    """What the page draws for the reader: the photo scaled so its longer side is ``working``
    pixels, and the board's picture at ``ppm`` pixels per millimetre, softened by ``blur`` (the
    reference) and by ``sharp_blur`` pixels (the sharp picture)."""
    return {
        "working": tracks.WORKING,
        "ppm": tracks.REF_PPM,
        "blur": tracks.REF_BLUR,
        "sharp_blur": tracks.SHARP_BLUR,
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
    buffers = args.get("buffers") or []
    if not isinstance(buffers, list) or not all(isinstance(b, bytes) for b in buffers):
        raise TrackwrightError.of("photo.ask.buffers", where)
    ref = args.get("reference")
    digest = hashlib.sha1()
    for part, what in ((ref, "reference"), (args.get("sharp"), "sharp")):
        try:
            digest.update(_raw(part, buffers, what, where))
        except TrackwrightError:
            digest.update(b"-")
    key = (m.name, digest.hexdigest())
    board = _BOARDS.get(key)
    if board is None:
        ppm = ref.get("ppm", tracks.REF_PPM) if isinstance(ref, dict) else tracks.REF_PPM
        if not isinstance(ppm, (int, float)) or not 0.5 <= ppm <= 8:
            raise TrackwrightError.of("photo.ask.ppm", where)
        soft = _pixels(ref, buffers, "reference", where)
        sharp = args.get("sharp")
        board = tracks.Board(
            m,
            tracks.Reference(soft, float(ppm)),
            soft if sharp is None else _pixels(sharp, buffers, "sharp", where),
        )
        _BOARDS.clear()
        _BOARDS[key] = board
    if args.get("photo") is None and args.get("prepare") is True:
        return {"ready": True}  # the board made ready while the camera is open
    photo = _pixels(args.get("photo"), buffers, "photo", where)
    anchors: dict[str, tuple[float, float]] = {}
    raw = args.get("anchors") or {}
    if isinstance(raw, dict):
        for name, pos in raw.items():
            if isinstance(pos, list) and len(pos) == 2:
                anchors[str(name)] = (float(pos[0]), float(pos[1]))
    try:
        reading = tracks.read(photo, board, anchors or None)
    except tracks.PhotoError as exc:
        return {"problem": exc.code, "message": exc.message}
    return reading.settled().to_json()
