"""The phone app's question ``photo_read``: the same reading as ``trackwright photo``, from the
pixels the page hands over (its canvas decodes and scales the photo and draws the printed
board's own picture; see :mod:`.tracks` for both sizes).

``args``: ``{"photo": PIXELS, "reference": PIXELS, "anchors": {city: [x, y]}?}``, where PIXELS is
``{"width", "height", "rgba"}`` (``rgba`` base64 of the canvas's RGBA bytes). The answer:
``{"track", "uncertain", "homography", "marks"}`` (node pairs as in the map; the homography takes
board millimetres to the working photo's pixels, for drawing over it); for a photo to retake,
``{"problem": code, "message"}`` (no_board, cut_off, blurred, dark, not_this_board, anchor), which
the page says in its own language.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.core.photo import tracks
from trackwright.core.photo.image import Picture
from trackwright.core.transamerica import TransAmericaMap

_BOARDS: dict[tuple[str, str], tracks.Board] = {}  # kept between photos of one board


def _pixels(value: Any, what: str, where: str) -> Picture:
    if not isinstance(value, dict):
        raise TrackwrightError(f"{what}: width, height and rgba wanted", where)
    width, height, data = value.get("width"), value.get("height"), value.get("rgba")
    if not isinstance(width, int) or not isinstance(height, int) or not isinstance(data, str):
        raise TrackwrightError(f"{what}: width, height and rgba wanted", where)
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise TrackwrightError(f"{what}: rgba is not base64", where) from exc
    return Picture.from_bytes(raw, width, height, where)


def photo_read(m: TransAmericaMap, args: Any, where: str = "args") -> dict[str, Any]:
    """The reading of the page's photo of the board of ``m`` (see the module's description)."""
    if not isinstance(args, dict):
        raise TrackwrightError("photo and reference wanted", where)
    ref = args.get("reference")
    key_source = ref.get("rgba", "") if isinstance(ref, dict) else ""
    key = (m.name, hashlib.sha1(str(key_source).encode()).hexdigest())
    board = _BOARDS.get(key)
    if board is None:
        ppm = ref.get("ppm", tracks.REF_PPM) if isinstance(ref, dict) else tracks.REF_PPM
        if not isinstance(ppm, (int, float)) or not 0.5 <= ppm <= 8:
            raise TrackwrightError("reference: ppm out of range", where)
        board = tracks.Board(m, tracks.Reference(_pixels(ref, "reference", where), float(ppm)))
        _BOARDS.clear()
        _BOARDS[key] = board
    photo = _pixels(args.get("photo"), "photo", where)
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
    return reading.to_json()
